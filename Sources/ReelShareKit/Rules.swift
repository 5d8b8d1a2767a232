// The rules engine: each rule id names one check over a probe report. Profiles choose which rules
// apply to which role, with which limits; this file says what each rule means. Pure Swift: no
// files, no C, so every rule is tested on synthetic values.

/// One result of checking one rule.
public struct Finding: Sendable, Equatable {
    public var rule: String
    public var severity: Severity
    public var message: String
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
    /// One command that applies every mechanical fix of these findings together.
    public var fix: String?
    public var accepted: Bool { !findings.contains { $0.severity == .error } }

    public init(target: String, findings: [Finding], fix: String? = nil) {
        self.target = target
        self.findings = findings
        self.fix = fix
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
    /// The value needed is not known (the container does not say, or --deep was not run).
    case unknown(String)
}

public enum Rules {
    /// Rules the engine emits itself, whatever the profile says.
    public static let intrinsic = ["media.unreadable", "media.kind", "media.role"]

    struct Definition {
        /// Which roles the rule makes sense for.
        let roles: Set<Role>
        /// Parameters that must be present.
        let needs: [String]
        /// Needs a packet scan (probe --deep).
        let deep: Bool
        let summary: String
        let check: (RuleSpec, Subject) -> Outcome
    }

    static let video: Set<Role> = [.backgroundVideo]
    static let image: Set<Role> = [.backgroundImage, .sticker]
    static let any: Set<Role> = video.union(image)

    /// Every rule a profile may name.
    static let catalogue: [String: Definition] = [
        "file.size": Definition(roles: any, needs: ["max"], deep: false, summary: "file size in bytes at most max", check: fileSize),
        "file.truncated": Definition(roles: video, needs: [], deep: false, summary: "all indexed media data is present", check: truncated),
        "video.container": Definition(roles: video, needs: ["allowed"], deep: false, summary: "container is one of allowed", check: container),
        "video.codec": Definition(roles: video, needs: ["allowed"], deep: false, summary: "video codec is one of allowed", check: videoCodec),
        "video.duration.min": Definition(roles: video, needs: ["min"], deep: false, summary: "duration in seconds at least min", check: durationMin),
        "video.duration.max": Definition(roles: video, needs: ["max"], deep: false, summary: "duration in seconds at most max", check: durationMax),
        "video.resolution": Definition(roles: video, needs: [], deep: false, summary: "shorter display side between min and max pixels", check: resolution),
        "video.width": Definition(roles: video, needs: ["max"], deep: false, summary: "display width at most max pixels", check: videoWidth),
        "video.aspect": Definition(roles: video, needs: [], deep: false, summary: "display width/height between min and max", check: videoAspect),
        "video.frame-rate": Definition(roles: video, needs: [], deep: false, summary: "average frame rate between min and max", check: frameRate),
        "video.frame-rate.constant": Definition(roles: video, needs: [], deep: true, summary: "every frame lasts as long", check: constantFrameRate),
        "video.bitrate": Definition(roles: video, needs: ["max"], deep: false, summary: "video bit rate at most max bits/s", check: videoBitRate),
        "video.fast-start": Definition(roles: video, needs: [], deep: false, summary: "MP4/MOV index (moov) before the media data", check: fastStart),
        "video.edit-list": Definition(roles: video, needs: [], deep: false, summary: "no edit list (elst) in any track", check: editList),
        "video.keyframe-interval": Definition(roles: video, needs: [], deep: true, summary: "longest keyframe interval between min and max seconds", check: keyframeInterval),
        "video.chroma": Definition(roles: video, needs: ["allowed"], deep: false, summary: "chroma subsampling is one of allowed", check: chroma),
        "video.decodes": Definition(roles: video, needs: [], deep: true, summary: "the first video frame decodes", check: decodes),
        "audio.codec": Definition(roles: video, needs: ["allowed"], deep: false, summary: "audio codec is one of allowed (when there is audio)", check: audioCodec),
        "audio.sample-rate": Definition(roles: video, needs: [], deep: false, summary: "sample rate between min and max Hz", check: sampleRate),
        "audio.channels": Definition(roles: video, needs: [], deep: false, summary: "channel count between min and max", check: channels),
        "audio.bitrate": Definition(roles: video, needs: [], deep: false, summary: "audio bit rate between min and max bits/s", check: audioBitRate),
        "image.format": Definition(roles: image, needs: ["allowed"], deep: false, summary: "image format is one of allowed", check: imageFormat),
        "image.dimensions": Definition(roles: image, needs: ["width", "height"], deep: false, summary: "size against width x height, by mode (max, min, exact)", check: imageDimensions),
        "image.aspect": Definition(roles: image, needs: ["allowed"], deep: false, summary: "width:height is one of allowed (within 1%)", check: imageAspect),
    ]

