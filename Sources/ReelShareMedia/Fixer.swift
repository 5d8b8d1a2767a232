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
    /// split) into `descriptor`, calling `progress` with the seconds written.
    public static func run(
        _ plan: VideoPlan, start: Double = 0, end: Double? = nil, into descriptor: Int32,
        progress: ((Double) -> Void)? = nil
    ) throws(FixerFailure) {
        let file: ReadableFile
        do {
            file = try ReadableFile.open(plan.input)
        } catch {
            throw .input(MediaProber.failure(error))
        }
        defer { file.close() }
        var status = RS_AV_OK
        var message = [CChar](repeating: 0, count: 512)
        let box = ProgressBox(progress)
        let strings = [videoTag(plan) ?? "", filters(plan) ?? ""]
        var video: (copy: Int32, rate: Int32, buffer: Int32, keyframes: Double) = (1, 0, 0, 0)
        if case .encode(_, let rate, let buffer, let keyframes) = plan.video {
            video = (0, Int32(clamping: rate ?? 0), Int32(clamping: buffer ?? 0), keyframes ?? 0)
        }
        var audio: (mode: Int32, rate: Int32, sampleRate: Int32, channels: Int32) = (0, 0, 0, 0)
        switch plan.audio {
        case .none: break
        case .copy: audio.mode = 1
        case .encode(_, let rate, let sampleRate, let channels):
            audio = (2, Int32(clamping: rate), Int32(clamping: sampleRate ?? 0), Int32(clamping: channels ?? 0))
        }
        let stop = plan.loopTo.map { $0 + 0.1 } ?? end ?? plan.cutAtKeyframe ?? plan.trimTo ?? 0
        strings.withCStrings { pointers in
            var c = rs_fix_plan(
                container: plan.container == .webm ? RS_FIX_WEBM : RS_FIX_MP4, video_copy: video.copy,
                video_tag: strings[0].isEmpty ? nil : pointers[0], video_filters: strings[1].isEmpty ? nil : pointers[1],
                video_bit_rate_kbps: video.rate, video_buffer_kbps: video.buffer, keyframe_seconds: video.keyframes,
                audio: audio.mode, audio_codec: opusAudio(plan) ? RS_FIX_OPUS : RS_FIX_AAC, audio_bit_rate_kbps: audio.rate,
                audio_sample_rate: audio.sampleRate, audio_channels: audio.channels, start_seconds: start, end_seconds: stop,
                loop: plan.loopTo == nil ? 0 : 1, drop_edit_list: plan.dropEditList ? 1 : 0,
                video_delay_seconds: plan.videoDelaySeconds ?? 0)
            let context = Unmanaged.passUnretained(box).toOpaque()
            status = Posix.withCPath(plan.input) {
                rs_fix_run(file.descriptor, $0, descriptor, &c, progress == nil ? nil : report, context, &message, message.count)
            }
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
        if plan.format == "jpeg" {
            guard let bytes = Pictures.jpeg(picture, quality: 90) else { throw .output("cannot encode the JPEG") }
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
                try Pictures.writePNG(picture, to: descriptor)
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
        if plan.inputFormat == "png" || plan.inputFormat == "jpeg" {
            // Decoded near the size the fit needs, not whole: a 108-megapixel photo fits a story in
            // the memory of a 2-megapixel one.
            picture = try Pictures.image(
                plan.input, format: plan.inputFormat, maxSide: 0, fit: plan.fit.map { ($0.width, $0.height) },
                timeoutSeconds: timeoutSeconds)
        } else {
            picture = try Pictures.videoFrame(plan.input, at: nil, timeoutSeconds: timeoutSeconds).0  // GIF, WebP
        }
        if let fit = plan.fit, picture.width > fit.width || picture.height > fit.height {
            let scale = min(Double(fit.width) / Double(picture.width), Double(fit.height) / Double(picture.height))
            picture = try Pictures.fit(picture, box: Int((Double(max(picture.width, picture.height)) * scale).rounded(.down)))
        }
        return picture
    }

    private static func videoTag(_ plan: VideoPlan) -> String? {
        if case .copy(let tag) = plan.video { return tag }
        return nil
    }

    private static func filters(_ plan: VideoPlan) -> String? {
        if case .encode(let filters, _, _, _) = plan.video, !filters.isEmpty { return filters.joined(separator: ",") }
        return nil
    }

    private static func opusAudio(_ plan: VideoPlan) -> Bool {
        if case .encode(let codec, _, _, _) = plan.audio { return codec == "opus" }
        return false
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
