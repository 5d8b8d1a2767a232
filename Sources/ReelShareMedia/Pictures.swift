// Pictures: the only Swift code that asks the shims for pixels. A video frame or an image comes up
// as a finished RGBA picture (shown as a player shows it: sample aspect ratio, display matrix and
// EXIF orientation applied), a canvas plan (ReelShareKit) is drawn in C, and the result goes out
// as a PNG (previews) or a small JPEG (report thumbnails). Swift holds the buffers, never touches
// their pixels.
import CReelShareAV
import CReelShareImage
import ReelShareKit

/// An RGBA picture owned by Swift, its pixels allocated by one of the shims. `@unchecked Sendable`
/// is sound: every stored property is a constant, and the pixels are written only while the
/// picture is being made, on the thread making it; after that they are only read.
public final class Picture: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt8>
    public let width: Int
    public let height: Int
    /// The ICC profile the pixels' colours are in (a phone photo's Display P3), as the file it
    /// was decoded from carried it; nil for sRGB. Turned and scaled pictures keep it.
    public let colorProfile: [UInt8]?
    /// The size the picture is shown at, which it was reduced from when decoded smaller (a video
    /// frame converted straight to the size it is drawn at); else its own.
    public let shownSize: (width: Int, height: Int)
    private let release: (UnsafeMutablePointer<UInt8>) -> Void

    init(
        _ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, colorProfile: [UInt8]? = nil,
        shownSize: (width: Int, height: Int)? = nil, release: @escaping (UnsafeMutablePointer<UInt8>) -> Void
    ) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.colorProfile = colorProfile
        self.shownSize = shownSize ?? (width, height)
        self.release = release
    }

    deinit { release(pixels) }

    /// Allocated by rs_canvas (av_malloc).
    static func canvas(
        _ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, colorProfile: [UInt8]? = nil,
        shownSize: (width: Int, height: Int)? = nil
    ) -> Picture {
        Picture(pixels, width: width, height: height, colorProfile: colorProfile, shownSize: shownSize) { rs_canvas_free($0) }
    }

    /// The colour at (x, y), 0xRRGGBBAA: for tests and for nothing else.
    public func rgba(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let p = pixels + (y * width + x) * 4
        return UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
    }
}

public enum Pictures {
    /// The video frame shown `at` seconds from the start (nil: the first frame shown), and when it
    /// is; converted straight to at most `maxSide` pixels on its longer side (0: full size), its
    /// `shownSize` the frame's own. With `firstAlone` (for a video known to be progressive), the
    /// first frame shown is decoded by itself where it can be, holding no reference frames.
    public static func videoFrame(
        _ path: String, at: Double?, firstAlone: Bool = false, runAllowed: Bool = true, maxSide: Int = 0,
        timeoutSeconds: Double
    ) throws(ProbeFailure) -> (Picture, Double?) {
        if !runAllowed, !firstAlone || (at ?? 0) > 0 {
            throw ProbeFailure(.tooLarge, "decoding a run of its frames would hold more than the memory bound (--max-memory)")
        }
        let file = try open(path)
        defer { file.close() }
        var frame = rs_canvas_frame()
        var message = [CChar](repeating: 0, count: 512)
        let status = Posix.withCPath(path) {
            rs_canvas_video_frame(
                file.descriptor, $0, at ?? -1, firstAlone ? (runAllowed ? 1 : 2) : 0, Int32(clamping: maxSide), timeoutSeconds,
                &frame,
                &message, message.count)
        }
        guard status == RS_AV_OK, let pixels = frame.rgba else {
            throw ProbeFailure(
                FFmpeg.code(for: status), Posix.text(message).isEmpty ? "cannot decode a frame" : Posix.text(message))
        }
        let picture = Picture.canvas(
            pixels, width: Int(frame.width), height: Int(frame.height),
            shownSize: (Int(frame.shown_width), Int(frame.shown_height)))
        return (picture, frame.shown_at >= 0 ? frame.shown_at : nil)
    }

