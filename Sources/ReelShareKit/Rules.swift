// The rules engine: each rule id names one check over a probe report. Profiles choose which rules
// apply to which role, with which limits; this file says what each rule means. Pure Swift: no
// files, no C, so every rule is tested on synthetic values.

/// One result of checking one rule.
public struct Finding: Sendable, Equatable {
    public var rule: String
    public var severity: Severity
    public var message: String
    /// The platforms it concerns (what an iPhone plays, say); empty for both.
    public var platforms: [Platform] = []
    /// The value found, as JSON (a number, a string, or null when unknown).
    public var actual: JSON
    /// The limit it was held to.
    public var limit: JSON
    public var source: String
    /// A command line that would make the file pass this rule, when the fix is mechanical.
    public var fix: String?
    /// The change behind `fix`, kept to merge with other findings' changes.
    var remedy: Fix?

    public init(
        rule: String, severity: Severity, message: String, actual: JSON = .null, limit: JSON = .null,
        source: String, fix: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.actual = actual
        self.limit = limit
        self.source = source
        self.fix = fix
    }
}

/// The verdict of one target on one file.
public struct TargetVerdict: Sendable, Equatable {
    public var target: String
    public var findings: [Finding]
    /// One command that applies every mechanical fix of these findings together: `plan`
    /// rendered as an ffmpeg command line.
    public var fix: String?
    /// The plan `fix` carries out.
    public var plan: FixPlan?
    public var accepted: Bool { !findings.contains { $0.severity == .error } }

    public init(target: String, findings: [Finding], fix: String? = nil, plan: FixPlan? = nil) {
        self.target = target
        self.findings = findings
        self.fix = fix
        self.plan = plan
    }
}

/// What a rule sees: the probe report and the file's path (for fix hints).
public struct Subject: Sendable {
    public var report: ProbeReport

    public init(_ report: ProbeReport) { self.report = report }

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

public enum Rules {
    /// Whether any of these rules needs a packet scan.
    public static func needsPacketScan(_ specs: [RuleSpec]) -> Bool { specs.contains { $0.rule.needsPacketScan } }

    // MARK: - Evaluation

