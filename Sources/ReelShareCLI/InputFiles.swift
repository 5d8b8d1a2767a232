// The files a command works on: operands, a directory's media files (walked as MediaTree says),
// plus a list read from --files-from FILE (or - for standard input), one path per line, or
// NUL-separated with -0. No files to work on is a notice, not a failure, unless --require-files.
import ReelShareKit
import ReelShareMedia

enum InputFiles {
    static let filesFrom = OptionSpec(
        "files-from", value: "FILE", help: "Also read paths from FILE, one per line ('-': standard input).")
    static let nullSeparated = OptionSpec(
        "0", help: "With --files-from: paths are separated by NUL bytes (find -print0), not newlines.")
    static let requireFiles = OptionSpec(
        "require-files",
        help: "Fail (exit 66) when there are no files to work on: an empty --files-from list, or directories with no media.")
    static let options = [filesFrom, nullSeparated, requireFiles]

    /// The paths given; with `walking`, a directory among them stands for its media files (walked
    /// when the command runs, `resolve`: reading the arguments reads no directory).
    static func gather(_ parsed: ParsedArguments, input: Input, walking: Bool = true) throws(CLIError) -> PathList {
        var list = PathList(operands: parsed.operands)
        list.walksDirectories = walking
        list.requireFiles = parsed.has(requireFiles)
        if let source = parsed.value(filesFrom) {
            let nul = parsed.has(nullSeparated)
            let name = source == "-" ? "on standard input" : source
            list.listName = source == "-" ? "the file list on standard input" : source
            do throws(FileError) {
                // A regular file is indexed in pieces and its paths read back when wanted; standard
                // input or a FIFO is held (it cannot be read twice).
                if source != "-", Posix.isRegularFile(source) {
                    try list.index(ReadableFile.open(source), nul: nul)
                } else {
                    let bytes =
                        source == "-" ? try input.readAll(limit: 256 << 20) : try Posix.readFile(source, limit: 256 << 20)
                    list.append(list: bytes, nul: nul)
                }
            } catch {
                throw .unreadable("cannot read the file list \(name): \(error)")
            }
            if list.overflowed {
                throw .unreadable("cannot read the file list \(name): it names more than \(PathList.maxPaths) paths")
            }
        } else if parsed.has(nullSeparated) {
            throw parsed.usageError("-0 goes with --files-from")
        }
        guard !parsed.operands.isEmpty || parsed.value(filesFrom) != nil else {
            throw parsed.usageError(
                "\(parsed.command) needs at least one FILE\(walking ? " or DIRECTORY" : "") (or --files-from)")
        }
        return list
    }

    /// The files to work on: each directory given walked for its media files, what was walked
    /// said on standard error; with no files to work on, says so, and with --require-files fails.
    static func resolve(_ given: PathList, stderr: Output) throws(CLIError) -> PathList {
        var list = given
        try list.walkDirectories()
        if let walk = list.walked { stderr.write("reelshare: \(walk.summary)\n") }
        guard list.isEmpty else { return list }
        if list.requireFiles { throw .unreadable("no files to work on (--require-files)") }
        stderr.write("reelshare: no files to work on\n")
        return list
    }

    /// A walk of the directories given: their media files in order, and what was left out. A
    /// directory reached again (through a link) is not entered again, and a walk stops at
    /// PathList.maxPaths files.
    struct Walk: Sendable {
        var media = 0
        var otherFiles = 0
        var skippedDirectories = 0
        var unreadableDirectories = 0
        private var entered: Set<Posix.FileIdentity> = []

        /// false when `directory` cannot be read.
        @discardableResult
        mutating func enter(_ directory: String, depth: Int, into paths: inout [String]) -> Bool {
            guard let identity = Posix.identity(directory), entered.insert(identity).inserted else {
                skippedDirectories += 1
                return true
            }
            guard depth <= MediaTree.maxDepth else {
                skippedDirectories += 1
                return true
            }
            guard let entries = Posix.entries(directory) else {
                unreadableDirectories += 1
                return false
            }
            for entry in entries {
                let path = directory.hasSuffix("/") ? directory + entry.name : directory + "/" + entry.name
                if entry.isDirectory {
                    if MediaTree.enters(entry.name) {
                        enter(path, depth: depth + 1, into: &paths)
                    } else {
                        skippedDirectories += 1
                    }
                    continue
                }
                guard MediaTree.looksAt(entry.name), Posix.isRegularFile(path) else {
                    otherFiles += 1
                    continue
                }
                // A file that cannot be read is kept: the command says why.
                if Self.prefix(path).map(MediaTree.isMedia) ?? true, paths.count < PathList.maxPaths {
                    media += 1
                    paths.append(path)
                } else {
                    otherFiles += 1
                }
            }
            return true
        }

        private static func prefix(_ path: String) -> [UInt8]? {
            guard let file = try? ReadableFile.open(path) else { return nil }
            defer { file.close() }
            return try? file.read(count: min(file.size, MediaTree.prefixLength))
        }

