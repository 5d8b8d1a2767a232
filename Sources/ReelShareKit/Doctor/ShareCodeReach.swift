// Whether a share call is reached: a helper that nothing calls (`shareToInstagramStory` kept in a
// utilities file after the feature was dropped) shares nothing, and judging the app for its target
// gives errors for a share the app never makes. A static reader cannot prove a call is reached;
// it can see that the function holding it is named nowhere else in the app's sources, storyboards
// or xibs. Only a plain function is judged so: a method the system calls by itself (an override,
// an @objc, @IBAction or @ReactMethod one, a lifecycle or plugin entry point) is taken as reached.
extension ShareCodeReader {
    /// The function a call at `index` lies in, by its declaration above whose braces hold the
    /// call, when it is a plain one a caller must name; nil otherwise (top-level code, a closure
    /// in a property, a method the system calls).
    static func enclosingFunction(_ lines: [Substring], _ index: Int, language: Language) -> String? {
        // Walking up, each `{` not closed below it holds the call; a declaration holds it when
        // its line, or the next (Objective-C's and Java's brace on its own line), opens one.
        var closed = 0
        var holds = [Bool](repeating: false, count: 2)  // this line's and the one below's
        var at = index
        while at > 0, index - at < 400 {
            at -= 1
            let line = lines[at]
            holds[1] = holds[0]
            holds[0] = false
            if isComment(line) { continue }
            for character in line.reversed() {
                if character == "}" {
                    closed += 1
                } else if character == "{" {
                    if closed > 0 { closed -= 1 } else { holds[0] = true }
                }
            }
            guard let name = declared(lines, at, language: language) else { continue }
            guard holds[0] || (holds[1] && !line.contains("{")) else { continue }
            let above = at > 0 ? lines[at - 1] : ""
            // (export default: a screen a file-based router, Expo Router or Next.js, shows by its file)
            let entry = [
                "override", "@objc", "IBAction", "@ReactMethod", "@PluginMethod", "@JavascriptInterface", "@Override",
                "export default",
            ]
            if entry.contains(where: { line.contains($0) || above.contains($0) })
                || systemNames.contains(String(name.prefix { $0 != ":" }))
            {
                return nil
            }
            return name.count >= 4 ? name : nil
        }
        return nil
    }

    /// At most this many functions are followed (those holding calls, then their callers).
    static let maxFunctions = 1_000

    /// Names the system or a framework calls without the app naming them.
    static let systemNames: Set<String> = [
        "handleMethodCall", "onMethodCall", "viewDidLoad", "viewWillAppear", "viewDidAppear", "application", "scene",
        "onCreate", "onStart", "onResume", "onClick", "onActivityResult", "onNewIntent", "build", "render", "main", "init",
        "body", "register", "registerWithRegistrar", "invoke", "execute", "call", "perform", "handle",
    ]