    /// Evaluates `profile` on one probed file in `role`, for sharing on `platforms` (a limit of one
    /// platform only holds there). `strict` makes warnings errors; info (advisories) stays info.
    /// `keyframes` (the video's keyframe times, when known) lets a trim cut by copying packets.
    public static func evaluate(
        _ report: ProbeReport, role: Role, profile: TargetProfile, strict: Bool,
        platforms: Set<Platform> = Set(Platform.allCases),
        keyframes: [Double]? = nil
    ) -> TargetVerdict {
        var findings: [Finding] = []
        func add(_ finding: Finding) {
            var finding = finding
            if strict, finding.severity == .warning { finding.severity = .error }
            findings.append(finding)
        }
        let subject = Subject(report)
        if let failure = report.failure {
            add(
                Finding(
                    rule: "media.unreadable", severity: .error, message: "cannot read the file: \(failure.message)",
                    actual: .string(failure.code.rawValue), source: "reelshare"))
            return TargetVerdict(target: profile.id, findings: findings)
        }
        if let problem = kindProblem(report, role: role) {
            add(
                Finding(
                    rule: "media.kind", severity: .error, message: problem, actual: .string(report.kind.rawValue),
                    limit: .string(role.rawValue), source: "reelshare"))
            return TargetVerdict(target: profile.id, findings: findings)
        }
        guard let specs = profile.roles[role] else {
            let accepted = profile.acceptedRoles
            add(
                Finding(
                    rule: "media.role", severity: .error,
                    message:
                        "\(profile.id) takes no \(role.label) (it takes: \(accepted.isEmpty ? "nothing" : accepted.map(\.label).joined(separator: ", ")))",
                    actual: .string(role.rawValue), limit: .array(accepted.map { .string($0.rawValue) }),
                    source: profile.ios?.source ?? profile.android?.source ?? profile.summary))
            return TargetVerdict(target: profile.id, findings: findings)
        }
        // A share target may take a layer on one platform only (Instagram Reels takes images on
        // Android): the other platform's verdict is an error that says where it is taken.
        if profile.purpose == .share {
            let missing = Platform.allCases.filter { platforms.contains($0) && !profile.takes(role, on: $0) }
            let takers = Platform.allCases.filter { profile.takes(role, on: $0) }
            if !missing.isEmpty {
                let names = missing.map(\.label).joined(separator: " and ")
                let elsewhere =
                    takers.isEmpty
                    ? ""
                    : "; on \(takers.map(\.label).joined(separator: " and ")) it does (--platform \(takers.map(\.rawValue).joined(separator: ",")))"
                var finding = Finding(
                    rule: "media.role", severity: .error,
                    message: "\(names): \(profile.id) takes no \(role.label) there\(elsewhere)",
                    actual: .string(role.rawValue),
                    source: (missing.contains(.ios) ? profile.ios?.source : nil) ?? profile.android?.source ?? profile.summary)
                finding.platforms = missing
                add(finding)
                if takers.allSatisfy({ !platforms.contains($0) }) { return TargetVerdict(target: profile.id, findings: findings) }
            }
        }
        let applicable = specs.filter { $0.applies(to: platforms) }
        for spec in applicable {
            var finding: Finding
            switch outcome(of: spec.check, subject) {
            case .pass:
                continue
            case .fail(let message, let actual, let limit, let fix):
                finding = Finding(
                    rule: spec.rule.rawValue, severity: spec.severity, message: spec.note.map { "\(message) (\($0))" } ?? message,
                    actual: actual, limit: limit, source: spec.source, fix: fix.map { FixHint.plan($0, for: subject).command })
                finding.remedy = fix
            case .tolerated(let message, let actual, let limit, let fix, let tolerance):
                finding = Finding(
                    rule: spec.rule.rawValue, severity: min(spec.severity, .warning), message: "\(message) (\(tolerance.note))",
                    actual: actual, limit: limit, source: tolerance.source,
                    fix: fix.map { FixHint.plan($0, for: subject).command })
                finding.remedy = fix
            case .unknown(let why):
                finding = Finding(
                    rule: spec.rule.rawValue, severity: .warning, message: "cannot check: \(why)", source: spec.source)
            }
            finding.platforms = spec.platforms
            if spec.platforms.count == 1, let only = spec.platforms.first {
                finding.message = "\(only.label): \(finding.message)"
            }
            add(finding)
        }
        findings += Advisories.applicable(profile.advisories, to: .file(role: role, media: subject.av), platforms: platforms)
        // The plan answers the errors, and only them: a warning's remedy (a re-encode, often) is
        // not worth paying for what the target takes anyway; --strict makes warnings errors. A
        // file with warnings only gets their plan, for validate's hint.
        let errors = findings.filter { $0.severity == .error }
        var remedies = (errors.isEmpty ? findings.filter { $0.severity == .warning } : errors).compactMap(\.remedy)
        // A rewritten MP4 gets an edit list by default: keep it out where the target forbids one.
        if !remedies.isEmpty, applicable.contains(where: { $0.rule == .videoEditList }), subject.av != nil {
            remedies.append(.video([.dropEditList]))
        }
        // A re-encode puts keyframes where the encoder likes: hold them to the target's interval.
        let reencodes = remedies.contains { fix in
            if case .video(let changes) = fix { return changes.contains(where: \.reencodesVideo) }
            return false
        }
        for spec in applicable where reencodes {
            if case .videoKeyframeInterval(let bounds) = spec.check { remedies.append(.video([Self.keyframes(bounds)])) }
        }
        let plan =
            remedies.count > 1
            ? FixHint.combined(remedies, for: subject, keyframes: keyframes)
            : remedies.first.map { FixHint.plan($0, for: subject, keyframes: keyframes) }
        return TargetVerdict(target: profile.id, findings: findings, fix: plan?.command, plan: plan)
    }

    /// A file of the wrong kind for its role: an audio-only file, a video given as a sticker...
    static func kindProblem(_ report: ProbeReport, role: Role) -> String? {
        switch (report.kind, role) {
        case (.video, .backgroundVideo), (.image, .backgroundImage), (.image, .sticker): return nil
        case (.audio, _): return "an audio-only file: share targets take video or images"
        case (.video, _): return "a video cannot be a \(role.label)"
        case (.image, .backgroundVideo): return "an image cannot be a background video"
        case (.unknown, _): return "not a video or an image"
        }
    }

