// Buffered writes to standard output and standard error through file descriptors (Swift 6 rejects
// Glibc's stdout/stderr globals). A closed pipe (`reelshare probe … | head`) ends output quietly.
import ReelShareKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum OutputError: Error, Equatable {
    /// The reader went away (EPIPE): stop writing, this is not a failure.
    case closed
    case failed(String)
}

public final class Output: @unchecked Sendable {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let lock = Lock()
    private(set) var error: OutputError?

    public static let standardOutput = Output(descriptor: 1)
    public static let standardError = Output(descriptor: 2)

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    public var isTerminal: Bool { isatty(descriptor) == 1 }

    public func write(_ text: String) {
        let text = PathCoding.display(text)  // bytes of a file name that were not UTF-8 show as U+FFFD
        lock.locked {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { drain() }
        }
    }

    /// Writes what is buffered; returns the first error seen on this stream, if any.
    @discardableResult
    public func flush() -> OutputError? {
        lock.locked { drain() }
        return error
    }

    private func drain() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard error == nil, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = systemWrite(descriptor, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                if n < 0 {
                    error = errno == EPIPE ? .closed : .failed(String(cString: strerror(errno)).lowercased())
                    return
                }
                done += n
            }
        }
    }
}

/// A pthread mutex: the few shared buffers of the CLI need nothing more.
final class Lock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}

private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, bytes, count)
    #else
    return Darwin.write(fd, bytes, count)
    #endif
}
