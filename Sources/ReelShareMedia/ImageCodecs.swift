// The only Swift file that calls the libpng/libjpeg shim (CReelShareImage).
import CReelShareImage
import ReelShareKit

public struct ImageLimits: Sendable, Equatable {
    public var maxWidth: Int
    public var maxHeight: Int
    public var maxPixels: Int

    /// Far above any sticker or background Meta accepts (1080x1920), far below what would hurt.
    public static let standard = ImageLimits(maxWidth: 16_384, maxHeight: 16_384, maxPixels: 64_000_000)

    public init(maxWidth: Int, maxHeight: Int, maxPixels: Int) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
    }
}

enum ImageCodecs {
    enum Format { case png, jpeg }

    static var pngVersion: String { String(cString: rs_img_png_version()) }
    static var jpegVersion: String { String(cString: rs_img_jpeg_version()) }

    /// Decodes the whole image held in `bytes`.
    static func decode(_ bytes: [UInt8], as format: Format, limits: ImageLimits) -> Result<ImageMedia, ProbeFailure> {
        var c = rs_img_limits(
            max_width: UInt32(clamping: limits.maxWidth), max_height: UInt32(clamping: limits.maxHeight),
            max_pixels: UInt64(clamping: limits.maxPixels))
        var info = rs_img_info()
        var message = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { buffer -> rs_img_status in
            guard let base = buffer.baseAddress else { return RS_IMG_CORRUPT }
            switch format {
            case .png: return rs_img_probe_png(base, buffer.count, &c, &info, &message, message.count)
            case .jpeg: return rs_img_probe_jpeg(base, buffer.count, &c, &info, &message, message.count)
            }
        }
        switch status {
        case RS_IMG_OK: break
        case RS_IMG_TOO_LARGE: return .failure(ProbeFailure(.tooLarge, Posix.text(message)))
        case RS_IMG_CORRUPT:
            let text = Posix.text(message)
            return .failure(ProbeFailure(.corrupt, text.isEmpty ? "empty file" : text))
        default: return .failure(ProbeFailure(.internal, Posix.text(message)))
        }
        return .success(
            ImageMedia(
                format: format == .png ? "png" : "jpeg",
                width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth),
                colorType: info.color_type.map { String(cString: $0) },
                colorSpace: info.color_space.map { String(cString: $0) },
                hasAlpha: info.has_alpha != 0,
                interlaced: format == .png ? info.interlaced != 0 : nil,
                progressive: format == .jpeg ? info.progressive != 0 : nil,
                frameCount: Int(info.frame_count),
                orientation: format == .jpeg ? (info.orientation > 0 ? Int(info.orientation) : nil) : nil,
                decoded: true))
    }
}
