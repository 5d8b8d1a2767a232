// The one POSIX layer: every system call reelshare's Swift code makes (open, fstat, pread, read,
// write, fsync, rename, unlink, isatty, sigaction through the C handler), errno turned into words
// once, file names turned back into their bytes once, and the process's signal set-up (the lock is
// in Protected.swift). Modelled on swift-nio's `Posix` namespace: callers see typed errors and value types, never errno.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CReelShareStream
import ReelShareKit

/// A failed system call: its errno.
public struct PosixError: Error, Equatable, CustomStringConvertible {
    public let code: Int32

    public init(_ code: Int32) { self.code = code }

    public var description: String {
        code == ELOOP ? "a symbolic link loop (too many levels of symbolic links)" : Posix.message(code)
    }
    /// The reader of a pipe went away.
    public var isClosedPipe: Bool { code == EPIPE }
}

/// Why a file could not be read.
public enum FileError: Error, Equatable, CustomStringConvertible {
    case notFound
    /// "-" where no file has that name: standard input, which media is never read from.
    case standardInput
    case directory
    /// A pipe, a device or a socket (what it is, in words).
    case notRegular(String)
    /// Larger than the caller's limit (its size in bytes).
    case tooLarge(Int)
    case shrank
    /// The name was given to another file between stat and open.
    case swapped
    case system(PosixError)

    public var description: String {
        switch self {
        case .notFound: return "no such file"
        case .standardInput: return "no such file"
        case .directory: return "is a directory"
        case .notRegular(let what): return "\(what), not a regular file"
        case .tooLarge(let size): return "too large (\(size) bytes)"
        case .shrank: return "file shrank while being read"
        case .swapped: return "replaced by another file while it was opened"
        case .system(let error): return error.description
        }
    }
}

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

    /// 0, or the errno of the write that failed.
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var done = 0
        while done < bytes.count {
            let n = systemWrite(descriptor, base + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            if n < 0 { return errno }
            done += n
        }
        return 0
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
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw .system(PosixError(errno)) }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
            if bytes.count > limit { throw .tooLarge(bytes.count) }
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

/// A regular file open for reading.
public struct ReadableFile: Sendable {
    public let descriptor: Int32
    /// Its size when opened.
    public let size: Int
    /// The file it is (device and inode), from fstat when it was opened.
    public let identity: Posix.FileIdentity

    /// Opens `path` if it is a regular file. stat first, so that a device or a FIFO is never
    /// opened (opening one can block or have side effects); then fstat on the open descriptor,
    /// which must be the very file stat saw (the name may have been swapped in between).
    public static func open(_ path: String) throws(FileError) -> ReadableFile {
        var seen = stat()
        let statError = Posix.withCPath(path) { stat($0, &seen) == 0 ? 0 : errno }
        if statError == ENOENT, path == "-" { throw .standardInput }
        if statError != 0 { throw statError == ENOENT || statError == ENOTDIR ? .notFound : .system(PosixError(statError)) }
        switch seen.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .directory
        case S_IFIFO: throw .notRegular("a pipe")
        case S_IFCHR: throw .notRegular("a character device")
        case S_IFBLK: throw .notRegular("a block device")
        case S_IFSOCK: throw .notRegular("a socket")
        default: throw .notRegular("a special file")
        }
        let (fd, openError) = Posix.withCPath(path) { name -> (Int32, Int32) in
            let fd = systemOpen(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            return (fd, fd < 0 ? errno : 0)
        }
        if fd < 0 { throw openError == ENOENT || openError == ENOTDIR ? .notFound : .system(PosixError(openError)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            _ = systemClose(fd)
            throw .system(PosixError(code))
        }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_dev == seen.st_dev, info.st_ino == seen.st_ino else {
            _ = systemClose(fd)
            throw .swapped
        }
        return ReadableFile(
            descriptor: fd, size: Int(info.st_size),
            identity: Posix.FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// `count` bytes from `offset` (pread: the file position is not used).
    public func read(count: Int, from offset: Int = 0) throws(FileError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count, let base = buffer.baseAddress {
                let n = pread(descriptor, base + done, count - done, off_t(offset + done))
                if n < 0, errno == EINTR { continue }
                if n < 0 { failure = errno }
                if n <= 0 { break }
                done += n
            }
            initialized = done
        }
        if failure != 0 { throw .system(PosixError(failure)) }
        if bytes.count < count { throw .shrank }
        return bytes
    }

    public func close() { _ = systemClose(descriptor) }

    /// Whether the open file still has its size at opening, and `path` still names it: nothing was
    /// appended, cut or swapped in while it was read.
    public func unchanged(since path: String) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) == size else { return false }
        return Posix.identity(path) == identity
    }
}

