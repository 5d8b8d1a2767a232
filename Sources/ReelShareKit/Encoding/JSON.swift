// The one JSON writer. reelshare's JSON is a stable interface: object keys are sorted, slashes are
// not escaped, absent values are written as null (never dropped), and compact output is one line per
// document so NDJSON needs nothing more. `JSONWriter` streams: a document can be opened, written
// member by member (a validate result as it arrives, a video's base64 as it is encoded) and closed,
// with commas and indentation placed by the writer; `JSON.serialized` is the same writer on a
// whole value.

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

    /// A limit as people write it in a file: whole numbers without ".0".
    public static func number(_ value: Double) -> JSON {
        value == value.rounded() && abs(value) < 9e15 ? .int(Int(value)) : .double(value)
    }

    /// The compact, key-sorted serialisation, on one line.
    public var serialized: String {
        var writer = JSONWriter(into: "")
        writer.value(self)
        return writer.sink
    }

    /// Indented two spaces, one member per line, keys sorted: for files people read and diff.
    public var pretty: String {
        var writer = JSONWriter(into: "", pretty: true)
        writer.value(self)
        return writer.sink + "\n"
    }

    /// Shortest round-trip form; JSON has no NaN or infinity, so those become null.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) + ".0" }
        return String(value)
    }

    /// Escapes per RFC 8259: quote, backslash and control characters; nothing else. Bytes of a file
    /// name that were not UTF-8 (see PathCoding) become U+FFFD.
    public static func quote(_ text: String, into out: inout String) {
        out += "\""
        // Most text needs nothing: no quote, backslash or control byte, and no lead byte of the
        // escapes PathCoding uses (U+10FF80 and up begin with 0xF4). Then it is copied whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xF4 }) {
            out += text
            out += "\""
            return
        }
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

    public static func quoted(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }
}

/// Where a JSONWriter's text goes.
public protocol JSONSink {
    mutating func write(_ text: String)
}

extension String: JSONSink {
    public mutating func write(_ text: String) { self += text }
}

public struct JSONWriter<Sink: JSONSink> {
    public private(set) var sink: Sink
    private let pretty: Bool
    /// For each open container: whether it is an object, and whether it has a member yet.
    private var open: [(object: Bool, members: Int)] = []
    /// A key was written and its value is due.
    private var keyed = false

    public init(into sink: Sink, pretty: Bool = false) {
        self.sink = sink
        self.pretty = pretty
    }

    /// Comma, newline and indentation before the next array element or object key.
    private mutating func separate() {
        guard !open.isEmpty else { return }
        if open[open.count - 1].members > 0 { sink.write(",") }
        open[open.count - 1].members += 1
        if pretty { sink.write("\n" + String(repeating: "  ", count: open.count)) }
    }

    /// Places a value: after its key, or as the next array element.
    private mutating func startValue() {
        if keyed {
            keyed = false
        } else {
            separate()
        }
    }

    public mutating func beginObject() {
        startValue()
        sink.write("{")
        open.append((true, 0))
    }

    public mutating func beginArray() {
        startValue()
        sink.write("[")
        open.append((false, 0))
    }

    /// Closes the innermost object or array.
    public mutating func end() {
        guard let closing = open.popLast() else { return }
        if pretty, closing.members > 0 { sink.write("\n" + String(repeating: "  ", count: open.count)) }
        sink.write(closing.object ? "}" : "]")
    }

    /// The next member's key; the caller writes keys in sorted order.
    public mutating func key(_ name: String) {
        separate()
        var text = ""
        JSON.quote(name, into: &text)
        sink.write(text + (pretty ? ": " : ":"))
        keyed = true
    }

    /// A whole value.
    public mutating func value(_ json: JSON) {
        switch json {
        case .null: scalar("null")
        case .bool(let value): scalar(value ? "true" : "false")
        case .int(let value): scalar(String(value))
        case .double(let value): scalar(JSON.format(value))
        case .string(let value): scalar(JSON.quoted(value))
        case .array(let values):
            beginArray()
            for value in values { self.value(value) }
            end()
        case .object(let members):
            beginObject()
            for name in members.keys.sorted() {
                key(name)
                if let member = members[name] { value(member) }
            }
            end()
        }
    }

    /// A member with a whole value.
    public mutating func member(_ name: String, _ json: JSON) {
        key(name)
        value(json)
    }

    /// A value the caller writes straight into the sink (a streamed base64 string, say); it must
    /// write exactly one JSON value.
    public mutating func raw(_ body: (inout Sink) -> Void) {
        startValue()
        body(&sink)
    }

    private mutating func scalar(_ text: String) {
        startValue()
        sink.write(text)
    }
}
