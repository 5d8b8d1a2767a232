// Profile JSON in and out. Decoding checks everything once, at the edge: unknown keys, unknown
// enum values, missing limits and impossible values are errors that name their JSON path
// ("targets[2].roles.sticker[0].max: ..."); after that the profile is typed values only.
// Encoding writes the same schema, so `targets --format json` output reads back with --profile.
import Foundation

/// A string enum of the profile schema: decoding an unknown value names the values it takes.
public protocol ProfileEnum: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension ProfileEnum {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(rawValue: text) else {
            let choices = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' must be one of \(choices)")
        }
        self = value
    }

    static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

enum ProfileDecoding {
    /// Fails on the first key of the object being decoded that is not in `known`.
    static func rejectUnknownKeys(in decoder: any Decoder, known: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            let hint = Spelling.closest(to: key.stringValue, among: known).map { "; did you mean '\($0)'?" } ?? ""
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath + [key],
                    debugDescription: "unknown key '\(Quoted.short(key.stringValue))'\(hint)"
                ))
        }
    }

    /// An object whose keys are values of `Name` (roles, pasteboard keys): a key that is not one
    /// names the values it takes.
    static func keyed<Name: ProfileEnum & Hashable, Value>(
        _ container: KeyedDecodingContainer<AnyKey>, _ what: String, plural: String,
        _ value: (Name, AnyKey) throws -> Value
    ) throws -> [Name: Value] {
        var result: [Name: Value] = [:]
        for key in container.allKeys {
            guard let name = Name(rawValue: key.stringValue) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + [key],
                        debugDescription: "unknown \(what) '\(key.stringValue)' (\(plural): \(Name.choices))"))
            }
            result[name] = try value(name, key)
        }
        return result
    }

    /// An error about `key` of the object `container` decodes.
    static func invalid<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key, _ message: String)
        -> DecodingError
    {
        .dataCorrupted(.init(codingPath: container.codingPath + [key], debugDescription: message))
    }

    /// A profile document: its targets, and the rule sets it defines (`ruleSets`, each a list of
    /// rules whose `source` may be left to the role that uses it). A role's rules may include
    /// `{"use": "NAME", "source": "..."}`, which puts the set's rules there, in order, each without
    /// a source of its own taking the one given; the sets are the document's own and `ruleSets`.
    static func document(_ bytes: [UInt8], ruleSets: [String: [RuleSpec]]) throws(ProfileError)
        -> (targets: [TargetProfile], ruleSets: [String: [RuleSpec]])
    {
        struct Version: Decodable { var schemaVersion: Int }
        struct Sets: Decodable {
            var ruleSets: [String: [RuleSpec]]
            enum Key: String, CodingKey { case ruleSets }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                ruleSets = try container.decodeIfPresent([String: [RuleSpec]].self, forKey: .ruleSets) ?? [:]
                for (name, rules) in ruleSets where name.isEmpty || rules.isEmpty {
                    throw ProfileDecoding.invalid(container, .ruleSets, "the rule set '\(name)' needs a name and rules")
                }
            }
        }
        struct Document: Decodable {
            var schemaVersion: Int
            var targets: [TargetProfile]
            enum Key: String, CodingKey, CaseIterable { case schemaVersion, ruleSets, targets }

            init(from decoder: any Decoder) throws {
                // Unknown keys are errors at the top as everywhere below: a misspelt "target" would
                // otherwise load no target at all, silently.
                try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
                let container = try decoder.container(keyedBy: Key.self)
                schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
                targets = try container.decode([TargetProfile].self, forKey: .targets)
            }
        }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        do {
            let version = try decoder.decode(Version.self, from: data).schemaVersion
            guard version == ProfileDocument.schemaVersion else {
                let why: String
                switch version {
                case 1:
                    why =
                        "schemaVersion 1 predates the capabilities a profile now states (App ID placement, keys, extras); "
                        + "start from 'reelshare targets --format json'"
                case 2:
                    why =
                        "schemaVersion 2's android.type became android.types (the intent type of each background), "
                        + "beside android.multiple, android.queryProviders and ios.infoPlist; "
                        + "start from 'reelshare targets --format json'"
                default:
                    why = "unsupported version \(version)"
                }
                throw ProfileError(
                    field: "schemaVersion", problem: "\(why) (this reelshare reads \(ProfileDocument.schemaVersion))")
            }
            // The sets first (their rules may leave out the source), then the targets that use them.
            decoder.userInfo[RuleSetTable.inSetKey] = true
            let own = try decoder.decode(Sets.self, from: data).ruleSets
            decoder.userInfo[RuleSetTable.inSetKey] = false
            decoder.userInfo[RuleSetTable.key] = RuleSetTable(sets: ruleSets.merging(own) { $1 })
            let document = try decoder.decode(Document.self, from: data)
            var seen: Set<String> = []
            for (index, profile) in document.targets.enumerated() where !seen.insert(profile.id).inserted {
                throw ProfileError(field: "targets[\(index)].id", problem: "'\(profile.id)' appears twice")
            }
            return (document.targets, own)
        } catch let error as ProfileError {
            throw error
        } catch let error as DecodingError {
            throw ProfileError(decoding: error)
        } catch {
            throw ProfileError(field: "", problem: "not JSON: \(error.localizedDescription)")
        }
    }
}

