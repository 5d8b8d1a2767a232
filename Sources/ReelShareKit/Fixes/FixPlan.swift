// A fix plan: what makes one file pass, decided once (FixHint) and carried as typed data to the
// two that carry it out: FFmpegCommand renders it as the ffmpeg command `validate` prints, and
// `fix` hands it to rs_fix (ReelShareMedia's Fixer) as a typed C struct. Neither decides anything
// of its own: the streams kept, the filters, the encoders and the cut are all here.

/// A change to the video's frames, before they are encoded.
public enum VideoFilter: Sendable, Equatable {
    /// Fields woven into frames, one frame per frame (bwdif): before anything scales or retimes.
    case deinterlace
    /// Scaled to `width` x `height` with square pixels (the shown shape kept by the rule's sizes).
    case scale(width: Int, height: Int)
    /// Each side made even and at least 2: H.264 4:2:0 takes no odd or zero side.
    case evenSides
    /// A constant frame rate (frames dropped or repeated).
    case frameRate(Double)
    /// The first frame at the output's start (`setpts=PTS-STARTPTS`): a picture that started less
    /// than a frame after its sound, which is cut by as much (PrimingCut.leadSeconds). Said, not
    /// left to the ffmpeg CLI's constant frame rate, which moves it or repeats it by where the
    /// release starts the file's clock.
    case startAtZero
    /// Fitted inside `width` x `height` and centred on black, square pixels: a still picture on a
    /// vertical canvas.
    case fit(width: Int, height: Int)

    /// Whether it sets the frame size (an `evenSides` after a `scale` adds nothing).
    var sizes: Bool {
        switch self {
        case .scale, .evenSides, .fit: return true
        case .deinterlace, .frameRate, .startAtZero: return false
        }
    }
}

/// How the video of a fixed file is encoded: H.264 High, 8-bit 4:2:0, through libx264.
public struct VideoEncode: Sendable, Equatable {
    /// Applied in order, after the display matrix's turn.
    public var filters: [VideoFilter]
    /// The source is RGB (a libx264rgb screen recording, GBR HEVC): made Y'CbCr by the BT.709
    /// matrix in limited range and tagged so (its own tags, identity and full range, would make
    /// players read the new planes as RGB).
    public var toBT709 = false
    /// The source is HDR (HLG or PQ): its light is tone-mapped to SDR BT.709 (zscale to linear
    /// light, Hable's curve, back to BT.709 in limited range) and tagged so, where a re-encode
    /// makes it 8-bit; kept as it is, its tags and 10-bit samples would show washed out or crushed.
    public var toneMap: HDRTransfer?
    public var bitRateKbps: Int?
    public var bufferKbps: Int?
    /// A keyframe at least this often (a closed GOP).
    public var keyframeSeconds: Double?

    public init(
        filters: [VideoFilter] = [], toBT709: Bool = false, toneMap: HDRTransfer? = nil, bitRateKbps: Int? = nil,
        bufferKbps: Int? = nil,
        keyframeSeconds: Double? = nil
    ) {
        self.filters = filters
        self.toBT709 = toBT709
        self.toneMap = toneMap
        self.bitRateKbps = bitRateKbps
        self.bufferKbps = bufferKbps
        self.keyframeSeconds = keyframeSeconds
    }
}

/// The transfer of an HDR picture a re-encode tone-maps: named to the tone mapping, which does
/// not rely on the frames' own tags (FFmpeg 7.1's scaler drops them).
public enum HDRTransfer: String, Sendable, Equatable {
    case hlg, pq

    /// zscale's name for it.
    var zscale: String { self == .hlg ? "arib-std-b67" : "smpte2084" }
}

/// How the video stream of a fixed file is made.
public enum VideoStep: Sendable, Equatable {
    /// Copied packet for packet, its sample entry tagged `tag` when given (hvc1).
    case copy(tag: String?)
    case encode(VideoEncode)
}

/// The audio encoders a fix uses.
public enum AudioEncoder: String, Sendable, Equatable {
    case aac, opus

    /// As `fix --dry-run` says it.
    var name: String { self == .aac ? "AAC" : "Opus" }

