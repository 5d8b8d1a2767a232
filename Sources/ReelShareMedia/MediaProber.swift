// Probes one file: opens it, sniffs its first bytes, and hands it to the decoder its content calls
// for (libpng, libjpeg, a header reader, or FFmpeg). Never throws and never traps: every failure
// becomes a report with a ProbeFailure.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ReelShareKit

public struct ProbeOptions: Sendable, Equatable {
    /// Scan every packet and decode the first frame (`probe --deep`).
    public var deep: Bool
    /// Time budget for one file; 0 for none.
    public var timeoutSeconds: Double
    public var imageLimits: ImageLimits
    /// PNG and JPEG files are read whole; refuse larger ones.
    public var maxImageBytes: Int

    public init(
        deep: Bool = false, timeoutSeconds: Double = 30, imageLimits: ImageLimits = .standard,
        maxImageBytes: Int = 64 << 20
    ) {
        self.deep = deep
        self.timeoutSeconds = timeoutSeconds
        self.imageLimits = imageLimits
        self.maxImageBytes = maxImageBytes
    }
}

public struct MediaProber: Sendable {
    public var options: ProbeOptions

    public init(options: ProbeOptions = ProbeOptions()) {
        self.options = options
    }

    /// The versions of the C libraries this binary runs with.
    public static var libraryVersions: [(name: String, version: String)] {
        [
            ("libavformat", FFmpeg.formatVersion), ("libavcodec", FFmpeg.codecVersion),
            ("libpng", ImageCodecs.pngVersion), ("libjpeg", ImageCodecs.jpegVersion),
        ]
    }

    public func probe(_ path: String) -> ProbeReport {
        let file: OpenFile
        switch OpenFile.openForReading(path) {
        case .failure(let failure): return ProbeReport(path: path, sizeBytes: nil, content: .failure(failure))
        case .success(let opened): file = opened
        }
        defer { file.closeFile() }
        let size = file.size
        func report(_ content: ProbeReport.Content) -> ProbeReport {
            ProbeReport(path: path, sizeBytes: size, content: content)
        }
        if size == 0 { return report(.failure(ProbeFailure(.corrupt, "empty file"))) }

        let prefix: [UInt8]
        switch file.read(count: min(size, FormatSniffer.prefixLength)) {
        case .failure(let failure): return report(.failure(failure))
        case .success(let bytes): prefix = bytes
        }
        switch FormatSniffer.sniff(prefix) {
        case .headerOnlyImage(let image):
            return report(.image(image))
        case .png: return report(decodeWhole(file, prefix: prefix, as: .png))
        case .jpeg: return report(decodeWhole(file, prefix: prefix, as: .jpeg))
        case .other:
            return report(
                FFmpeg.probe(descriptor: file.descriptor, path: path,
                             options: .init(deep: options.deep, timeoutSeconds: options.timeoutSeconds)))
        }
    }
}

extension MediaProber {
    private func decodeWhole(_ file: OpenFile, prefix: [UInt8], as format: ImageCodecs.Format) -> ProbeReport.Content {
        guard file.size <= options.maxImageBytes else {
            return .failure(
                ProbeFailure(.tooLarge, "image file is \(file.size) bytes, over the \(options.maxImageBytes)-byte limit"))
        }
        // The prefix is already read: read only the rest.
        let bytes: [UInt8]
        switch file.read(count: file.size - prefix.count, from: prefix.count) {
        case .failure(let failure): return .failure(failure)
        case .success(let rest): bytes = prefix + rest
        }
        switch ImageCodecs.decode(bytes, as: format, limits: options.imageLimits) {
        case .failure(let failure): return .failure(failure)
        case .success(let image): return .image(image)
        }
    }
}

/// A regular file opened for reading, with POSIX errors turned into ProbeFailures.
struct OpenFile {
    let descriptor: Int32
    let size: Int

    static func openForReading(_ path: String) -> Result<OpenFile, ProbeFailure> {
        var info = stat()
        // stat first: opening a FIFO for reading would block until a writer appears.
        if PathCoding.withCPath(path, { stat($0, &info) }) != 0 { return .failure(failure(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(ProbeFailure(.unreadable, "is a directory"))
        default: return .failure(ProbeFailure(.unreadable, "not a regular file"))
        }
        let fd = PathCoding.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        if fd < 0 { return .failure(failure(errno)) }
        return .success(OpenFile(descriptor: fd, size: Int(info.st_size)))
    }

    func read(count: Int, from offset: Int = 0) -> Result<[UInt8], ProbeFailure> {
        var failed: Int32 = 0
        guard count > 0 else { return .success([]) }
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let n = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0, errno == EINTR { continue }
                if n < 0 { failed = errno }
                if n <= 0 { break }
                done += n
            }
            initialized = done
        }
        if failed != 0 { return .failure(OpenFile.failure(failed)) }
        if bytes.count < count { return .failure(ProbeFailure(.unreadable, "file shrank while being read")) }
        return .success(bytes)
    }

    func closeFile() { _ = close(descriptor) }

    static func failure(_ code: Int32) -> ProbeFailure {
        let reason = String(cString: strerror(code)).lowercased()
        switch code {
        case ENOENT, ENOTDIR: return ProbeFailure(.notFound, "no such file")
        default: return ProbeFailure(.unreadable, reason)
        }
    }
}
