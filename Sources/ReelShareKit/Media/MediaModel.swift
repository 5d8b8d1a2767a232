// The media model: what a probe learns about one file (an image's half is ImageModel.swift). Plain
// values, no C, no I/O.

/// What a file is, decided by its content.
public enum MediaKind: String, Sendable, Equatable {
    case video, image, audio, unknown
}

/// A pixel's width:height ("4:3").
public struct PixelRatio: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width):\(height)" }
}

/// A stream's unit of time, `numerator`/`denominator` seconds.
public struct TimeBase: Sendable, Equatable, CustomStringConvertible {
    public var numerator: Int
    public var denominator: Int
    public init(_ numerator: Int, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }
    /// As FFmpeg writes a rational: "1/1000".
    public var description: String { "\(numerator)/\(denominator)" }
}

/// How a picture is scanned: whole frames, or fields in an order (coded, then displayed).
public enum FieldOrder: String, Sendable, Equatable {
    case progressive
    /// Top field coded and shown first.
    case tt
    case bb
    /// Top field coded first, bottom shown first.
    case tb
    case bt
}

/// A pixel format's chroma subsampling ("4:0:0": grey, no chroma at all).
public enum Chroma: String, Sendable, Equatable {
    case c420 = "4:2:0"
    case c422 = "4:2:2"
    case c444 = "4:4:4"
    case c411 = "4:1:1"
    case c440 = "4:4:0"
    case c400 = "4:0:0"
}

/// The codecs reelshare acts on by themselves (a rewrap, a retag, a copy into a container), as the
/// probe identifies them; every codec keeps its FFmpeg name in `codec`.
public enum CodecID: Sendable, Equatable {
    case h264, hevc, vp8, vp9, av1, aac, opus, vorbis, mp3
}

/// Where a file's duration comes from when the container states none.
public enum DurationSource: String, Sendable, Equatable {
    /// The end of the file (a Matroska file's last Cluster).
    case tail
    /// Every packet read.
    case packets
}

/// The video stream of a file the probe describes (the first that is not cover art).
public struct VideoStream: Sendable, Equatable {
    /// Its index in the file (MediaStream.index); nil when not known.
    public var index: Int?
    public var codec: String?
    /// The codec, when reelshare acts on it by itself.
    public var codecID: CodecID?
    public var profile: String?
    /// Coded size, before rotation.
    public var width: Int?
    public var height: Int?
    /// Clockwise degrees to apply on display: 0, 90, 180 or 270.
    public var rotation: Int
    public var mirrored: Bool
    /// `rotation` and `mirrored` as the EXIF orientation that shows the same picture; nil for
    /// none. With a flip the matrix turns the picture, then flips it left to right: a quarter turn
    /// and a flip is a transpose (5) or a transverse (7).
    public var orientation: Int? {
        let quarter = ((rotation / 90) % 4 + 4) % 4
        let orientation = mirrored ? [2, 5, 4, 7][quarter] : [1, 6, 3, 8][quarter]
        return orientation == 1 ? nil : orientation
    }
    public var frameRate: Double?
    public var pixelFormat: String?
    /// The pixel format's subsampling, and whether its planes are R, G and B (GBR, RGB24).
    public var chroma: Chroma?
    public var rgb: Bool?
    public var bitDepth: Int?
    public var bitRate: Int?
    /// The colour a decoder uses (VideoColour.decoded).
    public var colorTransfer: String?
    public var colorPrimaries: String?
    public var colorMatrix: String?
    public var fullRange: Bool?
    /// What the container states of the colour, where it contradicts the bitstream; nil otherwise.
    public var containerColour: VideoColour?
    /// The colour as one value.
    public var colour: VideoColour {
        get { VideoColour(transfer: colorTransfer, primaries: colorPrimaries, matrix: colorMatrix, fullRange: fullRange) }
        set {
            colorTransfer = newValue.transfer
            colorPrimaries = newValue.primaries
            colorMatrix = newValue.matrix
            fullRange = newValue.fullRange
        }
    }
    /// How many video streams the file holds (cover art excluded).
    public var streamCount: Int
    /// The sample entry's four characters in MP4/MOV ("avc1", "hvc1", "hev1"); nil elsewhere.
    public var codecTag: String?
    /// Pixel width:height, reduced ("4:3"); nil when square or unknown.
    public var sampleAspectRatio: PixelRatio?
    public var fieldOrder: FieldOrder?
    /// The stream's own length.
    public var durationSeconds: Double?
    /// The picture carries transparency (VP8/VP9 alpha in WebM, as browsers and editors write it).
    public var hasAlpha = false
    /// The pictures its bitstream declares a decoder keeps: H.264's max_num_ref_frames (for
    /// reference; 0 for an intra-only stream), HEVC's sps_max_dec_pic_buffering (for reference and
    /// reordering); nil unsaid.
    public var referenceFrames: Int?
    /// The unit of its timestamps (an MP4 track's time scale, Matroska's millisecond): where a fix
    /// keeps each frame's time, its encoder counts in it.
    public var timeBase: TimeBase?

