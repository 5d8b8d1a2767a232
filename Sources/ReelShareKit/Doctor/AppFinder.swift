// Where an app's sharing set-up is, in whatever the user points doctor at: an archive (.ipa, .apk,
// .aab, told by its entries), an .app or .xcarchive bundle, or a project directory as its
// framework lays it out. What a build has left (an .app, an APK, Gradle's merged manifest) is what
// ships and is judged first; otherwise the project's own files, the Android manifest merged with
// the library manifests the project declares (AndroidProject).

public enum AppFinder {
    public static let plistLimit = 16 << 20
    static let manifestLimit = 16 << 20
    static let tableLimit = 64 << 20
    static let configLimit = 4 << 20
    /// A project.pbxproj (a large app's is a few MB).
    static let projectLimit = 32 << 20

    /// The apps in `tree`; empty when it holds none doctor knows. An Expo project not yet
    /// prebuilt is judged by what `evaluate` prints when it is given (--evaluate).
    public static func apps(in tree: AppTree, evaluate: ExpoConfig.Evaluator? = nil) throws(AppFileError) -> [FoundApp] {
        if tree.isArchive { return try archive(tree).map { [$0] } ?? [] }
        if let bundle = try iosBundle(tree, at: "") { return [bundle] }
        return try project(tree, evaluate: evaluate)
    }

    // MARK: archives

    /// An .apk, .aab or .ipa, told by its entries; nil for another archive.
    static func archive(_ tree: AppTree) throws(AppFileError) -> FoundApp? {
        // (An APK's manifest first: a name that is there is found without listing the archive.)
        if tree.exists("AndroidManifest.xml") { return try apk(tree) }
        if tree.exists("base/manifest/AndroidManifest.xml") { return try bundle(tree) }
        let apps = (tree.list("Payload") ?? []).filter { $0.isDirectory && $0.name.hasSuffix(".app") }
            .filter { tree.exists("Payload/\($0.name)/Info.plist") }
        // An .ipa holds one app: the installer refuses one with two, so judging either would be a guess.
        guard apps.count <= 1 else {
            throw AppFileError(
                "Payload/ holds \(apps.count) apps (\(apps.prefix(3).map(\.name).joined(separator: ", "))\(apps.count > 3 ? ", …" : "")): an installer takes an .ipa with one"
            )
        }
        guard let app = apps.first else { return nil }
        return FoundApp(form: .ipa, content: .ios(try plist(tree, "Payload/\(app.name)/Info.plist", completeness: .shipped)))
    }

    static func apk(_ tree: AppTree, at prefix: String = "") throws(AppFileError) -> FoundApp {
        let file = AppPath.join(prefix, "AndroidManifest.xml")
        let manifest = try self.manifest(tree, file)
        var resources = AndroidResources()
        if let table = try tree.read(AppPath.join(prefix, "resources.arsc"), limit: tableLimit) {
            do throws(AppFileError) {
                resources = try ResourceTable.parse(table, wanted: references(in: manifest))
            } catch {
                throw AppFileError("\(AppPath.join(prefix, "resources.arsc")): \(error.message)")
            }
        }
        let files = held(resources, in: tree, under: prefix)
        return FoundApp(
            form: .apk,
            content: .android(
                AndroidApp(
                    manifest: manifest, resources: resources, resourceFiles: files, file: prefix.isEmpty ? file : nil,
                    completeness: .shipped)))
    }

    /// The files the resources name (`res/xml/file_paths.xml`) that the archive holds, under
    /// `prefix` (an .aab's module): the set the checks look a file up in.
    static func held(_ resources: AndroidResources, in tree: AppTree, under prefix: String) -> Set<String> {
        Set(
            resources.byId.values.compactMap { entry -> String? in
                guard case .text(let path)? = entry.value, path.hasPrefix("res/") else { return nil }
                return tree.exists(AppPath.join(prefix, path)) ? path : nil
            })
    }