/// Why an output file cannot be written where it was asked for.
public enum OutputFailure: Error, Equatable, CustomStringConvertible {
    /// The path is a symbolic link to a file or to nothing: never written through (a link planted
    /// in a shared directory would redirect the write).
    case symbolicLink(String)
    /// Writing it would replace one of the command's inputs (the same file by any path).
    case replacesInput(output: String, input: String)
    /// A system call failed.
    case system(path: String, PosixError)

    public var description: String {
        switch self {
        case .symbolicLink(let path):
            return "cannot write \(path): it is a symbolic link, and reelshare never writes through one"
        case .replacesInput(let output, let input):
            return output == input
                ? "cannot write \(output): it is an input of this command" : "cannot write \(output): it is the input \(input)"
        case .system(let path, let error): return "cannot write \(path): \(error)"
        }
    }
}

/// An output file written atomically: a file with no name (Linux's O_TMPFILE; a temporary file
/// beside the destination where that is not available), fsync, then its name: linked in when the
/// name is free, else linked as a temporary name and renamed over the old file, and the directory
/// fsynced. A failure, an interrupt (SIGINT, SIGTERM, SIGHUP) or, with an unnamed file, a kill
/// leaves the old file, or none, never part of a new one.
///
/// One rule for every output (`AtomicFile.check`): a path that is a symbolic link is refused unless
/// it leads to a device, FIFO or socket (`-o /dev/stdout`), which is written in place, as is such a
/// file named directly (renaming over a device would replace it with a file); a path that is, by
/// any name, one of the command's inputs is refused.
public final class AtomicFile {
    public let descriptor: Int32
    /// A path that opens the file being written, so that it can be checked before it replaces
    /// anything: /proc/self/fd/N for an unnamed file, the temporary name otherwise; nil when
    /// writing in place.
    public let readablePath: String?
    private let path: String
    private let unnamed: Bool
    private let inPlace: Bool
    private var finished = false
    /// The temporary name the handler removes on an interrupt, and its handle (0: none).
    private var temporaryName: String?
    private var cleanup: Int32 = 0

    /// Where an output goes: written in place (a device, a FIFO), or a new regular file replacing
    /// one with `mode`, or created.
    public enum Destination: Equatable, Sendable {
        case inPlace
        case replace(mode: UInt32)
        case create
    }

    /// The one output rule (see the type's comment); throws when `destination` may not be written.
    @discardableResult
    public static func check(_ destination: String, inputs: InputIdentities) throws(OutputFailure) -> Destination {
        var info = stat()
        if Posix.withCPath(destination, { lstat($0, &info) }) != 0 {
            let code = errno
            if code == ENOENT { return .create }
            throw .system(path: destination, PosixError(code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            var target = stat()
            let reaches = Posix.withCPath(destination) { stat($0, &target) } == 0
            let kind = target.st_mode & S_IFMT
            if reaches, kind != S_IFREG, kind != S_IFDIR { return .inPlace }  // /dev/stdout, a FIFO
            throw .symbolicLink(destination)
        case S_IFDIR: throw .system(path: destination, PosixError(EISDIR))
        case S_IFREG:
            if let input = inputs.input(Posix.FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))) {
                throw .replacesInput(output: destination, input: input)
            }
            return .replace(mode: UInt32(info.st_mode & 0o7777))
        default: return .inPlace
        }
    }

