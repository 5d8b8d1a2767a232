// The rules about the audio stream. A clip without audio passes them all.

/// audio.codec: the audio codec is one of allowed (when there is audio).
struct AudioCodec: Rule {
    static let id = RuleID.audioCodec
    static let summary = "audio codec is one of allowed (when there is audio)"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.allowed, true)]
    let allowed: [String]

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { allowed = limits.allowed ?? [] }
    var limits: [String: JSON] { allowed.allowedJSON }
    var limitsText: String { allowed.joined(separator: ", ") }

    func check(_ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let codec = audio.codec else { return .unknown("audio codec unknown") }
        guard !allowed.contains(codec) else { return .pass }
        return .fail(
            "audio codec \(codec) is not accepted (accepted: \(allowed.joined(separator: ", ")))",
            actual: .string(codec), limit: .array(allowed.map(JSON.string)),
            fix: .video([.audio(AudioSettings(bitRateKbps: 128))]))
    }
}

/// audio.sample-rate: the sample rate between min and max Hz.
struct AudioSampleRate: BoundedRule {
    static let id = RuleID.audioSampleRate
    static let summary = "sample rate between min and max Hz"
    static func unit(_ value: Double) -> String { Units.number(value / 1000) + " kHz" }
    let bounds: Bounds

    func check(_ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let rate = audio.sampleRate else { return .unknown("sample rate unknown") }
        if let max = bounds.max, Double(rate) > max {
            return .fail(
                "\(rate) Hz is above \(Int(max)) Hz", actual: .int(rate), limit: .double(max),
                fix: .video([.audio(AudioSettings(sampleRate: Int(max)))]))
        }
        if let min = bounds.min, Double(rate) < min {
            return .fail(
                "\(rate) Hz is below \(Int(min)) Hz", actual: .int(rate), limit: .double(min),
                fix: .video([.audio(AudioSettings(sampleRate: Int(min)))]))
        }
        return .pass
    }
}

/// audio.channels: the channel count between min and max.
struct AudioChannels: BoundedRule {
    static let id = RuleID.audioChannels
    static let summary = "channel count between min and max"
    static func unit(_ value: Double) -> String { Units.number(value) + (value == 1 ? " channel" : " channels") }
    let bounds: Bounds

    func check(_ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let count = audio.channels else { return .unknown("channel count unknown") }
        if let max = bounds.max, Double(count) > max {
            return .fail(
                "\(count) audio channels, more than \(Int(max))", actual: .int(count), limit: .double(max),
                fix: .video([.audio(AudioSettings(channels: Int(max)))]))
        }
        if let min = bounds.min, Double(count) < min {
            return .fail(
                "\(count) audio channel\(count == 1 ? "" : "s"), fewer than \(Int(min))", actual: .int(count),
                limit: .double(min), fix: .video([.audio(AudioSettings(channels: Int(min)))]))
        }
        return .pass
    }
}

/// audio.bitrate: the audio bit rate between min and max bits/s.
struct AudioBitRate: BoundedRule {
    static let id = RuleID.audioBitRate
    static let summary = "audio bit rate between min and max bits/s"
    let bounds: Bounds
    static func unit(_ value: Double) -> String { Units.bitRate(value) }

    func check(_ s: Subject) -> Outcome {
        guard let audio = s.av?.audio else { return .pass }
        guard let rate = audio.bitRate else { return .unknown("audio bit rate unknown") }
        if let max = bounds.max, Double(rate) > max * (1 + Slack.audioBitRateOver) {
            return .fail(
                "audio bit rate \(Units.bitRate(Double(rate))) is over \(Units.bitRate(max))",
                actual: .int(rate), limit: .double(max), fix: .video([.audio(AudioSettings(bitRateKbps: Int(max / 1000)))]))
        }
        // No fix under the minimum: AAC spends fewer bits on simple sound whatever rate it is asked for.
        if let min = bounds.min, Double(rate) < min * (1 - Slack.audioBitRateUnder) {
            return .fail(
                "audio bit rate \(Units.bitRate(Double(rate))) is under \(Units.bitRate(min))",
                actual: .int(rate), limit: .double(min), fix: nil)
        }
        return .pass
    }
}
