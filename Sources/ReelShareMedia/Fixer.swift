// Fixer: carries out a fix plan (ReelShareKit) in process: a video through the rs_fix shim
// (remux, cut, loop, transcode), an image through the same decoding as `preview`. The output goes
// to a descriptor the caller owns (an AtomicFile's), so nothing half-written ever shows.
#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif
import CReelShareAV
import ReelShareKit

/// Why a fix stopped: its input (what the probe would say), or the output it was writing.
public enum FixerFailure: Error, Sendable, CustomStringConvertible {
    case input(ProbeFailure)
    case output(String)

    public var message: String {
        switch self {
        case .input(let failure): return failure.message
        case .output(let message): return message
        }
    }

    public var description: String { message }
}

public enum Fixer {
    /// The keyframe times of the file's video (seconds from its start); nil when it cannot tell.
    public static func keyframes(_ path: String) -> [Double]? {
        guard let file = try? ReadableFile.open(path) else { return nil }
        defer { file.close() }
        var times = [Double](repeating: 0, count: 200_000)
        var message = [CChar](repeating: 0, count: 256)
        let count = Posix.withCPath(path) {
            rs_fix_keyframes(file.descriptor, $0, &times, Int32(clamping: times.count), &message, message.count)
        }
        return count < 0 ? nil : Array(times.prefix(Int(count)))
    }

    /// Carries out `plan` (or the part of it from `start` to `end` seconds, packets copied, for a
    /// split) into `descriptor`, calling `progress` with the seconds written. An animated WebP's
    /// frames are decoded within `timeoutSeconds` (0: no limit); an encode from a file's packets or
    /// a held picture runs to the file's length.
    public static func run(
        _ plan: VideoPlan, start: Double = 0, end: Double? = nil, into descriptor: Int32, timeoutSeconds: Double = 0,
        progress: ((Double) -> Void)? = nil
    ) throws(FixerFailure) {
        let file: ReadableFile
        do {
            file = try ReadableFile.open(plan.input)
        } catch {
            throw .input(MediaProber.failure(error))
        }
        defer { file.close() }
        let job = FFmpegJob(plan)
        // The picture an audio file's clip holds, when the user chose one (--still).
        var picture: ReadableFile?
        if case .picture(let path) = job.frames {
            do {
                picture = try ReadableFile.open(path)
            } catch {
                throw .input(MediaProber.failure(error))
            }
        }
        defer { picture?.close() }
        var message = [CChar](repeating: 0, count: 512)
        let box = ProgressBox(progress)
        var c = cPlan(plan, job: job, start: start, end: end, timeoutSeconds: timeoutSeconds)
        // A graph or options longer than the C plan holds are refused, never cut short.
        if text(of: c.video_graph) != job.runnerGraph ?? ""
            || (job.audioRunnerGraph.map { text(of: c.audio_graph) != $0 } ?? false)
        {
            throw .output("the plan's filters are longer than \(RS_FIX_FILTERS_SIZE) bytes")
        }
        if text(of: c.video_options) != lines(job.encoderOptions) || text(of: c.muxer_options) != lines(job.muxerKeyed)
            || text(of: c.audio_options) != lines(job.audioEncoderOptions)
        {
            throw .output("the plan's encoder or muxer options are longer than \(RS_FIX_OPTIONS_SIZE) bytes")
        }
        c.picture_fd = picture?.descriptor ?? -1
        let context = Unmanaged.passUnretained(box).toOpaque()
        let status = Posix.withCPath(plan.input) {
            rs_fix_run(file.descriptor, $0, descriptor, &c, progress == nil ? nil : report, context, &message, message.count)
        }
        guard status == RS_AV_OK else {
            let text = Posix.text(message)
            if status == RS_AV_OUTPUT { throw .output(text) }
            throw .input(ProbeFailure(FFmpeg.code(for: status), text.isEmpty ? "FFmpeg stopped" : text))
        }
    }

