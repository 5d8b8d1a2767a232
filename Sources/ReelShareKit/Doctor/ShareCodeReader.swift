// Reading an app's sources for its share calls (ShareCode.swift holds what is found): each
// file of a source language under the path, not dependencies, build outputs, tests, generated or
// minified files; a byte search passes over files with no share word before any is split into
// lines. The targets' schemes and actions come from their profiles, the plugins' calls from their
// data files (SharePlugin). Bounded: 1 MB a file, 20,000 files, 50 calls a file and 2,000 in all.
import FoundationEssentials

public enum ShareCodeReader {
    enum Language { case apple, jvm, dart, javascript }

    static let languages: [String: Language] = [
        "swift": .apple, "m": .apple, "mm": .apple, "kt": .jvm, "java": .jvm, "dart": .dart, "js": .javascript,
        "jsx": .javascript, "ts": .javascript, "tsx": .javascript, "mjs": .javascript,
    ]
    /// Source files larger than this are not an app's own code (a bundle, a generated table).
    public static let fileLimit = 1 << 20
    /// At most this many source files are read, and directories listed, under one path (a home
    /// directory given by mistake ends).
    public static let fileBudget = 20_000
    /// The most calls kept from one file and from all (each call's surroundings are read once;
    /// a file of nothing but share URLs is not a share feature), and of getUriForFile calls.
    public static let callsPerFile = 50, callLimit = 2_000, providerCallLimit = 1_000
    /// Directories never read: dependencies, build outputs, tests.
    static let skipped: Set<String> = AppFinder.notApps.union([
        "androidTest", "testDebug", "testRelease", "Tests", "UITests", "generated", "Generated", ".idea", ".vscode",
        "ios/Pods",
    ])

    /// Whether `directory` (listed as `entries`) is a Gradle build of its own that builds an
    /// Android app: a settings.gradle(.kts), and a build.gradle(.kts) in it, one level down or in
    /// a module its settings include that applies the application plugin (by id or alias).
    static func isApplicationBuild(_ tree: AppTree, _ directory: String, _ entries: [AppTreeEntry]) -> Bool {
        guard entries.contains(where: { !$0.isDirectory && ($0.name == "settings.gradle" || $0.name == "settings.gradle.kts") })
        else { return false }
        let modules =
            [directory] + entries.filter { $0.isDirectory && !$0.name.hasPrefix(".") }.map { AppPath.join(directory, $0.name) }
            + AndroidProject.includedModules(tree, directory).map { AppPath.join(directory, $0) }
        return modules.contains { AndroidProject.appliesApplicationPlugin(AndroidProject.gradle(tree, $0)) }
    }

    /// Reads the sources under `root` of `tree` for the share calls of `targets` and `plugins`.
    public static func read(_ tree: AppTree, under root: String = "", targets: [TargetProfile], plugins: [SharePlugin])
        -> ShareCode
    {
        var code = ShareCode()
        var queue = [root]
        var next = 0
        // Each directory once, however many links reach it (a link to `.` is a loop).
        var seen: Set<String> = []
        var constants: [String: String] = [:]
        var feedCandidates: [(file: String, line: Int, text: String)] = []
        // Every source file, storyboard and xib, where a share helper's callers are looked for.
        var sources: [(path: String, language: Language?)] = []
        while next < queue.count, next < fileBudget {
            let directory = queue[next]
            next += 1
            guard seen.insert(tree.identity(of: directory) ?? directory).inserted else { continue }
            let entries = tree.list(directory) ?? []
            if directory != root, isApplicationBuild(tree, directory, entries) { code.applicationBuilds.append(directory) }
            if let plugin = knownPlugin(tree, directory, entries, plugins: plugins) { code.pluginSources.append(plugin) }
            for entry in entries {
                let path = AppPath.join(directory, entry.name)
                if entry.isDirectory {
                    if !entry.name.hasPrefix("."), !skipped.contains(entry.name), !entry.name.hasSuffix("Tests"),
                        !entry.name.hasSuffix(".xcodeproj"), !entry.name.hasSuffix(".app")
                    {
                        queue.append(path)
                    }
                    continue
                }
                if entry.name.hasSuffix(".storyboard") || entry.name.hasSuffix(".xib")
                    || (entry.name.hasSuffix(".xml") && directory.hasSuffix("/layout"))
                {
                    sources.append((path, nil))
                }
                guard let language = language(of: entry.name) else { continue }
                guard code.filesRead + code.filesSkipped < fileBudget else { break }
                sources.append((path, language))
                guard let bytes = try? tree.read(path, limit: fileLimit) else {
                    code.filesSkipped += 1
                    continue
                }
                if isGenerated(bytes, language: language) {
                    code.filesSkipped += 1
                    continue
                }
                code.filesRead += 1
                scan(
                    bytes, file: path, language: language, targets: targets, plugins: plugins, into: &code,
                    constants: &constants, feedCandidates: &feedCandidates)
            }
        }
        // A share call in a function that nothing names is not made.
        var functions: [String: Set<String>] = [:]
        for call in code.calls { if let function = call.function { functions[function, default: []].insert(call.file) } }
        if !functions.isEmpty {
            let dead = unreached(functions, in: sources, tree: tree)
            for index in code.calls.indices where code.calls[index].function.map(dead.contains) == true {
                code.calls[index].unreached = true
            }
        }
        // Instagram's feed: ACTION_SEND with the package set to Instagram's, directly or through a
        // constant that holds it.
        if let feed = targets.first(where: { $0.android?.action == "android.intent.action.SEND" }) {
            let names = Set(constants.filter { $0.value == instagramPackage(feed) }.map(\.key))
            for candidate in feedCandidates
            where candidate.text.contains("\"\(instagramPackage(feed))\"")
                || names.contains(where: { candidate.text.contains($0) })
            {
                code.calls.append(
                    ShareCall(
                        target: feed.id, platform: .android, file: candidate.file, line: candidate.line,
                        written: String(candidate.text.trimmingBlanks), carriesAppId: true))
                break
            }
        }
        return code
    }