    /// The rule ids a profile may use, sorted.
    public static var known: [String] { catalogue.keys.sorted() }

    public static func summary(of rule: String) -> String? { catalogue[rule]?.summary }

    /// Whether any of these rules needs a packet scan.
    public static func needsDeep(_ specs: [RuleSpec]) -> Bool { specs.contains { catalogue[$0.rule]?.deep == true } }

    /// Checks that a spec names a known rule, for a role it fits, with the parameters it needs.
    static func check(_ spec: RuleSpec, role: Role, path: String) throws {
        guard let definition = catalogue[spec.rule] else {
            let hint = Spelling.closest(to: spec.rule, among: known).map { "; did you mean '\($0)'?" } ?? ""
            throw ProfileError(field: "\(path).rule", problem: "unknown rule '\(spec.rule)'\(hint)")
        }
        guard definition.roles.contains(role) else {
            throw ProfileError(field: "\(path).rule", problem: "'\(spec.rule)' does not apply to a \(role.label)")
        }
        for parameter in definition.needs {
            let present: Bool
            switch parameter {
            case "allowed": present = spec.allowed != nil
            case "min": present = spec.min != nil
            case "max": present = spec.max != nil
            case "width": present = spec.width != nil
            default: present = spec.height != nil
            }
            if !present { throw ProfileError(field: "\(path).\(parameter)", problem: "\(spec.rule) needs '\(parameter)'") }
        }
        if let mode = spec.mode, !["max", "min", "exact"].contains(mode) {
            throw ProfileError(field: "\(path).mode", problem: "'\(mode)' must be max, min or exact")
        }
        if let min = spec.min, let max = spec.max, min > max {
            throw ProfileError(field: "\(path).min", problem: "min \(min) is above max \(max)")
        }
    }

    // MARK: - Evaluation

