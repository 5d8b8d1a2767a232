// Android's binary XML, as aapt and aapt2 write AndroidManifest.xml into an .apk: a chunk holding a
// string pool, a resource map (the attribute names' resource ids) and one chunk per namespace,
// element start and element end, each attribute with a typed value (a string, a reference to a
// resource, an integer, a boolean…). Layouts from AOSP's androidfw ResourceTypes.h. Every offset,
// count and length the file states is checked against the bytes of its chunk before use.

/// A chunk's header: its type, header size and whole size (ResChunk_header).
struct ResChunk {
    let type: Int
    let headerSize: Int
    let size: Int
    /// The chunk, header included.
    let bytes: ByteReader

    /// The chunk at `at` in `parent`; `part` names it in errors.
    init(in parent: ByteReader, at: Int, part: String) throws(AppFileError) {
        guard let type = parent.le16(at), let headerSize = parent.le16(at + 2), let size = parent.le32(at + 4) else {
            throw AppFileError("\(part): a chunk header is cut short at byte \(at)")
        }
        guard headerSize >= 8, size >= headerSize, let bytes = parent.window(at, size) else {
            throw AppFileError(
                "\(part): the chunk at byte \(at) claims \(size) bytes (header \(headerSize)), more than there are")
        }
        self.type = type
        self.headerSize = headerSize
        self.size = size
        self.bytes = bytes
    }

    /// The most chunks one reading visits, all sequences together: an app's manifest or resource
    /// table holds some thousands; a file of millions of empty 8-byte chunks is refused at once.
    static let maxChunks = 200_000

    /// The chunks one reading has visited, all sequences together.
    final class Count {
        var visited = 0
    }

    /// Each chunk that follows the previous one in `bytes` from `start`, handed to `body` as it is
    /// read; `count` counts them against maxChunks.
    static func forEach(
        in bytes: ByteReader, from start: Int, part: String, count: Count, _ body: (ResChunk) throws(AppFileError) -> Void
    ) throws(AppFileError) {
        var at = start
        while at < bytes.count {
            count.visited += 1
            guard count.visited <= maxChunks else {
                throw AppFileError("\(part): more than \(maxChunks) chunks, more than an app's files hold")
            }
            let chunk = try ResChunk(in: bytes, at: at, part: part)
            try body(chunk)
            at += chunk.size
        }
    }
}

/// A string pool (ResStringPool_header and its strings, UTF-8 or UTF-16). Strings are decoded when
/// asked for and kept; a pool whose offsets all point at one long string cannot make more text
/// than `budget` bytes in all.
final class ResStringPool {
    private let chunk: ResChunk
    private let count: Int
    private let utf8: Bool
    private let stringsStart: Int
    private let part: String
    private var decoded: [Int: String] = [:]
    private var budget: Int

    static let type = 0x0001

    init(_ chunk: ResChunk, part: String) throws(AppFileError) {
        let b = chunk.bytes
        guard chunk.type == Self.type, chunk.headerSize >= 28, let count = b.le32(8), let flags = b.le32(16),
            let stringsStart = b.le32(20)
        else { throw AppFileError("\(part): the string pool's header is malformed") }
        guard count <= (chunk.size - chunk.headerSize) / 4, stringsStart <= chunk.size,
            count == 0 || stringsStart >= chunk.headerSize + count * 4
        else { throw AppFileError("\(part): the string pool claims \(count) strings, more than its \(chunk.size) bytes hold") }
        self.chunk = chunk
        self.count = count
        self.utf8 = flags & 0x100 != 0
        self.stringsStart = stringsStart
        self.part = part
        // The text decoded may exceed the pool's bytes only where strings are shared; twice over
        // and a megabyte is more than aapt and aapt2 ever make.
        budget = 1 << 20 + 2 * chunk.size
    }

