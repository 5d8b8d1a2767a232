// An Android app in a project directory. What a build has left is what ships and is judged first:
// an APK or bundle in the app module's outputs, else Gradle's merged manifest. Otherwise the app's
// source manifest is merged with the library manifests the project declares (Flutter plugins from
// .flutter-plugins-dependencies, React Native, Expo and Capacitor libraries from package.json and
// node_modules), `${applicationId}` is the build file's, and `@string/…` resolves through the
// project's res/values and the build file's resValue lines. What a build could still add (a
// Gradle dependency's manifest, a config plugin) is said in the result, not claimed missing.
import FoundationEssentials

enum AndroidProject {
    static let skipped: Set<String> = ["build", ".gradle", ".git", "node_modules", ".cxx", ".idea"]
    /// A project's built apps, by preference: release before debug, an APK before a bundle.
    static let outputs = [
        "outputs/flutter-apk/app-release.apk", "outputs/apk/release/app-release.apk",
        "outputs/bundle/release/app-release.aab", "outputs/flutter-apk/app-debug.apk", "outputs/apk/debug/app-debug.apk",
    ]

    static func apps(_ tree: AppTree, framework: AppFramework?, files: AppFinder.ProjectFiles) throws(AppFileError)
        -> [FoundApp]
    {
        // A framework keeps its Gradle build in android/ (a React Native app without its
        // package.json too).
        var gradleRoot = [.flutter, .reactNative, .expo, .capacitor].contains(framework) ? "android" : ""
        if gradleRoot.isEmpty, appModules(tree, "").isEmpty, !appModules(tree, "android").isEmpty { gradleRoot = "android" }
        let modules = appModules(tree, gradleRoot)
        guard !modules.isEmpty else {
            guard framework == .expo else { return [] }
            if let evaluate = files.evaluate {
                // --evaluate: the manifest prebuild writes, merged with the libraries' as a build would.
                let file = AppFinder.expoConfigFile(tree)
                return try sources(
                    tree, manifest: file, framework: framework, files: files, byVariant: false,
                    evaluated: try ExpoConfig.manifest(try evaluate(), origin: file))
            }
            return expo(tree, files).map { [$0] } ?? []
        }
        var apps: [FoundApp] = []
        for module in modules { apps += try self.apps(tree, module: module, framework: framework, files: files) }
        return apps
    }

    /// The apps of one application module: what its build left, else its sources by variant.
    static func apps(_ tree: AppTree, module: String, framework: AppFramework?, files: AppFinder.ProjectFiles)
        throws(AppFileError) -> [FoundApp]
    {
        let buildDirectory = framework == .flutter ? "build/app" : AppPath.join(module, "build")
        let manifest = AppPath.join(module, "src/main/AndroidManifest.xml")
        var stale: [String] = []
        let inputs = [manifest] + ["build.gradle", "build.gradle.kts"].map { AppPath.join(module, $0) }
        if var built = try built(tree, buildDirectory, sources: inputs, stale: &stale) {
            built.framework = framework
            return [built]
        }
        var apps = try sources(tree, manifest: manifest, framework: framework, files: files, byVariant: true)
        for index in apps.indices {
            if let first = stale.first, case .android(var app) = apps[index].content,
                case .incomplete(var advice) = app.completeness
            {
                advice.stale = first
                app.completeness = .incomplete(advice)
                apps[index].content = .android(app)
            }
        }
        return apps
    }

    // MARK: built