    /// FFmpeg's encoder: its name, and the sample formats and rates it takes (libavcodec's aac
    /// and libopus, the same on every release), which the ffmpeg CLI asks of the graph before it.
    var encoder: (name: String, sampleFormats: String, sampleRates: [Int]) {
        switch self {
        case .aac:
            ("aac", "fltp", [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350])
        case .opus: ("libopus", "s16|flt", [48000, 24000, 16000, 12000, 8000])
        }
    }
}

/// How the audio of a fixed file is encoded.
public struct AudioEncode: Sendable, Equatable {
    public var codec: AudioEncoder
    public var bitRateKbps: Int
    /// nil: the source's.
    public var sampleRate: Int?
    public var channels: Int?

    public init(codec: AudioEncoder, bitRateKbps: Int, sampleRate: Int? = nil, channels: Int? = nil) {
        self.codec = codec
        self.bitRateKbps = bitRateKbps
        self.sampleRate = sampleRate
        self.channels = channels
    }
}

/// How the audio stream of a fixed file is made.
public enum AudioStep: Sendable, Equatable {
    case none
    case copy
    case encode(AudioEncode)
}

/// How an output without an edit list keeps the audio's priming from being played: an edit list
/// is what hides it (an AAC encoder's first 1024 or 2112 samples), and without one a player plays
/// it, the sound that much after the picture.
public enum PrimingCut: Sendable, Equatable {
    /// The copied packets that start before the output's start are left out: the source's
    /// priming fills whole packets (AudioStream.primingPackets).
    case dropPackets
    /// The encoder's input starts this far in (its priming's length at its rate), so that its
    /// first packet, priming included, starts at the output's start.
    case trimSeconds(Double)
    /// The picture starts `seconds` (less than a frame) after the sound's first sample and is
    /// moved to the output's start: by the constant frame rate of a file without an edit list, or
    /// by a frame rate conversion's grid. The sound is counted from its own first sample
    /// (`asetpts=PTS-STARTPTS`), because FFmpeg's releases start the file's clock differently (a
    /// WebM's Opus at its first block, or past its pre-skip), and cut by as much, plus the
    /// encoder's priming (`primingSeconds`) where no edit list will hide it; with no priming to
    /// cut, what remains starts at the output's start (`asetpts=PTS-STARTPTS` again). A negative
    /// lead is a sound that starts that much after the picture (a browser's MediaRecorder): where
    /// the priming is shorter, silence makes up the rest (`adelay`).
    case leadSeconds(Double, primingSeconds: Double)

    /// The priming of FFmpeg's AAC encoder (initial_padding), in samples, on every release.
    public static let aacEncoderPriming = 1024

    /// A trim in seconds as both carriers write it: six decimals (a microsecond).
    public static func text(_ seconds: Double) -> String { Units.fixed(seconds, places: 6) }

    /// Where the encoder's input starts, in seconds (0: where it did; negative: after that much
    /// silence): from the output's zero, or from the sound's first sample (`rebased`); and
    /// whether what remains of a trim then starts at the output's start.
    public var trim: (seconds: Double, rebased: Bool, restart: Bool)? {
        switch self {
        case .dropPackets: return nil
        case .trimSeconds(let seconds): return (seconds, false, false)
        case .leadSeconds(let lead, let priming): return (lead + priming, true, priming == 0 && lead > 0)
        }
    }

    /// The audio filters that carry out `trim`, in FFmpeg's filter syntax (the printed command and rs_fix both run this text).
    public var filters: [String] {
        guard let trim else { return [] }
        let cut =
            trim.seconds > 0
            ? ["atrim=start=\(Self.text(trim.seconds))"]
            : trim.seconds < 0 ? ["adelay=delays=\(Self.text(-trim.seconds * 1000)):all=1"] : []
        return (trim.rebased ? ["asetpts=PTS-STARTPTS"] : []) + cut + (trim.restart ? ["asetpts=PTS-STARTPTS"] : [])
    }
}

/// What an audio file's clip (an audiogram) shows while its sound plays.
public enum StillPicture: Sendable, Equatable {
    /// The file's attached picture (an MP3's or M4A's cover art), its stream index.
    case coverArt(stream: Int)
    /// A picture file the user chose (`fix --still IMAGE`).
    case image(path: String)
    /// A black frame.
    case plain
}

