// An iOS app in a project directory: a built .app or .xcarchive that a build left in the project
// (Flutter's build/ios, xcodebuild's -derivedDataPath ios/build) is what ships; otherwise the
// Info.plist the framework keeps (Flutter's ios/Runner, Capacitor's ios/App/App, React Native's
// and Expo's ios/NAME, an Xcode project's INFOPLIST_FILE), with the build settings the project's
// .xcconfig files and project.pbxproj set, or, for an Expo app not yet prebuilt, app.json's
// expo.ios.infoPlist.
import Foundation

enum IOSProject {
    /// Where builds leave an .app or .xcarchive, release before debug.
    static let builtDirectories = [
        "build/ios/archive", "build/ios/iphoneos", "build/ios/Release-iphoneos", "build/ios/Profile-iphoneos",
        "ios/build/Build/Products/Release-iphoneos", "build/ios/Debug-iphoneos", "ios/build/Build/Products/Debug-iphoneos",
    ]
    /// How to check a project's Info.plist as it ships.
    static let advice = BuildAdvice(build: "build the app", artifactWords: "its .ipa or .xcarchive")

    /// Directories never searched for an app's Info.plist.
    static let skipped: Set<String> = ["Pods", "build", "DerivedData", "node_modules", ".git", "Carthage", ".build"]

    static func app(_ tree: AppTree, framework: AppFramework?, files: AppFinder.ProjectFiles) throws(AppFileError)
        -> FoundApp?
    {
        let source = sourcePlist(tree, framework: framework)
        // A built app older than the Info.plist it is built from is not what the next build ships.
        let newest = source.flatMap { tree.modified($0.plist) } ?? 0
        var stale: String?
        for directory in builtDirectories {
            for entry in tree.list(directory) ?? []
            where entry.isDirectory && (entry.name.hasSuffix(".app") || entry.name.hasSuffix(".xcarchive")) {
                let bundle = AppPath.join(directory, entry.name)
                if let built = tree.modified(AppPath.join(bundle, "Info.plist")), built < newest {
                    stale = stale ?? bundle
                    continue
                }
                if var found = try AppFinder.iosBundle(tree, at: bundle) {
                    found.framework = framework
                    return found
                }
            }
        }
        guard let source else {
            guard framework == .expo, case .object(let infoPlist)? = files.appJSON?["expo"]?["ios"]?["infoPlist"] else {
                return nil
            }
            // Not prebuilt: what app.json asks Info.plist to hold (config plugins add more at prebuild).
            let app = IOSApp(
                plist: infoPlist.compactMapValues(PlistValue.init(json:)), file: "app.json",
                completeness: .incomplete(BuildAdvice(build: "run npx expo prebuild")))
            return FoundApp(form: .project, framework: framework, content: .ios(app))
        }
        var said = advice
        said.stale = stale
        var app = try AppFinder.plist(tree, source.plist, completeness: .source(said))
        app.buildSettings = buildSettings(tree, project: source.project)
        return FoundApp(form: .project, framework: framework, content: .ios(app))
    }