    /// The one switch from a typed check to the code that checks it.
    static func outcome(of check: Check, _ s: Subject) -> Outcome {
        switch check {
        case .fileSize(let max): return fileSize(max: max, s)
        case .fileTruncated: return truncated(s)
        case .videoContainer(let allowed, let tolerated): return container(allowed, tolerated: tolerated, s)
        case .videoCodec(let allowed): return videoCodec(allowed, s)
        case .videoCodecContainer(let allowed): return codecContainer(allowed, s)
        case .videoCodecTag(let allowed): return codecTag(allowed, s)
        case .videoProfile(let allowed): return profile(allowed, s)
        case .videoDurationMin(let min): return durationMin(min, s)
        case .videoDurationMax(let max): return durationMax(max, s)
        case .videoResolution(let bounds): return resolution(bounds, s)
        case .videoWidth(let max): return videoWidth(max: max, s)
        case .videoAspect(let bounds): return videoAspect(bounds, s)
        case .videoFrameRate(let bounds): return frameRate(bounds, s)
        case .videoFrameRateConstant: return constantFrameRate(s)
        case .videoBitRate(let max): return videoBitRate(max: max, s)
        case .videoFastStart: return fastStart(s)
        case .videoEditList: return editList(s)
        case .videoKeyframeInterval(let bounds): return keyframeInterval(bounds, s)
        case .videoChroma(let allowed): return chroma(allowed, s)
        case .videoDecodes: return decodes(s)
        case .videoDecode: return decodeErrors(s)
        case .audioCodec(let allowed): return audioCodec(allowed, s)
        case .audioSampleRate(let bounds): return sampleRate(bounds, s)
        case .audioChannels(let bounds): return channels(bounds, s)
        case .audioBitRate(let bounds): return audioBitRate(bounds, s)
        case .imageFormat(let allowed): return imageFormat(allowed, s)
        case .imageDimensions(let width, let height, let mode):
            return imageDimensions(width: width, height: height, mode: mode, s)
        case .imageAspect(let allowed): return imageAspect(allowed, s)
        case .imageAnimated: return animated(s)
        }
    }

    // MARK: - Checks
    static func fileSize(max: Double, _ s: Subject) -> Outcome {
        guard let size = s.report.sizeBytes else { return .unknown("file size unknown") }
        guard Double(size) > max else { return .pass }
        var fix: Fix?
        if let media = s.av, let duration = media.durationSeconds, duration > 0 {
            if let streams = streamBytes(media, seconds: duration), streams < max * 0.9 {
                // The file is mostly something else (tracks a share drops, cover art, attachments,
                // bytes after the media): copying the two streams that are shared is enough.
                fix = rewrap(media.video?.codec)
            }
            // Aim at 90% of the limit, leaving 128 kb/s for audio. A rate no encoder would be held
            // to (a long file that says it lasts a millisecond) is no fix: the size is not its rate.
            let kbps = (max * 8 * 0.9 / duration - 128_000) / 1000
            if fix == nil, kbps > 100, kbps <= Self.maxVideoKbps {
                fix = .video([.encode(bitRateCap(Int(kbps), seconds: duration)), .audio(AudioSettings(bitRateKbps: 128))])
            }
        }
        return .fail(
            "\(Units.bytes(Double(size))) is over the \(Units.bytes(max)) limit",
            actual: .int(size), limit: .double(max), fix: fix)
    }

    /// The bytes of the video and audio stream a fix keeps, from their own bit rates, with 2% for
    /// the container; nil when a rate is unknown.
    static func streamBytes(_ media: AVMedia, seconds: Double) -> Double? {
        guard let video = media.video?.bitRate else { return nil }
        var bits = Double(video)
        if let audio = media.audio {
            guard let rate = audio.bitRate else { return nil }
            bits += Double(rate)
        }
        return bits * seconds / 8 * 1.02
    }