    /// The resource ids that the attributes doctor reads refer to: those of `<provider>` and
    /// `<meta-data>` elements (a large app's manifest refers to thousands of labels and icons).
    static func references(in element: AndroidElement) -> Set<UInt32> {
        var ids: Set<UInt32> = []
        if element.name == "provider" || element.name == "meta-data" {
            for attribute in element.attributes {
                if case .reference(let reference) = attribute.value, let id = reference.id { ids.insert(id) }
            }
        }
        for child in element.children { ids.formUnion(references(in: child)) }
        return ids
    }

    static func bundle(_ tree: AppTree) throws(AppFileError) -> FoundApp {
        let file = "base/manifest/AndroidManifest.xml"
        guard let bytes = try tree.read(file, limit: manifestLimit) else { throw AppFileError("\(file): missing") }
        let manifest: AndroidElement
        do throws(AppFileError) {
            manifest = try ProtoXML.parse(bytes, origin: file)
        } catch {
            throw AppFileError("\(file): \(error.message)")
        }
        var resources = AndroidResources()
        if let table = try tree.read("base/resources.pb", limit: tableLimit) {
            do throws(AppFileError) {
                resources = try ProtoResourceTable.parse(table, wanted: references(in: manifest))
            } catch {
                throw AppFileError("base/resources.pb: \(error.message)")
            }
        }
        // resources.pb names files relative to the module ("res/xml/file_paths.xml").
        let files = held(resources, in: tree, under: "base")
        return FoundApp(
            form: .aab,
            content: .android(
                AndroidApp(manifest: manifest, resources: resources, resourceFiles: files, file: file, completeness: .shipped)))
    }

    /// A manifest in binary or text XML (a merged manifest, or a file named on its own).
    static func manifest(_ tree: AppTree, _ file: String) throws(AppFileError) -> AndroidElement {
        guard let bytes = try tree.read(file, limit: manifestLimit) else { throw AppFileError("\(file): missing") }
        return try manifest(bytes, origin: file)
    }