    /// Carries out an image plan into `descriptor`: the picture as shown (EXIF orientation
    /// applied, a GIF's first frame), fitted, as PNG or JPEG.
    public static func run(_ plan: ImagePlan, into descriptor: Int32, timeoutSeconds: Double) throws(FixerFailure) {
        let picture: Picture
        do throws(ProbeFailure) {
            picture = try shown(plan, timeoutSeconds: timeoutSeconds)
        } catch {
            throw .input(error)
        }
        var failure: PosixError?
        // The profile the pixels are in: the file's own, or the one its nclx colour says.
        let profile = picture.colorProfile ?? plan.colour.flatMap(ICCProfile.display(for:))
        if plan.format == .jpeg {
            guard let bytes = Pictures.jpeg(picture, quality: 90, profile: profile) else {
                throw .output("cannot encode the JPEG")
            }
            failure = bytes.withUnsafeBytes { raw -> PosixError? in
                do throws(PosixError) {
                    try Posix.write(descriptor, raw)
                    return nil
                } catch {
                    return error
                }
            }
        } else {
            do {
                try Pictures.writePNG(picture, to: descriptor, profile: profile)
            } catch {
                failure = error
            }
        }
        if let failure { throw .output("cannot write the fixed file: \(failure)") }
    }

    /// The image plan's picture: as shown, fitted.
    private static func shown(_ plan: ImagePlan, timeoutSeconds: Double) throws(ProbeFailure) -> Picture {
        // The probe that made the plan named the format: PNG and JPEG are decoded by their libraries.
        var picture: Picture
        if let format = plan.decoder.format {  // libpng, the CgBI reader, libjpeg, libwebp
            // Decoded near the size the fit needs, not whole: a 108-megapixel photo fits a story in
            // the memory of a 2-megapixel one.
            picture = try Pictures.image(
                plan.input, format: format, maxSide: 0,
                fit: plan.fit.map { ($0.width, $0.height) },
                timeoutSeconds: timeoutSeconds)
        } else {
            picture = try Pictures.videoFrame(plan.input, at: nil, timeoutSeconds: timeoutSeconds).0  // a GIF
        }
        if let fit = plan.fit, picture.width > fit.width || picture.height > fit.height {
            let scale = min(Double(fit.width) / Double(picture.width), Double(fit.height) / Double(picture.height))
            picture = try Pictures.fit(picture, box: Int((Double(max(picture.width, picture.height)) * scale).rounded(.down)))
        }
        return picture
    }

