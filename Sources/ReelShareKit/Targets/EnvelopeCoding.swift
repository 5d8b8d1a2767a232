// Where a target's share goes on each platform, in the profile schema: the iOS pasteboard and URL,
// the Android intent. Decoded and checked, and written back by the same keys.
import FoundationEssentials

extension IOSEnvelope: Decodable {
    private enum Key: String, CodingKey, CaseIterable { case url, queryScheme, keyPrefix, appId, keys, infoPlist, source }
    private enum InfoKey: String, CodingKey, CaseIterable { case key, value }
    private enum AppIdKey: String, CodingKey, CaseIterable { case `in`, name }
    private enum Placement: String, ProfileEnum { case url, pasteboard }

    public init(from decoder: any Decoder) throws {
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        url = try c.decode(String.self, forKey: .url)
        queryScheme = try c.decode(String.self, forKey: .queryScheme)
        keyPrefix = try c.decode(String.self, forKey: .keyPrefix)
        // Each entry a key ("ThreadsClientKey": any non-empty string) or {"key": K, "value": V}.
        var plistKeys: [InfoPlistKey] = []
        if c.contains(.infoPlist) {
            var list = try c.nestedUnkeyedContainer(forKey: .infoPlist)
            while !list.isAtEnd {
                if let key = try? list.decode(String.self) {  // a failed decode does not move the list on
                    plistKeys.append(InfoPlistKey(key))
                    continue
                }
                let entry = try list.superDecoder()
                try ProfileDecoding.rejectUnknownKeys(in: entry, known: InfoKey.allCases.map(\.rawValue))
                let e = try entry.container(keyedBy: InfoKey.self)
                plistKeys.append(
                    InfoPlistKey(try e.decode(String.self, forKey: .key), try e.decode(InfoPlistKey.Value.self, forKey: .value)))
            }
        }
        for (index, key) in plistKeys.enumerated()
        where key.key.isEmpty || plistKeys[..<index].contains(where: { $0.key == key.key }) {
            throw ProfileDecoding.invalid(
                c, .infoPlist, key.key.isEmpty ? "a key needs a name" : "the key '\(key.key)' appears twice")
        }
        infoPlist = plistKeys
        source = try c.decode(String.self, forKey: .source)
        guard url.hasPrefix(queryScheme + "://") else {
            throw ProfileDecoding.invalid(c, .url, "'\(url)' does not use the scheme '\(queryScheme)'")
        }
        let appIdDecoder = try c.superDecoder(forKey: .appId)
        try ProfileDecoding.rejectUnknownKeys(in: appIdDecoder, known: AppIdKey.allCases.map(\.rawValue))
        let a = try appIdDecoder.container(keyedBy: AppIdKey.self)
        let name = try a.decode(String.self, forKey: .name)
        switch try a.decode(Placement.self, forKey: .in) {
        case .url: appId = .url(parameter: name)
        case .pasteboard: appId = .pasteboard(key: name)
        }
        let k = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .keys)
        keys = try ProfileDecoding.keyed(k, "pasteboard key", plural: "keys") { (_: PasteboardKey, key) in
            try k.decode(String.self, forKey: key)
        }
        // One value per key: two layers under one key would overwrite each other.
        var names: [String] = []
        if case .pasteboard(let key) = appId { names.append(key) }
        for (_, name) in keys.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard !names.contains(name) else { throw ProfileDecoding.invalid(c, .keys, "the key '\(name)' is used twice") }
            names.append(name)
        }
    }

    var json: JSON {
        let placement: Placement, name: String
        switch appId {
        case .url(let parameter): (placement, name) = (.url, parameter)
        case .pasteboard(let key): (placement, name) = (.pasteboard, key)
        }
        return .keyed([
            Key.url: .string(url), .queryScheme: .string(queryScheme), .keyPrefix: .string(keyPrefix),
            .appId: .keyed([AppIdKey.in: .string(placement.rawValue), .name: .string(name)]),
            .keys: .object(Dictionary(uniqueKeysWithValues: keys.map { ($0.key.rawValue, .string($0.value)) })),
            .infoPlist: .array(
                infoPlist.map {
                    $0.value == .text
                        ? .string($0.key) : .keyed([InfoKey.key: .string($0.key), .value: .string($0.value.rawValue)])
                }),
            .source: .string(source),
        ])
    }
}

extension AndroidEnvelope: Decodable {
    private enum Key: String, CodingKey, CaseIterable {
        case action, package, queryProviders, types, background, multiple, extras, grants, metaData, source
    }
    private enum MetaDataKey: String, CodingKey, CaseIterable { case name, value, severity, when, source }
    private enum ExtraKey: String, CodingKey, CaseIterable { case appId, packageName, sticker, topColor, bottomColor }
    private enum MultipleKey: String, CodingKey, CaseIterable { case action, type }