    /// A PNG or JPEG as shown (its EXIF orientation applied), decoded near `maxSide` pixels on
    /// its longer side when it is larger (0: full size), or, with `fit`, near what fitting it as
    /// shown into that box needs (a 12000x9000 photo for a 1080x1920 story decodes at 1500x1125).
    public static func image(
        _ path: String, format: ImageFileFormat, maxSide: Int, fit: (width: Int, height: Int)? = nil,
        limits: ImageLimits = .standard,
        timeoutSeconds: Double
    )
        throws(ProbeFailure) -> Picture
    {
        let file = try open(path)
        defer { file.close() }
        var c = ImageCodecs.limits(limits, timeoutSeconds: timeoutSeconds)
        if format.isHEIF { return try heif(file, maxSide: maxSide, fit: fit, limits: &c) }
        var info = rs_img_info()
        var decoded = rs_img_pixels(
            max_side: UInt32(clamping: maxSide), fit_width: UInt32(clamping: fit?.width ?? 0),
            fit_height: UInt32(clamping: fit?.height ?? 0), rgba: nil, width: 0, height: 0, icc: nil, icc_size: 0)
        var message = [CChar](repeating: 0, count: 512)
        let status: rs_img_status
        switch format {
        case .png, .cgbi: status = rs_img_decode_png(file.descriptor, file.size, &c, &info, &decoded, &message, message.count)
        case .jpeg: status = rs_img_decode_jpeg(file.descriptor, file.size, &c, &info, &decoded, &message, message.count)
        case .webp: status = rs_img_decode_webp(file.descriptor, file.size, &c, &info, &decoded, &message, message.count)
        default:
            throw ProbeFailure(.unsupported, "reelshare draws PNG, JPEG and WebP pictures, not \(format.rawValue.uppercased())")
        }
        let profile = decoded.icc.map { Array(UnsafeBufferPointer(start: $0, count: decoded.icc_size)) }
        rs_img_free(decoded.icc)
        if let failure = ImageCodecs.failure(status, Posix.text(message)) { throw failure }
        guard let rgba = decoded.rgba else { throw ProbeFailure(.internal, "no pixels") }
        let stored = Picture(rgba, width: Int(decoded.width), height: Int(decoded.height), colorProfile: profile) {
            rs_img_free($0)
        }
        let orientation = Int(info.orientation)
        guard (2...8).contains(orientation) else { return stored }
        var turned: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        guard
            rs_canvas_orient(
                stored.pixels, Int32(clamping: stored.width), Int32(clamping: stored.height), Int32(clamping: orientation),
                &turned, &width, &height)
                == 0, let turned
        else { throw ProbeFailure(.tooLarge, "the picture is too large to turn") }
        return Picture.canvas(turned, width: Int(width), height: Int(height), colorProfile: profile)
    }

    /// A HEIF's primary image as shown (libheif applies its clean aperture, rotation and mirror),
    /// reduced as `image` reduces.
    private static func heif(_ file: ReadableFile, maxSide: Int, fit: (width: Int, height: Int)?, limits: inout rs_img_limits)
        throws(ProbeFailure) -> Picture
    {
        // A codec this libheif has no decoder for is said by name (libheif before 1.19 calls an
        // H.264 or JPEG item a missing one). The chroma format its configuration states is how
        // libheif is asked to decode it.
        let prefix = (try? file.read(count: min(file.size, FormatSniffer.heifPrefixLength))) ?? []
        if case .headerOnlyImage(let header) = FormatSniffer.sniff(prefix), let codec = header.codec,
            !ImageCodecs.heifDecoders.contains(codec)
        {
            throw ImageCodecs.heifLacks(codec)
        }
        let coding = FormatSniffer.heifCoding(prefix)
        let chroma = coding?.chroma ?? -1
        var info = rs_heif_info()
        var decoded = rs_img_pixels(
            max_side: UInt32(clamping: maxSide), fit_width: UInt32(clamping: fit?.width ?? 0),
            fit_height: UInt32(clamping: fit?.height ?? 0), rgba: nil, width: 0, height: 0, icc: nil, icc_size: 0)
        var message = [CChar](repeating: 0, count: 512)
        // The matrix and range its colr box states, read here: libheif's reading of it differs by release.
        let nclx = coding?.nclx
        let status = rs_heif_decode(
            file.descriptor, file.size, Int32(chroma), Int32(nclx?.matrix ?? -1), nclx.map { $0.fullRange ? 1 : 0 } ?? -1,
            &limits, &info, &decoded, &message, message.count)
        let profile = decoded.icc.map { Array(UnsafeBufferPointer(start: $0, count: decoded.icc_size)) }
        rs_img_free(decoded.icc)
        if let failure = ImageCodecs.failure(status, Posix.text(message)) { throw failure }
        guard let rgba = decoded.rgba else { throw ProbeFailure(.internal, "no pixels") }
        return Picture(rgba, width: Int(decoded.width), height: Int(decoded.height), colorProfile: profile) { rs_img_free($0) }
    }

