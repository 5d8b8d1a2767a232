// File names are bytes, not text: a name may hold bytes that are not UTF-8. reelshare keeps such a
// name losslessly in a String by mapping each byte that is not part of valid UTF-8 to a scalar of
// its own (U+10FF80 to U+10FFFF, the end of a private-use plane), maps it back to the very bytes
// when it opens the file, and shows U+FFFD for it in output, so JSON, XML and text stay valid.

public enum PathCoding {
    static let base: UInt32 = 0x10FF00

    /// A String for the bytes of a path, lossless. A name's own scalars never fall in the range
    /// kept for bytes and terminal styles (U+10FF00 to U+10FFFF): their bytes are kept one by one.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // Fast path: valid UTF-8 decodes as it is.
        if let text = String(validating: bytes, as: UTF8.self),
            !anyByte(of: text, where: { $0 == 0xF4 }) || !text.unicodeScalars.contains(where: isReserved)
        {
            return text
        }
        return decodeSlowly(bytes)
    }

    private static func decodeSlowly<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let array = Array(bytes)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            let lead = array[index]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0x6 ? 2 : lead >> 4 == 0xE ? 3 : lead >> 3 == 0x1E ? 4 : 0
            if length > 0, index + length <= array.count,
                let text = String(validating: array[index..<(index + length)], as: UTF8.self),
                let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, !isReserved(scalar)
            {
                out.append(scalar)
                index += length
            } else {
                out.append(Unicode.Scalar(base + UInt32(array[index]))!)
                index += 1
            }
        }
        return String(out)
    }

    /// The bytes of a path decoded by `decode`, NUL-terminated, for open(2) and friends.
    public static func encode(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 1)
        // Every scalar of the reserved range is 0xF4 0x8F 0xBC-0xBF … in UTF-8: a path with no
        // 0xF4 byte is its own bytes.
        if !anyByte(of: path, where: { $0 == 0xF4 }) {
            bytes.append(contentsOf: path.utf8)
        } else {
            for scalar in path.unicodeScalars {
                if isEscape(scalar) {
                    bytes.append(UInt8(scalar.value - base))
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
        bytes.append(0)
        return bytes
    }

    /// Whether any UTF-8 byte of `text` is one `test` picks: one pass over the bytes, as a plain
    /// loop (a generic `contains` over a String's view costs ten times as much in a debug build).
    static func anyByte(of text: String, where test: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index < bytes.count {
                if test(bytes[index]) { return true }
                index += 1
            }
            return false
        } ?? text.utf8.contains(where: test)
    }

    /// Whether `scalar` stands for a byte that was not UTF-8.
    @inline(__always)
    public static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF
    }

    /// Whether `scalar` is in the range kept for bytes and terminal styles.
    @inline(__always)
    static func isReserved(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= base && scalar.value <= base + 0xFF }

    /// A terminal's escape (ESC) and carriage return, as reelshare's own styles and progress line
    /// write them (Terminal): `terminalText` makes them the real bytes, where nothing else can.
    public static let styleEscape = Unicode.Scalar(base + 0x1B)!
    public static let styleReturn = Unicode.Scalar(base + 0x0D)!
    /// What may follow a style's escape: SGR's reset, bold and three colours, and erase-line.
    static let styleCodes: [String] = ["[0m", "[1m", "[31m", "[32m", "[33m", "[K"]

    /// Text for a terminal or a log: undecodable bytes shown as U+FFFD; every control character
    /// but newline and tab (C0, DEL, C1: a file named `\e]0;title\a.mp4` would retitle the
    /// terminal, `\e[2J.mp4` clear it) escaped as `ls -b` shows it (`\033`, `\r`, `\a`); and, where
    /// `styled`, reelshare's own styles made escapes (only those).
    public static func terminalText(_ text: String, styled: Bool) -> String {
        // Most text has none: a pass over its bytes (C0 and DEL, C1's and the reserved range's
        // lead bytes) before any over its scalars.
        let marked = anyByte(of: text) { byte in
            (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xF4
        }
        if !marked { return text }
        let scalars = text.unicodeScalars
        var out = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if scalar == styleEscape, styled,
                let code = styleCodes.first(where: { scalars[index...].starts(with: $0.unicodeScalars) })
            {
                out.append("\u{1B}")
                out.append(contentsOf: code.unicodeScalars)
                index = scalars.index(index, offsetBy: code.unicodeScalars.count)
            } else if scalar == styleReturn, styled {
                out.append("\r")
            } else if isReserved(scalar) {
                out.append(isEscape(scalar) ? "\u{FFFD}" : "?")
            } else if isControl(scalar) {
                out.append(contentsOf: escaped(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// C0 but newline and tab, DEL, and C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// A control character as `ls -b` writes it: C's escapes, else its UTF-8 bytes in octal.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        let named: [UInt32: String] = [7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r"]
        if let name = named[scalar.value] { return name }
        return String(scalar).utf8.map { byte in
            "\\" + String(byte, radix: 8).leftPadded(to: 3)
        }.joined()
    }

    /// A name (or a command holding one) as a line of text shows it: its newlines and tabs written
    /// as `ls -b` writes them (`\n`, `\t`), so that one line stays one line (Output escapes every
    /// other control character; a newline of reelshare's own is not in a name).
    public static func lineText(_ text: String) -> String {
        guard anyByte(of: text, where: { $0 == 0x0A || $0 == 0x09 }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                out.append(contentsOf: escaped(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The path for people and documents: undecodable bytes shown as U+FFFD.
    public static func display(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isEscape) else { return path }
        return String(String.UnicodeScalarView(path.unicodeScalars.map { isEscape($0) ? "\u{FFFD}" : $0 }))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
