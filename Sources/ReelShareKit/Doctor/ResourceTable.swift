// An .apk's resources.arsc: a table chunk holding the values' string pool and one chunk per
// package (its type and key name pools, then per type a spec and one chunk per configuration,
// each a list of entries). doctor needs the default configuration's simple values (strings,
// booleans, integers, references) and the names of the others (`@xml/file_paths`, a file), by
// resource id. Layouts from AOSP's androidfw ResourceTypes.h; bounded as BinaryXML is (chunks
// visited, text decoded).
// A large app's table holds hundreds of thousands of entries; only those a manifest refers to are
// read (`wanted`), and the type chunks that hold none of them are passed over whole.

enum ResourceTable {
    /// The resources of `data` whose ids are in `wanted`, and those their values refer to in turn.
    /// Each id is looked for once: a round reads only the ids the last one's values named.
    static func parse(_ data: [UInt8], wanted: Set<UInt32>) throws(AppFileError) -> AndroidResources {
        var asked = wanted
        var resources = AndroidResources()
        var round = wanted
        // References to references (a string resource that is another's alias), as deep as
        // AndroidResources.resolve follows them.
        for _ in 0..<AndroidResources.referenceDepth {
            guard !round.isEmpty else { break }
            try read(data, wanted: round, into: &resources)
            round = Set(
                resources.byId.values.compactMap { entry -> UInt32? in
                    if case .reference(let reference)? = entry.value, let id = reference.id, !asked.contains(id) { return id }
                    return nil
                })
            asked.formUnion(round)
        }
        return resources
    }

    private static func read(_ data: [UInt8], wanted: Set<UInt32>, into resources: inout AndroidResources)
        throws(AppFileError)
    {
        let part = "resource table"
        let top = try ResChunk(in: ByteReader(data), at: 0, part: part)
        guard top.type == 0x0002, top.headerSize >= 12 else {
            throw AppFileError("\(part): not a resources.arsc (it starts with no table chunk)")
        }
        var values: ResStringPool?
        let count = ResChunk.Count()
        try ResChunk.forEach(in: top.bytes, from: top.headerSize, part: part, count: count) { chunk throws(AppFileError) in
            switch chunk.type {
            case ResStringPool.type:
                values = try ResStringPool(chunk, part: "\(part) value strings")
            case 0x0200:
                guard let values else { throw AppFileError("\(part): a package before the value strings") }
                try package(chunk, values: values, wanted: wanted, count: count, into: &resources)
            default:
                break
            }
        }
    }

    /// One package (ResTable_package, 288 bytes, or 284 before typeIdOffset).
    private static func package(
        _ chunk: ResChunk, values: ResStringPool, wanted: Set<UInt32>, count: ResChunk.Count,
        into resources: inout AndroidResources
    ) throws(AppFileError) {
        let b = chunk.bytes
        guard chunk.headerSize >= 284, let id = b.le32(8), id <= 0xFF, let typeStrings = b.le32(268),
            let keyStrings = b.le32(276)
        else { throw AppFileError("resource table: a package header is malformed") }
        let part = "resource table package 0x" + String(id, radix: 16)
        let typeNames = try ResStringPool(ResChunk(in: b, at: typeStrings, part: part), part: "\(part) type names")
        let keyNames = try ResStringPool(ResChunk(in: b, at: keyStrings, part: part), part: "\(part) key names")
        // The package and type ids asked for, so that other types' chunks are passed over.
        let types = Set(wanted.filter { Int($0 >> 24) == id }.map { Int($0 >> 16 & 0xFF) })
        try ResChunk.forEach(in: b, from: chunk.headerSize, part: part, count: count) { type throws(AppFileError) in
            guard type.type == 0x0201, let typeId = type.bytes.u8(8), types.contains(Int(typeId)) else { return }
            try entries(
                type, package: id, typeNames: typeNames, keyNames: keyNames, values: values, wanted: wanted,
                into: &resources, part: part)
        }
    }

