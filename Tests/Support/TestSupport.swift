// Paths and process helpers shared by the test targets.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

public enum TestPaths {
    /// The package root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures/media/\(name)").path
    }

    /// A real project's trimmed copy (Tests/Fixtures/projects/NAME, its SOURCE.md saying whose).
    public static func project(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures/projects/\(name)").path
    }

    public static var fixtureNames: [String] {
        let directory = packageRoot.appendingPathComponent("Tests/Fixtures/media").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// `../shared/corpus` beside the clone: third-party media with ffprobe's values.
    public static let corpus: URL = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    public static let corpusAvailable: Bool = {
        let present = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("manifest.tsv").path)
        if !present {
            FileHandle.standardError.write(
                "NOTICE: \(corpus.path) is absent; the third-party corpus tests are skipped.\n".data(using: .utf8)!)
        }
        return present
    }()

    /// The built `reelshare` executable beside the test bundle (as SwiftPM's own test support finds
    /// its tools). Missing, or older than a source file, is an error: never some other build.
    /// `REELSHARE_TEST_BINARY` names another build to test instead (Scripts/portable/check runs
    /// the end-to-end tests against the portable binary so).
    public static func binary() throws -> String {
        try binaryCheck.get()
    }

    private static let binaryCheck: Result<String, BinaryError> = {
        if let given = ProcessInfo.processInfo.environment["REELSHARE_TEST_BINARY"], !given.isEmpty {
            guard given.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: given) else {
                return .failure(BinaryError(message: "REELSHARE_TEST_BINARY=\(given) is not an executable's absolute path"))
            }
            return .success(given)
        }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("reelshare").path
        guard FileManager.default.isExecutableFile(atPath: beside) else {
            return .failure(BinaryError(message: "no reelshare binary at \(beside): run swift build (Scripts/test does)"))
        }
        let built = (try? FileManager.default.attributesOfItem(atPath: beside)[.modificationDate] as? Date) ?? .distantPast
        if let newer = newestSource(), newer.date > built {
            return .failure(BinaryError(message: "\(beside) is older than \(newer.path): run swift build (Scripts/test does)"))
        }
        return .success(beside)
    }()

    /// The most recently changed file the binary is built from.
    private static func newestSource() -> (path: String, date: Date)? {
        var newest: (String, Date)?
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []).map { "Sources/\($0)" }
        for file in files {
            let path = packageRoot.appendingPathComponent(file).path
            guard let date = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date,
                (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
            else { continue }
            if newest.map({ date > $0.1 }) ?? true { newest = (file, date) }
        }
        return newest
    }
}

public struct BinaryError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// A small seeded generator: the same "random" inputs on every run, so a failure reproduces.
public struct XorShift: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    public mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

/// One row of `../shared/corpus/manifest.tsv`.
public struct CorpusEntry: Sendable, CustomStringConvertible {
    public let fields: [String: String]

    public var path: String { fields["path"]! }
    public var fullPath: String { TestPaths.corpus.appendingPathComponent(path).path }
    public var expect: String { fields["expect"] ?? "" }
    public subscript(_ key: String) -> String { fields[key] ?? "" }
    public var description: String { path }

    public static let all: [CorpusEntry] = {
        guard TestPaths.corpusAvailable,
            let text = try? String(contentsOf: TestPaths.corpus.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { row in
            CorpusEntry(
                fields: Dictionary(
                    uniqueKeysWithValues: zip(header, row + Array(repeating: "", count: max(0, header.count - row.count)))))
        }
    }()
}

public struct RunResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// Killed by a signal (a crash, a sanitizer abort, a trap), not an exit.
    public let crashed: Bool

    public init(status: Int32, stdout: String, stderr: String, crashed: Bool) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.crashed = crashed
    }

    /// stdout parsed as one JSON object.
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
    }
}

/// SIGPIPE ignored in the test process, once (read it before writing to a child): a write to a
/// closed pipe fails instead.
public let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

/// A CPU for a run held to one (taskset -c): each in turn, so that parallel tests' runs are not
/// all queued on the first.
public func nextCPU() -> String {
    "\(cpuTurn.next() % max(1, ProcessInfo.processInfo.activeProcessorCount))"
}

private let cpuTurn = Turn()

private final class Turn: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }
}

