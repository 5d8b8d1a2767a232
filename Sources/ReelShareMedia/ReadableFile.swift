// A regular file open for reading, by pread: the one way reelshare's Swift code reads a file.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CReelShareIO
import ReelShareKit

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
            let n = rs_io_read(descriptor, buffer.baseAddress!, count, Int64(offset))
            if n < 0 { failure = errno }
            initialized = max(n, 0)
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