    /// A manifest's bytes, binary XML or text XML, with a `<manifest>` root.
    public static func manifest(_ bytes: [UInt8], origin: String) throws(AppFileError) -> AndroidElement {
        let root: AndroidElement
        if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) {
            do throws(AppFileError) {
                root = try BinaryXML.parse(bytes, origin: origin)
            } catch {
                throw AppFileError("\(origin): \(error.message)")
            }
        } else {
            let parsed: AndroidElement?
            do throws(AppFileError) {
                parsed = try AndroidTextXML.parse(bytes, origin: origin)
            } catch {
                throw AppFileError("\(origin): \(error.message)")
            }
            guard let text = parsed else {
                throw AppFileError("\(origin): not an AndroidManifest.xml (not XML, or no <manifest> root)")
            }
            root = text
        }
        guard root.name == "manifest" else {
            throw AppFileError("\(origin): not an AndroidManifest.xml (its root is <\(root.name)>, not <manifest>)")
        }
        return root
    }

    static func plist(_ tree: AppTree, _ file: String, completeness: AppCompleteness) throws(AppFileError) -> IOSApp {
        guard let bytes = try tree.read(file, limit: plistLimit) else { throw AppFileError("\(file): missing") }
        return try IOSApp.read(bytes, file: file, path: file, completeness: completeness)
    }

    // MARK: bundles

    /// An .app bundle (its Info.plist names an executable that is there) or an .xcarchive (its
    /// Info.plist has ApplicationProperties) at `at`; nil for anything else.
    static func iosBundle(_ tree: AppTree, at directory: String) throws(AppFileError) -> FoundApp? {
        let file = AppPath.join(directory, "Info.plist")
        guard tree.exists(file), let bytes = try tree.read(file, limit: plistLimit),
            case .dictionary(let top)? = PropertyList.parse(bytes)
        else { return nil }
        if case .dictionary(let properties)? = top["ApplicationProperties"] {
            // ApplicationPath is relative to Products ("Applications/Runner.app").
            var candidates: [String] = []
            if let path = properties["ApplicationPath"]?.string { candidates.append(AppPath.join("Products", path)) }
            let products = AppPath.join(directory, "Products/Applications")
            candidates += (tree.list(products) ?? []).filter { $0.isDirectory && $0.name.hasSuffix(".app") }.map {
                "Products/Applications/\($0.name)"
            }
            for app in candidates where tree.exists(AppPath.join(directory, "\(app)/Info.plist")) {
                let inner = AppPath.join(directory, "\(app)/Info.plist")
                return FoundApp(form: .xcarchive, content: .ios(try plist(tree, inner, completeness: .shipped)))
            }
            throw AppFileError("\(file): an .xcarchive whose app is not under Products (ApplicationPath)")
        }
        guard let executable = top["CFBundleExecutable"]?.string, !executable.contains("/"),
            tree.exists(AppPath.join(directory, executable))
        else { return nil }
        return FoundApp(
            form: .app, content: .ios(try IOSApp.read(bytes, file: file, path: file, completeness: .shipped)))
    }

    // MARK: projects

    /// The project files of `tree`, read as JSON where they are.
    struct ProjectFiles {
        var package: JSON?
        var appJSON: JSON?
        /// Runs the project's own `npx expo config` (--evaluate); nil when doctor may not.
        var evaluate: ExpoConfig.Evaluator?

        /// The names of package.json's dependencies.
        var dependencies: [String] {
            (package?["dependencies"]?.objectValue?.keys.sorted() ?? [])
        }
        func depends(on name: String) -> Bool {
            package?["dependencies"]?[name] != nil || package?["devDependencies"]?[name] != nil
        }
    }

    static func json(_ tree: AppTree, _ file: String) throws(AppFileError) -> JSON? {
        guard let bytes = try tree.read(file, limit: configLimit) else { return nil }
        guard let json = JSON.parse(bytes) else { throw AppFileError("\(file): not JSON") }
        return json
    }

    /// The framework the project's files say it uses, most specific first.
    static func framework(_ tree: AppTree, _ files: ProjectFiles) -> AppFramework? {
        if tree.exists("pubspec.yaml") { return .flutter }
        if files.appJSON?["expo"] != nil || files.depends(on: "expo") || expoConfigs.contains(where: tree.exists) { return .expo }
        if capacitorConfigs.contains(where: tree.exists) || files.depends(on: "@capacitor/core") {
            return .capacitor
        }
        if files.depends(on: "react-native") { return .reactNative }
        let gradle = ["settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts"]
        if gradle.contains(where: tree.exists) || tree.exists("app/src/main/AndroidManifest.xml") { return .gradle }
        if (tree.list("") ?? []).contains(where: { $0.name.hasSuffix(".xcodeproj") || $0.name.hasSuffix(".xcworkspace") }) {
            return .xcode
        }
        return nil
    }

    static let capacitorConfigs = ["capacitor.config.json", "capacitor.config.ts"]
    /// Expo's configuration written as code, which only running the project's code reads.
    static let expoConfigs = ["app.config.ts", "app.config.js", "app.config.mjs", "app.config.cjs"]

    /// How to judge an Expo app configured in code: its configuration is what running
    /// `config` gives, which doctor does only when told to (it runs the project's code).
    static func expoCodeAdvice(_ config: String, platform: String) -> BuildAdvice {
        expoPrebuildAdvice(
            "run npx expo prebuild --platform \(platform)",
            note: "\(config) is code, which doctor runs only with --evaluate (\(ExpoConfig.command.joined(separator: " ")))")
    }

    /// The file an Expo project is configured in: its code, else app.json.
    static func expoConfigFile(_ tree: AppTree) -> String {
        expoConfigs.first(where: tree.exists) ?? (tree.exists("app.json") ? "app.json" : "app.config.json")
    }

    /// How an evaluated Expo configuration is judged: what prebuild would write, its config
    /// plugins run; the build settings and the libraries' manifests a build adds are not in it.
    static func expoEvaluatedAdvice(platform: String) -> BuildAdvice {
        BuildAdvice(
            build: "run npx expo prebuild --platform \(platform)",
            note: "judged as \(ExpoConfig.command.joined(separator: " ")) evaluates it")
    }

    /// An Expo project before prebuild: what prebuild and its config plugins write is not read,
    /// so nothing missing is certain.
    static func expoPrebuildAdvice(_ build: String, note: String? = nil) -> BuildAdvice {
        var advice = BuildAdvice(build: build, note: note)
        advice.unread = ["what npx expo prebuild and its config plugins write"]
        return advice
    }

    /// Directories never searched for an app below the path given: dependencies, build outputs,
    /// version control, vendored SDKs and test fixtures.
    static let notApps: Set<String> = [
        "node_modules", "Pods", "build", "DerivedData", ".git", ".gradle", ".build", "Carthage", "vendor", ".dart_tool",
        ".expo", ".next", "dist", "__tests__", "test", "tests", "fixtures", "__fixtures__", "third_party", "third-party",
    ]
    /// How deep below the path given an app is looked for (`apps/mobile`, `packages/app/example`).
    public static let searchDepth = 3

    /// The directories below the top of `tree`, to `depth` levels, that hold a project
    /// doctor knows (not looked into further), nearest first; at most `budget` directories are
    /// listed.
    public static func projectDirectories(in tree: AppTree, depth: Int = searchDepth, budget: Int = 4_000) -> [String] {
        var found: [String] = []
        var queue: [(String, Int)] = [("", 0)]
        var next = 0
        while next < queue.count, next < budget {
            let (directory, level) = queue[next]
            next += 1
            for entry in tree.list(directory) ?? [] where entry.isDirectory && !entry.name.hasPrefix(".") {
                guard !notApps.contains(entry.name), !entry.name.hasSuffix(".xcodeproj"), !entry.name.hasSuffix(".app") else {
                    continue
                }
                let child = AppPath.join(directory, entry.name)
                if holdsProject(tree, child) {
                    found.append(child)
                } else if level + 1 < depth {
                    queue.append((child, level + 1))
                }
            }
        }
        return found
    }

    /// Whether `directory` is the top of a project: a Flutter, Expo, Capacitor or React Native
    /// app's files, a Gradle build with an app module, an Xcode project, or an app's ios/ and
    /// android/ directories.
    static func holdsProject(_ tree: AppTree, _ directory: String) -> Bool {
        let names = Set((tree.list(directory) ?? []).map(\.name))
        if names.contains("pubspec.yaml") && names.contains("ios") || names.contains("pubspec.yaml") && names.contains("android")
        {
            return true
        }
        if names.contains("app.json") || (expoConfigs + capacitorConfigs).contains(where: names.contains) {
            return true
        }
        if names.contains("ios") && names.contains("android") { return true }
        // Tuist's: the workspace's manifest (its .xcodeproj files are generated, not committed).
        if names.contains("Workspace.swift") || names.contains("Project.swift") && names.contains("Info.plist") { return true }
        if names.contains(where: { $0.hasPrefix("settings.gradle") }), names.contains("app") { return true }
        if names.contains("package.json"), names.contains("ios") || names.contains("android") { return true }
        return names.contains { $0.hasSuffix(".xcodeproj") }
    }

    static func project(_ tree: AppTree, evaluate: ExpoConfig.Evaluator? = nil) throws(AppFileError) -> [FoundApp] {
        var files = ProjectFiles()
        files.evaluate = evaluate
        files.package = try json(tree, "package.json")
        files.appJSON = try json(tree, "app.json")
        if files.appJSON == nil { files.appJSON = try json(tree, "app.config.json") }
        let framework = framework(tree, files)
        var apps: [FoundApp] = []
        apps += try IOSProject.apps(tree, framework: framework, files: files)
        apps += try AndroidProject.apps(tree, framework: framework, files: files)
        // Neither a framework's layout nor a native one: a lone Info.plist or manifest at the top.
        if apps.isEmpty, tree.exists("Info.plist") {
            apps.append(FoundApp(form: .plist, content: .ios(try plist(tree, "Info.plist", completeness: .shipped))))
        }
        if apps.isEmpty, tree.exists("AndroidManifest.xml") {
            let manifest = try self.manifest(tree, "AndroidManifest.xml")
            apps.append(
                FoundApp(
                    form: .manifest,
                    content: .android(AndroidApp(manifest: manifest, file: "AndroidManifest.xml", completeness: .shipped))))
        }
        return apps
    }
}