    /// The function the line at `index` declares, in `language`; nil when it declares none. An
    /// Objective-C method of several parts is named by its first two (`backgroundImage:attributionURL`),
    /// as its first alone is often a common word.
    static func declared(_ lines: [Substring], _ index: Int, language: Language) -> String? {
        guard let first = declared(lines[index], language: language) else { return nil }
        let text = lines[index].drop { $0 == " " || $0 == "\t" }
        guard language == .apple, text.hasPrefix("-") || text.hasPrefix("+") else { return first }
        // The next keyword: a word followed by a colon, after the first's, before the body.
        let following = lines[index..<min(lines.count, index + 4)].joined(separator: " ")
        let body = following.prefix { $0 != "{" && $0 != ";" }
        guard let firstColon = body.firstRange(of: first + ":") else { return first }
        var words: [Substring] = []
        var word = Substring()
        var depth = 0
        for character in body[firstColon.upperBound...] {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if character == ":" && depth == 0 && !word.isEmpty {
                words.append(word)
                break
            }
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                word = Substring()
            }
        }
        return words.first.map { "\(first):\($0)" } ?? first
    }

    /// Whether `line` (with `next`, the lines after it) mentions `name`: a word, outside string
    /// literals; an Objective-C `first:second` name also needs its second part, `second:`, there.
    static func mentions(_ name: String, _ line: Substring, next: ArraySlice<Substring>) -> Bool {
        let first = String(name.prefix { $0 != ":" })
        if let swift = swiftName(first), line.contains(swift.base + "(" + swift.label + ":") { return true }
        guard let colon = name.firstIndex(of: ":") else { return hasToken(line, name, outsideStrings: true) }
        let second = String(name[name.index(after: colon)...])
        guard hasToken(line, first, outsideStrings: true) else { return false }
        return ([line] + next).contains { $0.contains(second + ":") }
    }

    /// How Swift names an Objective-C method whose first keyword holds a preposition
    /// (`shareImageToStory:` is `shareImage(toStory:)`, `shareToFacebookStory:` is
    /// `share(toFacebookStory:)`): split before the last one.
    static func swiftName(_ first: String) -> (base: String, label: String)? {
        let prepositions = ["To", "With", "For", "From", "In", "At", "On", "By", "Of", "Into"]
        var best: String.Index?
        for preposition in prepositions {
            var from = first.index(after: first.startIndex)
            while from < first.endIndex, let range = first[from...].firstRange(of: preposition) {
                // A word of its own: a capital (or the end) follows it.
                let next = range.upperBound < first.endIndex ? first[range.upperBound] : nil
                if next.map({ $0.isUppercase }) ?? false, best.map({ range.lowerBound > $0 }) ?? true { best = range.lowerBound }
                from = range.upperBound
            }
        }
        guard let split = best else { return nil }
        let rest = first[split...]
        return (String(first[..<split]), rest.prefix(1).lowercased() + rest.dropFirst())
    }

    /// The function `line` declares, in `language`; nil when it declares none.
    private static func declared(_ line: Substring, language: Language) -> String? {
        func name(after marker: String) -> String? {
            guard let range = line.firstRange(of: marker) else { return nil }
            var rest = line[range.upperBound...].drop { $0 == " " }
            // Kotlin's extension functions: `fun Context.share(`.
            if marker == "fun ", let paren = rest.firstIndex(of: "("), let dot = rest[..<paren].lastIndex(of: ".") {
                rest = rest[rest.index(after: dot)...]
            }
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return word.isEmpty ? nil : String(word)
        }
        let text = line.drop { $0 == " " || $0 == "\t" }
        switch language {
        case .apple:
            if text.hasPrefix("- (") || text.hasPrefix("+ (") || text.hasPrefix("-(") || text.hasPrefix("+(") {
                guard let close = text.firstIndex(of: ")") else { return nil }
                let word = text[text.index(after: close)...].drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return word.isEmpty ? nil : String(word)
            }
            if let function = name(after: "func ") { return function }
            // A computed property (`static var storiesURL: URL? {`), which its users name.
            if text.hasSuffix("{"), text.contains(":"), !text.contains("="), let property = name(after: "var ") {
                return property
            }
            return nil
        case .jvm:
            if let kotlin = name(after: "fun ") { return kotlin }
            return callable(text)
        case .javascript:
            if let function = name(after: "function ") { return function }
            // `const share = async (uri) => {`, its parameters on the next lines too (`= async (`).
            if let equals = text.firstRange(of: " = "),
                text.contains("=>") || text.hasSuffix("= (") || text.hasSuffix("= async (")
            {
                let left = text[..<equals.lowerBound].split(separator: " ").last.map(String.init)
                return left.flatMap { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? $0 : nil }
            }
            // An object literal's or a class's method (`async share() {`, `share: async () => {`):
            // named through its object, so taken as reached (a name of its own is no function a
            // caller must name alone).
            return nil
        case .dart:
            return callable(text)
        }
    }

    /// A Java or Dart method's name: `void share(…) {`, `Future<void> share(…) async {`.
    private static func callable(_ text: Substring) -> String? {
        let control = ["if", "for", "while", "switch", "catch", "return", "else", "new", "try", "await", "throw"]
        guard let paren = text.firstIndex(of: "("), text.hasSuffix("{") || text.hasSuffix("async {") || text.hasSuffix(")") else {
            return nil
        }
        let before = text[..<paren].split(separator: " ")
        guard before.count >= 2, let last = before.last, !control.contains(String(before.first ?? "")) else { return nil }
        let word = String(last)
        guard word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !control.contains(word),
            !text.contains(" = "), !text.hasPrefix(".")
        else { return nil }
        return word
    }

    /// Which of `names` (functions holding share calls) nothing reaches: each is looked for in
    /// every file of `files`, outside comments, string literals and its own declarations; a
    /// mention inside another plain function makes that function a name to look for in turn
    /// (for `rounds` rounds), and a name mentioned only inside unreached functions is unreached
    /// too. A mention at the top level, in a method the system calls, or in a storyboard reaches.
    static func unreached(
        _ functions: [String: Set<String>], in files: [(path: String, language: Language?)], tree: AppTree, rounds: Int = 3
    ) -> Set<String> {
        // name → the functions its mentions lie in (nil: a place that is reached). A function of
        // the same name in a file other than the one declaring it is another function (an
        // overload, a protocol's implementation) and is taken as reached.
        var mentions: [String: [String?]] = [:]
        var pending =
            functions.count > maxFunctions
            ? Dictionary(uniqueKeysWithValues: functions.prefix(maxFunctions).map { ($0.key, $0.value) }) : functions
        for _ in 0..<rounds where !pending.isEmpty && mentions.count < maxFunctions {
            let found = self.mentions(of: pending, in: files, tree: tree)
            for name in pending.keys { mentions[name] = found.places[name] ?? [] }
            // (past maxFunctions the callers left are not followed: they count as reached)
            pending = found.holders.filter { mentions[$0.key] == nil }.prefix(maxFunctions - mentions.count)
                .reduce(into: [:]) { $0[$1.key] = $1.value }
        }
        // Unreached: a known name every mention of which lies in an unreached known name (or in
        // itself); grown until nothing changes.
        var dead = Set(mentions.filter { $0.value.isEmpty }.map(\.key))
        var changed = true
        while changed {
            changed = false
            for (name, places) in mentions where !dead.contains(name) {
                if places.allSatisfy({ place in place.map { $0 == name || dead.contains($0) } ?? false }) {
                    dead.insert(name)
                    changed = true
                }
            }
        }
        return dead.intersection(functions.keys)
    }

    /// Where each of `names` (each with the files that declare it) is mentioned in `files`: the
    /// plain function holding each mention (nil for a place that is reached), and those holders
    /// with the files they lie in.
    private static func mentions(
        of names: [String: Set<String>], in files: [(path: String, language: Language?)], tree: AppTree
    ) -> (places: [String: [String?]], holders: [String: Set<String>]) {
        var found: [String: [String?]] = [:]
        var holders: [String: Set<String>] = [:]
        // The word each name is found by (its first keyword, and its Swift form's base): a file is
        // split into lines only when one of its words is one of these, found in one pass over its
        // bytes whatever the number of names.
        var byWord: [String: [String]] = [:]
        for name in names.keys {
            let first = String(name.prefix { $0 != ":" })
            byWord[first, default: []].append(name)
            if let swift = swiftName(first) { byWord[swift.base, default: []].append(name) }
        }
        let lengths = Set(byWord.keys.map(\.utf8.count))
        for file in files {
            guard let bytes = try? tree.read(file.path, limit: fileLimit) else { continue }
            var present: Set<String> = []
            var start = -1
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : 0
                let isWord =
                    byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                if isWord {
                    if start < 0 { start = index }
                    continue
                }
                if start >= 0, lengths.contains(index - start),
                    let named = byWord[String(decoding: bytes[start..<index], as: UTF8.self)]
                {
                    present.formUnion(named)
                }
                start = -1
            }
            guard !present.isEmpty else { continue }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            // The words again, each by its own bytes: a line is looked at only where one is in it.
            let words = present.map { name in
                (name, String(name.prefix { $0 != ":" }), swiftName(String(name.prefix { $0 != ":" }))?.base)
            }
            for (index, line) in lines.enumerated() where !isComment(line) {
                for (name, first, base) in words where has(line, first) || base.map({ has(line, $0) }) == true {
                    guard let language = file.language else {
                        // A storyboard's or xib's action (`selector="share:"`), a layout's
                        // `android:onClick="share"`: named there, it is reached.
                        if line.contains("\"\(name)\"") || line.contains("\"\(name):") { found[name, default: []].append(nil) }
                        continue
                    }
                    guard mentions(name, line, next: lines[(index + 1)..<min(lines.count, index + 3)]) else { continue }
                    // Its declaration is not a use (a header's too); any other mention is.
                    if declared(lines, index, language: language) == name { continue }
                    guard (found[name]?.count ?? 0) < 50 else { continue }
                    var holder = enclosingFunction(lines, index, language: language)
                    if holder == name, !(names[name]?.contains(file.path) ?? false) { holder = nil }
                    found[name, default: []].append(holder)
                    if let holder { holders[holder, default: []].insert(file.path) }
                }
            }
        }
        return (found, holders)
    }
}