    /// What a build left, release first: an APK or bundle in the module's outputs, else its merged
    /// manifest (Gradle's `intermediates/merged_manifest*/VARIANT/[TASK/]AndroidManifest.xml`). An
    /// output older than the files it is built from (`sources`) is not what the next build ships:
    /// it is passed over and named in `stale`.
    static func built(_ tree: AppTree, _ buildDirectory: String, sources: [String], stale: inout [String])
        throws(AppFileError) -> FoundApp?
    {
        let newest = sources.compactMap { tree.modified($0) }.max() ?? 0
        func current(_ path: String) -> Bool {
            guard let built = tree.modified(path), built < newest else { return true }
            stale.append(path)
            return false
        }
        for output in outputs {
            let path = AppPath.join(buildDirectory, output)
            guard tree.exists(path), current(path), let archive = try tree.archive(path) else { continue }
            guard var found = try AppFinder.archive(archive) else {
                throw AppFileError("\(path): an archive without an Android manifest")
            }
            found.content = nested(found.content, in: path)
            found.form = .project
            return found
        }
        var merged: [String] = []
        let intermediates = AppPath.join(buildDirectory, "intermediates")
        for kind in tree.list(intermediates) ?? [] where kind.isDirectory && kind.name.hasPrefix("merged_manifest") {
            let found = tree.find(under: AppPath.join(intermediates, kind.name), depth: 2, budget: 200) { _, entry in
                !entry.isDirectory && entry.name == "AndroidManifest.xml"
            }
            merged += found
        }
        let ranked = merged.sorted { (rank($0), $0) < (rank($1), $1) }
        guard let file = ranked.first(where: current) else { return nil }
        let manifest = try AppFinder.manifest(tree, file)
        return FoundApp(
            form: .project, content: .android(AndroidApp(manifest: manifest, file: file, completeness: .shipped)))
    }

    /// Release variants (any flavour's: prodRelease) first, then profile, then debug.
    private static func rank(_ path: String) -> Int {
        let variant = path.lowercased()
        return variant.contains("release") ? 0 : variant.contains("profile") ? 1 : 2
    }

    /// An archive's app as found inside a project: its files named through the archive's path
    /// ("build/…/app-release.apk!/AndroidManifest.xml").
    static func nested(_ content: FoundAppContent, in archive: String) -> FoundAppContent {
        guard case .android(var app) = content else { return content }
        let prefix = archive + "!/"
        app.file = prefix + (app.file ?? "AndroidManifest.xml")
        app.manifest = app.manifest.originated(prefix + app.manifest.origin)
        return .android(app)
    }

    // MARK: source

