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
        let mutated = try mutations(into: directory)
        let odd = try oddPaths(in: directory)
        let paths = mutated + odd
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
        // fix over a sixth of the mutations (its work is a transcode each) and every odd path,
        // whatever the corpus holds: the worst status wins, and a missing file's 66 is the worst.
        let output = try scratch("sweep-fixed")
        defer { try? FileManager.default.removeItem(at: output) }
        let some = mutated.enumerated().filter { $0.offset % 6 == 3 }.map(\.element)
        let fix = try runBinary(
            ["fix", "--target", "ig-stories", "--strict", "--output-dir", output.path, "--files-from", "-", "-0"],
            stdin: nulList(some))
        #expect(!fix.crashed, "fix died: \(fix.stderr.suffix(2000))")
        #expect([0, 1, 65].contains(fix.status), "fix over the mutations: \(fix.status)")
        let fixOdd = try runBinary(
            ["fix", "--target", "ig-stories", "--output-dir", output.path, "--files-from", "-", "-0"],
            stdin: nulList(odd))
        #expect(!fixOdd.crashed, "fix died: \(fixOdd.stderr.suffix(2000))")
        #expect(fixOdd.status == 66, "fix over the odd paths: \(fixOdd.status)")
        for name in ["empty.mp4", "directory.mp4", "fifo.mp4", "loop-a.mp4", "missing.mp4"] {
            #expect(fixOdd.stderr.contains("\(name): cannot read it"), "\(name) not named: \(fixOdd.stderr)")
        }
    }
}