    /// Draws `plan`: the colours, the background picture's crop scaled into place, the sticker,
    /// and (with `safeZones`) the bands the app's interface covers, tinted. `planned` is the size
    /// the plan's crop is in (the file's), when the background was decoded smaller.
    public static func draw(
        _ plan: CanvasPlan, background: Picture?, planned: (width: Int, height: Int)? = nil, sticker: Picture?, safeZones: Bool
    ) throws(ProbeFailure) -> Picture {
        guard let canvas = rs_canvas_alloc(Int32(clamping: plan.width), Int32(clamping: plan.height)) else {
            throw ProbeFailure(.tooLarge, "a \(plan.width)x\(plan.height) canvas is too large")
        }
        let result = Picture.canvas(canvas, width: plan.width, height: plan.height)
        let w = Int32(clamping: plan.width), h = Int32(clamping: plan.height)
        rs_canvas_gradient(canvas, w, h, plan.top, plan.bottom)
        if case .picture(var crop, let into, _) = plan.background, let background {
            if let planned, planned.width > 0, planned.height > 0, planned != (background.width, background.height) {
                let sx = Double(background.width) / Double(planned.width), sy = Double(background.height) / Double(planned.height)
                let x = min(background.width - 1, Int((Double(crop.x) * sx).rounded(.down)))
                let y = min(background.height - 1, Int((Double(crop.y) * sy).rounded(.down)))
                crop = PixelRect(
                    x: x, y: y, width: max(1, min(background.width - x, Int((Double(crop.width) * sx).rounded()))),
                    height: max(1, min(background.height - y, Int((Double(crop.height) * sy).rounded()))))
            }
            try place(background, crop: crop, into: into, on: result)
        }
        if let rect = plan.sticker, let sticker {
            try place(sticker, crop: PixelRect(x: 0, y: 0, width: sticker.width, height: sticker.height), into: rect, on: result)
        }
        if safeZones {
            for zone in plan.safeZones {
                rs_canvas_tint(
                    canvas, w, h, Int32(clamping: zone.rect.x), Int32(clamping: zone.rect.y), Int32(clamping: zone.rect.width),
                    Int32(clamping: zone.rect.height),
                    0x0000_0080)
            }
        }
        return result
    }

    private static func place(_ picture: Picture, crop: PixelRect, into: PixelRect, on canvas: Picture) throws(ProbeFailure) {
        if crop == PixelRect(x: 0, y: 0, width: picture.width, height: picture.height), crop.width == into.width,
            crop.height == into.height
        {
            // Drawn at its own size: no scaling.
            rs_canvas_draw(
                canvas.pixels, Int32(clamping: canvas.width), Int32(clamping: canvas.height), picture.pixels,
                Int32(clamping: picture.width),
                Int32(clamping: picture.height),
                Int32(clamping: into.x), Int32(clamping: into.y))
            return
        }
        var scaled: UnsafeMutablePointer<UInt8>?
        guard
            rs_canvas_scale(
                picture.pixels, Int32(clamping: picture.width), Int32(clamping: picture.height), Int32(clamping: crop.x),
                Int32(clamping: crop.y), Int32(clamping: crop.width),
                Int32(clamping: crop.height), Int32(clamping: into.width), Int32(clamping: into.height), &scaled) == 0, let scaled
        else {
            throw ProbeFailure(.tooLarge, "cannot scale a \(crop.width)x\(crop.height) picture to \(into.width)x\(into.height)")
        }
        let placed = Picture.canvas(scaled, width: into.width, height: into.height)
        rs_canvas_draw(
            canvas.pixels, Int32(clamping: canvas.width), Int32(clamping: canvas.height), placed.pixels,
            Int32(clamping: placed.width), Int32(clamping: placed.height),
            Int32(clamping: into.x), Int32(clamping: into.y))
    }