    /// Evaluates `profile` on one probed file in `role`. `strict` makes warnings errors.
    public static func evaluate(_ report: ProbeReport, role: Role, profile: TargetProfile, strict: Bool) -> TargetVerdict {
        var findings: [Finding] = []
        func add(_ finding: Finding) {
            var finding = finding
            if strict, finding.severity == .warning { finding.severity = .error }
            findings.append(finding)
        }
        let subject = Subject(report)
        if let failure = report.failure {
            add(Finding(rule: "media.unreadable", severity: .error, message: "cannot read the file: \(failure.message)",
                        actual: .string(failure.code.rawValue), source: "reelshare"))
            return TargetVerdict(target: profile.id, findings: findings)
        }
        if let problem = kindProblem(report, role: role) {
            add(Finding(rule: "media.kind", severity: .error, message: problem, actual: .string(report.kind.rawValue),
                        limit: .string(role.rawValue), source: "reelshare"))
            return TargetVerdict(target: profile.id, findings: findings)
        }
        guard let specs = profile.roles[role] else {
            let accepted = Role.allCases.filter(profile.accepts).map(\.label).joined(separator: ", ")
            add(Finding(rule: "media.role", severity: .error,
                        message: "\(profile.id) takes no \(role.label) (it takes: \(accepted.isEmpty ? "nothing" : accepted))",
                        actual: .string(role.rawValue), limit: .array(Role.allCases.filter(profile.accepts).map { .string($0.rawValue) }),
                        source: profile.ios?.source ?? profile.summary))
            return TargetVerdict(target: profile.id, findings: findings)
        }
        for spec in specs {
            guard let definition = catalogue[spec.rule] else { continue }
            switch definition.check(spec, subject) {
            case .pass:
                continue
            case .fail(let message, let actual, let limit, let fix):
                var finding = Finding(rule: spec.rule, severity: spec.severity,
                                      message: spec.note.map { "\(message) (\($0))" } ?? message,
                                      actual: actual, limit: limit, source: spec.source,
                                      fix: fix.map { FixHint.render($0, for: subject) })
                finding.remedy = fix
                add(finding)
            case .unknown(let why):
                add(Finding(rule: spec.rule, severity: .warning, message: "cannot check: \(why)", source: spec.source))
            }
        }
        var remedies = findings.filter { $0.severity != .info }.compactMap(\.remedy)
        // A rewritten MP4 gets an edit list by default: keep it out where the target forbids one.
        if !remedies.isEmpty, specs.contains(where: { $0.rule == "video.edit-list" }), subject.av != nil {
            remedies.append(.video([.dropEditList]))
        }
        let combined = remedies.count > 1 ? FixHint.combined(remedies, for: subject) : nil
        return TargetVerdict(target: profile.id, findings: findings, fix: combined ?? findings.lazy.compactMap(\.fix).first)
    }

    /// A file of the wrong kind for its role: an audio-only file, a video given as a sticker...
    static func kindProblem(_ report: ProbeReport, role: Role) -> String? {
        switch (report.kind, role) {
        case (.video, .backgroundVideo), (.image, .backgroundImage), (.image, .sticker): return nil
        case (.audio, _): return "an audio-only file: share targets take video or images"
        case (.video, _): return "a video cannot be a \(role.label)"
        case (.image, .backgroundVideo): return "an image cannot be a background video"
        default: return "not a video or an image"
        }
    }

    // MARK: - Checks

    static func fileSize(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let size = s.report.sizeBytes else { return .unknown("file size unknown") }
        let max = spec.max!
        guard Double(size) > max else { return .pass }
        var fix: Fix?
        if let media = s.av, let duration = media.durationSeconds, duration > 0 {
            // Aim at 90% of the limit, leaving 128 kb/s for audio.
            let kbps = Int((max * 8 * 0.9 / duration - 128_000) / 1000)
            if kbps > 100 { fix = .video([.h264(bitRateCap(kbps)), .aac(["-b:a", "128k"])]) }
        }
        return .fail("\(Describe.bytes(Double(size))) is over the \(Describe.bytes(max)) limit",
                     actual: .int(size), limit: .double(max), fix: fix)
    }

    static func truncated(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let media = s.av else { return .pass }
        return media.truncated
            ? .fail("the file is cut short: media data its index points at is missing (an interrupted upload or copy?)",
                    actual: .bool(true), limit: .bool(false), fix: nil)
            : .pass
    }

    static func container(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let media = s.av else { return .unknown("no container") }
        let allowed = spec.allowed!
        guard !allowed.contains(media.container) else { return .pass }
        // H.264/H.265 video is fine as it is: rewrap it (the audio becomes AAC).
        let fix: Fix = ["h264", "hevc"].contains(media.video?.codec ?? "") ? .video([.rewrap]) : .video([.h264([])])
        return .fail("container \(media.container) is not accepted (accepted: \(allowed.joined(separator: ", ")))",
                     actual: .string(media.container), limit: .array(allowed.map(JSON.string)), fix: fix)
    }

