// The rules about what the video shows and when: its length, its size and shape, its frame rate
// and its keyframes.

/// The rules whose limits are a min and/or a max.
protocol BoundedRule: Rule {
    var bounds: Bounds { get }
    init(bounds: Bounds)
    /// A limit with its unit, for `targets` and the reference pages ("1080p", "60 fps").
    static func unit(_ value: Double) -> String
}

extension BoundedRule {
    static var parameters: [(key: RuleParameter, required: Bool)] { [(.min, false), (.max, false)] }
    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { self.init(bounds: limits.bounds) }
    var limits: [String: JSON] { bounds.json }
    var limitsText: String { bounds.text(Self.unit) }
    static func unit(_ value: Double) -> String { Units.number(value) }
}

/// video.duration.min: the duration in seconds at least min.
struct VideoDurationMin: Rule {
    static let id = RuleID.videoDurationMin
    static let summary = "duration in seconds at least min"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.min, true)]
    let min: Double

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { min = limits.min ?? 0 }
    var limits: [String: JSON] { ["min": .number(min)] }
    var limitsText: String { "min \(Units.number(min)) s" }

    func check(_ s: Subject) -> Outcome {
        guard let duration = s.av?.durationSeconds else { return .unknown("duration unknown") }
        guard duration < min - Slack.seconds else { return .pass }
        return .fail(
            "\(Units.seconds(duration, against: min)) is shorter than the \(Units.number(min)) s minimum",
            actual: .double(duration), limit: .double(min), fix: .video([.loop(min)]))
    }
}

/// video.duration.max: the duration in seconds at most max.
struct VideoDurationMax: Rule {
    static let id = RuleID.videoDurationMax
    static let summary = "duration in seconds at most max"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.max, true)]
    let max: Double

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { max = limits.max ?? 0 }
    var limits: [String: JSON] { ["max": .number(max)] }
    var limitsText: String { "max \(Units.number(max)) s" }

    func check(_ s: Subject) -> Outcome {
        guard let duration = s.av?.durationSeconds else { return .unknown("duration unknown") }
        guard duration > max + Slack.seconds else { return .pass }
        return .fail(
            "\(Units.seconds(duration, against: max)) is longer than the \(Units.number(max)) s limit",
            actual: .double(duration), limit: .double(max), fix: .video([.trim(max)]))
    }
}

/// video.resolution: the shorter displayed side between min and max pixels.
struct VideoResolution: BoundedRule {
    static let id = RuleID.videoResolution
    static let summary = "shorter display side between min and max pixels"
    static func unit(_ value: Double) -> String { Units.number(value) + "p" }
    let bounds: Bounds

    func check(_ s: Subject) -> Outcome {
        guard let video = s.av?.video, let width = video.displayWidth, let height = video.displayHeight else {
            return .unknown("video size unknown")
        }
        let short = Swift.min(width, height)
        if let max = bounds.max, Double(short) > max {
            let side = Int(max)
            let scale =
                width <= height
                ? Remedies.scaleFilter(width, height, toWidth: side)
                : Remedies.scaleFilter(height, width, toWidth: side, swapped: true)
            return .fail(
                "\(width)x\(height) is above \(side)p", actual: .string("\(width)x\(height)"),
                limit: .double(max), fix: .video([.filter(scale)]))
        }
        if let min = bounds.min, Double(short) < min {
            return .fail(
                "\(width)x\(height) is below the \(Int(min))p minimum", actual: .string("\(width)x\(height)"),
                limit: .double(min), fix: nil)
        }
        return .pass
    }
}

/// video.width: the displayed width at most max pixels.
struct VideoWidth: Rule {
    static let id = RuleID.videoWidth
    static let summary = "display width at most max pixels"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.max, true)]
    let max: Double

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { max = limits.max ?? 0 }
    var limits: [String: JSON] { ["max": .number(max)] }
    var limitsText: String { "max \(Units.number(max)) px" }

    func check(_ s: Subject) -> Outcome {
        guard let video = s.av?.video, let width = video.displayWidth else { return .unknown("video width unknown") }
        guard Double(width) > max else { return .pass }
        let fix = video.displayHeight.map { Fix.video([.filter(Remedies.scaleFilter(width, $0, toWidth: Int(max)))]) }
        return .fail(
            "\(width) px wide is over the \(Int(max)) px limit", actual: .int(width), limit: .double(max), fix: fix)
    }
}

/// video.aspect: the displayed width/height between min and max.
struct VideoAspect: BoundedRule {
    static let id = RuleID.videoAspect
    static let summary = "display width/height between min and max"
    let bounds: Bounds

