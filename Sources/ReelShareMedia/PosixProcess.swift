// Another program run to its end: doctor --evaluate runs an Expo project's own
// `npx expo config`. The program gets no standard input, its own process group (so that a stop
// ends it and every process it started), and the caller's environment; its output is read as it
// comes, within a limit, and `stop` is asked between reads so that a budget ends it.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CReelShareIO
import ReelShareKit

/// What a program left when it ended.
public struct ProcessResult: Sendable, Equatable {
    /// Its exit status; for a program killed by a signal, 128 plus the signal's number, as shells say.
    public var status: Int32
    public var output: [UInt8]
    public var errors: [UInt8]
}

/// Why a program gave no result.
public enum ProcessError: Error, Equatable {
    /// It could not be started (not found on PATH, not executable): errno.
    case notStarted(PosixError)
    /// It wrote more than the limit (bytes).
    case tooMuchOutput(Int)
    /// `stop` said so before it ended; it was killed.
    case stopped
    /// A pipe or wait failed.
    case system(PosixError)
}

extension Posix {
    /// Runs `arguments` (the first found on PATH) in `directory` to its end; at most `limit` bytes
    /// of output and of errors each are kept; `stop` is asked every tenth of a second.
    public static func run(
        _ arguments: [String], in directory: String, limit: Int, stop: () -> Bool
    ) throws(ProcessError) -> ProcessResult {
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard makePipe(&output), makePipe(&errors) else {
            let code = errno
            for fd in output + errors where fd >= 0 { _ = systemClose(fd) }
            throw .system(PosixError(code))
        }
        var pid = pid_t()
        let encoded = arguments.map { PathCoding.encode($0).map { CChar(bitPattern: $0) } + [0] }
        let code = withPointers(encoded) { argv in
            withCPath(directory) { rs_io_spawn(&pid, argv, $0, output[1], errors[1]) }
        }
        _ = systemClose(output[1])
        _ = systemClose(errors[1])
        defer {
            _ = systemClose(output[0])
            _ = systemClose(errors[0])
        }
        guard code == 0 else { throw .notStarted(PosixError(code)) }
        var kept: [[UInt8]] = [[], []]
        var open = [output[0], errors[0]]
        var failure: ProcessError?
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while open.contains(where: { $0 >= 0 }), failure == nil {
            if stop() {
                failure = .stopped
                break
            }
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), 100)
            if ready < 0 {
                if errno == EINTR { continue }
                failure = .system(PosixError(errno))
                break
            }
            for index in polled.indices where polled[index].fd >= 0 && polled[index].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(polled[index].fd, $0.baseAddress!, $0.count) }
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n <= 0 {
                    open[index] = -1
                    continue
                }
                kept[index] += chunk[..<n]
                if kept[index].count > limit { failure = .tooMuchOutput(kept[index].count) }
            }
        }
        if failure != nil { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw .system(PosixError(errno)) }
        }
        if let failure { throw failure }
        // The process group's other members (a child the program left running) end with it.
        kill(-pid, SIGKILL)
        let exited = status & 0x7f == 0
        return ProcessResult(
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: kept[0], errors: kept[1])
    }

    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        var pair: [Int32] = [-1, -1]
        guard pipe(&pair) == 0 else { return false }
        for fd in pair { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        fds = pair
        return true
    }

    /// `body` with a NULL-terminated array of pointers to `strings`.
    private static func withPointers<T>(
        _ strings: [[CChar]], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T
    ) -> T {
        var copies: [UnsafeMutablePointer<CChar>?] = strings.map { string in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: string.count)
            copy.initialize(from: string, count: string.count)
            return copy
        }
        copies.append(nil)
        defer { for copy in copies { copy?.deallocate() } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
