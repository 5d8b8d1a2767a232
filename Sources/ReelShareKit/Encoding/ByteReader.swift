// The one way Swift code reads bytes that came from a file: every read is checked against the end
// and answers nil instead of trapping, and offsets are never added in a way that can overflow. A
// file can claim any size, count or offset; a trap would take the whole batch with it.

public struct ByteReader: Sendable {
    private let storage: [UInt8]
    /// The window of `storage` this reader sees.
    private let start: Int
    public let count: Int

    public init(_ bytes: [UInt8]) {
        storage = bytes
        start = 0
        count = bytes.count
    }

    private init(storage: [UInt8], start: Int, count: Int) {
        self.storage = storage
        self.start = start
        self.count = count
    }

    /// Whether `length` bytes at `offset` lie inside the window.
    public func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    public func u8(_ offset: Int) -> UInt8? {
        contains(offset, 1) ? storage[start + offset] : nil
    }

    /// A big-endian unsigned integer of 1 to 8 bytes.
    public func bigEndian(_ offset: Int, _ length: Int) -> UInt64? {
        guard (1...8).contains(length), contains(offset, length) else { return nil }
        var value: UInt64 = 0
        for index in 0..<length { value = value << 8 | UInt64(storage[start + offset + index]) }
        return value
    }

    /// A little-endian unsigned integer of 1 to 8 bytes.
    public func littleEndian(_ offset: Int, _ length: Int) -> UInt64? {
        guard (1...8).contains(length), contains(offset, length) else { return nil }
        var value: UInt64 = 0
        for index in (0..<length).reversed() { value = value << 8 | UInt64(storage[start + offset + index]) }
        return value
    }

    public func be16(_ offset: Int) -> Int? { bigEndian(offset, 2).map { Int($0) } }
    public func be32(_ offset: Int) -> Int? { bigEndian(offset, 4).map { Int($0) } }
    public func le16(_ offset: Int) -> Int? { littleEndian(offset, 2).map { Int($0) } }
    public func le24(_ offset: Int) -> Int? { littleEndian(offset, 3).map { Int($0) } }
    public func le32(_ offset: Int) -> Int? { littleEndian(offset, 4).map { Int($0) } }

    public func bytes(_ offset: Int, _ length: Int) -> [UInt8]? {
        contains(offset, length) ? Array(storage[(start + offset)..<(start + offset + length)]) : nil
    }

    /// Bytes as text, one character per byte (four-character codes, signatures).
    public func ascii(_ offset: Int, _ length: Int) -> String? {
        bytes(offset, length).map { String(decoding: $0.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self) }
    }

    public func starts(with prefix: [UInt8]) -> Bool { bytes(0, prefix.count) == prefix }

    /// The window of `length` bytes at `offset`, read with offsets starting at 0.
    public func window(_ offset: Int, _ length: Int) -> ByteReader? {
        contains(offset, length) ? ByteReader(storage: storage, start: start + offset, count: length) : nil
    }

    /// Everything from `offset` to the end.
    public func rest(from offset: Int) -> ByteReader? { window(offset, count - offset) }

    // MARK: ISO-BMFF boxes

    /// One box: its four-character type and its payload.
    public struct Box: Sendable {
        public let type: String
        public let payload: ByteReader
    }

    /// The boxes that follow one another from the start of this window. A box that claims more
    /// than is there ends the list (in a file's prefix, its end is simply not read yet).
    public func boxes() -> [Box] {
        var result: [Box] = []
        var at = 0
        while contains(at, 8), let size32 = be32(at), let type = ascii(at + 4, 4) {
            var size = size32
            var header = 8
            if size32 == 1 {
                guard let large = bigEndian(at + 8, 8), large <= UInt64(Int.max) else { break }
                size = Int(large)
                header = 16
            } else if size32 == 0 {
                size = count - at
            }
            guard size >= header, contains(at, size), let payload = window(at + header, size - header) else { break }
            result.append(Box(type: type, payload: payload))
            at += size
        }
        return result
    }
}
