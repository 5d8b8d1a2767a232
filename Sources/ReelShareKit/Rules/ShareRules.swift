// Evaluating a target on one file: the share-level checks that come before any profile rule (the
// file reads, is the right kind for its role, the target takes that role on the platforms asked),
// then each of the role's rules, then the target's advisories. The fix of the verdict is
// FixPlanner's to assemble.

public enum Rules {
    /// Whether any of these rules needs a packet scan.
    public static func needsPacketScan(_ specs: [RuleSpec]) -> Bool { specs.contains { $0.rule.needsPacketScan } }

    /// Evaluates `profile` on one probed file in `role`, for sharing on `platforms` (a limit of one
    /// platform only holds there). `strict` makes warnings errors; info (advisories) stays info.
    /// `keyframes` (the video's keyframe times, when known) lets a trim cut by copying packets.
    public static func evaluate(
        _ report: ProbeReport, role: Role, profile: TargetProfile, strict: Bool,
        platforms: Set<Platform> = Set(Platform.allCases),
        keyframes: [Double]? = nil
    ) -> TargetVerdict {
        // The platform asked for is told to reelshare's own fix, which then plans the same.
        let platformAsked = platforms.count == 1 ? platforms.first.map { ["--platform", $0.rawValue] } ?? [] : []
        // A target shared to from one platform only (ig-feed: Android) is held to that one's
        // limits; asked only for the other, it says it takes nothing there.
        let own = platforms.intersection(profile.platforms)
        let platforms = own.isEmpty ? platforms : own
        var findings: [Finding] = []
        func add(_ finding: Finding) {
            var finding = finding
            if strict, finding.severity == .warning { finding.severity = .error }
            findings.append(finding)
        }
        var subject = Subject(report, target: profile.id)
        // An image's role is told (a video plays as a video whatever it is told).
        let told = subject.image != nil ? role.fixName.map { ["--as", $0] } ?? [] : []
        subject.fixOptions = told + platformAsked + (strict ? ["--strict"] : [])
        if let stop = shareFindings(report, role: role, profile: profile, platforms: platforms) {
            stop.findings.forEach(add)
            if stop.final {
                // The rules cannot be checked; what comes before them may still have a fix (an
                // animated image made a video).
                let plan = FixPlanner.plan(findings, rules: [], for: subject, keyframes: nil)
                return verdict(profile.id, findings, plan, subject)
            }
        }
        let applicable = (profile.roles[role] ?? []).filter { $0.applies(to: platforms) }
        // An audio file's clip: its picture is made to pass; the sound, the length and the
        // file's integrity are the file's own.
        let checked =
            report.kind == .audio
            ? applicable.filter {
                [.videoDurationMin, .videoDurationMax, .fileTruncated].contains($0.rule) || $0.rule.family == "audio"
            }
            : applicable
        let outcomes = checked.map { ($0, $0.check.check(subject)) }
        // A stream whose codec fails is re-encoded by the fix, which sets what the other rules of
        // that stream ask: what could not be checked on it does not matter, and is not said.
        let reencoded = Set(
            outcomes.compactMap { spec, outcome -> String? in
                guard case .fail = outcome, [.videoCodec, .audioCodec].contains(spec.rule) else { return nil }
                return spec.rule.family
            })
        for (spec, outcome) in outcomes {
            if case .unknown = outcome, reencoded.contains(spec.rule.family) { continue }
            if let finding = finding(spec, outcome, subject) { add(finding) }
        }
        if let others = subject.av?.otherStreams, !others.isEmpty {
            add(
                Finding(
                    .mediaStreams, severity: .warning,
                    message:
                        "\(others.map(\.description).joined(separator: ", ")) \(others.count == 1 ? "is" : "are") of a codec FFmpeg does not know: left out of this check, and an app may not play \(others.count == 1 ? "it" : "them")",
                    actual: .array(others.map { .int($0.index) }), source: "reelshare"))
        }
        if let image = subject.image, image.colorProfileIgnored == true {
            add(
                Finding(
                    .imageColorProfile, severity: .warning,
                    message:
                        "its colour profile (iCCP) is invalid and decoders ignore it: the picture shows in sRGB, not in the colours its profile says",
                    source:
                        "W3C, Portable Network Graphics (PNG) Specification (Third Edition), www.w3.org/TR/png-3/, iCCP: compression method 0 (zlib) is the only one defined"
                ))
        }
        findings += Advisories.applicable(profile.advisories, to: .file(role: role, media: subject.av), platforms: platforms)
        let plan = FixPlanner.plan(findings, rules: applicable, for: subject, keyframes: keyframes)
        return verdict(profile.id, findings, plan, subject)
    }

    /// The verdict with its plan's commands: the printed one, and reelshare's own.
    private static func verdict(_ target: String, _ findings: [Finding], _ plan: FixPlan?, _ subject: Subject)
        -> TargetVerdict
    {
        var verdict = TargetVerdict(target: target, findings: findings, fix: plan?.command, plan: plan)
        // A fix that would pass the memory bound is told the memory it needs, so the command runs as printed.
        var options = subject.fixOptions
        if case .video(let video)? = plan, let media = subject.av {
            let memory = FixMemory(video, media: media)
            if memory.total > FixMemory.defaultBound { options += ["--max-memory", String(memory.suggestedMebibytes)] }
        }
        verdict.reelshareFix = plan?.reelshareCommand(target: target, options: options, input: subject.report.path)
        return verdict
    }

