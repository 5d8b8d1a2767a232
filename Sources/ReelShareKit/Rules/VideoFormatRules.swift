// The rules about how the video is stored: container, codec, sample entry, profile, chroma, index,
// edit list, bit rate, and whether it decodes.

/// video.container: the container is one of allowed (or tolerated, with a warning).
struct VideoContainer: Rule {
    static let id = RuleID.videoContainer
    static let summary = "container is one of allowed (or tolerated, with a warning)"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.allowed, true), (.tolerated, false)]
    let allowed: [String]
    let tolerated: [Tolerance]

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) {
        allowed = limits.allowed ?? []
        tolerated = limits.tolerated ?? []
    }

    var limits: [String: JSON] {
        var out = allowed.allowedJSON
        if !tolerated.isEmpty { out["tolerated"] = .array(tolerated.map(\.json)) }
        return out
    }

    var limitsText: String { allowed.joined(separator: ", ") + tolerated.map { "; \($0.value) with a warning" }.joined() }

    func check(_ s: Subject) -> Outcome {
        guard let media = s.av else { return .unknown("no container") }
        guard !allowed.contains(media.container) else { return .pass }
        // A stream Meta accepts is fine as it is: rewrap it; otherwise transcode.
        let fix = Remedies.rewrap(media.video?.codecID) ?? .video([.encode(EncodeSettings())])
        if let tolerance = tolerated.first(where: { $0.value == media.container }) {
            return .tolerated(
                "container \(media.container) is not among \(allowed.joined(separator: ", "))", actual: .string(media.container),
                limit: .array(allowed.map(JSON.string)), fix: fix, tolerance: tolerance)
        }
        return .fail(
            "container \(media.container) is not accepted (accepted: \(allowed.joined(separator: ", ")))",
            actual: .string(media.container), limit: .array(allowed.map(JSON.string)), fix: fix)
    }
}

/// video.codec: the video codec is one of allowed.
struct VideoCodec: Rule {
    static let id = RuleID.videoCodec
    static let summary = "video codec is one of allowed"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.allowed, true)]
    let allowed: [String]

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { allowed = limits.allowed ?? [] }
    var limits: [String: JSON] { allowed.allowedJSON }
    var limitsText: String { allowed.joined(separator: ", ") }

    func check(_ s: Subject) -> Outcome {
        guard let codec = s.av?.video?.codec else { return .unknown("video codec unknown") }
        guard !allowed.contains(codec) else { return .pass }
        return .fail(
            "video codec \(Units.codec(codec)) is not accepted (accepted: \(allowed.map(Units.codec).joined(separator: ", ")))",
            actual: .string(codec), limit: .array(allowed.map(JSON.string)), fix: .video([.encode(EncodeSettings())]))
    }
}

/// The rules whose limits are NAME/NAME pairs.
protocol PairRule: Rule {
    var allowed: [NamePair] { get }
    init(allowed: [NamePair])
}

extension PairRule {
    static var parameters: [(key: RuleParameter, required: Bool)] { [(.allowed, true)] }
    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { self.init(allowed: try limits.pairs()) }
    var limits: [String: JSON] { allowed.map(\.description).allowedJSON }
    var limitsText: String { allowed.map(\.description).joined(separator: ", ") }
}

/// video.codec-container: the container and codec as a pair: H.264 belongs in MP4/MOV, VP9 in
/// WebM. Containers or codecs the list does not name at all are video.container's and
/// video.codec's to judge.
struct VideoCodecContainer: PairRule {
    static let id = RuleID.videoCodecContainer
    static let summary = "container/codec is one of allowed (the pair, not each alone)"
    let allowed: [NamePair]

    func check(_ s: Subject) -> Outcome {
        guard let media = s.av, let codec = media.video?.codec else { return .unknown("video codec unknown") }
        let pair = NamePair(media.container, codec)
        guard !allowed.contains(pair), allowed.contains(where: { $0.first == media.container }),
            allowed.contains(where: { $0.second == codec })
        else { return .pass }
        let homes = allowed.filter { $0.second == codec }.map(\.first)
        return .fail(
            "\(Units.codec(codec)) in \(media.container) is not accepted: \(Units.codec(codec)) goes in \(homes.joined(separator: ", "))",
            actual: .string(pair.description), limit: .array(allowed.map { .string($0.description) }),
            fix: Remedies.rewrap(media.video?.codecID) ?? .video([.encode(EncodeSettings())]))
    }
}

