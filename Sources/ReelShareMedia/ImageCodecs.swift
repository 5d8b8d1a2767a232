// Probing and decoding images through the libpng/libjpeg shim (CReelShareImage). (Pictures.swift
// uses the same shim to write PNG and JPEG.)
import CReelShareAV
import CReelShareImage
import ReelShareKit

public struct ImageLimits: Sendable, Equatable {
    public var maxWidth: Int
    public var maxHeight: Int
    public var maxPixels: Int
    /// What libjpeg may allocate: a progressive JPEG keeps all its coefficients until the last scan
    /// (3 bytes a pixel at 4:2:0), which a baseline one streams.
    public var maxDecoderMemory: Int

    /// Real photos: 65,535 px a side (the most JPEG can state) and a gigapixel, decoded row by row.
    /// Headers that claim more pixels than the file can hold are refused whatever these say. A
    /// progressive JPEG whose coefficients need more than 144 MiB is refused (2 bytes a pixel for
    /// each full-size component: about 50 megapixels at 4:2:0, 37 at 4:2:2, 25 at 4:4:4, 75 in
    /// grey), and so is an interlaced PNG whose reduced blocks would: with the process's own,
    /// under 200 MB.
    public static let standard = ImageLimits(maxWidth: 65_535, maxHeight: 65_535, maxPixels: 1 << 30, maxDecoderMemory: 144 << 20)

    public init(maxWidth: Int, maxHeight: Int, maxPixels: Int, maxDecoderMemory: Int = 144 << 20) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxDecoderMemory = maxDecoderMemory
    }
}

enum ImageCodecs {
    enum Format { case png, jpeg }

    private static func colorType(_ type: rs_img_color_type) -> ColorType? {
        switch type {
        case RS_IMG_COLOR_GREY: return .grey
        case RS_IMG_COLOR_GREY_ALPHA: return .greyAlpha
        case RS_IMG_COLOR_PALETTE: return .palette
        case RS_IMG_COLOR_RGB: return .rgb
        case RS_IMG_COLOR_RGBA: return .rgba
        case RS_IMG_COLOR_CMYK: return .cmyk
        default: return nil
        }
    }

    private static func colorSpace(_ space: rs_img_color_space) -> ColorSpace? {
        switch space {
        case RS_IMG_SPACE_GREY: return .grey
        case RS_IMG_SPACE_YCBCR: return .ycbcr
        case RS_IMG_SPACE_RGB: return .rgb
        case RS_IMG_SPACE_CMYK: return .cmyk
        case RS_IMG_SPACE_YCCK: return .ycck
        default: return nil
        }
    }

    static func limits(_ limits: ImageLimits, timeoutSeconds: Double) -> rs_img_limits {
        rs_img_limits(
            max_width: UInt32(clamping: limits.maxWidth), max_height: UInt32(clamping: limits.maxHeight),
            max_pixels: UInt64(clamping: limits.maxPixels), max_decoder_memory: UInt64(clamping: limits.maxDecoderMemory),
            timeout_seconds: timeoutSeconds)
    }

    /// The failure a shim status stands for; nil for success.
    static func failure(_ status: rs_img_status, _ text: String) -> ProbeFailure? {
        switch status {
        case RS_IMG_OK: return nil
        case RS_IMG_TOO_LARGE: return ProbeFailure(.tooLarge, text)
        case RS_IMG_CORRUPT: return ProbeFailure(.corrupt, text.isEmpty ? "empty file" : text)
        case RS_IMG_TIMEOUT: return ProbeFailure(.timeout, text)
        case RS_IMG_UNREADABLE: return ProbeFailure(.unreadable, text)
        case RS_IMG_UNSUPPORTED: return ProbeFailure(.unsupported, text)
        default: return ProbeFailure(.internal, text)
        }
    }

    static var pngVersion: (running: String, built: String) {
        (String(cString: rs_img_png_version()), String(cString: rs_img_png_built_version()))
    }
    static var jpegVersion: String { String(cString: rs_img_jpeg_version()) }
    static var heifVersion: String { String(cString: rs_heif_version()) }

    /// The codecs libheif here decodes, by the names probe gives a HEIF item's codec.
    static var heifDecoders: [String] {
        let codecs: [(String, rs_heif_codec)] = [
            ("hevc", RS_HEIF_HEVC), ("av1", RS_HEIF_AV1), ("h264", RS_HEIF_AVC), ("jpeg", RS_HEIF_JPEG), ("vvc", RS_HEIF_VVC),
            ("jpeg2000", RS_HEIF_JPEG2000),
        ]
        return codecs.filter { rs_heif_can_decode($0.1) != 0 }.map(\.0)
    }