    /// Opens the new file for `destination`, which may not be one of `inputs`. Its mode is what an
    /// ordinary new file gets (0666 less the umask, applied by the kernel), or the mode of the file
    /// it will replace. Up to 1,024 named temporaries may be pending at once (a split's parts,
    /// --jobs): the interrupt handler removes every one of them.
    public init(replacing destination: String, inputs: InputIdentities = .none) throws(OutputFailure) {
        let kind = try Self.check(destination, inputs: inputs)
        path = destination
        if kind == .inPlace {
            let (fd, code) = Posix.withCPath(destination) { file -> (Int32, Int32) in
                let fd = systemOpen(file, O_WRONLY | O_CLOEXEC)
                return (fd, fd < 0 ? errno : 0)
            }
            if fd < 0 { throw .system(path: destination, PosixError(code)) }
            descriptor = fd
            readablePath = nil
            unnamed = false
            inPlace = true
            return
        }
        inPlace = false
        let directory = Self.directory(of: destination)
        let fd = Posix.withCPath(directory) { rs_unnamed_open($0) }
        if fd >= 0, Posix.isDirectory("/proc/self/fd") {
            descriptor = fd
            unnamed = true
            readablePath = "/proc/self/fd/\(fd)"
        } else {
            if fd >= 0 { _ = systemClose(fd) }
            // A named temporary file beside the destination, registered for removal before it is
            // made, so that an interrupt on any thread finds it.
            rs_cleanup_install()
            var opened: (Int32, String)?
            for _ in 0..<100 {
                let candidate = Self.temporaryName(for: destination)
                let handle = Posix.withCPath(candidate) { rs_cleanup_register($0) }
                if handle <= 0 {
                    throw .system(path: destination, PosixError(handle == 0 ? ENAMETOOLONG : EMFILE))
                }
                let (fd, code) = Posix.withCPath(candidate) { file -> (Int32, Int32) in
                    let fd = systemOpen(file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                    return (fd, fd < 0 ? errno : 0)
                }
                if fd >= 0 {
                    opened = (fd, candidate)
                    cleanup = handle
                    break
                }
                rs_cleanup_clear(handle)
                if code != EEXIST { throw .system(path: destination, PosixError(code)) }
            }
            guard let (fd, name) = opened else { throw .system(path: destination, PosixError(EEXIST)) }
            descriptor = fd
            unnamed = false
            temporaryName = name
            readablePath = name
        }
        if case .replace(let mode) = kind, fchmod(descriptor, mode_t(mode)) != 0 {
            let code = errno
            discard()
            throw .system(path: destination, PosixError(code))
        }
    }

    /// fsync, give the file its name, fsync the directory.
    public func commit() throws(OutputFailure) {
        guard !finished else { return }
        if inPlace {
            finished = true
            if systemClose(descriptor) != 0 { throw .system(path: path, PosixError(errno)) }
            return
        }
        if fsync(descriptor) != 0 {
            let code = errno
            discard()
            throw .system(path: path, PosixError(code))
        }
        var code: Int32 = 0
        if unnamed {
            // Straight to its name when the name is free; linkat never follows a link planted there.
            code = Posix.withCPath(path) { rs_unnamed_link(descriptor, $0) }
            if code == EEXIST {
                // Replacing a file: linked as a temporary name first (registered before it exists),
                // then renamed over it.
                rs_cleanup_install()
                code = EEXIST
                for _ in 0..<100 where code == EEXIST {
                    let candidate = Self.temporaryName(for: path)
                    let handle = Posix.withCPath(candidate) { rs_cleanup_register($0) }
                    if handle <= 0 {
                        code = handle == 0 ? ENAMETOOLONG : EMFILE
                        break
                    }
                    code = Posix.withCPath(candidate) { rs_unnamed_link(descriptor, $0) }
                    if code == 0 {
                        temporaryName = candidate
                        cleanup = handle
                    } else {
                        rs_cleanup_clear(handle)
                    }
                }
            }
        }
        if code == 0, let temporaryName {
            code = Posix.withCPath(temporaryName) { from in Posix.withCPath(path) { rename(from, $0) == 0 ? 0 : errno } }
        }
        finished = true
        let closeError = systemClose(descriptor) == 0 ? 0 : errno
        if code == 0 { code = closeError }
        if let temporaryName {
            if code != 0 { _ = Posix.withCPath(temporaryName) { unlink($0) } }
            rs_cleanup_clear(cleanup)
            self.temporaryName = nil
        }
        if code != 0 { throw .system(path: path, PosixError(code)) }
        let dir = Posix.withCPath(Self.directory(of: path)) { systemOpen($0, O_RDONLY | O_CLOEXEC) }
        if dir >= 0 {
            _ = fsync(dir)  // make the name itself durable
            _ = systemClose(dir)
        }
    }

    /// Closes the file and removes its temporary name, if it has one; an unnamed file is gone
    /// once closed.
    public func discard() {
        guard !finished else { return }
        finished = true
        _ = systemClose(descriptor)
        guard let temporaryName else { return }
        _ = Posix.withCPath(temporaryName) { unlink($0) }
        rs_cleanup_clear(cleanup)
    }

    deinit { discard() }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// ".NAME.reelshare-RANDOM" beside `path`.
    private static func temporaryName(for path: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let suffix = String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 36)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(directory).\(name).reelshare-\(suffix)"
    }
}

