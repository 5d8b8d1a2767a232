// The profile schema's shared pieces. Decoding checks everything once, at the edge: unknown keys,
// unknown enum values, missing limits and impossible values are errors that name their JSON path
// ("targets[2].roles.sticker[0].max: ..."); after that the profile is typed values only. Each
// type's keys are declared once, beside its decoder, and its encoder (`json`) writes members by
// those same keys, so `targets --format json` output reads back with --profile:
// ProfileDocumentCoding.swift (the document, its version and rule sets), TargetProfileCoding.swift
// (a target and its advisories), EnvelopeCoding.swift (iOS and Android), LayoutCoding.swift.
import FoundationEssentials

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
}

/// An array index in a coding path.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
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
                        "not JSON: \(context.underlyingError.map { "\(String(describing: $0))" } ?? context.debugDescription)")
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
extension JSON {
    /// An object of the profile schema, each member named by the key its decoder reads; members
    /// that are nil are left out.
    static func keyed<Key: CodingKey>(_ members: KeyValuePairs<Key, JSON?>) -> JSON { .object(Self.members(members)) }

    /// The members of such an object, for one that adds members of its own.
    static func members<Key: CodingKey>(_ members: KeyValuePairs<Key, JSON?>) -> [String: JSON] {
        var object: [String: JSON] = [:]
        for (key, value) in members { object[key.stringValue] = value }
        return object
    }
}
