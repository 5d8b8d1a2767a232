// The files a command works on: operands, plus a list read from --files-from FILE (or - for
// standard input), one path per line, or NUL-separated with -0.
import ReelShareKit
import ReelShareMedia

enum InputFiles {
    static let filesFrom = OptionSpec(
        "files-from", value: "FILE", help: "Also read paths from FILE, one per line ('-': standard input).")
    static let nullSeparated = OptionSpec(
        "0", help: "With --files-from: paths are separated by NUL bytes (find -print0), not newlines.")
    static let options = [filesFrom, nullSeparated]

    static func gather(_ parsed: ParsedArguments) throws(CLIError) -> [String] {
        var files = parsed.operands
        if let source = parsed.value(filesFrom) {
            let bytes: [UInt8]
            do {
                bytes = source == "-" ? try Posix.readAll(0, limit: 256 << 20) : try Posix.readFile(source, limit: 256 << 20)
            } catch {
                throw .unreadable("cannot read the file list \(source == "-" ? "on standard input" : source): \(error)")
            }
            files += split(bytes, nul: parsed.has(nullSeparated))
        } else if parsed.has(nullSeparated) {
            throw parsed.usageError("-0 goes with --files-from")
        }
        guard !files.isEmpty else { throw parsed.usageError("\(parsed.command) needs at least one FILE (or --files-from)") }
        return files
    }

    static func split(_ bytes: [UInt8], nul: Bool) -> [String] {
        let separator: UInt8 = nul ? 0 : UInt8(ascii: "\n")
        return bytes.split(separator: separator, omittingEmptySubsequences: true).compactMap { line in
            var path = PathCoding.decode(line)
            if !nul, path.hasSuffix("\r") { path.removeLast() }
            return path.isEmpty ? nil : path
        }
    }
}
