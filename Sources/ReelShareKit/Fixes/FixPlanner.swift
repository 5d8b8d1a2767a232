// The fix of a verdict: the changes its findings ask for, merged into one plan.

enum FixPlanner {
    /// One plan for `findings` of the target's applicable `rules` on `subject`. It answers the
    /// errors, and only them: a warning's remedy (a re-encode, often) is not worth paying for what
    /// the target takes anyway; --strict makes warnings errors. A file with warnings only gets
    /// their plan, for validate's hint.
    static func plan(_ findings: [Finding], rules: [RuleSpec], for subject: Subject, keyframes: [Double]?) -> FixPlan? {
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
