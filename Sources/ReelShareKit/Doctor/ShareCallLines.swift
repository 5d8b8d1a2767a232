// What a line of share code is, asked of every line the reader splits: part of which call
// (CallSpans), a probe of whether the target is there, a log message, a constant's definition, a
// comment; and the byte search and whole-word test those questions use.
extension ShareCodeReader {
    /// Whether the call at `index` only asks whether the target is there: its URL is given to
    /// canOpenURL and opened nowhere in its lines, or its intent to resolveActivity or
    /// queryIntentActivities and started nowhere (an `isInstagramAvailable()` beside the share,
    /// whose real call, with its App ID, follows).
    static func isProbe(_ lines: [Substring], _ index: Int, within span: Range<Int>, platform: Platform) -> Bool {
        let own = lines[index..<min(lines.count, span.upperBound, index + 60)].filter { !isComment($0) }
        let (tests, acts) =
            platform == .ios
            ? (["canOpenURL"], [".open(", "openURL", "open(url"])
            : (["resolveActivity", "queryIntentActivities"], ["startActivity", "createChooser", "launch("])
        guard own.contains(where: { line in tests.contains { line.contains($0) } }),
            !own.contains(where: { line in acts.contains { line.contains($0) } })
        else { return false }
        // The URL or intent held in a variable that is opened further on, before the next call (a
        // long function that fills the pasteboard between canOpenURL and open), is the share.
        guard let name = assigned(lines[index]) else { return true }
        return !lines[index..<min(lines.count, span.upperBound)].contains { line in
            !isComment(line) && acts.contains { line.contains($0) } && hasToken(line, name)
        }
    }

    /// The variable a line assigns (`if let url = URL(…)`, `NSURL *url = …`, `val intent:
    /// Intent = …`); nil where it assigns none.
    static func assigned(_ line: Substring) -> String? {
        guard let equals = line.firstRange(of: " = ") else { return nil }
        var left = line[..<equals.lowerBound]
        if let colon = left.firstIndex(of: ":") { left = left[..<colon] }
        let name = left.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed()
        return name.isEmpty || name.first!.isNumber ? nil : String(name)
    }

    /// Whether the line only names the scheme or action, sharing nothing itself: a constant's
    /// definition (`static let storiesURL = "instagram-stories://share"`).
    static func namesOnly(_ line: Substring) -> Bool {
        constant(line) != nil
    }

    /// Whether `line` holds `word`, compared as UTF-8 bytes: the reader asks this of every line of
    /// every file that holds a share word, where Foundation's search, which compares as Unicode,
    /// took half of doctor's time on a large project.
    static func has(_ line: Substring, _ word: String) -> Bool {
        var word = word
        return word.withUTF8 { needle -> Bool in
            guard let first = needle.first else { return true }
            return line.utf8.withContiguousStorageIfAvailable { hay -> Bool in
                guard hay.count >= needle.count else { return false }
                var at = 0
                let last = hay.count - needle.count
                while at <= last {
                    if hay[at] == first {
                        var same = true
                        for offset in 1..<needle.count where hay[at + offset] != needle[offset] {
                            same = false
                            break
                        }
                        if same { return true }
                    }
                    at += 1
                }
                return false
            } ?? line.contains(String(decoding: needle, as: UTF8.self))
        }
    }

    /// Whether the line writes a log message (a scheme or action in it names nothing the code
    /// opens: `print("[IG] opening instagram-stories://share")`).
    static func isLog(_ line: Substring) -> Bool {
        let loggers = [
            "print(", "NSLog(", "debugPrint(", "os_log(", "Log.d(", "Log.i(", "Log.w(", "Log.e(", "Log.v(", "console.log(",
            "logger.", "DDLog",
        ]
        return loggers.contains { has(line, $0) }
    }

    /// `NAME = "com.…"` (Kotlin `val`, Java `static final String`, Dart, JavaScript).
    static func constant(_ line: Substring) -> (name: String, value: String)? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let name = line[..<equals].split(whereSeparator: { $0 == " " || $0 == "\t" }).last.map(String.init) ?? ""
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            let value = stringLiteral(String(line[line.index(after: equals)...].trimmingBlanks.dropLastIf(";").trimmingBlanks))
        else { return nil }
        return (name, value)
    }

    /// Whether the line is a comment in every language read (`//`, a block comment's `/*` or
    /// `*` lines, `#` in a Podfile-like script is not read).
    static func isComment(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " || $0 == "\t" }
        return text.hasPrefix("//") || text.hasPrefix("/*") || text.hasPrefix("* ") || text == "*" || text.hasPrefix("*/")
    }

    /// Whether `token` is in `line` as a whole word (`Social.INSTAGRAM` not in
    /// `Social.INSTAGRAM_STORIES`); with `outsideStrings`, not inside a string literal (the key
    /// "…sharedSticker.backgroundImage" names no function `backgroundImage`).
    static func hasToken(_ line: Substring, _ token: String, outsideStrings: Bool = false) -> Bool {
        guard !token.isEmpty else { return false }  // an empty token is found everywhere, and never passed
        var from = line.startIndex
        while let range = line[from...].firstRange(of: token) {
            if outsideStrings, line[..<range.lowerBound].filter({ $0 == "\"" }).count % 2 == 1 {
                from = range.upperBound
                continue
            }
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let word = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !word(after), !(word(before) && token.first.map { $0.isLetter || $0 == "_" } == true) { return true }
            from = range.upperBound
        }
        return false
    }

    /// The lines around a call, comments left out (an App ID in a comment does not travel).
    static func around(
        _ lines: [Substring], _ index: Int, before: Int, after: Int, within span: Range<Int>? = nil
    ) -> String {
        let span = span ?? lines.indices
        return lines[max(span.lowerBound, index - before)..<min(lines.count, span.upperBound, index + after + 1)].filter {
            !isComment($0)
        }.joined(separator: "\n")
    }
}

/// Where each share call of a file may look for what it carries. A file of one function per
/// target (`shareToReels`, `shareToStories`, …) must not lend one call the App ID or the grant
/// written for its neighbour: a call's lines end before the next call, and begin halfway from
/// the one before (what follows a call is its own more often than what precedes the next).
struct CallSpans {
    /// The lines that open a scheme or name an intent's action, not those that only name it.
    private let calls: [Int]

    init(_ lines: [Substring], targets: [TargetProfile]) {
        let words =
            targets.compactMap { $0.ios.map { "\($0.queryScheme)://" } }
            + targets.compactMap { $0.android?.action }.filter { $0 != "android.intent.action.SEND" }
        calls = lines.indices.filter { index in
            let line = lines[index]
            return words.contains { ShareCodeReader.has(line, $0) } && !ShareCodeReader.isComment(line)
                && !ShareCodeReader.namesOnly(line) && !ShareCodeReader.isLog(line)
        }
    }

    /// The lines the call at `index` may read.
    func around(_ index: Int) -> Range<Int> {
        let earlier = calls.last { $0 < index }, later = calls.first { $0 > index }
        let start = earlier.map { ($0 + index + 1) / 2 } ?? 0
        return start..<(later ?? Int.max)
    }

    /// Whether the call at `index` is its file's only one, so that the whole file is its own.
    func isOnly(_ index: Int) -> Bool { calls.allSatisfy { $0 == index } }
}
