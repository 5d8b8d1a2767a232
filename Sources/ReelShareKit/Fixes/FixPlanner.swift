// The fix of a verdict: the changes its findings ask for, merged into one plan.

public enum FixPlanner {
    /// The errors no fix can answer, so that `fix` stops before any work: an error of a rule that
    /// offers no fix (a resolution below the minimum, a first frame that does not decode), unless
    /// its stream is re-encoded anyway because its codec fails and the re-encode sets what the rule
    /// asks (an audio bit rate under the minimum: the encoder is asked for the profile's). A
    /// re-encode does not make a 640x360 clip 540p: that stays unfixable, and --dry-run says so.
    public static func unfixable(_ findings: [Finding]) -> [Finding] {
        let errors = findings.filter { $0.severity == .error }
        let reencoded = Set(
            errors.compactMap { finding -> String? in
                guard case .profile(let id) = finding.rule, id == .videoCodec || id == .audioCodec else { return nil }
                return id.family
            })
        return errors.filter { finding in
            guard finding.remedy == nil else { return false }
            if case .profile(let id) = finding.rule, reencoded.contains(id.family), id.isSetByReencode { return false }
            return true
        }
    }

    /// One plan for `findings` of the target's applicable `rules` on `subject`. It answers the
    /// errors, and only them: a warning's remedy (a re-encode, often) is not worth paying for what
    /// the target takes anyway; --strict makes warnings errors. A file with warnings only gets
    /// their plan, for validate's hint. An error no fix answers means no plan at all: a printed
    /// command exists exactly when `fix` makes a file (one decider, not two).
    static func plan(_ findings: [Finding], rules: [RuleSpec], for subject: Subject, keyframes: [Double]?) -> FixPlan? {
        guard unfixable(findings).isEmpty else { return nil }
        let errors = findings.filter { $0.severity == .error }
        var remedies = (errors.isEmpty ? findings.filter { $0.severity == .warning } : errors).compactMap(\.remedy)
        // A rewritten MP4 gets an edit list by default: keep it out where the target forbids one.
        if !remedies.isEmpty, rules.contains(where: { $0.rule == .videoEditList }), subject.av != nil {
            remedies.append(.video([.dropEditList]))
        }
        // A re-encode puts keyframes where the encoder likes: hold them to the target's interval.
        let reencodes = remedies.contains { fix in
            if case .video(let changes) = fix { return changes.contains(where: \.reencodesVideo) }
            return false
        }
        if reencodes {
            for rule in rules.compactMap({ $0.check as? VideoKeyframeInterval }) { remedies.append(.video([rule.remedy])) }
        }
        return remedies.count > 1
            ? FixHint.combined(remedies, for: subject, keyframes: keyframes)
            : remedies.first.map { FixHint.plan($0, for: subject, keyframes: keyframes) }
    }
}