extension ProfileError {
    init(decoding error: DecodingError) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                let name = Quoted.short(key.stringValue)
                return text.isEmpty ? name : text + "." + name
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(field: path(context.codingPath + [key]), problem: "missing")
        case .typeMismatch(let type, let context):
            self.init(field: path(context.codingPath), problem: "expected \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(field: path(context.codingPath), problem: "expected \(Self.describe(type)), found null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(
                    field: "",
                    problem:
                        "not JSON: \(context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription)")
            } else {
                self.init(field: path(context.codingPath), problem: context.debugDescription)
            }
        @unknown default:
            self.init(field: "", problem: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "an array"
        default: return "an object"
        }
    }
}

// MARK: - Decoding

extension TargetProfile: Decodable {
    private enum Key: String, CodingKey, CaseIterable {
        case id, name, purpose, summary, needs, ios, android, roles, advisories, layout
    }

    public init(from decoder: any Decoder) throws {
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        id = try c.decode(String.self, forKey: .id)
        let idScalars = Array(id.unicodeScalars)
        guard let first = idScalars.first, first != "-",
            idScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else {
            throw ProfileDecoding.invalid(c, .id, "'\(id)' must be lower-case letters, digits and '-'")
        }
        name = try c.decode(String.self, forKey: .name)
        purpose = try c.decode(Purpose.self, forKey: .purpose)
        summary = try c.decode(String.self, forKey: .summary)
        needs = try c.decodeIfPresent(LayerRequirement.self, forKey: .needs)
        ios = try c.decodeIfPresent(IOSEnvelope.self, forKey: .ios)
        android = try c.decodeIfPresent(AndroidEnvelope.self, forKey: .android)
        advisories = try c.decodeIfPresent([Advisory].self, forKey: .advisories) ?? []
        layout = try c.decodeIfPresent(CanvasLayout.self, forKey: .layout)
        var advisoryIds: Set<String> = []
        for advisory in advisories where !advisoryIds.insert(advisory.id).inserted {
            throw ProfileDecoding.invalid(c, .advisories, "the advisory id '\(advisory.id)' appears twice")
        }
        switch purpose {
        case .share:
            guard needs != nil else {
                throw ProfileDecoding.invalid(c, .needs, "a share target needs 'needs' (\(LayerRequirement.choices))")
            }
            guard ios != nil || android != nil else {
                throw ProfileDecoding.invalid(c, .ios, "a share target needs 'ios', 'android' or both")
            }
        case .publish:
            if needs != nil || ios != nil || android != nil || !advisories.isEmpty || layout != nil {
                throw ProfileDecoding.invalid(
                    c,
                    needs != nil ? .needs : ios != nil ? .ios : android != nil ? .android : layout != nil ? .layout : .advisories,
                    "a publish profile is validate-only: no needs, ios, android, advisories or layout")
            }
        }
        // Roles: a role name may appear once; each rule must fit its role.
        let rolesContainer = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .roles)
        let sets = decoder.userInfo[RuleSetTable.key] as? RuleSetTable
        self.roles = try ProfileDecoding.keyed(rolesContainer, "role", plural: "roles") { (role: Role, key) in
            var entries = try rolesContainer.nestedUnkeyedContainer(forKey: key)
            var specs: [RuleSpec] = []
            while !entries.isAtEnd {
                let entry = try entries.superDecoder()
                let probe = try entry.container(keyedBy: AnyKey.self)
                guard probe.contains(AnyKey("use")) else {
                    specs.append(try RuleSpec(from: entry))
                    continue
                }
                specs += try RuleSetTable.expand(entry, sets: sets)
            }
            for (index, spec) in specs.enumerated() where !spec.rule.roles.contains(role) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: rolesContainer.codingPath + [key, IndexKey(index), AnyKey("rule")],
                        debugDescription: "'\(spec.rule.rawValue)' does not apply to a \(role.label)"))
            }
            return specs
        }
        // What the target needs, it must take.
        switch needs {
        case .backgroundVideo where roles[.backgroundVideo] == nil:
            throw ProfileDecoding.invalid(c, .roles, "needs background-video, but roles has no backgroundVideo")
        case .background where roles[.backgroundVideo] == nil && roles[.backgroundImage] == nil:
            throw ProfileDecoding.invalid(
                c, .roles, "needs background, but roles has neither backgroundVideo nor backgroundImage")
        case .backgroundOrSticker
        where roles[.backgroundVideo] == nil && roles[.backgroundImage] == nil && roles[.sticker] == nil:
            throw ProfileDecoding.invalid(c, .roles, "needs background-or-sticker, but roles has none of them")
        default:
            break
        }
        // An intent type for a background the profile has no rules for could never be used.
        if let android {
            for role in android.types.keys where !accepts(role) {
                throw ProfileDecoding.invalid(
                    c, .android, "android.types has \(role.rawValue), but roles has no \(role.rawValue)")
            }
        }
    }
}

