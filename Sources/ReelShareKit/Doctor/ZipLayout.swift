// A zip archive's layout as an installer walks it: the end record (ZIP64's too), each central
// directory record, and the local header it points to. libzip reads entries through the central
// directory alone; Android's installer and iOS's read each through its local header, and refuse
// an archive whose two views disagree or whose entries share bytes (the "Master Key" and zip
// bomb tricks of overlapping entries). Pure: the caller reads the bytes.
public enum ZipLayout {
    /// Reads `count` bytes at `offset`; nil when the file does not hold them.
    public typealias Reader = (_ offset: Int, _ count: Int) -> [UInt8]?

    /// Why an installer would refuse the archive of `size` bytes, or nil: a local header that
    /// disagrees with its central record (name, method, sizes, CRC), two entries whose bytes
    /// overlap, or an entry that runs into the central directory. `maxEntries` bounds the walk.
    /// An archive whose end record cannot be found is left to the reader that opened it.
    public static func refusal(size: Int, maxEntries: Int, read: Reader) -> String? {
        guard let directory = centralDirectory(size: size, read: read), directory.entries <= maxEntries else { return nil }
        var spans: [(start: Int, end: Int, name: [UInt8])] = []
        spans.reserveCapacity(directory.entries)
        var position = directory.offset
        for _ in 0..<directory.entries {
            guard let fixed = read(position, 46), fixed.starts(with: [0x50, 0x4B, 1, 2]) else { return nil }
            let nameLength = Int(u16(fixed, 28)), extraLength = Int(u16(fixed, 30)), commentLength = Int(u16(fixed, 32))
            guard let name = read(position + 46, nameLength), let extra = read(position + 46 + nameLength, extraLength) else {
                return nil
            }
            var central = Record(
                flags: u16(fixed, 8), method: u16(fixed, 10), crc: u32(fixed, 16), compressed: UInt64(u32(fixed, 20)),
                size: UInt64(u32(fixed, 24)), name: name)
            var offset = UInt64(u32(fixed, 42))
            central.widen(extra, offset: &offset)
            position += 46 + nameLength + extraLength + commentLength
            guard offset < UInt64(size), let local = localRecord(at: Int(offset), read: read) else {
                return refusedHeader(name)
            }
            guard local.record.agrees(with: central) else { return refusedHeader(name) }
            // (A ZIP64 size near 2^64 would overflow the sum: it runs past the directory too.)
            let (end, overflow) = UInt64(local.dataStart).addingReportingOverflow(central.compressed)
            guard !overflow, end <= UInt64(directory.offset) else {
                return "the entry \"\(shown(name))\" runs into the central directory: an installer refuses such an archive"
            }
            spans.append((Int(offset), Int(end), name))
        }
        spans.sort { $0.start < $1.start }
        for (earlier, later) in zip(spans, spans.dropFirst()) where later.start < earlier.end {
            return
                "the entries \"\(shown(earlier.name))\" and \"\(shown(later.name))\" overlap (they share bytes): an installer refuses such an archive"
        }
        return nil
    }

    private static func refusedHeader(_ name: [UInt8]) -> String {
        "an entry's local header disagrees with the central directory (its name, method or sizes): an installer refuses such an archive (\"\(shown(name))\")"
    }

    private static func shown(_ name: [UInt8]) -> String { Quoted.short(String(decoding: name, as: UTF8.self)) }

    /// What a central record and a local header both say of an entry.
    struct Record {
        var flags: UInt16
        var method: UInt16
        var crc: UInt32
        var compressed: UInt64
        var size: UInt64
        var name: [UInt8]

        /// The ZIP64 extra field's values in place of the 32-bit fields set to 0xFFFFFFFF, in the
        /// order the format gives them (size, compressed size, offset).
        mutating func widen(_ extra: [UInt8], offset: inout UInt64) {
            var at = 0
            while at + 4 <= extra.count {
                let id = ZipLayout.u16(extra, at), length = Int(ZipLayout.u16(extra, at + 2))
                guard at + 4 + length <= extra.count else { return }
                if id == 1 {
                    var field = at + 4
                    func next(_ value: inout UInt64) {
                        guard value == 0xFFFF_FFFF, field + 8 <= at + 4 + length else { return }
                        value = ZipLayout.u64(extra, field)
                        field += 8
                    }
                    next(&size)
                    next(&compressed)
                    next(&offset)
                    return
                }
                at += 4 + length
            }
        }

        /// Whether a local header agrees with the central record: its name and method always;
        /// its CRC and sizes unless a data descriptor after the data gives them (flag bit 3).
        func agrees(with central: Record) -> Bool {
            guard name == central.name, method == central.method else { return false }
            if flags & 8 != 0 { return true }
            return crc == central.crc && compressed == central.compressed && size == central.size
        }
    }

    /// The local header at `offset` and where its entry's data starts.
    static func localRecord(at offset: Int, read: Reader) -> (record: Record, dataStart: Int)? {
        guard let fixed = read(offset, 30), fixed.starts(with: [0x50, 0x4B, 3, 4]) else { return nil }
        let nameLength = Int(u16(fixed, 26)), extraLength = Int(u16(fixed, 28))
        guard let name = read(offset + 30, nameLength), let extra = read(offset + 30 + nameLength, extraLength) else {
            return nil
        }
        var record = Record(
            flags: u16(fixed, 6), method: u16(fixed, 8), crc: u32(fixed, 14), compressed: UInt64(u32(fixed, 18)),
            size: UInt64(u32(fixed, 22)), name: name)
        var unused: UInt64 = 0
        record.widen(extra, offset: &unused)
        return (record, offset + 30 + nameLength + extraLength)
    }

    /// The central directory's offset and entry count, from the last end record in the file's
    /// last 64 KiB whose directory lies inside the file (ZIP64's where the record defers to it).
    static func centralDirectory(size: Int, read: Reader) -> (offset: Int, entries: Int)? {
        let tailLength = min(size, 22 + 0xFFFF)
        guard let tail = read(size - tailLength, tailLength), tail.count >= 22 else { return nil }
        var index = tail.count - 22
        while index >= 0 {
            defer { index -= 1 }
            guard tail[index] == 0x50, tail[index + 1] == 0x4B, tail[index + 2] == 5, tail[index + 3] == 6 else { continue }
            var entries = UInt64(u16(tail, index + 10)), length = UInt64(u32(tail, index + 12))
            var offset = UInt64(u32(tail, index + 16))
            let record = size - tailLength + index
            if entries == 0xFFFF || length == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                guard record >= 20, let locator = read(record - 20, 20), locator.starts(with: [0x50, 0x4B, 6, 7]) else {
                    continue
                }
                let at = u64(locator, 8)
                guard at < UInt64(size), let wide = read(Int(at), 56), wide.starts(with: [0x50, 0x4B, 6, 6]) else { continue }
                entries = u64(wide, 32)
                length = u64(wide, 40)
                offset = u64(wide, 48)
            }
            guard offset <= UInt64(record), length <= UInt64(record) - offset, entries <= UInt64(Int32.max) else { continue }
            return (Int(offset), Int(entries))
        }
        return nil
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
    }
    static func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
}
