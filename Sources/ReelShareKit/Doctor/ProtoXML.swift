// aapt2's protobuf formats, as an Android App Bundle (.aab) holds them: the manifest
// (`base/manifest/AndroidManifest.xml`, an XmlNode) and the resource table (`base/resources.pb`, a
// ResourceTable). Field numbers from AOSP's tools/aapt2/Resources.proto and Configuration.proto.
// Fields are visited as they come (ProtoMessage.forEachField), within one budget per file.

enum ProtoXML {
    /// The element tree of an XmlNode whose element is the manifest.
    static func parse(_ data: [UInt8], origin: String) throws(AppFileError) -> AndroidElement {
        let node = ProtoMessage(ByteReader(data), name: "protobuf XmlNode")
        var elements = 0
        guard let root = try element(of: node, origin: origin, depth: 0, count: &elements) else {
            throw AppFileError("protobuf XmlNode: it holds no element")
        }
        return root
    }

    /// XmlNode { XmlElement element = 1; string text = 2; }: the element, or nil for text.
    private static func element(of node: ProtoMessage, origin: String, depth: Int, count: inout Int) throws(AppFileError)
        -> AndroidElement?
    {
        guard depth < BinaryXML.maxDepth else { throw AppFileError("protobuf XmlNode: elements nested deeper than 64") }
        var result: AndroidElement?
        try node.forEachField { number, value throws(AppFileError) in
            guard number == 1 else { return true }
            let message = try value.message("XmlElement", in: node, field: 1)
            count += 1
            guard count <= AndroidManifestLimits.elements else { throw AndroidManifestLimits.tooMany("protobuf XmlNode") }
            var element = AndroidElement(name: "", origin: origin)
            // XmlElement { namespace_declaration 1; namespace_uri 2; name 3; attribute 4; child 5 }
            try message.forEachField { field, member throws(AppFileError) in
                switch field {
                case 3: element.name = try member.string("XmlElement", field: 3)
                case 4:
                    if let attribute = try attribute(try member.message("XmlAttribute", in: message, field: 4)) {
                        element.attributes.append(attribute)
                    }
                case 5:
                    let child = try member.message("XmlNode", in: message, field: 5)
                    if let child = try Self.element(of: child, origin: origin, depth: depth + 1, count: &count) {
                        element.children.append(child)
                    }
                default: break
                }
                return true
            }
            guard !element.name.isEmpty else { throw AppFileError("protobuf XmlElement: an element without a name") }
            result = element
            return true
        }
        return result
    }

    /// XmlAttribute { namespace_uri 1; name 2; value 3; source 4; resource_id 5; compiled_item 6 }.
    private static func attribute(_ message: ProtoMessage) throws(AppFileError) -> AndroidAttribute? {
        var namespace = "", name = "", text: String?, resourceId: UInt64 = 0
        var compiled: AndroidValue?
        for (field, value) in try message.fields() {
            switch field {
            case 1: namespace = try value.string("XmlAttribute", field: 1)
            case 2: name = try value.string("XmlAttribute", field: 2)
            case 3: text = try value.string("XmlAttribute", field: 3)
            case 5: resourceId = value.uint ?? 0
            case 6: compiled = try item(try value.message("Item", in: message, field: 6))
            default: break
            }
        }
        if let known = BinaryXML.attributeNames[Int(resourceId)] { name = known }
        guard let value = compiled ?? text.map(AndroidValue.fromText) else { return nil }
        return AndroidAttribute(namespace: namespace, name: name, value: value)
    }

    /// Item { Reference ref 1; String str 2; RawString raw_str 3; StyledString styled_str 4;
    /// FileReference file 5; Id id 6; Primitive prim 7 }: nil for what doctor does not read.
    static func item(_ message: ProtoMessage) throws(AppFileError) -> AndroidValue? {
        for (field, value) in try message.fields() {
            switch field {
            case 1: return try reference(try value.message("Reference", in: message, field: 1))
            case 2, 3, 4, 5:
                // String, RawString and StyledString hold their text in field 1; FileReference its path.
                let inner = try value.message("String", in: message, field: field)
                for (number, text) in try inner.fields() where number == 1 {
                    return .text(try text.string("String", field: 1))
                }
                return .text("")
            case 7: return try primitive(try value.message("Primitive", in: message, field: 7))
            default: continue
            }
        }
        return nil
    }

    /// Reference { Type type 1; uint32 id 2; string name 3; … }; the name is "type/entry" or
    /// "package:type/entry".
    private static func reference(_ message: ProtoMessage) throws(AppFileError) -> AndroidValue? {
        var id: UInt32?, name: String?
        for (field, value) in try message.fields() {
            switch field {
            case 2: id = value.uint.map { UInt32(truncatingIfNeeded: $0) }
            case 3: name = try value.string("Reference", field: 3)
            default: break
            }
        }
        var reference = name.flatMap { ResourceReference.parse($0.hasPrefix("@") ? $0 : "@" + $0) } ?? ResourceReference()
        reference.id = id
        guard reference.id != nil || reference.name != nil else { return nil }
        return .reference(reference)
    }

