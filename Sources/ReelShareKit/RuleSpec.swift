// The rules a profile may name, as typed values. A profile's JSON names a rule by its id and gives
// its limits as flat keys ({"rule": "video.duration.max", "max": 60, ...}); decoding turns each
// into a `Check` whose limits are no longer optional, so evaluating a rule cannot trap and a bad
// profile is a decoding error that names its JSON path.

/// Every rule id a profile may use.
public enum RuleID: String, CaseIterable, Sendable, Comparable {
    case fileSize = "file.size"
    case fileTruncated = "file.truncated"
    case videoContainer = "video.container"
    case videoCodec = "video.codec"
    case videoCodecContainer = "video.codec-container"
    case videoCodecTag = "video.codec-tag"
    case videoProfile = "video.profile"
    case videoDurationMin = "video.duration.min"
    case videoDurationMax = "video.duration.max"
    case videoResolution = "video.resolution"
    case videoWidth = "video.width"
    case videoAspect = "video.aspect"
    case videoFrameRate = "video.frame-rate"
    case videoFrameRateConstant = "video.frame-rate.constant"
    case videoBitRate = "video.bitrate"
    case videoFastStart = "video.fast-start"
    case videoEditList = "video.edit-list"
    case videoKeyframeInterval = "video.keyframe-interval"
    case videoChroma = "video.chroma"
    case videoDecodes = "video.decodes"
    case videoDecode = "video.decode"
    case audioCodec = "audio.codec"
    case audioSampleRate = "audio.sample-rate"
    case audioChannels = "audio.channels"
    case audioBitRate = "audio.bitrate"
    case imageFormat = "image.format"
    case imageDimensions = "image.dimensions"
    case imageAspect = "image.aspect"
    case imageAnimated = "image.animated"

    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }

    /// The roles the rule makes sense for.
    public var roles: Set<Role> {
        switch self {
        case .fileSize: return Role.all
        case .imageFormat, .imageDimensions, .imageAspect, .imageAnimated: return Role.images
        default: return [.backgroundVideo]
        }
    }

    /// Whether the rule needs a packet scan (probe --deep).
    public var needsPacketScan: Bool {
        switch self {
        case .videoFrameRateConstant, .videoKeyframeInterval, .videoDecodes: return true
        default: return false
        }
    }

    /// The limit keys the rule reads; those marked required must be present.
    public var parameters: [(key: RuleParameter, required: Bool)] {
        switch self {
        case .fileSize, .videoWidth, .videoBitRate: return [(.max, true)]
        case .fileTruncated, .videoFrameRateConstant, .videoFastStart, .videoEditList, .videoDecodes, .videoDecode,
            .imageAnimated:
            return []
        case .videoContainer: return [(.allowed, true), (.tolerated, false)]
        case .videoCodec, .videoCodecContainer, .videoCodecTag, .videoProfile, .videoChroma, .audioCodec, .imageFormat,
            .imageAspect:
            return [(.allowed, true)]
        case .videoDurationMin: return [(.min, true)]
        case .videoDurationMax: return [(.max, true)]
        case .videoResolution, .videoAspect, .videoFrameRate, .videoKeyframeInterval, .audioSampleRate, .audioChannels,
            .audioBitRate:
            return [(.min, false), (.max, false)]
        case .imageDimensions: return [(.width, true), (.height, true), (.mode, false)]
        }
    }

    /// One line for `targets` and the man page.
    public var summary: String {
        switch self {
        case .fileSize: return "file size in bytes at most max"
        case .fileTruncated: return "all indexed media data is present"
        case .videoContainer: return "container is one of allowed (or tolerated, with a warning)"
        case .videoCodec: return "video codec is one of allowed"
        case .videoCodecContainer: return "container/codec is one of allowed (the pair, not each alone)"
        case .videoCodecTag: return "codec/tag (the MP4 sample entry) is one of allowed, for the codecs listed"
        case .videoProfile: return "codec/profile is one of allowed, for the codecs listed"
        case .videoDurationMin: return "duration in seconds at least min"
        case .videoDurationMax: return "duration in seconds at most max"
        case .videoResolution: return "shorter display side between min and max pixels"
        case .videoWidth: return "display width at most max pixels"
        case .videoAspect: return "display width/height between min and max"
        case .videoFrameRate: return "average frame rate between min and max"
        case .videoFrameRateConstant: return "every frame lasts as long"
        case .videoBitRate: return "video bit rate at most max bits/s"
        case .videoFastStart: return "MP4/MOV index (moov) before the media data"
        case .videoEditList: return "no edit list (elst) in any track"
        case .videoKeyframeInterval: return "longest keyframe interval between min and max seconds"
        case .videoChroma: return "chroma subsampling is one of allowed"
        case .videoDecodes: return "the first video frame decodes"
        case .videoDecode: return "every video frame decodes without errors (checked with --decode)"
        case .audioCodec: return "audio codec is one of allowed (when there is audio)"
        case .audioSampleRate: return "sample rate between min and max Hz"
        case .audioChannels: return "channel count between min and max"
        case .audioBitRate: return "audio bit rate between min and max bits/s"
        case .imageFormat: return "image format is one of allowed"
        case .imageDimensions: return "displayed size against width x height, by mode (max, min, exact)"
        case .imageAspect: return "displayed width:height is one of allowed (within 1%)"
        case .imageAnimated: return "a still image (an animated one shows its first frame only)"
        }
    }
}

