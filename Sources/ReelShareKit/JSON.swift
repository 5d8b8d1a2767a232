// A small JSON value and writer. reelshare's JSON is a stable interface: keys are sorted, slashes
// are not escaped, absent values are written as null (never dropped), and the output is one line
// per document so NDJSON needs nothing more.

public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public static func from(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    public static func from(_ value: Int?) -> JSON { value.map { .int($0) } ?? .null }
    public static func from(_ value: Double?) -> JSON { value.map { .double($0) } ?? .null }
    public static func from(_ value: Bool?) -> JSON { value.map { .bool($0) } ?? .null }

    /// The compact, key-sorted serialisation.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += JSON.format(value)
        case .string(let value): JSON.quote(value, into: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSON.quote(key, into: &out)
                out += ":"
                members[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    /// Shortest round-trip form; JSON has no NaN or infinity, so those become null.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) + ".0" }
        return String(value)
    }

    /// Escapes per RFC 8259: quote, backslash and control characters; nothing else.
    public static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where PathCoding.isEscape(scalar): out += "\u{FFFD}"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
