// Fix plans are made here: each failing rule contributes changes (trim, scale, re-encode, move the
// index, retag...) and one plan (FixPlan.swift) is made of them all, which FFmpegCommand renders
// as the command `validate` prints and `fix` carries out in process. A plan is a promise, so it:
// - names its output container from what the target takes (MP4, or WebM for VP8/VP9 kept as
//   they are), never from the input's name;
// - keeps the streams the probe described, named by their index, and leaves out the rest;
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
    /// A change to the frames (scale, frame rate, deinterlace, even sides).
    case filter(VideoFilter)
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
    /// An audio file made a clip: this picture held over its sound.
    case still(StillPicture)

    /// Whether the change makes a new video stream (so the encoder's settings matter).
    var reencodesVideo: Bool {
        switch self {
        case .trim, .loop, .filter, .encode, .still: return true
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
        var filters: [VideoFilter] = []
        var encode: EncodeSettings?
        var webm = false
        var tag: String?
        var audio: AudioSettings?
        var dropEditList = false
        var still: StillPicture?
        for change in changes {
            switch change {
            case .trim(let seconds):
                trimTo = min(trimTo ?? seconds, seconds)
            case .loop(let seconds):
                loopTo = max(loopTo ?? seconds, seconds)
            case .filter(let filter):
                // One frame rate: the first rule's (the range) wins over a later one's.
                let fps: Bool
                if case .frameRate = filter {
                    fps = filters.contains { if case .frameRate = $0 { return true } else { return false } }
                } else {
                    fps = false
                }
                // Fields are woven into frames before anything scales or retimes them.
                if !filters.contains(filter), !fps {
                    if filter == .deinterlace { filters.insert(filter, at: 0) } else { filters.append(filter) }
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
            case .still(let picture):
                still = picture
            }
        }
        let trimTarget = trimTo.map { Self.trimTarget($0, media: media) }
        // A trim copies packets when a keyframe lies within a second before its target, and
        // nothing else re-encodes the video; otherwise it re-encodes to end exactly there.
        // Where only the audio runs past the target (a short video over a longer song), the video
        // is copied whole and the audio cut.
        let videoFits = trimTarget.flatMap { target in media?.video?.durationSeconds.map { $0 <= target } } ?? false
        let cut =
            videoFits || still != nil
            ? nil
            : trimTarget.flatMap { target in
                keyframes?.last(where: { $0 <= target }).flatMap { $0 > 0 && $0 >= target - 1 ? $0 : nil }
            }
        // An audio file's clip: its picture fitted on the vertical canvas, every frame encoded.
        if still != nil { filters.insert(.fit(width: StillVideo.canvas.width, height: StillVideo.canvas.height), at: 0) }
        let reencode =
            still != nil || loopTo != nil || !filters.isEmpty || encode != nil || (trimTarget != nil && cut == nil && !videoFits)
        // Re-encoding makes H.264, which goes in MP4 whatever else was asked.
        let container: VideoPlan.Container = webm && !reencode && audio == nil ? .webm : .mp4
        let oddSize = (media?.video?.width ?? 0) % 2 == 1 || (media?.video?.height ?? 0) % 2 == 1
        if reencode, oddSize, !filters.contains(where: \.sizes) { filters.append(.evenSides) }  // H.264 4:2:0
        let video: VideoStep =
            reencode
            ? .encode(
                VideoEncode(
                    filters: filters, toBT709: media?.video?.rgb == true,
                    toneMap: media?.video?.hdr.flatMap(HDRTransfer.init(rawValue:)),
                    bitRateKbps: encode?.bitRateKbps, bufferKbps: encode?.bufferKbps, keyframeSeconds: encode?.keyframeSeconds))
            : .copy(tag: container == .mp4 ? tag ?? (media?.video?.codecID == .hevc ? "hvc1" : nil) : nil)
        var audioStep = AudioStep.none
        if let stream = media?.audio {
            if container == .webm {
                // Opus at 48 kHz: libopus takes 48, 24, 16, 12 or 8 kHz, and players decode at 48.
                audioStep =
                    [.opus, .vorbis].contains(stream.codecID)
                    ? .copy : .encode(AudioEncode(codec: .opus, bitRateKbps: 96, sampleRate: 48000))
            } else if let audio {
                audioStep = .encode(
                    AudioEncode(
                        codec: .aac, bitRateKbps: audio.bitRateKbps ?? 128, sampleRate: audio.sampleRate,
                        channels: audio.channels))
            } else if stream.codecID == .aac {
                audioStep = .copy
            } else {
                audioStep = .encode(AudioEncode(codec: .aac, bitRateKbps: 128))
            }
        }
        // A loop starts the audio over too: it is re-encoded, as the video is.
        if loopTo != nil, audioStep == .copy { audioStep = .encode(AudioEncode(codec: .aac, bitRateKbps: 128)) }
        let delay = media?.startSeconds.flatMap { $0 > 0 && reencode && container == .mp4 && dropEditList ? $0 : nil }
        // An animated picture made a clip (GIF, APNG, WebP) is one stream to FFmpeg: its 0. An
        // audio file's clip takes its cover art's stream, or none.
        var videoIndex = media == nil ? 0 : media?.video?.index
        if let still { videoIndex = if case .coverArt(let stream) = still { stream } else { nil } }
        let kept = [videoIndex, audioStep == .none ? nil : media?.audio?.index].compactMap { $0 }
        var plan = VideoPlan(
            input: s.report.path, output: fixedPath(s.report.path, extension: container.rawValue), container: container,
            videoStream: videoIndex, audioStream: audioStep == .none ? nil : media?.audio?.index,
            leftOut: (media?.streams ?? []).filter { !kept.contains($0.index) }, video: video, audio: audioStep,
            loopTo: loopTo, trimTo: cut == nil ? trimTarget : nil, cutAtKeyframe: cut,
            dropEditList: container == .mp4 && dropEditList, videoDelaySeconds: delay)
        if plan.container == .mp4, !plan.dropEditList, plan.audio != .none,
            (media?.startSeconds ?? 0) > 0 || media?.audio?.startSeconds != nil
        {
            plan.movieTimescale = VideoPlan.sampleExactTimescale
        }
        if let stream = media?.audio {
            let rate = filters.lazy.compactMap { if case .frameRate(let rate) = $0 { rate } else { nil } }.first
            Self.cutPriming(&plan, stream, frameRate: media?.video?.frameRate, convertedTo: rate, start: media?.startSeconds)
        }
        if let still, let seconds = media?.audio?.durationSeconds ?? media?.durationSeconds {
            // Held as long as the sound plays: to the loop's end, or its own end if the plan's is later.
            let held = plan.loopTo != nil ? plan.endSeconds ?? seconds : min(seconds, plan.endSeconds ?? seconds)
            plan.still = StillVideo(picture: still, seconds: held)
        }
        // A transport stream after junk: FFmpeg's probe takes it for MPEG-PS.
        plan.inputFormat = media?.leadingJunkBytes != nil ? "mpegts" : nil
        // An animated WebP's frames come from libwebp: FFmpeg before 9 decodes none.
        plan.webpFrames = s.image?.format == .webp
        plan.dropsAlpha = reencode && media?.video?.hasAlpha == true
        plan.sourceRGB = media?.video?.rgb == true
        plan.pixelAspect = media?.video?.sampleAspectRatio ?? PixelRatio(1, 1)
        if let video = media?.video {
            plan.turn = video.orientation
            if let width = video.width, let height = video.height { plan.codedSize = PixelSize(width: width, height: height) }
            plan.sourceFullRange = video.pixelFormat?.hasPrefix("yuvj") == true
        }
        plan.sourceSampleRate = media?.audio?.sampleRate
        plan.sourceChannels = media?.audio?.channels
        let madeRate = plan.encode?.filters.contains { if case .frameRate = $0 { true } else { false } } ?? false
        if plan.framesKeepTheirTimes, !madeRate { plan.encoderTimeBase = media?.video?.timeBase }
        return plan
    }

    /// An MP4 without an edit list plays whatever its audio's first packet holds from the start:
    /// copied AAC keeps only the packets from its start, where the source's priming fills whole
    /// packets, and is otherwise re-encoded; AAC encoded starts its input one priming in, so that
    /// the encoder's own priming stands where the cut samples were. The sound then plays with the
    /// picture it was made with.
    ///
    /// A picture that starts less than a frame after the sound's first sample (a WebM's Opus
    /// starts a few ms early), or with it, is moved to the start where frames are made at a constant rate: without an edit
    /// list the picture cannot be held back for less than a frame, and a frame rate conversion
    /// (`fps`, in any container) would put the first frame on its own grid. The move is said
    /// (VideoFilter.startAtZero, first), and the sound is counted from its first sample and cut by
    /// as much (PrimingCut.leadSeconds), so that it keeps its place against the picture on every
    /// FFmpeg, whichever instant the release starts the file's clock at.
    static func cutPriming(
        _ plan: inout VideoPlan, _ stream: AudioStream, frameRate: Double?, convertedTo rate: Double?, start: Double?
    ) {
        // The picture's lead, where it is moved to the start: nil where it is not, or not known
        // (a start of 0 is a Matroska picture that starts with its sound's first sample; a
        // negative lead a sound that starts after the picture, without an edit list to say so,
        // whether the picture is encoded or copied).
        var lead: Double?
        if plan.dropEditList, case .encode = plan.video, let start, start < 1 / max(frameRate ?? 30, 1) {
            lead = start
            plan.videoDelaySeconds = nil
        } else if plan.dropEditList, let late = stream.startSeconds {
            lead = -late
        } else if !plan.dropEditList, let rate, rate > 0, let start, start < 1 / rate {
            lead = start
        }
        if plan.audio == .copy {
            let priming = plan.dropEditList ? stream.primingSamples ?? 0 : 0
            guard (lead ?? 0) != 0 || priming > 0 else { return }
            if stream.primingPackets != nil, (lead ?? 0) == 0 {
                plan.primingCut = .dropPackets
                return
            }
            plan.audio = .encode(AudioEncode(codec: .aac, bitRateKbps: 128))
        }
        guard case .encode(let encode) = plan.audio, encode.codec == .aac,
            let sampleRate = encode.sampleRate ?? stream.sampleRate, sampleRate > 0
        else { return }
        let priming = plan.dropEditList ? Double(PrimingCut.aacEncoderPriming) / Double(sampleRate) : 0
        if let lead, case .encode(var video) = plan.video {
            video.filters.insert(.startAtZero, at: 0)
            plan.video = .encode(video)
            plan.primingCut = .leadSeconds(lead, primingSeconds: priming)
        } else if let lead {
            // A copied picture plays from its first frame: a late sound is held back against it.
            plan.primingCut = .leadSeconds(lead, primingSeconds: priming)
        } else if priming > 0 {
            plan.primingCut = .trimSeconds(priming)
        }
    }

    /// The turn a fix must make in the pixels: the EXIF orientation of a PNG or JPEG.
    static func pixelTurn(_ image: ImageMedia) -> Int? {
        guard image.format.isDecodedInFull, let orientation = image.orientation, orientation != 1 else {
            return nil
        }
        return orientation
    }

    /// A still PNG (or, where `allowed` takes no PNG, a JPEG: the Graph API's images) from another
    /// image format. FFmpeg reads GIF, libwebp WebP (an animated one too, on every FFmpeg), libheif
    /// HEIC and AVIF: a photo becomes the JPEG where the target takes one and the picture has no
    /// alpha, else the PNG. An HDR picture (PQ, HLG) has none: pictures are not tone-mapped.
    static func converted(_ s: Subject, image: ImageMedia, allowed: [String]) -> Fix? {
        let png = allowed.contains(ImageFileFormat.png.rawValue), jpeg = allowed.contains(ImageFileFormat.jpeg.rawValue)
        let format: PictureFormat
        if image.format.isHEIF {
            guard image.colour?.hdr == nil else { return nil }
            format = jpeg && (image.hasAlpha != true || !png) ? .jpeg : .png
        } else {
            format = !png && jpeg ? .jpeg : .png
        }
        let output = fixedPath(s.report.path, extension: format == .jpeg ? "jpg" : "png")
        return .image(
            ImagePlan(
                input: s.report.path, decoder: ImagePlan.decoder(for: image.format), output: output, format: format,
                turn: pixelTurn(image), fit: nil, firstFrame: !image.format.isDecodedInFull, target: s.target,
                fixOptions: s.fixOptions, colour: image.format.isHEIF && image.hasColorProfile != true ? image.colour : nil))
    }

    /// An 8-bit JPEG from a JPEG of other samples (12-bit, lossless): FFmpeg's decoder reads those.
    static func eightBitJPEG(_ s: Subject, image: ImageMedia) -> Fix? {
        .image(
            ImagePlan(
                input: s.report.path, decoder: .ffmpeg, output: fixedPath(s.report.path, extension: "jpg"), format: .jpeg,
                turn: nil, fit: nil, firstFrame: true))
    }

    /// The first frame of an animated image, as a still PNG.
    static func firstFrame(_ s: Subject, image: ImageMedia) -> Fix? {
        return .image(
            ImagePlan(
                input: s.report.path, decoder: ImagePlan.decoder(for: image.format),
                output: fixedPath(s.report.path, extension: "png"),
                format: .png, turn: pixelTurn(image),
                fit: nil, firstFrame: true))
    }

    /// Shrinks an image to fit width x height as displayed, keeping its aspect ratio and format.
    static func shrink(_ s: Subject, width: Int, height: Int) -> Fix {
        let jpeg = s.image?.format == .jpeg
        return .image(
            ImagePlan(
                input: s.report.path, decoder: s.image.map { ImagePlan.decoder(for: $0.format) } ?? .ffmpeg,
                output: fixedPath(s.report.path, extension: jpeg ? "jpg" : "png"),
                format: jpeg ? .jpeg : .png, turn: s.image.flatMap(pixelTurn), fit: PixelSize(width: width, height: height),
                firstFrame: false))
    }

    /// "dir/clip.mp4" -> "dir/clip.fixed.EXT".
    public static func fixedPath(_ path: String, extension newExtension: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(path[..<$0]) } ?? path
        return "\(stem).fixed.\(newExtension)"
    }
}