/// The limit keys of a rule in profile JSON.
public enum RuleParameter: String, CaseIterable, Sendable {
    case allowed, tolerated, min, max, width, height, mode
}

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
}

/// A rule with its limits, typed: what `Rules` evaluates.
public enum Check: Sendable, Equatable {
    case fileSize(max: Double)
    case fileTruncated
    case videoContainer(allowed: [String], tolerated: [Tolerance])
    case videoCodec(allowed: [String])
    case videoCodecContainer(allowed: [NamePair])
    case videoCodecTag(allowed: [NamePair])
    case videoProfile(allowed: [NamePair])
    case videoDurationMin(Double)
    case videoDurationMax(Double)
    case videoResolution(Bounds)
    case videoWidth(max: Double)
    case videoAspect(Bounds)
    case videoFrameRate(Bounds)
    case videoFrameRateConstant
    case videoBitRate(max: Double)
    case videoFastStart
    case videoEditList
    case videoKeyframeInterval(Bounds)
    case videoChroma(allowed: [String])
    case videoDecodes
    case videoDecode
    case audioCodec(allowed: [String])
    case audioSampleRate(Bounds)
    case audioChannels(Bounds)
    case audioBitRate(Bounds)
    case imageFormat(allowed: [String])
    case imageDimensions(width: Int, height: Int, mode: DimensionMode)
    case imageAspect(allowed: [AspectRatio])
    case imageAnimated

    public var rule: RuleID {
        switch self {
        case .fileSize: return .fileSize
        case .fileTruncated: return .fileTruncated
        case .videoContainer: return .videoContainer
        case .videoCodec: return .videoCodec
        case .videoCodecContainer: return .videoCodecContainer
        case .videoCodecTag: return .videoCodecTag
        case .videoProfile: return .videoProfile
        case .videoDurationMin: return .videoDurationMin
        case .videoDurationMax: return .videoDurationMax
        case .videoResolution: return .videoResolution
        case .videoWidth: return .videoWidth
        case .videoAspect: return .videoAspect
        case .videoFrameRate: return .videoFrameRate
        case .videoFrameRateConstant: return .videoFrameRateConstant
        case .videoBitRate: return .videoBitRate
        case .videoFastStart: return .videoFastStart
        case .videoEditList: return .videoEditList
        case .videoKeyframeInterval: return .videoKeyframeInterval
        case .videoChroma: return .videoChroma
        case .videoDecodes: return .videoDecodes
        case .videoDecode: return .videoDecode
        case .audioCodec: return .audioCodec
        case .audioSampleRate: return .audioSampleRate
        case .audioChannels: return .audioChannels
        case .audioBitRate: return .audioBitRate
        case .imageFormat: return .imageFormat
        case .imageDimensions: return .imageDimensions
        case .imageAspect: return .imageAspect
        case .imageAnimated: return .imageAnimated
        }
    }

