// A profile document, decoded in one pass: its version first (a document of an older schema is
// told what changed before any of its keys is judged), then the rule sets it defines, then the
// targets, whose roles may use those sets and the ones loaded before.
import FoundationEssentials
import Synchronization

extension ProfileDecoding {
    /// A profile document: its targets, and the rule sets it defines (`ruleSets`, each a list of
    /// rules whose `source` may be left to the role that uses it). A role's rules may include
    /// `{"use": "NAME", "source": "..."}`, which puts the set's rules there, in order, each without
    /// a source of its own taking the one given; the sets are the document's own and `ruleSets`.
    static func document(_ bytes: [UInt8], ruleSets: [String: [RuleSpec]]) throws(ProfileError)
        -> (targets: [TargetProfile], ruleSets: [String: [RuleSpec]])
    {
        let decoder = JSONDecoder()
        let table = RuleSetTable(sets: ruleSets)
        decoder.userInfo[RuleSetTable.key] = table
        do {
            let document = try decoder.decode(ProfileDocumentWire.self, from: Data(bytes))
            var seen: Set<String> = []
            for (index, profile) in document.targets.enumerated() where !seen.insert(profile.id).inserted {
                throw ProfileError(field: "targets[\(index)].id", problem: "'\(profile.id)' appears twice")
            }
            return (document.targets, document.ruleSets)
        } catch let error as ProfileError {
            throw error
        } catch let error as DecodingError {
            throw ProfileError(decoding: error)
        } catch {
            throw ProfileError(field: "", problem: "not JSON: \(String(describing: error))")
        }
    }
}

/// The top of a profile file: `schemaVersion`, `ruleSets` and `targets`.
private struct ProfileDocumentWire: Decodable {
    var ruleSets: [String: [RuleSpec]]
    var targets: [TargetProfile]

    enum Key: String, CodingKey, CaseIterable { case schemaVersion, ruleSets, targets }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        guard version == ProfileDocument.schemaVersion else { throw Self.versionError(version) }
        // The sets first (their rules may leave out the source), then the targets that use them.
        ruleSets = try container.decodeIfPresent([String: [RuleSpec]].self, forKey: .ruleSets) ?? [:]
        for (name, rules) in ruleSets where name.isEmpty || rules.isEmpty {
            throw ProfileDecoding.invalid(container, .ruleSets, "the rule set '\(name)' needs a name and rules")
        }
        (decoder.userInfo[RuleSetTable.key] as? RuleSetTable)?.add(ruleSets)
        // Unknown keys are errors at the top as everywhere below: a misspelt "target" would
        // otherwise load no target at all, silently.
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        targets = try container.decode([TargetProfile].self, forKey: .targets)
    }

    private static func versionError(_ version: Int) -> ProfileError {
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
        return ProfileError(field: "schemaVersion", problem: "\(why) (this reelshare reads \(ProfileDocument.schemaVersion))")
    }
}

extension ProfileDocument {
    public static func json(_ profiles: [TargetProfile]) -> JSON {
        .keyed([ProfileDocumentWire.Key.schemaVersion: .int(schemaVersion), .targets: .array(profiles.map(\.json))])
    }
}

/// The rule sets a document's roles may use, handed to the decoder of its targets: those loaded
/// before, then the document's own, once they are decoded.
final class RuleSetTable: Sendable {
    static let key = CodingUserInfoKey(rawValue: "reelshare.ruleSets")!

    private let state: Mutex<[String: [RuleSpec]]>

    init(sets: [String: [RuleSpec]]) { state = Mutex(sets) }

    var sets: [String: [RuleSpec]] { state.withLock { $0 } }
    fileprivate func add(_ sets: [String: [RuleSpec]]) { state.withLock { $0.merge(sets) { $1 } } }

    /// Whether the rule being decoded is in a document's `ruleSets` (where its source may be left
    /// to the role that uses it): read from where the decoder is, not kept as state.
    static func decodingSet(_ decoder: any Decoder) -> Bool {
        decoder.codingPath.first?.stringValue == ProfileDocumentWire.Key.ruleSets.stringValue
    }

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
            given.source = rule.source.isEmpty ? source : rule.source.replacingScalars("{source}", with: source)
            return given
        }
    }
}