        var summary: String {
            func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
            return "\(count(media, "media file", "media files")) found; "
                + "\(count(otherFiles, "other file", "other files")) and "
                + "\(count(skippedDirectories, "directory", "directories")) (hidden, dependencies, build outputs) skipped"
                + (unreadableDirectories > 0
                    ? "; \(count(unreadableDirectories, "directory", "directories")) could not be read" : "")
        }
    }
}

/// The files a command works on: its operands, then a file list's paths, kept as where each path
/// lies in the list and read back when asked for: from the list file itself (350,000 paths are
/// 2.8 MB of offsets, not 350,000 strings nor the list's 11 MB), or from its bytes when it came
/// through standard input.
struct PathList: RandomAccessCollection, Sendable {
    private var operands: [String]
    private var bytes: [UInt8] = []
    private var file: ReadableFile?
    private var nul = false
    /// The list's name, for a path it can no longer give.
    var listName = "the file list"
    /// What walking the directories given found; nil when none was.
    private(set) var walked: InputFiles.Walk?
    /// A directory given stands for its media files (probe, validate).
    var walksDirectories = false
    /// No files is a failure (--require-files).
    var requireFiles = false
    /// More than maxPaths paths were listed (the rest not noted).
    private(set) var overflowed = false
    /// The last byte of the piece of the list read before the one being scanned.
    private var lastByte: UInt8?
    /// Each listed path's start and end in the list.
    private var ranges: [(start: UInt32, end: UInt32)] = []

    init(operands: [String]) { self.operands = operands }

    /// Each directory among the operands replaced by its media files, in name order.
    mutating func walkDirectories() throws(CLIError) {
        guard walksDirectories, operands.contains(where: Posix.isDirectory) else { return }
        var walk = InputFiles.Walk()
        var expanded: [String] = []
        for operand in operands {
            guard Posix.isDirectory(operand) else {
                expanded.append(operand)
                continue
            }
            guard walk.enter(operand, depth: 0, into: &expanded) else {
                throw .unreadable("cannot read the directory \(PathCoding.lineText(operand))")
            }
        }
        operands = expanded
        walked = walk
        walksDirectories = false
    }

    /// The most paths a list may give: 8 bytes each to note where they lie (80 MB).
    static let maxPaths = 10_000_000

    /// The paths of a list held in memory, one a line (a CR before the LF dropped) or
    /// NUL-separated; empty lines skipped.
    mutating func append(list: [UInt8], nul: Bool) {
        bytes = list
        self.nul = nul
        var start = 0
        scan(list[...], at: 0, start: &start, final: true)
    }

    /// The paths of the list file `file`, found by reading it in pieces; kept open to read them.
    mutating func index(_ file: ReadableFile, nul: Bool) throws(FileError) {
        guard file.size <= 256 << 20 else { throw .tooLarge(file.size) }
        self.file = file
        self.nul = nul
        var start = 0
        var at = 0
        while at < file.size {
            let piece = try file.read(count: Swift.min(1 << 20, file.size - at), from: at)
            scan(piece[...], at: at, start: &start, final: at + piece.count == file.size)
            at += piece.count
            lastByte = piece.last
        }
        if file.size == 0 { scan([][...], at: 0, start: &start, final: true) }
    }

    /// The separators in `piece` (at `offset` in the list): each ends a path begun at `start`.
    private mutating func scan(_ piece: ArraySlice<UInt8>, at offset: Int, start: inout Int, final: Bool) {
        // Found by memchr: a list of millions of short paths is scanned at memory speed.
        let found = Posix.offsets(of: nul ? 0 : UInt8(ascii: "\n"), in: piece)
        for index in found {
            add(from: start, to: offset + index, piece: piece, offset: offset)
            start = offset + index + 1
        }
        if final { add(from: start, to: offset + piece.count, piece: piece, offset: offset) }
    }

    private mutating func add(from start: Int, to end: Int, piece: ArraySlice<UInt8>, offset: Int) {
        var end = end
        // A CR before the LF is dropped: it may be this piece's or end the last one's.
        if !nul, end > start {
            let before = end - 1 >= offset ? piece[piece.startIndex + end - 1 - offset] : lastByte
            if before == UInt8(ascii: "\r") { end -= 1 }
        }
        guard end > start else { return }
        guard ranges.count < Self.maxPaths else {
            overflowed = true
            return
        }
        ranges.append((UInt32(start), UInt32(end)))
    }

    var startIndex: Int { 0 }
    var endIndex: Int { operands.count + ranges.count }

    subscript(index: Int) -> String {
        if index < operands.count { return operands[index] }
        let range = ranges[index - operands.count]
        let count = Int(range.end - range.start)
        let path: [UInt8]
        if let file {
            // The list was read through once; a list cut or rewritten since cannot give the path.
            guard let read = try? file.read(count: count, from: Int(range.start)) else {
                return "\(listName): path \(index - operands.count + 1) (the list changed while it was worked through)"
            }
            path = read
        } else {
            path = Array(bytes[Int(range.start)..<Int(range.end)])
        }
        return PathCoding.decode(path)
    }
}
