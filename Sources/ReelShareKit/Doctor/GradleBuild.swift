// What an Android module's build file (Groovy or Kotlin DSL) says that decides the manifest Gradle
// merges: its product flavours and so the release variants it builds, the local library modules
// it depends on (`project(':common')`, `projects.common`), its manifestPlaceholders, its
// targetSdkVersion, and the Maven artefacts it ships (through a version catalog too). Read as text, as
// far as literals go: a value computed by the build (`project.property("targetSdk")`) is unknown.

enum GradleBuild {
    /// One variant Gradle builds: its name (prodRelease; nil when the module has no flavours)
    /// and its source sets other than main, highest priority first (prodRelease, release, prod).
    struct Variant: Equatable {
        var named: String?
        var sourceSets: [String]
        /// The application id it is built with: defaultConfig's, or its highest-priority
        /// flavour's, then the flavours' and the release build type's `applicationIdSuffix`;
        /// nil when the build file gives none as a literal.
        var applicationId: String? = nil
    }

    /// The most local modules followed from an app module (a large app has some dozens).
    static let maxModules = 500

    /// The release variants of a module: each combination of its flavours (one per dimension)
    /// with the release build type; one, `release`, without flavours.
    static func releaseVariants(_ build: String) -> [Variant] {
        let text = uncommented(build)
        let base = block("defaultConfig", in: text).flatMap { AndroidProject.quoted(after: "applicationId", in: String($0)) }
        let release = block("buildTypes", in: text).flatMap { types in entries(in: types).first { $0.0 == "release" }?.1 }
        let releaseSuffix = release.flatMap { AndroidProject.quoted(after: "applicationIdSuffix", in: String($0)) } ?? ""
        guard let flavours = block("productFlavors", in: text) else {
            return [Variant(named: nil, sourceSets: ["release"], applicationId: base.map { $0 + releaseSuffix })]
        }
        var byDimension: [String: [String]] = [:]
        var order: [String] = quotedList(after: "flavorDimensions", in: text)
        var bodies: [String: String] = [:]
        for (name, body) in entries(in: flavours) {
            bodies[name] = String(body)
            let dimension = AndroidProject.quoted(after: "dimension", in: String(body)) ?? ""
            if !order.contains(dimension) { order.append(dimension) }
            byDimension[dimension, default: []].append(name)
        }
        var combinations: [[String]] = [[]]
        for dimension in order where !(byDimension[dimension] ?? []).isEmpty {
            combinations = combinations.flatMap { prefix in byDimension[dimension]!.map { prefix + [$0] } }
        }
        guard combinations != [[]] else {
            return [Variant(named: nil, sourceSets: ["release"], applicationId: base.map { $0 + releaseSuffix })]
        }
        return combinations.map { flavours in
            let combined = flavours.enumerated().map { $0.offset == 0 ? $0.element : capitalized($0.element) }.joined()
            var sets = [combined + "Release", "release"]
            if flavours.count > 1 { sets.append(combined) }
            sets += flavours
            // The first dimension's flavour has the highest priority; suffixes add up in order.
            let id =
                flavours.lazy.compactMap { bodies[$0].flatMap { AndroidProject.quoted(after: "applicationId", in: $0) } }
                .first ?? base
            let suffix = flavours.compactMap {
                bodies[$0].flatMap { AndroidProject.quoted(after: "applicationIdSuffix", in: $0) }
            }
            .joined()
            return Variant(named: combined + "Release", sourceSets: sets, applicationId: id.map { $0 + suffix + releaseSuffix })
        }
    }

    /// The local library modules `module` (whose build file is `build`) depends on, and theirs
    /// in turn (not test or lint dependencies), nearest first: each directory with its build
    /// file's text, read once.
    static func localModules(_ tree: AppTree, from module: String, build: String) -> [(directory: String, build: String)] {
        let root = AndroidProject.gradleRoot(tree, of: module)
        var found: [(directory: String, build: String)] = []
        let identity = { (directory: String) in tree.identity(of: directory) ?? AppPath.normalized(directory) }
        var seen: Set<String> = [identity(module)]
        var pending = [build]
        var next = 0
        while next < pending.count, found.count < maxModules {
            let text = uncommented(pending[next])
            next += 1
            for path in projectReferences(text) {
                guard let directory = moduleDirectory(tree, root: root, path: path),
                    seen.insert(identity(directory)).inserted
                else { continue }
                let moduleBuild = AndroidProject.gradle(tree, directory)
                found.append((directory, moduleBuild))
                pending.append(moduleBuild)
            }
        }
        return found
    }