    /// The app's Info.plist where the framework keeps it, and the directory of its Xcode project
    /// (whose .xcconfig files and project.pbxproj set its build settings).
    static func sourcePlist(_ tree: AppTree, framework: AppFramework?) -> (plist: String, project: String)? {
        switch framework {
        case .flutter: return tree.exists("ios/Runner/Info.plist") ? ("ios/Runner/Info.plist", "ios") : nil
        case .capacitor: return tree.exists("ios/App/App/Info.plist") ? ("ios/App/App/Info.plist", "ios/App") : nil
        default: break
        }
        // An Xcode project's INFOPLIST_FILE, relative to the project's directory: the app's, not
        // an extension's (a share or notification extension's plist has NSExtension) nor a test
        // target's.
        for directory in ["", "ios"] {
            for project in (tree.list(directory) ?? []).filter({ $0.isDirectory && $0.name.hasSuffix(".xcodeproj") }) {
                let pbxproj = AppPath.join(directory, "\(project.name)/project.pbxproj")
                guard let bytes = try? tree.read(pbxproj, limit: AppFinder.configLimit) else { continue }
                var candidates: [String] = []
                for (key, value) in settings(String(decoding: bytes, as: UTF8.self))
                where key == "INFOPLIST_FILE" && !value.contains("Tests") {
                    let relative = value.replacingOccurrences(of: "$(SRCROOT)/", with: "")
                    let path = AppPath.normalized(AppPath.join(directory, relative))
                    if !candidates.contains(path), tree.exists(path) { candidates.append(path) }
                }
                let apps = candidates.filter { path in
                    guard let bytes = try? tree.read(path, limit: AppFinder.plistLimit),
                        case .dictionary(let plist)? = PropertyList.parse(bytes)
                    else { return false }
                    return plist["NSExtension"] == nil
                }
                if let first = apps.first ?? candidates.first { return (first, directory) }
            }
        }
        // React Native and Expo (prebuild writes ios/NAME/Info.plist): the shortest match, as
        // Expo's own tools take.
        for directory in ["ios", ""] {
            let found = (tree.list(directory) ?? []).filter {
                $0.isDirectory && !skipped.contains($0.name) && !$0.name.hasSuffix("Tests") && !$0.name.hasPrefix(".")
            }
            .map { AppPath.join(directory, "\($0.name)/Info.plist") }.filter(tree.exists)
            if let first = found.min(by: { ($0.count, $0) < ($1.count, $1) }) { return (first, directory) }
        }
        return nil
    }

    /// The build settings the Xcode project in `project` sets, in its .xcconfig files and its
    /// project.pbxproj: each to the values it is given and the file that gives each.
    static func buildSettings(_ tree: AppTree, project: String) -> [String: [BuildSetting]] {
        var result: [String: [BuildSetting]] = [:]
        let files =
            tree.find(
                under: project, depth: 3, where: { path, entry in !entry.isDirectory && path.hasSuffix(".xcconfig") },
                skipping: skipped)
            + tree.find(
                under: project, depth: 1, where: { path, _ in path.hasSuffix(".xcodeproj/project.pbxproj") }, skipping: skipped)
        for file in files {
            guard let bytes = try? tree.read(file, limit: AppFinder.configLimit) else { continue }
            for (key, value) in settings(String(decoding: bytes, as: UTF8.self)) {
                let setting = BuildSetting(value: value, file: file)
                if !(result[key] ?? []).contains(setting) { result[key, default: []].append(setting) }
            }
        }
        return result
    }

    /// `NAME = value` assignments of an .xcconfig (`NAME[config=Release] = value` too) or of a
    /// project.pbxproj's buildSettings (`NAME = "value";`).
    static func settings(_ text: String) -> [(String, String)] {
        var result: [(String, String)] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let comment = trimmed.range(of: "//"), !trimmed[..<comment.lowerBound].contains("\"") {
                trimmed = trimmed[..<comment.lowerBound]
            }
            guard let equals = trimmed.range(of: " = ") else { continue }
            var key = trimmed[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
            if let bracket = key.firstIndex(of: "[") { key = String(key[..<bracket]) }
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }) else { continue }
            var value = trimmed[equals.upperBound...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            result.append((key, value))
        }
        return result
    }
}

/// A build setting's value and the file that sets it.
public struct BuildSetting: Sendable, Equatable {
    public var value: String
    public var file: String
}

extension PlistValue {
    /// A JSON value from app.json as Info.plist would hold it.
    init?(json: JSON) {
        switch json {
        case .null: return nil
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .integer(Int64(value))
        case .double(let value): self = .real(value)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.compactMap(PlistValue.init(json:)))
        case .object(let members): self = .dictionary(members.compactMapValues(PlistValue.init(json:)))
        }
    }
}