/// Runs the built binary with `arguments` in a process of its own, from `directory` (the package
/// root by default): for what only a process shows (signals, pipes, its exit, its memory). The
/// other tests run reelshare in process (runReelshare, in ReelShareCLITests). `oneCPU`: on one
/// CPU (taskset), where libx264 takes one thread and makes the same file on every run.
public func runBinary(
    _ arguments: [String], in directory: URL = TestPaths.packageRoot,
    environment: [String: String] = [:], stdin: Data? = nil, oneCPU: Bool = false
) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: oneCPU ? "/usr/bin/taskset" : try TestPaths.binary())
    process.arguments = oneCPU ? ["-c", nextCPU(), try TestPaths.binary()] + arguments : arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    // A child that stops reading early (a refusal, a quick exit) closes the pipe: the rest of the
    // input is not for it, and the test process must not die of SIGPIPE writing it.
    _ = ignoringBrokenPipes
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), crashed: process.terminationReason == .uncaughtSignal)
}

/// How many bytes process `pid` has written of an output in `directory` that has no name yet: an
/// unnamed file (O_TMPFILE: /proc shows it as "DIR/#INODE (deleted)") or a temporary
/// ".NAME.reelshare-…" beside its destination. Nil while it has none open.
public func pendingOutputSize(pid: Int32, in directory: URL) -> Int? {
    let fds = "/proc/\(pid)/fd"
    for fd in (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? [] {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\(fd)"),
            target.hasPrefix(directory.path + "/"),
            target.contains("/#") || target.contains(".reelshare-")
        else { continue }
        var info = stat()  // stat, not lstat: the file the descriptor is open on
        guard stat("\(fds)/\(fd)", &info) == 0 else { continue }
        return Int(info.st_size)
    }
    return nil
}

/// A fresh directory under .build/test-scratch; the caller removes it.
public func scratch(_ name: String = "scratch") throws -> URL {
    let url = TestPaths.packageRoot.appendingPathComponent(".build/test-scratch/\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs a program found on PATH with standard input and error at /dev/null; returns its exit
/// status and standard output.
public func runCommand(_ arguments: [String], in directory: URL = TestPaths.packageRoot) throws -> (status: Int32, stdout: String)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

/// The SHA-256 of a file, by coreutils' sha256sum (an implementation other than reelshare's).
public func sha256(_ path: String) throws -> String {
    String(try runCommand(["sha256sum", path]).stdout.prefix(64))
}

/// Makes a MOV of uncompressed video with the ffmpeg CLI: large for its length, instantly.
/// Returns ffmpeg's exit status.
public func makeRawVideo(at path: String, size: String, seconds: Int) throws -> Int32 {
    try runCommand([
        "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=\(size):r=30",
        "-t", String(seconds), "-c:v", "rawvideo", "-pix_fmt", "yuv420p", path,
    ]).status
}

/// Compact JSON (one line, as reelshare writes it) re-indented token for token: two spaces, one
/// member per line. Numbers, strings and key order stay exactly as written, so a golden file is
/// both exact and readable in a diff.
public func indentedJSON(_ compact: String) -> String {
    var out = ""
    var depth = 0
    var inString = false
    var escaped = false
    let scalars = Array(compact.unicodeScalars)
    func newline() { out += "\n" + String(repeating: "  ", count: depth) }
    for (index, scalar) in scalars.enumerated() {
        if inString {
            out.unicodeScalars.append(scalar)
            if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
            continue
        }
        switch scalar {
        case "\"":
            inString = true
            out.unicodeScalars.append(scalar)
        case "{", "[":
            out.unicodeScalars.append(scalar)
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            depth += 1
            if next != "}" && next != "]" { newline() }
        case "}", "]":
            depth -= 1
            let previous = index > 0 ? scalars[index - 1] : " "
            if previous != "{" && previous != "[" { newline() }
            out.unicodeScalars.append(scalar)
        case ",":
            out += ","
            newline()
        case ":":
            out += ": "
        case "\n":
            out += "\n"
        default:
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Compares `actual` with the golden file Tests/Fixtures/golden/NAME. RECORD_GOLDEN=1 writes the
/// file instead, and fails the test so that the new file is reviewed (git diff) before it counts.
public func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let golden = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/golden/\(name)")
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
        try actual.write(to: golden, atomically: true, encoding: .utf8)
        Issue.record(
            "recorded \(name): review the diff (git diff Tests/Fixtures/golden), then run again without RECORD_GOLDEN",
            sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(actual == expected, "\(name) differs; RECORD_GOLDEN=1 re-records it for review", sourceLocation: sourceLocation)
}

/// A run of the binary with its wall time and peak memory (GNU time).
public struct Measured: Sendable {
    public var result: RunResult
    public var seconds: Double
    public var megabytes: Double

    /// Whether the peak memory was under `bound` megabytes. Held in the plain run (Scripts/test)
    /// only: AddressSanitizer keeps up to 256 MB of freed blocks in quarantine and a shadow of all
    /// memory, so a sanitized binary's peak (Scripts/test --sanitize sets REELSHARE_SANITIZER)
    /// measures the sanitizer, and there this is true and says once that bounds are not held.
    public func peak(under bound: Double) -> Bool {
        guard sanitized else { return megabytes < bound }
        _ = sanitizedNotice
        return true
    }

    /// Whether the run took under `bound` seconds: on a sanitized binary under three times that,
    /// since AddressSanitizer's checks slow the same work two to three times (a zip flood refused
    /// in 1.1 s plain took 2.18 s sanitized, in CI).
    public func within(_ bound: Double) -> Bool { seconds < (sanitized ? bound * 3 : bound) }
}

private let sanitized = ProcessInfo.processInfo.environment["REELSHARE_SANITIZER"] != nil
private let sanitizedNotice: Void = {
    print("NOTICE: memory bounds are not held on a sanitized binary (REELSHARE_SANITIZER is set)")
}()

/// Runs the built binary (or `program`) with `arguments`, measured by GNU time; `environment`
/// is added to the test's own.
public func measured(
    _ arguments: [String], in directory: URL, program: String? = nil, environment: [String: String] = [:]
) throws -> Measured {
    let stats = directory.appendingPathComponent("time-\(UUID().uuidString.prefix(8)).txt").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%e %M", "-o", stats, try program ?? TestPaths.binary()] + arguments
    process.currentDirectoryURL = directory
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    let words = (try String(contentsOfFile: stats, encoding: .utf8)).split(whereSeparator: \.isWhitespace)
    try? FileManager.default.removeItem(atPath: stats)
    // GNU time prints "Command exited with non-zero status N" first when the status is not 0.
    let seconds = words.count >= 2 ? Double(words[words.count - 2]) ?? .infinity : .infinity
    let kilobytes = words.last.flatMap { Double($0) } ?? .infinity
    let result = RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), crashed: process.terminationReason == .uncaughtSignal)
    return Measured(result: result, seconds: seconds, megabytes: kilobytes / 1024)
}

/// Whether the system's ffmpeg CLI is the FFmpeg release reelshare's binary runs with (major and
/// minor): a printed command runs the one, reelshare fix the other. Different in the portable
/// build's test run (its FFmpeg 7.1 built in, the machine's 5.1 CLI); then the muxers' small
/// differences between releases (where an Opus pre-skip is placed) are not the fix's. A notice
/// says so, once.
public func cliIsReelshareFFmpeg() throws -> Bool {
    try cliRelease.get()
}

/// The ffmpeg CLI's release, major and minor ("5.1" on Debian 12, "7.1" on 13).
public func ffmpegCLIRelease() throws -> String? {
    try cliVersion.get()
}

/// The CLI's major version (5 on Debian 12, 7 on 13, 9 on unstable); 0 when it does not say.
public func ffmpegCLIMajor() throws -> Int {
    try ffmpegCLIRelease()?.split(separator: ".").first.flatMap { Int($0) } ?? 0
}

/// "major.minor" from the first line of `text` that starts with `word` ("ffmpeg version 5.1.9-0...").
private func release(_ text: String, after word: String) -> String? {
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(word) }) else { return nil }
    let version = line.dropFirst(word.count).prefix { $0.isNumber || $0 == "." }
    return version.split(separator: ".").prefix(2).joined(separator: ".")
}

private let cliVersion: Result<String?, Error> = Result {
    release(try runCommand(["ffmpeg", "-version"]).stdout, after: "ffmpeg version ")
}

private let cliRelease: Result<Bool, Error> = Result {
    let ours = release(try runBinary(["--version"]).stdout, after: "FFmpeg ")
    let cli = try ffmpegCLIRelease()
    if ours != cli {
        FileHandle.standardError.write(
            "NOTICE: reelshare runs FFmpeg \(ours ?? "?"), the ffmpeg CLI is \(cli ?? "?"): muxer details are not compared\n"
                .data(using: .utf8)!)
    }
    return ours == cli
}
