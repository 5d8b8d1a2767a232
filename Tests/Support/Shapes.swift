// Shapes made once per test run: a file made with the ffmpeg CLI is the same for every test that
// asks for it with the same arguments, so the first test to ask makes it, in a directory of its
// own, and every test gets its own copy in its scratch directory (a copy, not a link: a test may
// change its file's mode or bytes).
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

public enum Shapes {
    /// One made set of files: its directory, or why making it failed.
    private final class Made: @unchecked Sendable {
        let lock = NSLock()
        var directory: URL?
        var failure: String?
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [[String]: Made] = [:]
    /// How many sets were made and how many were asked for, for the test that holds the store to
    /// making each set once.
    nonisolated(unsafe) public private(set) static var counts = (made: 0, asked: 0)

    /// The store: one directory per process, under the scratch root that the test script empties.
    private static let root: URL = {
        TestPaths.packageRoot.appendingPathComponent(".build/test-scratch/shapes-\(getpid())")
    }()

    /// Puts the files `names` into `directory`, made by `runs` (ffmpeg argument lists, run in
    /// order in one directory, each writing what the next reads) and `texts` (files written
    /// first, by name) the first time they are asked for in this run, and copied from then on.
    public static func provide(
        _ names: [String], made runs: [[String]], texts: [String: String] = [:], into directory: URL
    ) throws {
        let key = names + ["|"] + runs.flatMap { $0 + ["|"] } + texts.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        let entry = lock.withLock {
            counts.asked += 1
            if let entry = made[key] { return entry }
            let entry = Made()
            made[key] = entry
            return entry
        }
        let source: URL = try entry.lock.withLock {
            if let directory = entry.directory { return directory }
            if let failure = entry.failure { throw ShapeError(message: failure) }
            let place = root.appendingPathComponent("\(lock.withLock { made.count })-\(names.first ?? "files")")
            try? FileManager.default.removeItem(at: place)
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            for (name, text) in texts {
                try text.write(to: place.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            for run in runs {
                let status = try ffmpeg(run, in: place)
                guard status == 0 else {
                    entry.failure = "ffmpeg \(run.joined(separator: " ")) exited \(status)"
                    throw ShapeError(message: entry.failure!)
                }
            }
            for name in names where !FileManager.default.fileExists(atPath: place.appendingPathComponent(name).path) {
                entry.failure = "ffmpeg made no \(name)"
                throw ShapeError(message: entry.failure!)
            }
            lock.withLock { counts.made += 1 }
            entry.directory = place
            return place
        }
        for name in names {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
    }

    /// Puts `name` into `directory`, made by one ffmpeg run that writes it.
    public static func provide(_ name: String, made arguments: [String], into directory: URL) throws {
        try provide([name], made: [arguments + [name]], into: directory)
    }
}

public struct ShapeError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { "making a shape failed: \(message)" }
}