/// An array index in a coding path.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

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
            appId: try e.decode(String.self, forKey: .appId),
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
}

extension Advisory: Decodable {
    private enum Key: String, CodingKey, CaseIterable { case id, message, source, platforms, when, seconds }

    public init(from decoder: any Decoder) throws {
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        id = try c.decode(String.self, forKey: .id)
        message = try c.decode(String.self, forKey: .message)
        source = try c.decode(String.self, forKey: .source)
        platforms = try c.decodeIfPresent([Platform].self, forKey: .platforms) ?? []
        let idScalars = Array(id.unicodeScalars)
        guard let first = idScalars.first, first != "-",
            idScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else {
            throw ProfileDecoding.invalid(c, .id, "'\(id)' must be lower-case letters, digits and '-'")
        }
        // One line each: they are printed as one line of text, one annotation, one attribute.
        for (key, text) in [(Key.message, message), (.source, source)] {
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ProfileDecoding.invalid(c, key, "must not be empty")
            }
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw ProfileDecoding.invalid(c, key, "must be one line, without control characters")
            }
        }
        guard Set(platforms).count == platforms.count else {
            throw ProfileDecoding.invalid(c, .platforms, "names a platform twice")
        }
        when = try c.decode(AdvisoryCondition.self, forKey: .when)
        seconds = try c.decodeIfPresent(Double.self, forKey: .seconds)
        if when == .videoLongerThan, seconds == nil {
            throw ProfileDecoding.invalid(c, .seconds, "video-longer-than needs 'seconds'")
        }
        if when != .videoLongerThan, seconds != nil {
            throw ProfileDecoding.invalid(c, .seconds, "only video-longer-than takes 'seconds'")
        }
        if let seconds, !(seconds > 0 && seconds.isFinite) {
            throw ProfileDecoding.invalid(c, .seconds, "must be a number of seconds above 0")
        }
    }
}

// MARK: - Encoding

extension TargetProfile {
    /// The profile in the schema --profile reads.
    public var json: JSON {
        var members: [String: JSON] = [
            "id": .string(id), "name": .string(name), "purpose": .string(purpose.rawValue), "summary": .string(summary),
            "roles": .object(Dictionary(uniqueKeysWithValues: roles.map { ($0.key.rawValue, .array($0.value.map(\.json))) })),
        ]
        if let needs { members["needs"] = .string(needs.rawValue) }
        if let ios { members["ios"] = ios.json }
        if let android { members["android"] = android.json }
        if purpose == .share { members["advisories"] = .array(advisories.map(\.json)) }
        if let layout { members["layout"] = layout.json }
        return .object(members)
    }
}