    /// The plan as rs_fix takes it: its job's video graph and encoder options as text, the rest
    /// typed (the streams by index, the times); a split's part from `start` to `end` seconds; an
    /// animated WebP's frames decoded within `timeoutSeconds` (0: no limit).
    static func cPlan(
        _ plan: VideoPlan, job: FFmpegJob? = nil, start: Double = 0, end: Double? = nil, timeoutSeconds: Double = 0
    ) -> rs_fix_plan {
        var c = rs_fix_plan()
        c.decode_timeout_seconds = plan.webpFrames ? timeoutSeconds : 0
        c.still_max_pixels = Int64(StillVideo.maxPixels)
        let job = job ?? FFmpegJob(plan)
        copy(job.muxer, into: &c.muxer)
        c.video_stream = Int32(clamping: plan.videoStream ?? -1)
        c.audio_stream = Int32(clamping: plan.audioStream ?? -1)
        switch plan.video {
        case .copy(let tag):
            c.video = RS_FIX_VIDEO_COPY
            withUnsafeMutableBytes(of: &c.video_tag) { raw in
                for (i, byte) in (tag ?? "").utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
            }
        case .encode(let encode):
            c.video = RS_FIX_VIDEO_ENCODE
            copy(job.video?.encoder ?? "", into: &c.video_encoder)
            // The graph and options of the job the printed command prints: one compiler (FFmpegJob).
            copy(job.runnerGraph ?? "", into: &c.video_graph)
            copy(lines(job.encoderOptions), into: &c.video_options)
            c.decoder_threads = Int32(job.decoderThreads)
            c.sar_num = Int32(clamping: plan.pixelAspect.width)
            c.sar_den = Int32(clamping: plan.pixelAspect.height)
            c.keyframe_seconds = encode.keyframeSeconds ?? 0
        }
        switch plan.audio {
        case .none: c.audio = RS_FIX_AUDIO_NONE
        case .copy: c.audio = RS_FIX_AUDIO_COPY
        case .encode:
            c.audio = RS_FIX_AUDIO_ENCODE
            copy(job.audio?.encoder ?? "", into: &c.audio_encoder)
            copy(job.audioRunnerGraph ?? "anull", into: &c.audio_graph)
            copy(lines(job.audioEncoderOptions), into: &c.audio_options)
        }
        c.start_seconds = start
        c.end_seconds = plan.loopTo != nil ? plan.endSeconds ?? 0 : end ?? plan.endSeconds ?? 0
        // A loop's pass measured as the ffmpeg CLI of the FFmpeg running here measures it.
        switch job.loops ? LoopPass(libavformatMajor: FFmpeg.formatMajor) : nil {
        case nil: c.loop = RS_FIX_LOOP_NONE
        case .streamSpan: c.loop = RS_FIX_LOOP_STREAM_SPAN
        case .fileSpan: c.loop = RS_FIX_LOOP_FILE_SPAN
        }
        copy(lines(job.muxerKeyed), into: &c.muxer_options)
        c.video_delay_seconds = plan.videoDelaySeconds ?? 0
        c.picture_fd = -1
        switch job.frames {
        case .file: c.video_from = RS_FIX_FROM_FILE
        case .webp: c.video_from = RS_FIX_FROM_WEBP
        case .coverArt: c.video_from = RS_FIX_FROM_COVER_ART
        case .picture: c.video_from = RS_FIX_FROM_PICTURE
        case .black(let size):
            c.video_from = RS_FIX_FROM_BLACK
            c.still_width = Int32(clamping: size.width)
            c.still_height = Int32(clamping: size.height)
        }
        if let still = plan.still {
            c.still_seconds = still.seconds
            c.still_frame_rate = Int32(StillVideo.frameRate)
            c.picture_once = job.pictureOnce ? 1 : 0
        }
        if plan.primingCut == .dropPackets { c.audio_drop_priming = 1 }
        return c
    }

    /// `text` into a C plan's fixed-size field, NUL-terminated; false when it does not fit.
    @discardableResult
    static func copy<Field>(_ text: String, into field: inout Field) -> Bool {
        withUnsafeMutableBytes(of: &field) { raw in
            let bytes = Array(text.utf8)
            guard bytes.count < raw.count else {
                raw[0] = 0
                return false
            }
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
            raw[bytes.count] = 0
            return true
        }
    }

    /// Options as the C plan carries them: a "key=value" line each.
    static func lines(_ options: [(key: String, value: String)]) -> String {
        options.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
    }

    /// The video graph rs_fix runs for `plan`, as the C plan carries it.
    static func graphText(_ plan: VideoPlan) -> String { text(of: cPlan(plan).video_graph) }

    /// The encoder options rs_fix opens libx264 with for `plan`, as the C plan carries them.
    static func optionText(_ plan: VideoPlan) -> String { text(of: cPlan(plan).video_options) }

    /// The muxer options rs_fix writes the header with for `plan`, as the C plan carries them.
    static func muxerText(_ plan: VideoPlan) -> String { text(of: cPlan(plan).muxer_options) }

    /// The audio graph and encoder options rs_fix runs for `plan`, as the C plan carries them.
    static func audioText(_ plan: VideoPlan) -> (graph: String, options: String) {
        let c = cPlan(plan)
        return (text(of: c.audio_graph), text(of: c.audio_options))
    }

    private static func text<Field>(of field: Field) -> String {
        var field = field
        return withUnsafeBytes(of: &field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// The progress closure, reached from C through an opaque pointer.
private final class ProgressBox {
    let call: ((Double) -> Void)?
    init(_ call: ((Double) -> Void)?) { self.call = call }
}

private let report: rs_fix_progress = { context, seconds in
    guard let context else { return }
    Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue().call?(seconds)
}

extension Array where Element == String {
    /// Calls `body` with C strings for every element, valid for the call.
    fileprivate func withCStrings<R>(_ body: ([UnsafePointer<CChar>]) -> R) -> R {
        let pointers: [UnsafeMutablePointer<CChar>] = map { strdup($0)! }
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers.map { UnsafePointer($0) })
    }
}