    /// Whether `directory` is the package of a known share plugin (its pubspec.yaml's or
    /// package.json's name is the plugin's, as when a project vendors it or is its repository):
    /// its native code is the plugin's, which the app reaches only through the plugin's calls.
    static func knownPlugin(_ tree: AppTree, _ directory: String, _ entries: [AppTreeEntry], plugins: [SharePlugin])
        -> String?
    {
        for (file, prefix) in [("pubspec.yaml", "pub:"), ("package.json", "npm:")]
        where entries.contains(where: { !$0.isDirectory && $0.name == file }) {
            guard let bytes = try? tree.read(AppPath.join(directory, file), limit: fileLimit) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            let name: String?
            if prefix == "pub:" {
                name = text.split(separator: "\n").first { $0.hasPrefix("name:") }.map {
                    String($0.dropFirst(5).trimmingBlanks.trimming { $0 == "\"" || $0 == "'" })
                }
            } else {
                name = JSON.parse(bytes)?["name"]?.stringValue
            }
            if let name, plugins.contains(where: { $0.packages.contains(prefix + name) }) { return directory }
        }
        return nil
    }

    private static func instagramPackage(_ feed: TargetProfile) -> String { feed.android?.package ?? "com.instagram.android" }

    static func language(of name: String) -> Language? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let base = name[..<dot]
        // Tests and generated files by their names.
        if base.hasSuffix("Test") || base.hasSuffix("Tests") || base.hasSuffix(".test") || base.hasSuffix(".spec")
            || base.hasSuffix("_test") || base.hasSuffix(".g") || base.hasSuffix(".freezed") || base.hasSuffix(".min")
            || base.hasSuffix(".pb") || base.hasSuffix(".generated") || base == "R" || base == "BuildConfig"
        {
            return nil
        }
        return languages[String(name[name.index(after: dot)...])]
    }

    /// A generated file (it says so at its top) or a minified one (lines hundreds of characters long).
    static func isGenerated(_ bytes: [UInt8], language: Language) -> Bool {
        let head = String(decoding: bytes.prefix(600), as: UTF8.self)
        if head.contains("@generated") || head.contains("DO NOT EDIT") || head.contains("GENERATED CODE") { return true }
        guard language == .javascript, bytes.count > 10_000 else { return false }
        let lines = bytes.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        return bytes.count / lines > 500
    }

    // MARK: one file

    static func scan(
        _ bytes: [UInt8], file: String, language: Language, targets: [TargetProfile], plugins: [SharePlugin],
        into code: inout ShareCode, constants: inout [String: String],
        feedCandidates: inout [(file: String, line: Int, text: String)]
    ) {
        // Most of an app's files hold no share code: a search of the bytes for the words every
        // share call writes passes them over without splitting them into lines.
        let words =
            ["instagram", "facebook", "getUriForFile", "ACTION_SEND", "android.intent.action.SEND"]
            + targets.compactMap { $0.android?.action } + plugins.flatMap(\.imports)
        guard words.contains(where: { contains(bytes, $0) }) else { return }
        // Past the limit of calls nothing more is kept: the rest of the files are counted, not read.
        guard code.calls.count < callLimit else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let usedPlugins = plugins.filter { plugin in plugin.imports.contains { text.contains($0) } }
        let sends = text.contains("ACTION_SEND") || text.contains("android.intent.action.SEND")
        let before = code.calls.count, providersBefore = code.providerCalls.count
        let spans = CallSpans(lines, targets: targets)
        let storyActions = targets.compactMap { $0.android?.action }.filter { $0 != "android.intent.action.SEND" }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if code.calls.count - before >= callsPerFile || code.calls.count >= callLimit { break }
            // A call commented out shares nothing (`// await SocialShare.shareInstagramStory(…)`),
            // nor one a log message names.
            if isComment(line) || isLog(line) { continue }
            // Cheap tests first: most lines hold none of these.
            if has(line, "://") {
                for target in targets {
                    guard let scheme = target.ios?.queryScheme, let at = line.firstRange(of: "\(scheme)://") else { continue }
                    let written = line[at.lowerBound...].prefix { $0 != "\"" && $0 != "'" && $0 != "?" && $0 != "`" }
                    let window = around(lines, index, before: 30, after: 30, within: spans.around(index))
                    // The App ID where the target reads it: Instagram Stories in the URL's
                    // source_application, the others under the pasteboard's appID key.
                    let placed = { (words: [String]) in
                        words.contains { window.contains($0) || (spans.isOnly(index) && text.contains($0)) }
                    }
                    let (expected, other) = appIdWords(target)
                    var call = ShareCall(
                        target: target.id, platform: .ios, file: file, line: number, written: String(written),
                        carriesAppId: placed(expected))
                    if !call.carriesAppId, placed(other) { call.misplacedAppId = other[0] }
                    call.appIdLiteral =
                        (expected + other).lazy.compactMap { literal(after: $0, in: window) }.first
                        ?? describedOptional(in: window, file: lines)
                    if language == .apple { call.mediaNotData = mediaNotData(lines, index) }
                    call.isDefinition = namesOnly(line) || isProbe(lines, index, within: spans.around(index), platform: .ios)
                    code.calls.append(call)
                }
            }
            if language != .apple, has(line, ".share.") || has(line, ".stories.") || has(line, ".reels.") {
                for target in targets {
                    guard let action = target.android?.action, action != "android.intent.action.SEND", has(line, action)
                    else { continue }
                    var call = androidCall(target, lines, index, file: file, written: action, within: spans.around(index))
                    // An intent built across a class's methods (the constructor sets the action,
                    // another puts the extras): the App ID anywhere in a file of one call counts.
                    let keys = [target.android?.extras.appId, "source_application"].compactMap { $0 }
                    call.carriesAppId = call.carriesAppId || (spans.isOnly(index) && keys.contains { text.contains($0) })
                    call.isDefinition = namesOnly(line) || isProbe(lines, index, within: spans.around(index), platform: .android)
                    code.calls.append(call)
                }
            }
            if language == .jvm, has(line, "getUriForFile("), code.providerCalls.count - providersBefore < 20,
                code.providerCalls.count < providerCallLimit
            {
                code.providerCalls.append(providerCall(lines, index, file: file))
            }
            // (a setPackage of a Stories or Reels intent, whose action is near it, is not the feed's)
            if sends, has(line, "setPackage("), feedCandidates.count < providerCallLimit,
                !storyActions.contains(where: { around(lines, index, before: 8, after: 2).contains($0) })
            {
                feedCandidates.append((file, number, String(line)))
            }
            if has(line, "\"com.") || has(line, "'com."), constants.count < 10_000, let constant = constant(line) {
                constants[constant.name] = constant.value
            }
            for plugin in usedPlugins {
                for call in plugin.calls where hasToken(line, call.call) {
                    let window = around(lines, index, before: 2, after: 15)
                    code.calls.append(
                        ShareCall(
                            target: call.target, platform: call.platform, file: file, line: number, written: call.call,
                            plugin: plugin.id,
                            carriesAppId: call.sendsAppId && (call.appIdArgument.map { window.contains($0) } ?? true),
                            appIdLiteral: call.appIdArgument.map { literal(after: $0, in: window) }
                                ?? (call.sendsAppId ? firstArgument(of: call.call, in: window) : nil)))
                }
            }
        }
        for index in before..<code.calls.count {
            code.calls[index].function = enclosingFunction(lines, code.calls[index].line - 1, language: language)
        }
    }

    /// Whether `bytes` hold `word`: Horspool's search, which skips by the word's length where
    /// its last byte's place does not match.
    static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        let n = needle.count
        guard n > 0, bytes.count >= n else { return n == 0 }
        var skip = [Int](repeating: n, count: 256)
        for index in 0..<(n - 1) { skip[Int(needle[index])] = n - 1 - index }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                let last = pattern[n - 1]
                var at = 0
                while at <= haystack.count - n {
                    let byte = haystack[at + n - 1]
                    if byte == last {
                        var match = true
                        var index = n - 2
                        while index >= 0 {
                            if haystack[at + index] != pattern[index] {
                                match = false
                                break
                            }
                            index -= 1
                        }
                        if match { return true }
                    }
                    at += skip[Int(byte)]
                }
                return false
            }
        }
    }

    /// An intent of the app's own: what the code around the action line carries.
    static func androidCall(
        _ target: TargetProfile, _ lines: [Substring], _ index: Int, file: String, written: String,
        within span: Range<Int>? = nil
    ) -> ShareCall {
        let span = span ?? lines.indices
        let window = around(lines, index, before: 8, after: 20, within: span)
        let appIdKeys = [target.android?.extras.appId, "source_application", "APPLICATION_ID"].compactMap { $0 }
        let handsOver = ["setDataAndType(", "setData(", "EXTRA_STREAM", "interactive_asset_uri", ".data = "].contains {
            window.contains($0)
        }
        let grants = window.contains("FLAG_GRANT_READ_URI_PERMISSION") || window.contains("grantUriPermission")
        var fileURI: Int?
        for offset in max(span.lowerBound, index - 8)..<min(lines.count, span.upperBound, index + 21) {
            let line = lines[offset]
            if isComment(line) { continue }
            // Handed over as a file:// URI; not a test of one (startsWith), nor the pre-API-24
            // branch beside a getUriForFile.
            let tests = ["startsWith", "removePrefix", "replace", "equals", "hasPrefix"].contains { line.contains($0) }
            if (line.contains("Uri.fromFile(") || line.contains("\"file://") || fileToUri(line)) && !tests {
                fileURI = offset + 1
                break
            }
        }
        // The pre-API-24 branch of an `if (SDK_INT >= 24) getUriForFile(…) else Uri.fromFile(…)`.
        if let line = fileURI,
            lines[max(0, line - 4)..<min(lines.count, line + 3)].contains(where: { $0.contains("getUriForFile(") })
        {
            fileURI = nil
        }
        var call = ShareCall(
            target: target.id, platform: .android, file: file, line: index + 1, written: written,
            carriesAppId: appIdKeys.contains { window.contains($0) }, grantsRead: handsOver ? grants : nil,
            fileURILine: fileURI)
        call.appIdLiteral = appIdKeys.lazy.compactMap { literal(after: $0, in: window) }.first
        // A sticker handed over in an extra: the intent's grant flag covers its data and clip
        // data only, so the target needs grantUriPermission for it.
        if let sticker = target.android?.extras.sticker, target.android?.grants.contains(.sticker) == true,
            window.contains(sticker)
        {
            call.stickerGranted = window.contains("grantUriPermission")
        }
        return call
    }

    /// AndroidX's `File.toUri()` (core-ktx), which is Uri.fromFile: `file.toUri()`,
    /// `File(path).toUri()`, `imageFile.toUri()` (not a String's toUri(), which parses).
    static func fileToUri(_ line: Substring) -> Bool {
        guard let range = line.firstRange(of: ".toUri()") else { return false }
        let before = line[..<range.lowerBound]
        if before.hasSuffix(")") { return before.contains("File(") }
        let receiver = before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return String(receiver.reversed()).lowercased().hasSuffix("file")
    }

    /// The media keys a pasteboard share reads as bytes (Meta: "NSData"), given near the call a
    /// value that is a URL, a path or a string instead: `"…backgroundVideo": videoURL`,
    /// `items["…backgroundVideo"] = url.absoluteString`, `[items setObject:url forKey:@"…backgroundVideo"]`.
    static func mediaNotData(_ lines: [Substring], _ index: Int) -> ShareCall.MediaKey? {
        let keys = ["backgroundVideo", "backgroundImage", "stickerImage"]
        // (the items may be filled well after the URL is made: openlly's are 50 lines on)
        for offset in max(0, index - 30)..<min(lines.count, index + 61) {
            let line = lines[offset]
            guard !isComment(line), line.contains("sharedSticker."),
                let key = keys.first(where: { line.contains("sharedSticker.\($0)") })
            else {
                continue
            }
            var value: Substring?
            if let setObject = line.firstRange(of: "setObject:"), let forKey = line.firstRange(of: "forKey:") {
                value = line[setObject.upperBound..<forKey.lowerBound]
            } else if let quoted = line.firstRange(of: "\(key)\""),
                let colon = line[quoted.upperBound...].firstIndex(where: { $0 == ":" || $0 == "=" })
            {
                value = line[line.index(after: colon)...]
            }
            guard let value else { continue }
            let words = value.lowercased()
            let bytes = ["data", "representation", "nsdata"].contains { words.contains($0) }
            if !bytes, ["url", "path", "string", "uri"].contains(where: { words.contains($0) }) {
                return ShareCall.MediaKey(line: offset + 1, key: key)
            }
        }
        return nil
    }

    /// `FileProvider.getUriForFile(context, AUTHORITY, file)`: its second argument, read over
    /// up to four lines.
    static func providerCall(_ lines: [Substring], _ index: Int, file: String) -> ProviderCall {
        let joined = lines[index..<min(lines.count, index + 4)].joined(separator: " ")
        guard let open = joined.firstRange(of: "getUriForFile(") else {
            return ProviderCall(file: file, line: index + 1, authority: nil, written: "")
        }
        var arguments: [String] = [], current = "", depth = 0, quote: Character?
        for character in joined[open.upperBound...] {
            if let q = quote {
                current.append(character)
                if character == q { quote = nil }
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
                current.append(character)
            case "(", "[", "{":
                depth += 1
                current.append(character)
            case ")", "]", "}":
                if depth == 0 {
                    arguments.append(current)
                    current = ""
                    break
                }
                depth -= 1
                current.append(character)
            case "," where depth == 0:
                arguments.append(current)
                current = ""
            default: current.append(character)
            }
            if depth == 0 && character == ")" { break }
        }
        let written = arguments.count >= 2 ? String(arguments[1].trimmingBlanks) : ""
        return ProviderCall(file: file, line: index + 1, authority: authority(written), written: written)
    }

    /// An authority expression with the app's id as `${applicationId}`; nil when a part of it is
    /// not text or the app's id (a constant defined elsewhere).
    static func authority(_ expression: String) -> String? {
        guard !expression.isEmpty else { return nil }
        var result = ""
        for part in expression.split(separator: "+").map({ String($0.trimmingBlanks) }) {
            if let literal = stringLiteral(part) {
                result += applicationIdInTemplate(literal)
            } else if isApplicationId(part) {
                result += "${applicationId}"
            } else {
                return nil
            }
        }
        return result
    }

    static func isApplicationId(_ part: String) -> Bool {
        let names = ["getPackageName()", "packageName", "BuildConfig.APPLICATION_ID", "applicationId"]
        return names.contains { part == $0 || part.hasSuffix(".\($0)") }
    }

    static func stringLiteral(_ part: String) -> String? {
        guard part.count >= 2, let first = part.first, first == "\"" || first == "'", part.last == first else { return nil }
        return String(part.dropFirst().dropLast())
    }

    /// Kotlin's `"${context.packageName}.provider"` and `"$packageName.provider"`.
    static func applicationIdInTemplate(_ literal: String) -> String {
        var out = "", rest = Substring(literal)
        while let open = rest.firstRange(of: "${") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
            let inner = String(rest[open.upperBound..<close])
            out += isApplicationId(inner) ? "${applicationId}" : "${\(inner)}"
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out.replacingScalars("$packageName", with: "${applicationId}")
    }
}

extension Substring {
    /// Without `suffix` at its end, where it ends so.
    func dropLastIf(_ suffix: String) -> Substring { hasSuffix(suffix) ? dropLast(suffix.count) : self }
}