    static func truncated(_ s: Subject) -> Outcome {
        guard let media = s.av else { return .pass }
        return media.truncated
            ? .fail(
                "the file is cut short: media data its index points at is missing (an interrupted upload or copy?)",
                actual: .bool(true), limit: .bool(false), fix: nil)
            : .pass
    }

    /// The remux that puts a stream-copied video in the container it belongs in.
    static func rewrap(_ codec: String?) -> Fix? {
        switch codec {
        case "h264", "hevc": return .video([.rewrap])
        case "vp8", "vp9": return .video([.rewrapWebM])
        default: return nil
        }
    }

    static func container(_ allowed: [String], tolerated: [Tolerance], _ s: Subject) -> Outcome {
        guard let media = s.av else { return .unknown("no container") }
        guard !allowed.contains(media.container) else { return .pass }
        // A stream Meta accepts is fine as it is: rewrap it; otherwise transcode.
        let fix = rewrap(media.video?.codec) ?? .video([.encode(EncodeSettings())])
        let message = "container \(media.container) is not accepted (accepted: \(allowed.joined(separator: ", ")))"
        if let tolerance = tolerated.first(where: { $0.value == media.container }) {
            return .tolerated(
                "container \(media.container) is not among \(allowed.joined(separator: ", "))", actual: .string(media.container),
                limit: .array(allowed.map(JSON.string)), fix: fix, tolerance: tolerance)
        }
        return .fail(message, actual: .string(media.container), limit: .array(allowed.map(JSON.string)), fix: fix)
    }

    /// The container and codec as a pair: H.264 belongs in MP4/MOV, VP9 in WebM. Containers or
    /// codecs the list does not name at all are video.container's and video.codec's to judge.
    static func codecContainer(_ allowed: [NamePair], _ s: Subject) -> Outcome {
        guard let media = s.av, let codec = media.video?.codec else { return .unknown("video codec unknown") }
        let pair = NamePair(media.container, codec)
        guard !allowed.contains(pair), allowed.contains(where: { $0.first == media.container }),
            allowed.contains(where: { $0.second == codec })
        else { return .pass }
        let homes = allowed.filter { $0.second == codec }.map(\.first)
        return .fail(
            "\(Units.codec(codec)) in \(media.container) is not accepted: \(Units.codec(codec)) goes in \(homes.joined(separator: ", "))",
            actual: .string(pair.description), limit: .array(allowed.map { .string($0.description) }),
            fix: rewrap(codec) ?? .video([.encode(EncodeSettings())]))
    }

    /// The MP4 sample entry of a codec the list names: HEVC tagged hev1 keeps its parameter sets
    /// in the samples, which Apple's players do not read.
    static func codecTag(_ allowed: [NamePair], _ s: Subject) -> Outcome {
        guard let video = s.av?.video, let codec = video.codec else { return .unknown("video codec unknown") }
        let tags = allowed.filter { $0.first == codec }.map(\.second)
        // A sample entry's four-character code: only ISO-BMFF files (MP4, MOV, 3GP) have one.
        guard let container = s.av?.container, ["mp4", "mov", "m4v", "3gp", "3g2"].contains(container) else { return .pass }
        guard !tags.isEmpty, let tag = video.codecTag, !tags.contains(tag) else { return .pass }
        return .fail(
            "\(Units.codec(codec)) tagged \(tag) (accepted: \(tags.joined(separator: ", ")))", actual: .string(tag),
            limit: .array(tags.map(JSON.string)), fix: .video([.retag(tags[0])]))
    }

    /// The profile of a codec the list names (H.264 High 10, 4:2:2 and 4:4:4 are not High).
    static func profile(_ allowed: [NamePair], _ s: Subject) -> Outcome {
        guard let video = s.av?.video, let codec = video.codec else { return .unknown("video codec unknown") }
        let profiles = allowed.filter { $0.first == codec }.map(\.second)
        guard !profiles.isEmpty else { return .pass }
        guard let profile = video.profile else { return .unknown("\(Units.codec(codec)) profile unknown") }
        guard !profiles.contains(profile) else { return .pass }
        var facts: [String] = []
        if let depth = video.bitDepth, depth > 8 { facts.append("\(depth)-bit") }
        if let format = video.pixelFormat, Units.chroma(format) != "4:2:0" { facts.append(Units.chroma(format)) }
        return .fail(
            "\(Units.codec(codec)) \(profile)\(facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))") is not among \(profiles.joined(separator: ", "))",
            actual: .string(profile), limit: .array(profiles.map(JSON.string)), fix: .video([.encode(EncodeSettings())]))
    }