/// A picture held over a sound's length, the video of an audio file's clip: 30 frames a second on a
/// 1080x1920 canvas, H.264 like any re-encode.
public struct StillVideo: Sendable, Equatable {
    public var picture: StillPicture
    /// How long it is held: the sound's length (or the plan's end, if sooner).
    public var seconds: Double
    public static let frameRate = 30
    public static let canvas = PixelSize(width: 1080, height: 1920)
    /// The most pixels a held picture may have: it is decoded whole, once (a 6000x6000 cover art,
    /// 144 MB as RGBA).
    public static let maxPixels = 36_000_000

    public init(picture: StillPicture, seconds: Double) {
        self.picture = picture
        self.seconds = seconds
    }
}

/// The plan for a video file: the streams kept, the container, each stream's step, and the cut.
public struct VideoPlan: Sendable, Equatable {
    public enum Container: String, Sendable { case mp4, webm }

    public var input: String
    public var output: String
    public var container: Container
    /// The file's streams kept (their index in the file): the video and audio the probe
    /// described. Every other stream is in `leftOut`.
    public var videoStream: Int?
    public var audioStream: Int?
    /// The streams no fix keeps: subtitles, timecode, chapters, cover art, other audio tracks.
    public var leftOut: [MediaStream] = []
    public var video: VideoStep
    public var audio: AudioStep
    /// Loop the input until it lasts at least this long.
    public var loopTo: Double?
    /// End here (already short of the limit by a frame and an audio packet).
    public var trimTo: Double?
    /// Cut by copying packets at this keyframe (instead of re-encoding to `trimTo`).
    public var cutAtKeyframe: Double?
    /// Write no edit list (MP4).
    public var dropEditList: Bool
    /// MP4 with edit lists, where a stream starts late (an empty edit): the movie's time scale, in
    /// which an edit's length is counted. FFmpeg's muxer counts in milliseconds, and a sound that
    /// starts after the picture (a browser's recording, 24 ms) then moves by up to a millisecond;
    /// in 48 kHz ticks it keeps its sample.
    public var movieTimescale: Int?
    public static let sampleExactTimescale = 48000

    /// An encoded video whose frames keep their own times, as `fix` encodes them, not a constant
    /// rate the ffmpeg CLI picks (a browser's WebM states none, and the CLI repeats frames up to
    /// 1000 a second): everywhere but where that rate fills a delayed picture's start, or a held
    /// picture is made at its own rate.
    public var framesKeepTheirTimes: Bool {
        guard case .encode = video else { return false }
        return videoDelaySeconds == nil && still == nil
    }
    /// Where frames keep their times and no rate is made: the encoder counts in the input's unit,
    /// as `fix`'s does (the ffmpeg CLI's own, from 5.1 to 9, is one frame of the rate the file
    /// states: a browser's frames 39 and 72 ms in would move to 33 and 67).
    public var encoderTimeBase: TimeBase?
    /// With no edit list, how the audio's priming is kept out of what plays.
    public var primingCut: PrimingCut?
    /// An audio file's clip: the video is this picture, held (and encoded as `video` says).
    public var still: StillVideo?
    /// The demuxer the file must be read with, named where FFmpeg's probe would take another
    /// (`mpegts` for a transport stream after junk, which it reads as MPEG-PS): the printed
    /// command says `-f` before `-i`; fix opens it so by itself (rs_open_checked, the same test).
    public var inputFormat: String?
    /// An animated WebP made a clip: its frames decoded by libwebp (FFmpeg before 9 decodes no
    /// animated WebP), each shown as long as the file says.
    public var webpFrames = false
    /// An empty edit's delay of the picture that no edit list will carry: the re-encoded video
    /// starts with the first frame held this long, so that it stays in step with the audio and the
    /// picture still appears when it did (as the ffmpeg CLI fills a constant frame rate).
    public var videoDelaySeconds: Double?
    /// The re-encode loses the picture's transparency (H.264 carries none).
    public var dropsAlpha = false
    /// The source's pictures are RGB: a re-encode makes them Y'CbCr (VideoEncode.toBT709).
    public var sourceRGB = false
    /// The source's pixel aspect as probed (square where the file states none): a re-encode keeps
    /// it, not what the decoder infers (H.263's 12:11 for QCIF, which no player, ffprobe or
    /// mediainfo shows), so the output's display size is the one the rules judged.
    public var pixelAspect = PixelRatio(1, 1)
    /// The source's display matrix as an EXIF orientation (2 to 8: the turn and flip a player
    /// makes, as the ffmpeg CLI autorotates); nil where it shows the pixels as stored.
    public var turn: Int?
    /// The size the source's frames are coded at (its decoder's, before any turn): a re-encode
    /// holds every frame to it, so that a stream whose frames change size midway (spliced,
    /// damaged) reaches the encoder as one size.
    public var codedSize: PixelSize?
    /// The source's pixels are full-range Y'CbCr (a JPEG's yuvj formats, as MJPEG and cover art
    /// decode): made 4:2:0 they are limited range, and tagged so.
    public var sourceFullRange = false
    /// The kept sound's sample rate and channels as probed: a re-encode keeps them where the
    /// plan and the encoder do.
    public var sourceSampleRate: Int?
    public var sourceChannels: Int?

