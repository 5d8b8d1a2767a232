// What a video fix will hold at its peak, told from its plan and the probe's facts before anything
// is decoded, so that `fix` can refuse a source it cannot re-encode within its memory bound
// (`--max-memory`, 200 MiB unless told) instead of passing it. The parts are what was measured to
// grow (Debian 12's FFmpeg 5.1 and libx264 164, peak resident memory):
// - the process with FFmpeg's libraries, the muxer and the audio coder: 66 MiB;
// - libx264 at the output's size: its frames and look-ahead (FFmpegJob.EncoderMemory);
// - the source's decoder: the pictures its bitstream declares it keeps, the one being decoded and
//   two waiting (a 4K 10-bit HEVC picture is 25 MB, an 8K one 100 MB: an 8K clip's decoding alone
//   held 930 MB), and its tables, 5 bytes a pixel for HEVC's and 2.5 for the others';
// - HDR tone-mapping: four pictures of 32-bit floats at the output's size (its filters' and zimg's);
// - an MP4's index, which FFmpeg reads whole when it opens the file: 28 bytes a packet held, and
//   while it is read 72 (a 10-hour audio file: 1.55 million packets, 41 MiB held, 102 at its open).
// Measured on 1080p to 8K sources (H.264 4:2:0, 4:2:2 and 4:4:4, HEVC 8- and 10-bit, AV1, an audio
// file's clip): 0 to 16% above what each held, 1 to 7 MiB where it is near 200. Fixes run side by
// side (--jobs) share the bound: each takes its `work` of it (FileFixer.holding).
public struct FixMemory: Sendable, Equatable {
    /// The bound unless told (`--max-memory`), in bytes: 200 MiB.
    public static let defaultBound = 200 << 20

    public var start: Int
    public var encoder = 0
    public var decoder = 0
    /// The decoded pictures the source's decoder holds at once (0 where nothing is decoded).
    public var pictures = 0
    public var pictureBytes = 0
    public var toneMap = 0
    public var index = 0

    /// The packets of an MP4's index.
    public var packets = 0

    /// The peak: the work's, or the index's while FFmpeg reads it, before any work.
    public var total: Int { max(start + encoder + decoder + toneMap + index, start + packets * Self.indexReadBytes) }

    /// What the process holds before any work: what fixes run side by side (`--jobs`) share.
    public static let process = 66 << 20
    static let indexBytesPerPacket = 28
    static let indexReadBytes = 72

    public init(_ plan: VideoPlan, media: AVMedia) {
        start = Self.process
        let seconds = media.durationSeconds ?? 0
        if media.family == .isoBMFF {
            var count = 0.0
            if let video = media.video { count += seconds * (video.frameRate ?? 30) }
            // AAC's packets are 1,024 samples (MP3's 1,152); Opus's 20 ms, 50 a second.
            if let audio = media.audio {
                let rate = audio.codecID == .opus ? nil : audio.sampleRate
                count += seconds * (rate.map { Double($0) / 1024 } ?? 50)
            }
            packets = Int(min(count, 1e9))
            index = self.packets * Self.indexBytesPerPacket
        }
        guard case .encode(let encode) = plan.video else { return }
        let outputPixels = FFmpegJob.outputPixels(plan, encode) ?? 1080 * 1920
        let sizing = FFmpegJob.EncoderMemory(pixels: outputPixels, rateCapped: encode.bitRateKbps != nil)
        encoder = outputPixels * sizing.bytesPerPixel
        if encode.toneMap != nil { toneMap = 4 * outputPixels * 12 }
        // A held picture (an audio file's clip, a --still) is bounded by its own rule (StillVideo);
        // the file's video is decoded only where the plan re-encodes it.
        guard plan.still == nil, plan.webpFrames == false, let video = media.video,
            let width = video.width, let height = video.height
        else { return }
        decode(video, width: width, height: height)
    }

    /// The decoder of `video`'s pictures: those it keeps and three more, and its tables.
    private mutating func decode(_ video: VideoStream, width: Int, height: Int) {
        pictureBytes = Self.pictureBytes(width: width, height: height, chroma: video.chroma, bitDepth: video.bitDepth)
        pictures = Self.referencePictures(video) + 3
        decoder = pictures * pictureBytes + width * height * (video.codecID == .hevc ? 10 : 5) / 2
    }

    /// What decoding a frame of `video` after its first holds (`preview --at`): the process and the
    /// decoder's pictures from the keyframe before it.
    public init(decoding video: VideoStream) {
        start = Self.process
        guard let width = video.width, let height = video.height else { return }
        decode(video, width: width, height: height)
    }

    /// A decoded picture's bytes: FFmpeg keeps each sample past 8 bits in two bytes.
    static func pictureBytes(width: Int, height: Int, chroma: Chroma?, bitDepth: Int?) -> Int {
        let planes: Double =
            switch chroma {
            case .c444: 3
            case .c422, .c440: 2
            case .c400: 1
            case .c420, .c411, nil: 1.5
            }
        let sampleBytes = (bitDepth ?? 8) > 8 ? 2.0 : 1.0
        return Int(Double(width) * Double(height) * planes * sampleBytes)
    }

    /// The pictures the bitstream says a decoder keeps; unsaid, the most its codec allows (H.264
    /// and HEVC 16, AV1 and VP9 8 reference slots, VP8 3).
    static func referencePictures(_ video: VideoStream) -> Int {
        if let declared = video.referenceFrames { return declared }
        switch video.codecID {
        case .h264, .hevc: return 16
        case .av1, .vp9: return 8
        case .vp8: return 3
        default: return 2
        }
    }

    /// What the work holds beyond the process's start: what one of several fixes at once takes of
    /// the bound.
    public var work: Int { total - start }

    /// Mebibytes, rounded up, as the user is told them.
    public static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }

    /// The bound to ask for where the total passes the default: the total rounded up to 50 MiB.
    public var suggestedMebibytes: Int { (Self.mebibytes(total) + 49) / 50 * 50 }

    /// Why a fix would pass `bound`, in words; nil when it stays within.
    public func refusal(bound: Int, doing work: String = "fixing it", command: String = "fix") -> String? {
        guard total > bound else { return nil }
        var parts: [String] = []
        if packets > 0, start + packets * Self.indexReadBytes == total {
            parts.append(
                "FFmpeg's index of its \(packets) packets, \(Self.mebibytes(packets * Self.indexReadBytes)) MiB while it reads it"
            )
        } else {
            if decoder > 0 { parts.append("its decoder keeps \(pictures) pictures of \(Self.mebibytes(pictureBytes)) MiB") }
            if encoder > 0 { parts.append("libx264 \(Self.mebibytes(encoder)) MiB") }
            if toneMap > 0 { parts.append("tone-mapping \(Self.mebibytes(toneMap)) MiB") }
            if index > 8 << 20 { parts.append("FFmpeg's index of its packets \(Self.mebibytes(index)) MiB") }
        }
        return "\(work) would hold about \(Self.mebibytes(total)) MiB (\(parts.joined(separator: ", "))), more than "
            + "the \(Self.mebibytes(bound)) MiB \(command) keeps to; --max-memory \(suggestedMebibytes) allows it"
    }
}
