// A Meta App ID as Meta issues it: decimal digits (15 or 16 of them today). What is often pasted
// in its place is named, so that the message says what was given.
public enum MetaAppID {
    /// Whether `text` is a Meta App ID: 1 to 20 decimal digits.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 20 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// What `text` looks like instead, as " (it looks like …)", or "".
    public static func guess(_ text: String) -> String {
        if text.contains(".") { return " (it looks like a bundle identifier or package name)" }
        if text.contains("|") || (text.count == 32 && text.allSatisfy(\.isHexDigit)) { return " (it looks like a client token)" }
        return ""
    }
}