    /// The limits as profile JSON keys.
    public var parameters: [String: JSON] {
        func bounds(_ b: Bounds) -> [String: JSON] {
            var out: [String: JSON] = [:]
            if let min = b.min { out["min"] = .number(min) }
            if let max = b.max { out["max"] = .number(max) }
            return out
        }
        func strings(_ values: [String]) -> [String: JSON] { ["allowed": .array(values.map(JSON.string))] }
        switch self {
        case .fileSize(let max), .videoWidth(let max), .videoBitRate(let max), .videoDurationMax(let max):
            return ["max": .number(max)]
        case .videoDurationMin(let min): return ["min": .number(min)]
        case .fileTruncated, .videoFrameRateConstant, .videoFastStart, .videoEditList, .videoDecodes, .videoDecode,
            .imageAnimated:
            return [:]
        case .videoContainer(let allowed, let tolerated):
            var out = strings(allowed)
            if !tolerated.isEmpty { out["tolerated"] = .array(tolerated.map(\.json)) }
            return out
        case .videoCodec(let allowed), .videoChroma(let allowed), .audioCodec(let allowed), .imageFormat(let allowed):
            return strings(allowed)
        case .videoCodecContainer(let pairs), .videoCodecTag(let pairs), .videoProfile(let pairs):
            return strings(pairs.map(\.description))
        case .videoResolution(let b), .videoAspect(let b), .videoFrameRate(let b), .videoKeyframeInterval(let b),
            .audioSampleRate(let b), .audioChannels(let b), .audioBitRate(let b):
            return bounds(b)
        case .imageDimensions(let width, let height, let mode):
            return ["width": .int(width), "height": .int(height), "mode": .string(mode.rawValue)]
        case .imageAspect(let allowed): return ["allowed": .array(allowed.map { .string($0.description) })]
        }
    }
}

/// One limit of a profile: the typed check, how bad breaking it is, and where it comes from.
public struct RuleSpec: Sendable, Equatable {
    public var check: Check
    public var severity: Severity
    public var source: String
    /// Said with the finding, e.g. where Meta's documents disagree.
    public var note: String?
    /// The platforms the limit holds on (what an iPhone plays, say); empty for both.
    public var platforms: [Platform]

    public init(_ check: Check, _ severity: Severity, source: String, note: String? = nil, platforms: [Platform] = []) {
        self.check = check
        self.severity = severity
        self.source = source
        self.note = note
        self.platforms = platforms
    }

    /// Whether the limit holds when sharing on any of `platforms`.
    public func applies(to platforms: Set<Platform>) -> Bool {
        self.platforms.isEmpty || !platforms.isDisjoint(with: self.platforms)
    }

    public var rule: RuleID { check.rule }