    /// The app's source manifest merged as Gradle merges each release variant the module's build
    /// file names (`byVariant`; else `src/main` alone): the variant's own source sets
    /// (`src/prodRelease`, `src/release`, `src/prod`) over `src/main`, then the project's local
    /// library modules, then the libraries the framework's files declare. What all variants share
    /// is read once.
    static func sources(
        _ tree: AppTree, manifest file: String, framework: AppFramework?, files: AppFinder.ProjectFiles,
        byVariant: Bool, evaluated: AndroidElement? = nil
    ) throws(AppFileError) -> [FoundApp] {
        // An evaluated Expo app has no module yet: prebuild writes android/app.
        let module = evaluated == nil ? AppPath.parent(AppPath.parent(AppPath.parent(file))) : "android/app"
        let app: AndroidElement
        if let evaluated { app = evaluated } else { app = try AppFinder.manifest(tree, file) }
        let build = gradle(tree, module)
        let modules = GradleBuild.localModules(tree, from: module, build: build)
        var (libraries, missing, unread) = libraryDirectories(tree, framework: framework, files: files)
        // React Native's JavaScript root: the project's, or the one its app module's build file
        // names (an example app inside its library's repository, with no package.json of its own).
        var jsRoot: String? = framework == .reactNative ? "" : nil
        if framework == nil || framework == .gradle, let root = reactRoot(build, module: module) {
            jsRoot = root
            let package = (try? AppFinder.json(tree, AppPath.join(root, "package.json"))).flatMap { $0 }
            let found = nodeLibraries(tree, package?["dependencies"]?.objectValue?.keys.sorted() ?? [], under: root)
            libraries += found.directories
            unread += found.unread
            missing = missing ?? found.note
        }
        // A library's own repository, whose example app is the project (react-native.config.js
        // links the root package into it): the library's module is merged.
        if let jsRoot, !module.hasPrefix(AppPath.join(jsRoot, "android/")),
            tree.exists(AppPath.join(jsRoot, "android/src/main/AndroidManifest.xml"))
        {
            libraries.append(AppPath.join(jsRoot, "android"))
        }
        // Each library once, however many names reach it (a link, `lib/.`, a plugin listed twice),
        // and never the app's own module: what it reaches, not how it is spelt.
        var seen = Set([tree.identity(of: module) ?? module] + modules.map { tree.identity(of: $0.directory) ?? $0.directory })
        libraries = libraries.filter { seen.insert(tree.identity(of: $0) ?? AppPath.normalized($0)).inserted }
        var libraryManifests: [AndroidElement] = []
        var read: [String] = []
        var packages = Set(app.children("queries").flatMap { $0.children("package") }.compactMap(\.androidName))
        // Each library's build file, read once: its namespace, and the artefacts it ships.
        let libraryBuilds = libraries.map { gradle(tree, $0) }
        for (library, libraryBuild) in modules.map({ ($0.directory, $0.build) }) + zip(libraries, libraryBuilds) {
            // (src/androidMain/: a Kotlin Multiplatform library's Android manifest)
            for name in [
                "src/main/AndroidManifestNew.xml", "src/main/AndroidManifest.xml", "src/androidMain/AndroidManifest.xml",
            ] {
                let path = AppPath.join(library, name)
                guard tree.exists(path) else { continue }
                let namespace = quoted(after: "namespace", in: libraryBuild)
                let library = ManifestMerger.qualified(try AppFinder.manifest(tree, path), namespace: namespace)
                libraryManifests.append(ManifestMerger.withoutRepeatedPackages(library, seen: &packages))
                read.append(path)
                break
            }
        }
        // The Maven artefacts the app, its modules and its libraries ship: what doctor knows of
        // them merged as their manifests would be, the rest said as unread.
        let catalog =
            (try? tree.read(AppPath.join(gradleRoot(tree, of: module), "gradle/libs.versions.toml"), limit: AppFinder.configLimit))
            .flatMap { $0 }.map { GradleBuild.catalogLibraries(String(decoding: $0, as: UTF8.self)) } ?? [:]
        let shipped = GradleBuild.dependencies(build, catalog: catalog)
        let artefacts = MavenLibraries.read(
            shipped + (modules.map(\.build) + libraryBuilds).flatMap { GradleBuild.dependencies($0, catalog: catalog) })
        for library in artefacts.manifests {
            libraryManifests.append(ManifestMerger.withoutRepeatedPackages(library, seen: &packages))
        }
        unread += artefacts.unread
        var placeholders = GradleBuild.manifestPlaceholders(build)
        if let id = quoted(after: "applicationId", in: build) ?? app.attribute("package", namespace: "")?.string {
            placeholders["applicationId"] = id
        }
        var resources = AndroidResources()
        var resourceFiles: Set<String> = []
        for (type, name, value) in resValues(build) {
            resources.add(.init(type: type, name: name, value: .fromText(value)))
        }
        for directory in [module] + modules.map(\.directory) + libraries {
            try values(tree, AppPath.join(directory, "src/main/res"), into: &resources, files: &resourceFiles)
            // (a Kotlin Multiplatform module's Android resources)
            try values(tree, AppPath.join(directory, "src/androidMain/res"), into: &resources, files: &resourceFiles)
        }
        var advice: BuildAdvice
        switch framework {
        case .expo where evaluated != nil:
            advice = AppFinder.expoEvaluatedAdvice(platform: "android")
            advice.note = missing ?? advice.note
        case .flutter:
            advice = BuildAdvice(
                build: "flutter build apk", artifact: "build/app/outputs/flutter-apk/app-release.apk", note: missing)
        default:
            let gradleRoot = gradleRoot(tree, of: module)
            advice = BuildAdvice(
                build: "build the app (./gradlew assembleRelease\(gradleRoot.isEmpty ? "" : " in \(gradleRoot)"))",
                artifact: AppPath.join(module, "build/outputs/apk/release/app-release.apk"), note: missing)
        }
        advice.unread = unread
        let sdk =
            shipped.contains { $0.hasPrefix("com.facebook.android:facebook") }
            || files.depends(on: "react-native-fbsdk-next")
            || ((try? tree.read("pubspec.yaml", limit: AppFinder.configLimit)).flatMap { $0 }.map {
                let text = String(decoding: $0, as: UTF8.self)
                return text.contains("flutter_facebook_auth") || text.contains("facebook_app_events")
            } ?? false)
        let targetSdk = GradleBuild.targetSdk(build)
        // The build's modules: those this app builds, and the others (a Wear OS app beside it).
        let root = gradleRoot(tree, of: module)
        let built = [module] + modules.map(\.directory)
        let identity = { (directory: String) in tree.identity(of: directory) ?? AppPath.normalized(directory) }
        let builtIdentities = Set(built.map(identity))
        let others = includedModules(tree, root).map { AppPath.join(root, $0) }.filter {
            tree.exists($0) && !builtIdentities.contains(identity($0))
        }
        var found: [FoundApp] = []
        for variant in byVariant ? GradleBuild.releaseVariants(build).map(Optional.some) : [nil] {
            // The variant's own source sets: their manifests before the libraries', their values
            // over main's.
            var variantManifests: [AndroidElement] = []
            var variantRead: [String] = []
            var variantResources = resources
            var variantFiles = resourceFiles
            for set in (variant?.sourceSets ?? []).map({ AppPath.join(module, "src/\($0)") }) {
                let path = AppPath.join(set, "AndroidManifest.xml")
                if tree.exists(path) {
                    variantManifests.append(try AppFinder.manifest(tree, path))
                    variantRead.append(path)
                }
                try values(tree, AppPath.join(set, "res"), into: &variantResources, files: &variantFiles)
            }
            var variantPlaceholders = placeholders
            if let id = variant?.applicationId { variantPlaceholders["applicationId"] = id }
            let merged = ManifestMerger.merge(
                app: app, libraries: variantManifests + libraryManifests, placeholders: variantPlaceholders)
            var judged = AndroidApp(
                manifest: merged, resources: variantResources, resourceFiles: variantFiles, file: file,
                libraries: variantRead + read, completeness: .incomplete(advice), facebookSDK: sdk)
            judged.variant = variant?.named
            judged.sourceSets = variant?.sourceSets
            judged.applicationId = variantPlaceholders["applicationId"]
            judged.targetSdk = judged.targetSdk ?? targetSdk
            judged.modules = GradleModules(built: built, others: others)
            found.append(FoundApp(form: .project, framework: framework, content: .android(judged)))
        }
        return found
    }

