// Work bounded by need, not by what a file claims: the crafted inputs that once ran for minutes,
// held gigabytes or overflowed (made here at full size the way Scripts/fixtures-hostile makes
// their small seeds), each command's deadline, and the one output rule (never over an input,
// never through a link, nothing left by a kill, nothing from a file that changes while read).
import Foundation
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

private func fixture(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture(name))) }

/// Makes `name` in `directory` with the ffmpeg CLI.
private func make(_ name: String, _ arguments: [String], in directory: URL) throws {
    let (status, _) = try runCommand(
        ["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments + [directory.appendingPathComponent(name).path])
    try #require(status == 0, "ffmpeg could not make \(name)")
}

/// big.mp4: a 10 s clip followed by a 1 GB free box, sparse on disk: a large payload made at once.
private func bigClip(in directory: URL) throws {
    var small = try fixture("h264_aac_10s.mp4")
    let free = 1 << 30
    small.append(contentsOf: [UInt8(free >> 24), UInt8(free >> 16 & 0xFF), UInt8(free >> 8 & 0xFF), UInt8(free & 0xFF)])
    small.append(contentsOf: Array("free".utf8))
    let big = directory.appendingPathComponent("big.mp4")
    try small.write(to: big)
    #expect(truncate(big.path, off_t(small.count + free - 8)) == 0)
}

private func listing(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

@Suite("Work bounded by need (end to end)")
struct BoundedWorkTests {
    /// Every command that reads a file's data, each given `timeout` seconds.
    static func commands(_ file: String, timeout: String) -> [[String]] {
        [
            ["probe", "--timeout", timeout, file], ["probe", "--deep", "--timeout", timeout, file],
            ["probe", "--decode", "--timeout", timeout, file], ["validate", "--timeout", timeout, file],
            ["fix", "--dry-run", "--target", "ig-stories", "--timeout", timeout, file],
        ]
    }

    @Test("a Matroska tail of 4 MB of false Cluster starts: read once, within --timeout + 0.5 s and 200 MB")
    func falseClusters() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Written to a pipe (no Duration: its tail must be read), then 4 MB of 18-byte units that
        // each look like a Cluster's start. Before: 0.25 MB took 1.3 s, 4 MB over 400 s.
        let unit: [UInt8] =
            [0xEC, 0x90, 0x1F, 0x43, 0xB6, 0x75, 0xFF, 0xE7, 0x81, 0x00]
            + Array(repeating: [0xEC, 0x80], count: 4).flatMap { $0 }
        var file = try fixture("piped_70s.mkv")
        file.append(contentsOf: Array(repeating: unit, count: (4 << 20) / 18).flatMap { $0 })
        try file.write(to: directory.appendingPathComponent("tail.mkv"))
        for arguments in Self.commands("tail.mkv", timeout: "2") {
            let run = try measured(arguments, in: directory)
            #expect(!run.result.crashed && run.seconds <= 2.5 && run.peak(under: 200), "\(arguments): \(run)")
        }
        // Its length is still read from the real Clusters before the junk.
        let probe = try runReelshare(["probe", "--format", "json", "tail.mkv"], in: directory)
        let facts = try #require((probe.json?["files"] as? [[String: Any]])?.first)
        #expect(facts["durationSeconds"] as? Double == 70, "\(facts)")
    }

    @Test("a trun of 2^32 - 1 samples is not believed: refused at once, not walked for seconds")
    func trunSampleCount() throws {
        let path = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions/fmp4-trun-count.mp4").path
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in Self.commands(path, timeout: "1") {
            let run = try measured(arguments, in: directory)
            // Before: 8.5 s in the box walker, --timeout 1 answered after 8.2 s.
            #expect(!run.result.crashed && run.seconds <= 1.5 && run.peak(under: 200), "\(arguments): \(run)")
            // 65 for a file with no stream; validate says no target takes it (1).
            #expect(run.result.status == (arguments[0] == "validate" ? 1 : 65), "\(arguments): \(run.result.stderr)")
        }
    }

    @Test("a PNG of a thousand zTXt bombs: the text is not inflated, the picture is read")
    func textBombs() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 1,000 zTXt chunks that each inflate to 3 MB (a 3 MB file): before, 2.97 GB and 12 s.
        let (made, _) = try runCommand(
            [
                "python3", "-c",
                """
                import struct, sys, zlib
                png = open(sys.argv[1], "rb").read()
                data = b"Comment\\0\\0" + zlib.compress(b"\\0" * (3 << 20), 9)
                bomb = struct.pack(">I", len(data)) + b"zTXt" + data + struct.pack(">I", zlib.crc32(b"zTXt" + data))
                open(sys.argv[2], "wb").write(png[:33] + bomb * 1000 + png[33:])
                """,
                TestPaths.fixture("grey.png"), directory.appendingPathComponent("bombs.png").path,
            ], in: directory)
        try #require(made == 0)
        for arguments in [
            ["probe", "--timeout", "2", "bombs.png"], ["validate", "--timeout", "2", "bombs.png"],
            ["preview", "--target", "ig-stories", "--sticker", "bombs.png", "--timeout", "2", "-o", "p.png"],
        ] {
            let run = try measured(arguments, in: directory)
            #expect(
                run.result.status == 0 && run.seconds <= 2.5 && run.peak(under: 200), "\(arguments): \(run.result.stderr) \(run)")
        }
        let probe = try runReelshare(["probe", "--format", "json", "bombs.png"], in: directory)
        let image = try #require((probe.json?["files"] as? [[String: Any]])?.first?["image"] as? [String: Any])
        #expect(image["width"] as? Int == 64 && image["height"] as? Int == 48)
    }

    @Test("a JPEG of 4,000 64 KB APP1 and APP2 segments: the orientation is read, the segments are not held")
    func markerSegments() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The first APP1 is an Exif with orientation 6; 2,000 more APP1 and APP2 follow (256 MB):
        // libjpeg kept every segment it was asked to save, 240 MB held for a 196 MB file.
        let (made, _) = try runCommand(
            [
                "python3", "-c",
                """
                import struct, sys
                jpeg = open(sys.argv[1], "rb").read()
                tiff = b"MM\\0*" + struct.pack(">IH", 8, 1) + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + b"\\0" * 4
                exif = b"Exif\\0\\0" + tiff
                first = b"\\xff\\xe1" + struct.pack(">H", len(exif) + 2) + exif
                app1 = b"\\xff\\xe1\\xff\\xff" + b"XMP\\0" + b"\\0" * 65529
                app2 = b"\\xff\\xe2\\xff\\xff" + b"ICC_PROFILE\\0\\x01\\x02" + b"\\0" * 65519
                open(sys.argv[2], "wb").write(jpeg[:2] + first + (app1 + app2) * 2000 + jpeg[2:])
                """,
                TestPaths.fixture("progressive.jpg"), directory.appendingPathComponent("segments.jpg").path,
            ], in: directory)
        try #require(made == 0)
        for arguments in [
            ["probe", "--format", "json", "segments.jpg"],
            ["preview", "--target", "ig-stories", "--background-image", "segments.jpg", "--force", "-o", "p.png"],
        ] {
            let run = try measured(arguments, in: directory)
            #expect(run.result.status == 0 && run.peak(under: 200), "\(arguments): \(run.result.stderr) \(run)")
        }
        let probe = try runReelshare(["probe", "--format", "json", "segments.jpg"], in: directory)
        let image = try #require((probe.json?["files"] as? [[String: Any]])?.first?["image"] as? [String: Any])
        #expect(image["orientation"] as? Int == 6, "\(image)")
    }

    @Test("an SPS whose bit depth is 2^31 - 1 is not an SPS: the profile and pixel format stay unknown")
    func spsBitDepth() throws {
        // The sanitizer run (Scripts/test --sanitize) makes the old `8 + (int)exp_golomb()` fail here.
        let path = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions/h264-sps-bit-depth.mp4").path
        let probe = try runReelshare(["probe", "--format", "json", path])
        let video = try #require((probe.json?["files"] as? [[String: Any]])?.first?["video"] as? [String: Any])
        #expect(probe.status == 0 && !probe.crashed)
        #expect(video["bitDepth"] is NSNull && video["profile"] is NSNull, "\(video)")
    }

    @Test("build and preview never write over their own inputs, by any path (73, both named)")
    func outputsAreNotInputs() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try fixture("h264_aac_10s.mp4").write(to: directory.appendingPathComponent("v.mp4"))
        try fixture("sticker_rgba_640x480.png").write(to: directory.appendingPathComponent("s.png"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        #expect(link(directory.appendingPathComponent("v.mp4").path, directory.appendingPathComponent("hard.mp4").path) == 0)
        let before = try Data(contentsOf: directory.appendingPathComponent("v.mp4"))
        let sticker = try Data(contentsOf: directory.appendingPathComponent("s.png"))
        for (output, says) in [
            ("v.mp4", "cannot write v.mp4: it is an input of this command"),
            ("sub/../v.mp4", "cannot write sub/../v.mp4: it is the input v.mp4"),
            ("hard.mp4", "cannot write hard.mp4: it is the input v.mp4"),
        ] {
            let build = try runReelshare(
                ["build", "--target", "ig-stories", "--video", "v.mp4", "--app-id", "1", "--force", "-o", output], in: directory)
            #expect(build.status == 73 && build.stderr == "reelshare: error: \(says)\n", "\(output): \(build.stderr)")
        }
        let preview = try runReelshare(
            ["preview", "--target", "ig-stories", "--video", "v.mp4", "--sticker", "s.png", "--force", "-o", "s.png"],
            in: directory)
        #expect(preview.status == 73 && preview.stderr.contains("cannot write s.png: it is an input"), "\(preview.stderr)")
        #expect(try Data(contentsOf: directory.appendingPathComponent("v.mp4")) == before)
        #expect(try Data(contentsOf: directory.appendingPathComponent("s.png")) == sticker)
        #expect(listing(directory) == ["hard.mp4", "s.png", "sub", "v.mp4"])
    }

    @Test("an output path that is a symbolic link is refused by every command that writes, --force or not")
    func plantedLinks() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try fixture("h264_aac_10s.mp4").write(to: directory.appendingPathComponent("v.mp4"))
        try fixture("h264.mkv").write(to: directory.appendingPathComponent("clip.mkv"))
        try "precious".write(to: directory.appendingPathComponent("precious.txt"), atomically: true, encoding: .utf8)
        // Links planted where each command would write, all to one file that must survive.
        for name in ["p.json", "p.png", "fixed.mp4", "clip.fixed.mp4"] {
            try FileManager.default.createSymbolicLink(
                atPath: directory.appendingPathComponent(name).path, withDestinationPath: "precious.txt")
        }
        let runs: [[String]] = [
            ["build", "--target", "ig-reels", "--video", "v.mp4", "--app-id", "1", "--force", "-o", "p.json"],
            ["preview", "--target", "ig-stories", "--video", "v.mp4", "--force", "-o", "p.png"],
            ["fix", "--target", "ig-stories", "-o", "fixed.mp4", "clip.mkv"],
            ["fix", "--target", "ig-stories", "clip.mkv"],  // its default name, clip.fixed.mp4
        ]
        for arguments in runs {
            let result = try runReelshare(arguments, in: directory)
            #expect(
                result.status == 73 && result.stderr.contains("is a symbolic link, and reelshare never writes through one"),
                "\(arguments): \(result.stderr)")
        }
        #expect(try String(contentsOf: directory.appendingPathComponent("precious.txt"), encoding: .utf8) == "precious")
        #expect(!listing(directory).contains { $0.contains(".reelshare-") })
    }

    @Test("a killed fix or build leaves no file behind: the output has no name until it is whole")
    func killedLeavesNothing() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        // fix scales a 1440p clip to 1080p (seconds of work); build streams a 1 GB clip (a sparse free box).
        try make(
            "wide.mp4", ["-f", "lavfi", "-i", "testsrc2=s=2560x1440:r=30", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast"],
            in: directory)
        try bigClip(in: directory)
        let binary = try TestPaths.binary()
        for command in [
            "\"$0\" fix --target ig-reels --strict wide.mp4",
            "\"$0\" build --target ig-reels --video big.mp4 --app-id 1 --force -o payload.json",
        ] {
            let before = listing(directory)
            let (status, _) = try runCommand(
                ["sh", "-c", "\(command) & pid=$!; sleep 0.4; kill -KILL $pid; wait $pid; exit $?", binary], in: directory)
            #expect(status == 137, "\(command): not killed while it worked (status \(status))")
            #expect(listing(directory) == before, "\(command) left \(listing(directory))")
        }
    }

    @Test("a clip cut while build streams it: exit 65, \"changed while it was read\", no payload")
    func changedWhileRead() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try bigClip(in: directory)
        let (status, _) = try runCommand(
            [
                "sh", "-c",
                "\"$0\" build --target ig-reels --video big.mp4 --app-id 1 --force -o payload.json 2> err.txt & pid=$!; "
                    + "sleep 0.3; truncate -s 100000 big.mp4; wait $pid",
                try TestPaths.binary(),
            ], in: directory)
        let said = try String(contentsOf: directory.appendingPathComponent("err.txt"), encoding: .utf8)
        #expect(status == 65 && said.contains("big.mp4 changed while it was read; nothing written"), "\(status): \(said)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("payload.json").path))
        #expect(!listing(directory).contains { $0.contains(".reelshare-") })
    }

    @Test("a full disk is named as such, not as an input/output error")
    func fullDisk() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("full.png").path, withDestinationPath: "/dev/full")
        let result = try runReelshare(
            ["preview", "--target", "ig-stories", "--sticker", TestPaths.fixture("sticker_rgba_640x480.png"), "-o", "full.png"],
            in: directory)
        #expect(result.status == 73 && result.stderr.contains("no space left on device"), "\(result.stderr)")
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

    @Test("once standard output's reader is gone, no more files are worked on")
    func stopsAtClosedPipe() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try make(
            "clip.mp4",
            ["-f", "lavfi", "-i", "testsrc2=s=640x360:r=30", "-t", "10", "-c:v", "libx264", "-preset", "ultrafast"],
            in: directory)
        // 40 clips decoded in full, one at a time: many seconds of work with nowhere to write it.
        let one = try measured(["probe", "--decode", "--jobs", "1", "clip.mp4"], in: directory)
        let start = Date()
        let (status, _) = try runCommand(
            [
                "bash", "-c", "\"$0\" probe --decode --jobs 1 $(printf 'clip.mp4 %.0s' {1..40}) | head -c 10 > /dev/null",
                try TestPaths.binary(),
            ], in: directory)
        let elapsed = Date().timeIntervalSince(start)
        #expect(status == 0)
        // Each file's result is written when it is done: the second file's meets the closed pipe,
        // and the work stops there (before, a buffered write let two more files go by).
        #expect(elapsed < one.seconds * 4, "\(elapsed) s, where one file takes \(one.seconds) s")
    }
}