extension IOSEnvelope {
    var json: JSON {
        let placement: String
        switch appId {
        case .url: placement = "url"
        case .pasteboard: placement = "pasteboard"
        }
        return .object([
            "url": .string(url), "queryScheme": .string(queryScheme), "keyPrefix": .string(keyPrefix),
            "appId": .object(["in": .string(placement), "name": .string(appId.name)]),
            "keys": .object(Dictionary(uniqueKeysWithValues: keys.map { ($0.key.rawValue, .string($0.value)) })),
            "infoPlist": .array(
                infoPlist.map {
                    $0.value == .text ? .string($0.key) : .object(["key": .string($0.key), "value": .string($0.value.rawValue)])
                }),
            "source": .string(source),
        ])
    }
}

extension AndroidEnvelope {
    var json: JSON {
        var extraMembers: [String: JSON] = ["appId": .string(extras.appId)]
        if let name = extras.packageName { extraMembers["packageName"] = .string(name) }
        if let name = extras.sticker { extraMembers["sticker"] = .string(name) }
        if let name = extras.topColor { extraMembers["topColor"] = .string(name) }
        if let name = extras.bottomColor { extraMembers["bottomColor"] = .string(name) }
        var members: [String: JSON] = [
            "action": .string(action), "package": .string(package),
            "queryProviders": .array(queryProviders.map(JSON.string)),
            "types": .object(Dictionary(uniqueKeysWithValues: types.map { ($0.key.rawValue, .string($0.value.wire)) })),
            "background": .array(background.map { .string($0.rawValue) }), "extras": .object(extraMembers),
            "grants": .array(grants.map { .string($0.rawValue) }), "source": .string(source),
        ]
        if let multiple { members["multiple"] = .object(["action": .string(multiple.action), "type": .string(multiple.type)]) }
        if !metaData.isEmpty {
            members["metaData"] = .array(
                metaData.map {
                    .object([
                        "name": .string($0.name), "value": .string($0.value.rawValue), "severity": .string($0.severity.rawValue),
                        "when": .string($0.when.rawValue), "source": .string($0.source),
                    ])
                })
        }
        return .object(members)
    }
}

extension Advisory {
    var json: JSON {
        var members: [String: JSON] = [
            "id": .string(id), "message": .string(message), "source": .string(source), "when": .string(when.rawValue),
            "platforms": .array(platforms.map { .string($0.rawValue) }),
        ]
        if let seconds { members["seconds"] = .number(seconds) }
        return .object(members)
    }
}

// MARK: - Layout

extension CanvasLayout: Decodable {
    private enum Key: String, CodingKey, CaseIterable { case background, colors, sticker, safeZones }
    private enum FactKey: String, CodingKey { case source, approximation }
    private enum BackgroundKey: String, CodingKey, CaseIterable { case fit, source, approximation }
    private enum ColorKey: String, CodingKey, CaseIterable { case top, bottom, source, approximation }
    private enum StickerKey: String, CodingKey, CaseIterable { case width, height, centerX, centerY, source, approximation }
    private enum ZoneKey: String, CodingKey, CaseIterable { case top, bottom, left, right, source, approximation }

