// Probes one file: opens it, sniffs its first bytes, and hands it to the decoder its content calls
// for (libpng, libjpeg, a header reader, or FFmpeg). Never throws and never traps: every failure
// becomes a report with a ProbeFailure.
import ReelShareKit

public struct ProbeOptions: Sendable, Equatable {
    /// Scan every packet and decode the first frame (`probe --deep`).
    public var deep: Bool
    /// Decode every video frame (`--decode`).
    public var decode: Bool
    /// Time budget for one file; 0 for none.
    public var timeoutSeconds: Double
    public var imageLimits: ImageLimits

    public init(
        deep: Bool = false, decode: Bool = false, timeoutSeconds: Double = 30, imageLimits: ImageLimits = .standard
    ) {
        self.deep = deep
        self.decode = decode
        self.timeoutSeconds = timeoutSeconds
        self.imageLimits = imageLimits
    }
}

public struct MediaProber: Sendable {
    public var options: ProbeOptions

    public init(options: ProbeOptions = ProbeOptions()) {
        self.options = options
    }

    /// The portable build (Scripts/package --portable): one static executable, FFmpeg built in.
    public static var linkedStatically: Bool { FFmpeg.linkedStatically }

    /// The versions of the C libraries this binary runs with, and of those it was compiled against
    /// (nil where the library cannot tell: libjpeg's is the compiled one).
    public static var libraryVersions: [(name: String, running: String, built: String?)] {
        let ffmpeg = FFmpeg.releaseVersion, format = FFmpeg.formatVersion, codec = FFmpeg.codecVersion
        let png = ImageCodecs.pngVersion
        return [
            ("FFmpeg", ffmpeg.running, ffmpeg.built), ("libavformat", format.running, format.built),
            ("libavcodec", codec.running, codec.built), ("libpng", png.running, png.built),
            ("libjpeg", ImageCodecs.jpegVersion, nil),
            (
                "libheif", "\(ImageCodecs.heifVersion) (decodes \(ImageCodecs.heifDecoders.joined(separator: ", ")))", nil
            ),
        ]
    }

    public func probe(_ path: String) -> ProbeReport {
        let file: ReadableFile
        do {
            file = try ReadableFile.open(path)
        } catch {
            return ProbeReport(path: path, sizeBytes: nil, content: .failure(Self.failure(error)))
        }
        defer { file.close() }
        let size = file.size
        func report(_ content: ProbeReport.Content) -> ProbeReport {
            ProbeReport(path: path, sizeBytes: size, content: content)
        }
        if size == 0 { return report(.failure(ProbeFailure(.corrupt, "empty file"))) }

        let prefix: [UInt8]
        do {
            prefix = try file.read(count: min(size, FormatSniffer.prefixLength))
        } catch {
            return report(.failure(Self.failure(error)))
        }
        var sniffed = FormatSniffer.sniff(prefix)
        var header = prefix
        // A HEIF's header read whole: its meta box may run past the first bytes.
        if case .headerOnlyImage(let image) = sniffed, image.format.isHEIF, size > prefix.count,
            let longer = try? file.read(count: min(size, FormatSniffer.heifPrefixLength))
        {
            header = longer
            sniffed = FormatSniffer.sniff(longer)
        }
        switch sniffed {
        case .headerOnlyImage(var image):
            // GIF and WebP are counted whole for their frames (an animated sticker shows its
            // first frame only); up to 64 MiB, more than any sticker.
            if image.format == .gif || image.format == .webp, size <= 64 << 20 {
                image.frameCount = (try? file.read(count: size)).flatMap { FormatSniffer.frameCount(format: image.format, $0) }
            }
            if image.format.isHEIF {
                if FormatSniffer.isLowOverheadHEIF(header) {
                    // libheif reads it from 1.20 on, as an experimental feature, which Debian's lacks.
                    let said = "a low-overhead \(image.format) ('mini' box, HEIF's 2024 amendment), which reelshare does not read"
                    return report(.failure(ProbeFailure(.unsupported, said)))
                }
                return report(
                    heif(
                        file, header: image, sequence: FormatSniffer.namesHEIFSequence(header),
                        nclx: FormatSniffer.heifCoding(header)?.nclx))
            }
            return report(.image(image))
        case .invalid(_, let reason):
            return report(.failure(ProbeFailure(.corrupt, reason)))
        case .png: return report(decodeImage(file, as: .png))
        case .jpeg: return report(decodeImage(file, as: .jpeg))
        case .other:
            return report(
                FFmpeg.probe(
                    descriptor: file.descriptor, path: path,
                    options: .init(deep: options.deep, decode: options.decode, timeoutSeconds: options.timeoutSeconds)))
        }
    }

    /// A file that cannot be opened or read, as a probe failure.
    static func failure(_ error: FileError) -> ProbeFailure {
        // Media is read by seeking (a container's index may be at its end): a stream must be saved first.
        let saveFirst = "save the stream to a file and give its path"
        switch error {
        case .notFound: return ProbeFailure(.notFound, error.description)
        case .standardInput:
            return ProbeFailure(.notFound, "\(error) (media is never read from standard input: \(saveFirst))")
        case .notRegular:
            return ProbeFailure(.unreadable, "\(error) (media is read from a file reelshare can seek: \(saveFirst))")
        case .tooLarge: return ProbeFailure(.tooLarge, error.description)
        case .directory, .shrank, .swapped, .system: return ProbeFailure(.unreadable, error.description)
        }
    }

    /// A HEIF: an image sequence's frames counted from its track (up to 64 MiB: a sequence's
    /// moov may follow its samples), and the primary image's facts from libheif. A sequence with
    /// no primary image has its track's size.
    private func heif(_ file: ReadableFile, header: ImageMedia, sequence named: Bool, nclx: FormatSniffer.CICP?)
        -> ProbeReport.Content
    {
        var image = header
        let sequence =
            named && file.size <= 64 << 20 ? (try? file.read(count: file.size)).flatMap(FormatSniffer.heifSequence) : nil
        image.frameCount = sequence?.frames ?? 1
        if image.width == nil, let sequence {
            image.width = sequence.width
            image.height = sequence.height
        }
        // A codec libheif here does not decode (libheif before 1.19 knows no H.264 or JPEG item,
        // and refuses the file): what the header says.
        if let codec = image.codec, !ImageCodecs.heifDecoders.contains(codec) { return .image(image) }
        switch ImageCodecs.heif(
            file, header: image, nclx: nclx, limits: options.imageLimits, timeoutSeconds: options.timeoutSeconds)
        {
        case .success(let read): return .image(read)
        case .failure(let failure) where failure.code == .corrupt && image.width != nil && image.height != nil:
            // A structure this libheif does not take (a sequence with no meta, an ftyp with no
            // compatible brands, a meta box of size 0) whose primary image the header states:
            // what the header says, undecoded; a fix says libheif's complaint.
            return .image(image)
        case .failure(let failure): return .failure(failure)
        }
    }

    private func decodeImage(_ file: ReadableFile, as format: ImageCodecs.Format) -> ProbeReport.Content {
        switch ImageCodecs.decode(file, as: format, limits: options.imageLimits, timeoutSeconds: options.timeoutSeconds) {
        case .failure(let failure): return .failure(failure)
        case .success(let image): return .image(image)
        }
    }
}
