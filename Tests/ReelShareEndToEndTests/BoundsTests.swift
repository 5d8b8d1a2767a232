// Bounds a process keeps whatever its input claims: each command's --timeout, held with a margin a
// loaded machine needs, and its peak memory (GNU time), on crafted inputs made here at full size
// the way Scripts/fixtures-hostile makes their small seeds. Wall-clock bounds live here and in
// Scripts/bench only; the in-process tests assert the work done instead.
import Foundation
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Bounds on crafted media: each --timeout, 200 MB")
struct BoundsTests {
    /// Every command that reads a file's data, each given `timeout` seconds.
    static func commands(_ file: String, timeout: String) -> [[String]] {
        [
            ["probe", "--timeout", timeout, file], ["probe", "--deep", "--timeout", timeout, file],
            ["probe", "--decode", "--timeout", timeout, file], ["validate", "--timeout", timeout, file],
            ["fix", "--dry-run", "--target", "ig-stories", "--timeout", timeout, file],
        ]
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
        let probe = try runBinary(["probe", "--format", "json", "segments.jpg"], in: directory)
        let image = try #require((probe.json?["files"] as? [[String: Any]])?.first?["image"] as? [String: Any])
        #expect(image["orientation"] as? Int == 6, "\(image)")
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
        let probe = try runBinary(["probe", "--format", "json", "bombs.png"], in: directory)
        let image = try #require((probe.json?["files"] as? [[String: Any]])?.first?["image"] as? [String: Any])
        #expect(image["width"] as? Int == 64 && image["height"] as? Int == 48)
    }
    @Test("a trun of 2^32 - 1 samples is not believed: refused at once, not walked for seconds")
    func trunSampleCount() throws {
        let path = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions/fmp4-trun-count.mp4").path
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in BoundsTests.commands(path, timeout: "1") {
            let run = try measured(arguments, in: directory)
            // Before: 8.5 s in the box walker, --timeout 1 answered after 8.2 s.
            #expect(!run.result.crashed && run.seconds <= 1.5 && run.peak(under: 200), "\(arguments): \(run)")
            // 65 for a file with no stream; validate says no target takes it (1).
            #expect(run.result.status == (arguments[0] == "validate" ? 1 : 65), "\(arguments): \(run.result.stderr)")
        }
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
        var file = try fixtureData("piped_70s.mkv")
        file.append(contentsOf: Array(repeating: unit, count: (4 << 20) / 18).flatMap { $0 })
        try file.write(to: directory.appendingPathComponent("tail.mkv"))
        for arguments in BoundsTests.commands("tail.mkv", timeout: "2") {
            let run = try measured(arguments, in: directory)
            #expect(!run.result.crashed && run.seconds <= 2.5 && run.peak(under: 200), "\(arguments): \(run)")
        }
        // Its length is still read from the real Clusters before the junk.
        let probe = try runBinary(["probe", "--format", "json", "tail.mkv"], in: directory)
        let facts = try #require((probe.json?["files"] as? [[String: Any]])?.first)
        #expect(facts["durationSeconds"] as? Double == 70, "\(facts)")
    }
    @Test("a file list over 256 MiB or of more than 10,000,000 paths is refused with 66, from a file and from standard input")
    func listTooLong() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.txt")
        try Data().write(to: big)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: (256 << 20) + 1)
        try handle.close()
        let file = try measured(["probe", "--files-from", "big.txt"], in: directory)
        #expect(
            file.result.status == 66 && file.result.stderr.contains("cannot read the file list big.txt"), "\(file.result.stderr)")
        #expect(file.seconds < 1)
        let (status, output) = try runCommand(
            ["bash", "-c", "head -c 268435457 /dev/zero | \"$0\" probe --files-from - -0 2>&1", try TestPaths.binary()],
            in: directory)
        #expect(status == 66 && output.contains("cannot read the file list on standard input"), "\(output)")
        // Within the size, more than 10,000,000 paths (8 bytes each to note): 66 too.
        try Data(String(repeating: "a\n", count: 10_000_001).utf8).write(to: big)
        let many = try measured(["probe", "--files-from", "big.txt"], in: directory)
        #expect(
            many.result.status == 66 && many.result.stderr.contains("big.txt: it names more than 10000000 paths"),
            "\(many.result.stderr)")
        #expect(many.peak(under: 200))
    }
    @Test("long lists of missing paths from --files-from, as ndjson: the list is indexed, not held, and results go as they come")
    func longList() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try measured(["probe", "--format", "ndjson", "/nonexistent"], in: directory)
        // 350,000 paths held 1.09 GB and growing (3 KB a file) before; the list's offsets are 8
        // bytes a path now. (Fewer for validate, whose work per file is longer.)
        for (command, count) in [("probe", 150_000), ("validate", 30_000)] {
            let list = (0..<count).map { "/nonexistent/dir/file\($0).mp4\n" }.joined()
            try list.write(to: directory.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
            let run = try measured([command, "--format", "ndjson", "--files-from", "list.txt"], in: directory)
            #expect(run.result.stdout.split(separator: "\n").count == count)
            #expect(run.peak(under: baseline.megabytes + 8), "\(command): \(run.megabytes) MB, one file \(baseline.megabytes) MB")
        }
    }
    @Test("repeated findings are one line that counts them: a manifest of 40,000 exported FileProviders")
    func repeatedFindings() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = #"<provider android:name="androidx.core.content.FileProvider" android:exported="true"/>"#
        try
            (#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="x"><application>"#
            + String(repeating: provider, count: 40_000) + "</application></manifest>").write(
                to: directory.appendingPathComponent("m.xml"), atomically: true, encoding: .utf8)
        let run = try bounded(
            ["doctor", "--format", "json", "--target", "ig-reels", "--manifest", "m.xml"], in: directory, seconds: 20)
        let findings =
            ((run.result.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first?["findings"]
            as? [[String: Any]] ?? []
        // 3 findings a provider: 20 listed, and one that counts the other 119,980.
        let providers = findings.filter { $0["rule"] as? String == "android.file-provider" }
        #expect(providers.count == 21)
        #expect(
            (providers.last?["message"] as? String)?.hasPrefix("and 119980 more android.file-provider findings") == true,
            "\(providers.last ?? [:])")
        #expect(providers.last?["actual"] as? Int == 120_000)
    }
    @Test(
        "an Info.plist of 150,000 keys twice, a binary plist of 50,000 references to one string, a manifest of 150,000 providers, a profile key of 8 MB"
    )
    func floods() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = try hostile("plist-repeated-keys.plist", in: directory)
        let plist = try bounded(["doctor", "--plist", keys], in: directory, seconds: 20)  // 52 s before (release)
        #expect(plist.result.status == 1, "\(plist.result.stderr)")
        let shared = try hostile("bplist-shared-string.plist", in: directory)
        _ = try bounded(["doctor", "--plist", shared], in: directory, seconds: 5)  // 541 MB before
        let providers = try hostile("manifest-providers.xml", in: directory)
        let manifest = try bounded(["doctor", "--format", "json", "--manifest", providers], in: directory, seconds: 20)
        #expect(
            manifest.result.status == 65 && manifest.result.stderr.contains("more than 50000 elements"),
            "\(manifest.result.stderr)")
        let profile = try hostile("profile-long-key.json", in: directory)
        let long = try bounded(["validate", "--profile", profile, "x.mp4"], in: directory, seconds: 5)
        #expect(long.result.status == 64)
        #expect(
            long.result.stderr.count < 1_000 && long.result.stderr.contains("… (8388608 characters)"),
            "\(long.result.stderr.count)")
    }
    @Test(
        "an interlaced 6000x4000 PNG reduced for a story comes out as its twin that is not interlaced, pixel for pixel, and no smaller"
    )
    func interlacedAsItsTwin() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let interlaced = try hostile("png-adam7.png", in: directory), twin = try hostile("png-adam7-twin.png", in: directory)
        var pixels: [Data] = []
        for (file, fixed) in [(interlaced, "png-adam7.fixed.png"), (twin, "png-adam7-twin.fixed.png")] {
            let fix = try bounded(["fix", "--strict", "--target", "ig-stories", file], in: directory, seconds: 30)
            #expect(fix.result.status == 0, "\(fix.result.stderr)")
            let (_, size) = try runCommand(
                ["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", fixed], in: directory)
            #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "640,427", "\(fixed): \(size)")
            pixels.append(try Data(contentsOf: directory.appendingPathComponent(fixed)))
        }
        #expect(pixels.count == 2 && pixels[0] == pixels[1])
    }
    @Test("a progressive 4:2:0 JPEG of 49 megapixels, its coefficients just within 144 MiB: probed and fixed under 200 MB")
    func progressiveWithin() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = try hostile("jpeg-progressive-49mp.jpg", in: directory)
        let probe = try bounded(["probe", "--format", "json", photo], in: directory, seconds: 30)
        #expect(probe.result.status == 0, "\(probe.result.stderr)")
        #expect((facts(probe.result)["image"] as? [String: Any])?["width"] as? Int == 7000)
        let fix = try bounded(["fix", "--strict", "--target", "ig-stories", photo], in: directory, seconds: 30)
        #expect(fix.result.status == 0, "\(fix.result.stderr)")
    }
    @Test(
        "a 10000x10000 interlaced PNG is reduced pass by pass, holding only its blocks; a progressive JPEG past the coefficient budget is refused by name"
    )
    func interlacedAndProgressive() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = try hostile("png-interlaced.png", in: directory)
        let preview = try bounded(
            ["preview", "--target", "ig-stories", "--sticker", png, "--force", "-o", "p.png"], in: directory, seconds: 30)
        #expect(preview.result.status == 0, "\(preview.result.stderr)")
        let fix = try bounded(["fix", "--target", "ig-stories", png], in: directory, seconds: 30)
        #expect(fix.result.status == 0, "\(fix.result.stderr)")
        let progressive = try hostile("jpeg-progressive.jpg", in: directory)
        let probe = try bounded(["probe", progressive], in: directory, seconds: 30)
        #expect(probe.result.status == 65, "\(probe.result.stderr)")
        #expect(probe.result.stderr.contains("decoding it needs more than 144 MiB (a progressive JPEG this large)"))
    }
    @Test("an audio file's clip, a 1080x1920 picture encoded by libx264, fixed under 200 MB (496 MB with libx264 left to itself)")
    func audiogram() throws {
        let directory = try scratch("audiogram")
        defer { try? FileManager.default.removeItem(at: directory) }
        let audio = directory.appendingPathComponent("talk.m4a").path
        try FileManager.default.copyItem(atPath: TestPaths.fixture("audio_only.m4a"), toPath: audio)
        let fix = try bounded(["fix", "--target", "ig-reels", audio], in: directory, seconds: 30)
        #expect(fix.result.status == 0, "\(fix.result.stderr)")
        let made = try runBinary(["validate", "--target", "ig-reels", "talk.fixed.mp4"], in: directory)
        #expect(made.status == 0, "\(made.stdout)")
    }

    @Test(
        "an animated WebP of 20,000 1024x1024 frames made a clip: fix --timeout 2 gives up decoding them in time, writing nothing"
    )
    func webpFramesWithinTheBudget() throws {
        let directory = try scratch("webp-frames")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Two frames made by libwebp, their ANMF chunks repeated (40 MB). Before, the frames were
        // decoded to the last whatever --timeout said: over 100 s.
        let (two, _) = try runCommand(
            [
                "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=c=red:s=1024x1024:r=10,format=rgba", "-f", "lavfi", "-i",
                "color=c=blue:s=1024x1024:r=10,format=rgba", "-filter_complex", "[0][1]overlay=enable='gte(n,1)'", "-t", "0.3",
                "-c:v", "libwebp_anim", "-loop", "0", "two.webp",
            ], in: directory)
        try #require(two == 0)
        let (made, _) = try runCommand(
            [
                "python3", "-c",
                """
                import struct
                data = open("two.webp", "rb").read()
                chunks, at = [], 12
                while at < len(data):
                    size = struct.unpack("<I", data[at + 4:at + 8])[0]
                    chunks.append(data[at:at + 8 + size + (size & 1)])
                    at += 8 + size + (size & 1)
                frames = [c for c in chunks if c[:4] == b"ANMF"]
                body = b"".join(c for c in chunks if c[:4] != b"ANMF") + b"".join(frames[i % 2] for i in range(20000))
                open("many.webp", "wb").write(b"RIFF" + struct.pack("<I", len(body) + 4) + b"WEBP" + body)
                """,
            ], in: directory)
        try #require(made == 0)
        let fix = try bounded(
            ["fix", "--timeout", "2", "--as", "video", "--target", "ig-reels", "-o", "many.mp4", "many.webp"], in: directory,
            seconds: 2.5)
        #expect(fix.result.status == 65 && fix.result.stderr.contains("time budget (--timeout)"), "\(fix.result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["many.webp", "two.webp"])
    }

    @Test(
        "a held picture of 100 megapixels: --still refused before anything is decoded (64), as cover art, JPEG or PNG, refused naming the bound (65), under 200 MB (a PNG held 350 MB before)"
    )
    func heldPictureTooLarge() throws {
        let directory = try scratch("held")
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in [
            ["-f", "lavfi", "-i", "color=c=green:s=10000x10000", "-frames:v", "1", "big.png"],
            ["-f", "lavfi", "-i", "color=c=green:s=10000x10000", "-frames:v", "1", "big.jpg"],
            ["-f", "lavfi", "-i", "sine", "-t", "4", "-c:a", "aac", "talk.m4a"],
            [
                "-i", "talk.m4a", "-i", "big.jpg", "-map", "0", "-map", "1", "-c", "copy", "-disposition:v", "attached_pic",
                "cover.m4a",
            ],
            [
                "-i", "talk.m4a", "-i", "big.png", "-map", "0", "-map", "1", "-c", "copy", "-disposition:v", "attached_pic",
                "png.m4a",
            ],
        ] {
            try #require(try runCommand(["ffmpeg", "-v", "error"] + command, in: directory).status == 0, "\(command)")
        }
        let still = try bounded(["fix", "--target", "ig-reels", "--still", "big.png", "talk.m4a"], in: directory, seconds: 5)
        #expect(
            still.result.status == 64
                && still.result.stderr.contains(
                    "--still big.png: 10000x10000 is more than the 36 megapixels a held picture may have"),
            "\(still.result.stderr)")
        // FFmpeg's own probe of the streams decoded a cover art whole (a PNG's 300 MB) before any bound.
        for file in ["cover.m4a", "png.m4a"] {
            let cover = try bounded(["fix", "--target", "ig-reels", file], in: directory, seconds: 5)
            #expect(
                cover.result.status == 65
                    && cover.result.stderr.contains(
                        "its cover art does not decode (a held picture may have at most 36 megapixels; --still gives it another)"),
                "\(file): \(cover.result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.contains(".fixed.") })
    }

    /// 8k.mp4: three 7680x4320 10-bit HEVC frames with B-frames between.
    @Test("a 12000x9000 JPEG fixed for a story, and drawn as its background, under 200 MB")
    func bigJPEG() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = try hostile("jpeg-108mp.jpg", in: directory)
        let fix = try bounded(["fix", "--strict", "--target", "ig-stories", photo], in: directory, seconds: 30)
        #expect(fix.result.status == 0, "\(fix.result.stderr)")
        let fixed = try runBinary(["validate", "--strict", "--target", "ig-stories", "jpeg-108mp.fixed.jpg"], in: directory)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        _ = try bounded(
            ["preview", "--target", "ig-stories", "--background-image", photo, "--force", "-o", "p.png"], in: directory,
            seconds: 30)
    }
    @Test(
        "400,000 samples at one offset, served from FFmpeg's buffer: --decode ends at its --timeout, a deep probe at its byte budget"
    )
    func samplesAtOneOffset() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try hostile("samples-one-offset.mp4", in: directory)
        let decode = try bounded(["probe", "--decode", "--timeout", "2", file], in: directory, seconds: 2.5)
        #expect(
            decode.result.status == 65 && decode.result.stderr.contains("longer than its time budget"), "\(decode.result.stderr)")
        let deep = try bounded(["probe", "--deep", "--timeout", "5", file], in: directory, seconds: 5.5)
        #expect(
            deep.result.status == 65 && deep.result.stderr.contains("more than three times its bytes"), "\(deep.result.stderr)")
    }
    @Test("a budget spent in the box walk or inside FFmpeg's open is the timeout error, never facts")
    func budgetSpentEarly() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let boxes = try hostile("free-boxes.mp4", in: directory)
        let run = try bounded(["probe", "--format", "json", "--timeout", "0.01", boxes], in: directory, seconds: 1)
        let file = facts(run.result)
        #expect(run.result.status == 65, "\(run.result.stderr)")
        #expect((file["error"] as? [String: Any])?["code"] as? String == "timeout", "\(file)")
        #expect(file["container"] == nil || file["container"] is NSNull, "\(file)")
    }
    @Test("more than 10,000,000 boxes (an 80 MB file of empty ones) are refused by name, within the timeout")
    func boxFlood() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let flood = try hostile("box-flood.mp4", in: directory)
        let run = try bounded(["probe", "--timeout", "20", flood], in: directory, seconds: 20.5)
        #expect(run.result.status == 65 && run.result.stderr.contains("it has more than 10000000 boxes"), "\(run.result.stderr)")
    }
    @Test(
        "400,000 edits: read whole by the walker, left alone by FFmpeg; an edit list that cuts under 89,999 empty ones is judged as its one-edit twin"
    )
    func editLists() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let many = try hostile("elst-entries.mp4", in: directory)
        for command in [["probe", "--format", "json"], ["probe", "--decode"], ["validate"]] {
            let run = try bounded(command + ["--timeout", "5", many], in: directory, seconds: 5.5)
            #expect(run.result.status <= 1, "\(command): \(run.result.stderr)")
        }
        #expect(
            facts(try runBinary(["probe", "--format", "json", many], in: directory))["editListEffect"] as? String == "complex")
        let cut = try hostile("elst-cut.mp4", in: directory), twin = try hostile("elst-cut-twin.mp4", in: directory)
        _ = try bounded(["probe", "--decode", "--timeout", "5", cut], in: directory, seconds: 5.5)
        let judged = try runBinary(["validate", "--format", "json", "--target", "ig-reels-api", cut], in: directory)
        let plain = try runBinary(["validate", "--format", "json", "--target", "ig-reels-api", twin], in: directory)
        // Both refused by the publishing API for their edit list (the crafted one's is complex).
        #expect(verdicts(judged)["ig-reels-api"]?.hasPrefix("false ") == true)
        #expect(verdicts(judged)["ig-reels-api"]?.contains("video.edit-list") == true, "\(verdicts(judged))")
        #expect(verdicts(plain)["ig-reels-api"]?.contains("video.edit-list") == true, "\(verdicts(plain))")
        // The share targets, which take edit lists, judge the two alike.
        let shares = try runBinary(["validate", "--format", "json", cut], in: directory)
        let twinShares = try runBinary(["validate", "--format", "json", twin], in: directory)
        #expect(verdicts(shares) == verdicts(twinShares))
    }
    @Test(
        "a sample table, a fragment, segment indexes, tags, cues and programme tables that claim more than the file holds are refused at once",
        arguments: [
            ("trun-samples.mp4", "a movie fragment (trun) claims 60000000 samples"),
            ("stsz-samples.mp4", "its sample table (stsz) claims 50000000 samples of 1000 bytes"),
            ("sidx-flood.mp4", "219999 of its 220000 segment indexes (sidx) point back"),
            ("mkv-tags.mkv", "tags (SimpleTag), more than the 4096"),
            ("mkv-cues.mkv", "299999 of its 300000 cue points (Cues) come before one listed earlier"),
            ("ts-programs.ts", "its programme tables declare 250 programmes and 1000 streams"),
        ])
    func claims(name: String, says: String) throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try hostile(name, in: directory)
        for command in [["probe"], ["probe", "--decode"], ["validate"]] {
            let run = try bounded(command + ["--timeout", "2", file], in: directory, seconds: 2.5)
            // 65 for the file; validate reports it as a finding (1).
            #expect(run.result.status == (command[0] == "validate" ? 1 : 65), "\(command): \(run.result.stderr)")
            #expect(run.result.stderr.contains(says), "\(command): \(run.result.stderr)")
        }
    }
    @Test(
        "a real APK nobody here made: Android's framework-res.apk (45 MB, a 31 MB resource table), in bounded time and memory",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func frameworkRes() throws {
        let path = Tool.frameworkResources
        let directory = try scratch("doctor-framework")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try measured(["doctor", "--format", "json", "--target", "ig-reels", path], in: directory)
        #expect(run.result.status == 1)
        // Package visibility applies from API 30. Debian 12 ships Android 10's framework (it targets
        // API 29), Debian 13 and unstable Android 13's (33): aapt, an oracle outside the product,
        // says which this one is.
        let badging = try runCommand(["aapt", "dump", "badging", path]).stdout
        let target = badging.split(separator: "\n").first { $0.hasPrefix("targetSdkVersion:") }
            .flatMap { Int($0.split(separator: "'").dropFirst().first ?? "") }
        try #require(target != nil, "aapt names no targetSdkVersion: \(badging.prefix(300))")
        let expected =
            ["ig-reels android.file-provider AndroidManifest.xml"]
            + (target! >= 30 ? ["ig-reels android.queries AndroidManifest.xml"] : [])
        #expect(findingLines(run.result) == expected, "targetSdk \(target!): \(run.result.stdout)")
        #expect((resultsOf(run.result).first?["app"] as? [String: Any])?["identifier"] as? String == "android")
        #expect(run.peak(under: 200), "\(run.megabytes) MB")
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
}
