// An iOS app in a project directory: a built .app or .xcarchive that a build left in the project
// (Flutter's build/ios, xcodebuild's -derivedDataPath ios/build) is what ships; otherwise the
// Info.plist the framework keeps (Flutter's ios/Runner, Capacitor's ios/App/App, React Native's
// and Expo's ios/NAME, an Xcode project's INFOPLIST_FILE), with the build settings the project's
// .xcconfig files and project.pbxproj set, or, for an Expo app not yet prebuilt, app.json's
// expo.ios.infoPlist.
import FoundationEssentials

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

    /// Where an app's Info.plist comes from: a file (nil when the build generates it whole), the
    /// keys the build settings add (`GENERATE_INFOPLIST_FILE` with `INFOPLIST_KEY_*`), the build
    /// settings of the configuration a release uses (nil where no Xcode project was read: those
    /// the project's files assign), and the project's directory.
    struct Source {
        var plist: String?
        var project: String
        var generated: [String: PlistValue] = [:]
        var settings: [String: [BuildSetting]]?
        /// An App Clip's: the files it compiles (it is judged only where they share).
        var appClipSources: [String]?
    }

    static func apps(_ tree: AppTree, framework: AppFramework?, files: AppFinder.ProjectFiles) throws(AppFileError)
        -> [FoundApp]
    {
        let sources = self.sources(tree, framework: framework)
        // A built app older than the Info.plist it is built from is not what the next build ships.
        let newest = sources.compactMap { $0.plist.flatMap(tree.modified) }.max() ?? 0
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
                    return [found]
                }
            }
        }
        guard !sources.isEmpty else {
            guard framework == .expo else { return [] }
            if let evaluate = files.evaluate {
                // --evaluate: the Info.plist prebuild writes, the config plugins run.
                let app = IOSApp(
                    plist: ExpoConfig.infoPlist(try evaluate()), file: AppFinder.expoConfigFile(tree),
                    completeness: .source(AppFinder.expoEvaluatedAdvice(platform: "ios")))
                return [FoundApp(form: .project, framework: framework, content: .ios(app))]
            }
            guard case .object(let infoPlist)? = files.appJSON?["expo"]?["ios"]?["infoPlist"] else {
                // Configured in code: nothing is known until the project's code is run.
                guard let config = AppFinder.expoConfigs.first(where: tree.exists) else { return [] }
                let app = IOSApp(
                    plist: [:], file: config, completeness: .incomplete(AppFinder.expoCodeAdvice(config, platform: "ios")))
                return [FoundApp(form: .project, framework: framework, content: .ios(app))]
            }
            // Not prebuilt: what app.json asks Info.plist to hold (config plugins add more at prebuild).
            let app = IOSApp(
                plist: infoPlist.compactMapValues(PlistValue.init(json:)), file: "app.json",
                completeness: .incomplete(AppFinder.expoPrebuildAdvice("run npx expo prebuild")))
            return [FoundApp(form: .project, framework: framework, content: .ios(app))]
        }
        var said = advice
        said.stale = stale
        var apps: [FoundApp] = []
        for source in sources {
            var app: IOSApp
            if let plist = source.plist {
                app = try AppFinder.plist(tree, plist, completeness: .source(said))
            } else {
                app = IOSApp(plist: [:], file: AppPath.join(source.project, "project.pbxproj"), completeness: .source(said))
            }
            app.plist.merge(source.generated) { _, generated in generated }
            app.buildSettings = source.settings ?? buildSettings(tree, project: source.project)
            app.appClipSources = source.appClipSources
            apps.append(FoundApp(form: .project, framework: framework, content: .ios(app)))
        }
        return apps
    }

    /// The Xcode projects where the framework keeps them (Flutter's and React Native's ios/,
    /// Capacitor's ios/App), or at the top.
    static func projectDirectories(_ framework: AppFramework?) -> [String] {
        switch framework {
        case .flutter, .reactNative, .expo: return ["ios", ""]
        case .capacitor: return ["ios/App", "ios", ""]
        // (iosApp/: Kotlin Multiplatform's templates keep the iOS app there, beside the Gradle build.)
        default: return ["", "ios", "iosApp"]
        }
    }

    /// The Info.plists of the iPhone apps the project builds: from the Xcode project, each
    /// application target's (not an App Clip's, an extension's, a test's or a watch app's), as
    /// its Release configuration sets them; where no project says, where the framework keeps it.
    static func sources(_ tree: AppTree, framework: AppFramework?) -> [Source] {
        for directory in projectDirectories(framework) {
            var found: [Source] = []
            for entry in tree.list(directory) ?? [] where entry.isDirectory && entry.name.hasSuffix(".xcodeproj") {
                guard let project = XcodeProject.read(tree, at: AppPath.join(directory, entry.name)) else { continue }
                found += applications(project, tree: tree)
            }
            if !found.isEmpty { return found }
        }
        if let tuist = tuistApplications(tree), !tuist.isEmpty { return tuist }
        switch framework {
        case .flutter: return tree.exists("ios/Runner/Info.plist") ? [Source(plist: "ios/Runner/Info.plist", project: "ios")] : []
        case .capacitor:
            return tree.exists("ios/App/App/Info.plist") ? [Source(plist: "ios/App/App/Info.plist", project: "ios/App")] : []
        default: break
        }
        // React Native and Expo (prebuild writes ios/NAME/Info.plist): the shortest match, as
        // Expo's own tools take.
        for directory in ["ios", ""] {
            let found = (tree.list(directory) ?? []).filter {
                $0.isDirectory && !skipped.contains($0.name) && !$0.name.hasSuffix("Tests") && !$0.name.hasPrefix(".")
            }
            .map { AppPath.join(directory, "\($0.name)/Info.plist") }.filter(tree.exists)
            if let first = found.min(by: { ($0.count, $0) < ($1.count, $1) }) {
                return [Source(plist: first, project: directory)]
            }
        }
        return []
    }

    /// A Tuist project's apps (its Workspace.swift or Tuist/ at the top; no .xcodeproj until
    /// `tuist generate`): each Project.swift, to two levels down, that declares an `.app` product,
    /// with the Info.plist its `infoPlist: .file(path:)` names or the one beside it; nil for a
    /// project that is not Tuist's.
    static func tuistApplications(_ tree: AppTree) -> [Source]? {
        guard tree.exists("Workspace.swift") || tree.exists("Tuist") || tree.exists("Project.swift") else { return nil }
        let manifests = tree.find(
            under: "", depth: 3, where: { path, entry in !entry.isDirectory && entry.name == "Project.swift" }, skipping: skipped)
        var found: [Source] = []
        for manifest in manifests.prefix(50) {
            guard let bytes = try? tree.read(manifest, limit: AppFinder.configLimit) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("product: .app,") || text.contains("product: .app)") else { continue }
            let directory = AppPath.parent(manifest)
            // `.relativeToRoot("Projects/App/Info.plist")`, or `"Info.plist"` from the manifest's directory.
            var plist = AppPath.join(directory, "Info.plist")
            if let range = text.firstRange(of: "infoPlist: .file(path: ") {
                let rest = text[range.upperBound...]
                let rooted = rest.hasPrefix(".relativeToRoot(")
                if let open = rest.firstIndex(of: "\"") {
                    let value = rest[rest.index(after: open)...].prefix { $0 != "\"" }
                    plist = rooted ? String(value) : AppPath.join(directory, String(value))
                }
            }
            if tree.exists(plist) { found.append(Source(plist: plist, project: directory)) }
        }
        return found
    }

    /// The iPhone application targets of `project`, each with its Info.plist and settings.
    static func applications(_ project: XcodeProject, tree: AppTree) -> [Source] {
        var result: [Source] = []
        // The apps, and the App Clips whose compiled files the project lists.
        for target in project.targets
        where target.productType == XcodeProject.application
            || (target.productType == XcodeProject.appClip && target.sources != nil)
        {
            guard let release = target.release else { continue }
            let value = { (name: String) in target.setting(name, in: release, project: project) }
            // A watch, Mac or TV app is not shared from an iPhone.
            let sdk = value("SDKROOT")?.value ?? "iphoneos"
            let platforms = value("SUPPORTED_PLATFORMS")?.value ?? ""
            guard sdk.hasPrefix("iphoneos") || platforms.contains("iphoneos") else { continue }
            var source = Source(plist: nil, project: project.directory)
            if target.productType == XcodeProject.appClip { source.appClipSources = target.sources }
            if let file = value("INFOPLIST_FILE")?.value, !file.isEmpty {
                // Xcode on a Mac finds Example/Info.plist stored as example/Info.plist.
                guard let path = existing(project.path(file), in: tree) else { continue }
                source.plist = path
            }
            let names = Set(release.assignments.map(\.name))
            if value("GENERATE_INFOPLIST_FILE")?.value == "YES" {
                for name in names where name.hasPrefix("INFOPLIST_KEY_") {
                    if let setting = value(name) { source.generated[String(name.dropFirst(14))] = .string(setting.value) }
                }
                for (key, setting) in [
                    ("CFBundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"), ("CFBundleShortVersionString", "MARKETING_VERSION"),
                ] {
                    if let found = value(setting) { source.generated[key] = .string(found.value) }
                }
            } else if source.plist == nil {
                continue
            }
            var settings: [String: [BuildSetting]] = [:]
            for name in names {
                if let setting = value(name), !setting.file.isEmpty {
                    settings[name] = [BuildSetting(value: setting.value, file: setting.file)]
                }
            }
            source.settings = settings
            result.append(source)
        }
        return result
    }

    /// `path` as the tree has it, its case as stored where only case differs (a Mac's disk is
    /// case-insensitive); nil when there is no such file.
    static func existing(_ path: String, in tree: AppTree) -> String? {
        if tree.exists(path) { return path }
        var found = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            guard let entry = (tree.list(found) ?? []).first(where: { $0.name.lowercased() == part.lowercased() }) else {
                return nil
            }
            found = AppPath.join(found, entry.name)
        }
        return found
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

    /// `NAME = value` assignments of an .xcconfig (`NAME[config=Release] = value` too: the
    /// condition kept in the name with `keepingConditions`, else dropped) or of a project.pbxproj's
    /// buildSettings (`NAME = "value";`).
    static func settings(_ text: String, keepingConditions: Bool = false) -> [(String, String)] {
        var result: [(String, String)] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let comment = trimmed.firstRange(of: "//"), !trimmed[..<comment.lowerBound].contains("\"") {
                trimmed = trimmed[..<comment.lowerBound]
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            var key = trimmed[..<equals].trimmingSpaces
            let name = key.firstIndex(of: "[").map { String(key[..<$0]) } ?? key
            if !keepingConditions { key = name }
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }) else { continue }
            var value = trimmed[trimmed.index(after: equals)...].trimmingSpaces
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
