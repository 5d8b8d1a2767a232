// XML text for the plist payloads, the JUnit report and the HTML report.
/// XML 1.0 escaping for text and attribute values; characters XML cannot carry (and bytes of a
/// file name that were not UTF-8) become U+FFFD.
public enum XMLText {
    /// `attribute`: also turn tabs and line breaks into references, which attribute values need
    /// to keep them.
    public static func escape(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r":
                if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF || PathCoding.isEscape(scalar):
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