    /// The picture scaled to fit `box` x `box`, keeping its shape.
    public static func fit(_ picture: Picture, box: Int) throws(ProbeFailure) -> Picture {
        let scale = min(1, Double(box) / Double(max(picture.width, picture.height)))
        let w = max(1, Int((Double(picture.width) * scale).rounded())),
            h = max(1, Int((Double(picture.height) * scale).rounded()))
        if w == picture.width, h == picture.height { return picture }
        var scaled: UnsafeMutablePointer<UInt8>?
        guard
            rs_canvas_scale(
                picture.pixels, Int32(clamping: picture.width), Int32(clamping: picture.height), 0, 0,
                Int32(clamping: picture.width), Int32(clamping: picture.height),
                Int32(clamping: w), Int32(clamping: h), &scaled) == 0, let scaled
        else { throw ProbeFailure(.internal, "cannot scale the picture") }
        return Picture.canvas(scaled, width: w, height: h, colorProfile: picture.colorProfile)
    }

    /// Writes the picture as a PNG to `descriptor`, tagged with `profile` (by default its own).
    public static func writePNG(_ picture: Picture, to descriptor: Int32, profile: [UInt8]? = nil) throws(PosixError) {
        var message = [CChar](repeating: 0, count: 256)
        let profile = profile ?? picture.colorProfile ?? []
        var writeError: Int32 = 0
        let status = rs_img_write_png(
            descriptor, picture.pixels, UInt32(clamping: picture.width), UInt32(clamping: picture.height), profile,
            profile.count, &writeError, &message, message.count)
        guard status == RS_IMG_OK else {
            throw PosixError(status == RS_IMG_UNREADABLE ? (writeError != 0 ? writeError : Posix.ioError) : Posix.outOfMemory)
        }
    }

    /// The picture as a JPEG of `quality` (1-100), tagged with `profile` (by default its own).
    public static func jpeg(_ picture: Picture, quality: Int, profile: [UInt8]? = nil) -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let profile = profile ?? picture.colorProfile ?? []
        guard
            rs_img_encode_jpeg(
                picture.pixels, UInt32(clamping: picture.width), UInt32(clamping: picture.height), Int32(clamping: quality),
                profile, profile.count, &out,
                &size, &message, message.count)
                == RS_IMG_OK, let out
        else { return nil }
        defer { rs_img_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// A small JPEG of what the file shows (a video's first frame, an image), fitted to `box`
    /// pixels and laid on grey where it is transparent; nil when the file shows nothing (audio, a
    /// failed probe, whose failure says why); throws why a picture could not be drawn. For the
    /// HTML report: the same decoding as `preview`.
    public static func thumbnail(_ report: ProbeReport, box: Int, timeoutSeconds: Double) throws(ProbeFailure) -> (
        jpeg: [UInt8], width: Int, height: Int
    )? {
        let picture: Picture
        switch report.content {
        case .av(let media) where media.video != nil:
            // Within the bound fix and preview keep to unless told: a run of an 8K clip's frames is not.
            let run = media.video.map { FixMemory(decoding: $0).total <= FixMemory.defaultBound } ?? true
            picture = try videoFrame(
                report.path, at: nil, firstAlone: media.video?.fieldOrder == .progressive, runAllowed: run, maxSide: 2 * box,
                timeoutSeconds: timeoutSeconds
            ).0
        case .image(let image) where image.format.isDecodedInFull:
            picture = try self.image(report.path, format: image.format, maxSide: 2 * box, timeoutSeconds: timeoutSeconds)
        case .image:  // GIF, WebP: FFmpeg's decoders
            picture = try videoFrame(report.path, at: nil, maxSide: 2 * box, timeoutSeconds: timeoutSeconds).0
        default:
            return nil
        }
        let fitted = try fit(picture, box: box)
        guard let canvas = rs_canvas_alloc(Int32(clamping: fitted.width), Int32(clamping: fitted.height)) else {
            throw ProbeFailure(.tooLarge, "a \(fitted.width)x\(fitted.height) thumbnail is too large")
        }
        let flat = Picture.canvas(canvas, width: fitted.width, height: fitted.height)
        rs_canvas_gradient(canvas, Int32(clamping: flat.width), Int32(clamping: flat.height), 0xC8C8C8, 0xC8C8C8)
        rs_canvas_draw(
            canvas, Int32(clamping: flat.width), Int32(clamping: flat.height), fitted.pixels, Int32(clamping: fitted.width),
            Int32(clamping: fitted.height), 0, 0)
        guard let data = jpeg(flat, quality: 80) else { throw ProbeFailure(.internal, "the thumbnail could not be encoded") }
        return (data, flat.width, flat.height)
    }

    private static func open(_ path: String) throws(ProbeFailure) -> ReadableFile {
        do {
            return try ReadableFile.open(path)
        } catch {
            throw MediaProber.failure(error)
        }
    }
}
