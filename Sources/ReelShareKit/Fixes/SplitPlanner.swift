// Splitting a clip that is too long for a target into parts, each within the limit (fix --split).
/// Splitting a clip too long for a target (Stories) into parts each within its limit, cut at
/// keyframes so that every packet is copied and the parts together are the whole clip.
public enum SplitPlanner {
    /// The longest a part may be for `profile` on `platforms`: its video duration limit, or less
    /// where an advisory of the target says a platform's app posts only the first seconds of a
    /// longer video (Instagram Stories on iOS: 15 s), less a frame and an audio packet; nil when
    /// the target has no limit.
    public static func longest(_ profile: TargetProfile, media: AVMedia, platforms: Set<Platform> = Set(Platform.allCases))
        -> Double?
    {
        let rules = (profile.roles[.backgroundVideo] ?? []).filter { $0.applies(to: platforms) }
        let cuts = profile.advisories.filter {
            $0.when == .videoLongerThan && ($0.platforms.isEmpty || !platforms.isDisjoint(with: $0.platforms))
        }
        let limit = (rules.compactMap { ($0.check as? VideoDurationMax)?.max } + cuts.compactMap(\.seconds)).min()
        return limit.map { FixHint.trimTarget($0, media: media) }
    }

    /// Consecutive parts of a clip of `duration` seconds, each at most `longest` long, each but
    /// the first starting at a keyframe: (start, end) with the last end nil (to the end). nil when
    /// two keyframes lie further apart than `longest` (the clip must be re-encoded first).
    public static func parts(duration: Double, keyframes: [Double], longest: Double) -> [(start: Double, end: Double?)]? {
        guard longest > 0 else { return nil }
        let keys = keyframes.filter { $0 > 0.001 && $0 < duration }.sorted()
        var parts: [(start: Double, end: Double?)] = []
        var start = 0.0
        while duration - start > longest {
            guard let cut = keys.last(where: { $0 > start + 0.001 && $0 - start <= longest }) else { return nil }
            parts.append((start, cut))
            start = cut
        }
        parts.append((start, nil))
        return parts
    }

    /// The name of part `number` of `path` ("dir/clip.mp4" -> "dir/clip.part2.mp4").
    public static func partPath(_ path: String, number: Int, extension ext: String = "mp4") -> String {
        let fixed = FixHint.fixedPath(path, extension: ext)
        return String(fixed.dropLast(".fixed.\(ext)".count)) + ".part\(number).\(ext)"
    }
}

extension VideoPlan {
    /// The plan that copies, packet for packet, what this plan wrote to `path` (the parts of a
    /// split re-encoded once).
    public func copied(from path: String) -> VideoPlan {
        var plan = self
        plan.input = path
        plan.video = .copy(tag: nil)
        if audio != .none { plan.audio = .copy }
        plan.loopTo = nil
        plan.trimTo = nil
        plan.cutAtKeyframe = nil
        plan.videoDelaySeconds = nil
        return plan
    }

    /// This plan with the video re-encoded and a keyframe at least every `seconds` (so that a
    /// split can cut by copying).
    public func reencoded(keyframeSeconds seconds: Double) -> VideoPlan {
        var plan = self
        switch video {
        case .copy:
            plan.video = .encode(
                VideoEncode(toBT709: sourceRGB, keyframeSeconds: seconds))
        case .encode(var encode):
            encode.keyframeSeconds = min(encode.keyframeSeconds ?? seconds, seconds)
            plan.video = .encode(encode)
        }
        plan.container = .mp4
        return plan
    }
}

extension SplitPlanner {
    /// The plan each part is made with: every fix the target asks for except the trim (a split
    /// keeps the whole clip), or a plain remux into MP4 when nothing else is asked.
    public static func basePlan(
        _ report: ProbeReport, profile: TargetProfile, strict: Bool, platforms: Set<Platform>, keyframes: [Double]?
    ) -> VideoPlan {
        var untrimmed = profile
        untrimmed.roles[.backgroundVideo]?.removeAll { $0.rule == .videoDurationMax }
        let verdict = Rules.evaluate(
            report, role: .backgroundVideo, profile: untrimmed, strict: strict, platforms: platforms, keyframes: keyframes)
        // Only errors are fixed (a warning's plan is validate's hint, not fix's work).
        if verdict.findings.contains(where: { $0.severity == .error }), case .video(let plan)? = verdict.plan { return plan }
        return FixHint.videoPlan([.rewrap], for: Subject(report), keyframes: keyframes)
    }
}