    public init(
        codec: String? = nil, codecID: CodecID? = nil, profile: String? = nil, width: Int? = nil, height: Int? = nil,
        rotation: Int = 0, mirrored: Bool = false, frameRate: Double? = nil,
        pixelFormat: String? = nil, chroma: Chroma? = nil, rgb: Bool? = nil, bitDepth: Int? = nil, bitRate: Int? = nil,
        colorTransfer: String? = nil, colorPrimaries: String? = nil, streamCount: Int = 1, codecTag: String? = nil,
        sampleAspectRatio: PixelRatio? = nil, fieldOrder: FieldOrder? = nil, durationSeconds: Double? = nil
    ) {
        self.codec = codec
        self.codecID = codecID
        self.profile = profile
        self.width = width
        self.height = height
        self.rotation = rotation
        self.mirrored = mirrored
        self.frameRate = frameRate
        self.pixelFormat = pixelFormat
        self.chroma = chroma
        self.rgb = rgb
        self.bitDepth = bitDepth
        self.bitRate = bitRate
        self.colorTransfer = colorTransfer
        self.colorPrimaries = colorPrimaries
        self.streamCount = streamCount
        self.codecTag = codecTag
        self.sampleAspectRatio = sampleAspectRatio.flatMap { $0.width > 0 && $0.height > 0 && $0.width != $0.height ? $0 : nil }
        self.fieldOrder = fieldOrder
        self.durationSeconds = durationSeconds
    }

    /// The width a viewer sees before any turn: non-square pixels stretch it.
    private var shownWidth: Int? {
        guard let width, let sar = sampleAspectRatio else { return width }
        return Int((Double(width) * Double(sar.width) / Double(sar.height)).rounded())
    }

    /// Size as shown to a viewer: the sample aspect ratio applied, then width and height swap for a
    /// quarter turn.
    public var displayWidth: Int? { rotation % 180 == 90 ? height : shownWidth }
    public var displayHeight: Int? { rotation % 180 == 90 ? shownWidth : height }

    /// Whether the picture is coded as fields.
    public var interlaced: Bool? { fieldOrder.map { $0 != .progressive } }

    /// The HDR transfer function, when the stream declares one: "hlg" or "pq".
    public var hdr: String? { VideoColour(transfer: colorTransfer).hdr }
}

/// A video's colour as ITU-T H.273 describes it, by FFmpeg's names ("arib-std-b67", "bt2020",
/// "bt2020nc"); nil where it is not said.
public struct VideoColour: Sendable, Equatable {
    public var transfer: String?
    public var primaries: String?
    public var matrix: String?
    /// Full range (0-255 for 8 bits) rather than limited (16-235).
    public var fullRange: Bool?

    public init(transfer: String? = nil, primaries: String? = nil, matrix: String? = nil, fullRange: Bool? = nil) {
        self.transfer = transfer
        self.primaries = primaries
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// The colour a decoder uses: field by field, what the bitstream describes (H.264's and HEVC's
    /// VUI, AV1's sequence header, VP9's key frame), else what the container states. FFmpeg's
    /// decoders, dav1d and libvpx hand on the bitstream's; a box that disagrees with it is a
    /// muxer's (the "backward-compatible" HLG files carry a second colr box saying BT.2020 SDR).
    public static func decoded(container: VideoColour, bitstream: VideoColour) -> VideoColour {
        VideoColour(
            transfer: bitstream.transfer ?? container.transfer, primaries: bitstream.primaries ?? container.primaries,
            matrix: bitstream.matrix ?? container.matrix, fullRange: bitstream.fullRange ?? container.fullRange)
    }

    /// The HDR transfer function it states: "hlg" or "pq".
    public var hdr: String? {
        switch transfer {
        case "arib-std-b67": return "hlg"
        case "smpte2084": return "pq"
        default: return nil
        }
    }

    /// Whether `other` says something different of a field both state.
    public func contradicts(_ other: VideoColour) -> Bool {
        func differ<T: Equatable>(_ a: T?, _ b: T?) -> Bool { a != nil && b != nil && a != b }
        return differ(transfer, other.transfer) || differ(primaries, other.primaries) || differ(matrix, other.matrix)
            || differ(fullRange, other.fullRange)
    }
}

/// The audio stream of a file the probe describes (the first).
public struct AudioStream: Sendable, Equatable {
    /// Its index in the file (MediaStream.index); nil when not known.
    public var index: Int?
    public var codec: String?
    /// The codec, when reelshare acts on it by itself.
    public var codecID: CodecID?
    public var sampleRate: Int?
    public var channels: Int?
    public var bitRate: Int?
    public var streamCount: Int
    /// The stream's own length.
    public var durationSeconds: Double?
    /// Samples decoded before the stream's start that the container hides (an MP4 edit list over
    /// an AAC encoder's priming); 0 none, nil unknown.
    public var primingSamples: Int?
    /// The whole packets that priming fills, when it ends where a packet starts; nil when it ends
    /// inside one.
    public var primingPackets: Int?
    /// How long after the picture's first frame the sound's first decoded sample plays, where it
    /// starts more than a millisecond later: Matroska's first blocks (a browser's MediaRecorder:
    /// 30 ms) or an MP4's empty edits (a phone's AAC: 43 ms); nil otherwise.
    public var startSeconds: Double?