/// video.codec-tag: the MP4 sample entry of a codec the list names: HEVC tagged hev1 keeps its
/// parameter sets in the samples, which Apple's players do not read.
struct VideoCodecTag: PairRule {
    static let id = RuleID.videoCodecTag
    static let summary = "codec/tag (the MP4 sample entry) is one of allowed, for the codecs listed"
    let allowed: [NamePair]

    func check(_ s: Subject) -> Outcome {
        guard let video = s.av?.video, let codec = video.codec else { return .unknown("video codec unknown") }
        let tags = allowed.filter { $0.first == codec }.map(\.second)
        // A sample entry's four-character code: only ISO-BMFF files (MP4, MOV, 3GP) have one.
        guard s.av?.family == .isoBMFF else { return .pass }
        guard !tags.isEmpty, let tag = video.codecTag, !tags.contains(tag) else { return .pass }
        return .fail(
            "\(Units.codec(codec)) tagged \(tag) (accepted: \(tags.joined(separator: ", ")))", actual: .string(tag),
            limit: .array(tags.map(JSON.string)), fix: .video([.retag(tags[0])]))
    }
}

/// video.profile: the profile of a codec the list names (H.264 High 10, 4:2:2 and 4:4:4 are not
/// High).
struct VideoProfile: PairRule {
    static let id = RuleID.videoProfile
    static let summary = "codec/profile is one of allowed, for the codecs listed"
    let allowed: [NamePair]

    func check(_ s: Subject) -> Outcome {
        guard let video = s.av?.video, let codec = video.codec else { return .unknown("video codec unknown") }
        let profiles = allowed.filter { $0.first == codec }.map(\.second)
        guard !profiles.isEmpty else { return .pass }
        guard let profile = video.profile else { return .unknown("\(Units.codec(codec)) profile unknown") }
        guard !profiles.contains(profile) else { return .pass }
        var facts: [String] = []
        if let depth = video.bitDepth, depth > 8 { facts.append("\(depth)-bit") }
        if video.pixelFormat != nil, video.chroma != .c420 { facts.append(video.chroma?.rawValue ?? "unknown") }
        return .fail(
            "\(Units.codec(codec)) \(profile)\(facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))") is not among \(profiles.joined(separator: ", "))",
            actual: .string(profile), limit: .array(profiles.map(JSON.string)), fix: .video([.encode(EncodeSettings())]))
    }
}

/// video.chroma: the chroma subsampling is one of allowed.
struct VideoChroma: Rule {
    static let id = RuleID.videoChroma
    static let summary = "chroma subsampling is one of allowed"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.allowed, true)]
    let allowed: [String]

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { allowed = limits.allowed ?? [] }
    var limits: [String: JSON] { allowed.allowedJSON }
    var limitsText: String { allowed.joined(separator: ", ") }

    func check(_ s: Subject) -> Outcome {
        guard let format = s.av?.video?.pixelFormat else { return .unknown("pixel format unknown") }
        let subsampling = s.av?.video?.chroma?.rawValue ?? "unknown"
        guard !allowed.contains(subsampling) else { return .pass }
        return .fail(
            "chroma \(subsampling) (\(format)) is not accepted (accepted: \(allowed.joined(separator: ", ")))",
            actual: .string(subsampling), limit: .array(allowed.map(JSON.string)), fix: .video([.encode(EncodeSettings())]))
    }
}

/// video.bitrate: the video bit rate at most max bits/s.
struct VideoBitRate: Rule {
    static let id = RuleID.videoBitRate
    static let summary = "video bit rate at most max bits/s"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.max, true)]
    let max: Double

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { max = limits.max ?? 0 }
    var limits: [String: JSON] { ["max": .number(max)] }
    var limitsText: String { "max \(Units.bitRate(max))" }

    func check(_ s: Subject) -> Outcome {
        guard let media = s.av, let rate = media.video?.bitRate ?? media.bitRate else { return .unknown("bit rate unknown") }
        guard Double(rate) > max else { return .pass }
        let kbps = Int(max * 0.9 / 1000)
        return .fail(
            "video bit rate \(Units.bitRate(Double(rate))) is over the \(Units.bitRate(max)) limit",
            actual: .int(rate), limit: .double(max),
            fix: .video([.encode(Remedies.bitRateCap(kbps, seconds: media.durationSeconds))]))
    }
}

