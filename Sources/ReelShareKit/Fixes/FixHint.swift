// Fix plans: what makes a file pass, when the fix is mechanical, as one plan that two things read:
// `validate` renders it as the ffmpeg command it prints, and `fix` carries it out in process. So
// the hint and the fix cannot disagree.
//
// Each failing rule contributes changes (trim, scale, re-encode, move the index, retag...) and one
// plan is made of them all. A plan is a promise, so it:
// - names its output container from what the target takes (MP4, or WebM for VP8/VP9 kept as
//   they are), never from the input's name;
// - lands strictly inside a limit (a trim ends a frame and an audio packet short of it; a frame
//   rate is a common one comfortably inside the range);
// - copies what is already fine (the video when only the container, index or tag changes; AAC
//   audio into MP4) instead of re-encoding it.
// The output goes beside the input as NAME.fixed.mp4 (or .webm, .png); the input is never
// overwritten.

/// Encoder settings a rule asks of a re-encoded video (H.264 High, 8-bit 4:2:0).
struct EncodeSettings: Equatable {
    var bitRateKbps: Int?
    var bufferKbps: Int?
    var keyframeSeconds: Double?

    /// These settings, with `other`'s where it has them.
    func merged(_ other: EncodeSettings) -> EncodeSettings {
        EncodeSettings(
            bitRateKbps: other.bitRateKbps ?? bitRateKbps, bufferKbps: other.bufferKbps ?? bufferKbps,
            keyframeSeconds: other.keyframeSeconds ?? keyframeSeconds)
    }
}

/// Audio settings a rule asks of re-encoded audio.
struct AudioSettings: Equatable {
    var bitRateKbps: Int?
    var sampleRate: Int?
    var channels: Int?

    func merged(_ other: AudioSettings) -> AudioSettings {
        AudioSettings(
            bitRateKbps: other.bitRateKbps ?? bitRateKbps, sampleRate: other.sampleRate ?? sampleRate,
            channels: other.channels ?? channels)
    }
}

/// One mechanical change to a video file.
enum VideoChange: Equatable {
    /// End at or before this many seconds.
    case trim(Double)
    /// Loop until at least this many seconds.
    case loop(Double)
    /// A video filter (scale=..., fps=...), in FFmpeg's filter syntax.
    case filter(String)
    /// Re-encode the video to H.264 (High, 8-bit 4:2:0) with these settings.
    case encode(EncodeSettings)
    /// Keep the video stream, change the container to MP4.
    case rewrap
    /// Keep the video stream (VP8/VP9), change the container to WebM.
    case rewrapWebM
    /// Keep the video stream, write its sample entry as this tag (hvc1).
    case retag(String)
    /// Re-encode the audio to AAC with these settings.
    case audio(AudioSettings)
    case fastStart
    case dropEditList

    /// Whether the change makes a new video stream (so the encoder's settings matter).
    var reencodesVideo: Bool {
        switch self {
        case .trim, .loop, .filter, .encode: return true
        case .rewrap, .rewrapWebM, .retag, .audio, .fastStart, .dropEditList: return false
        }
    }
}

/// What a finding offers: changes to a video, an image to redraw, or another tool's command.
enum Fix: Equatable {
    case video([VideoChange])
    case image(ImagePlan)
    case external([String])
}

/// How the video stream of a fixed file is made.
public enum VideoStep: Sendable, Equatable {
    /// Copied packet for packet, its sample entry tagged `tag` when given (hvc1).
    case copy(tag: String?)
    /// Decoded, filtered and encoded to H.264 High, 8-bit 4:2:0.
    case encode(filters: [String], bitRateKbps: Int?, bufferKbps: Int?, keyframeSeconds: Double?)
}

/// How the audio stream of a fixed file is made.
public enum AudioStep: Sendable, Equatable {
    case none
    case copy
    /// Re-encoded to `codec` ("aac", "opus").
    case encode(codec: String, bitRateKbps: Int, sampleRate: Int?, channels: Int?)
}

/// The plan for a video file: the container, each stream's step, and the cut.
public struct VideoPlan: Sendable, Equatable {
    public enum Container: String, Sendable { case mp4, webm }

