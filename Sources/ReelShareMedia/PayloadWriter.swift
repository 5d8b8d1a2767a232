// Writes a payload document: the only Swift file that calls the streaming shim (CReelShareStream).
// Text parts are buffered here; each media file is streamed by C in bounded chunks, base64 on this
// thread and SHA-256 on another, so memory does not grow with the video. A file output is written
// atomically: a temporary file beside it, fsync, rename; a failure or an interrupt leaves the old
// file (or none), never part of a new one.
import CReelShareStream
import ReelShareKit

public enum PayloadDestination: Sendable, Equatable {
    case standardOutput
    case file(String)
}

public enum PayloadWriteError: Error, Equatable, CustomStringConvertible {
    /// A media file could not be read (it vanished or changed since it was checked).
    case input(String)
    /// The output could not be written.
    case output(String)
    /// Standard output is a pipe whose reader went away.
    case closed

    public var description: String {
        switch self {
        case .input(let message), .output(let message): return message
        case .closed: return "output closed"
        }
    }
}

public enum PayloadWriter {
    public static func write(_ parts: [PayloadPart], media: [PayloadMedia], to destination: PayloadDestination) throws {
        var message = [CChar](repeating: 0, count: 512)
        var temp = [CChar](repeating: 0, count: 4096)
        let fd: Int32
        switch destination {
        case .standardOutput:
            fd = 1
        case .file(let path):
            fd = PathCoding.withCPath(path) { rs_atomic_begin($0, &temp, temp.count, &message, message.count) }
            guard fd >= 0 else { throw PayloadWriteError.output("cannot create a file beside \(path): \(String(cString: message))") }
        }
        do {
            var sink = Sink(fd: fd)
            var results: [Int: rs_stream_result] = [:]
            func result(_ index: Int) throws -> rs_stream_result {
                if let known = results[index] { return known }
                var computed = rs_stream_result()
                try check(PathCoding.withCPath(media[index].path) { rs_stream_base64($0, -1, &computed, &message, message.count) }, &message)
                results[index] = computed
                return computed
            }
            for part in parts {
                switch part {
                case .text(let text):
                    try sink.append(text)
                case .base64(let index):
                    try sink.flush()
                    var streamed = rs_stream_result()
                    try check(PathCoding.withCPath(media[index].path) { rs_stream_base64($0, fd, &streamed, &message, message.count) }, &message)
                    results[index] = streamed
                case .byteCount(let index):
                    try sink.append(String(try result(index).bytes))
                case .sha256(let index):
                    var digest = try result(index).sha256
                    try sink.append(withUnsafeBytes(of: &digest) { String(decoding: $0.prefix(64), as: UTF8.self) })
                }
            }
            try sink.flush()
        } catch {
            if case .file = destination { rs_atomic_abort(fd, temp) }
            throw error
        }
        if case .file(let path) = destination {
            try check(PathCoding.withCPath(path) { rs_atomic_commit(fd, temp, $0, &message, message.count) }, &message, output: path)
        }
    }

    /// Base64 of a small buffer through the same encoder (for tests and benchmarks).
    public static func base64(_ bytes: [UInt8]) -> String {
        var output = [CChar](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
        rs_stream_base64_buffer(bytes, bytes.count, &output)
        return String(cString: output)
    }

    private static func check(_ status: rs_stream_status, _ message: inout [CChar], output: String? = nil) throws {
        let text = String(cString: message)
        switch status {
        case RS_STREAM_OK: return
        case RS_STREAM_INPUT: throw PayloadWriteError.input(text)
        case RS_STREAM_CLOSED: throw PayloadWriteError.closed
        default: throw PayloadWriteError.output(output.map { "cannot write \($0): \(text)" } ?? "cannot write the output: \(text)")
        }
    }

    /// Buffered text on the output descriptor.
    private struct Sink {
        let fd: Int32
        var buffer: [UInt8] = []

        init(fd: Int32) {
            self.fd = fd
            buffer.reserveCapacity(1 << 16)
        }

        mutating func append(_ text: String) throws {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { try flush() }
        }

        mutating func flush() throws {
            guard !buffer.isEmpty else { return }
            var message = [CChar](repeating: 0, count: 256)
            let status = buffer.withUnsafeBytes { rs_stream_write(fd, $0.baseAddress!, $0.count, &message, message.count) }
            buffer.removeAll(keepingCapacity: true)
            try PayloadWriter.check(status, &message)
        }
    }
}
