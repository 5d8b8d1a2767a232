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
        var findings: [Finding] = []
        func add(_ finding: Finding) {
            var finding = finding
            if strict, finding.severity == .warning { finding.severity = .error }
            findings.append(finding)
        }
        let subject = Subject(report)
        if let stop = shareFindings(report, role: role, profile: profile, platforms: platforms) {
            stop.findings.forEach(add)
            if stop.final { return TargetVerdict(target: profile.id, findings: findings) }
        }
        let applicable = (profile.roles[role] ?? []).filter { $0.applies(to: platforms) }
        for spec in applicable {
            if let finding = finding(spec, subject) { add(finding) }
        }
        findings += Advisories.applicable(profile.advisories, to: .file(role: role, media: subject.av), platforms: platforms)
        let plan = FixPlanner.plan(findings, rules: applicable, for: subject, keyframes: keyframes)
        return TargetVerdict(target: profile.id, findings: findings, fix: plan?.command, plan: plan)
    }

    /// The finding of one rule on one file, if it has something to say.
    static func finding(_ spec: RuleSpec, _ subject: Subject) -> Finding? {
        var finding: Finding
        switch spec.check.check(subject) {
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
            let finding = Finding(
                .mediaKind, severity: .error, message: problem, actual: .string(report.kind.rawValue),
                limit: .string(role.rawValue), source: "reelshare")
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
        case (.audio, _): return "an audio-only file: share targets take video or images"
        case (.video, _): return "a video cannot be a \(role.label)"
        case (.image, .backgroundVideo): return "an image cannot be a background video"
        case (.unknown, _): return "not a video or an image"
        }
    }
}
