// Writes a payload document through the streaming shim (CReelShareStream).
// Text parts are buffered here; each media file is streamed by C in bounded chunks, base64 on this
// thread and SHA-256 of the same chunks on another, so memory does not grow with the video. A file
// output is an AtomicFile (AtomicFile.swift): a failure or an interrupt leaves the old file (or none),
// never part of a new one.
import CReelShareStream
import ReelShareKit

public enum PayloadDestination: Sendable, Equatable {
    /// An open descriptor that is not reelshare's to replace: standard output.
    case stream(Int32)
    case file(String)
}

public enum PayloadWriteError: Error, Equatable, CustomStringConvertible {
    /// A media file could not be read (it vanished since it was checked, say).
    case input(path: String, reason: String)
    /// The output could not be written.
    case output(String)
    /// Standard output is a pipe whose reader went away.
    case closed
    /// The parts name a media file the request does not have.
    case badPart(Int)
    /// A media file changed (its size, or the file at its path) since it was validated, or while it
    /// was read.
    case changed(String)

    public var description: String {
        switch self {
        case .input(let path, let reason): return "cannot read \(path): \(reason)"
        case .output(let message): return message
        case .closed: return "output closed"
        case .badPart(let index): return "the payload refers to media file \(index), which it does not have"
        case .changed(let path): return "\(path) changed while it was read; nothing written"
        }
    }
}

public enum PayloadWriter {
    public static func write(_ parts: [PayloadPart], media: [PayloadMedia], to destination: PayloadDestination)
        throws(PayloadWriteError)
    {
        let file: AtomicFile?
        let fd: Int32
        let outputName: String
        switch destination {
        case .stream(let descriptor):
            file = nil
            fd = descriptor
            outputName = "the output"
        case .file(let path):
            let opened: AtomicFile
            do throws(OutputFailure) {
                opened = try AtomicFile(replacing: path, inputs: InputIdentities(media.map(\.path)))
            } catch {
                throw .output(error.description)
            }
            file = opened
            fd = opened.descriptor
            outputName = path
        }
        do {
            var sink = Sink(fd: fd, name: outputName)
            var results: [Int: rs_stream_result] = [:]
            func result(_ index: Int, writingTo out: Int32 = -1) throws(PayloadWriteError) -> rs_stream_result {
                guard media.indices.contains(index) else { throw .badPart(index) }
                if out < 0, let known = results[index] { return known }
                let computed = try stream(media[index], to: out, outputName: outputName)
                results[index] = computed
                return computed
            }
            for part in parts {
                switch part {
                case .text(let text):
                    try sink.append(text)
                case .base64(let index):
                    try sink.flush()
                    _ = try result(index, writingTo: fd)
                case .byteCount(let index):
                    try sink.append(String(try result(index).bytes))
                case .sha256(let index):
                    var digest = try result(index).sha256
                    try sink.append(withUnsafeBytes(of: &digest) { String(decoding: $0.prefix(64), as: UTF8.self) })
                }
            }
            try sink.flush()
            try file?.commit()
        } catch let error as PayloadWriteError {
            file?.discard()
            throw error
        } catch let error as OutputFailure {
            throw .output(error.description)
        } catch {
            file?.discard()
            throw .output("cannot write \(outputName): \(error)")
        }
    }

    /// Streams one media file's base64 to `out` (or only measures and hashes it, when `out` < 0):
    /// exactly the bytes validated, of the file validated (fstat before and after).
    private static func stream(_ medium: PayloadMedia, to out: Int32, outputName: String) throws(PayloadWriteError)
        -> rs_stream_result
    {
        let path = medium.path
        let input: ReadableFile
        do {
            input = try ReadableFile.open(path)
        } catch .swapped {
            throw .changed(path)  // another file took its name: not the file validated
        } catch {
            throw .input(path: path, reason: error.description)
        }
        defer { input.close() }
        if let expected = medium.sizeBytes, input.size != expected { throw .changed(path) }
        var result = rs_stream_result()
        var message = [CChar](repeating: 0, count: 256)
        let status = rs_stream_base64(input.descriptor, out, &result, &message, message.count)
        let text = Posix.text(message)
        switch status {
        case RS_STREAM_OK:
            guard result.bytes == Int64(input.size), input.unchanged(since: path) else { throw .changed(path) }
            return result
        case RS_STREAM_INPUT: throw .input(path: path, reason: text)
        case RS_STREAM_CLOSED: throw .closed
        case RS_STREAM_OUTPUT: throw .output("cannot write \(outputName): \(text)")
        default: throw .output("cannot stream \(path): \(text)")
        }
    }

    /// Base64 of a small buffer through the same encoder (for tests and benchmarks).
    public static func base64(_ bytes: [UInt8]) -> String {
        var output = [CChar](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
        rs_stream_base64_buffer(bytes, bytes.count, &output)
        return Posix.text(output)
    }

    /// Buffered text on the output descriptor.
    private struct Sink {
        let fd: Int32
        let name: String
        var buffer: [UInt8] = []

        init(fd: Int32, name: String) {
            self.fd = fd
            self.name = name
            buffer.reserveCapacity(1 << 16)
        }

        mutating func append(_ text: String) throws(PayloadWriteError) {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { try flush() }
        }

        mutating func flush() throws(PayloadWriteError) {
            defer { buffer.removeAll(keepingCapacity: true) }
            do {
                try Posix.write(fd, buffer)
            } catch {
                throw error.isClosedPipe ? .closed : .output("cannot write \(name): \(error)")
            }
        }
    }
}