    /// String `index`; nil for 0xFFFFFFFF (none). An index past the pool or a string past its
    /// chunk is an error.
    func string(_ index: Int) throws(AppFileError) -> String? {
        if index == 0xFFFF_FFFF { return nil }
        if let text = decoded[index] { return text }
        let b = chunk.bytes
        guard index < count, let offset = b.le32(chunk.headerSize + index * 4) else {
            throw AppFileError("\(part): string \(index) is past the pool's \(count) strings")
        }
        var at = stringsStart + offset
        let text: String?
        if utf8 {
            // Two lengths: in UTF-16 units, then in bytes; each one byte, or two with the high bit set.
            func length() -> Int? {
                guard let first = b.u8(at) else { return nil }
                at += 1
                guard first & 0x80 != 0 else { return Int(first) }
                guard let second = b.u8(at) else { return nil }
                at += 1
                return Int(first & 0x7F) << 8 | Int(second)
            }
            guard length() != nil, let bytes = length(), let raw = b.bytes(at, bytes) else {
                throw AppFileError("\(part): string \(index) runs past the pool's chunk")
            }
            text = String(validating: raw, as: UTF8.self) ?? String(decoding: raw, as: UTF8.self)
        } else {
            guard let first = b.le16(at) else { throw AppFileError("\(part): string \(index) runs past the pool's chunk") }
            at += 2
            var units = first
            if first & 0x8000 != 0 {
                guard let second = b.le16(at) else { throw AppFileError("\(part): string \(index) runs past the pool's chunk") }
                at += 2
                units = (first & 0x7FFF) << 16 | second
            }
            guard units <= (b.count - at) / 2, let raw = b.bytes(at, units * 2) else {
                throw AppFileError("\(part): string \(index) runs past the pool's chunk")
            }
            text = String(
                decoding: stride(from: 0, to: raw.count, by: 2).map { UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8 }, as: UTF16.self
            )
        }
        let result = text ?? ""
        budget -= result.utf8.count
        guard budget >= 0 else {
            throw AppFileError("\(part): its strings overlap to make more text than the file could hold (a crafted pool)")
        }
        decoded[index] = result
        return result
    }
}

/// A typed value (Res_value): what an attribute or a resource is once compiled.
enum ResValue {
    /// Res_value's dataType and data as doctor reads them; `string` resolves a string index.
    static func decode(type: Int, data: UInt32, string: (Int) throws(AppFileError) -> String?) throws(AppFileError)
        -> AndroidValue?
    {
        switch type {
        case 0x00: return data == 1 ? .text("") : nil  // @empty, or undefined
        case 0x01, 0x07: return data == 0 ? nil : .reference(ResourceReference(id: data))  // @null is 0
        case 0x02, 0x08: return .other("?0x" + String(data, radix: 16))
        case 0x03: return .text(try string(Int(data)) ?? "")
        case 0x04: return .other(String(Float(bitPattern: data)))
        case 0x10: return .integer(Int64(Int32(bitPattern: data)))
        case 0x11: return .integer(Int64(data))
        case 0x12: return .boolean(data != 0)
        case 0x1C...0x1F: return .other("#" + String(data, radix: 16))
        default: return .other("0x" + String(data, radix: 16))
        }
    }
}

enum BinaryXML {
    /// The attributes of the android namespace doctor reads, by resource id: Android looks an
    /// attribute up by this id, not by the name string beside it (which shrinkers may empty).
    static let attributeNames: [Int: String] = [
        0x0101_0003: "name", 0x0101_000E: "enabled", 0x0101_0010: "exported", 0x0101_0018: "authorities",
        0x0101_001B: "grantUriPermissions", 0x0101_0024: "value", 0x0101_0025: "resource", 0x0101_0026: "mimeType",
        0x0101_0027: "scheme", 0x0101_0028: "host",
    ]

    static let maxDepth = 64

