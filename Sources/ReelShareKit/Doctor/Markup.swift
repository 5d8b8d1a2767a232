// A small, bounded XML reader for the app files `doctor` checks (AndroidManifest.xml and XML
// property lists). Foundation's XMLParser crashes on some malformed input on Linux (Scripts/fuzz
// found invalid UTF-8 in an attribute); this reader returns nil instead, and never follows
// external entities, recurses without limit or allocates what the input merely claims.

import FoundationEssentials

// MARK: - XML

/// One event of an XML document.
enum XMLEvent: Equatable {
    case start(String, [String: String])
    case end(String)
    case text(String)
}

enum XMLReader {
    static let maxDepth = 64

    /// The events of `bytes`, or nil when it is not well-formed enough to trust. One pass over the
    /// bytes (valid UTF-8, checked first): names, text and values are cut out of them as they come.
    static func events(_ bytes: [UInt8]) -> [XMLEvent]? {
        var events: [XMLEvent] = []
        return read(bytes) { events.append($0) } ? events : nil
    }

    /// Hands each event of `bytes` to `body` as it is read, without keeping them; false when the
    /// document is not well-formed enough to trust (some events may have been handed on).
    static func read(_ bytes: [UInt8], _ body: (XMLEvent) -> Void) -> Bool {
        guard String(validating: bytes, as: UTF8.self) != nil else { return false }
        return bytes.withUnsafeBufferPointer { events(in: $0, body) }
    }

    private static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
    private static let equals = UInt8(ascii: "="), quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")

    private static func events(in s: UnsafeBufferPointer<UInt8>, _ emit: (XMLEvent) -> Void) -> Bool {
        var open: [String] = []
        var sawRoot = false
        var i = 0
        func starts(_ prefix: StaticString, at index: Int) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard index + count <= s.count else { return false }
            let p = prefix.utf8Start
            for k in 0..<count where s[index + k] != p[k] { return false }
            return true
        }
        func skip(past terminator: StaticString) -> Bool {
            while i < s.count {
                if starts(terminator, at: i) {
                    i += terminator.utf8CodeUnitCount
                    return true
                }
                i += 1
            }
            return false
        }
        func isNameByte(_ c: UInt8) -> Bool {
            !(c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == slash || c == gt || c == equals || c == lt || c == quote
                || c == apostrophe)
        }
        func skipSpace() { while i < s.count, s[i] == 0x20 || s[i] == 0x09 || s[i] == 0x0A || s[i] == 0x0D { i += 1 } }
        func string(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: s[start..<end]), as: UTF8.self)
        }
        func name() -> String? {
            let start = i
            while i < s.count, isNameByte(s[i]) { i += 1 }
            return i > start ? string(start, i) : nil
        }
        while i < s.count {
            if s[i] != lt {
                let start = i
                while i < s.count, s[i] != lt { i += 1 }
                guard let decoded = decodeEntities(string(start, i)) else { return false }
                if !open.isEmpty { emit(.text(decoded)) }
                continue
            }
            if starts("<!--", at: i) {
                guard skip(past: "-->") else { return false }
            } else if starts("<![CDATA[", at: i) {
                i += 9
                let start = i
                guard skip(past: "]]>") else { return false }
                if !open.isEmpty { emit(.text(string(start, i - 3))) }
            } else if starts("<?", at: i) {
                guard skip(past: "?>") else { return false }
            } else if starts("<!", at: i) {
                // DOCTYPE: skipped whole, internal subset included; nothing it declares is used.
                var depth = 0
                while i < s.count {
                    if s[i] == UInt8(ascii: "[") { depth += 1 }
                    if s[i] == UInt8(ascii: "]") { depth -= 1 }
                    if s[i] == gt, depth <= 0 { break }
                    i += 1
                }
                guard i < s.count else { return false }
                i += 1
            } else if starts("</", at: i) {
                i += 2
                guard let element = name(), open.last == element else { return false }
                skipSpace()
                guard i < s.count, s[i] == gt else { return false }
                i += 1
                open.removeLast()
                emit(.end(element))
            } else {
                i += 1
                guard let element = name(), !(open.isEmpty && sawRoot), open.count < maxDepth else { return false }
                var attributes: [String: String] = [:]
                while true {
                    skipSpace()
                    guard i < s.count else { return false }
                    if s[i] == gt || starts("/>", at: i) { break }
                    guard let attribute = name() else { return false }
                    skipSpace()
                    guard i < s.count, s[i] == equals else { return false }
                    i += 1
                    skipSpace()
                    guard i < s.count, s[i] == quote || s[i] == apostrophe else { return false }
                    let delimiter = s[i]
                    i += 1
                    let start = i
                    while i < s.count, s[i] != delimiter { i += 1 }
                    guard i < s.count else { return false }
                    let raw = string(start, i)
                    i += 1
                    guard let value = decodeEntities(raw) else { return false }
                    attributes[attribute] = value
                }
                sawRoot = true
                emit(.start(element, attributes))
                if s[i] == slash {
                    i += 2
                    emit(.end(element))
                } else {
                    i += 1
                    open.append(element)
                }
            }
        }
        return open.isEmpty && sawRoot
    }

    /// The name of the first element, past the declaration, comments, processing instructions and
    /// a DOCTYPE, read without reading the rest (whether the document is well-formed is the
    /// reader's question, asked later).
    static func rootName(_ bytes: [UInt8]) -> String? {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skip(past terminator: [UInt8]) {
            while i < bytes.count, !bytes[i...].starts(with: terminator) { i += 1 }
            i += terminator.count
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            case lt:
                if bytes[i...].starts(with: Array("<!--".utf8)) {
                    skip(past: Array("-->".utf8))
                } else if bytes[i...].starts(with: Array("<?".utf8)) {
                    skip(past: Array("?>".utf8))
                } else if bytes[i...].starts(with: Array("<!".utf8)) {
                    var depth = 0
                    while i < bytes.count, !(bytes[i] == gt && depth <= 0) {
                        if bytes[i] == UInt8(ascii: "[") { depth += 1 }
                        if bytes[i] == UInt8(ascii: "]") { depth -= 1 }
                        i += 1
                    }
                    i += 1
                } else {
                    let start = i + 1
                    var end = start
                    while end < bytes.count, end - start < 64,
                        !(bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0A || bytes[end] == 0x0D || bytes[end] == gt
                            || bytes[end] == slash)
                    {
                        end += 1
                    }
                    return end > start ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
                }
            default: return nil
            }
        }
        return nil
    }

    /// Replaces the five predefined entities and character references; nil for anything else.
    static func decodeEntities(_ text: String) -> String? {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { return nil }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "lt": out += "<"
            case "gt": out += ">"
            case "amp": out += "&"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                guard entity.hasPrefix("#") else { return nil }
                let number = entity.dropFirst()
                let value = number.hasPrefix("x") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number, radix: 10)
                guard let value, let scalar = Unicode.Scalar(value) else { return nil }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}
