// The value types rules' limits are made of.

/// Two names joined by "/": container/codec, codec/tag or codec/profile ("mp4/h264",
/// "hevc/hvc1", "h264/High").
public struct NamePair: Sendable, Equatable, CustomStringConvertible {
    public var first: String
    public var second: String

    public init(_ first: String, _ second: String) {
        self.first = first
        self.second = second
    }

    public init?(_ text: String) {
        guard let slash = text.firstIndex(of: "/") else { return nil }
        first = String(text[..<slash])
        second = String(text[text.index(after: slash)...])
        guard !first.isEmpty, !second.isEmpty else { return nil }
    }

    public var description: String { "\(first)/\(second)" }
}

/// A value a rule lets pass with a warning instead of an error, and why.
public struct Tolerance: Sendable, Equatable {
    public var value: String
    public var note: String
    public var source: String

    public init(value: String, note: String, source: String) {
        self.value = value
        self.note = note
        self.source = source
    }

    var json: JSON { .object(["value": .string(value), "note": .string(note), "source": .string(source)]) }
}

/// How image.dimensions compares: no larger than, no smaller than, or exactly.
public enum DimensionMode: String, CaseIterable, Sendable, ProfileEnum {
    case max, min, exact
}

/// A width:height ratio written "9:16".
public struct AspectRatio: Sendable, Equatable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0, width.isFinite,
            height.isFinite
        else { return nil }
        self.width = width
        self.height = height
    }

    public var value: Double { width / height }
    public var description: String { "\(Units.number(width)):\(Units.number(height))" }
}

/// A lower and/or upper bound; at least one is present.
public struct Bounds: Sendable, Equatable {
    public var min: Double?
    public var max: Double?

    public init(min: Double? = nil, max: Double? = nil) {
        self.min = min
        self.max = max
    }

    /// The bounds as profile JSON keys.
    var json: [String: JSON] {
        var out: [String: JSON] = [:]
        if let min { out["min"] = .number(min) }
        if let max { out["max"] = .number(max) }
        return out
    }

    /// "min 3; max 60" (or the one value where both are it), each written by `unit`.
    func text(_ unit: (Double) -> String = Units.number) -> String {
        if let min, min == max { return unit(min) }
        return [min.map { "min \(unit($0))" }, max.map { "max \(unit($0))" }].compactMap { $0 }.joined(separator: "; ")
    }
}

/// Lists of allowed values as profile JSON.
extension Array where Element == String {
    var allowedJSON: [String: JSON] { ["allowed": .array(map(JSON.string))] }
}
