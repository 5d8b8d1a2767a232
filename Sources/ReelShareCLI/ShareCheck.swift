// What `build` and `preview` do before they write anything: probe and validate each input for
// the one target and platform, report the findings (and the request's own) on standard error,
// judge the target's advisories on the whole share, and say whether to stop.
import ReelShareKit
import ReelShareMedia

struct ShareCheck {
    /// The probe of each input, in order.
    var reports: [ProbeReport] = []
    /// Every finding, for the document's "warnings" (errors too, under --force).
    var warnings: [BuildWarning] = []

    /// Probes and validates `inputs`, printing each finding to `stderr`, then the request's own
    /// findings and the advisories; throws when the share must stop: an input that cannot be
    /// read (whatever `force` says), a finding the target refuses, or a warning --strict made an
    /// error (unless `force`). `what` names what is not written ("nothing written").
    static func run(
        _ inputs: [(path: String, role: Role)], target: TargetProfile, platform: Platform, request findings: [Finding],
        contentURL: Bool, strict: Bool, force: Bool, options: ProbeOptions, stderr: Output, color: Bool
    ) throws(CLIError) -> ShareCheck {
        var check = ShareCheck()
        let prober = MediaProber(options: options)
        var blocked = false
        var failures: [ProbeFailureCode] = []
        var video: AVMedia?
        for input in inputs {
            let report = prober.probe(input.path)
            check.reports.append(report)
            let verdict = Rules.evaluate(report, role: input.role, profile: target, strict: strict, platforms: [platform])
            if input.role == .backgroundVideo, case .av(let media) = report.content, video == nil { video = media }
            // The target's advisories are judged once, on the whole share, below.
            for finding in verdict.findings where !finding.rule.isAdvisory {
                stderr.write(ValidationRenderer.line(input.path, finding, targets: [target.id], color: color))
                check.warnings.append(BuildWarning(path: input.path, finding: finding))
            }
            if let fix = verdict.fix, !verdict.accepted { stderr.write("  fix: \(fix)\n") }
            if !verdict.accepted { blocked = true }
            if let failure = report.failure { failures.append(failure.code) }
        }
        var strictOnly = false
        for var finding in findings {
            if strict, finding.severity == .warning { finding.severity = .error }
            stderr.write(ValidationRenderer.line("reelshare", finding, targets: [target.id], color: false))
            check.warnings.append(BuildWarning(path: nil, finding: finding))
            if finding.severity == .error, !blocked { strictOnly = true }
        }
        let share = AdvisoryContext.share(
            video: video, backgroundImage: inputs.contains { $0.role == .backgroundImage },
            sticker: inputs.contains { $0.role == .sticker }, contentURL: contentURL)
        for advisory in Advisories.applicable(target.advisories, to: share, platforms: [platform]) {
            stderr.write(ValidationRenderer.line("reelshare", advisory, targets: [target.id], color: false))
            check.warnings.append(BuildWarning(path: nil, finding: advisory))
        }
        // An input that cannot be read cannot be used, whatever --force says.
        if !failures.isEmpty { throw .media(failures, summary: "nothing written: an input cannot be read") }
        if blocked, !force {
            throw .rejected(summary: "nothing written: \(target.id) would not accept this (--force writes it anyway)")
        }
        if strictOnly, !force {
            throw .rejected(summary: "nothing written: --strict makes these warnings errors (--force writes it anyway)")
        }
        return check
    }

    /// The format a probe named: the container, the image format, or "unknown".
    static func format(_ report: ProbeReport) -> String {
        switch report.content {
        case .av(let media): return media.container
        case .image(let image): return image.format.rawValue
        case .failure: return "unknown"
        }
    }

    /// The layers and colours a command line gives (build, preview), checked against the target
    /// on `platform`: the colours as the app will use them, with their findings.
    static func layers(
        inputs: [(path: String, role: Role)], topColor: String?, bottomColor: String?, target: TargetProfile,
        platform: Platform, profiles: ProfileSet
    ) throws(ShareRequestError) -> (colors: (top: String?, bottom: String?, findings: [Finding]), backgrounds: [Role]) {
        let top = try topColor.map { color throws(ShareRequestError) in
            try ShareRules.checkColor(color, option: PreviewCommand.Option.topColor.spelling)
        }
        let bottom = try bottomColor.map { color throws(ShareRequestError) in
            try ShareRules.checkColor(color, option: PreviewCommand.Option.bottomColor.spelling)
        }
        let backgrounds = inputs.map(\.role).filter { $0 != .sticker }
        try ShareRules.checkLayers(
            ShareRules.Layers(
                backgrounds: backgrounds, sticker: inputs.contains { $0.role == .sticker }, colors: top != nil || bottom != nil),
            target: target, platform: platform, shareTargets: profiles.shareTargets)
        return (ShareRules.colors(top: top, bottom: bottom, hasBackground: !backgrounds.isEmpty), backgrounds)
    }
}
