// A video fix plan compiled to one FFmpeg job: its inputs (the file, looped or not; a picture
// held; a colour source), each output stream copied or encoded with its filter graph as text, its
// encoder and the encoder's options, the muxer and its options, the cut. Every decision is made
// here, from the plan, once, and carried as text: the printed command is the job's words
// (FFmpegCommand), and `fix` runs its video graph (`runnerGraph`: what the CLI does by itself
// spelled out) and its encoder options (`encoderOptions`) through libavfilter's parser and
// libavcodec's options, deciding nothing (Fixer.cPlan, rs_fix).

/// One option of the job, as the ffmpeg CLI spells it: `-name value` (a value of nil: `-name`).
public struct FFmpegOption: Sendable, Equatable {
    public var name: String
    public var value: String?
    /// The option's name as the encoder takes it (its AVCodecContext or private option:
    /// `-b:v` is `b`, `-profile:v` `profile`); nil for the CLI's own (`-pix_fmt`, `-t`).
    public var key: String?

    public init(_ name: String, _ value: String? = nil, key: String? = nil) {
        self.name = name
        self.value = value
        self.key = key
    }

    /// An option the CLI and the library (the encoder, the muxer) spell alike.
    static func alike(_ name: String, _ value: String) -> FFmpegOption { FFmpegOption(name, value, key: name) }

    var words: [String] { ["-\(name)"] + (value.map { [$0] } ?? []) }
}

/// How `-stream_loop` measures one pass of the file, which each start over is moved on by. The
/// ffmpeg CLI's releases differ, and `fix` measures as the release it runs with does, so that the
/// printed command run by that release's CLI makes the same frames at the same times.
public enum LoopPass: Sendable, Equatable {
    /// FFmpeg 5.1 to 6.1: the longest stream's own span, the sound's (its first packet to its last,
    /// with the samples last decoded), or with no sound each picture's (with a frame at its
    /// average rate) (fftools/ffmpeg.c, seek_to_start). Where the sound ends before the picture,
    /// that CLI's passes overlap (the picture steps back, and on some files it never reaches the
    /// end): `fix` takes the file's span there, as 7.0 does.
    case streamSpan
    /// FFmpeg 7.0 on: the file's, from its earliest packet to the latest of every packet's time
    /// and the sound's decoded end (fftools/ffmpeg_demux.c, seek_to_start and ts_fixup).
    case fileSpan

    /// The measure of the release whose libavformat has this major version (7.0's is 61).
    public init(libavformatMajor: Int) { self = libavformatMajor >= 61 ? .fileSpan : .streamSpan }
}

