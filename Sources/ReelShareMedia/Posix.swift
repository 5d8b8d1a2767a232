// The one POSIX layer: every system call reelshare's Swift code makes goes through it, errno
// turned into words once, file names turned back into their bytes once. Split by concern: this
// file (paths, directories, whole reads and writes, the process's arguments and signals),
// PosixErrors.swift, ReadableFile.swift, AtomicFile.swift (every output), Spool.swift,
// PosixDirectory.swift; the lock is Protected.swift. Reads and writes go through CReelShareIO's
// rs_io, the one loop that retries EINTR and short transfers. Modelled on swift-nio's `Posix`
// namespace: callers see typed errors and value types, never errno.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CReelShareIO
import ReelShareKit

public enum Posix {
    static let ioError = EIO
    static let outOfMemory = ENOMEM
    /// strerror's words for `code`, lower case, as reelshare's messages are.
    public static func message(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Calls `body` with the path as a C string of its original bytes (see PathCoding).
    public static func withCPath<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try PathCoding.encode(path).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The command line after the program name, file names kept byte for byte.
    public static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return argument.withMemoryRebound(to: UInt8.self, capacity: strlen(argument) + 1) {
                PathCoding.decode(UnsafeBufferPointer(start: $0, count: strlen(argument)))
            }
        }
    }

    /// Signals, set once at start: a closed pipe is an error from write(), not a death; and the
    /// interrupts are unblocked, since a parent may hand down a mask that blocks them (threaded
    /// runtimes often do, and posix_spawn passes the mask on), so that an interrupt stops
    /// reelshare and an atomic output can be removed. Dispositions (an ignored SIGINT in a
    /// background job) are left as they are.
    public static func setUpSignals() {
        signal(SIGPIPE, SIG_IGN)
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interrupts, number) }
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
    }

    /// `path` made absolute against the working directory (kept byte for byte).
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = PathCoding.decode(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Gives the memory the C library holds freed back to the system: glibc keeps a thread's freed
    /// blocks in that thread's arena, where another thread's work cannot use them (two re-encodes
    /// one after the other on two threads held both: 219 MiB with Debian unstable's FFmpeg).
    public static func releaseFreedMemory() { rs_io_release_freed_memory() }

    /// Whether `path` names a directory (following links).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return withCPath(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates the directory `path` and any missing parents (as `mkdir -p`, mode 0777 less the
    /// umask); a directory that already exists is fine.
    public static func makeDirectories(_ path: String) throws(PosixError) {
        if isDirectory(path) { return }
        let trimmed = String(path.reversed().drop(while: { $0 == "/" }).reversed())
        if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex {
            try makeDirectories(String(trimmed[..<slash]))
        }
        let code = withCPath(trimmed) { mkdir($0, 0o777) == 0 ? 0 : errno }
        if code == 0 || (code == EEXIST && isDirectory(trimmed)) { return }  // or made by someone else meanwhile
        // A name that exists and is no directory: a file, or a link that leads nowhere, or round
        // in a loop (stat says ELOOP), which is said as such.
        var info = stat()
        let statCode = code == EEXIST ? withCPath(trimmed) { stat($0, &info) == 0 ? 0 : errno } : 0
        throw PosixError(code == EEXIST ? (statCode == ELOOP ? ELOOP : ENOTDIR) : code)
    }

    /// The file `path` names (links followed): equal for two paths that reach the same file.
    public struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    public static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard withCPath(path, { stat($0, &info) }) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Where `byte` occurs in `bytes`, as offsets from its start: found by memchr, at memory speed
    /// (a file list of ten million short paths).
    public static func offsets(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer -> [Int] in
            guard let base = buffer.baseAddress else { return [] }
            var found: [Int] = []
            var at = 0
            while at < buffer.count, let hit = memchr(base + at, Int32(byte), buffer.count - at) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                found.append(index)
                at = index + 1
            }
            return found
        }
    }

    /// Removes the file at `path` (best effort: undoing a half-finished set of outputs).
    public static func remove(_ path: String) {
        _ = withCPath(path) { unlink($0) }
    }

    /// Whether `path` names a regular file (following links).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return withCPath(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Writes all of `bytes`, retrying short and interrupted writes.
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(PosixError) {
        let code = writeAll(descriptor, bytes)
        if code != 0 { throw PosixError(code) }
    }

    public static func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(PosixError) {
        let code = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
        if code != 0 { throw PosixError(code) }
    }

    /// 0, or the errno of the write that failed (rs_io: interrupted and short writes retried).
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        return rs_io_write(descriptor, base, bytes.count, -1)
    }

    /// The text a C shim wrote into `buffer`, up to its NUL.
    public static func text(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Everything readable from `descriptor` (standard input, say) up to `limit` bytes.
    public static func readAll(_ descriptor: Int32, limit: Int) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // A whole chunk, or less at the end.
            let n = chunk.withUnsafeMutableBytes { rs_io_read(descriptor, $0.baseAddress!, $0.count, -1) }
            if n < 0 { throw .system(PosixError(errno)) }
            bytes += chunk[..<n]
            if bytes.count > limit { throw .tooLarge(bytes.count) }
            if n < chunk.count { return bytes }
        }
    }

    /// The whole of a small file: a regular file, or a FIFO (a pipe, or the shell's `<(command)`),
    /// read to its end within the same `limit`. Not a device: that may never end.
    public static func readFile(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        var seen = stat()
        if withCPath(path, { stat($0, &seen) }) == 0, seen.st_mode & S_IFMT == S_IFIFO {
            let (fd, code) = withCPath(path) { name -> (Int32, Int32) in
                let fd = systemOpen(name, O_RDONLY | O_CLOEXEC)
                return (fd, fd < 0 ? errno : 0)
            }
            if fd < 0 { throw .system(PosixError(code)) }
            defer { _ = systemClose(fd) }
            return try readAll(fd, limit: limit)
        }
        let file = try ReadableFile.open(path)
        defer { file.close() }
        guard file.size <= limit else { throw .tooLarge(file.size) }
        return try file.read(count: file.size)
    }
}

// The C library's names, where Swift's own would shadow them.
func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}

func systemClose(_ fd: Int32) -> Int32 { close(fd) }