    /// The Android directories of the libraries the project declares, and what could not be
    /// known (a Flutter project whose plugins were never fetched).
    static func libraryDirectories(_ tree: AppTree, framework: AppFramework?, files: AppFinder.ProjectFiles)
        -> (directories: [String], note: String?, unread: [String])
    {
        switch framework {
        case .flutter:
            guard let bytes = try? tree.read(".flutter-plugins-dependencies", limit: AppFinder.configLimit),
                let plugins = JSON.parse(bytes)?["plugins"]?["android"]?.arrayValue
            else {
                // Not fetched: the plugins pubspec.yaml gives a path are read where they are; the
                // others are named as not read.
                let pubspec = (try? tree.read("pubspec.yaml", limit: AppFinder.configLimit)).flatMap { $0 }
                let declared =
                    pubspec.map { Pubspec.dependencies(String(decoding: $0, as: UTF8.self)) } ?? (paths: [], hosted: [])
                let note =
                    declared.hosted.isEmpty
                    ? nil : "the Flutter plugins' manifests were not read (no .flutter-plugins-dependencies: run flutter pub get)"
                return (
                    declared.paths.map { AppPath.join($0, "android") }, note, declared.hosted.map { "\($0) (not fetched)" }
                )
            }
            // Each plugin's path is its package's root (in the pub cache, or a path dependency).
            return (plugins.compactMap { $0["path"]?.stringValue }.map { AppPath.join($0, "android") }, nil, [])
        case .reactNative, .expo, .capacitor:
            return nodeLibraries(tree, files.dependencies, under: "")
        default:
            return ([], nil, [])
        }
    }