    func check(_ s: Subject) -> Outcome {
        guard let video = s.av?.video, let width = video.displayWidth, let height = video.displayHeight, height > 0 else {
            return .unknown("video size unknown")
        }
        let ratio = Double(width) / Double(height)
        if let min = bounds.min, ratio < min - Slack.videoAspect {
            return .fail(
                "aspect ratio \(Units.number(ratio)) (\(width)x\(height)) is below \(Units.number(min))",
                actual: .double(ratio), limit: .double(min), fix: nil)
        }
        if let max = bounds.max, ratio > max + Slack.videoAspect {
            return .fail(
                "aspect ratio \(Units.number(ratio)) (\(width)x\(height)) is above \(Units.number(max))",
                actual: .double(ratio), limit: .double(max), fix: nil)
        }
        return .pass
    }
}

/// video.frame-rate: the average frame rate between min and max.
struct VideoFrameRate: BoundedRule {
    static let id = RuleID.videoFrameRate
    static let summary = "average frame rate between min and max"
    static func unit(_ value: Double) -> String { Units.number(value) + " fps" }
    let bounds: Bounds

    func check(_ s: Subject) -> Outcome {
        guard let fps = s.av?.video?.frameRate else { return .unknown("frame rate unknown") }
        let rate = Remedies.nearestRate(bounds, from: fps)
        if let min = bounds.min, fps < min - Slack.framesPerSecond {
            return .fail(
                "\(Units.number(fps)) fps is below the \(Units.number(min)) fps minimum",
                actual: .double(fps), limit: .double(min), fix: .video([.filter(.frameRate(rate))]))
        }
        if let max = bounds.max, fps > max + Slack.framesPerSecond {
            return .fail(
                "\(Units.number(fps)) fps is above the \(Units.number(max)) fps limit",
                actual: .double(fps), limit: .double(max), fix: .video([.filter(.frameRate(rate))]))
        }
        return .pass
    }
}

/// video.frame-rate.constant: every frame lasts as long.
struct VideoFrameRateConstant: Requirement {
    static let id = RuleID.videoFrameRateConstant
    static let needsPacketScan = true
    static let summary = "every frame lasts as long"

    func check(_ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        guard deep.variableFrameRate else { return .pass }
        // 30 fps: inside every range Meta states; a frame-rate range rule's own rate wins when
        // both fire (FixHint keeps the first fps filter).
        return .fail("the frame rate varies", actual: .bool(true), limit: .bool(false), fix: .video([.filter(.frameRate(30))]))
    }
}

/// video.keyframe-interval: the longest keyframe interval between min and max seconds.
struct VideoKeyframeInterval: BoundedRule {
    static let id = RuleID.videoKeyframeInterval
    static let needsPacketScan = true
    static let summary = "longest keyframe interval between min and max seconds"
    static func unit(_ value: Double) -> String { Units.number(value) + " s" }
    let bounds: Bounds

    /// The change that holds a re-encode's keyframes to this interval.
    var remedy: VideoChange { Remedies.keyframes(bounds) }

    func check(_ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        let interval = deep.maxKeyframeIntervalSeconds
        let fix = Fix.video([remedy])
        if let max = bounds.max, interval > max + Slack.keyframeSeconds {
            return .fail(
                "keyframes \(Units.number(interval)) s apart, over the \(Units.number(max)) s limit",
                actual: .double(interval), limit: .double(max), fix: fix)
        }
        if let min = bounds.min, interval < min - Slack.keyframeSeconds, deep.keyframes > 1 {
            return .fail(
                "keyframes \(Units.number(interval)) s apart, under the \(Units.number(min)) s minimum",
                actual: .double(interval), limit: .double(min), fix: fix)
        }
        return .pass
    }
}

/// video.gop.closed: every group of pictures is closed: each keyframe is an IDR picture, so that
/// nothing after it refers to the pictures before it (an open GOP's recovery points and CRA
/// pictures do). libx264's default GOP is closed, so a re-encode closes it.
struct VideoClosedGOP: Requirement {
    static let id = RuleID.videoClosedGOP
    static let needsPacketScan = true
    static let summary = "every keyframe starts a closed group of pictures (an IDR picture)"

    func check(_ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        guard deep.openKeyframes > 0 else { return .pass }
        return .fail(
            "open GOP: \(deep.openKeyframes) of \(deep.keyframes) keyframes are not IDR pictures (recovery points or CRA)",
            actual: .int(deep.openKeyframes), limit: .int(0), fix: .video([.encode(EncodeSettings())]))
    }
}