    /// The failure of a HEIF whose codec libheif here does not decode.
    static func heifLacks(_ codec: String) -> ProbeFailure {
        ProbeFailure(
            .unsupported,
            "libheif \(heifVersion) here decodes HEIF coded in \(heifDecoders.joined(separator: ", ")), not in \(codec)")
    }

    /// A HEIF nclx triple by FFmpeg's names; nil when the file states none.
    static func colour(_ cicp: FormatSniffer.CICP) -> VideoColour {
        func name(_ kind: Int32, _ value: Int) -> String? { rs_av_cicp_name(kind, Int32(value)).map { String(cString: $0) } }
        return VideoColour(
            transfer: name(1, cicp.transfer), primaries: name(0, cicp.primaries), matrix: name(2, cicp.matrix),
            fullRange: cicp.fullRange)
    }

    /// What libheif says of a HEIF's primary image, laid over what the header reader found: its
    /// size as shown (libheif applies the clean aperture, which the header reader does not),
    /// alpha, bit depth, and colour as its colr box of nclx code points states it. A file libheif has
    /// no decoder for keeps the header's facts.
    static func heif(
        _ file: ReadableFile, header: ImageMedia, nclx: FormatSniffer.CICP?, limits: ImageLimits, timeoutSeconds: Double
    )
        -> Result<ImageMedia, ProbeFailure>
    {
        var c = Self.limits(limits, timeoutSeconds: timeoutSeconds)
        var info = rs_heif_info()
        var message = [CChar](repeating: 0, count: 512)
        let status = rs_heif_probe(file.descriptor, file.size, &c, &info, &message, message.count)
        if status == RS_IMG_UNSUPPORTED { return .success(header) }
        if let failure = failure(status, Posix.text(message)) { return .failure(failure) }
        var image = header
        // Stored as the model keeps sizes: before the turn the orientation makes.
        let turned = (5...8).contains(header.orientation ?? 1)
        image.width = Int(turned ? info.height : info.width)
        image.height = Int(turned ? info.width : info.height)
        // libheif misses an alpha item with no ispe (cavif-rs's files), which the header reader sees.
        image.hasAlpha = info.has_alpha != 0 || header.hasAlpha == true
        image.bitDepth = info.bit_depth > 0 ? Int(info.bit_depth) : nil
        image.colour = nclx.map(colour)
        image.hasColorProfile = info.icc_size > 0
        return .success(image)
    }

    /// Decodes the whole image in the file open on `descriptor`, row by row.
    static func decode(_ file: ReadableFile, as format: Format, limits: ImageLimits, timeoutSeconds: Double)
        -> Result<ImageMedia, ProbeFailure>
    {
        var c = Self.limits(limits, timeoutSeconds: timeoutSeconds)
        var info = rs_img_info()
        var message = [CChar](repeating: 0, count: 512)
        let size = file.size
        let status: rs_img_status
        switch format {
        case .png: status = rs_img_probe_png(file.descriptor, nil, size, &c, &info, &message, message.count)
        case .jpeg: status = rs_img_probe_jpeg(file.descriptor, nil, size, &c, &info, &message, message.count)
        }
        // A valid image the 8-bit decoder does not read (a 12-bit JPEG): what its header says.
        if status == RS_IMG_UNSUPPORTED {
            return .success(
                ImageMedia(
                    format: format == .png ? info.apple_cgbi != 0 ? .cgbi : .png : .jpeg, width: Int(info.width),
                    height: Int(info.height),
                    bitDepth: Int(info.bit_depth), colorType: colorType(info.color_type),
                    progressive: format == .jpeg ? info.progressive != 0 : nil, frameCount: 1,
                    orientation: info.orientation > 0 ? Int(info.orientation) : nil, decoded: false))
        }
        if let failure = failure(status, Posix.text(message)) { return .failure(failure) }
        return .success(
            ImageMedia(
                format: format == .png ? info.apple_cgbi != 0 ? .cgbi : .png : .jpeg,
                width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth),
                colorType: colorType(info.color_type),
                colorSpace: colorSpace(info.color_space),
                hasAlpha: info.has_alpha != 0,
                allTransparent: info.has_alpha != 0 ? info.all_transparent != 0 : nil,
                colorProfileIgnored: format == .png ? info.icc_ignored != 0 : nil,
                interlaced: format == .png ? info.interlaced != 0 : nil,
                progressive: format == .jpeg ? info.progressive != 0 : nil,
                frameCount: Int(info.frame_count),
                orientation: info.orientation > 0 ? Int(info.orientation) : nil,
                decoded: true))
    }
}
