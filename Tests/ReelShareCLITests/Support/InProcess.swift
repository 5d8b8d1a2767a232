// reelshare run in this process: ReelShareCLI.run with argv, standard input and captured outputs,
// from a working directory of its own. The default way the tests run a command; a process of its
// own (runBinary) is for what only a process has: signals, pipes, its exit, its memory.
import CReelShareTestSupport
import Foundation
import ReelShareCLI
import ReelShareTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs reelshare with `arguments` in this process, from `directory`, with `environment` over the
/// test process's own and `stdin` as its standard input (empty when nil); returns its status and
/// outputs as `runBinary` does.
///
/// The run has a thread of its own whose working directory is `directory` (on Linux, a thread's
/// own after unshare(CLONE_FS), shared by the threads it starts: --jobs workers, FFmpeg's), so
/// runs from different directories go on in parallel and the test process's directory never
/// changes. Elsewhere the process's directory is changed, one run at a time.
public func runReelshare(
    _ arguments: [String], in directory: URL = TestPaths.packageRoot, environment: [String: String] = [:],
    stdin: Data? = nil
) -> RunResult {
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { $1 }
    let stdout = Output(), stderr = Output()
    let finished = DispatchSemaphore(value: 0)
    let outcome = Locked<Result<Int32, RunError>>(.failure(RunError(message: "not run")))
    let thread = Thread { [merged] in
        defer { finished.signal() }
        let run = {
            ReelShareCLI.run(
                arguments, environment: merged, input: Input([UInt8](stdin ?? Data())), stdout: stdout, stderr: stderr)
        }
        if rs_test_thread_chdir(directory.path) == 0 {
            outcome.set(.success(run()))
        } else if errno == ENOSYS {
            outcome.set(
                processDirectory.withLock { previous in
                    defer { _ = chdir(previous) }
                    guard chdir(directory.path) == 0 else { return .failure(RunError(message: "chdir: errno \(errno)")) }
                    return .success(run())
                })
        } else {
            outcome.set(.failure(RunError(message: "unshare or chdir: errno \(errno)")))
        }
    }
    // As a process's main thread has: a command may go deep (a nested plist, XML).
    thread.stackSize = 8 << 20
    thread.start()
    finished.wait()
    switch outcome.get() {
    case .success(let status):
        return RunResult(status: status, stdout: stdout.captured, stderr: stderr.captured, crashed: false)
    case .failure(let error):
        return RunResult(status: -1, stdout: "", stderr: "cannot run from \(directory.path): \(error.message)", crashed: false)
    }
}

private struct RunError: Error {
    let message: String
}

/// A value behind a lock, set on one thread and read on another.
private final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func set(_ new: Value) { lock.withLock { value = new } }
    func get() -> Value { lock.withLock { value } }
}

/// The process's working directory, where a thread cannot have its own: changed by one run at a time.
private let processDirectory = DirectoryLock()

private final class DirectoryLock: @unchecked Sendable {
    private let lock = NSLock()
    func withLock<T>(_ body: (String) -> T) -> T {
        lock.withLock { body(FileManager.default.currentDirectoryPath) }
    }
}
