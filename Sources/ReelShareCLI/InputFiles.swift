// The files a command works on: operands, plus a list read from --files-from FILE (or - for
// standard input), one path per line, or NUL-separated with -0.
import Foundation
import ReelShareKit

enum InputFiles {
    struct ReadError: Error {
        let message: String
    }

    static let options = [
        OptionSpec("files-from", value: "FILE", help: "Also read paths from FILE, one per line ('-': standard input)."),
        OptionSpec("0", help: "With --files-from: paths are separated by NUL bytes (find -print0), not newlines."),
    ]

    static func gather(_ parsed: ParsedArguments, command: String) throws -> [String] {
        var files = parsed.operands
        if let source = parsed.value("files-from") {
            let data: Data
            if source == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let read = readFile(source) else { throw ReadError(message: "cannot read the file list \(source)") }
                data = Data(read)
            }
            files += split(data, nul: parsed.has("0"))
        } else if parsed.has("0") {
            throw UsageError("-0 goes with --files-from", command: command)
        }
        guard !files.isEmpty else { throw UsageError("\(command) needs at least one FILE (or --files-from)", command: command) }
        return files
    }

    /// The whole of a (small) file named by a PathCoding path; nil when it cannot be read.
    static func readFile(_ path: String, limit: Int = 64 << 20) -> [UInt8]? {
        let fd = PathCoding.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }

    static func split(_ data: Data, nul: Bool) -> [String] {
        let separator: UInt8 = nul ? 0 : UInt8(ascii: "\n")
        return data.split(separator: separator, omittingEmptySubsequences: true).compactMap { bytes in
            var path = PathCoding.decode(bytes)
            if !nul, path.hasSuffix("\r") { path.removeLast() }
            return path.isEmpty ? nil : path
        }
    }
}
