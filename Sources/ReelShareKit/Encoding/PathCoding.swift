// File names are bytes, not text: a name may hold bytes that are not UTF-8. reelshare keeps such a
// name losslessly in a String by mapping each byte that is not part of valid UTF-8 to a scalar of
// its own (U+10FF80 to U+10FFFF, the end of a private-use plane), maps it back to the very bytes
// when it opens the file, and shows U+FFFD for it in output, so JSON, XML and text stay valid.

public enum PathCoding {
    static let base: UInt32 = 0x10FF00

    /// A String for the bytes of a path, lossless.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // Fast path: valid UTF-8 decodes as it is.
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isEscape) { return text }
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
                let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, !isEscape(scalar)
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
        for scalar in path.unicodeScalars {
            if scalar.value >= base + 0x80, scalar.value <= base + 0xFF {
                bytes.append(UInt8(scalar.value - base))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        bytes.append(0)
        return bytes
    }

    /// Whether `scalar` stands for a byte that was not UTF-8.
    @inline(__always)
    public static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF
    }

    /// The path for people and documents: undecodable bytes shown as U+FFFD.
    public static func display(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isEscape) else { return path }
        return String(String.UnicodeScalarView(path.unicodeScalars.map { isEscape($0) ? "\u{FFFD}" : $0 }))
    }
}