    /// The module paths a build file's dependencies name: `project(':a:b')` as [a, b],
    /// `projects.a.b` as [a, b] (type-safe accessors, camel case for a hyphenated name).
    static func projectReferences(_ build: String) -> [[String]] {
        var result: [[String]] = []
        for line in build.split(whereSeparator: \.isNewline) {
            let statement = line.drop { $0 == " " || $0 == "\t" }
            let excluded = [
                "test", "androidTest", "debug", "lintChecks", "lintPublish", "kapt", "ksp", "detekt", "screenshotTest",
                "testFixtures",
            ]
            if excluded.contains(where: { statement.hasPrefix($0) }) { continue }
            if let range = statement.firstRange(of: "project(") {
                let rest = statement[range.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "(" }
                let path = rest.prefix { $0 != "\"" && $0 != "'" && $0 != ")" }
                if path.hasPrefix(":") { result.append(path.split(separator: ":").map(String.init)) }
            } else if let range = statement.firstRange(of: "projects.") {
                let path = statement[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
                let parts = path.split(separator: ".").map(String.init)
                if !parts.isEmpty { result.append(parts) }
            }
        }
        return result
    }

    /// The directory of the module at `path` under the Gradle root: each part a directory,
    /// found as written or, for an accessor's camel case, by its letters ("mediaNoop" is
    /// media-noop); nil when there is none with a build file.
    static func moduleDirectory(_ tree: AppTree, root: String, path: [String]) -> String? {
        var directory = root
        for part in path {
            let key = letters(part)
            guard
                let entry = (tree.list(directory) ?? []).first(where: { $0.isDirectory && $0.name == part })
                    ?? (tree.list(directory) ?? []).first(where: { $0.isDirectory && letters($0.name) == key })
            else { return nil }
            directory = AppPath.join(directory, entry.name)
        }
        let hasBuild = ["build.gradle", "build.gradle.kts"].contains { tree.exists(AppPath.join(directory, $0)) }
        return hasBuild ? directory : nil
    }

    private static func letters(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// `manifestPlaceholders` given as literals: `[key: "value"]` (Groovy), `mapOf("key" to
    /// "value")`, `["key"] = "value"` and `put("key", "value")` (Kotlin).
    static func manifestPlaceholders(_ build: String) -> [String: String] {
        var result: [String: String] = [:]
        let text = uncommented(build)
        var rest = Substring(text)
        while let range = rest.firstRange(of: "manifestPlaceholders") {
            rest = rest[range.upperBound...]
            // The statement: to the end of its brackets, or of its line.
            var depth = 0
            var end = rest.startIndex
            for index in rest.indices {
                let character = rest[index]
                if character == "[" || character == "(" { depth += 1 }
                if character == "]" || character == ")" { depth -= 1 }
                end = index
                if depth <= 0 && (character == "\n" || (depth < 0)) { break }
            }
            let statement = rest[..<end]
            let strings = quotedStrings(statement)
            if statement.contains(" to ") || statement.contains("put(") || statement.drop(while: { $0 == " " }).hasPrefix("[\"") {
                // Kotlin: "key" to "value", put("key", "value"), ["key"] = "value": strings in pairs.
                for pair in stride(from: 0, to: strings.count - 1, by: 2) { result[strings[pair]] = strings[pair + 1] }
            } else {
                // Groovy: key: "value".
                for part in statement.split(separator: ",") {
                    let pieces = part.split(separator: ":", maxSplits: 1)
                    guard pieces.count == 2 else { continue }
                    let key = pieces[0].filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                    if let value = quotedStrings(pieces[1]).first, !key.isEmpty { result[key] = value }
                }
            }
            rest = rest[end...]
        }
        return result
    }

    /// `targetSdkVersion 28`, `targetSdk = 34`, `targetSdkVersion(33)`: a number; nil for a
    /// value the build computes.
    static func targetSdk(_ build: String) -> Int? {
        for line in uncommented(build).split(whereSeparator: \.isNewline) {
            let statement = line.drop { $0 == " " || $0 == "\t" }
            for keyword in ["targetSdkVersion", "targetSdk"] where statement.hasPrefix(keyword) {
                let value = statement.dropFirst(keyword.count).drop { $0 == " " || $0 == "=" || $0 == "(" }
                let digits = value.prefix { $0.isNumber }
                guard !digits.isEmpty, value.dropFirst(digits.count).allSatisfy({ $0 == " " || $0 == ")" || $0 == ";" })
                else { continue }
                return Int(digits)
            }
        }
        return nil
    }

    // MARK: dependencies

    /// The Maven artefacts ("group:artifact") that `build`'s dependencies ship in a release: its
    /// `dependencies` blocks' `implementation`, `api`, `runtimeOnly` and `compile`
    /// lines and their flavour and build-type forms (`prodImplementation`), not those of tests,
    /// debug builds, annotation processors or the build script; version-catalog entries resolved
    /// through `catalog` (gradle/libs.versions.toml's libraries, as `catalogLibraries` reads them). What cannot be named as an artefact
    /// (local .jar and .aar files, a catalog entry that is not there) is said in words.
    static func dependencies(_ build: String, catalog libraries: [String: [String]] = [:]) -> [String] {
        var text = uncommented(build)
        // The build script's own dependencies (`classpath`) build the app; they do not ship.
        if let script = block("buildscript", in: text) { text.removeSubrange(script.startIndex..<script.endIndex) }
        // Every `dependencies` block (a build file may have several).
        var statements: [Substring] = []
        var remaining = text
        while let body = block("dependencies", in: remaining) {
            statements += body.split(whereSeparator: { $0.isNewline || $0 == ";" })
            remaining = String(remaining[body.endIndex...])
        }
        var found: [String] = []
        for line in statements {
            let statement = line.trimmingBlanks
            let configuration = String(statement.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            guard ships(configuration) else { continue }
            let rest = statement.dropFirst(configuration.count)
            if rest.contains("project(") || rest.contains("projects.") || rest.contains("platform(") { continue }
            if rest.contains("files(") || rest.contains("fileTree(") || rest.contains("ext:") || rest.contains("ext =") {
                found.append("local .jar or .aar files")
                continue
            }
            let strings = quotedStrings(rest)
            if let coordinate = strings.first(where: { $0.split(separator: ":").count >= 2 }) {
                found.append(coordinate.split(separator: ":").prefix(2).joined(separator: ":"))
            } else if rest.contains("group"), strings.count >= 2 {
                found.append("\(strings[0]):\(strings[1])")
            } else if let range = rest.firstRange(of: "libs.") {
                let accessor = "libs." + rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
                found += libraries[accessor] ?? [accessor]
            }
        }
        return found
    }

    /// Whether a dependency configuration's artefacts ship in a release build.
    private static func ships(_ configuration: String) -> Bool {
        let lower = configuration.lowercased()
        guard ["implementation", "api", "runtimeonly", "compile"].contains(where: { lower.hasSuffix($0) }) else { return false }
        // (screenshotTest: the screenshot-testing plugin's; desktopMain, jvmMain, iosMain: other
        // Kotlin Multiplatform targets')
        let notShipped = [
            "test", "androidtest", "debug", "unittest", "testfixtures", "compileonly", "lintchecks", "screenshottest",
            "desktopmain", "jvmmain", "iosmain",
        ]
        return !notShipped.contains {
            lower.hasPrefix($0) || lower.hasSuffix($0)
        }
    }

    /// A version catalog's libraries and bundles by accessor (`libs.androidx.core.ktx`,
    /// `libs.bundles.compose`), each as its artefacts: `alias = "g:a:v"`,
    /// `alias = { module = "g:a", … }` or `alias = { group = "g", name = "a", … }`.
    static func catalogLibraries(_ catalog: String) -> [String: [String]] {
        var libraries: [String: [String]] = [:]
        var bundles: [(String, [String])] = []
        var section = ""
        for line in catalog.split(whereSeparator: \.isNewline) {
            let text = line.trimmingBlanks
            if text.hasPrefix("[") {
                section = String(text)
                continue
            }
            guard let equals = text.firstIndex(of: "="), !text.hasPrefix("#") else { continue }
            let alias = text[..<equals].trimmingBlanks.filter { $0 != "\"" }
            let accessor = alias.map { $0 == "-" || $0 == "_" ? "." : $0 }
            let value = text[text.index(after: equals)...]
            let strings = quotedStrings(value)
            switch section {
            case "[libraries]":
                if let coordinate = strings.first(where: { $0.split(separator: ":").count >= 2 }) {
                    libraries["libs." + String(accessor)] = [coordinate.split(separator: ":").prefix(2).joined(separator: ":")]
                } else if value.contains("group"), value.contains("name"), strings.count >= 2 {
                    libraries["libs." + String(accessor)] = ["\(strings[0]):\(strings[1])"]
                }
            case "[bundles]":
                bundles.append(
                    ("libs.bundles." + String(accessor), strings.map { "libs." + $0.map { $0 == "-" || $0 == "_" ? "." : $0 } }))
            default:
                continue
            }
        }
        for (accessor, members) in bundles {
            libraries[accessor] = members.flatMap { libraries[String($0)] ?? [String($0)] }
        }
        return libraries
    }

    // MARK: text

    /// The text with `//` and `/* */` comments blanked (not inside quotes).
    static func uncommented(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var characters = Substring(text)
        var quote: Character?
        while let character = characters.first {
            characters = characters.dropFirst()
            if let open = quote {
                out.append(character)
                if character == "\\", let next = characters.first {
                    out.append(next)
                    characters = characters.dropFirst()
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
                out.append(character)
            } else if character == "/", characters.first == "/" {
                characters = characters.drop { $0 != "\n" }
            } else if character == "/", characters.first == "*" {
                if let end = characters.dropFirst().firstRange(of: "*/") {
                    characters = characters[end.upperBound...]
                } else {
                    characters = ""
                }
                out.append(" ")
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The body of the first `name { … }` block (its braces matched), nil when there is none.
    static func block(_ name: String, in text: String) -> Substring? {
        guard !name.isEmpty else { return nil }
        var rest = Substring(text)
        while let range = rest.firstRange(of: name) {
            let before = rest[..<range.lowerBound].last
            rest = rest[range.upperBound...]
            guard before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true else { continue }
            let after = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard after.first == "{" else { continue }
            return body(after)
        }
        return nil
    }

    /// The text inside the braces `text` starts with.
    private static func body(_ text: Substring) -> Substring {
        var depth = 0
        for index in text.indices {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { return text[text.index(after: text.startIndex)..<index] }
            }
        }
        return text.dropFirst()
    }

    /// The entries a block declares at its top level: `name { … }` (Groovy) and
    /// `create("name") { … }`, `register("name")`, `maybeCreate("name")` (Kotlin).
    static func entries(in block: Substring) -> [(String, Substring)] {
        var result: [(String, Substring)] = []
        var depth = 0
        var index = block.startIndex
        var statementStart = block.startIndex
        while index < block.endIndex {
            let character = block[index]
            if character == "{" {
                if depth == 0 {
                    let head = block[statementStart..<index].trimmingBlanks
                    let inner = body(block[index...])
                    if let name = entryName(head) { result.append((name, inner)) }
                    // Past the entry's body.
                    index = inner.endIndex < block.endIndex ? block.index(after: inner.endIndex) : block.endIndex
                    statementStart = index
                    continue
                }
                depth += 1
            } else if character == "}" {
                depth -= 1
            } else if depth == 0 && (character == "\n" || character == ";") {
                let head = block[statementStart..<index].trimmingBlanks
                // A Kotlin entry with no body: register("name").
                if let name = entryName(head), head.contains("(") { result.append((name, "")) }
                statementStart = block.index(after: index)
            }
            index = block.index(after: index)
        }
        return result
    }

    private static func entryName(_ head: Substring) -> String? {
        for call in ["create(", "register(", "maybeCreate(", "getByName("] where head.hasPrefix(call) {
            return quotedStrings(head).first
        }
        guard !head.isEmpty, head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), head.first?.isLetter == true else {
            return nil
        }
        return String(head)
    }

    /// The quoted strings on a `keyword "a", "b"` or `keyword += listOf("a", "b")` line.
    static func quotedList(after keyword: String, in text: String) -> [String] {
        for line in text.split(whereSeparator: \.isNewline) {
            let statement = line.drop { $0 == " " || $0 == "\t" }
            if statement.hasPrefix(keyword) { return quotedStrings(statement.dropFirst(keyword.count)) }
        }
        return []
    }

    /// The strings quoted in `text` ("…" or '…', a backslash escaping the next character).
    static func quotedStrings(_ text: Substring) -> [String] {
        var result: [String] = []
        var current: String?
        var open: Character = "\""
        var escaped = false
        for character in text {
            guard var string = current else {
                if character == "\"" || character == "'" {
                    open = character
                    current = ""
                }
                continue
            }
            if escaped {
                string.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == open {
                result.append(string)
                current = nil
                continue
            } else {
                string.append(character)
            }
            current = string
        }
        return result
    }

    private static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}

extension Substring {
    /// Without the blanks (spaces, tabs, line ends) at either end.
    var trimmingBlanks: Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}

extension String {
    /// Without the blanks (spaces, tabs, line ends) at either end.
    var trimmingBlanks: Substring { self[...].trimmingBlanks }
}
