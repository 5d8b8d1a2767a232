// What a rule is: one unit per rule (its id, the roles it applies to, the limits it reads and how
// they decode, what it checks, how its limits read, and the fix of a failure), a registry of the
// units by id, and the one decoder that turns a profile's {"rule": ..., limits...} into a unit.
// The units live by family: FileRules, VideoFormatRules, VideoTimingRules, AudioRules, ImageRules.

/// A rule and its limits, as a profile states them.
protocol Rule: Sendable {
    /// Its id in profiles and findings.
    static var id: RuleID { get }
    /// The roles it makes sense for (default: the background video).
    static var roles: Set<Role> { get }
    /// Whether it needs a packet scan (probe --deep).
    static var needsPacketScan: Bool { get }
    /// One line for `targets` and the man page.
    static var summary: String { get }
    /// The limit keys it reads; those marked required must be present.
    static var parameters: [(key: RuleParameter, required: Bool)] { get }

    /// Its limits from a profile (present and absent keys already checked against `parameters`).
    init(_ limits: RuleLimits) throws(RuleLimits.Invalid)
    /// Its limits as profile JSON keys.
    var limits: [String: JSON] { get }
    /// What it allows, in a few words, for `targets`.
    var limitsText: String { get }
    /// Checks one file: a failure says what is wrong, the value found, the limit, and the change
    /// that would make it pass when one is mechanical.
    func check(_ s: Subject) -> Outcome
}

extension Rule {
    static var roles: Set<Role> { [.backgroundVideo] }
    static var needsPacketScan: Bool { false }
    static var parameters: [(key: RuleParameter, required: Bool)] { [] }
    var limits: [String: JSON] { [:] }
}

/// A rule without limits: it holds or it does not.
protocol Requirement: Rule {
    init()
}

extension Requirement {
    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { self.init() }
    var limitsText: String { "required" }
}

/// Every rule id a profile may use, and the unit that is the rule.
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
    case videoClosedGOP = "video.gop.closed"
    case videoProgressive = "video.progressive"
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
    case imageVisible = "image.visible"

    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }

    /// Whether re-encoding its stream with the profile's settings answers the rule though it
    /// offers no fix of its own: the audio bit rate, which the encoder is asked for.
    var isSetByReencode: Bool { self == .audioBitRate }

    /// What the rule is about: "file", "video", "audio" or "image" (its id's first word).
    var family: String { String(rawValue.prefix { $0 != "." }) }

    /// The registry: the unit of each id.
    var unit: any Rule.Type {
        switch self {
        case .fileSize: return FileSize.self
        case .fileTruncated: return FileTruncated.self
        case .videoContainer: return VideoContainer.self
        case .videoCodec: return VideoCodec.self
        case .videoCodecContainer: return VideoCodecContainer.self
        case .videoCodecTag: return VideoCodecTag.self
        case .videoProfile: return VideoProfile.self
        case .videoDurationMin: return VideoDurationMin.self
        case .videoDurationMax: return VideoDurationMax.self
        case .videoResolution: return VideoResolution.self
        case .videoWidth: return VideoWidth.self
        case .videoAspect: return VideoAspect.self
        case .videoFrameRate: return VideoFrameRate.self
        case .videoFrameRateConstant: return VideoFrameRateConstant.self
        case .videoBitRate: return VideoBitRate.self
        case .videoFastStart: return VideoFastStart.self
        case .videoEditList: return VideoEditList.self
        case .videoKeyframeInterval: return VideoKeyframeInterval.self
        case .videoClosedGOP: return VideoClosedGOP.self
        case .videoProgressive: return VideoProgressive.self
        case .videoChroma: return VideoChroma.self
        case .videoDecodes: return VideoDecodes.self
        case .videoDecode: return VideoDecode.self
        case .audioCodec: return AudioCodec.self
        case .audioSampleRate: return AudioSampleRate.self
        case .audioChannels: return AudioChannels.self
        case .audioBitRate: return AudioBitRate.self
        case .imageFormat: return ImageFormat.self
        case .imageDimensions: return ImageDimensions.self
        case .imageAspect: return ImageAspect.self
        case .imageAnimated: return ImageAnimated.self
        case .imageVisible: return ImageVisible.self
        }
    }

    public var roles: Set<Role> { unit.roles }
    public var needsPacketScan: Bool { unit.needsPacketScan }
    public var parameters: [(key: RuleParameter, required: Bool)] { unit.parameters }
    public var summary: String { unit.summary }
}