    static func videoCodec(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let codec = s.av?.video?.codec else { return .unknown("video codec unknown") }
        let allowed = spec.allowed!
        guard !allowed.contains(codec) else { return .pass }
        return .fail("video codec \(Describe.codec(codec)) is not accepted (accepted: \(allowed.map(Describe.codec).joined(separator: ", ")))",
                     actual: .string(codec), limit: .array(allowed.map(JSON.string)), fix: .video([.h264([])]))
    }

    static func durationMin(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let duration = s.av?.durationSeconds else { return .unknown("duration unknown") }
        let min = spec.min!
        guard duration < min - 0.0005 else { return .pass }
        return .fail("\(Describe.seconds(duration, against: min)) is shorter than the \(Describe.number(min)) s minimum",
                     actual: .double(duration), limit: .double(min), fix: .video([.loop(min)]))
    }

    static func durationMax(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let duration = s.av?.durationSeconds else { return .unknown("duration unknown") }
        let max = spec.max!
        guard duration > max + 0.0005 else { return .pass }
        return .fail("\(Describe.seconds(duration, against: max)) is longer than the \(Describe.number(max)) s limit",
                     actual: .double(duration), limit: .double(max), fix: .video([.trim(max)]))
    }

    static func resolution(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let video = s.av?.video, let width = video.displayWidth, let height = video.displayHeight else {
            return .unknown("video size unknown")
        }
        let short = Swift.min(width, height)
        if let max = spec.max, Double(short) > max {
            let side = Int(max)
            let scale = width <= height ? "scale=\(side):-2" : "scale=-2:\(side)"
            return .fail("\(width)x\(height) is above \(side)p", actual: .string("\(width)x\(height)"),
                         limit: .double(max), fix: .video([.filter(scale)]))
        }
        if let min = spec.min, Double(short) < min {
            return .fail("\(width)x\(height) is below the \(Int(min))p minimum", actual: .string("\(width)x\(height)"),
                         limit: .double(min), fix: nil)
        }
        return .pass
    }

    static func videoWidth(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let width = s.av?.video?.displayWidth else { return .unknown("video width unknown") }
        let max = spec.max!
        guard Double(width) > max else { return .pass }
        return .fail("\(width) px wide is over the \(Int(max)) px limit", actual: .int(width), limit: .double(max),
                     fix: .video([.filter("scale=\(Int(max)):-2")]))
    }

    static func videoAspect(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let video = s.av?.video, let width = video.displayWidth, let height = video.displayHeight, height > 0 else {
            return .unknown("video size unknown")
        }
        let ratio = Double(width) / Double(height)
        if let min = spec.min, ratio < min - 1e-9 {
            return .fail("aspect ratio \(Describe.number(ratio)) (\(width)x\(height)) is below \(Describe.number(min))",
                         actual: .double(ratio), limit: .double(min), fix: nil)
        }
        if let max = spec.max, ratio > max + 1e-9 {
            return .fail("aspect ratio \(Describe.number(ratio)) (\(width)x\(height)) is above \(Describe.number(max))",
                         actual: .double(ratio), limit: .double(max), fix: nil)
        }
        return .pass
    }

    static func frameRate(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let fps = s.av?.video?.frameRate else { return .unknown("frame rate unknown") }
        if let min = spec.min, fps < min - 0.01 {
            return .fail("\(Describe.number(fps)) fps is below the \(Describe.number(min)) fps minimum",
                         actual: .double(fps), limit: .double(min), fix: .video([.filter("fps=\(Describe.number(min))")]))
        }
        if let max = spec.max, fps > max + 0.01 {
            return .fail("\(Describe.number(fps)) fps is above the \(Describe.number(max)) fps limit",
                         actual: .double(fps), limit: .double(max), fix: .video([.filter("fps=\(Describe.number(max))")]))
        }
        return .pass
    }

    static func constantFrameRate(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        guard deep.variableFrameRate else { return .pass }
        let fps = s.av?.video?.frameRate.map { Describe.number($0.rounded()) } ?? "30"
        return .fail("the frame rate varies", actual: .bool(true), limit: .bool(false),
                     fix: .video([.filter("fps=\(fps)")]))
    }

