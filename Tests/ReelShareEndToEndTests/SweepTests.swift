// The hostile sweep through the built binary: what the in-process tests cannot see is a death by a
// signal (a trap, a sanitizer's abort), so each command runs over every mutated file and odd path
// in one process, which must end by exiting with a documented status.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("The hostile sweep through the built binary")
struct SweepTests {
    @Test(
        "every file, truncated and bit-flipped, and odd paths: probe, validate, its HTML report and fix exit, never die of a signal"
    )
    func neverDies() throws {
        let directory = try scratch("sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try mutations(into: directory) + (try oddPaths(in: directory))
        #expect(paths.count > 500)
        for (arguments, statuses) in [
            (["probe", "--format", "ndjson", "--timeout", "10"], [0, 65, 66]),
            (["validate", "--format", "json"], [1]),
            (["validate", "--format", "html", "--timeout", "10"], [1]),
        ] as [([String], [Int32])] {
            let run = try runBinary(arguments + ["--files-from", "-", "-0"], stdin: nulList(paths))
            #expect(!run.crashed, "\(arguments) died: \(run.stderr.suffix(2000))")
            #expect(statuses.contains(run.status), "\(arguments): \(run.status)")
        }
        // fix over a sixth of them (its work is a transcode each): 1 where it cannot make one pass,
        // 65 where FFmpeg stops on damaged data midway.
        let output = try scratch("sweep-fixed")
        defer { try? FileManager.default.removeItem(at: output) }
        let some = paths.enumerated().filter { $0.offset % 6 == 3 }.map(\.element)
        let fix = try runBinary(
            ["fix", "--target", "ig-stories", "--strict", "--output-dir", output.path, "--files-from", "-", "-0"],
            stdin: nulList(some))
        #expect(!fix.crashed, "fix died: \(fix.stderr.suffix(2000))")
        #expect([0, 1, 65].contains(fix.status), "fix: \(fix.status)")
    }
}
