// The changes several rules' fixes are made of: a remux into the codec's container, an encoder
// held to a bit rate or a keyframe interval, a scale that keeps the shown shape, a frame rate
// comfortably inside a range.

enum Remedies {
    /// The remux that puts a stream-copied video in the container it belongs in.
    static func rewrap(_ codec: CodecID?) -> Fix? {
        switch codec {
        case .h264, .hevc: return .video([.rewrap])
        case .vp8, .vp9: return .video([.rewrapWebM])
        default: return nil
        }
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

    /// x264 arguments that hold the video bit rate near `kbps` (90% of a limit) over a clip of
    /// `seconds`. The rate-control buffer may burst the average by its size over the clip's length,
    /// so a short clip gets a small one: a tenth of a second per second of clip, two seconds at most.
    static func bitRateCap(_ kbps: Int, seconds: Double?) -> EncodeSettings {
        let kbps = Swift.min(kbps, Int(maxVideoKbps))
        let scaled = Double(kbps) * Swift.min(Swift.max(seconds ?? 20, 0), 20) / 10  // a clip's length is the file's word
        let buffer = Swift.max(kbps / 10, Swift.min(kbps * 2, Int(scaled)))
        return EncodeSettings(bitRateKbps: kbps, bufferKbps: buffer)
    }

    /// The highest video bit rate a fix asks an encoder for: 1 Gb/s, over any share target's limit.
    static let maxVideoKbps = 1_000_000.0

    /// Encoder arguments that put a keyframe comfortably inside the bounds' interval.
    static func keyframes(_ spec: Bounds) -> VideoChange {
        let target = spec.max.map { Swift.max(1, ($0 * 0.8).rounded(.down)) } ?? 2
        return .encode(EncodeSettings(keyframeSeconds: target))
    }

    /// A scale filter from the displayed `width`x`height` to `target` wide (or, `swapped`, high),
    /// the other side even and in proportion, with square pixels: FFmpeg's scale alone keeps the
    /// displayed shape by changing the pixel aspect, so a 2000x112 clip scaled to 1920 would still
    /// show 1929 wide.
    static func scaleFilter(_ width: Int, _ height: Int, toWidth target: Int, swapped: Bool = false) -> VideoFilter {
        let other = Swift.max(2, Int((Double(height) * Double(target) / Double(width) / 2).rounded()) * 2)
        return swapped ? .scale(width: other, height: target) : .scale(width: target, height: other)
    }

    /// The rate a clip of `source` fps is brought to: of the common rates inside the bounds, one
    /// that keeps every frame's share even (a whole multiple or fraction of the source: 100 to 50,
    /// 15 to 30) when one does, the nearest to the source among those (23.976 becomes 24, not 30:
    /// no frame repeated every fourth), else comfortableRate.
    static func nearestRate(_ bounds: Bounds, from source: Double) -> Double {
        let inside = [24.0, 25, 30, 48, 50, 60].filter { $0 >= (bounds.min ?? 0) && $0 <= (bounds.max ?? .infinity) }
        func even(_ rate: Double) -> Bool {
            let ratio = max(source, rate) / min(source, rate)
            return abs(ratio - ratio.rounded()) < 0.01
        }
        let candidates = inside.filter(even).isEmpty ? inside : inside.filter(even)
        return candidates.min { abs($0 - source) < abs($1 - source) } ?? comfortableRate(bounds)
    }

    /// A frame rate comfortably inside the bounds: a common one (30, 25, 24, 60) when one is, else
    /// the middle. (fps=23 on a 15 fps clip averages 22.77, still under 23.)
    static func comfortableRate(_ bounds: Bounds) -> Double {
        let low = (bounds.min ?? 0) + 0.5, high = (bounds.max ?? 1000) - 0.5
        if let common = [30.0, 25, 24, 60].first(where: { $0 >= low && $0 <= high }) { return common }
        let min = bounds.min ?? 1, max = bounds.max ?? min
        return ((min + max) / 2).rounded()
    }
}
