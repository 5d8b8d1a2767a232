// One limit of a profile: a rule (the unit, holding its limits), how bad breaking it is, where it
// comes from. Decoding reads the keys every rule shares and hands the limits to the rule's unit,
// so a bad profile is a decoding error that names its JSON path, and evaluating cannot trap.

/// One limit of a profile: the rule with its limits, its severity, and its source.
public struct RuleSpec: Sendable {
    /// The rule's unit, holding its limits.
    let check: any Rule
    public var severity: Severity
    public var source: String
    /// Said with the finding, e.g. where Meta's documents disagree.
    public var note: String?
    /// The platforms the limit holds on (what an iPhone plays, say); empty for both.
    public var platforms: [Platform]

    init(_ check: any Rule, _ severity: Severity, source: String, note: String? = nil, platforms: [Platform] = []) {
        self.check = check
        self.severity = severity
        self.source = source
        self.note = note
        self.platforms = platforms
    }

    public var rule: RuleID { type(of: check).id }

    /// Whether the limit holds when sharing on any of `platforms`.
    public func applies(to platforms: Set<Platform>) -> Bool {
        self.platforms.isEmpty || !platforms.isDisjoint(with: self.platforms)
    }

    /// What the rule allows, in a few words (`targets`).
    public var limitsText: String { check.limitsText }
}

extension RuleSpec: Equatable {
    public static func == (a: RuleSpec, b: RuleSpec) -> Bool {
        a.rule == b.rule && a.check.limits == b.check.limits && a.severity == b.severity && a.source == b.source
            && a.note == b.note && a.platforms == b.platforms
    }
}

extension RuleSpec: Decodable {
    private enum Key: String, CodingKey, CaseIterable {
        case rule, severity, source, note, platforms, allowed, tolerated, min, max, width, height, mode
    }

    private struct ToleranceWire: Decodable {
        var value: String
        var note: String
        var source: String
    }

    /// The profile JSON of this rule: the keys every rule shares, and its unit's limits (whose keys
    /// are among these, held so by ProfileTests' round trip).
    public var json: JSON {
        var members = JSON.members([
            Key.rule: .string(rule.rawValue), .severity: .string(severity.rawValue), .source: .string(source),
            .note: note.map(JSON.string), .platforms: platforms.isEmpty ? nil : .array(platforms.map { .string($0.rawValue) }),
        ])
        members.merge(check.limits) { shared, _ in shared }
        return .object(members)
    }

    public init(from decoder: any Decoder) throws {
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        let name = try c.decode(String.self, forKey: .rule)
        guard let rule = RuleID(rawValue: name) else {
            let hint = Spelling.closest(to: name, among: RuleID.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
            throw ProfileDecoding.invalid(c, .rule, "unknown rule '\(name)'\(hint)")
        }
        severity = try c.decode(Severity.self, forKey: .severity)
        // In a rule set the source may be left to the role that uses it (RuleSetTable.expand).
        if RuleSetTable.decodingSet(decoder) {
            source = try c.decodeIfPresent(String.self, forKey: .source) ?? ""
        } else {
            source = try c.decode(String.self, forKey: .source)
        }
        note = try c.decodeIfPresent(String.self, forKey: .note)
        platforms = try c.decodeIfPresent([Platform].self, forKey: .platforms) ?? []
        let limits = RuleLimits(
            allowed: try c.decodeIfPresent([String].self, forKey: .allowed),
            tolerated: try c.decodeIfPresent([ToleranceWire].self, forKey: .tolerated)?.map {
                Tolerance(value: $0.value, note: $0.note, source: $0.source)
            },
            min: try c.decodeIfPresent(Double.self, forKey: .min), max: try c.decodeIfPresent(Double.self, forKey: .max),
            width: try c.decodeIfPresent(Int.self, forKey: .width), height: try c.decodeIfPresent(Int.self, forKey: .height),
            mode: try c.decodeIfPresent(DimensionMode.self, forKey: .mode))
        func key(_ parameter: RuleParameter) -> Key { Key(rawValue: parameter.rawValue) ?? .rule }
        // Every key the rule needs is present, and no key it would ignore.
        let given: [RuleParameter: Bool] = [
            .allowed: limits.allowed != nil, .tolerated: limits.tolerated != nil, .min: limits.min != nil,
            .max: limits.max != nil, .width: limits.width != nil, .height: limits.height != nil, .mode: limits.mode != nil,
        ]
        let reads = Dictionary(uniqueKeysWithValues: rule.parameters.map { ($0.key, $0.required) })
        for parameter in RuleParameter.allCases {
            if reads[parameter] == true, given[parameter] != true {
                throw ProfileDecoding.invalid(c, key(parameter), "\(rule.rawValue) needs '\(parameter.rawValue)'")
            }
            if reads[parameter] == nil, given[parameter] == true {
                throw ProfileDecoding.invalid(c, key(parameter), "\(rule.rawValue) takes no '\(parameter.rawValue)'")
            }
        }
        if reads[.min] != nil, reads[.max] != nil, limits.min == nil, limits.max == nil {
            throw ProfileDecoding.invalid(c, .min, "\(rule.rawValue) needs 'min', 'max' or both")
        }
        if let min = limits.min, let max = limits.max, min > max {
            throw ProfileDecoding.invalid(c, .min, "min \(Units.number(min)) is above max \(Units.number(max))")
        }
        for (parameter, value) in [(RuleParameter.min, limits.min), (.max, limits.max)] {
            // Limits are whole pixels, hertz or bytes somewhere: beyond 10^15 none means anything,
            // and each must convert to an integer without trapping.
            if let value, !value.isFinite || value < 0 || value > 1e15 {
                throw ProfileDecoding.invalid(c, key(parameter), "must be a number from 0 to 10^15")
            }
        }
        if let allowed = limits.allowed, allowed.isEmpty {
            throw ProfileDecoding.invalid(c, .allowed, "must list at least one value")
        }
        do throws(RuleLimits.Invalid) {
            check = try rule.unit.init(limits)
        } catch {
            throw ProfileDecoding.invalid(c, key(error.key), error.message)
        }
    }
}
