// The one renderer of fix plans as ffmpeg command lines (what `validate` prints as a finding's
// fix). It decides nothing: every word comes from the plan. What the ffmpeg CLI does by itself it
// is not told: it turns the picture by the display matrix (autorotate), and with a constant frame
// rate fills a delayed picture's start, as `fix` does with its held first frame.
public enum FFmpegCommand {
    /// A video filter in FFmpeg's filter syntax (rs_fix_filter_text writes the same for `fix`).
    public static func filter(_ filter: VideoFilter) -> String {
        switch filter {
        case .deinterlace: return "bwdif=mode=send_frame"
        case .scale(let width, let height): return "scale=\(width):\(height),setsar=1"
        case .evenSides: return "scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2)"
        case .frameRate(let rate): return "fps=\(Units.number(rate))"
        case .startAtZero: return "setpts=PTS-STARTPTS"
        case .fit(let width, let height):
            return
                "scale=\(width):\(height):force_original_aspect_ratio=decrease,pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2,setsar=1"
        }
    }

    /// HDR (HLG or PQ, as the frames are tagged) to SDR BT.709: to linear light at 100 nits, BT.709
    /// primaries, Hable's curve, BT.709's transfer and matrix in limited range (rs_fix_filter_text
    /// writes the same).
    public static func toneMap(_ transfer: HDRTransfer) -> String {
        "zscale=tin=\(transfer.zscale):min=2020_ncl:pin=2020:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
    }

    /// The filters of an encode, with its colour conversion, as one -vf value; nil for none.
    public static func filters(_ encode: VideoEncode) -> String? {
        var filters = encode.filters.map(filter)
        if encode.toBT709 { filters += ["scale=out_color_matrix=bt709:out_range=tv", "format=yuv420p"] }
        if let transfer = encode.toneMap { filters.append(toneMap(transfer)) }
        return filters.isEmpty ? nil : filters.joined(separator: ",")
    }