    public var input: String
    public var output: String
    public var container: Container
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
    /// An empty edit's delay of the picture that no edit list will carry: the re-encoded video
    /// starts with the first frame held this long, so that it stays in step with the audio and the
    /// picture still appears when it did (as the ffmpeg CLI fills a constant frame rate).
    public var videoDelaySeconds: Double?
    /// The re-encode loses the picture's transparency (H.264 carries none).
    public var dropsAlpha = false
    /// The source is RGB (a libx264rgb screen recording, GBR HEVC): the re-encode makes it Y'CbCr
    /// by the BT.709 matrix in limited range and tags it so, as the in-process fix does (its own
    /// tags, identity and full range, would make players read the new planes as RGB).
    public var fromRGB = false
}

/// The plan for an image: a still picture, turned as shown, fitted, in PNG or JPEG.
public struct ImagePlan: Sendable, Equatable {
    public var input: String
    /// The input's format, as the probe named it (png, jpeg, gif, webp...).
    public var inputFormat: String
    public var output: String
    /// "png" or "jpeg"
    public var format: String
    /// The EXIF orientation to turn the pixels by (FFmpeg turns JPEGs itself, not PNGs).
    public var turn: Int?
    /// Fit inside width x height, keeping the shape.
    public var fit: PixelSize?
    /// The input is animated (or a format that may be): its first frame.
    public var firstFrame: Bool
}