    /// Primitive's oneof: null 1, empty 2, float 3, int_decimal 6, int_hexadecimal 7, boolean 8,
    /// colours 9 to 12, dimension 13, fraction 14.
    private static func primitive(_ message: ProtoMessage) throws(AppFileError) -> AndroidValue? {
        for (field, value) in try message.fields() {
            switch (field, value) {
            case (1, _): return nil
            case (2, _): return .text("")
            case (6, _): return value.int32.map(AndroidValue.integer)
            case (7, .varint(let raw)): return .integer(Int64(UInt32(truncatingIfNeeded: raw)))
            case (8, .varint(let raw)): return .boolean(raw != 0)
            case (3, .fixed32(let bits)), (4, .fixed32(let bits)): return .other(String(Float(bitPattern: bits)))
            case (9...12, .varint(let raw)): return .other("#" + String(raw, radix: 16))
            default: continue
            }
        }
        return nil
    }
}

enum ProtoResourceTable {
    /// ResourceTable { source_pool 1; repeated Package package 2; … }: the entries whose ids are in
    /// `wanted` (those a manifest refers to), read fully; the others are passed over at their id.
    static func parse(_ data: [UInt8], wanted: Set<UInt32>) throws(AppFileError) -> AndroidResources {
        var resources = AndroidResources()
        guard !wanted.isEmpty else { return resources }
        let table = ProtoMessage(ByteReader(data), name: "protobuf ResourceTable")
        try table.forEachField { field, value throws(AppFileError) in
            if field == 2 {
                try package(try value.message("Package", in: table, field: 2), wanted: wanted, into: &resources)
            }
            return true
        }
        return resources
    }

    /// The `id` field of a PackageId, TypeId or EntryId message.
    private static func id(_ value: ProtoMessage.Value, _ name: String, in parent: ProtoMessage) throws(AppFileError) -> UInt32 {
        var id: UInt32 = 0
        try value.message(name, in: parent, field: 1).forEachField { field, inner throws(AppFileError) in
            if field == 1 { id = UInt32(truncatingIfNeeded: inner.uint ?? 0) }
            return field != 1
        }
        return id
    }

    /// Package { PackageId package_id 1; string package_name 2; repeated Type type 3 }.
    private static func package(_ message: ProtoMessage, wanted: Set<UInt32>, into resources: inout AndroidResources)
        throws(AppFileError)
    {
        var packageId: UInt32 = 0
        try message.forEachField { field, value throws(AppFileError) in
            if field == 1 { packageId = try id(value, "PackageId", in: message) }
            if field == 3 {
                try type(try value.message("Type", in: message, field: 3), package: packageId, wanted: wanted, into: &resources)
            }
            return true
        }
    }

    /// Type { TypeId type_id 1; string name 2; repeated Entry entry 3 } (aapt2 writes the id and
    /// the name before the entries): only a type some wanted id is of is read further.
    private static func type(
        _ message: ProtoMessage, package: UInt32, wanted: Set<UInt32>, into resources: inout AndroidResources
    ) throws(AppFileError) {
        var typeId: UInt32 = 0, typeName = ""
        let base = { (typeId: UInt32) in (package & 0xFF) << 24 | (typeId & 0xFF) << 16 }
        try message.forEachField { field, value throws(AppFileError) in
            switch field {
            case 1:
                typeId = try id(value, "TypeId", in: message)
                return wanted.contains { $0 & 0xFFFF_0000 == base(typeId) }
            case 2:
                typeName = try value.string("Type", field: 2)
            case 3:
                let entry = try value.message("Entry", in: message, field: 3)
                try self.entry(entry, base: base(typeId), type: typeName, wanted: wanted, into: &resources)
            default: break
            }
            return true
        }
    }

    /// Entry { EntryId entry_id 1; string name 2; …; repeated ConfigValue config_value 6 }, when wanted.
    private static func entry(
        _ message: ProtoMessage, base: UInt32, type: String, wanted: Set<UInt32>, into resources: inout AndroidResources
    ) throws(AppFileError) {
        var resourceId: UInt32?, name = ""
        var value: AndroidValue?
        try message.forEachField { field, member throws(AppFileError) in
            switch field {
            case 1:
                let id = base | (try id(member, "EntryId", in: message) & 0xFFFF)
                resourceId = id
                return wanted.contains(id)
            case 2: name = try member.string("Entry", field: 2)
            case 6:
                if value == nil { value = try defaultValue(try member.message("ConfigValue", in: message, field: 6)) }
            default: break
            }
            return true
        }
        guard let resourceId, wanted.contains(resourceId) else { return }
        resources.add(.init(type: type, name: name, value: value), id: resourceId)
    }

    /// ConfigValue { Configuration config 1; Value value 2 }: the value's item when the
    /// configuration is the default one (no qualifier set: every field zero or empty, the build's
    /// `product` aside).
    private static func defaultValue(_ message: ProtoMessage) throws(AppFileError) -> AndroidValue? {
        var isDefault = true
        var item: AndroidValue?
        for (field, value) in try message.fields() {
            switch field {
            case 1:
                try value.message("Configuration", in: message, field: 1).forEachField { number, qualifier throws(AppFileError) in
                    guard number != 25, number != 28 else { return true }
                    switch qualifier {
                    case .varint(let raw): if raw != 0 { isDefault = false }
                    case .bytes(let bytes): if bytes.count != 0 { isDefault = false }
                    default: isDefault = false
                    }
                    return isDefault
                }
            case 2:
                // Value { source 1; comment 2; weak 3; Item item 4; CompoundValue compound_value 5 }
                let inner = try value.message("Value", in: message, field: 2)
                for (number, member) in try inner.fields() where number == 4 {
                    item = try ProtoXML.item(try member.message("Item", in: inner, field: 4))
                }
            default: break
            }
        }
        return isDefault ? item : nil
    }
}