    /// The element tree of a binary XML document; `origin` names the file for findings.
    static func parse(_ data: [UInt8], origin: String) throws(AppFileError) -> AndroidElement {
        let part = "binary XML"
        let file = ByteReader(data)
        let top = try ResChunk(in: file, at: 0, part: part)
        guard top.type == 0x0003 else { throw AppFileError("\(part): not Android's binary XML (it starts with no XML chunk)") }
        var pool: ResStringPool?
        var resourceIds: ByteReader?
        var stack: [AndroidElement] = []
        var root: AndroidElement?
        var elements = 0
        try ResChunk.forEach(in: top.bytes, from: top.headerSize, part: part, count: ResChunk.Count()) {
            chunk throws(AppFileError) in
            switch chunk.type {
            case ResStringPool.type:
                guard pool == nil else { throw AppFileError("\(part): a second string pool") }
                pool = try ResStringPool(chunk, part: "\(part) string pool")
            case 0x0180:
                resourceIds = chunk.bytes.window(chunk.headerSize, chunk.size - chunk.headerSize)
            case 0x0102:
                guard let pool else { throw AppFileError("\(part): an element before the string pool") }
                guard root == nil else { throw AppFileError("\(part): a second root element") }
                elements += 1
                guard elements <= AndroidManifestLimits.elements else { throw AndroidManifestLimits.tooMany(part) }
                guard stack.count < maxDepth else { throw AppFileError("\(part): elements nested deeper than \(maxDepth)") }
                stack.append(try element(chunk, pool: pool, resourceIds: resourceIds, origin: origin))
            case 0x0103:
                guard let element = stack.popLast() else { throw AppFileError("\(part): an element ends that never started") }
                if stack.isEmpty {
                    root = element
                } else {
                    stack[stack.count - 1].children.append(element)
                }
            default:
                break  // namespaces (attributes carry their URI), text, comments
            }
        }
        guard stack.isEmpty, let root else { throw AppFileError("\(part): the document is cut short (an element never ends)") }
        return root
    }

    /// A start-element chunk (ResXMLTree_node, ResXMLTree_attrExt, then its attributes).
    private static func element(_ chunk: ResChunk, pool: ResStringPool, resourceIds: ByteReader?, origin: String)
        throws(AppFileError) -> AndroidElement
    {
        let part = "binary XML element"
        let b = chunk.bytes
        let ext = chunk.headerSize
        guard let nameIndex = b.le32(ext + 4), let attributeStart = b.le16(ext + 8), let attributeSize = b.le16(ext + 10),
            let attributeCount = b.le16(ext + 12)
        else { throw AppFileError("\(part): its header is cut short") }
        guard let name = try pool.string(nameIndex) else { throw AppFileError("\(part): an element without a name") }
        guard attributeCount == 0 || attributeSize >= 20,
            b.contains(ext + attributeStart, attributeCount * attributeSize)
        else { throw AppFileError("\(part) <\(name)>: its \(attributeCount) attributes run past its chunk") }
        var attributes: [AndroidAttribute] = []
        for index in 0..<attributeCount {
            let at = ext + attributeStart + index * attributeSize
            guard let namespace = b.le32(at), let attributeName = b.le32(at + 4), let raw = b.le32(at + 8),
                let type = b.u8(at + 15), let data = b.le32(at + 16)
            else { throw AppFileError("\(part) <\(name)>: attribute \(index + 1) is cut short") }
            var local = try pool.string(attributeName) ?? ""
            if let id = resourceIds?.le32(attributeName * 4), let known = attributeNames[id] { local = known }
            var value = try ResValue.decode(type: Int(type), data: UInt32(data)) { index throws(AppFileError) in
                try pool.string(index)
            }
            if case .text? = value, let rawText = try pool.string(raw) { value = .text(rawText) }
            if value == nil, let rawText = try pool.string(raw) { value = .fromText(rawText) }
            guard let value else { continue }
            attributes.append(AndroidAttribute(namespace: try pool.string(namespace) ?? "", name: local, value: value))
        }
        return AndroidElement(name: name, attributes: attributes, origin: origin)
    }
}