/// Bytes kept on disk rather than in memory until they can be written: a report whose head needs
/// counts known only at the end (validate's HTML page and JUnit file) spools its body here, so
/// memory stays flat over any number of files. An unnamed file in `directory` ($TMPDIR or /tmp),
/// gone when closed; a named one unlinked at once where unnamed files are not available; memory if
/// neither can be made.
public final class Spool {
    private var descriptor: Int32 = -1
    private var memory: [UInt8] = []
    private var buffer: [UInt8] = []
    /// The first write error; replay reports it.
    private var failure: PosixError?

    public init(directory: String) {
        let fd = Posix.withCPath(directory) { rs_unnamed_open($0) }
        if fd >= 0 {
            descriptor = fd
            return
        }
        var template = Array((directory + "/.reelshare-spool-XXXXXX").utf8CString)
        let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if named >= 0 {
            _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
            descriptor = named
        }
        buffer.reserveCapacity(1 << 16)
    }

    deinit { if descriptor >= 0 { _ = systemClose(descriptor) } }

    public func append(_ bytes: [UInt8]) {
        guard descriptor >= 0 else {
            memory += bytes
            return
        }
        buffer += bytes
        if buffer.count >= 1 << 16 { drain() }
    }

    private func drain() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        do throws(PosixError) {
            try Posix.write(descriptor, buffer)
        } catch {
            failure = error
        }
    }

    /// Hands everything appended to `body`, in chunks of at most 64 KiB, in order.
    public func replay(_ body: ([UInt8]) -> Void) throws(PosixError) {
        guard descriptor >= 0 else {
            body(memory)
            return
        }
        drain()
        if let failure { throw failure }
        var offset = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw PosixError(errno) }
            if n == 0 { return }
            body(Array(chunk[..<n]))
            offset += n
        }
    }
}

// The C library's names, where Swift's own would shadow them.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}

private func systemClose(_ fd: Int32) -> Int32 { close(fd) }

private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(fd, bytes, count)
    #else
        return Darwin.write(fd, bytes, count)
    #endif
}