/// video.fast-start: the MP4/MOV index (moov) comes before the media data.
struct VideoFastStart: Requirement {
    static let id = RuleID.videoFastStart
    static let summary = "MP4/MOV index (moov) before the media data"

    func check(_ s: Subject) -> Outcome {
        guard let media = s.av else { return .pass }
        guard let fast = media.fastStart else {
            return .fail(
                "\(media.container) has no MP4/MOV index to move to the front", actual: .string(media.container),
                limit: .bool(true), fix: .video([.rewrap]))
        }
        return fast
            ? .pass
            : .fail(
                "the index (moov) comes after the media data", actual: .bool(false), limit: .bool(true),
                fix: .video([.fastStart]))
    }
}

/// video.edit-list: no edit list that cuts, delays or retimes the video; one that shows the whole
/// media from its first frame at rate 1 (what muxers write for the B-frame delay) changes nothing.
struct VideoEditList: Requirement {
    static let id = RuleID.videoEditList
    static let summary = "no edit list (elst) in any track"

    func check(_ s: Subject) -> Outcome {
        guard let media = s.av, media.editList == true else { return .pass }
        let effect = media.editListEffect
        let what: String
        switch effect {
        case .noChange?: return .pass
        case .trim?: what = "trims the video"
        case .delay?: what = "delays the video's start"
        case .rate?: what = "changes the video's rate"
        case .complex?: what = "edits the video in several pieces"
        case nil: what = "is on a track"
        }
        // Copying the streams without the edit list would undo it (a cut's head comes back), so
        // the fix decodes through it, as a player does, and writes the result without one: a
        // delay becomes a start at 0.
        return .fail(
            "an edit list \(what)", actual: .from(effect?.rawValue ?? "unknown"), limit: .string("none"),
            fix: .video([.encode(EncodeSettings()), .audio(AudioSettings()), .dropEditList]))
    }
}

/// video.decodes: the first video frame decodes.
struct VideoDecodes: Requirement {
    static let id = RuleID.videoDecodes
    static let needsPacketScan = true
    static let summary = "the first video frame decodes"

    func check(_ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        return deep.firstFrameDecodes
            ? .pass : .fail("the first video frame does not decode", actual: .bool(false), limit: .bool(true), fix: nil)
    }
}

/// video.decode: every video frame decodes without errors. Checked only when every frame was
/// decoded (--decode): without it, nothing is said.
struct VideoDecode: Requirement {
    static let id = RuleID.videoDecode
    static let summary = "every video frame decodes without errors (checked with --decode)"
    var limitsText: String { "checked with --decode" }

    func check(_ s: Subject) -> Outcome {
        guard let decode = s.av?.decode, decode.errors > 0 else { return .pass }
        var message = "\(decode.errors) of \(decode.packets) video packets do not decode"
        if let at = decode.firstErrorSeconds { message += ", the first at \(Units.number(at)) s" }
        if let words = decode.message { message += " (\(words))" }
        return .fail(message, actual: .int(decode.errors), limit: .int(0), fix: .video([.encode(EncodeSettings())]))
    }
}

/// video.progressive: progressive scan, not interlaced fields. The fix deinterlaces (bwdif, one
/// frame per frame: the frame rate stays) while it re-encodes.
struct VideoProgressive: Requirement {
    static let id = RuleID.videoProgressive
    static let summary = "progressive scan (not interlaced)"

    func check(_ s: Subject) -> Outcome {
        guard let video = s.av?.video else { return .pass }
        // H.264, VP8, VP9 and AV1 always say (their headers, or the first frame); a codec that
        // leaves it unknown (HEVC's field pictures are all but unused) is taken as progressive.
        guard let order = video.fieldOrder else { return .pass }
        let fields: String
        switch order {
        case .progressive: return .pass
        case .tt: fields = "top field first"
        case .bb: fields = "bottom field first"
        case .tb: fields = "top field coded first, bottom shown first"
        case .bt: fields = "bottom field coded first, top shown first"
        }
        return .fail(
            "interlaced (\(fields))", actual: .string(order.rawValue), limit: .string(FieldOrder.progressive.rawValue),
            fix: .video([.filter(.deinterlace), .encode(EncodeSettings())]))
    }
}
