// Embeds the built-in target profiles (Sources/ReelShareKit/Targets/Profiles/*.json, in the schema a user
// writes for --profile) and the share plugins' data (Sources/ReelShareKit/Doctor/SharePlugins/*.json) into ReelShareKit at build time, so that adding a target is adding a file:
// the tool writes one Swift file listing every profile file, in file-name order.
import Foundation
import PackagePlugin

@main
struct EmbedProfiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard target is SourceModuleTarget else { return [] }
        let directory = context.package.directoryURL.appending(path: "Sources/\(target.name)/Targets/Profiles")
        let pluginDirectory = context.package.directoryURL.appending(path: "Sources/\(target.name)/Doctor/SharePlugins")
        func json(_ directory: URL) throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
        let files = try json(directory), plugins = try json(pluginDirectory)
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinProfileFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) target profile files and \(plugins.count) share plugin files",
                executable: try context.tool(named: "reelshare-embed-profiles").url,
                arguments: [output.path] + files.map(\.path) + ["--plugins"] + plugins.map(\.path),
                inputFiles: files + plugins + [directory, pluginDirectory],
                outputFiles: [output])
        ]
    }
}
