// Probing through the FFmpeg shim (CReelShareAV): rs_av_info becomes ReelShareKit values and
// rs_av_status a ProbeFailure; no C type leaves this file. (The same shim draws frames for
// Pictures.swift and carries out fixes for Fixer.swift.)
import CReelShareAV
import CReelShareIO
import ReelShareKit

enum FFmpeg {
    struct Options {
        var deep: Bool
        var decode: Bool
        var timeoutSeconds: Double
    }

    static var formatVersion: (running: String, built: String) {
        (String(cString: rs_av_format_version()), String(cString: rs_av_format_built_version()))
    }
    /// The running libavformat's major version.
    static var formatMajor: Int { Int(formatVersion.running.prefix { $0 != "." }) ?? 0 }
    static var codecVersion: (running: String, built: String) {
        (String(cString: rs_av_codec_version()), String(cString: rs_av_codec_built_version()))
    }
    static var releaseVersion: (running: String, built: String) {
        (String(cString: rs_av_ffmpeg_version()), String(cString: rs_av_ffmpeg_built_version()))
    }
    /// The portable build: FFmpeg and every other library linked in, nothing loaded.
    static var linkedStatically: Bool { rs_av_linked_statically() == 1 }

    /// Probes a video or audio file, already open on `descriptor`, through libavformat.
    static func probe(descriptor: Int32, path: String, options: Options) -> ProbeReport.Content {
        var info = rs_av_info()
        var message = [CChar](repeating: 0, count: 512)
        let status = Posix.withCPath(path) {
            rs_av_probe_descriptor(descriptor, $0, options.deep ? 1 : 0, options.timeoutSeconds, &info, &message, message.count)
        }
        guard status == RS_AV_OK else {
            let text = Posix.text(message)
            return .failure(ProbeFailure(code(for: status), text.isEmpty ? "cannot probe" : text))
        }
        // These two demuxers choose by file name alone: "x.txt" opens as ANSI art, "x.png" as a
        // PNG. Content that the sniffer and the content-probing demuxers did not recognise is not
        // what its name says. A text file is said in the sniffer's words, whichever FFmpeg (and
        // whichever of its demuxers) took it.
        switch info.demuxer_kind {
        case RS_AV_DEMUXER_TTY:
            return .failure(ProbeFailure(.unsupported, "not a recognised video, audio or image file: it is text"))
        case RS_AV_DEMUXER_IMAGE_FILE:
            let codec = string(info.video_codec) ?? "image"
            // An SVG that starts at its <svg> element (no XML declaration) is one FFmpeg's
            // svg_pipe does not claim: its content says what it is.
            if codec == "svg", startsWithSVG(descriptor) {
                return .image(ImageMedia(format: .svg, width: known(info.width), height: known(info.height), bitDepth: nil))
            }
            return .failure(
                ProbeFailure(.corrupt, "not a valid \(codec) file: the content does not match its name (damaged signature?)"))
        default: break
        }
        if info.demuxer_kind == RS_AV_DEMUXER_IMAGE_PIPE, info.has_video != 0 {
            let format = ImageFileFormat(rawValue: string(info.video_codec) ?? "unknown")
            // A vector drawing has no samples: the depth of FFmpeg's rasterizer output is not its.
            return .image(
                ImageMedia(
                    format: format, width: known(info.width), height: known(info.height),
                    bitDepth: format == .svg ? nil : known(info.bit_depth)))
        }
        var media = media(from: info)
        if options.decode, media.video != nil {
            switch decode(descriptor: descriptor, path: path, timeoutSeconds: options.timeoutSeconds) {
            case .success(let result): media.decode = result
            case .failure(let failure): return .failure(failure)
            }
        }
        return .av(media)
    }

    /// Whether the file open on `descriptor` starts, after white space, with an <svg> element.
    private static func startsWithSVG(_ descriptor: Int32) -> Bool {
        var head = [UInt8](repeating: 0, count: 256)
        let n = head.withUnsafeMutableBytes { rs_io_read(descriptor, $0.baseAddress!, $0.count, 0) }
        guard n > 0 else { return false }
        let text = head.prefix(Int(n)).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return text.starts(with: Array("<svg".utf8))
    }

    /// Decodes every video frame of the file open on `descriptor` (the decoder's own threads).
    static func decode(descriptor: Int32, path: String, timeoutSeconds: Double) -> Result<DecodeResult, ProbeFailure> {
        var result = rs_av_decode_result()
        var message = [CChar](repeating: 0, count: 512)
        let status = Posix.withCPath(path) {
            rs_av_decode_descriptor(descriptor, $0, 0, timeoutSeconds, &result, &message, message.count)
        }
        guard status == RS_AV_OK else {
            return .failure(ProbeFailure(code(for: status), Posix.text(message)))
        }
        let text = withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return .success(
            DecodeResult(
                packets: Int(result.packets), frames: Int(result.frames), errors: Int(result.errors),
                firstErrorSeconds: result.first_error_seconds >= 0 ? (result.first_error_seconds * 1e6).rounded() / 1e6 : nil,
                message: text.isEmpty ? nil : text))
    }

