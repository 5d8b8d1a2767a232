// Property lists, XML and binary, as `doctor` reads an Info.plist, an entitlements file or an
// archive's plist. Foundation's PropertyListSerialization crashes on some malformed input on Linux
// (Scripts/fuzz found a binary plist with a set); this reader returns nil instead, and never
// recurses without limit or allocates what the input merely claims.

import FoundationEssentials

/// A property list value.
public indirect enum PlistValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case data([UInt8])
    case date(Double)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

public enum PropertyList {
    /// Parses an XML or binary property list; nil when it is neither.
    public static func parse(_ bytes: [UInt8]) -> PlistValue? { read(bytes)?.value }

    /// The value of an XML or binary property list and the keys its top dictionary repeats (see
    /// repeatedTopLevelKeys), from one reading of its bytes; nil when it is neither.
    public static func read(_ bytes: [UInt8]) -> (value: PlistValue, repeated: [String])? {
        if bytes.starts(with: Array("bplist00".utf8)) { return Binary(bytes)?.value().map { ($0, []) } }
        guard let events = XMLReader.events(bytes), case .start("plist", _)? = events.first else { return nil }
        var index = 1
        skipText(events, &index)
        return xmlValue(events, &index, depth: 0).map { ($0, repeatedTopLevelKeys(events)) }
    }

    /// The objects reading a binary property list visits (at most Binary.maxObjects, whatever it
    /// describes), and whether it gave a value; nil when it is not one. For tests: work, not time.
    static func binaryWork(_ bytes: [UInt8]) -> (objects: Int, parsed: Bool)? {
        guard let reader = Binary(bytes) else { return nil }
        let parsed = reader.value() != nil
        return (reader.objectsVisited, parsed)
    }

    /// The most objects a binary property list's reading visits.
    static var maxBinaryObjects: Int { Binary.maxObjects }

    /// The keys the top dictionary of an XML property list repeats, each once, in order. A
    /// dictionary keeps one value per key, so a reader sees only the last; a binary plist is
    /// written from a dictionary and cannot repeat one.
    public static func repeatedTopLevelKeys(_ bytes: [UInt8]) -> [String] {
        guard !bytes.starts(with: Array("bplist00".utf8)), let events = XMLReader.events(bytes) else { return [] }
        return repeatedTopLevelKeys(events)
    }

    private static func repeatedTopLevelKeys(_ events: [XMLEvent]) -> [String] {
        var depth = 0
        var seen: Set<String> = []
        var repeated: [String] = []
        var said: Set<String> = []
        var index = 0
        while index < events.count {
            switch events[index] {
            case .start("key", _) where depth == 2:
                index += 1
                if let key = content(events, &index, "key") {
                    if !seen.insert(key).inserted, said.insert(key).inserted { repeated.append(key) }
                    continue
                }
                depth += 1
                continue
            case .start:
                depth += 1
            case .end:
                depth -= 1
            case .text:
                break
            }
            index += 1
        }
        return repeated
    }

    private static func skipText(_ events: [XMLEvent], _ index: inout Int) {
        while index < events.count, case .text = events[index] { index += 1 }
    }

    /// The text inside the element that just started, up to its end.
    private static func content(_ events: [XMLEvent], _ index: inout Int, _ element: String) -> String? {
        var text = ""
        while index < events.count {
            switch events[index] {
            case .text(let piece): text += piece
            case .end(element):
                index += 1
                return text
            default: return nil
            }
            index += 1
        }
        return nil
    }

    private static func xmlValue(_ events: [XMLEvent], _ index: inout Int, depth: Int) -> PlistValue? {
        guard depth < XMLReader.maxDepth, index < events.count, case .start(let element, _) = events[index] else { return nil }
        index += 1
        switch element {
        case "string": return content(events, &index, element).map(PlistValue.string)
        case "integer":
            return content(events, &index, element).flatMap { Int64($0.trimmingWhitespace) }.map(
                PlistValue.integer)
        case "real":
            return content(events, &index, element).flatMap { Double($0.trimmingWhitespace) }.map(
                PlistValue.real)
        case "true", "false": return content(events, &index, element).map { _ in .bool(element == "true") }
        case "data": return content(events, &index, element).map { _ in .data([]) }  // contents unused
        case "date": return content(events, &index, element).map { _ in .date(0) }
        case "array":
            var items: [PlistValue] = []
            while true {
                skipText(events, &index)
                guard index < events.count else { return nil }
                if case .end("array") = events[index] {
                    index += 1
                    return .array(items)
                }
                guard let item = xmlValue(events, &index, depth: depth + 1) else { return nil }
                items.append(item)
            }
        case "dict":
            var members: [String: PlistValue] = [:]
            while true {
                skipText(events, &index)
                guard index < events.count else { return nil }
                if case .end("dict") = events[index] {
                    index += 1
                    return .dictionary(members)
                }
                guard case .start("key", _) = events[index] else { return nil }
                index += 1
                guard let key = content(events, &index, "key") else { return nil }
                skipText(events, &index)
                guard let value = xmlValue(events, &index, depth: depth + 1) else { return nil }
                members[key] = value
            }
        default:
            return nil
        }
    }

    /// bplist00: objects addressed through an offset table, described by a 32-byte trailer. Every
    /// read goes through ByteReader: a size, count or offset the file states is never trusted.
    private struct Binary {
        let bytes: ByteReader
        let offsets: [Int]
        let referenceSize: Int
        let top: Int
        /// Objects may be shared: a small file can describe an exponentially large tree. Reading
        /// stops after this many objects, and after strings and data of more bytes than the file
        /// four times over and a megabyte (a string read once per reference to it would make 50,000
        /// copies of one 10 KB string out of 110 KB); a string or data object is read once, and
        /// each reference to it shares that one value.
        private let visits = Counter(limit: maxObjects)
        static let maxObjects = 100_000

