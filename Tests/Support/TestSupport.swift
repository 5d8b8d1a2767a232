// Paths and process helpers shared by the test targets.
import Foundation

public enum TestPaths {
    /// The package root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures/media/\(name)").path
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

    /// The built `reelshare` executable, beside the test bundle.
    public static var binary: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("reelshare").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/reelshare").path
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
            CorpusEntry(fields: Dictionary(uniqueKeysWithValues: zip(header, row + Array(repeating: "", count: max(0, header.count - row.count)))))
        }
    }()
}

public struct RunResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// Killed by a signal (a crash, a sanitizer abort, a trap), not an exit.
    public let crashed: Bool

    /// stdout parsed as one JSON object.
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
    }
}

/// Runs the built binary with `arguments`, from `directory` (the package root by default).
public func runReelshare(_ arguments: [String], in directory: URL = TestPaths.packageRoot,
                         environment: [String: String] = [:], stdin: Data? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.binary)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
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

/// A fresh directory under .build/test-scratch; the caller removes it.
public func scratch(_ name: String = "scratch") throws -> URL {
    let url = TestPaths.packageRoot.appendingPathComponent(".build/test-scratch/\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs a program found on PATH with standard input and error at /dev/null; returns its exit
/// status and standard output.
public func runCommand(_ arguments: [String], in directory: URL = TestPaths.packageRoot) throws -> (status: Int32, stdout: String) {
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
    try runCommand(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=\(size):r=30",
                    "-t", String(seconds), "-c:v", "rawvideo", "-pix_fmt", "yuv420p", path]).status
}
