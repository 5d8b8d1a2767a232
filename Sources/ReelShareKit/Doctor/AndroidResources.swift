// The app's resources that a manifest refers to (`@string/facebook_app_id`, `@xml/file_paths`),
// in their default configuration: what a device with no matching qualifier reads, and what
// aapt's `--default` build would hold. Read from `resources.arsc` (an .apk), `resources.pb` (an
// .aab) or `res/values*/…xml` and `res/xml/` (a project).

public struct AndroidResources: Sendable, Equatable {
    /// One resource: its type and name, and its default value (nil for a file or a value with no
    /// default configuration).
    public struct Entry: Sendable, Equatable {
        public var type: String
        public var name: String
        public var value: AndroidValue?

        public init(type: String, name: String, value: AndroidValue?) {
            self.type = type
            self.name = name
            self.value = value
        }
    }

    /// By id (compiled forms).
    public private(set) var byId: [UInt32: Entry] = [:]
    /// By "type/name".
    public private(set) var byName: [String: Entry] = [:]

    public init() {}

    /// Adds a resource. The first value given wins: a configuration other than the default is
    /// added with no value, and a project's own resources come before its libraries' (Gradle lets
    /// the app override a library).
    public mutating func add(_ entry: Entry, id: UInt32? = nil) {
        if let id, byId[id]?.value == nil { byId[id] = entry }
        let key = "\(entry.type)/\(entry.name)"
        if byName[key]?.value == nil { byName[key] = entry }
    }

    public var isEmpty: Bool { byId.isEmpty && byName.isEmpty }

    /// The entry `reference` names, if this table has it.
    public func entry(_ reference: ResourceReference) -> Entry? {
        guard reference.package == nil || reference.package != "android" else { return nil }
        if let id = reference.id, let entry = byId[id] { return entry }
        if let type = reference.type, let name = reference.name { return byName["\(type)/\(name)"] }
        return nil
    }

    /// The reference with its type and name filled in from the table, where it knows them.
    public func named(_ reference: ResourceReference) -> ResourceReference {
        guard reference.name == nil, let entry = entry(reference) else { return reference }
        var named = reference
        named.type = entry.type
        named.name = entry.name
        return named
    }

    /// How many references `resolve` follows (so that a loop ends), and how deep a table is read
    /// for them.
    public static let referenceDepth = 8

    /// What `value` finally is: references followed (at most `referenceDepth`), or nil when a
    /// reference leads to nothing this table holds.
    public func resolve(_ value: AndroidValue) -> AndroidValue? {
        var current = value
        for _ in 0..<Self.referenceDepth {
            guard case .reference(let reference) = current else { return current }
            guard let next = entry(reference)?.value else { return nil }
            current = next
        }
        return nil
    }
}
