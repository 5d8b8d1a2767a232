// Target profiles: what each share target (and each publishing API) accepts, as data. The built-in
// profiles are JSON in BuiltinProfiles.swift; `--profile FILE.json` adds or replaces profiles in the
// same schema. Every limit carries its severity and the document it comes from.
import Foundation

public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// The part a file plays in the composer.
public enum Role: String, Codable, Sendable, CaseIterable, CodingKeyRepresentable {
    case backgroundVideo, backgroundImage, sticker

    public var label: String {
        switch self {
        case .backgroundVideo: return "background video"
        case .backgroundImage: return "background image"
        case .sticker: return "sticker"
        }
    }
}

/// One limit of a profile: which rule checks it, its parameters, how bad breaking it is, and
/// where it comes from. Which parameters a rule reads is listed in Rules.catalogue.
public struct RuleSpec: Codable, Sendable, Equatable {
    public var rule: String
    public var severity: Severity
    public var source: String
    public var allowed: [String]?
    public var min: Double?
    public var max: Double?
    public var width: Int?
    public var height: Int?
    /// For image.dimensions: "max" (no larger than), "min" (no smaller than) or "exact".
    public var mode: String?
    /// Said with the finding, e.g. where Meta's documents disagree.
    public var note: String?

    public init(
        rule: String, severity: Severity, source: String, allowed: [String]? = nil, min: Double? = nil,
        max: Double? = nil, width: Int? = nil, height: Int? = nil, mode: String? = nil, note: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.source = source
        self.allowed = allowed
        self.min = min
        self.max = max
        self.width = width
        self.height = height
        self.mode = mode
        self.note = note
    }
}

/// How an iOS app hands media to the target: URL scheme and pasteboard keys.
public struct IOSEnvelope: Codable, Sendable, Equatable {
    /// The launch URL without the App ID ("instagram-stories://share").
    public var url: String
    /// The scheme that must be listed under LSApplicationQueriesSchemes.
    public var queryScheme: String
    /// Prefix of every pasteboard key ("com.instagram.sharedSticker.").
    public var keyPrefix: String
    /// "url": the App ID goes in the launch URL's query; "pasteboard": under a pasteboard key.
    public var appIdPlacement: String
    /// The query parameter or the pasteboard key (without prefix) that carries the App ID.
    public var appIdName: String
    public var source: String
}

/// How an Android app hands media to the target: the intent.
public struct AndroidEnvelope: Codable, Sendable, Equatable {
    public var action: String
    /// The target app's package, also the `<queries>` entry the manifest needs.
    public var package: String
    /// The intent extra that carries the App ID.
    public var appIdExtra: String
    /// What `source_application` carries, if the target reads it: "app-id" or "package-name".
    public var sourceApplication: String?
    /// "video/*", or "background" for the background's own type.
    public var mimeType: String
    /// Where the background's URI goes: "data" (setDataAndType) or "stream" (EXTRA_STREAM).
    public var mediaIn: String
    public var source: String
}

public struct TargetProfile: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// "share" (the composer, through a URL scheme) or "publish" (Meta's APIs; validate only).
    public var purpose: String
    public var summary: String
    public var ios: IOSEnvelope?
    public var android: AndroidEnvelope?
    /// The rules for each role the target accepts; a role absent here is not accepted.
    public var roles: [Role: [RuleSpec]]

    public func accepts(_ role: Role) -> Bool { roles[role] != nil }
}

/// The file format of `targets --format json` and `--profile FILE.json`.
public struct ProfileDocument: Codable, Sendable {
    public var schemaVersion: Int
    public var targets: [TargetProfile]

    public init(schemaVersion: Int = 1, targets: [TargetProfile]) {
        self.schemaVersion = schemaVersion
        self.targets = targets
    }
}

/// A profile file that cannot be used, with the JSON path of the bad field.
public struct ProfileError: Error, Equatable, CustomStringConvertible {
    public var field: String
    public var problem: String

    public var description: String { field.isEmpty ? problem : "\(field): \(problem)" }
}

public struct ProfileSet: Sendable {
    /// In listing order: built-ins first, then added profiles.
    public private(set) var profiles: [TargetProfile]

    public static let builtin: ProfileSet = {
        do {
            return ProfileSet(profiles: try ProfileSet.decode(Data(BuiltinProfiles.json.utf8)))
        } catch {
            preconditionFailure("built-in profiles are invalid: \(error)")
        }
    }()

    /// The share targets, evaluated when no --target is given.
    public var shareTargets: [TargetProfile] { profiles.filter { $0.purpose == "share" } }

    public func profile(_ id: String) -> TargetProfile? { profiles.first { $0.id == id } }

    /// Adds the profiles in `data`, replacing any with the same id.
    public mutating func merge(_ data: Data) throws {
        for profile in try Self.decode(data) {
            if let index = profiles.firstIndex(where: { $0.id == profile.id }) {
                profiles[index] = profile
            } else {
                profiles.append(profile)
            }
        }
    }

    /// Decodes and checks a profile document; errors name the bad field.
    public static func decode(_ data: Data) throws -> [TargetProfile] {
        let document: ProfileDocument
        do {
            document = try JSONDecoder().decode(ProfileDocument.self, from: data)
        } catch let error as DecodingError {
            throw ProfileError(decoding: error)
        } catch {
            throw ProfileError(field: "", problem: "not JSON: \(error)")
        }
        guard document.schemaVersion == 1 else {
            throw ProfileError(field: "schemaVersion", problem: "unsupported version \(document.schemaVersion) (this reelshare reads 1)")
        }
        var seen: Set<String> = []
        for (index, profile) in document.targets.enumerated() {
            let path = "targets[\(index)]"
            guard profile.id.range(of: "^[a-z0-9][a-z0-9-]*$", options: .regularExpression) != nil else {
                throw ProfileError(field: "\(path).id", problem: "'\(profile.id)' must be lower-case letters, digits and '-'")
            }
            guard seen.insert(profile.id).inserted else {
                throw ProfileError(field: "\(path).id", problem: "'\(profile.id)' appears twice")
            }
            guard ["share", "publish"].contains(profile.purpose) else {
                throw ProfileError(field: "\(path).purpose", problem: "'\(profile.purpose)' must be share or publish")
            }
            if let android = profile.android, !["data", "stream"].contains(android.mediaIn) {
                throw ProfileError(field: "\(path).android.mediaIn", problem: "'\(android.mediaIn)' must be data or stream")
            }
            if let ios = profile.ios, !["url", "pasteboard"].contains(ios.appIdPlacement) {
                throw ProfileError(field: "\(path).ios.appIdPlacement", problem: "'\(ios.appIdPlacement)' must be url or pasteboard")
            }
            for role in Role.allCases {
                for (ruleIndex, spec) in (profile.roles[role] ?? []).enumerated() {
                    try Rules.check(spec, role: role, path: "\(path).roles.\(role.rawValue)[\(ruleIndex)]")
                }
            }
        }
        return document.targets
    }
}

extension ProfileError {
    init(decoding error: DecodingError) {
        func path(_ keys: [CodingKey]) -> String {
            keys.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
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
            let detail = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            self.init(field: path(context.codingPath), problem: context.debugDescription.lowercased() + detail)
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