    static func videoBitRate(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let media = s.av, let rate = media.video?.bitRate ?? media.bitRate else { return .unknown("bit rate unknown") }
        let max = spec.max!
        guard Double(rate) > max else { return .pass }
        let kbps = Int(max * 0.9 / 1000)
        return .fail("video bit rate \(Describe.bitRate(Double(rate))) is over the \(Describe.bitRate(max)) limit",
                     actual: .int(rate), limit: .double(max),
                     fix: .video([.h264(bitRateCap(kbps))]))
    }

    static func fastStart(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let media = s.av else { return .pass }
        guard let fast = media.fastStart else {
            return .fail("\(media.container) has no MP4/MOV index to move to the front", actual: .string(media.container),
                         limit: .bool(true), fix: .video([.rewrap]))
        }
        return fast ? .pass : .fail("the index (moov) comes after the media data", actual: .bool(false), limit: .bool(true),
                                    fix: .video([.fastStart]))
    }

    static func editList(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard s.av?.editList == true else { return .pass }
        return .fail("a track has an edit list", actual: .bool(true), limit: .bool(false),
                     fix: .video([.dropEditList]))
    }

    static func keyframeInterval(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        let interval = deep.maxKeyframeIntervalSeconds
        let target = spec.max.map { Swift.max(1, ($0 * 0.8).rounded(.down)) } ?? 2
        let fix = Fix.video([.h264(["-force_key_frames", "expr:gte(t,n_forced*\(Describe.number(target)))", "-x264-params", "open-gop=0"])])
        if let max = spec.max, interval > max + 0.001 {
            return .fail("keyframes \(Describe.number(interval)) s apart, over the \(Describe.number(max)) s limit",
                         actual: .double(interval), limit: .double(max), fix: fix)
        }
        if let min = spec.min, interval < min - 0.001, deep.keyframes > 1 {
            return .fail("keyframes \(Describe.number(interval)) s apart, under the \(Describe.number(min)) s minimum",
                         actual: .double(interval), limit: .double(min), fix: fix)
        }
        return .pass
    }

    static func chroma(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let format = s.av?.video?.pixelFormat else { return .unknown("pixel format unknown") }
        let subsampling = Describe.chroma(format)
        let allowed = spec.allowed!
        guard !allowed.contains(subsampling) else { return .pass }
        return .fail("chroma \(subsampling) (\(format)) is not accepted (accepted: \(allowed.joined(separator: ", ")))",
                     actual: .string(subsampling), limit: .array(allowed.map(JSON.string)), fix: .video([.h264([])]))
    }

    static func decodes(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let deep = s.av?.deep else { return .unknown("needs a packet scan (--deep)") }
        return deep.firstFrameDecodes ? .pass : .fail("the first video frame does not decode", actual: .bool(false),
                                                      limit: .bool(true), fix: nil)
    }

    static func audioCodec(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let codec = audio.codec else { return .unknown("audio codec unknown") }
        let allowed = spec.allowed!
        guard !allowed.contains(codec) else { return .pass }
        return .fail("audio codec \(codec) is not accepted (accepted: \(allowed.joined(separator: ", ")))",
                     actual: .string(codec), limit: .array(allowed.map(JSON.string)), fix: .video([.aac(["-b:a", "128k"])]))
    }

    static func sampleRate(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let rate = audio.sampleRate else { return .unknown("sample rate unknown") }
        if let max = spec.max, Double(rate) > max {
            return .fail("\(rate) Hz is above \(Int(max)) Hz", actual: .int(rate), limit: .double(max),
                         fix: .video([.aac(["-ar", "\(Int(max))"])]))
        }
        if let min = spec.min, Double(rate) < min {
            return .fail("\(rate) Hz is below \(Int(min)) Hz", actual: .int(rate), limit: .double(min),
                         fix: .video([.aac(["-ar", "\(Int(min))"])]))
        }
        return .pass
    }

