// The old ASCII (OpenStep) property list format, as Xcode writes project.pbxproj: dictionaries
// `{ key = value; }`, arrays `( a, b, )`, strings bare (`PBXNativeTarget`, `$(SRCROOT)/x`) or
// quoted with C escapes, data `<0fbd>`, and `/* */` and `//` comments. Read over bytes in one pass,
// its nesting held to `maxDepth` (a crafted file of a million `{` ends at once).

enum ASCIIPropertyList {
    static let maxDepth = 64

    /// The value the text holds; nil when it is not an ASCII property list.
    static func parse(_ bytes: [UInt8]) -> PlistValue? {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// Characters of a bare string (Xcode's and Foundation's unquoted set).
        static func bare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default: return "_$+/:.-".utf8.contains(byte)
            }
        }

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    index = min(bytes.count, index + 2)
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else {
                    return
                }
            }
        }

        mutating func expect(_ character: Character) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        mutating func value(depth: Int) -> PlistValue? {
            guard depth < ASCIIPropertyList.maxDepth else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: PlistValue] = [:]
                while !expect("}") {
                    guard let key = string(), expect("="), let member = value(depth: depth + 1), expect(";") else { return nil }
                    members[key] = member
                }
                return .dictionary(members)
            case UInt8(ascii: "("):
                index += 1
                var items: [PlistValue] = []
                while !expect(")") {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    if !expect(",") {
                        guard expect(")") else { return nil }
                        break
                    }
                }
                return .array(items)
            case UInt8(ascii: "<"):
                index += 1
                var data: [UInt8] = []
                var high: UInt8?
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                    defer { index += 1 }
                    guard let digit = Self.hex(bytes[index]) else {
                        if bytes[index] == 0x20 || bytes[index] == 0x0A { continue }
                        return nil
                    }
                    if let first = high {
                        data.append(first << 4 | digit)
                        high = nil
                    } else {
                        high = digit
                    }
                }
                guard index < bytes.count, high == nil else { return nil }
                index += 1
                return .data(data)
            default:
                return string().map(PlistValue.string)
            }
        }

        static func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }

        /// A quoted or bare string.
        mutating func string() -> String? {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] != UInt8(ascii: "\"") {
                let start = index
                while index < bytes.count, Self.bare(bytes[index]) { index += 1 }
                return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
            }
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                    out.append(byte)
                    continue
                }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "U"):
                    var scalar: UInt32 = 0
                    var digits = 0
                    while digits < 4, index < bytes.count, let digit = Self.hex(bytes[index]) {
                        scalar = scalar << 4 | UInt32(digit)
                        digits += 1
                        index += 1
                    }
                    out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: out.append(escaped)
                }
            }
            return nil
        }
    }
}