    /// The profile JSON of this rule.
    public var json: JSON {
        var members = check.parameters
        members["rule"] = .string(rule.rawValue)
        members["severity"] = .string(severity.rawValue)
        members["source"] = .string(source)
        if let note { members["note"] = .string(note) }
        if !platforms.isEmpty { members["platforms"] = .array(platforms.map { .string($0.rawValue) }) }
        return .object(members)
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
        if decoder.userInfo[RuleSetTable.inSetKey] as? Bool == true {
            source = try c.decodeIfPresent(String.self, forKey: .source) ?? ""
        } else {
            source = try c.decode(String.self, forKey: .source)
        }
        note = try c.decodeIfPresent(String.self, forKey: .note)
        platforms = try c.decodeIfPresent([Platform].self, forKey: .platforms) ?? []
        let allowed = try c.decodeIfPresent([String].self, forKey: .allowed)
        let tolerated = try c.decodeIfPresent([ToleranceWire].self, forKey: .tolerated)?.map {
            Tolerance(value: $0.value, note: $0.note, source: $0.source)
        }
        let min = try c.decodeIfPresent(Double.self, forKey: .min)
        let max = try c.decodeIfPresent(Double.self, forKey: .max)
        let width = try c.decodeIfPresent(Int.self, forKey: .width)
        let height = try c.decodeIfPresent(Int.self, forKey: .height)
        let mode = try c.decodeIfPresent(DimensionMode.self, forKey: .mode)
        // Every key the rule needs is present, and no key it would ignore.
        let given: [RuleParameter: Bool] = [
            .allowed: allowed != nil, .tolerated: tolerated != nil, .min: min != nil, .max: max != nil, .width: width != nil,
            .height: height != nil,
            .mode: mode != nil,
        ]
        let reads = Dictionary(uniqueKeysWithValues: rule.parameters.map { ($0.key, $0.required) })
        for parameter in RuleParameter.allCases {
            let key = Key(rawValue: parameter.rawValue) ?? .rule
            if reads[parameter] == true, given[parameter] != true {
                throw ProfileDecoding.invalid(c, key, "\(rule.rawValue) needs '\(parameter.rawValue)'")
            }
            if reads[parameter] == nil, given[parameter] == true {
                throw ProfileDecoding.invalid(c, key, "\(rule.rawValue) takes no '\(parameter.rawValue)'")
            }
        }
        if reads[.min] != nil, reads[.max] != nil, min == nil, max == nil {
            throw ProfileDecoding.invalid(c, .min, "\(rule.rawValue) needs 'min', 'max' or both")
        }
        if let min, let max, min > max {
            throw ProfileDecoding.invalid(c, .min, "min \(Units.number(min)) is above max \(Units.number(max))")
        }
        for (key, value) in [(Key.min, min), (.max, max)] {
            // Limits are whole pixels, hertz or bytes somewhere: beyond 10^15 none means anything,
            // and each must convert to an integer without trapping.
            if let value, !value.isFinite || value < 0 || value > 1e15 {
                throw ProfileDecoding.invalid(c, key, "must be a number from 0 to 10^15")
            }
        }
        if let allowed, allowed.isEmpty { throw ProfileDecoding.invalid(c, .allowed, "must list at least one value") }
        let bounds = Bounds(min: min, max: max)
        switch rule {
        case .fileSize: check = .fileSize(max: max ?? 0)
        case .fileTruncated: check = .fileTruncated
        case .videoContainer: check = .videoContainer(allowed: allowed ?? [], tolerated: tolerated ?? [])
        case .videoCodec: check = .videoCodec(allowed: allowed ?? [])
        case .videoCodecContainer, .videoCodecTag, .videoProfile:
            var pairs: [NamePair] = []
            for text in allowed ?? [] {
                guard let pair = NamePair(text) else {
                    throw ProfileDecoding.invalid(c, .allowed, "'\(text)' is not two names joined by '/', like mp4/h264")
                }
                pairs.append(pair)
            }
            check =
                rule == .videoCodecContainer
                ? .videoCodecContainer(allowed: pairs)
                : rule == .videoCodecTag ? .videoCodecTag(allowed: pairs) : .videoProfile(allowed: pairs)
        case .videoDurationMin: check = .videoDurationMin(min ?? 0)
        case .videoDurationMax: check = .videoDurationMax(max ?? 0)
        case .videoResolution: check = .videoResolution(bounds)
        case .videoWidth: check = .videoWidth(max: max ?? 0)
        case .videoAspect: check = .videoAspect(bounds)
        case .videoFrameRate: check = .videoFrameRate(bounds)
        case .videoFrameRateConstant: check = .videoFrameRateConstant
        case .videoBitRate: check = .videoBitRate(max: max ?? 0)
        case .videoFastStart: check = .videoFastStart
        case .videoEditList: check = .videoEditList
        case .videoKeyframeInterval: check = .videoKeyframeInterval(bounds)
        case .videoChroma: check = .videoChroma(allowed: allowed ?? [])
        case .videoDecodes: check = .videoDecodes
        case .videoDecode: check = .videoDecode
        case .audioCodec: check = .audioCodec(allowed: allowed ?? [])
        case .audioSampleRate: check = .audioSampleRate(bounds)
        case .audioChannels: check = .audioChannels(bounds)
        case .audioBitRate: check = .audioBitRate(bounds)
        case .imageFormat: check = .imageFormat(allowed: allowed ?? [])
        case .imageDimensions:
            guard let width, let height, width > 0, height > 0 else {
                throw ProfileDecoding.invalid(c, .width, "width and height must be whole numbers from 1")
            }
            check = .imageDimensions(width: width, height: height, mode: mode ?? .max)
        case .imageAspect:
            var ratios: [AspectRatio] = []
            for text in allowed ?? [] {
                guard let ratio = AspectRatio(text) else {
                    throw ProfileDecoding.invalid(c, .allowed, "'\(text)' is not a ratio like 9:16")
                }
                ratios.append(ratio)
            }
            check = .imageAspect(allowed: ratios)
        case .imageAnimated: check = .imageAnimated
        }
    }
}
