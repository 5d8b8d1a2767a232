// Never crash, never hang, never half-write: every fixture and corpus file, mutated many ways, and
// the odd kinds of path, through probe, validate and build.
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A small deterministic generator, so a failing mutation can be made again.
/// The fixtures, the regression inputs and, when present, the shared corpus.
private func sourceFiles() throws -> [URL] {
    var roots = [
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/media"),
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/app"),
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions"),
    ]
    if TestPaths.corpusAvailable { roots.append(TestPaths.corpus) }
    var files: [URL] = []
    for root in roots {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                url.lastPathComponent != "manifest.tsv",
                url.pathExtension != "md"
            {
                files.append(url)
            }
        }
    }
    return files.sorted { $0.path < $1.path }
}

/// Writes truncations and bit-flipped copies of every source file into `directory`.
private func mutations(into directory: URL) throws -> [String] {
    var random = XorShift(seed: 0x5EED_CAFE_F00D_1234)
    var paths: [String] = []
    for (number, source) in try sourceFiles().enumerated() {
        let bytes = [UInt8](try Data(contentsOf: source))
        guard bytes.count > 1 else { continue }
        let stem = "\(number)-\(source.deletingPathExtension().lastPathComponent)"
        let ext = source.pathExtension
        var cuts = Set([1, 7, 16, 64, 512, bytes.count / 4, bytes.count / 2, bytes.count * 3 / 4, bytes.count - 1])
        cuts = cuts.filter { $0 > 0 && $0 < bytes.count }
        for cut in cuts.sorted() {
            let path = directory.appendingPathComponent("\(stem)-cut\(cut).\(ext)").path
            try Data(bytes[0..<cut]).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        for flip in 0..<6 {
            var copy = bytes
            for _ in 0..<(1 + flip) {
                let at = Int(random.next() % UInt64(copy.count))
                copy[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
            }
            // Half the flips land in the first 4 KiB, where the headers are.
            if flip % 2 == 0, copy.count > 64 {
                let at = Int(random.next() % UInt64(min(copy.count, 4096)))
                copy[at] = UInt8(truncatingIfNeeded: random.next())
            }
            let path = directory.appendingPathComponent("\(stem)-flip\(flip).\(ext)").path
            try Data(copy).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
    }
    return paths
}

/// Paths that are not ordinary files: empty, a directory, a FIFO, unreadable, a symlink loop, a
/// 4 GiB sparse file, and missing.
private func oddPaths(in directory: URL) throws -> [String] {
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data().write(to: URL(fileURLWithPath: path("empty.mp4")))
    try FileManager.default.createDirectory(atPath: path("directory.mp4"), withIntermediateDirectories: true)
    _ = mkfifo(path("fifo.mp4"), 0o644)
    try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: path("unreadable.mp4")))
    _ = chmod(path("unreadable.mp4"), 0)
    try? FileManager.default.createSymbolicLink(atPath: path("loop-a.mp4"), withDestinationPath: path("loop-b.mp4"))
    try? FileManager.default.createSymbolicLink(atPath: path("loop-b.mp4"), withDestinationPath: path("loop-a.mp4"))
    let sparse = open(path("sparse-4GiB.mp4"), O_CREAT | O_WRONLY, 0o644)
    _ = ftruncate(sparse, 4 << 30)
    close(sparse)
    return ["empty.mp4", "directory.mp4", "fifo.mp4", "unreadable.mp4", "loop-a.mp4", "sparse-4GiB.mp4", "missing.mp4"].map(path)
}

private func nulList(_ paths: [String]) -> Data { Data(paths.joined(separator: "\0").utf8) + Data([0]) }

@Suite("Hostile inputs (end to end)")
struct HostileInputTests {
    @Test(
        "every file, truncated and bit-flipped, and odd paths: probe and validate never crash, name the file, exit as documented")
    func sweep() throws {
        let directory = try scratch("sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try mutations(into: directory) + (try oddPaths(in: directory))
        #expect(paths.count > 500)

        let probe = try runReelshare(
            ["probe", "--format", "ndjson", "--timeout", "10", "--files-from", "-", "-0"], stdin: nulList(paths))
        #expect(!probe.crashed, "probe crashed: \(probe.stderr.suffix(2000))")
        #expect([0, 65, 66].contains(probe.status))
        let lines = probe.stdout.split(separator: "\n")
        #expect(lines.count == paths.count)
        for line in lines {
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            #expect(object?["path"] is String && object?["kind"] is String, "\(line.prefix(200))")
        }
        for line in probe.stderr.split(separator: "\n") {
            #expect(line.hasPrefix("reelshare: error: \(directory.path)/"), "\(line)")
        }
        let failures = probe.stderr.split(separator: "\n").count
        #expect(failures > 100 && failures < paths.count)

        let validate = try runReelshare(["validate", "--format", "json", "--files-from", "-", "-0"], stdin: nulList(paths))
        #expect(!validate.crashed, "validate crashed: \(validate.stderr.suffix(2000))")
        #expect(validate.status == 1)
        #expect((validate.json?["results"] as? [Any])?.count == paths.count)

        // The HTML report draws a thumbnail of every file that shows something: damaged frames too.
        let html = try runReelshare(
            ["validate", "--format", "html", "--timeout", "10", "--files-from", "-", "-0"], stdin: nulList(paths))
        #expect(!html.crashed, "validate --format html crashed: \(html.stderr.suffix(2000))")
        #expect(html.status == 1)
        #expect(html.stdout.components(separatedBy: "<article ").count - 1 == paths.count)
    }

    @Test("fix on damaged inputs: never a crash, a documented status, and no temporary file left behind")
    func fixSweep() throws {
        let directory = try scratch("fix-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = try mutations(into: directory).enumerated().filter { $0.offset % 6 == 3 }.map(\.element)
        let output = try scratch("fix-out")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runReelshare(
            ["fix", "--target", "ig-stories", "--strict", "--output-dir", output.path, "--files-from", "-", "-0"],
            stdin: nulList(inputs))
        #expect(!result.crashed, "fix crashed: \(result.stderr.suffix(2000))")
        // 1: could not be made to pass; 65: FFmpeg stopped on damaged data midway. Never 70.
        #expect([0, 1, 65].contains(result.status), "\(result.status)")
        let written = result.stdout.split(separator: "\n").map(String.init)
        #expect(written.count == Set(written).count, "two inputs written to one output")
        #expect(written.count >= 5, "damaged files that still play can be fixed: \(written.count) were")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        #expect(left.allSatisfy { !$0.hasPrefix(".") }, "temporary files left: \(left.filter { $0.hasPrefix(".") })")
        #expect(Set(left) == Set(written.map { String($0.split(separator: "/").last ?? "") }))
        for path in written {
            #expect(
                try runReelshare(["validate", "--strict", "--target", "ig-stories", path]).status == 0, "\(path) does not pass")
        }
    }

    @Test("preview --force on damaged inputs: a documented status, and no file unless it succeeded")
    func previewSweep() throws {
        let directory = try scratch("preview-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = try mutations(into: directory).enumerated().filter { $0.offset % 6 == 0 }.map(\.element)
        let output = try scratch("preview-out")
        defer { try? FileManager.default.removeItem(at: output) }
        let png = output.appendingPathComponent("p.png").path
        for input in inputs {
            let image = [".png", ".jpg", ".gif", ".webp"].contains { input.hasSuffix($0) }
            let result = try runReelshare([
                "preview", "--target", "ig-stories", "--force", "--size", "90x160", image ? "--sticker" : "--video", input, "-o",
                png,
            ])
            #expect(!result.crashed, "\(input): \(result.stderr.suffix(1000))")
            #expect([0, 64, 65, 66].contains(result.status), "\(input): \(result.status) \(result.stderr.suffix(300))")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            #expect(left == (result.status == 0 ? ["p.png"] : []), "\(input): left \(left)")
            try? FileManager.default.removeItem(atPath: png)
        }
    }

    @Test("build on damaged inputs: a documented status, and no file (not even a temporary one) unless it succeeded")
    func buildSweep() throws {
        let directory = try scratch("build-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs =
            try mutations(into: directory).enumerated().filter { $0.offset % 12 == 0 }.map(\.element)
            + (try oddPaths(in: directory))
        let output = try scratch("build-out")
        defer { try? FileManager.default.removeItem(at: output) }
        let payload = output.appendingPathComponent("payload.json").path
        for input in inputs {
            let image = [".png", ".jpg", ".gif", ".webp"].contains { input.hasSuffix($0) }
            let arguments = [
                "build", "--target", "ig-stories", "--app-id", "1", image ? "--sticker" : "--video", input, "-o", payload,
            ]
            let result = try runReelshare(arguments)
            #expect(!result.crashed, "\(input): \(result.stderr.suffix(1000))")
            #expect([0, 1, 64, 65, 66].contains(result.status), "\(input): \(result.status)")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            #expect(left == (result.status == 0 ? ["payload.json"] : []), "\(input): left \(left)")
            if result.status != 0 {
                #expect(result.stderr.contains(input) || result.stderr.contains("nothing written"), "\(result.stderr)")
            }
            try? FileManager.default.removeItem(atPath: payload)
        }
    }

    @Test(
        "bombs are refused before large allocations, in bounded memory",
        arguments: [
            ("bomb_100000x100000.png", "too-large"), ("bomb_60000x60000.y4m", "corrupt"), ("streams_200.mkv", "too-large"),
        ])
    func bombs(file: String, code: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", try TestPaths.binary(), "probe", "--deep", "--format", "json", TestPaths.fixture(file)]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let json = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let document = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        let entry = (document?["files"] as? [[String: Any]])?.first
        #expect((entry?["error"] as? [String: Any])?["code"] as? String == code)
        let peakKiB = Int(stderr.split(separator: "\n").last ?? "") ?? .max
        #expect(peakKiB < 300 * 1024, "peak \(peakKiB) KiB")
    }

    @Test("--timeout gives up on a file with its own error code and goes on to the next")
    func timeout() throws {
        let result = try runReelshare([
            "probe", "--format", "json", "--timeout", "0.000001", TestPaths.fixture("h264_aac_10s.mp4"),
            TestPaths.fixture("grey.png"),
        ])
        #expect(result.status == 65)
        let files = try #require(result.json?["files"] as? [[String: Any]])
        #expect((files[0]["error"] as? [String: Any])?["code"] as? String == "timeout")
        #expect(files[1]["kind"] as? String == "image")
    }

    @Test("names with spaces, quotes, newlines, non-ASCII and invalid UTF-8: valid JSON, NDJSON and JUnit, and -0 reaches them")
    func names() throws {
        let directory = try scratch("names")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names: [[UInt8]] = [
            Array("two words.mp4".utf8), Array("quote\"and'apostrophe.mp4".utf8), Array("new\nline.mp4".utf8),
            Array("café-видео-動画.mp4".utf8), Array("bad".utf8) + [0xFF, 0xFE, 0x80] + Array(".mp4".utf8),
            Array("tab\tand\\backslash.mp4".utf8),
        ]
        var paths: [[UInt8]] = []
        let clip = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("h264_aac_10s.mp4")))
        for name in names {
            let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
            let fd = (path + [0]).withUnsafeBufferPointer {
                open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
            }
            #expect(fd >= 0)
            _ = clip.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            close(fd)
            paths.append(path)
        }
        let list = Data(paths.flatMap { $0 + [0] })
        for format in ["json", "ndjson", "junit"] {
            let result = try runReelshare(["validate", "--format", format, "--files-from", "-", "-0"], stdin: list)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            switch format {
            case "json":
                let results = try #require(result.json?["results"] as? [[String: Any]])
                #expect(results.count == names.count)
                #expect(
                    results.compactMap { $0["path"] as? String }.contains { $0.hasSuffix("/bad\u{FFFD}\u{FFFD}\u{FFFD}.mp4") })
                #expect(results.compactMap { $0["path"] as? String }.contains { $0.hasSuffix("/new\nline.mp4") })
            case "ndjson":
                let lines = result.stdout.split(separator: "\n")
                #expect(lines.count == names.count)
                for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any]) }
            default:
                let parser = XMLParser(data: Data(result.stdout.utf8))
                #expect(parser.parse(), "\(result.stdout.prefix(500))")
            }
        }
        // The probe reads the very bytes of the invalid name, given as an argument too.
        let probe = try runReelshare(["probe", "--format", "json", "--files-from", "-", "-0"], stdin: Data(paths[4] + [0]))
        #expect(probe.status == 0)
        #expect(((probe.json?["files"] as? [[String: Any]])?.first)?["kind"] as? String == "video")
    }

    @Test(
        "SIGTERM or SIGINT during build -o: the process dies of the signal and leaves no file behind",
        arguments: [SIGTERM, SIGINT])
    func interrupt(signal number: Int32) throws {
        let directory = try scratch("interrupt")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 140 MB of raw video: slow enough to interrupt mid-write (--force: rawvideo is refused).
        let clip = directory.appendingPathComponent("raw.mov").path
        #expect(try makeRawVideo(at: clip, size: "640x480", seconds: 10) == 0)
        let output = directory.appendingPathComponent("payload.json").path
        try "the previous payload".write(toFile: output, atomically: true, encoding: .utf8)

        let build = Process()
        build.executableURL = URL(fileURLWithPath: try TestPaths.binary())
        build.arguments = ["build", "--target", "ig-reels", "--video", clip, "--app-id", "1", "--force", "-o", output]
        build.standardError = FileHandle.nullDevice
        try build.run()
        // Wait until the new file (with no name yet) has some of the payload, then signal.
        var sent = false
        for _ in 0..<2000 where !sent {
            if let size = pendingOutputSize(pid: build.processIdentifier, in: directory), size > 1 << 20 {
                kill(build.processIdentifier, number)
                sent = true
            } else {
                usleep(1000)
            }
        }
        build.waitUntilExit()
        #expect(sent, "the build finished before it could be interrupted")
        #expect(build.terminationReason == .uncaughtSignal)
        #expect(build.terminationStatus == number)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == ["payload.json", "raw.mov"], "\(left)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "the previous payload")
    }

    @Test("SIGINT during a large validate ends it with the signal's status")
    func interruptValidate() throws {
        let files = Array(repeating: TestPaths.fixture("h264_aac_70s.mp4"), count: 3000)
        let validate = Process()
        validate.executableURL = URL(fileURLWithPath: try TestPaths.binary())
        validate.arguments = ["validate", "--format", "json", "--deep", "--jobs", "1", "--files-from", "-"]
        let input = Pipe()
        validate.standardInput = input
        validate.standardOutput = FileHandle.nullDevice
        try validate.run()
        _ = ignoringBrokenPipes
        try? input.fileHandleForWriting.write(contentsOf: Data(files.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        usleep(300_000)
        kill(validate.processIdentifier, SIGINT)
        validate.waitUntilExit()
        #expect(validate.terminationReason == .uncaughtSignal && validate.terminationStatus == SIGINT)
    }
}
