// The image half of the media model: what a probe learns about a still or animated picture.
// Plain values, no C, no I/O.

/// An image's format: those reelshare tells itself, or the codec FFmpeg names for another
/// (`ImageFileFormat(rawValue: "bmp")`). Profiles list formats by these names (image.format).
public struct ImageFileFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let png = ImageFileFormat(rawValue: "png")
    public static let jpeg = ImageFileFormat(rawValue: "jpeg")
    public static let gif = ImageFileFormat(rawValue: "gif")
    public static let webp = ImageFileFormat(rawValue: "webp")
    public static let heic = ImageFileFormat(rawValue: "heic")
    public static let avif = ImageFileFormat(rawValue: "avif")
    /// A HEIF whose primary image is coded otherwise than in HEVC (HEIC) or AV1 (AVIF): JPEG,
    /// H.264, H.266, JPEG 2000, uncompressed.
    public static let heif = ImageFileFormat(rawValue: "heif")
    /// Apple's CgBI PNG: what Xcode's "Compress PNG Files" makes of an app's PNGs (a CgBI chunk
    /// before IHDR, raw deflate of premultiplied BGRA). Only Apple's decoders read it: libpng,
    /// FFmpeg and Android's refuse it. reelshare reads it itself.
    public static let cgbi = ImageFileFormat(rawValue: "cgbi")
    /// A vector drawing: FFmpeg rasterizes it (librsvg); it has no bit depth of its own.
    public static let svg = ImageFileFormat(rawValue: "svg")

    /// PNG, CgBI and JPEG, which reelshare decodes itself (libpng, its CgBI reader, libjpeg), in full.
    public var isDecodedInFull: Bool { self == .png || self == .cgbi || self == .jpeg }

    /// HEIC, AVIF and other HEIF: read through libheif.
    public var isHEIF: Bool { self == .heic || self == .avif || self == .heif }

    public var description: String { rawValue }
}

/// A still (or animated) image.
public struct ImageMedia: Sendable, Equatable {
    public var format: ImageFileFormat
    public var width: Int?
    public var height: Int?
    public var bitDepth: Int?
    public var colorType: ColorType?
    /// JPEG only: the encoded colour space.
    public var colorSpace: ColorSpace?
    public var hasAlpha: Bool?
    /// With alpha: every pixel's alpha is 0, so nothing of it shows. Nil without alpha or undecoded.
    public var allTransparent: Bool?
    /// PNG: an iCCP chunk is there but invalid, so decoders ignore the colour profile.
    public var colorProfileIgnored: Bool?
    public var interlaced: Bool?
    public var progressive: Bool?
    /// APNG frame count; 1 for a still PNG or JPEG.
    public var frameCount: Int?
    /// JPEG EXIF orientation (1-8).
    public var orientation: Int?
    /// True when the pixels were decoded in full (PNG and JPEG); false when only the header was read.
    public var decoded: Bool
    /// HEIF: the primary image's codec ("hevc", "av1", "jpeg", "h264", "vvc", "jpeg2000",
    /// "uncompressed"), from its item type.
    public var codec: String?
    /// HEIF: its colr box's nclx code points, by FFmpeg's names.
    public var colour: VideoColour?
    /// HEIF: whether it carries an ICC profile (an iPhone's Display P3).
    public var hasColorProfile: Bool?

    /// Whether EXIF orientation 5 to 8 turns the picture a quarter.
    private var turned: Bool { (5...8).contains(orientation ?? 1) }

    /// The size as shown, after EXIF orientation.
    public var displayWidth: Int? { turned ? height : width }
    public var displayHeight: Int? { turned ? width : height }

    public init(
        format: ImageFileFormat, width: Int? = nil, height: Int? = nil, bitDepth: Int? = nil,
        colorType: ColorType? = nil, colorSpace: ColorSpace? = nil, hasAlpha: Bool? = nil, allTransparent: Bool? = nil,
        colorProfileIgnored: Bool? = nil, interlaced: Bool? = nil, progressive: Bool? = nil, frameCount: Int? = nil,
        orientation: Int? = nil, decoded: Bool = false
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.colorSpace = colorSpace
        self.hasAlpha = hasAlpha
        self.allTransparent = allTransparent
        self.colorProfileIgnored = colorProfileIgnored
        self.interlaced = interlaced
        self.progressive = progressive
        self.frameCount = frameCount
        self.orientation = orientation
        self.decoded = decoded
    }
}

/// The colour model of an image's pixels.
public enum ColorType: String, Sendable, Equatable {
    case grey
    case greyAlpha = "grey-alpha"
    case palette, rgb, rgba, cmyk
}

/// The colour space a JPEG is encoded in.
public enum ColorSpace: String, Sendable, Equatable {
    case grey, ycbcr, rgb, cmyk, ycck
}