    /// How far past `loopTo` a loop runs, so that the last frame and audio packet before it are
    /// whole: the loop's length is loopTo plus this.
    public static let loopPadding = 0.1

    /// How long the output is, for a progress line: where the plan ends it (a trim, a cut, a loop's
    /// length), else the held picture's or the input's (`inputSeconds`).
    public func outputSeconds(inputSeconds: Double?) -> Double? {
        let end = endSeconds ?? still?.seconds ?? inputSeconds
        guard let end, let input = inputSeconds, loopTo == nil, still == nil else { return end }
        return min(end, input)
    }

    /// Where the output ends, from its start: a loop's length, a keyframe cut or a trim; nil for
    /// the whole input.
    public var endSeconds: Double? { loopTo.map { $0 + Self.loopPadding } ?? cutAtKeyframe ?? trimTo }

    /// The video's encoding, when it is re-encoded.
    public var encode: VideoEncode? {
        if case .encode(let encode) = video { return encode }
        return nil
    }
}

/// A target's fix for one file, as a plan.
public enum FixPlan: Sendable, Equatable {
    case video(VideoPlan)
    case image(ImagePlan)
    /// Another tool's command (heif-convert for HEIC): `fix` cannot carry it out.
    case external([String])

    /// The command line that carries the plan out: what `validate` prints.
    public var command: String {
        switch self {
        case .video(let plan): return FFmpegCommand.line(FFmpegCommand.words(plan))
        case .image(let plan): return FFmpegCommand.line(FFmpegCommand.words(plan))
        case .external(let words): return FFmpegCommand.line(words)
        }
    }

    /// reelshare's own command carrying the plan out (`subject`'s options, its file): nil where the
    /// plan's command is that already, or another tool's.
    public func reelshareCommand(target: String, options: [String], input: String) -> String? {
        switch self {
        case .external: return nil
        case .image(let plan) where plan.decoder == .cgbi || plan.decoder == .heif: return nil
        default: return FFmpegCommand.line(FFmpegCommand.reelshare(target: target, options: options, input: input))
        }
    }

    /// Where the fixed file goes.
    public var output: String? {
        switch self {
        case .video(let plan): return plan.output
        case .image(let plan): return plan.output
        case .external(let words): return words.last
        }
    }

    /// The same plan, an audio file's clip showing the picture file at `path` (fix --still); any
    /// other plan unchanged.
    public func showing(picture path: String) -> FixPlan {
        guard case .video(var plan) = self, var still = plan.still else { return self }
        still.picture = .image(path: path)
        plan.still = still
        plan.videoStream = nil
        return .video(plan)
    }

    /// The same plan writing `path` (where -o or --output-dir puts it).
    public func writing(to path: String) -> FixPlan {
        switch self {
        case .video(var plan):
            plan.output = path
            return .video(plan)
        case .image(var plan):
            plan.output = path
            return .image(plan)
        case .external(let words):
            return .external(words.dropLast() + [FFmpegCommand.argumentPath(path)])
        }
    }

    /// What the plan does to each stream, in words (`fix --dry-run`).
    public var operations: [String] {
        switch self {
        case .video(let plan): return Self.operations(plan)
        case .image(let plan):
            var steps: [String] = []
            if plan.firstFrame { steps.append("take the first frame") }
            if let turn = plan.turn, turn != 1 { steps.append("turn the pixels as EXIF orientation \(turn) says") }
            if let fit = plan.fit { steps.append("fit inside \(fit.width)x\(fit.height)") }
            steps.append("write \(plan.format.rawValue.uppercased())")
            return steps
        case .external(let words):
            return ["run \(words.first ?? "another tool") (reelshare cannot write this format)"]
        }
    }