// MARK: files named on their own

extension AppFinder {
    /// What a file's bytes are: an Info.plist or an AndroidManifest.xml (text or binary XML).
    public enum FileKind: Sendable, Equatable {
        case plist
        case manifest
    }

    /// The kind of app file `bytes` hold, told by content; nil for anything else.
    public static func kind(of bytes: [UInt8]) -> FileKind? {
        if bytes.starts(with: Array("bplist00".utf8)) { return .plist }
        if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) { return .manifest }
        switch XMLReader.rootName(bytes) {
        case "plist"?: return .plist
        case "manifest"?: return .manifest
        default: return nil
        }
    }

    /// Where the project of a file named on its own is, when its path shows the layout of one:
    /// `…/app/src/main/AndroidManifest.xml` (the project is the Gradle root, or the directory
    /// holding a Flutter or React Native project's `android/`), `…/ios/NAME/Info.plist`. Returns
    /// the project's directory as a path the user's path starts from, and the file's path inside
    /// it; nil when the path shows no project.
    public static func project(of path: String, kind: FileKind) -> (root: String, file: String)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let inside: Int
        switch kind {
        case .manifest:
            guard parts.count >= 4, parts.suffix(3) == ["src", "main", "AndroidManifest.xml"] else { return nil }
            // The module's parent is the Gradle root; a framework keeps that in android/.
            let gradleRoot = parts.count - 4
            inside = gradleRoot > 0 && parts[gradleRoot - 1] == "android" ? gradleRoot - 1 : gradleRoot
        case .plist:
            guard parts.count >= 3, parts[parts.count - 3] == "ios", parts.last == "Info.plist" else { return nil }
            inside = parts.count - 3
        }
        guard !parts[inside...].contains(".."), !parts[inside...].contains(".") else { return nil }
        let root = parts[..<inside].joined(separator: "/")
        return ((path.hasPrefix("/") ? "/" : "") + (root.isEmpty ? "." : root), parts[inside...].joined(separator: "/"))
    }

    /// A source manifest named on its own, judged in its project: merged with the libraries the
    /// project declares, its references read through the project's resources.
    public static func sourceManifest(_ tree: AppTree, manifest file: String) throws(AppFileError) -> FoundApp {
        var files = ProjectFiles()
        files.package = try json(tree, "package.json")
        files.appJSON = try json(tree, "app.json")
        var found = try AndroidProject.sources(
            tree, manifest: file, framework: framework(tree, files), files: files, byVariant: false)[0]
        found.form = .manifest
        return found
    }

    /// A project's Info.plist named on its own, judged with the build settings the project sets.
    public static func sourcePlist(_ tree: AppTree, plist file: String) throws(AppFileError) -> FoundApp {
        let framework = framework(tree, ProjectFiles())
        var app = try plist(tree, file, completeness: .source(IOSProject.advice))
        // The settings of the application target built from this plist, as a project's are read.
        let target = IOSProject.sources(tree, framework: framework).first { $0.plist == file }
        app.buildSettings =
            target?.settings ?? IOSProject.buildSettings(tree, project: AppPath.parent(AppPath.parent(file)))
        return FoundApp(form: .plist, framework: framework, content: .ios(app))
    }
}