    /// The Android directories of the npm packages `names` installed in `root`'s node_modules
    /// (or hoisted to a workspace's above it), and those not installed.
    static func nodeLibraries(_ tree: AppTree, _ names: [String], under root: String)
        -> (directories: [String], note: String?, unread: [String])
    {
        var directories: [String] = []
        var absent: [String] = []
        let modules = ["node_modules", "../node_modules", "../../node_modules"].map { AppPath.join(root, $0) }
        for name in names {
            if let found = modules.map({ AppPath.join($0, "\(name)/android") }).first(where: { tree.exists($0) }) {
                directories.append(found)
            } else if !modules.prefix(2).contains(where: { tree.exists(AppPath.join($0, name)) }) {
                absent.append(name)
            }
        }
        let missing =
            absent.isEmpty
            ? nil
            : "\(absent.count) dependenc\(absent.count == 1 ? "y is" : "ies are") not installed (\(absent.prefix(3).joined(separator: ", "))\(absent.count > 3 ? "…" : "")): run npm install"
        return (directories, missing, absent.map { "\($0) (not installed)" })
    }

    /// The JavaScript root that React Native's Gradle plugin is given in a module's build file
    /// (`react { root = file("../../..") }`, relative to the module), for a module that names one.
    static func reactRoot(_ build: String, module: String) -> String? {
        guard let block = GradleBuild.block("react", in: GradleBuild.uncommented(build)) else { return nil }
        for line in block.split(whereSeparator: \.isNewline) {
            let statement = line.trimmingBlanks
            guard statement.hasPrefix("root"), statement.contains("file("),
                let path = GradleBuild.quotedStrings(statement).first
            else { continue }
            return AppPath.normalized(AppPath.join(module, path))
        }
        return nil
    }

    /// The default configuration's values (`res/values/*.xml`) and the files of `res/xml`.
    static func values(_ tree: AppTree, _ res: String, into resources: inout AndroidResources, files: inout Set<String>)
        throws(AppFileError)
    {
        for entry in tree.list(AppPath.join(res, "values")) ?? [] where !entry.isDirectory && entry.name.hasSuffix(".xml") {
            let path = AppPath.join(res, "values/\(entry.name)")
            guard let bytes = try tree.read(path, limit: AppFinder.manifestLimit) else { continue }
            for (type, name, value) in AndroidValues.parse(bytes) {
                resources.add(.init(type: type, name: name, value: value))
            }
        }
        for entry in tree.list(AppPath.join(res, "xml")) ?? [] where !entry.isDirectory {
            let path = AppPath.join(res, "xml/\(entry.name)")
            let name = entry.name.split(separator: ".").first.map(String.init) ?? entry.name
            resources.add(.init(type: "xml", name: name, value: .text(path)))
            files.insert(path)
        }
    }