    public init(
        codec: String? = nil, codecID: CodecID? = nil, sampleRate: Int? = nil, channels: Int? = nil, bitRate: Int? = nil,
        streamCount: Int = 1, durationSeconds: Double? = nil
    ) {
        self.codec = codec
        self.codecID = codecID
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitRate = bitRate
        self.streamCount = streamCount
        self.durationSeconds = durationSeconds
    }
}

/// What a packet scan (`probe --deep`) measured.
public struct DeepScan: Sendable, Equatable {
    public var videoPackets: Int
    public var keyframes: Int
    /// Keyframes that start an open group of pictures (H.264 recovery points, HEVC CRA): pictures
    /// after them refer to the group before.
    public var openKeyframes: Int
    public var maxKeyframeIntervalSeconds: Double
    public var variableFrameRate: Bool
    public var firstFrameDecodes: Bool

    public init(
        videoPackets: Int, keyframes: Int, openKeyframes: Int = 0, maxKeyframeIntervalSeconds: Double,
        variableFrameRate: Bool, firstFrameDecodes: Bool
    ) {
        self.videoPackets = videoPackets
        self.keyframes = keyframes
        self.openKeyframes = openKeyframes
        self.maxKeyframeIntervalSeconds = maxKeyframeIntervalSeconds
        self.variableFrameRate = variableFrameRate
        self.firstFrameDecodes = firstFrameDecodes
    }
}

/// What decoding every video frame (`--decode`) found.
public struct DecodeResult: Sendable, Equatable {
    /// Video packets sent to the decoder (the frames the file holds).
    public var packets: Int
    /// Video frames that came out of the decoder.
    public var frames: Int
    /// Packets whose decoding logged an error or came out with errors concealed (or the packets
    /// the decoder refused, when more): the same count every run.
    public var errors: Int
    /// The presentation time of the first damaged packet.
    public var firstErrorSeconds: Double?
    /// The decoder's words for the first damaged packet.
    public var message: String?

    public init(packets: Int, frames: Int, errors: Int, firstErrorSeconds: Double? = nil, message: String? = nil) {
        self.packets = packets
        self.frames = frames
        self.errors = errors
        self.firstErrorSeconds = firstErrorSeconds
        self.message = message
    }
}

/// The kind of container a file is, as the probe tells them apart (its name is AVMedia.container).
public enum ContainerFamily: Sendable, Equatable {
    /// MP4, MOV, M4A, 3GP, 3G2: boxes, sample entries with four-character codes, edit lists.
    case isoBMFF
    /// Matroska and WebM.
    case matroska
    case mpegTS
    case other
}

/// What the video track's edit list (ISO-BMFF elst) does to its presentation.
public enum EditListEffect: String, Sendable, Equatable {
    /// Shows the whole media from its first frame at rate 1 (what muxers write for the B-frame delay).
    case noChange = "none"
    case trim
    /// An empty edit first: the video starts later.
    case delay
    case rate
    /// Several pieces, or a delay with a cut.
    case complex
}

/// A stream of a file that FFmpeg cannot describe (no codec it knows: AC-4, IAMF, a track without
/// a sample description): left out of the streams the probe reads, listed.
public struct OtherStream: Sendable, Equatable {
    public var index: Int
    /// Video or audio; nil when the container does not say.
    public var kind: StreamKind?
    /// The sample entry's or codec's four characters ("ac-4"); nil when none.
    public var tag: String?

    public init(index: Int, kind: StreamKind?, tag: String?) {
        self.index = index
        self.kind = kind
        self.tag = tag
    }

