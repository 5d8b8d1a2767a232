// A process of the built binary that a test acts on while it runs: signalled while it writes, an
// input changed under it. The test waits on events (the child's end, a line it writes, what /proc
// shows of its open files), never on a guess of how long the work takes.
import CReelShareTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

public struct Child {
    public let process: Process

    /// Starts the built binary (or `executable`) with `arguments` in `directory`, its standard
    /// output and error at /dev/null unless pipes are given.
    public init(
        _ arguments: [String], in directory: URL = TestPaths.packageRoot, executable: String? = nil,
        stdin: Pipe? = nil, stdout: Pipe? = nil
    ) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: try executable ?? TestPaths.binary())
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = stdin ?? FileHandle.nullDevice
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        _ = ignoringBrokenPipes
        try process.run()
    }

    /// A process the test started itself (with its own pipes).
    public init(running process: Process) { self.process = process }

    public var pid: Int32 { process.processIdentifier }

    /// Waits until `ready(pid)` holds, asking it again each time the child has not ended within a
    /// millisecond (the wait is on the child's end: it returns at once when the child is gone).
    /// True when it held while the child ran; false when the child ended first, or after
    /// `seconds` (generous: a stuck test must end).
    public func wait(until ready: (Int32) -> Bool, seconds: Double = 120) -> Bool {
        for _ in 0..<Int(seconds * 1000) {
            if ready(pid) { return true }
            if rs_test_wait_exit(pid, 1) != 0 { return false }
        }
        return false
    }

    /// Sends `signal` once the child has an output open in `directory` with more than `bytes`
    /// written (an unnamed file, or a temporary one beside its destination); then waits for its
    /// end. Whether the signal was sent while the child wrote.
    public func signal(_ number: Int32, whenWritingMoreThan bytes: Int, in directory: URL) -> Bool {
        let sent = wait { (pendingOutputSize(pid: $0, in: directory) ?? -1) > bytes }
        if sent { kill(pid, number) }
        process.waitUntilExit()
        return sent
    }

    /// Whether the child died of `number` (not an exit).
    public func diedOf(_ number: Int32) -> Bool {
        process.terminationReason == .uncaughtSignal && process.terminationStatus == number
    }
}

/// Waits for process `pid` (a child or not) to end, on the event itself; false if it still runs
/// after `seconds` (generous: a stuck test must end).
public func waitForExit(_ pid: Int32, seconds: Double) -> Bool {
    rs_test_wait_exit(pid, Int32(seconds * 1000)) == 1
}
