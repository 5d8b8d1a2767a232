// Every output reelshare writes: one rule for where it may go, and a file that is whole or absent.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CReelShareIO
import ReelShareKit

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
