// The rules about the file as a whole.

/// file.size: the file in bytes at most max.
struct FileSize: Rule {
    static let id = RuleID.fileSize
    static let roles = Role.all
    static let summary = "file size in bytes at most max"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.max, true)]
    let max: Double

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { max = limits.max ?? 0 }
    var limits: [String: JSON] { ["max": .number(max)] }
    var limitsText: String { "max \(Units.bytes(max))" }

    func check(_ s: Subject) -> Outcome {
        guard let size = s.report.sizeBytes else { return .unknown("file size unknown") }
        guard Double(size) > max else { return .pass }
        var fix: Fix?
        if let media = s.av, let duration = media.durationSeconds, duration > 0 {
            if let streams = Remedies.streamBytes(media, seconds: duration), streams < max * 0.9 {
                // The file is mostly something else (tracks a share drops, cover art, attachments,
                // bytes after the media): copying the two streams that are shared is enough.
                fix = Remedies.rewrap(media.video?.codecID)
            }
            // Aim at 90% of the limit, leaving 128 kb/s for audio. A rate no encoder would be held
            // to (a long file that says it lasts a millisecond) is no fix: the size is not its rate.
            let kbps = (max * 8 * 0.9 / duration - 128_000) / 1000
            if fix == nil, kbps > 100, kbps <= Remedies.maxVideoKbps {
                fix = .video([
                    .encode(Remedies.bitRateCap(Int(kbps), seconds: duration)), .audio(AudioSettings(bitRateKbps: 128)),
                ])
            }
        }
        return .fail(
            "\(Units.bytes(Double(size))) is over the \(Units.bytes(max)) limit",
            actual: .int(size), limit: .double(max), fix: fix)
    }
}

/// file.truncated: all indexed media data is present.
struct FileTruncated: Requirement {
    static let id = RuleID.fileTruncated
    static let summary = "all indexed media data is present"

    func check(_ s: Subject) -> Outcome {
        guard let media = s.av else { return .pass }
        return media.truncated
            ? .fail(
                "the file is cut short: media data its index points at is missing (an interrupted upload or copy?)",
                actual: .bool(true), limit: .bool(false), fix: nil)
            : .pass
    }
}
