// The plan for an image file (FixPlan.image): what it is decoded with, turned, fitted and written
// as; split from FixPlan.swift, the video plan's home.

/// The formats an image fix writes.
public enum PictureFormat: String, Sendable, Equatable {
    case png, jpeg
}

/// The plan for an image: a still picture, turned as shown, fitted, in PNG or JPEG.
public struct ImagePlan: Sendable, Equatable {
    /// Who decodes the input: libpng, reelshare's CgBI reader (Apple's PNG, which no other tool
    /// here reads), libjpeg, libwebp (a WebP, still or animated, on every FFmpeg), libheif (HEIC,
    /// AVIF, HEIF: its primary image), each reduced to the fit; or FFmpeg (a GIF, a 12-bit JPEG).
    public enum Decoder: Sendable, Equatable {
        case png, cgbi, jpeg, webp, heif, ffmpeg

        /// The format reelshare's own decoder reads; nil for FFmpeg.
        public var format: ImageFileFormat? {
            switch self {
            case .png: return .png
            case .cgbi: return .cgbi
            case .jpeg: return .jpeg
            case .webp: return .webp
            case .heif: return .heif
            case .ffmpeg: return nil
            }
        }
    }

    public var input: String
    public var decoder: Decoder
    public var output: String
    public var format: PictureFormat
    /// The EXIF orientation to turn the pixels by (FFmpeg turns JPEGs itself, not PNGs).
    public var turn: Int?
    /// Fit inside width x height, keeping the shape.
    public var fit: PixelSize?
    /// The input is animated (or a format that may be): its first frame.
    public var firstFrame: Bool
    /// The target the plan is for: what a command of reelshare's own names (a CgBI picture, which
    /// no ffmpeg reads, is fixed by `reelshare fix`).
    public var target: String? = nil
    /// What that command is told besides the target (Subject.fixOptions).
    public var fixOptions: [String] = []
    /// A HEIF's colour as its nclx states it, with no ICC profile: the picture written is tagged
    /// with the profile that says it (ICCProfile.display), where it is not sRGB's.
    public var colour: VideoColour? = nil

    /// The decoder of a picture of `format`, as the probe named it.
    public static func decoder(for format: ImageFileFormat) -> Decoder {
        switch format {
        case .png: return .png
        case .cgbi: return .cgbi
        case .jpeg: return .jpeg
        case .webp: return .webp
        case .heic, .avif, .heif: return .heif
        default: return .ffmpeg
        }
    }
}

public struct PixelSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