    static func videoCodec(_ allowed: [String], _ s: Subject) -> Outcome {
        guard let codec = s.av?.video?.codec else { return .unknown("video codec unknown") }
        guard !allowed.contains(codec) else { return .pass }
        return .fail(
            "video codec \(Units.codec(codec)) is not accepted (accepted: \(allowed.map(Units.codec).joined(separator: ", ")))",
            actual: .string(codec), limit: .array(allowed.map(JSON.string)), fix: .video([.encode(EncodeSettings())]))
    }

    static func durationMin(_ min: Double, _ s: Subject) -> Outcome {
        guard let duration = s.av?.durationSeconds else { return .unknown("duration unknown") }
        guard duration < min - 0.0005 else { return .pass }
        return .fail(
            "\(Units.seconds(duration, against: min)) is shorter than the \(Units.number(min)) s minimum",
            actual: .double(duration), limit: .double(min), fix: .video([.loop(min)]))
    }

    static func durationMax(_ max: Double, _ s: Subject) -> Outcome {
        guard let duration = s.av?.durationSeconds else { return .unknown("duration unknown") }
        guard duration > max + 0.0005 else { return .pass }
        return .fail(
            "\(Units.seconds(duration, against: max)) is longer than the \(Units.number(max)) s limit",
            actual: .double(duration), limit: .double(max), fix: .video([.trim(max)]))
    }

    static func resolution(_ spec: Bounds, _ s: Subject) -> Outcome {
        guard let video = s.av?.video, let width = video.displayWidth, let height = video.displayHeight else {
            return .unknown("video size unknown")
        }
        let short = Swift.min(width, height)
        if let max = spec.max, Double(short) > max {
            let side = Int(max)
            let scale =
                width <= height
                ? scaleFilter(width, height, toWidth: side) : scaleFilter(height, width, toWidth: side, swapped: true)
            return .fail(
                "\(width)x\(height) is above \(side)p", actual: .string("\(width)x\(height)"),
                limit: .double(max), fix: .video([.filter(scale)]))
        }
        if let min = spec.min, Double(short) < min {
            return .fail(
                "\(width)x\(height) is below the \(Int(min))p minimum", actual: .string("\(width)x\(height)"),
                limit: .double(min), fix: nil)
        }
        return .pass
    }

    static func videoWidth(max: Double, _ s: Subject) -> Outcome {
        guard let video = s.av?.video, let width = video.displayWidth else { return .unknown("video width unknown") }
        guard Double(width) > max else { return .pass }
        let fix = video.displayHeight.map { Fix.video([.filter(scaleFilter(width, $0, toWidth: Int(max)))]) }
        return .fail(
            "\(width) px wide is over the \(Int(max)) px limit", actual: .int(width), limit: .double(max), fix: fix)
    }

    /// A scale filter from the displayed `width`x`height` to `target` wide (or, `swapped`, high),
    /// the other side even and in proportion, with square pixels: FFmpeg's scale alone keeps the
    /// displayed shape by changing the pixel aspect, so a 2000x112 clip scaled to 1920 would still
    /// show 1929 wide.
    static func scaleFilter(_ width: Int, _ height: Int, toWidth target: Int, swapped: Bool = false) -> String {
        let other = Swift.max(2, Int((Double(height) * Double(target) / Double(width) / 2).rounded()) * 2)
        return swapped ? "scale=\(other):\(target),setsar=1" : "scale=\(target):\(other),setsar=1"
    }

