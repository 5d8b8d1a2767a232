// What a share call carries of the App ID, as written: where it puts it (Instagram Stories reads
// it from the URL's source_application, the other iOS targets from the pasteboard's appID key) and,
// when the code spells it out, the text given, which a Meta App ID's digits must be.
// (appinio_social_share's `.android.` and `.iOS.` objects call one method channel: a call through
// either shares from both platforms.)
extension ShareCodeReader {
    /// The first argument of the call to `function` in `text` when it is a quoted literal (a
    /// plugin whose App ID comes first: `shareToInstagramStory("appId", …)`); nil otherwise.
    static func firstArgument(of function: String, in text: String) -> String? {
        guard let range = text.firstRange(of: function + "(") else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote && $0 != "\n" }
        guard rest.dropFirst(value.count + 1).first == quote, !value.contains("$") else { return nil }
        return String(value)
    }

    /// `source_application=\(String(describing: id))` where the file makes `id` an optional
    /// (`id: String?`, `let id = config?.appId`): Swift writes it `Optional("…")`, as the text
    /// `Optional(…)` says; nil otherwise.
    static func describedOptional(in window: String, file lines: [Substring]) -> String? {
        guard let range = window.firstRange(of: "source_application=\\(String(describing: ") else { return nil }
        let name = window[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty else { return nil }
        let optional = lines.contains { line in
            line.contains("\(name): String?")
                || ((line.contains("let \(name) = ") || line.contains("var \(name) = "))
                    && (line.contains("?.") || line.contains("as? ")))
        }
        return optional ? "Optional(…)" : nil
    }

    /// The words that put an App ID where `target` reads it on iOS, and those that put it in the
    /// other place (the first of each is how it is named).
    static func appIdWords(_ target: TargetProfile) -> (expected: [String], other: [String]) {
        let url = ["source_application"], pasteboard = ["sharedSticker.appID", "\"appID\"", ".appID\""]
        if case .url? = target.ios?.appId { return (url, pasteboard) }
        return (pasteboard, url)
    }

    /// The text written as the value of `key` when it is a literal, not a variable: the rest of a
    /// URL's `key=VALUE`, or the quoted string after `"key": `, `"key", ` or `key: ` — the App ID
    /// as the code gives it, which a Meta App ID's digits must be. Nil for a value computed at run
    /// time (`\(appID)`, `${appId}`, `+ id`, a constant).
    static func literal(after key: String, in text: String) -> String? {
        guard let range = text.firstRange(of: key) else { return nil }
        var rest = text[range.upperBound...]
        if rest.first == "=" {  // in a URL's query
            let value = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
            let next = rest.dropFirst().dropFirst(value.count).first
            return value.isEmpty || next == "\\" || next == "$" || next == "%" || next == "{" ? nil : String(value)
        }
        rest = rest.drop { $0 == "\"" || $0 == "'" || $0 == "]" }
        rest = rest.drop { $0 == " " }
        guard let separator = rest.first, [":", ",", "="].contains(separator) else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote && $0 != "\n" }
        guard rest.dropFirst(value.count + 1).first == quote, !value.contains("$"), !value.contains("\\(") else {
            return nil
        }
        return String(value)
    }
}
