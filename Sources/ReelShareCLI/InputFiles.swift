// The files a command works on: operands, plus a list read from --files-from FILE (or - for
// standard input), one path per line, or NUL-separated with -0.
import Foundation

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
                guard let read = FileManager.default.contents(atPath: source) else {
                    throw ReadError(message: "cannot read the file list \(source)")
                }
                data = read
            }
            files += split(data, nul: parsed.has("0"))
        } else if parsed.has("0") {
            throw UsageError("-0 goes with --files-from", command: command)
        }
        guard !files.isEmpty else { throw UsageError("\(command) needs at least one FILE (or --files-from)", command: command) }
        return files
    }

    static func split(_ data: Data, nul: Bool) -> [String] {
        let separator: UInt8 = nul ? 0 : UInt8(ascii: "\n")
        return data.split(separator: separator, omittingEmptySubsequences: true).compactMap { bytes in
            var path = String(decoding: bytes, as: UTF8.self)
            if !nul, path.hasSuffix("\r") { path.removeLast() }
            return path.isEmpty ? nil : path
        }
    }
}