    static func code(for status: rs_av_status) -> ProbeFailureCode {
        switch status {
        case RS_AV_NOT_FOUND: return .notFound
        case RS_AV_UNREADABLE: return .unreadable
        case RS_AV_CORRUPT: return .corrupt
        case RS_AV_UNSUPPORTED: return .unsupported
        case RS_AV_TIMEOUT: return .timeout
        case RS_AV_TOO_LARGE: return .tooLarge
        default: return .internal
        }
    }

    private static func media(from info: rs_av_info) -> AVMedia {
        var media = AVMedia(container: string(info.container) ?? "unknown", family: family(info.demuxer_kind))
        media.durationSeconds = info.duration_seconds >= 0 ? info.duration_seconds : nil
        media.bitRate = known(info.format_bit_rate)
        media.fastStart = flag(info.fast_start)
        media.editList = flag(info.edit_list)
        media.editListEffect = effect(info.edit_list_effect)
        media.fragmented = info.fast_start < 0 ? nil : info.fragmented != 0
        media.truncated = info.truncated != 0
        media.trailingBytes = known(info.trailing_bytes)
        media.leadingJunkBytes = known(info.leading_junk)
        media.trailer = string(info.trailer)
        media.otherStreams = withUnsafeBytes(of: info.other_streams) { raw in
            Array(raw.bindMemory(to: rs_av_other_stream.self).prefix(Int(info.other_stream_count)))
        }.map { other in
            var tag = other.tag
            let text = withUnsafeBytes(of: &tag) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let kind = kind(other.kind)
            return OtherStream(index: Int(other.index), kind: kind == .unknown ? nil : kind, tag: text.isEmpty ? nil : text)
        }
        media.streams = withUnsafeBytes(of: info.streams) { raw in
            Array(raw.bindMemory(to: rs_av_stream_entry.self).prefix(Int(info.stream_count)))
        }.map { entry in
            var codec = entry.codec
            let name = withUnsafeBytes(of: &codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return MediaStream(
                index: Int(entry.index), kind: kind(entry.kind), codec: name.isEmpty ? nil : name, coverArt: entry.cover_art != 0)
        }
        media.startSeconds = info.start_seconds >= 0 ? info.start_seconds : nil
        media.durationUnknownReason = string(info.duration_unknown_reason)
        switch info.duration_from {
        case RS_AV_DURATION_TAIL: media.durationFrom = .tail
        case RS_AV_DURATION_PACKETS: media.durationFrom = .packets
        default: media.durationFrom = nil  // stated by the container, or unknown (with the reason)
        }
        if info.has_video != 0 {
            media.video = VideoStream(
                codec: string(info.video_codec), profile: string(info.video_profile),
                width: known(info.width), height: known(info.height),
                rotation: Int(info.rotation), mirrored: info.mirrored != 0,
                frameRate: info.frame_rate > 0 ? info.frame_rate : nil,
                pixelFormat: string(info.pixel_format), bitDepth: known(info.bit_depth),
                bitRate: known(info.video_bit_rate), colorTransfer: string(info.color_transfer),
                colorPrimaries: string(info.color_primaries),
                streamCount: Int(info.video_stream_count), codecTag: characters(info.video_codec_tag),
                sampleAspectRatio: info.sar_num > 0 && info.sar_den > 0 ? PixelRatio(Int(info.sar_num), Int(info.sar_den)) : nil,
                fieldOrder: fieldOrder(info.field_order),
                durationSeconds: info.video_duration_seconds > 0 ? info.video_duration_seconds : nil)
            media.video?.hasAlpha = info.video_alpha != 0
            media.video?.referenceFrames = info.reference_frames >= 0 ? Int(info.reference_frames) : nil
            if info.time_base_num > 0, info.time_base_den > 0 {
                media.video?.timeBase = TimeBase(Int(info.time_base_num), Int(info.time_base_den))
            }
            media.video?.index = info.video_index >= 0 ? Int(info.video_index) : nil
            media.video?.codecID = codecID(info.video_codec_id)
            media.video?.chroma = chroma(info.chroma)
            media.video?.rgb = info.rgb < 0 ? nil : info.rgb != 0
            let container = VideoColour(
                transfer: string(info.color_transfer), primaries: string(info.color_primaries),
                matrix: string(info.color_matrix), fullRange: range(info.color_range))
            let bitstream = VideoColour(
                transfer: string(info.stream_color_transfer), primaries: string(info.stream_color_primaries),
                matrix: string(info.stream_color_matrix), fullRange: range(info.stream_color_range))
            media.video?.colour = .decoded(container: container, bitstream: bitstream)
            media.video?.containerColour = container.contradicts(bitstream) ? container : nil
        }
        if info.has_audio != 0 {
            media.audio = AudioStream(
                codec: string(info.audio_codec), sampleRate: known(info.sample_rate),
                channels: known(info.channels), bitRate: known(info.audio_bit_rate),
                streamCount: Int(info.audio_stream_count),
                durationSeconds: info.audio_duration_seconds > 0 ? info.audio_duration_seconds : nil)
            media.audio?.index = info.audio_index >= 0 ? Int(info.audio_index) : nil
            media.audio?.codecID = codecID(info.audio_codec_id)
            // Opus always decodes at 48 kHz (RFC 7845, 5.1: the header's rate is the input's, for
            // information only); a container's rate for it (Matroska's SamplingFrequency, as a
            // muxer copied the input's) is not what plays.
            if media.audio?.codecID == .opus { media.audio?.sampleRate = 48000 }
            media.audio?.primingSamples = info.audio_priming >= 0 ? Int(info.audio_priming) : nil
            media.audio?.startSeconds = info.audio_start_seconds >= 0 ? info.audio_start_seconds : nil
            media.audio?.primingPackets = info.audio_priming_packets >= 0 ? Int(info.audio_priming_packets) : nil
        }
        if info.deep != 0 {
            media.deep = DeepScan(
                videoPackets: Int(info.video_packets), keyframes: Int(info.keyframes),
                openKeyframes: Int(info.open_keyframes),
                maxKeyframeIntervalSeconds: info.max_keyframe_interval,
                variableFrameRate: info.variable_frame_rate != 0,
                firstFrameDecodes: info.decoded != 0)
        }
        return media
    }

    /// A fixed-size C string ("" for none).
    private static func characters<T>(_ tuple: T) -> String? {
        var copy = tuple
        let text = withUnsafeBytes(of: &copy) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? nil : text
    }

    private static func fieldOrder(_ order: rs_av_field_order) -> FieldOrder? {
        switch order {
        case RS_AV_FIELD_PROGRESSIVE: return .progressive
        case RS_AV_FIELD_TT: return .tt
        case RS_AV_FIELD_BB: return .bb
        case RS_AV_FIELD_TB: return .tb
        case RS_AV_FIELD_BT: return .bt
        default: return nil
        }
    }

    private static func chroma(_ chroma: rs_av_chroma) -> Chroma? {
        switch chroma {
        case RS_AV_CHROMA_420: return .c420
        case RS_AV_CHROMA_422: return .c422
        case RS_AV_CHROMA_444: return .c444
        case RS_AV_CHROMA_411: return .c411
        case RS_AV_CHROMA_440: return .c440
        case RS_AV_CHROMA_400: return .c400
        default: return nil
        }
    }

    private static func codecID(_ id: rs_av_codec_id) -> CodecID? {
        switch id {
        case RS_AV_CODEC_H264: return .h264
        case RS_AV_CODEC_HEVC: return .hevc
        case RS_AV_CODEC_VP8: return .vp8
        case RS_AV_CODEC_VP9: return .vp9
        case RS_AV_CODEC_AV1: return .av1
        case RS_AV_CODEC_AAC: return .aac
        case RS_AV_CODEC_OPUS: return .opus
        case RS_AV_CODEC_VORBIS: return .vorbis
        case RS_AV_CODEC_MP3: return .mp3
        default: return nil
        }
    }

    private static func kind(_ kind: rs_av_stream_kind) -> StreamKind {
        switch kind {
        case RS_AV_STREAM_VIDEO: return .video
        case RS_AV_STREAM_AUDIO: return .audio
        case RS_AV_STREAM_SUBTITLE: return .subtitle
        case RS_AV_STREAM_DATA: return .data
        case RS_AV_STREAM_ATTACHMENT: return .attachment
        default: return .unknown
        }
    }

    /// The kind of container of the demuxer FFmpeg chose.
    private static func family(_ kind: rs_av_demuxer_kind) -> ContainerFamily {
        switch kind {
        case RS_AV_DEMUXER_ISO: return .isoBMFF
        case RS_AV_DEMUXER_MATROSKA: return .matroska
        case RS_AV_DEMUXER_MPEGTS: return .mpegTS
        default: return .other
        }
    }

    private static func effect(_ effect: rs_av_edit_effect) -> EditListEffect? {
        switch effect {
        case RS_AV_EDIT_NO_CHANGE: return .noChange
        case RS_AV_EDIT_TRIM: return .trim
        case RS_AV_EDIT_DELAY: return .delay
        case RS_AV_EDIT_RATE: return .rate
        case RS_AV_EDIT_COMPLEX: return .complex
        default: return nil
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func known<T: BinaryInteger>(_ value: T) -> Int? { value > 0 ? Int(value) : nil }
    private static func range(_ value: Int32) -> Bool? { value < 0 ? nil : value != 0 }

    private static func flag(_ value: Int32) -> Bool? { value < 0 ? nil : value != 0 }
}