    /// The quoted string a statement `keyword "x"`, `keyword = "x"` or `keyword("x")` gives: the
    /// keyword a whole word at the start of a statement (not `hasProperty("namespace")`).
    static func quoted(after keyword: String, in text: String) -> String? {
        guard !keyword.isEmpty else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            var rest = Substring(line)
            // Statements may share a line after `{` or `;`.
            while let range = rest.firstRange(of: keyword) {
                let before = rest[..<range.lowerBound].last
                rest = rest[range.upperBound...]
                guard before == nil || before == " " || before == "\t" || before == "{" || before == ";" else { continue }
                let tail = rest.drop { $0 == " " || $0 == "=" || $0 == "(" || $0 == "\t" }
                guard tail.startIndex != rest.startIndex || rest.first == "\"" || rest.first == "'",
                    let quote = tail.first, quote == "\"" || quote == "'"
                else { continue }
                let body = tail.dropFirst()
                if let end = body.firstIndex(of: quote) { return String(body[..<end]) }
            }
        }
        return nil
    }

    /// `resValue "string", "facebook_app_id", "1234"` (or with parentheses) in a build file.
    static func resValues(_ text: String) -> [(String, String, String)] {
        text.split(whereSeparator: \.isNewline).filter { $0.contains("resValue") }.compactMap { line in
            let strings = GradleBuild.quotedStrings(line)
            return strings.count >= 3 ? (strings[0], strings[1], strings[2]) : nil
        }
    }

    /// An Expo app not yet prebuilt: only what app.json says (its package); prebuild and its
    /// config plugins write the manifest.
    static func expo(_ tree: AppTree, _ files: AppFinder.ProjectFiles) -> FoundApp? {
        var manifest: AndroidElement
        var prebuild: BuildAdvice
        if let android = files.appJSON?["expo"]?["android"] {
            manifest = AndroidElement(name: "manifest", origin: "app.json")
            if let package = android["package"]?.stringValue {
                manifest.attributes.append(AndroidAttribute(namespace: "", name: "package", value: .text(package)))
            }
            prebuild = AppFinder.expoPrebuildAdvice("run npx expo prebuild --platform android")
        } else {
            // Configured in code: nothing is known of it until the project's code is run.
            guard let config = AppFinder.expoConfigs.first(where: tree.exists) else { return nil }
            manifest = AndroidElement(name: "manifest", origin: config)
            prebuild = AppFinder.expoCodeAdvice(config, platform: "android")
        }
        // The libraries installed in node_modules are merged as the build will merge them (a
        // share library's own FileProvider counts); one not installed is named as not read.
        let file = manifest.origin
        guard
            var found = try? sources(tree, manifest: file, framework: .expo, files: files, byVariant: false, evaluated: manifest)
                .first,
            case .android(var app) = found.content, case .incomplete(let merged) = app.completeness
        else {
            return FoundApp(
                form: .project, framework: .expo,
                content: .android(AndroidApp(manifest: manifest, file: file, completeness: .incomplete(prebuild))))
        }
        // A share library not installed is named first: it is the one that adds what sharing needs.
        let plugins = Set(SharePlugin.builtin.flatMap(\.packages).map { $0.split(separator: ":").last.map(String.init) ?? $0 })
        let isPlugin = { (entry: String) in plugins.contains(String(entry.prefix { $0 != " " })) }
        prebuild.unread += merged.unread.filter(isPlugin) + merged.unread.filter { !isPlugin($0) }
        if prebuild.note == nil { prebuild.note = merged.note }
        app.completeness = .incomplete(prebuild)
        found.content = .android(app)
        return found
    }
}

/// The resources of a `res/values` file: `<string>`, `<bool>`, `<integer>` and `<item type=…>`.
enum AndroidValues {
    static func parse(_ bytes: [UInt8]) -> [(String, String, AndroidValue)] {
        guard let events = XMLReader.events(bytes) else { return [] }
        var result: [(String, String, AndroidValue)] = []
        var depth = 0
        var current: (type: String, name: String, text: String)?
        for event in events {
            switch event {
            case .start(let element, let attributes):
                depth += 1
                if depth == 2, let name = attributes["name"] {
                    let type = element == "item" ? attributes["type"] ?? "" : element
                    current = ["string", "bool", "integer"].contains(type) ? (type, name, "") : nil
                }
            case .text(let text):
                if depth == 2 { current?.text += text }
            case .end:
                if depth == 2, let (type, name, text) = current {
                    result.append((type, name, value(type: type, text)))
                    current = nil
                }
                depth -= 1
            }
        }
        return result
    }

    /// A value as aapt compiles it: a reference, a boolean, an integer, or a string without its
    /// surrounding quotes and escapes.
    static func value(type: String, _ raw: String) -> AndroidValue {
        let text = raw.trimmingWhitespace
        if let reference = ResourceReference.parse(text) { return .reference(reference) }
        switch type {
        case "bool": return text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : .text(text)
        case "integer": return Int64(text).map(AndroidValue.integer) ?? .text(text)
        default:
            var unquoted = text
            if unquoted.count >= 2, unquoted.hasPrefix("\""), unquoted.hasSuffix("\"") {
                unquoted = String(unquoted.dropFirst().dropLast())
            }
            return .text(unquoted.replacingScalars("\\'", with: "'").replacingScalars("\\\"", with: "\""))
        }
    }
}
