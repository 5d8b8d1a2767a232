// The POSIX layer's errors: errno as a value, and what can go wrong opening and reading a file.
// Their words come from Posix.message, once.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
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