    /// The finding of one rule's `outcome` on one file, if it has something to say.
    static func finding(_ spec: RuleSpec, _ outcome: Outcome, _ subject: Subject) -> Finding? {
        var finding: Finding
        switch outcome {
        case .pass:
            return nil
        case .fail(let message, let actual, let limit, let fix):
            finding = Finding(
                rule: .profile(spec.rule), severity: spec.severity, message: spec.note.map { "\(message) (\($0))" } ?? message,
                actual: actual, limit: limit, source: spec.source, fix: fix.map { FixHint.plan($0, for: subject).command })
            finding.remedy = fix
        case .tolerated(let message, let actual, let limit, let fix, let tolerance):
            finding = Finding(
                rule: .profile(spec.rule), severity: min(spec.severity, .warning), message: "\(message) (\(tolerance.note))",
                actual: actual, limit: limit, source: tolerance.source, fix: fix.map { FixHint.plan($0, for: subject).command })
            finding.remedy = fix
        case .unknown(let why):
            finding = Finding(rule: .profile(spec.rule), severity: .warning, message: "cannot check: \(why)", source: spec.source)
        }
        finding.platforms = spec.platforms
        if spec.platforms.count == 1, let only = spec.platforms.first {
            finding.message = "\(only.label): \(finding.message)"
        }
        return finding
    }

    /// What comes before a profile's rules: a file that does not read (media.unreadable), of the
    /// wrong kind for its role (media.kind), or in a role the target does not take on a platform
    /// asked (media.role). `final`: the rules cannot be checked at all.
    static func shareFindings(_ report: ProbeReport, role: Role, profile: TargetProfile, platforms: Set<Platform>)
        -> (findings: [Finding], final: Bool)?
    {
        if let failure = report.failure {
            let finding = Finding(
                .mediaUnreadable, severity: .error, message: "cannot read the file: \(failure.message)",
                actual: .string(failure.code.rawValue), source: "reelshare")
            return ([finding], true)
        }
        if let problem = kindProblem(report, role: role) {
            var finding = Finding(
                .mediaKind, severity: .error, message: problem, actual: .string(report.kind.rawValue),
                limit: .string(role.rawValue), source: "reelshare")
            // An audio file is made a clip of its sound over its cover art, or a black frame: the
            // rules of its sound and length still hold, and their fixes go into the same plan.
            if case .av(let media) = report.content, report.kind == .audio, role == .backgroundVideo {
                let cover = media.streams.first { $0.coverArt && $0.kind == .video }
                let remedy = Fix.video([.still(cover.map { .coverArt(stream: $0.index) } ?? .plain)])
                finding.remedy = remedy
                finding.fix = FixHint.plan(remedy, for: Subject(report, target: profile.id)).command
                return ([finding], false)
            }
            // An animated image in the video role is made an H.264 clip (even sides for 4:2:0).
            if case .image(let image) = report.content, role == .backgroundVideo, (image.frameCount ?? 1) > 1 {
                let remedy = Fix.video([.filter(.evenSides), .encode(EncodeSettings())])
                finding.remedy = remedy
                finding.fix = FixHint.plan(remedy, for: Subject(report, target: profile.id)).command
            }
            return ([finding], true)
        }
        guard profile.roles[role] != nil else {
            let accepted = profile.acceptedRoles
            let taken = accepted.isEmpty ? "nothing" : accepted.map(\.label).joined(separator: ", ")
            let finding = Finding(
                .mediaRole, severity: .error, message: "\(profile.id) takes no \(role.label) (it takes: \(taken))",
                actual: .string(role.rawValue), limit: .array(accepted.map { .string($0.rawValue) }),
                source: profile.ios?.source ?? profile.android?.source ?? profile.summary)
            return ([finding], true)
        }
        // A share target may take a layer on one platform only (Instagram Reels takes images on
        // Android): the other platform's verdict is an error that says where it is taken.
        guard profile.purpose == .share else { return nil }
        let missing = Platform.allCases.filter { platforms.contains($0) && !profile.takes(role, on: $0) }
        guard !missing.isEmpty else { return nil }
        let takers = Platform.allCases.filter { profile.takes(role, on: $0) }
        let elsewhere =
            takers.isEmpty
            ? ""
            : "; on \(takers.map(\.label).joined(separator: " and ")) it does (--platform \(takers.map(\.rawValue).joined(separator: ",")))"
        var finding = Finding(
            .mediaRole, severity: .error,
            message: "\(missing.map(\.label).joined(separator: " and ")): \(profile.id) takes no \(role.label) there\(elsewhere)",
            actual: .string(role.rawValue),
            source: (missing.contains(.ios) ? profile.ios?.source : nil) ?? profile.android?.source ?? profile.summary)
        finding.platforms = missing
        return ([finding], takers.allSatisfy { !platforms.contains($0) })
    }

    /// A file of the wrong kind for its role: an audio-only file, a video given as a sticker...
    static func kindProblem(_ report: ProbeReport, role: Role) -> String? {
        switch (report.kind, role) {
        case (.video, .backgroundVideo), (.image, .backgroundImage), (.image, .sticker): return nil
        case (.audio, .backgroundVideo):
            return
                "an audio-only file: a video target needs a picture; fix makes a clip of its sound over its cover art, or a black frame (fix --still IMAGE chooses the picture)"
        case (.audio, _): return "an audio-only file cannot be a \(role.label)"
        case (.video, _): return "a video cannot be a \(role.label)"
        case (.image, .backgroundVideo):
            guard case .image(let image) = report.content, let frames = image.frameCount, frames > 1 else {
                return "a still image cannot be a background video"
            }
            return
                "an animated \(image.format.rawValue.uppercased()) of \(frames) frames is an image, not a video: fix --as video makes it an MP4 clip"
        case (.unknown, _): return "not a video or an image"
        }
    }
}