public struct FFmpegJob: Sendable, Equatable {
    /// What the job reads: a file, a picture, or a source of lavfi's.
    public struct Input: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            /// The file being fixed (its streams numbered as probed).
            case file(String)
            /// A still picture, looped.
            case picture(String)
            /// A lavfi source graph ("color=c=black:s=1080x1920:r=30").
            case lavfi(String)
        }
        public var source: Source
        /// The options before its `-i`: `-stream_loop -1`, `-loop 1 -framerate 30`, `-f lavfi`.
        public var options: [FFmpegOption]
    }

    /// An output stream: copied, or encoded by `encoder` after `graph`.
    public struct Stream: Sendable, Equatable {
        /// The filters before the encoder, in FFmpeg's filter syntax; nil for none.
        public var graph: String?
        /// "copy", "libx264", "aac", "libopus".
        public var encoder: String
        /// The options before the encoder's name (how frames reach it: `fps_mode`,
        /// `enc_time_base:v`), and after it (the encoder's and the stream's: `profile:v`, `b:v`,
        /// `x264-params`, `tag:v`).
        public var timing: [FFmpegOption] = []
        public var options: [FFmpegOption] = []
        /// What the ffmpeg CLI does to the sound by itself after `graph`, for the encoder: its
        /// samples timed one after another (`aresample`), in the sample format, rate and channel
        /// layout (`aformat`) from `-ar`, `-ac` and what the encoder takes; nil for none.
        public var encoderFormat: String?
        /// What the ffmpeg CLI does to the frames by itself before `graph`, which the in-process
        /// runner is told in words: the held first frame of a delayed picture (the CLI's constant
        /// rate fills it), every frame at the coded size (the CLI's graph is set up again when a
        /// frame's size changes), the display matrix's turn (autorotate).
        public var prelude: [String] = []
    }

    /// The input the video's frames come from, as `fix` reads them.
    public enum Frames: Sendable, Equatable {
        /// The file's video stream.
        case file
        /// The file read whole as an animated WebP, its frames decoded by libwebp.
        case webp
        /// A picture held (an audio file's clip): the file's attached picture (its stream), a
        /// picture file, or a black frame of the canvas's size.
        case coverArt(Int)
        case picture(String)
        case black(PixelSize)
    }

    public var inputs: [Input]
    public var frames: Frames = .file
    /// A graph over the inputs that makes the video (`[0:1]loop=…[v]`), mapped by its label.
    public var complexGraph: String?
    /// Whether the file is read again from its start at its end (`-stream_loop -1`), to the
    /// output's length.
    public var loops: Bool
    /// The streams mapped into the output, in order ("0:1", "[v]"); empty for ffmpeg's own choice.
    public var maps: [String] = []
    /// The output's length and rate options, in order (`-t`, `-r`, `-tune`).
    public var limits: [FFmpegOption] = []
    public var video: Stream?
    public var audio: Stream?
    /// "mp4" or "webm", and the muxer's options before it (`-use_editlist 0`, `-movflags`).
    public var muxer: String
    public var muxerOptions: [FFmpegOption] = []
    public var output: String
    /// The video filters the runner is given after the prelude (a held picture's without the loop
    /// that the printed command's graph holds it with).
    public private(set) var runnerFilters: String?
    /// A held picture whose filters each act on one picture alone (a size, a pad, the colour): `fix`
    /// runs them on it once and holds what they make, not the decoded picture (up to 36 megapixels)
    /// beside libx264's frames. A made rate or start, or a deinterlace, works across frames; an
    /// animated WebP's frames are each their own.
    public private(set) var pictureOnce = false

    /// The job of a video plan.
    public init(_ plan: VideoPlan) {
        inputs = []
        muxer = plan.container == .mp4 ? "mp4" : "webm"
        output = plan.output
        loops = plan.loopTo != nil
        var file = Input(
            source: .file(plan.input),
            options: (loops ? [FFmpegOption("stream_loop", "-1")] : []) + (plan.inputFormat.map { [FFmpegOption("f", $0)] } ?? [])
        )
        if plan.encode != nil, plan.still == nil, !plan.webpFrames {
            file.options.append(
                FFmpegOption(
                    "threads", "\(Self.decoderThreads(codedPixels: plan.codedSize.map { $0.width * $0.height }))"))
        }
        inputs = [file]
        var encode = plan.encode
        var stillGraph: String?
        // The filters a held picture or an animated WebP's frames go through in process: the
        // plan's, its colour conversion with them (the loop and the rate are the runner's feed).
        let pictureFilters = encode.flatMap(Self.filters)
        if let still = plan.still {
            // The picture as an input of its own (looped, or a black frame), the file's sound after
            // it; or the cover art held by the loop filter. Either lasts the sound's length.
            let audio = plan.audioStream.map { [$0] } ?? []
            let rate = "\(StillVideo.frameRate)"
            let filters = encode.flatMap(Self.filters)
            encode?.filters = []
            encode?.toBT709 = false
            switch still.picture {
            case .coverArt(let stream):
                frames = .coverArt(stream)
                let chain = ["loop=loop=-1:size=1", "setpts=N/\(rate)/TB"] + (filters.map { [$0] } ?? [])
                complexGraph = "[0:\(stream)]\(chain.joined(separator: ","))[v]"
                maps = ["[v]"] + audio.map { "0:\($0)" }
            case .image(let picture):
                frames = .picture(picture)
                inputs = [
                    Input(
                        source: .picture(picture), options: [FFmpegOption("loop", "1"), FFmpegOption("framerate", rate)]),
                    file,
                ]
                maps = ["0:v:0"] + audio.map { "1:\($0)" }
                stillGraph = filters
            case .plain:
                let size = StillVideo.canvas
                frames = .black(size)
                inputs = [
                    Input(
                        source: .lavfi("color=c=black:s=\(size.width)x\(size.height):r=\(rate)"),
                        options: [FFmpegOption("f", "lavfi")]),
                    file,
                ]
                maps = ["0:v:0"] + audio.map { "1:\($0)" }
            }
            limits = [
                FFmpegOption("t", Units.number(plan.endSeconds ?? still.seconds)), FFmpegOption("r", rate),
                FFmpegOption("tune", "stillimage", key: "tune"),
            ]
        }
        if plan.still != nil, !plan.webpFrames {
            pictureOnce =
                plan.encode?.filters.allSatisfy {
                    switch $0 {
                    case .scale, .fit, .evenSides: true
                    case .deinterlace, .frameRate, .startAtZero: false
                    }
                } ?? true
        }
        if plan.webpFrames { frames = .webp }
        // The streams the plan keeps, named when the file holds others: ffmpeg's own choice (the
        // largest picture, the most channels, a subtitle track MP4 takes) may not be the plan's.
        if !plan.leftOut.isEmpty, plan.still == nil {
            if let video = plan.videoStream { maps.append("0:\(video)") }
            if let audio = plan.audioStream, plan.audio != .none { maps.append("0:\(audio)") }
        }
        if let end = plan.endSeconds, plan.still == nil { limits.append(FFmpegOption("t", Units.number(end))) }
        video = Self.video(plan, encode: encode, stillGraph: stillGraph)
        runnerFilters = plan.still != nil || plan.webpFrames ? pictureFilters : video?.graph
        audio = Self.audio(plan)
        switch plan.container {
        case .mp4:
            if plan.dropEditList { muxerOptions.append(.alike("use_editlist", "0")) }
            if let scale = plan.movieTimescale { muxerOptions.append(.alike("movie_timescale", "\(scale)")) }
            // Without an edit list, negative composition offsets keep a B-frame stream's start at 0.
            muxerOptions.append(.alike("movflags", plan.dropEditList ? "+faststart+negative_cts_offsets" : "+faststart"))
        case .webm:
            break
        }
    }

    /// The video stream: copied (retagged), or encoded by libx264 after the plan's filters.
    static func video(_ plan: VideoPlan, encode: VideoEncode?, stillGraph: String?) -> Stream? {
        switch plan.video {
        case .copy(let tag):
            return Stream(encoder: "copy", options: tag.map { [FFmpegOption("tag:v", $0)] } ?? [])
        case .encode:
            guard let encode else { return nil }
            var stream = Stream(graph: stillGraph ?? filters(encode), encoder: "libx264")
            if plan.framesKeepTheirTimes { stream.timing.append(FFmpegOption("fps_mode", "passthrough")) }
            if let unit = plan.encoderTimeBase { stream.timing.append(FFmpegOption("enc_time_base:v", "\(unit)")) }
            stream.options = [FFmpegOption("profile:v", "high", key: "profile"), FFmpegOption("pix_fmt", "yuv420p")]
            stream.options += colourTags(plan, encode)
            if let rate = encode.bitRateKbps {
                // In kb/s, held to what the encoder's int fields take.
                let buffer = min(encode.bufferKbps ?? 2 * rate, Int(Int32.max) / 1000)
                stream.options += [
                    FFmpegOption("b:v", "\(rate)k", key: "b"), .alike("maxrate", "\(rate)k"),
                    .alike("bufsize", "\(buffer)k"),
                ]
            }
            var params = [String]()
            // Closed GOPs, and no keyframe of libx264's own between the forced ones, at a scene cut
            // or after its 250 frames (a flash, or 5 s at 60 fps, would make a GOP shorter than a
            // target's minimum).
            if let keyframes = encode.keyframeSeconds {
                stream.options.append(FFmpegOption("force_key_frames", "expr:gte(t,n_forced*\(Units.number(keyframes)))"))
                params.append("open-gop=0:scenecut=0:keyint=infinite")
            }
            let memory = EncoderMemory(pixels: outputPixels(plan, encode), rateCapped: encode.bitRateKbps != nil)
            stream.options.append(.alike("threads", "\(memory.threads)"))
            params += (memory.threads > 1 ? ["sliced-threads=1"] : []) + ["rc-lookahead=\(memory.lookahead)"] + memory.frames
            stream.options.append(.alike("x264-params", params.joined(separator: ":")))
            if plan.still == nil, !plan.webpFrames {
                if let delay = plan.videoDelaySeconds, delay > 0 {
                    stream.prelude.append("tpad=start_duration=\(Units.fixed(delay, places: 6)):start_mode=clone")
                }
                if let size = plan.codedSize { stream.prelude.append("scale=\(size.width):\(size.height)") }
                if let turn = plan.turn, let filter = FFmpegCommand.turnFilters[turn] { stream.prelude.append(filter) }
            }
            return stream
        }
    }

    /// How libx264 is sized to stay within the 200 MiB a fix holds (FixMemory), decided by the
    /// output's pixels: its frames each cost it about 60 bytes a pixel, and each frame of its
    /// look-ahead (40 in its medium preset) about 3.5 more; left to itself, a 1080x1920 encode held
    /// 440 MB (an audio file's clip: 496 MB in all). Two threads, on slices of each frame, whatever
    /// the machine: the same output on every machine, and no frame held per thread; one where the
    /// bit rate is capped (libx264's capped rate control on threads makes a different file each run).
    struct EncoderMemory: Equatable {
        var threads: Int
        /// Frames of look-ahead (libx264's rc-lookahead, which its macroblock tree uses).
        var lookahead: Int
        /// The frames it keeps besides, where they are large: two reference frames and two
        /// B-frames with no pyramid (its medium preset's 3, 3 and a pyramid) past 720x1280. At
        /// 1080x1920 that is 24 MB less (ffmpeg -threads 2: 172 MB to 148), for a file 4 to 6% larger
        /// at the same quality setting, which the target re-encodes anyway; so that a 1080p source's
        /// re-encode stays within the 200 MiB a fix keeps to (FixMemory).
        var frames: [String] = []
        /// What it holds for each pixel of the output (FixMemory): measured at 1080x1920, 44 bytes
        /// with the frames above; about 45 and 4.2 more for each frame of look-ahead without them.
        var bytesPerPixel: Int { frames.isEmpty ? 45 + 42 * lookahead / 10 : 44 }

        /// For an output of `pixels` (nil: unknown, taken as 1080x1920).
        init(pixels: Int?, rateCapped: Bool) {
            threads = rateCapped ? 1 : 2
            // Measured with libx264 164 (ffmpeg -threads 2 -x264-params sliced-threads=1, less
            // ffmpeg's own 59 MB): at 1080x1920, 117 MB with a look-ahead of 3, 164 MB with 10,
            // 437 MB with its default 40; at 540x960 a look-ahead of 40 held 106 MiB, past what a
            // 540x960 HLG clip's fix can hold besides (209 MiB in all; 169 with 20).
            let pixels = pixels ?? 1080 * 1920
            switch pixels {
            case ...(540 * 960): lookahead = 20
            case ...(720 * 1280): lookahead = 10
            default:
                lookahead = 3
                frames = ["ref=2", "bframes=2", "b-pyramid=none"]
            }
        }
    }

    /// The video decoder's threads for frames of `codedPixels`: each frame thread holds a frame of
    /// its own (FFmpeg's default is one more than the cores), so one past 720x1280 (a 1080x1920
    /// 4:4:4 source: 250 MB with three, 227 MB with one), two up to it.
    static func decoderThreads(codedPixels: Int?) -> Int { (codedPixels ?? Int.max) > 720 * 1280 ? 1 : 2 }

    /// The encoded picture's pixels: the last size the filters give it, else the coded size; nil
    /// where neither is known.
    static func outputPixels(_ plan: VideoPlan, _ encode: VideoEncode) -> Int? {
        if plan.still != nil { return StillVideo.canvas.width * StillVideo.canvas.height }
        for filter in encode.filters.reversed() {
            switch filter {
            case .scale(let width, let height), .fit(let width, let height): return width * height
            default: continue
            }
        }
        return plan.codedSize.map { $0.width * $0.height }
    }

    /// The colour tags of the encoded video: BT.709 where the plan converts to it (RGB made
    /// Y'CbCr, HDR tone-mapped), limited range where a full-range source is made yuv420p, and a
    /// held picture's or WebP frame's conversion as swscale makes it (the BT.601 matrix, limited
    /// range: players take an untagged HD picture for BT.709). Elsewhere the source's go along.
    static func colourTags(_ plan: VideoPlan, _ encode: VideoEncode) -> [FFmpegOption] {
        if plan.still != nil || plan.webpFrames { return [.alike("colorspace", "smpte170m"), .alike("color_range", "tv")] }
        if encode.toneMap != nil {
            return ["colorspace", "color_primaries", "color_trc"].map { .alike($0, "bt709") } + [.alike("color_range", "tv")]
        }
        if encode.toBT709 { return [.alike("colorspace", "bt709"), .alike("color_range", "tv")] }
        return plan.sourceFullRange ? [.alike("color_range", "tv")] : []
    }

    /// The video graph `fix` runs in process: the CLI's own steps spelled out (`prelude`), the
    /// job's filters, and the encoder's pixel format (`-pix_fmt`); nil where the video is copied.
    public var runnerGraph: String? {
        guard let video, video.encoder != "copy" else { return nil }
        let format = video.options.first { $0.name == "pix_fmt" }?.value.map { "format=\($0)" }
        let parts = video.prelude + [runnerFilters, format].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }

    /// The video decoder's threads, as the file's `-threads` says (1 where the video is not decoded from it).
    public var decoderThreads: Int {
        let file = inputs.first { if case .file = $0.source { true } else { false } }
        return file?.options.first { $0.name == "threads" }?.value.flatMap { Int($0) } ?? 1
    }

    /// The video encoder's options as the encoder takes them, in order: the job's options that
    /// name one (`-tune`, `-profile:v`, `-b:v`, the colour tags, `-x264-params`).
    public var encoderOptions: [(key: String, value: String)] {
        guard let video, video.encoder != "copy" else { return [] }
        return Self.keyed(limits + video.options)
    }

    /// The muxer's options as it takes them, in order.
    public var muxerKeyed: [(key: String, value: String)] { Self.keyed(muxerOptions) }

    /// The options a library takes (those with a key), as it names them.
    static func keyed(_ options: [FFmpegOption]) -> [(key: String, value: String)] {
        options.compactMap { option in option.key.flatMap { key in option.value.map { (key, $0) } } }
    }

    /// The audio stream: none, copied, or encoded after the priming cut's filters.
    static func audio(_ plan: VideoPlan) -> Stream? {
        switch plan.audio {
        case .none: return nil
        case .copy:
            // A copied packet that starts before the output's start is left out (the CLI keeps it).
            return Stream(
                encoder: "copy", options: plan.primingCut == .dropPackets ? [FFmpegOption("copypriorss:a", "0")] : [])
        case .encode(let encode):
            let filters = plan.primingCut?.filters ?? []
            let encoder = encode.codec.encoder
            var stream = Stream(graph: filters.isEmpty ? nil : filters.joined(separator: ","), encoder: encoder.name)
            stream.options = [FFmpegOption("b:a", "\(encode.bitRateKbps)k", key: "b")]
            if let sampleRate = encode.sampleRate { stream.options.append(FFmpegOption("ar", "\(sampleRate)")) }
            if let channels = encode.channels { stream.options.append(FFmpegOption("ac", "\(channels)")) }
            // The rate asked, or the source's where the encoder takes it, else the one nearest it
            // that the encoder takes (the higher of two as near), as FFmpeg's negotiation picks.
            let source = plan.sourceSampleRate ?? 48000
            let rate =
                encode.sampleRate
                ?? (encoder.sampleRates.contains(source)
                    ? source : encoder.sampleRates.min { (abs($0 - source), -$0) < (abs($1 - source), -$1) } ?? source)
            // The samples timed one after another at that rate, as the CLI times each decoded frame
            // by its samples before its graph (a WebM's millisecond times otherwise go through).
            var format = "aresample=\(rate),aformat=sample_fmts=\(encoder.sampleFormats):sample_rates=\(rate)"
            // The channels asked (FFmpeg's default layout of that many), or the source's one or
            // two as they are named; a source's layout of more is the decoder's.
            if let layout = encode.channels.map({ Self.channelLayouts[$0] ?? "\($0)c" })
                ?? plan.sourceChannels.flatMap({ Self.channelLayouts[$0] })
            {
                format += ":channel_layouts=\(layout)"
            }
            stream.encoderFormat = format
            return stream
        }
    }

    /// FFmpeg's default layouts of one and two channels, by name (`-ac 1`, `-ac 2`).
    static let channelLayouts = [1: "mono", 2: "stereo"]

    /// The audio graph `fix` runs in process: the job's filters, then the format the CLI asks for
    /// the encoder (`aformat`); nil where the sound is copied or there is none.
    public var audioRunnerGraph: String? {
        guard let audio, audio.encoder != "copy" else { return nil }
        let parts = [audio.graph, audio.encoderFormat].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }

    /// The audio encoder's options as it takes them (`-b:a` is `b`).
    public var audioEncoderOptions: [(key: String, value: String)] {
        guard let audio, audio.encoder != "copy" else { return [] }
        return Self.keyed(audio.options)
    }

    /// The filters of an encode, with its colour conversion, as one filter chain; nil for none.
    public static func filters(_ encode: VideoEncode) -> String? {
        var filters = encode.filters.map(FFmpegCommand.filter)
        if encode.toBT709 { filters += ["scale=out_color_matrix=bt709:out_range=tv", "format=yuv420p"] }
        if let transfer = encode.toneMap { filters.append(FFmpegCommand.toneMap(transfer)) }
        return filters.isEmpty ? nil : filters.joined(separator: ",")
    }

    // MARK: the printed command

    /// The job as the ffmpeg CLI's words, the one printer of it.
    public var words: [String] {
        var words = ["ffmpeg"]
        for input in inputs {
            words += input.options.flatMap(\.words)
            switch input.source {
            case .file(let path), .picture(let path): words += ["-i", FFmpegCommand.path(path)]
            case .lavfi(let graph): words += ["-i", graph]
            }
        }
        if let complexGraph { words += ["-filter_complex", complexGraph] }
        words += maps.flatMap { ["-map", $0] } + limits.flatMap(\.words)
        if let video {
            if let graph = video.graph { words += ["-vf", graph] }
            words += video.timing.flatMap(\.words) + ["-c:v", video.encoder] + video.options.flatMap(\.words)
        }
        if let audio {
            if let graph = audio.graph { words += ["-af", graph] }
            words += audio.timing.flatMap(\.words) + ["-c:a", audio.encoder] + audio.options.flatMap(\.words)
        }
        words += muxerOptions.flatMap(\.words) + ["-f", muxer]
        return words + [FFmpegCommand.path(output)]
    }
}