    private static func operations(_ plan: VideoPlan) -> [String] {
        var steps: [String] = []
        if let loop = plan.loopTo { steps.append("loop the clip to \(Units.number(loop + VideoPlan.loopPadding)) s") }
        if let cut = plan.cutAtKeyframe {
            steps.append("cut at the keyframe at \(Units.number(cut)) s (packets copied)")
        } else if let trim = plan.trimTo {
            steps.append("end at \(Units.number(trim)) s")
        }
        if let still = plan.still {
            let picture: String
            switch still.picture {
            case .coverArt(let stream): picture = "its cover art (stream \(stream))"
            case .image(let path): picture = path
            case .plain: picture = "a black frame"
            }
            steps.append("picture: \(picture), held \(Units.number(still.seconds)) s at \(StillVideo.frameRate) fps on 1080x1920")
        }
        switch plan.video {
        case .copy(let tag):
            steps.append("video: copy" + (tag.map { ", tagged \($0)" } ?? ""))
        case .encode(let encode):
            var words = "video: encode H.264 High 8-bit 4:2:0"
            if !encode.filters.isEmpty {
                words += " after \(encode.filters.map(FFmpegCommand.filter).joined(separator: ","))"
            }
            if let rate = encode.bitRateKbps { words += ", \(rate) kb/s at most" }
            if let keyframes = encode.keyframeSeconds { words += ", a keyframe every \(Units.number(keyframes)) s" }
            if encode.toBT709 { words += "; RGB made Y'CbCr by the BT.709 matrix in limited range, tagged so" }
            if encode.toneMap != nil { words += "; HDR tone-mapped to SDR BT.709 (Hable), tagged so" }
            if plan.dropsAlpha { words += "; its transparency is dropped (H.264 carries none)" }
            steps.append(words)
        }
        switch plan.audio {
        case .none: break
        case .copy:
            steps.append(
                "audio: copy" + (plan.primingCut == .dropPackets ? ", without the priming packets before its start" : ""))
        case .encode(let encode):
            var words = "audio: encode \(encode.codec.name) \(encode.bitRateKbps) kb/s"
            if let sampleRate = encode.sampleRate { words += ", \(sampleRate) Hz" }
            if let channels = encode.channels { words += ", \(channels) channel\(channels == 1 ? "" : "s")" }
            switch plan.primingCut {
            case .trimSeconds(let seconds)?:
                words += ", from \(PrimingCut.text(seconds)) s in (the encoder's priming takes its place)"
            case .leadSeconds(let lead, let priming)? where lead + priming < 0:
                words +=
                    ", after \(PrimingCut.text(-lead - priming)) s of silence (the sound starts \(PrimingCut.text(-lead)) s after"
                    + " the picture, and the encoder's priming takes its place first)"
            case .leadSeconds(let lead, let priming)? where priming > 0 && lead < 0:
                words +=
                    ", from \(PrimingCut.text(lead + priming)) s after its first sample (it starts"
                    + " \(PrimingCut.text(-lead)) s after the picture, and the encoder's priming takes that place)"
            case .leadSeconds(let lead, let priming)? where priming > 0:
                words +=
                    ", from \(PrimingCut.text(lead + priming)) s after its first sample (the picture's lead, and the"
                    + " encoder's priming takes its place)"
            case .leadSeconds(let lead, _)? where lead > 0:
                words += ", from \(PrimingCut.text(lead)) s after its first sample, played from the start (as the picture moves)"
            case .leadSeconds?: words += ", from its first sample, as the picture from its first frame"
            case .dropPackets?, nil: break
            }
            steps.append(words)
        }
        if !plan.leftOut.isEmpty {
            steps.append("leave out " + plan.leftOut.map(\.description).joined(separator: ", "))
        }
        steps.append(
            plan.container == .mp4
                ? "write MP4 with the index first" + (plan.dropEditList ? ", no edit list" : "") : "write WebM")
        return steps
    }
}