    static func videoAspect(_ spec: Bounds, _ s: Subject) -> Outcome {
        guard let video = s.av?.video, let width = video.displayWidth, let height = video.displayHeight, height > 0 else {
            return .unknown("video size unknown")
        }
        let ratio = Double(width) / Double(height)
        if let min = spec.min, ratio < min - 1e-9 {
            return .fail(
                "aspect ratio \(Units.number(ratio)) (\(width)x\(height)) is below \(Units.number(min))",
                actual: .double(ratio), limit: .double(min), fix: nil)
        }
        if let max = spec.max, ratio > max + 1e-9 {
            return .fail(
                "aspect ratio \(Units.number(ratio)) (\(width)x\(height)) is above \(Units.number(max))",
                actual: .double(ratio), limit: .double(max), fix: nil)
        }
        return .pass
    }

    static func frameRate(_ spec: Bounds, _ s: Subject) -> Outcome {
        guard let fps = s.av?.video?.frameRate else { return .unknown("frame rate unknown") }
        let rate = Units.number(comfortableRate(spec))
        if let min = spec.min, fps < min - 0.01 {
            return .fail(
                "\(Units.number(fps)) fps is below the \(Units.number(min)) fps minimum",
                actual: .double(fps), limit: .double(min), fix: .video([.filter("fps=\(rate)")]))
        }
        if let max = spec.max, fps > max + 0.01 {
            return .fail(
                "\(Units.number(fps)) fps is above the \(Units.number(max)) fps limit",
                actual: .double(fps), limit: .double(max), fix: .video([.filter("fps=\(rate)")]))
        }
        return .pass
    }

    /// A frame rate comfortably inside the bounds: a common one (30, 25, 24, 60) when one is, else
    /// the middle. (fps=23 on a 15 fps clip averages 22.77, still under 23.)
    static func comfortableRate(_ bounds: Bounds) -> Double {
        let low = (bounds.min ?? 0) + 0.5, high = (bounds.max ?? 1000) - 0.5
        if let common = [30.0, 25, 24, 60].first(where: { $0 >= low && $0 <= high }) { return common }
        let min = bounds.min ?? 1, max = bounds.max ?? min
        return ((min + max) / 2).rounded()
    }

    static func constantFrameRate(_ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        guard deep.variableFrameRate else { return .pass }
        // 30 fps: inside every range Meta states; a frame-rate range rule's own rate wins when
        // both fire (FixHint keeps the first fps filter).
        return .fail(
            "the frame rate varies", actual: .bool(true), limit: .bool(false), fix: .video([.filter("fps=30")]))
    }

    static func videoBitRate(max: Double, _ s: Subject) -> Outcome {
        guard let media = s.av, let rate = media.video?.bitRate ?? media.bitRate else { return .unknown("bit rate unknown") }
        guard Double(rate) > max else { return .pass }
        let kbps = Int(max * 0.9 / 1000)
        return .fail(
            "video bit rate \(Units.bitRate(Double(rate))) is over the \(Units.bitRate(max)) limit",
            actual: .int(rate), limit: .double(max),
            fix: .video([.encode(bitRateCap(kbps, seconds: media.durationSeconds))]))
    }