    /// A fact's object: its own keys plus source and approximation, both required.
    private static func fact<K: CodingKey & CaseIterable & RawRepresentable, V>(
        _ c: KeyedDecodingContainer<Key>, _ key: Key, _ keys: K.Type, _ value: (KeyedDecodingContainer<K>) throws -> V
    ) throws -> LayoutFact<V> where K.RawValue == String {
        let decoder = try c.superDecoder(forKey: key)
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: K.allCases.map(\.rawValue))
        let facts = try decoder.container(keyedBy: FactKey.self)
        let source = try facts.decode(String.self, forKey: .source)
        guard !source.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ProfileDecoding.invalid(facts, .source, "must not be empty")
        }
        return LayoutFact(
            try value(try decoder.container(keyedBy: K.self)), source: source,
            approximation: try facts.decode(Bool.self, forKey: .approximation))
    }

    /// A fraction of the canvas, 0 to 1 (`absent` when the key may be left out).
    private static func fraction<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K, absent: Double? = nil) throws -> Double {
        guard let value = try c.decodeIfPresent(Double.self, forKey: key) ?? absent else {
            throw DecodingError.keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: "missing"))
        }
        guard value >= 0, value <= 1 else { throw ProfileDecoding.invalid(c, key, "must be a fraction of the canvas, 0 to 1") }
        return value
    }

    private static func color<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> String {
        let value = try c.decode(String.self, forKey: key)
        guard ColorPair.rgb(value) != nil else { throw ProfileDecoding.invalid(c, key, "'\(value)' must be #RRGGBB") }
        return value
    }

    public init(from decoder: any Decoder) throws {
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        background = try Self.fact(c, .background, BackgroundKey.self) { try $0.decode(BackgroundFit.self, forKey: .fit) }
        colors = try Self.fact(c, .colors, ColorKey.self) {
            ColorPair(top: try Self.color($0, .top), bottom: try Self.color($0, .bottom))
        }
        sticker = try Self.fact(c, .sticker, StickerKey.self) { s in
            let place = StickerPlacement(
                width: try Self.fraction(s, .width), height: try Self.fraction(s, .height),
                centerX: try Self.fraction(s, .centerX),
                centerY: try Self.fraction(s, .centerY))
            guard place.width > 0, place.height > 0 else {
                throw ProfileDecoding.invalid(s, .width, "the sticker box must not be empty")
            }
            return place
        }
        safeZones = try Self.fact(c, .safeZones, ZoneKey.self) { z in
            let zones = SafeZones(
                top: try Self.fraction(z, .top), bottom: try Self.fraction(z, .bottom),
                left: try Self.fraction(z, .left, absent: 0),
                right: try Self.fraction(z, .right, absent: 0))
            guard zones.top + zones.bottom < 1, zones.left + zones.right < 1 else {
                throw ProfileDecoding.invalid(z, .top, "the zones cover the whole canvas")
            }
            return zones
        }
    }

    var json: JSON {
        func fact(_ members: [String: JSON], _ source: String, _ approximation: Bool) -> JSON {
            .object(members.merging(["source": .string(source), "approximation": .bool(approximation)]) { a, _ in a })
        }
        let place = sticker.value, zones = safeZones.value
        return .object([
            "background": fact(["fit": .string(background.value.rawValue)], background.source, background.approximation),
            "colors": fact(
                ["top": .string(colors.value.top), "bottom": .string(colors.value.bottom)], colors.source, colors.approximation),
            "sticker": fact(
                [
                    "width": .number(place.width), "height": .number(place.height), "centerX": .number(place.centerX),
                    "centerY": .number(place.centerY),
                ], sticker.source, sticker.approximation),
            "safeZones": fact(
                [
                    "top": .number(zones.top), "bottom": .number(zones.bottom), "left": .number(zones.left),
                    "right": .number(zones.right),
                ],
                safeZones.source, safeZones.approximation),
        ])
    }
}

/// The rule sets a document's roles may use, handed to the decoder of its targets.
final class RuleSetTable: Sendable {
    static let key = CodingUserInfoKey(rawValue: "reelshare.ruleSets")!
    /// Set while a document's `ruleSets` are decoded: their rules may leave out the source.
    static let inSetKey = CodingUserInfoKey(rawValue: "reelshare.inRuleSet")!

    let sets: [String: [RuleSpec]]

    init(sets: [String: [RuleSpec]]) { self.sets = sets }

    private enum Key: String, CodingKey, CaseIterable { case use, source }

    /// The rules `{"use": NAME, "source": S}` stands for: the set's, in order, those without a
    /// source of their own given S, and "{source}" in a source replaced by S.
    static func expand(_ decoder: any Decoder, sets table: RuleSetTable?) throws -> [RuleSpec] {
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        let name = try c.decode(String.self, forKey: .use)
        let sets = table?.sets ?? [:]
        guard let rules = sets[name] else {
            let hint = Spelling.closest(to: name, among: Array(sets.keys)).map { "; did you mean '\($0)'?" } ?? ""
            throw ProfileDecoding.invalid(c, .use, "unknown rule set '\(name)'\(hint)")
        }
        let source = try c.decodeIfPresent(String.self, forKey: .source)
        return try rules.map { rule in
            guard rule.source.isEmpty || rule.source.contains("{source}") else { return rule }
            guard let source, !source.isEmpty else {
                throw ProfileDecoding.invalid(
                    c, .source, "the rule set '\(name)' leaves \(rule.rule.rawValue)'s source to its user")
            }
            var given = rule
            given.source = rule.source.isEmpty ? source : rule.source.replacingOccurrences(of: "{source}", with: source)
            return given
        }
    }
}
