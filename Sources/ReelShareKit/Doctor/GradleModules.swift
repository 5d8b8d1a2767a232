// A Gradle build's modules: which are apps (they apply the application plugin, by id or a version
// catalog's alias), where settings.gradle puts them (at any depth), the build's root, and which
// of them an app builds, so that code in another module (a Wear OS app's beside the phone's) is
// not that app's.

/// The modules of a Gradle build, as directories: those an app builds and the rest.
public struct GradleModules: Sendable, Equatable {
    public var built: [String] = []
    public var others: [String] = []

    public init(built: [String] = [], others: [String] = []) {
        self.built = built
        self.others = others
    }

    /// Whether `file` lies in one of the other modules: the deepest module holding it is not one
    /// the app builds (`app/wear` inside `app`). A file in no module is the app's.
    public func excludes(_ file: String) -> Bool {
        func holds(_ directory: String) -> Bool { directory.isEmpty || directory == "." || file.hasPrefix(directory + "/") }
        let deepestBuilt = built.filter(holds).map(\.count).max() ?? -1
        let deepestOther = others.filter(holds).map(\.count).max() ?? -1
        return deepestOther > deepestBuilt
    }

    /// The same modules named as `rename` names paths (the path given, not the project's root).
    public func renamed(_ rename: (String) -> String) -> GradleModules {
        GradleModules(built: built.map(rename), others: others.map(rename))
    }
}

extension AndroidProject {
    /// The app modules: `app`, else every module whose build file applies the application plugin,
    /// among those settings.gradle includes (`include(":app:android-main")`, at any depth) and
    /// then the directories beside it (a phone app and its Wear OS app are two apps).
    static func appModules(_ tree: AppTree, _ root: String) -> [String] {
        let app = AppPath.join(root, "app")
        if tree.exists(AppPath.join(app, "src/main/AndroidManifest.xml")) { return [app] }
        let children = (tree.list(root) ?? []).filter { $0.isDirectory && !skipped.contains($0.name) }.map(\.name)
        var seen: Set<String> = []
        var modules: [String] = []
        for relative in includedModules(tree, root) + children where seen.insert(relative).inserted {
            let module = AppPath.join(root, relative)
            guard tree.exists(AppPath.join(module, "src/main/AndroidManifest.xml")) else { continue }
            if appliesApplicationPlugin(gradle(tree, module)) { modules.append(module) }
        }
        return modules
    }

    /// The Gradle build that holds `module`: the nearest directory above it with a settings file
    /// (`app/android-main` is two levels down), else its parent.
    static func gradleRoot(_ tree: AppTree, of module: String) -> String {
        var directory = AppPath.parent(module)
        for _ in 0..<4 {
            if ["settings.gradle", "settings.gradle.kts"].contains(where: { tree.exists(AppPath.join(directory, $0)) }) {
                return directory
            }
            guard !directory.isEmpty, directory != "." else { break }
            directory = AppPath.parent(directory)
        }
        return AppPath.parent(module)
    }

    /// Whether a module's build file applies Android's application plugin: by its id
    /// (`com.android.application`) or a version catalog's alias for it, as Android Studio's
    /// templates name it (`libs.plugins.android.application`, `libs.plugins.androidApplication`).
    static func appliesApplicationPlugin(_ build: String) -> Bool {
        build.contains("android.application") || build.contains("androidApplication")
    }

    /// The modules a Gradle build's settings include, as directories below its root: `":app"`,
    /// `':app:android-main'` as app/android-main. (A module moved by `projectDir` is not followed.)
    static func includedModules(_ tree: AppTree, _ root: String) -> [String] {
        var modules: [String] = []
        for name in ["settings.gradle", "settings.gradle.kts"] {
            guard let bytes = try? tree.read(AppPath.join(root, name), limit: AppFinder.configLimit) else { continue }
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.contains("include") {
                // Each quoted ':a:b' on the line.
                let parts = line.split(whereSeparator: { $0 == "\"" || $0 == "'" })
                for (index, part) in parts.enumerated() where index % 2 == 1 && part.hasPrefix(":") {
                    let path = part.split(separator: ":").joined(separator: "/")
                    if !path.isEmpty, modules.count < 500 { modules.append(path) }
                }
            }
        }
        return modules
    }

    /// The module's build file (Groovy or Kotlin), as text; empty when there is none.
    static func gradle(_ tree: AppTree, _ module: String) -> String {
        for name in ["build.gradle", "build.gradle.kts"] {
            if let bytes = try? tree.read(AppPath.join(module, name), limit: AppFinder.configLimit) {
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return ""
    }
}