    static func channels(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let count = audio.channels else { return .unknown("channel count unknown") }
        if let max = spec.max, Double(count) > max {
            return .fail("\(count) audio channels, more than \(Int(max))", actual: .int(count), limit: .double(max),
                         fix: .video([.aac(["-ac", "\(Int(max))"])]))
        }
        if let min = spec.min, Double(count) < min {
            return .fail("\(count) audio channel\(count == 1 ? "" : "s"), fewer than \(Int(min))", actual: .int(count),
                         limit: .double(min), fix: .video([.aac(["-ac", "\(Int(min))"])]))
        }
        return .pass
    }

    static func audioBitRate(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let rate = audio.bitRate else { return .unknown("audio bit rate unknown") }
        if let max = spec.max, Double(rate) > max * 1.05 {
            return .fail("audio bit rate \(Describe.bitRate(Double(rate))) is over \(Describe.bitRate(max))",
                         actual: .int(rate), limit: .double(max), fix: .video([.aac(["-b:a", "\(Int(max / 1000))k"])]))
        }
        // Encoders land a few percent under their target: 124 kb/s from "-b:a 128k" is fine. No fix:
        // AAC spends fewer bits on simple sound whatever rate it is asked for.
        if let min = spec.min, Double(rate) < min * 0.9 {
            return .fail("audio bit rate \(Describe.bitRate(Double(rate))) is under \(Describe.bitRate(min))",
                         actual: .int(rate), limit: .double(min), fix: nil)
        }
        return .pass
    }

    static func imageFormat(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let image = s.image else { return .unknown("not an image") }
        let allowed = spec.allowed!
        guard !allowed.contains(image.format) else { return .pass }
        return .fail("\(image.format.uppercased()) is not accepted (accepted: \(allowed.map { $0.uppercased() }.joined(separator: ", ")))",
                     actual: .string(image.format), limit: .array(allowed.map(JSON.string)), fix: FixHint.toPNG(s, image: image))
    }

    static func imageDimensions(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let image = s.image, let width = image.width, let height = image.height else { return .unknown("image size unknown") }
        let w = spec.width!, h = spec.height!
        let size = "\(width)x\(height)", limit = "\(w)x\(h)"
        switch spec.mode ?? "max" {
        case "min":
            guard width < w || height < h else { return .pass }
            return .fail("\(size) is smaller than \(limit)", actual: .string(size), limit: .string(limit), fix: nil)
        case "exact":
            guard width != w || height != h else { return .pass }
            return .fail("\(size) is not \(limit)", actual: .string(size), limit: .string(limit), fix: nil)
        default:
            guard width > w || height > h else { return .pass }
            return .fail("\(size) is larger than the recommended \(limit)", actual: .string(size), limit: .string(limit),
                         fix: FixHint.shrink(s, width: w, height: h))
        }
    }

    static func imageAspect(_ spec: RuleSpec, _ s: Subject) -> Outcome {
        guard let image = s.image, let width = image.width, let height = image.height, width > 0, height > 0 else {
            return .unknown("image size unknown")
        }
        let ratio = Double(width) / Double(height)
        let allowed = spec.allowed!
        let matches = allowed.contains { text in
            let parts = text.split(separator: ":").compactMap { Double($0) }
            guard parts.count == 2, parts[1] > 0 else { return false }
            return abs(ratio - parts[0] / parts[1]) <= 0.01 * parts[0] / parts[1]
        }
        guard !matches else { return .pass }
        return .fail("\(width)x\(height) is not \(allowed.joined(separator: " or "))", actual: .double(ratio),
                     limit: .array(allowed.map(JSON.string)), fix: nil)
    }

    /// x264 arguments that hold the video bit rate near `kbps`.
    static func bitRateCap(_ kbps: Int) -> [String] {
        ["-b:v", "\(kbps)k", "-maxrate", "\(kbps)k", "-bufsize", "\(kbps * 2)k"]
    }
}
