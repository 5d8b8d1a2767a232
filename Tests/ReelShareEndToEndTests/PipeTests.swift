// Pipes, FIFOs and process substitution: a reader that goes away, results that reach their reader
// while later files are at work, file lists and outputs that are not regular files, the umask.
import Foundation
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif
private let media = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/media").path
private let video = "Tests/Fixtures/media/h264_aac_10s.mp4"

@Suite("Pipes, FIFOs and the umask")
struct PipeTests {
    @Test("once standard output's reader is gone, no more files are worked on")
    func stopsAtClosedPipe() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "clip.mp4",
            ["-f", "lavfi", "-i", "testsrc2=s=640x360:r=30", "-t", "10", "-c:v", "libx264", "-preset", "ultrafast"],
            in: directory)
        // 40 clips decoded in full, one at a time: many seconds of work with nowhere to write it.
        let one = try measured(["probe", "--decode", "--jobs", "1", "clip.mp4"], in: directory)
        let files = Array(repeating: "clip.mp4", count: 40)
        let all = try measured(
            ["-c", "\"$0\" \"$@\" | head -c 10 > /dev/null", try TestPaths.binary(), "probe", "--decode", "--jobs", "1"] + files,
            in: directory, program: "/bin/sh")
        #expect(all.result.status == 0)
        // Each file's result is written when it is done: the second file's meets the closed pipe,
        // and the work stops there (before, a buffered write let two more files go by). Ten
        // files' time of the forty is the margin a loaded machine needs.
        #expect(all.seconds < one.seconds * 10, "\(all.seconds) s, where one file takes \(one.seconds) s")
    }
    @Test("process substitution and FIFOs are read for --files-from, --profile and doctor's app files")
    func processSubstitution() throws {
        let binary = try TestPaths.binary()
        let plist = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/app/Info-good.plist").path
        for line in [
            "\"$0\" probe --files-from <(echo \"$1\")",
            "\"$0\" targets --profile <(\"$0\" targets --format json)",
            "\"$0\" doctor --target ig-stories --plist <(cat \"$2\")",
        ] {
            let (status, _) = try runCommand(["bash", "-c", line, binary, TestPaths.fixture("h264_aac_2s.mp4"), plist])
            #expect(status == 0, "\(line)")
        }
    }
    @Test("-o gives a new file the mode the umask allows, as any new file gets", arguments: [("022", 0o644), ("027", 0o640)])
    func umaskMode(mask: String, mode: Int) throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("payload.json").path
        let script = "umask \(mask) && exec \"$0\" build --target ig-reels --video \(video) --app-id 1 -o \"$1\""
        let (status, _) = try runCommand(["sh", "-c", script, try TestPaths.binary(), output])
        #expect(status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int) == mode)
    }
    @Test("-o into a FIFO writes into it, never replaces it; a symbolic link is never written through (73)")
    func specialDestinations() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A FIFO, read by cat: renaming a file over it (as over /dev/null) would turn it into a file.
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let binary = try TestPaths.binary()
        let video = TestPaths.packageRoot.appendingPathComponent(video).path
        let (status, _) = try runCommand(
            [
                "sh", "-c",
                "cat pipe > read.json & \"$0\" build --target ig-reels --video \"$1\" --app-id 1 -o pipe; s=$?; wait; exit $s",
                binary, video,
            ], in: directory)
        #expect(status == 0)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
        let read = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("read.json")))
        #expect((read as? [String: Any])?["target"] as? String == "ig-reels")
        // A symbolic link (planted in a shared directory, say): refused, the link and its file kept.
        let real = directory.appendingPathComponent("real.json")
        try "old".write(to: real, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        let linked = try runBinary(["build", "--target", "ig-reels", "--video", video, "--app-id", "1", "-o", link])
        #expect(
            linked.status == 73
                && linked.stderr
                    == "reelshare: error: cannot write \(link): it is a symbolic link, and reelshare never writes through one\n",
            "\(linked.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json")
        #expect(try String(contentsOf: real, encoding: .utf8) == "old")
        // A directory is refused, and left as it was.
        let into = try runBinary(["build", "--target", "ig-reels", "--video", video, "--app-id", "1", "-o", directory.path])
        #expect(into.status == 73 && into.stderr.hasSuffix(": is a directory\n"), "\(into.stderr)")
        #expect(listing(directory) == ["link.json", "pipe", "read.json", "real.json"])
        // A link to a file not there yet: refused too, nothing made where it points.
        let dangling = directory.appendingPathComponent("later.json").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made.json")
        #expect(
            try runBinary(["build", "--target", "ig-reels", "--video", video, "--app-id", "1", "-o", dangling]).status == 73)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("made.json").path))
        // A link to a device or a pipe is written through in place: -o /dev/stdout.
        let stdout = try runBinary(["build", "--target", "ig-reels", "--video", video, "--app-id", "1", "-o", "/dev/stdout"])
        #expect(stdout.status == 0 && stdout.stdout.hasPrefix("{"), "\(stdout.stderr)")
    }

    @Test("a quick file's ndjson line reaches its reader while a slow file after it is still at work")
    func streams() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let slow = try hostile("samples-one-offset.mp4", in: directory)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TestPaths.binary())
        process.arguments = [
            "probe", "--decode", "--format", "ndjson", "--jobs", "1", "--timeout", "4", TestPaths.fixture("h264_aac_2s.mp4"),
            slow,
        ]
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line, as soon as it is there: the slow file (4 s to its timeout) is still at
        // work when it is read.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        let stillWorking = process.isRunning
        process.waitUntilExit()
        #expect(String(decoding: first, as: UTF8.self).contains("h264_aac_2s.mp4"))
        #expect(stillWorking, "the first line came only when the run ended")
        #expect(process.terminationStatus == 65, "the slow file ends in its timeout error")
    }
    @Test("a reader that closes the pipe early ends the output quietly, every time")
    func closedPipe() throws {
        let files = Array(repeating: "\(media)/h264_aac_2s.mp4", count: 400)
        // Twenty times: the workers still hold results when the reader goes away, at a different
        // point each run (libdispatch once trapped, freeing their semaphore, in one run of eight).
        let script = """
            for run in $(seq 20); do "$0" probe --format ndjson "$@" | head -c 100 >/dev/null; echo ${PIPESTATUS[0]}; done
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, try TestPaths.binary()] + files
        process.currentDirectoryURL = TestPaths.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let statuses = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(statuses.split(separator: "\n") == Array(repeating: "0", count: 20), "\(statuses)")
        #expect(stderr.isEmpty, "\(stderr.prefix(2000))")
    }

    @Test("a FIFO where a project's file should be: doctor says so (65), and does not wait on it")
    func doctorFIFO() throws {
        let directory = try scratch("fifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        try #require(mkfifo(directory.appendingPathComponent("package.json").path, 0o644) == 0)
        let errors = Pipe()
        let doctor = Process()
        doctor.executableURL = URL(fileURLWithPath: try TestPaths.binary())
        doctor.arguments = ["doctor", "."]
        doctor.currentDirectoryURL = directory
        doctor.standardError = errors
        doctor.standardOutput = FileHandle.nullDevice
        try doctor.run()
        // Nobody writes to the FIFO: a doctor that opened it would wait for ever.
        let ended = waitForExit(doctor.processIdentifier, seconds: 30)
        if !ended { doctor.terminate() }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        doctor.waitUntilExit()
        #expect(ended, "doctor waits on the FIFO")
        #expect(doctor.terminationStatus == 65, "\(said)")
        #expect(said.contains("package.json: cannot read it: a pipe, not a regular file"), "\(said)")
    }
}