    /// "stream #1 (audio, ac-4)".
    public var description: String {
        "stream #\(index) (\([kind?.rawValue ?? "unknown kind", tag].compactMap { $0 }.joined(separator: ", ")))"
    }
}

/// What a stream carries.
public enum StreamKind: String, Sendable, Equatable {
    case video, audio, subtitle, data, attachment, unknown
}

/// One of a file's streams, as the container lists it: the two the probe describes and the rest
/// (subtitles, timecode, chapters, telemetry, cover art, a second audio track), which a fix
/// leaves out.
public struct MediaStream: Sendable, Equatable, CustomStringConvertible {
    /// Its index in the file, as FFmpeg numbers them (`ffmpeg -map 0:INDEX`).
    public var index: Int
    public var kind: StreamKind
    /// FFmpeg's codec name ("mov_text", "bin_data"); nil when it has none.
    public var codec: String?
    /// A picture attached to the file (cover art), not a video to play.
    public var coverArt: Bool

    public init(index: Int, kind: StreamKind, codec: String? = nil, coverArt: Bool = false) {
        self.index = index
        self.kind = kind
        self.codec = codec
        self.coverArt = coverArt
    }

    /// "stream #2 (subtitle, mov_text)".
    public var description: String {
        "stream #\(index) (\([coverArt ? "cover art" : kind.rawValue, codec].compactMap { $0 }.joined(separator: ", ")))"
    }
}

/// A video or audio file as read through its container.
public struct AVMedia: Sendable, Equatable {
    /// As a user names it: mp4, mov, m4a, 3gp, webm, matroska, or FFmpeg's demuxer name.
    public var container: String
    public var family: ContainerFamily
    public var durationSeconds: Double?
    public var bitRate: Int?
    /// ISO-BMFF only: the index (moov) comes before the media data.
    public var fastStart: Bool?
    /// ISO-BMFF only: some track carries an edit list.
    public var editList: Bool?
    /// ISO-BMFF: what the video track's edit list does.
    public var editListEffect: EditListEffect?
    /// ISO-BMFF: the media is in movie fragments.
    public var fragmented: Bool?
    /// When the video's first frame is shown, when an empty edit delays it (`-output_ts_offset`),
    /// less the sound's: the picture spans startSeconds to durationSeconds. Matroska: after the
    /// sound's first decoded sample, 0 where they start together; nil where there is no sound or
    /// it starts later.
    public var startSeconds: Double?
    /// Why the duration is unknown, when it is.
    public var durationUnknownReason: String?
    /// Where the duration comes from when the container states none; nil when it states it.
    public var durationFrom: DurationSource?
    public var decode: DecodeResult?
    /// Indexed media data lies past the end of the file.
    public var truncated: Bool
    /// ISO-BMFF: bytes after the last box that are no box (a phone's trailer, junk): not a cut.
    public var trailingBytes: Int?
    /// What they are, when known ("Samsung SEF").
    public var trailer: String?
    /// MPEG-TS: bytes before its first transport packet (a capture's junk, which may lie between
    /// its packets too); the file is read as MPEG-TS, which an ffmpeg command must be told (`-f
    /// mpegts`: FFmpeg's probe takes it for MPEG-PS). Nil when none.
    public var leadingJunkBytes: Int?
    /// Streams FFmpeg cannot describe, left out of `video` and `audio`.
    public var otherStreams: [OtherStream] = []
    /// Every stream of the file, in its order.
    public var streams: [MediaStream] = []
    public var video: VideoStream?
    public var audio: AudioStream?
    public var deep: DeepScan?

    public init(
        container: String, family: ContainerFamily, durationSeconds: Double? = nil, bitRate: Int? = nil,
        fastStart: Bool? = nil, editList: Bool? = nil, truncated: Bool = false,
        video: VideoStream? = nil, audio: AudioStream? = nil, deep: DeepScan? = nil
    ) {
        self.container = container
        self.family = family
        self.durationSeconds = durationSeconds
        self.bitRate = bitRate
        self.fastStart = fastStart
        self.editList = editList
        self.truncated = truncated
        self.video = video
        self.audio = audio
        self.deep = deep
    }
}

/// Why a file could not be described. Each case maps to one documented exit status.
public enum ProbeFailureCode: String, Sendable, Equatable, CaseIterable {
    case notFound = "not-found"
    case unreadable
    case corrupt
    case unsupported
    case tooLarge = "too-large"
    case timeout
    case `internal`
}

public struct ProbeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: ProbeFailureCode
    public var message: String

    public init(_ code: ProbeFailureCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

/// Everything one probe says about one file.
public struct ProbeReport: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case av(AVMedia)
        case image(ImageMedia)
        case failure(ProbeFailure)
    }

    public var path: String
    public var sizeBytes: Int?
    public var content: Content

    public init(path: String, sizeBytes: Int?, content: Content) {
        self.path = path
        self.sizeBytes = sizeBytes
        self.content = content
    }

    public var kind: MediaKind {
        switch content {
        case .av(let media): return media.video != nil ? .video : (media.audio != nil ? .audio : .unknown)
        case .image: return .image
        case .failure: return .unknown
        }
    }

    public var failure: ProbeFailure? {
        if case .failure(let failure) = content { return failure }
        return nil
    }
}