    /// The ffmpeg command of a video plan, word by word.
    public static func words(_ plan: VideoPlan) -> [String] {
        var arguments: [String] = []
        // The file's input, looped where the plan loops it: after a still's picture input, so that
        // the loop is the sound's.
        let file = (plan.loopTo != nil ? ["-stream_loop", "-1"] : []) + ["-i", path(plan.input)]
        var inputs = file
        var encode = plan.encode
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
                let chain = ["loop=loop=-1:size=1", "setpts=N/\(rate)/TB"] + (filters.map { [$0] } ?? [])
                arguments += ["-filter_complex", "[0:\(stream)]\(chain.joined(separator: ","))[v]", "-map", "[v]"]
                arguments += audio.flatMap { ["-map", "0:\($0)"] }
            case .image(let picture):
                inputs = ["-loop", "1", "-framerate", rate, "-i", path(picture)] + file
                arguments += ["-map", "0:v:0"] + audio.flatMap { ["-map", "1:\($0)"] }
                if let filters { arguments += ["-vf", filters] }
            case .plain:
                let size = StillVideo.canvas
                inputs = ["-f", "lavfi", "-i", "color=c=black:s=\(size.width)x\(size.height):r=\(rate)"] + file
                arguments += ["-map", "0:v:0"] + audio.flatMap { ["-map", "1:\($0)"] }
            }
            arguments += ["-t", Units.number(plan.endSeconds ?? still.seconds), "-r", rate, "-tune", "stillimage"]
        }
        // The streams the plan keeps, named when the file holds others: ffmpeg's own choice (the
        // largest picture, the most channels, a subtitle track MP4 takes) may not be the plan's.
        if !plan.leftOut.isEmpty, plan.still == nil {
            if let video = plan.videoStream { arguments += ["-map", "0:\(video)"] }
            if let audio = plan.audioStream, plan.audio != .none { arguments += ["-map", "0:\(audio)"] }
        }
        if let end = plan.endSeconds, plan.still == nil { arguments += ["-t", Units.number(end)] }
        switch plan.video {
        case .copy(let tag):
            arguments += ["-c:v", "copy"]
            if let tag { arguments += ["-tag:v", tag] }
        case .encode:
            guard let encode else { break }
            if let filters = filters(encode) { arguments += ["-vf", filters] }
            if plan.framesKeepTheirTimes { arguments += ["-fps_mode", "passthrough"] }
            if let unit = plan.encoderTimeBase { arguments += ["-enc_time_base:v", "\(unit)"] }
            arguments += ["-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p"]
            if encode.toBT709 { arguments += ["-colorspace", "bt709", "-color_range", "tv"] }
            if encode.toneMap != nil {
                arguments += ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
            }
            if let rate = encode.bitRateKbps {
                arguments += ["-b:v", "\(rate)k", "-maxrate", "\(rate)k", "-bufsize", "\(encode.bufferKbps ?? 2 * rate)k"]
            }
            // Closed GOPs, and no keyframe at a scene cut between the forced ones (a flash would make
            // a GOP shorter than a target's minimum).
            if let keyframes = encode.keyframeSeconds {
                arguments += [
                    "-force_key_frames", "expr:gte(t,n_forced*\(Units.number(keyframes)))", "-x264-params",
                    "open-gop=0:scenecut=0",
                ]
            }
        }
        switch plan.audio {
        case .none: break
        case .copy:
            arguments += ["-c:a", "copy"]
            // A copied packet that starts before the output's start is left out (the CLI keeps it).
            if plan.primingCut == .dropPackets { arguments += ["-copypriorss:a", "0"] }
        case .encode(let encode):
            if let filters = plan.primingCut?.filters, !filters.isEmpty {
                arguments += ["-af", filters.joined(separator: ",")]
            }
            arguments += ["-c:a", encode.codec == .opus ? "libopus" : "aac", "-b:a", "\(encode.bitRateKbps)k"]
            if let sampleRate = encode.sampleRate { arguments += ["-ar", "\(sampleRate)"] }
            if let channels = encode.channels { arguments += ["-ac", "\(channels)"] }
        }
        switch plan.container {
        case .mp4:
            if plan.dropEditList { arguments += ["-use_editlist", "0"] }
            if let scale = plan.movieTimescale { arguments += ["-movie_timescale", "\(scale)"] }
            // Without an edit list, negative composition offsets keep a B-frame stream's start at 0.
            arguments += ["-movflags", plan.dropEditList ? "+faststart+negative_cts_offsets" : "+faststart", "-f", "mp4"]
        case .webm:
            arguments += ["-f", "webm"]
        }
        return ["ffmpeg"] + inputs + arguments + [path(plan.output)]
    }

    /// The ffmpeg command of an image plan, word by word.
    public static func words(_ plan: ImagePlan) -> [String] {
        var filters: [String] = []
        var words = ["ffmpeg"]
        if let turn = plan.turn, let filter = turnFilters[turn] {
            // The turn is made here, the same on every ffmpeg: before 8.0 the CLI turns a JPEG by
            // its EXIF but not a PNG, from 8.0 both, and with -noautorotate it writes the
            // orientation back into the output unless the display matrix is dropped.
            words.append("-noautorotate")
            filters += [filter, "sidedata=mode=delete:type=DISPLAYMATRIX"]
        }
        if let fit = plan.fit { filters.append("scale=\(fit.width):\(fit.height):force_original_aspect_ratio=decrease") }
        words += ["-i", path(plan.input)]
        if !filters.isEmpty { words += ["-vf", filters.joined(separator: ",")] }
        words += ["-frames:v", "1", "-f", "image2"]
        if plan.format == .png { words += ["-c:v", "png"] }
        return words + [path(plan.output)]
    }

    /// FFmpeg's filters that turn pixels as an EXIF orientation says.
    static let turnFilters = [
        2: "hflip", 3: "hflip,vflip", 4: "vflip", 5: "transpose=0", 6: "transpose=1", 7: "transpose=3", 8: "transpose=2",
    ]

    /// A file name as ffmpeg reads it as that file: a name that starts with "-" would be an option
    /// ("./-clip.mp4"); a name whose part before a ":" has no "/" would be a protocol
    /// ("concat:x.mp4", "http:x"), so it is written with ffmpeg's file: protocol.
    static func path(_ path: String) -> String {
        let safe = argumentPath(path)
        if let colon = safe.firstIndex(of: ":"), !safe[..<colon].contains("/") { return "file:" + safe }
        return safe
    }

    /// A file name no command takes for an option: "./" before a relative name that starts with "-".
    static func argumentPath(_ path: String) -> String { path.hasPrefix("-") ? "./" + path : path }

    /// The words as one POSIX shell command line.
    static func line(_ words: [String]) -> String { words.map(shellQuoted).joined(separator: " ") }

    /// POSIX shell quoting: bare when safe, else single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_./:+=,@%".unicodeScalars.contains($0)
        }
        if safe, !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
