// A target profile and its advisories in the profile schema: decoded and checked, and written back
// by the same keys.
import FoundationEssentials

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

    /// The profile in the schema --profile reads.
    public var json: JSON {
        .keyed([
            Key.id: .string(id), .name: .string(name), .purpose: .string(purpose.rawValue), .summary: .string(summary),
            .needs: needs.map { .string($0.rawValue) }, .ios: ios?.json, .android: android?.json,
            .roles: .object(Dictionary(uniqueKeysWithValues: roles.map { ($0.key.rawValue, .array($0.value.map(\.json))) })),
            .advisories: purpose == .share ? .array(advisories.map(\.json)) : nil, .layout: layout?.json,
        ])
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
            guard !text.trimmingSpaces.isEmpty else {
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

    var json: JSON {
        .keyed([
            Key.id: .string(id), .message: .string(message), .source: .string(source), .when: .string(when.rawValue),
            .platforms: .array(platforms.map { .string($0.rawValue) }), .seconds: seconds.map(JSON.number),
        ])
    }
}