    /// One type chunk (ResTable_type): its configuration, then its entries.
    private static func entries(
        _ chunk: ResChunk, package: Int, typeNames: ResStringPool, keyNames: ResStringPool, values: ResStringPool,
        wanted: Set<UInt32>, into resources: inout AndroidResources, part: String
    ) throws(AppFileError) {
        let b = chunk.bytes
        guard chunk.headerSize >= 24, let typeId = b.u8(8), typeId > 0, let flags = b.u8(9), let count = b.le32(12),
            let entriesStart = b.le32(16), let configSize = b.le32(20), configSize >= 4, 20 + configSize <= chunk.headerSize,
            entriesStart <= chunk.size
        else { throw AppFileError("\(part): a type chunk's header is malformed") }
        guard let typeName = try typeNames.string(Int(typeId) - 1) else {
            throw AppFileError("\(part): type \(typeId) has no name")
        }
        // The default configuration is the one whose every field after `size` is zero ("any").
        let isDefault = (b.bytes(24, configSize - 4) ?? [1]).allSatisfy { $0 == 0 }
        let sparse = flags & 0x01 != 0, offset16 = flags & 0x02 != 0
        let width = sparse || offset16 ? 2 : 4
        guard count <= (chunk.size - chunk.headerSize) / (sparse ? 4 : width),
            b.contains(chunk.headerSize, count * (sparse ? 4 : width))
        else { throw AppFileError("\(part) \(typeName): \(count) entries claimed, more than its chunk holds") }
        // The slots of the ids asked for: a dense table's by index; a sparse one's (each slot its
        // entry's index and offset, in order of index, as AOSP writes and reads them) by binary
        // search, so that a table of millions of slots costs a few reads per id.
        let base = UInt32(package) << 24 | UInt32(typeId) << 16
        let indices = wanted.filter { $0 & 0xFFFF_0000 == base }.map { Int($0 & 0xFFFF) }.sorted()
        let slots = sparse ? indices.compactMap { sparseSlot(b, from: chunk.headerSize, count: count, index: $0) } : indices
        for index in slots where index < count {
            let at = chunk.headerSize + index * (sparse ? 4 : width)
            var entryIndex = index
            var offset: Int
            if sparse {
                guard let slot = b.le16(at), let quarter = b.le16(at + 2) else { continue }
                entryIndex = slot
                offset = quarter * 4
            } else if offset16 {
                guard let quarter = b.le16(at), quarter != 0xFFFF else { continue }
                offset = quarter * 4
            } else {
                guard let full = b.le32(at), full != 0xFFFF_FFFF else { continue }
                offset = full
            }
            let id = base | UInt32(entryIndex & 0xFFFF)
            if !wanted.contains(id) { continue }
            offset += entriesStart
            guard let size = b.le16(offset), let entryFlags = b.le16(offset + 2) else {
                throw AppFileError("\(part) \(typeName): entry \(entryIndex) is past its chunk")
            }
            var key: Int
            var value: AndroidValue?
            let decode = { (index: Int) throws(AppFileError) -> String? in try values.string(index) }
            if entryFlags & 0x0008 != 0 {  // compact: key, flags (type in the high byte), data
                key = size
                guard let data = b.le32(offset + 4) else { throw AppFileError("\(part) \(typeName): an entry is cut short") }
                value = try ResValue.decode(type: entryFlags >> 8, data: UInt32(data), string: decode)
            } else {
                guard let fullKey = b.le32(offset + 4) else { throw AppFileError("\(part) \(typeName): an entry is cut short") }
                key = fullKey
                if entryFlags & 0x0001 == 0 {  // a simple value (Res_value) follows the entry
                    guard let type = b.u8(offset + size + 3), let data = b.le32(offset + size + 4) else {
                        throw AppFileError("\(part) \(typeName): an entry's value is past its chunk")
                    }
                    value = try ResValue.decode(type: Int(type), data: UInt32(data), string: decode)
                }
            }
            guard let name = try keyNames.string(key) else { continue }
            resources.add(.init(type: typeName, name: name, value: isDefault ? value : nil), id: id)
        }
    }

    /// The slot of a sparse type chunk (`count` slots of 4 bytes from `start`) that holds entry
    /// `index`; nil when none does (or the slots are out of order and the search misses it).
    private static func sparseSlot(_ b: ByteReader, from start: Int, count: Int, index: Int) -> Int? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            guard let slot = b.le16(start + middle * 4) else { return nil }
            if slot == index { return middle }
            if slot < index { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