    /// "video/*", "*/*", "image/png": two non-empty parts.
    private static func isMIMEType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && !$0.contains(" ") }
    }

    public init(from decoder: any Decoder) throws {
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        action = try c.decode(String.self, forKey: .action)
        package = try c.decode(String.self, forKey: .package)
        queryProviders = try c.decodeIfPresent([String].self, forKey: .queryProviders) ?? []
        let t = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .types)
        let types: [Role: IntentType] = try ProfileDecoding.keyed(t, "role", plural: "roles") { (_: Role, key) in
            let type = try t.decode(String.self, forKey: key)
            if type == "own" { return .own }
            guard Self.isMIMEType(type) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: t.codingPath + [key],
                        debugDescription: "'\(type)' must be a MIME type like video/* or 'own' (the file's own type)"))
            }
            return .fixed(type)
        }
        guard types.keys.contains(where: { $0 != .sticker }) else {
            throw ProfileDecoding.invalid(
                c, .types, "must give the intent type of at least one background (backgroundVideo, backgroundImage)")
        }
        self.types = types
        if c.contains(.multiple) {
            let multipleDecoder = try c.superDecoder(forKey: .multiple)
            try ProfileDecoding.rejectUnknownKeys(in: multipleDecoder, known: MultipleKey.allCases.map(\.rawValue))
            let m = try multipleDecoder.container(keyedBy: MultipleKey.self)
            let type = try m.decode(String.self, forKey: .type)
            guard Self.isMIMEType(type) else { throw ProfileDecoding.invalid(m, .type, "'\(type)' must be a MIME type like */*") }
            multiple = AndroidMultiple(action: try m.decode(String.self, forKey: .action), type: type)
        } else {
            multiple = nil
        }
        background = try c.decode([IntentSlot].self, forKey: .background)
        guard !background.isEmpty else { throw ProfileDecoding.invalid(c, .background, "must list data, stream or both") }
        grants = try c.decode([GrantedLayer].self, forKey: .grants)
        source = try c.decode(String.self, forKey: .source)
        var entries: [ManifestMetaData] = []
        if c.contains(.metaData) {
            var list = try c.nestedUnkeyedContainer(forKey: .metaData)
            while !list.isAtEnd {
                let entry = try list.superDecoder()
                try ProfileDecoding.rejectUnknownKeys(in: entry, known: MetaDataKey.allCases.map(\.rawValue))
                let m = try entry.container(keyedBy: MetaDataKey.self)
                let item = ManifestMetaData(
                    name: try m.decode(String.self, forKey: .name), value: try m.decode(InfoPlistKey.Value.self, forKey: .value),
                    severity: try m.decode(Severity.self, forKey: .severity),
                    when: try m.decodeIfPresent(ManifestMetaData.Condition.self, forKey: .when) ?? .always,
                    source: try m.decode(String.self, forKey: .source))
                guard !item.name.isEmpty, !entries.contains(where: { $0.name == item.name }) else {
                    throw ProfileDecoding.invalid(
                        c, .metaData, item.name.isEmpty ? "an entry needs a name" : "the name '\(item.name)' appears twice")
                }
                entries.append(item)
            }
        }
        metaData = entries
        let extrasDecoder = try c.superDecoder(forKey: .extras)
        try ProfileDecoding.rejectUnknownKeys(in: extrasDecoder, known: ExtraKey.allCases.map(\.rawValue))
        let e = try extrasDecoder.container(keyedBy: ExtraKey.self)
        extras = AndroidExtras(
            appId: try e.decodeIfPresent(String.self, forKey: .appId),
            packageName: try e.decodeIfPresent(String.self, forKey: .packageName),
            sticker: try e.decodeIfPresent(String.self, forKey: .sticker),
            topColor: try e.decodeIfPresent(String.self, forKey: .topColor),
            bottomColor: try e.decodeIfPresent(String.self, forKey: .bottomColor))
        // One value per extra; EXTRA_STREAM is Android's own.
        var names = ["android.intent.extra.STREAM"]
        for name in [extras.appId, extras.packageName, extras.sticker, extras.topColor, extras.bottomColor].compactMap({ $0 }) {
            guard !names.contains(name) else { throw ProfileDecoding.invalid(c, .extras, "the extra '\(name)' is used twice") }
            names.append(name)
        }
    }

    var json: JSON {
        .keyed([
            Key.action: .string(action), .package: .string(package),
            .queryProviders: .array(queryProviders.map(JSON.string)),
            .types: .object(Dictionary(uniqueKeysWithValues: types.map { ($0.key.rawValue, .string($0.value.wire)) })),
            .background: .array(background.map { .string($0.rawValue) }),
            .multiple: multiple.map { .keyed([MultipleKey.action: .string($0.action), .type: .string($0.type)]) },
            .extras: .keyed([
                ExtraKey.appId: extras.appId.map(JSON.string), .packageName: extras.packageName.map(JSON.string),
                .sticker: extras.sticker.map(JSON.string), .topColor: extras.topColor.map(JSON.string),
                .bottomColor: extras.bottomColor.map(JSON.string),
            ]),
            .grants: .array(grants.map { .string($0.rawValue) }),
            .metaData: metaData.isEmpty
                ? nil
                : .array(
                    metaData.map {
                        .keyed([
                            MetaDataKey.name: .string($0.name), .value: .string($0.value.rawValue),
                            .severity: .string($0.severity.rawValue), .when: .string($0.when.rawValue),
                            .source: .string($0.source),
                        ])
                    }),
            .source: .string(source),
        ])
    }
}