        final class Counter {
            var left: Int
            var bytesLeft = 0
            var leaves: [Int: PlistValue] = [:]
            init(limit: Int) { left = limit }
        }

        init?(_ data: [UInt8]) {
            let bytes = ByteReader(data)
            let trailer = bytes.count - 32
            guard trailer >= 8, let offsetSize = bytes.u8(trailer + 6).map(Int.init),
                let referenceSize = bytes.u8(trailer + 7).map(Int.init),
                (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                let count = Binary.integer(bytes, trailer + 8, 8), let top = Binary.integer(bytes, trailer + 16, 8),
                let table = Binary.integer(bytes, trailer + 24, 8),
                count > 0, count <= bytes.count, top < count, table >= 8,
                table <= trailer, count <= (trailer - table) / offsetSize
            else { return nil }
            var offsets: [Int] = []
            offsets.reserveCapacity(count)
            for index in 0..<count {
                guard let offset = Binary.integer(bytes, table + index * offsetSize, offsetSize), offset >= 8, offset < table
                else { return nil }
                offsets.append(offset)
            }
            self.bytes = bytes
            self.offsets = offsets
            self.referenceSize = referenceSize
            self.top = top
            visits.bytesLeft = 4 * data.count + (1 << 20)
        }

        /// A big-endian unsigned integer of `size` bytes at `at`, if it fits in an Int.
        static func integer(_ bytes: ByteReader, _ at: Int, _ size: Int) -> Int? {
            guard let value = bytes.bigEndian(at, size), value <= UInt64(Int.max / 2) else { return nil }
            return Int(value)
        }

        func value() -> PlistValue? { object(top, depth: 0) }

        /// How many objects reading has visited so far: the work a hostile file got out of it.
        var objectsVisited: Int { Binary.maxObjects - visits.left }

        /// The length of the object at `at` with marker low nibble `nibble`, and where its payload starts.
        private func length(_ nibble: Int, _ at: Int) -> (Int, Int)? {
            guard nibble == 0xF else { return (nibble, at + 1) }
            guard let marker = bytes.u8(at + 1), marker >> 4 == 0x1 else { return nil }
            let size = 1 << Int(marker & 0x0F)
            guard size <= 8, let count = Binary.integer(bytes, at + 2, size) else { return nil }
            return (count, at + 2 + size)
        }

        private func object(_ reference: Int, depth: Int) -> PlistValue? {
            guard depth < XMLReader.maxDepth, reference >= 0, reference < offsets.count, visits.left > 0 else { return nil }
            visits.left -= 1
            let at = offsets[reference]
            guard let marker = bytes.u8(at).map(Int.init) else { return nil }
            let type = marker >> 4, nibble = marker & 0x0F
            switch type {
            case 0x0:
                switch nibble {
                case 0x8: return .bool(false)
                case 0x9: return .bool(true)
                default: return nil
                }
            case 0x1:
                let size = 1 << nibble
                guard size <= 8, let value = bytes.bigEndian(at + 1, size) else { return nil }
                return .integer(Int64(bitPattern: value))
            case 0x2:
                let size = 1 << nibble
                guard size == 4 || size == 8, let value = bytes.bigEndian(at + 1, size) else { return nil }
                return .real(size == 8 ? Double(bitPattern: value) : Double(Float(bitPattern: UInt32(value))))
            case 0x3:
                return bytes.contains(at, 9) ? .date(0) : nil
            case 0x4, 0x5, 0x6:
                if let shared = visits.leaves[reference] { return shared }
                guard let (count, start) = length(nibble, at), count <= bytes.count,
                    let payload = bytes.bytes(start, type == 0x6 ? count * 2 : count)
                else { return nil }
                visits.bytesLeft -= payload.count
                guard visits.bytesLeft >= 0 else { return nil }
                let value: PlistValue?
                switch type {
                case 0x4: value = .data(payload)
                case 0x5: value = String(validating: payload, as: UTF8.self).map(PlistValue.string)
                default:
                    let units = stride(from: 0, to: payload.count - 1, by: 2).map {
                        UInt16(payload[$0]) << 8 | UInt16(payload[$0 + 1])
                    }
                    value = .string(String(decoding: units, as: UTF16.self))
                }
                visits.leaves[reference] = value
                return value
            case 0xA, 0xC:  // array, set (read as an array)
                guard let (count, start) = length(nibble, at), count <= bytes.count / referenceSize,
                    bytes.contains(start, count * referenceSize)
                else { return nil }
                var items: [PlistValue] = []
                for index in 0..<count {
                    guard let reference = Binary.integer(bytes, start + index * referenceSize, referenceSize),
                        let item = object(reference, depth: depth + 1)
                    else { return nil }
                    items.append(item)
                }
                return .array(items)
            case 0xD:
                guard let (count, start) = length(nibble, at), count <= bytes.count / (2 * referenceSize),
                    bytes.contains(start, 2 * count * referenceSize)
                else { return nil }
                var members: [String: PlistValue] = [:]
                for index in 0..<count {
                    guard let keyReference = Binary.integer(bytes, start + index * referenceSize, referenceSize),
                        let valueReference = Binary.integer(bytes, start + (count + index) * referenceSize, referenceSize),
                        case .string(let key)? = object(keyReference, depth: depth + 1),
                        let value = object(valueReference, depth: depth + 1)
                    else { return nil }
                    members[key] = value
                }
                return .dictionary(members)
            default:
                return nil
            }
        }
    }
}