public struct PixelSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
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
        case .video(let plan): return FixHint.command(FixHint.ffmpeg(plan))
        case .image(let plan): return FixHint.command(FixHint.ffmpeg(plan))
        case .external(let words): return FixHint.command(words)
        }
    }

    /// What the plan does to each stream, in words (`fix --dry-run`).
    public var operations: [String] {
        switch self {
        case .video(let plan):
            var steps: [String] = []
            if let loop = plan.loopTo { steps.append("loop the clip to \(Units.number(loop + 0.1)) s") }
            if let cut = plan.cutAtKeyframe {
                steps.append("cut at the keyframe at \(Units.number(cut)) s (packets copied)")
            } else if let trim = plan.trimTo {
                steps.append("end at \(Units.number(trim)) s")
            }
            switch plan.video {
            case .copy(let tag):
                steps.append("video: copy" + (tag.map { ", tagged \($0)" } ?? ""))
            case .encode(let filters, let rate, _, let keyframes):
                var words = "video: encode H.264 High 8-bit 4:2:0"
                if !filters.isEmpty { words += " after \(filters.joined(separator: ","))" }
                if let rate { words += ", \(rate) kb/s at most" }
                if let keyframes { words += ", a keyframe every \(Units.number(keyframes)) s" }
                if plan.fromRGB { words += "; RGB made Y'CbCr by the BT.709 matrix in limited range, tagged so" }
                if plan.dropsAlpha { words += "; its transparency is dropped (H.264 carries none)" }
                steps.append(words)
            }
            switch plan.audio {
            case .none: break
            case .copy: steps.append("audio: copy")
            case .encode(let codec, let rate, let sampleRate, let channels):
                var words = "audio: encode \(codec == "aac" ? "AAC" : "Opus") \(rate) kb/s"
                if let sampleRate { words += ", \(sampleRate) Hz" }
                if let channels { words += ", \(channels) channel\(channels == 1 ? "" : "s")" }
                steps.append(words)
            }
            steps.append(
                plan.container == .mp4
                    ? "write MP4 with the index first" + (plan.dropEditList ? ", no edit list" : "") : "write WebM")
            return steps
        case .image(let plan):
            var steps: [String] = []
            if plan.firstFrame { steps.append("take the first frame") }
            if let turn = plan.turn, turn != 1 { steps.append("turn the pixels as EXIF orientation \(turn) says") }
            if let fit = plan.fit { steps.append("fit inside \(fit.width)x\(fit.height)") }
            steps.append("write \(plan.format.uppercased())")
            return steps
        case .external(let words):
            return ["run \(words.first ?? "another tool") (reelshare cannot write this format)"]
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
}

public enum FixHint {
    /// The plan of `fix` for the file of `s`.
    static func plan(_ fix: Fix, for s: Subject, keyframes: [Double]? = nil) -> FixPlan {
        switch fix {
        case .video(let changes): return .video(videoPlan(changes, for: s, keyframes: keyframes))
        case .image(let plan): return .image(plan)
        case .external(let words): return .external(words)
        }
    }

    /// One plan for all of `fixes` together: the video changes combined; else the first fix's.
    static func combined(_ fixes: [Fix], for s: Subject, keyframes: [Double]? = nil) -> FixPlan? {
        let changes = fixes.flatMap { fix -> [VideoChange] in
            if case .video(let changes) = fix { return changes }
            return []
        }
        if !changes.isEmpty { return .video(videoPlan(changes, for: s, keyframes: keyframes)) }
        return fixes.first.map { plan($0, for: s) }
    }

    /// How far short of a duration limit a trim ends: a frame (at the clip's rate, 30 fps when
    /// unknown) and an audio packet copied whole (2048 samples, HE-AAC's, at the clip's sample
    /// rate: 0.26 s at 8 kHz), so that neither stream's last packet carries it over.
    static func trimTarget(_ limit: Double, media: AVMedia?) -> Double {
        let frame = 1 / max(media?.video?.frameRate ?? 30, 1)
        let packet = media?.audio == nil ? 0 : 2048 / Double(max(media?.audio?.sampleRate ?? 44_100, 1000))
        let target = limit - frame - packet
        return (target * 1000).rounded(.down) / 1000
    }

    /// The plan for a video. With the video's `keyframes` (times, when known), a trim whose target
    /// has a keyframe within a second before it cuts there by copying packets instead of
    /// re-encoding.
    static func videoPlan(_ changes: [VideoChange], for s: Subject, keyframes: [Double]?) -> VideoPlan {
        let media = s.av
        var loopTo: Double?
        var trimTo: Double?
        var filters: [String] = []
        var encode: EncodeSettings?
        var webm = false
        var tag: String?
        var audio: AudioSettings?
        var dropEditList = false
        for change in changes {
            switch change {
            case .trim(let seconds):
                trimTo = min(trimTo ?? seconds, seconds)
            case .loop(let seconds):
                loopTo = max(loopTo ?? seconds, seconds)
            case .filter(let filter):
                // One frame rate: the first rule's (the range) wins over a later one's.
                let fps = filter.hasPrefix("fps=") && filters.contains { $0.hasPrefix("fps=") }
                // Fields are woven into frames before anything scales or retimes them.
                if !filters.contains(filter), !fps {
                    if filter.hasPrefix("bwdif") { filters.insert(filter, at: 0) } else { filters.append(filter) }
                }
            case .encode(let settings):
                encode = (encode ?? EncodeSettings()).merged(settings)
            case .rewrap, .fastStart:
                break  // every plan writes MP4 with the index first
            case .rewrapWebM:
                webm = true
            case .retag(let value):
                tag = value
            case .audio(let settings):
                audio = (audio ?? AudioSettings()).merged(settings)
            case .dropEditList:
                dropEditList = true
            }
        }
        let trimTarget = trimTo.map { Self.trimTarget($0, media: media) }
        // A trim copies packets when a keyframe lies within a second before its target, and
        // nothing else re-encodes the video; otherwise it re-encodes to end exactly there.
        // Where only the audio runs past the target (a short video over a longer song), the video
        // is copied whole and the audio cut.
        let videoFits = trimTarget.flatMap { target in media?.video?.durationSeconds.map { $0 <= target } } ?? false
        let cut =
            videoFits
            ? nil
            : trimTarget.flatMap { target in
                keyframes?.last(where: { $0 <= target }).flatMap { $0 > 0 && $0 >= target - 1 ? $0 : nil }
            }
        let reencode =
            loopTo != nil || !filters.isEmpty || encode != nil || (trimTarget != nil && cut == nil && !videoFits)
        // Re-encoding makes H.264, which goes in MP4 whatever else was asked.
        let container: VideoPlan.Container = webm && !reencode && audio == nil ? .webm : .mp4
        let oddSize = (media?.video?.width ?? 0) % 2 == 1 || (media?.video?.height ?? 0) % 2 == 1
        if reencode, oddSize, !filters.contains(where: { $0.hasPrefix("scale=") }) {
            filters.append("scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2)")  // H.264 4:2:0 needs even sizes
        }
        let video: VideoStep =
            reencode
            ? .encode(
                filters: filters, bitRateKbps: encode?.bitRateKbps, bufferKbps: encode?.bufferKbps,
                keyframeSeconds: encode?.keyframeSeconds)
            : .copy(tag: container == .mp4 ? tag ?? (media?.video?.codec == "hevc" ? "hvc1" : nil) : nil)
        var audioStep = AudioStep.none
        if let stream = media?.audio {
            if container == .webm {
                audioStep =
                    ["opus", "vorbis"].contains(stream.codec ?? "")
                    ? .copy : .encode(codec: "opus", bitRateKbps: 96, sampleRate: nil, channels: nil)
            } else if let audio {
                audioStep = .encode(
                    codec: "aac", bitRateKbps: audio.bitRateKbps ?? 128, sampleRate: audio.sampleRate, channels: audio.channels)
            } else if stream.codec == "aac" {
                audioStep = .copy
            } else {
                audioStep = .encode(codec: "aac", bitRateKbps: 128, sampleRate: nil, channels: nil)
            }
        }
        // A loop starts the audio over too: it is re-encoded, as the video is.
        if loopTo != nil, audioStep == .copy {
            audioStep = .encode(codec: "aac", bitRateKbps: 128, sampleRate: nil, channels: nil)
        }
        let delay = media?.startSeconds.flatMap { $0 > 0 && reencode && container == .mp4 && dropEditList ? $0 : nil }
        var plan = VideoPlan(
            input: s.report.path, output: fixedPath(s.report.path, extension: container.rawValue), container: container,
            video: video, audio: audioStep, loopTo: loopTo, trimTo: cut == nil ? trimTarget : nil, cutAtKeyframe: cut,
            dropEditList: container == .mp4 && dropEditList, videoDelaySeconds: delay)
        plan.dropsAlpha = reencode && media?.video?.hasAlpha == true
        plan.fromRGB = reencode && (media?.video?.pixelFormat).map(Units.isRGB) == true
        return plan
    }

    /// The ffmpeg command line of a video plan.
    static func ffmpeg(_ plan: VideoPlan) -> [String] {
        var before: [String] = []
        var arguments: [String] = []
        if let seconds = plan.loopTo {
            before = ["-stream_loop", "-1"]
            arguments += ["-t", Units.number(seconds + 0.1)]
        } else if let seconds = plan.cutAtKeyframe ?? plan.trimTo {
            arguments += ["-t", Units.number(seconds)]
        }
        switch plan.video {
        case .copy(let tag):
            arguments += ["-c:v", "copy"]
            if let tag { arguments += ["-tag:v", tag] }
        case .encode(var filters, let rate, let buffer, let keyframes):
            if plan.fromRGB { filters += ["scale=out_color_matrix=bt709:out_range=tv", "format=yuv420p"] }
            if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
            arguments += ["-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p"]
            if plan.fromRGB { arguments += ["-colorspace", "bt709", "-color_range", "tv"] }
            if let rate { arguments += ["-b:v", "\(rate)k", "-maxrate", "\(rate)k", "-bufsize", "\(buffer ?? 2 * rate)k"] }
            if let keyframes {
                arguments += [
                    "-force_key_frames", "expr:gte(t,n_forced*\(Units.number(keyframes)))", "-x264-params", "open-gop=0",
                ]
            }
        }
        switch plan.audio {
        case .none: break
        case .copy: arguments += ["-c:a", "copy"]
        case .encode(let codec, let rate, let sampleRate, let channels):
            arguments += ["-c:a", codec == "opus" ? "libopus" : "aac", "-b:a", "\(rate)k"]
            if let sampleRate { arguments += ["-ar", "\(sampleRate)"] }
            if let channels { arguments += ["-ac", "\(channels)"] }
        }
        switch plan.container {
        case .mp4:
            if plan.dropEditList { arguments += ["-use_editlist", "0"] }
            // Without an edit list, negative composition offsets keep a B-frame stream's start at 0.
            arguments += ["-movflags", plan.dropEditList ? "+faststart+negative_cts_offsets" : "+faststart", "-f", "mp4"]
        case .webm:
            arguments += ["-f", "webm"]
        }
        return ["ffmpeg"] + before + ["-i", ffmpegPath(plan.input)] + arguments + [ffmpegPath(plan.output)]
    }

    /// The ffmpeg command line of an image plan.
    static func ffmpeg(_ plan: ImagePlan) -> [String] {
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
        words += ["-i", ffmpegPath(plan.input)]
        if !filters.isEmpty { words += ["-vf", filters.joined(separator: ",")] }
        words += ["-frames:v", "1", "-f", "image2"]
        if plan.format == "png" { words += ["-c:v", "png"] }
        return words + [ffmpegPath(plan.output)]
    }

    /// A file name as a command reads it as that file: a name that starts with "-" would be an
    /// option ("./-clip.mp4"); for ffmpeg, a name whose part before a ":" has no "/" would be a
    /// protocol ("concat:x.mp4", "http:x"), so it is written with ffmpeg's file: protocol.
    static func ffmpegPath(_ path: String) -> String {
        let safe = argumentPath(path)
        if let colon = safe.firstIndex(of: ":"), !safe[..<colon].contains("/") { return "file:" + safe }
        return safe
    }

    /// A file name no command takes for an option: "./" before a relative name that starts with "-".
    static func argumentPath(_ path: String) -> String { path.hasPrefix("-") ? "./" + path : path }

    /// FFmpeg's filters that turn pixels as an EXIF orientation says.
    static let turnFilters = [
        2: "hflip", 3: "hflip,vflip", 4: "vflip", 5: "transpose=0", 6: "transpose=1", 7: "transpose=3", 8: "transpose=2",
    ]

    /// The turn a fix must make in the pixels: the EXIF orientation of a PNG or JPEG.
    static func pixelTurn(_ image: ImageMedia) -> Int? {
        guard image.format == "png" || image.format == "jpeg", let orientation = image.orientation, orientation != 1 else {
            return nil
        }
        return orientation
    }

    /// A still PNG from another image format. FFmpeg reads GIF and WebP (an animated one from
    /// FFmpeg 9: framesDecodable says); HEIF needs libheif.
    static func toPNG(_ s: Subject, image: ImageMedia) -> Fix? {
        let output = fixedPath(s.report.path, extension: "png")
        if ["heic", "avif"].contains(image.format) {
            return .external(["heif-convert", argumentPath(s.report.path), argumentPath(output)])
        }
        if image.framesDecodable == false { return nil }
        return .image(
            ImagePlan(
                input: s.report.path, inputFormat: image.format, output: output, format: "png", turn: pixelTurn(image), fit: nil,
                firstFrame: image.format != "png" && image.format != "jpeg"))
    }

    /// An 8-bit JPEG from a JPEG of other samples (12-bit, lossless): FFmpeg's decoder reads those.
    static func eightBitJPEG(_ s: Subject, image: ImageMedia) -> Fix? {
        .image(
            ImagePlan(
                input: s.report.path, inputFormat: "mjpeg", output: fixedPath(s.report.path, extension: "jpg"), format: "jpeg",
                turn: nil, fit: nil, firstFrame: true))
    }

    /// The first frame of an animated image, as a still PNG.
    static func firstFrame(_ s: Subject, image: ImageMedia) -> Fix? {
        if image.framesDecodable == false { return nil }  // an animated WebP before FFmpeg 9
        return .image(
            ImagePlan(
                input: s.report.path, inputFormat: image.format, output: fixedPath(s.report.path, extension: "png"),
                format: "png", turn: pixelTurn(image),
                fit: nil, firstFrame: true))
    }

    /// Shrinks an image to fit width x height as displayed, keeping its aspect ratio and format.
    static func shrink(_ s: Subject, width: Int, height: Int) -> Fix {
        let jpeg = s.image?.format == "jpeg"
        return .image(
            ImagePlan(
                input: s.report.path, inputFormat: s.image?.format ?? "",
                output: fixedPath(s.report.path, extension: jpeg ? "jpg" : "png"),
                format: jpeg ? "jpeg" : "png", turn: s.image.flatMap(pixelTurn), fit: PixelSize(width: width, height: height),
                firstFrame: false))
    }

    static func command(_ words: [String]) -> String { words.map(shellQuoted).joined(separator: " ") }

    /// "dir/clip.mp4" -> "dir/clip.fixed.EXT".
    public static func fixedPath(_ path: String, extension newExtension: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(path[..<$0]) } ?? path
        return "\(stem).fixed.\(newExtension)"
    }

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