    static func fastStart(_ s: Subject) -> Outcome {
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

    /// An edit list that cuts, delays or retimes the video; one that shows the whole media from its
    /// first frame at rate 1 (what muxers write for the B-frame delay) changes nothing.
    static func editList(_ s: Subject) -> Outcome {
        guard let media = s.av, media.editList == true else { return .pass }
        let effect = media.editListEffect
        guard effect != "none" else { return .pass }
        let what: String
        switch effect {
        case "trim": what = "trims the video"
        case "delay": what = "delays the video's start"
        case "rate": what = "changes the video's rate"
        case "complex": what = "edits the video in several pieces"
        default: what = "is on a track"
        }
        // Copying the streams without the edit list would undo it (a cut's head comes back), so
        // the fix decodes through it, as a player does, and writes the result without one: a
        // delay becomes a start at 0.
        return .fail(
            "an edit list \(what)", actual: .from(effect ?? "unknown"), limit: .string("none"),
            fix: .video([.encode(EncodeSettings()), .audio(AudioSettings()), .dropEditList]))
    }

    static func keyframeInterval(_ spec: Bounds, _ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        let interval = deep.maxKeyframeIntervalSeconds
        let fix = Fix.video([keyframes(spec)])
        if let max = spec.max, interval > max + 0.001 {
            return .fail(
                "keyframes \(Units.number(interval)) s apart, over the \(Units.number(max)) s limit",
                actual: .double(interval), limit: .double(max), fix: fix)
        }
        if let min = spec.min, interval < min - 0.001, deep.keyframes > 1 {
            return .fail(
                "keyframes \(Units.number(interval)) s apart, under the \(Units.number(min)) s minimum",
                actual: .double(interval), limit: .double(min), fix: fix)
        }
        return .pass
    }

    /// Encoder arguments that put a keyframe comfortably inside the bounds' interval.
    static func keyframes(_ spec: Bounds) -> VideoChange {
        let target = spec.max.map { Swift.max(1, ($0 * 0.8).rounded(.down)) } ?? 2
        return .encode(EncodeSettings(keyframeSeconds: target))
    }

    static func chroma(_ allowed: [String], _ s: Subject) -> Outcome {
        guard let format = s.av?.video?.pixelFormat else { return .unknown("pixel format unknown") }
        let subsampling = Units.chroma(format)
        guard !allowed.contains(subsampling) else { return .pass }
        return .fail(
            "chroma \(subsampling) (\(format)) is not accepted (accepted: \(allowed.joined(separator: ", ")))",
            actual: .string(subsampling), limit: .array(allowed.map(JSON.string)), fix: .video([.encode(EncodeSettings())]))
    }

    static func decodes(_ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        return deep.firstFrameDecodes
            ? .pass
            : .fail(
                "the first video frame does not decode", actual: .bool(false),
                limit: .bool(true), fix: nil)
    }

    /// Checked only when every frame was decoded (--decode): without it, nothing is said.
    static func decodeErrors(_ s: Subject) -> Outcome {
        guard let decode = s.av?.decode, decode.errors > 0 else { return .pass }
        var message = "\(decode.errors) of \(decode.packets) video packets do not decode"
        if let at = decode.firstErrorSeconds { message += ", the first at \(Units.number(at)) s" }
        if let words = decode.message { message += " (\(words))" }
        return .fail(message, actual: .int(decode.errors), limit: .int(0), fix: .video([.encode(EncodeSettings())]))
    }

    static func audioCodec(_ allowed: [String], _ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let codec = audio.codec else { return .unknown("audio codec unknown") }
        guard !allowed.contains(codec) else { return .pass }
        return .fail(
            "audio codec \(codec) is not accepted (accepted: \(allowed.joined(separator: ", ")))",
            actual: .string(codec), limit: .array(allowed.map(JSON.string)),
            fix: .video([.audio(AudioSettings(bitRateKbps: 128))]))
    }

    static func sampleRate(_ spec: Bounds, _ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let rate = audio.sampleRate else { return .unknown("sample rate unknown") }
        if let max = spec.max, Double(rate) > max {
            return .fail(
                "\(rate) Hz is above \(Int(max)) Hz", actual: .int(rate), limit: .double(max),
                fix: .video([.audio(AudioSettings(sampleRate: Int(max)))]))
        }
        if let min = spec.min, Double(rate) < min {
            return .fail(
                "\(rate) Hz is below \(Int(min)) Hz", actual: .int(rate), limit: .double(min),
                fix: .video([.audio(AudioSettings(sampleRate: Int(min)))]))
        }
        return .pass
    }

    static func channels(_ spec: Bounds, _ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let count = audio.channels else { return .unknown("channel count unknown") }
        if let max = spec.max, Double(count) > max {
            return .fail(
                "\(count) audio channels, more than \(Int(max))", actual: .int(count), limit: .double(max),
                fix: .video([.audio(AudioSettings(channels: Int(max)))]))
        }
        if let min = spec.min, Double(count) < min {
            return .fail(
                "\(count) audio channel\(count == 1 ? "" : "s"), fewer than \(Int(min))", actual: .int(count),
                limit: .double(min), fix: .video([.audio(AudioSettings(channels: Int(min)))]))
        }
        return .pass
    }

    static func audioBitRate(_ spec: Bounds, _ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let rate = audio.bitRate else { return .unknown("audio bit rate unknown") }
        if let max = spec.max, Double(rate) > max * 1.05 {
            return .fail(
                "audio bit rate \(Units.bitRate(Double(rate))) is over \(Units.bitRate(max))",
                actual: .int(rate), limit: .double(max), fix: .video([.audio(AudioSettings(bitRateKbps: Int(max / 1000)))]))
        }
        // Encoders land a few percent under their target: 124 kb/s from "-b:a 128k" is fine. No fix:
        // AAC spends fewer bits on simple sound whatever rate it is asked for.
        if let min = spec.min, Double(rate) < min * 0.9 {
            return .fail(
                "audio bit rate \(Units.bitRate(Double(rate))) is under \(Units.bitRate(min))",
                actual: .int(rate), limit: .double(min), fix: nil)
        }
        return .pass
    }

    static func imageFormat(_ allowed: [String], _ s: Subject) -> Outcome {
        guard let image = s.image else { return .unknown("not an image") }
        guard !allowed.contains(image.format) else { return .pass }
        return .fail(
            "\(image.format.uppercased()) is not accepted (accepted: \(allowed.map { $0.uppercased() }.joined(separator: ", ")))",
            actual: .string(image.format), limit: .array(allowed.map(JSON.string)), fix: FixHint.toPNG(s, image: image))
    }

    static func imageDimensions(width w: Int, height h: Int, mode: DimensionMode, _ s: Subject) -> Outcome {
        guard let image = s.image, let width = image.displayWidth, let height = image.displayHeight else {
            return .unknown("image size unknown")
        }
        let size = "\(width)x\(height)", limit = "\(w)x\(h)"
        switch mode {
        case .min:
            guard width < w || height < h else { return .pass }
            return .fail("\(size) is smaller than \(limit)", actual: .string(size), limit: .string(limit), fix: nil)
        case .exact:
            guard width != w || height != h else { return .pass }
            return .fail("\(size) is not \(limit)", actual: .string(size), limit: .string(limit), fix: nil)
        case .max:
            guard width > w || height > h else { return .pass }
            return .fail(
                "\(size) is larger than the recommended \(limit)", actual: .string(size), limit: .string(limit),
                fix: FixHint.shrink(s, width: w, height: h))
        }
    }

    static func imageAspect(_ allowed: [AspectRatio], _ s: Subject) -> Outcome {
        guard let image = s.image, let width = image.displayWidth, let height = image.displayHeight, width > 0, height > 0 else {
            return .unknown("image size unknown")
        }
        let ratio = Double(width) / Double(height)
        let matches = allowed.contains { abs(ratio - $0.value) <= 0.01 * $0.value }
        guard !matches else { return .pass }
        let names = allowed.map(\.description)
        return .fail(
            "\(width)x\(height) is not \(names.joined(separator: " or "))", actual: .double(ratio),
            limit: .array(names.map(JSON.string)), fix: nil)
    }

    /// An animated image shows its first frame only: the composer takes a still picture.
    static func animated(_ s: Subject) -> Outcome {
        guard let image = s.image, let frames = image.frameCount, frames > 1 else { return .pass }
        return .fail(
            "an animated \(image.format.uppercased()) of \(frames) frames: the composer shows its first frame only",
            actual: .int(frames), limit: .int(1), fix: FixHint.firstFrame(s, image: image))
    }

    /// x264 arguments that hold the video bit rate near `kbps` (90% of a limit) over a clip of
    /// `seconds`. The rate-control buffer may burst the average by its size over the clip's length,
    /// so a short clip gets a small one: a tenth of a second per second of clip, two seconds at most.
    static func bitRateCap(_ kbps: Int, seconds: Double?) -> EncodeSettings {
        let kbps = Swift.min(kbps, Int(Self.maxVideoKbps))
        let scaled = Double(kbps) * Swift.min(Swift.max(seconds ?? 20, 0), 20) / 10  // a clip's length is the file's word
        let buffer = Swift.max(kbps / 10, Swift.min(kbps * 2, Int(scaled)))
        return EncodeSettings(bitRateKbps: kbps, bufferKbps: buffer)
    }

    /// The highest video bit rate a fix asks an encoder for: 1 Gb/s, over any share target's limit.
    static let maxVideoKbps = 1_000_000.0
}