/// The limit keys of a rule in profile JSON.
public enum RuleParameter: String, CaseIterable, Sendable {
    case allowed, tolerated, min, max, width, height, mode
}

/// A rule's limits as a profile gives them, before the rule reads them.
struct RuleLimits: Sendable {
    var allowed: [String]?
    var tolerated: [Tolerance]?
    var min: Double?
    var max: Double?
    var width: Int?
    var height: Int?
    var mode: DimensionMode?

    init(
        allowed: [String]? = nil, tolerated: [Tolerance]? = nil, min: Double? = nil, max: Double? = nil, width: Int? = nil,
        height: Int? = nil, mode: DimensionMode? = nil
    ) {
        self.allowed = allowed
        self.tolerated = tolerated
        self.min = min
        self.max = max
        self.width = width
        self.height = height
        self.mode = mode
    }

    /// A limit that does not make sense: which key, and why.
    struct Invalid: Error, Sendable {
        var key: RuleParameter
        var message: String

        init(_ key: RuleParameter, _ message: String) {
            self.key = key
            self.message = message
        }
    }

    /// The bounds, when the rule reads min and max (at least one is present).
    var bounds: Bounds { Bounds(min: min, max: max) }

    /// `allowed` as NAME/NAME pairs ("mp4/h264").
    func pairs() throws(Invalid) -> [NamePair] {
        var pairs: [NamePair] = []
        for text in allowed ?? [] {
            guard let pair = NamePair(text) else {
                throw Invalid(.allowed, "'\(text)' is not two names joined by '/', like mp4/h264")
            }
            pairs.append(pair)
        }
        return pairs
    }
}

/// How far a measured value may stray past a limit before a rule says so, and why. Each rule
/// reads its slack here, so that the margins are one table rather than numbers in each check.
enum Slack {
    /// Durations, in seconds: a container stores them to the millisecond (59.9995 s is 60 s).
    static let seconds = 0.0005
    /// Frame rates, in frames per second: an average of rounded timestamps (29.99 is 30).
    static let framesPerSecond = 0.01
    /// A video's aspect ratio of whole pixels: only floating-point noise.
    static let videoAspect = 1e-9
    /// Keyframe intervals, in seconds: timestamps of a millisecond's precision.
    static let keyframeSeconds = 0.001
    /// An image's aspect ratio, relative: 1% (1080x1920 and 1079x1920 are both 9:16).
    static let imageAspect = 0.01
    /// An audio bit rate over its maximum, relative: encoders land a few percent over.
    static let audioBitRateOver = 0.05
    /// An audio bit rate under its minimum, relative: 124 kb/s from "-b:a 128k" is fine.
    static let audioBitRateUnder = 0.10
}

/// What a rule sees: the probe report and the file's path (for fix hints).
public struct Subject: Sendable {
    public var report: ProbeReport
    /// The target the file is checked for, where the fix names it.
    public var target: String?
    /// What `reelshare fix` is told besides the target to make the same plan, where the fix is
    /// reelshare's own command: the role (`--as background`) and `--strict`.
    public var fixOptions: [String] = []

    public init(_ report: ProbeReport, target: String? = nil) {
        self.report = report
        self.target = target
    }

    var av: AVMedia? {
        if case .av(let media) = report.content { return media }
        return nil
    }

    var image: ImageMedia? {
        if case .image(let image) = report.content { return image }
        return nil
    }
}

/// How a single check came out.
enum Outcome {
    case pass
    /// Broken: message, the actual value, the limit, and a fix when one is mechanical.
    case fail(String, actual: JSON, limit: JSON, fix: Fix?)
    /// Let through with a warning, for the tolerance's reason and source.
    case tolerated(String, actual: JSON, limit: JSON, fix: Fix?, tolerance: Tolerance)
    /// The value needed is not known (the container does not say, or --deep was not run).
    case unknown(String)
}
