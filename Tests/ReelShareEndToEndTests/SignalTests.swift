// What only a process shows: death by a signal, a kill while an output is written, a file changed
// under a running build. Nothing is left behind: an output has no name until it is whole. Each
// test acts on an event (the output being written, a result line read), never after a guessed
// delay.
import Foundation
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Signals and kills while an output is written")
struct SignalTests {
    @Test(
        "SIGTERM or SIGINT during build -o: the process dies of the signal and leaves no file behind",
        arguments: [SIGTERM, SIGINT])
    func build(signal number: Int32) throws {
        let directory = try scratch("interrupt")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 140 MB of raw video: slow enough to interrupt mid-write (--force: rawvideo is refused).
        let clip = directory.appendingPathComponent("raw.mov").path
        #expect(try makeRawVideo(at: clip, size: "640x480", seconds: 10) == 0)
        let output = directory.appendingPathComponent("payload.json").path
        try "the previous payload".write(toFile: output, atomically: true, encoding: .utf8)
        let build = try Child(
            ["build", "--target", "ig-reels", "--video", clip, "--app-id", "1", "--force", "-o", output], in: directory)
        #expect(
            build.signal(number, whenWritingMoreThan: 1 << 20, in: directory), "the build finished before it could be interrupted"
        )
        #expect(build.diedOf(number))
        #expect(listing(directory) == ["payload.json", "raw.mov"])
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "the previous payload")
    }

    @Test(
        "SIGTERM or SIGINT while a large preview is written: it dies of the signal and leaves no file",
        arguments: [SIGTERM, SIGINT])
    func preview(signal number: Int32) throws {
        let directory = try scratch("preview-interrupt")
        defer { try? FileManager.default.removeItem(at: directory) }
        let preview = try Child([
            "preview", "--target", "ig-stories", "--video", TestPaths.fixture("h264_aac_10s.mp4"), "--size", "5000x5000", "-o",
            directory.appendingPathComponent("big.png").path,
        ])
        #expect(
            preview.signal(number, whenWritingMoreThan: 1 << 16, in: directory),
            "the preview finished before it could be interrupted")
        #expect(preview.diedOf(number))
        #expect(listing(directory).isEmpty)
    }

    @Test("SIGINT during a long transcode: the process dies of the signal and leaves no file")
    func fix() throws {
        let directory = try scratch("fix-interrupt")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "big.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=2560x1440:r=30", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p",
            ], in: directory)
        // Over 1080p: scaled and re-encoded, for seconds; signalled once frames are written.
        let fix = try Child(["fix", "--strict", "--target", "ig-reels", "big.mp4"], in: directory)
        #expect(fix.signal(SIGINT, whenWritingMoreThan: 0, in: directory), "the fix finished before it could be interrupted")
        #expect(fix.diedOf(SIGINT))
        #expect(listing(directory) == ["big.mp4"])
    }

    @Test("SIGINT during a large validate ends it with the signal's status")
    func validate() throws {
        let files = Array(repeating: TestPaths.fixture("h264_aac_70s.mp4"), count: 3000)
        let input = Pipe(), output = Pipe()
        let validate = try Child(
            ["validate", "--format", "ndjson", "--deep", "--jobs", "1", "--files-from", "-"], stdin: input, stdout: output)
        try? input.fileHandleForWriting.write(contentsOf: Data(files.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        // Signalled once its first result is read: at work on the rest.
        let first = output.fileHandleForReading.readData(ofLength: 1)
        #expect(first == Data("{".utf8))
        kill(validate.pid, SIGINT)
        validate.process.waitUntilExit()
        #expect(validate.diedOf(SIGINT))
    }

    @Test("a killed fix or build leaves no file behind: the output has no name until it is whole")
    func killed() throws {
        let directory = try scratch("killed")
        defer { try? FileManager.default.removeItem(at: directory) }
        // fix scales a 1440p clip to 1080p (seconds of work); build streams a 1 GB clip (a sparse free box).
        try makeWithFFmpeg(
            "wide.mp4", ["-f", "lavfi", "-i", "testsrc2=s=2560x1440:r=30", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast"],
            in: directory)
        try sparseClip("big.mp4", in: directory)
        for arguments in [
            ["fix", "--target", "ig-reels", "--strict", "wide.mp4"],
            ["build", "--target", "ig-reels", "--video", "big.mp4", "--app-id", "1", "--force", "-o", "payload.json"],
        ] {
            let before = listing(directory)
            let child = try Child(arguments, in: directory)
            #expect(child.signal(SIGKILL, whenWritingMoreThan: 0, in: directory), "\(arguments): not killed while it worked")
            #expect(child.diedOf(SIGKILL))
            #expect(listing(directory) == before, "\(arguments) left \(listing(directory))")
        }
    }

    @Test("a clip cut while build streams it: exit 65, \"changed while it was read\", no payload")
    func changedWhileRead() throws {
        let directory = try scratch("changed")
        defer { try? FileManager.default.removeItem(at: directory) }
        try sparseClip("big.mp4", in: directory)
        let errors = Pipe()
        let build = Process()
        build.executableURL = URL(fileURLWithPath: try TestPaths.binary())
        build.arguments = [
            "build", "--target", "ig-reels", "--video", "big.mp4", "--app-id", "1", "--force", "-o", "payload.json",
        ]
        build.currentDirectoryURL = directory
        build.standardError = errors
        build.standardOutput = FileHandle.nullDevice
        try build.run()
        let child = Child(running: build)
        // Cut once the payload is being written: what it streams is no longer the file it checked.
        #expect(child.wait { (pendingOutputSize(pid: $0, in: directory) ?? -1) > 0 }, "the build finished before the cut")
        #expect(truncate(directory.appendingPathComponent("big.mp4").path, 100_000) == 0)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        build.waitUntilExit()
        #expect(build.terminationStatus == 65 && said.contains("big.mp4 changed while it was read; nothing written"), "\(said)")
        #expect(listing(directory) == ["big.mp4"])
    }
}
