// Runs the built `reelshare` binary and checks stdout, stderr and the exit status.
import Foundation
import ReelShareTestSupport
import Testing

private let media = "Tests/Fixtures/media"

@Suite("reelshare probe (in process)")
struct ProbeCommandTests {
    @Test("json: one document, schemaVersion 1, files in the order given")
    func jsonDocument() throws {
        let files = ["h264_aac_10s.mp4", "sticker_rgba_640x480.png", "vp9_opus.webm", "h264_aac_2s.mp4"].map { "\(media)/\($0)" }
        let result = runReelshare(["probe", "--format", "json"] + files)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let json = try #require(result.json)
        #expect(json["schemaVersion"] as? Int == 1)
        let entries = try #require(json["files"] as? [[String: Any]])
        #expect(entries.map { $0["path"] as? String } == files)
        #expect(entries.map { $0["kind"] as? String } == ["video", "image", "video", "video"])
        let video = try #require(entries[0]["video"] as? [String: Any])
        #expect(video["codec"] as? String == "h264")
        #expect(entries[0]["durationSeconds"] as? Double == 10.0)
        #expect(entries[0]["fastStart"] as? Bool == true)
        #expect(entries[0]["audio"] is [String: Any])
        #expect(entries[2]["container"] as? String == "webm")
        #expect(entries[2]["fastStart"] is NSNull)
        #expect((entries[1]["image"] as? [String: Any])?["hasAlpha"] as? Bool == true)
    }

    @Test("golden JSON, indented one key per line (RECORD_GOLDEN=1 re-records for review)")
    func golden() throws {
        let files = [
            "h264_aac_2s.mp4", "h264_rotate90.mp4", "sticker_rgba_640x480.png", "exif_orientation_6.jpg",
            "sticker.webp", "not_media.txt", "missing.mp4",
        ].map { "\(media)/\($0)" }
        let result = runReelshare(["probe", "--format", "json"] + files)
        #expect(result.status == 66)
        #expect(result.stdout.split(separator: "\n").count == 1)
        try expectGolden(indentedJSON(result.stdout), "probe.json")
    }

    @Test("text: a colr box that contradicts the bitstream is said on a colour row, with the field that differs")
    func colourRow() {
        let result = runReelshare(["probe", "\(media)/hevc_colr_contradicts.mp4", "\(media)/hevc_main10_hlg.mp4"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").filter { $0.contains("colour") }
        #expect(
            rows == [
                "  colour      transfer bt709 in the bitstream, smpte2084 in the container; primaries bt709 in the bitstream, bt2020 in the container; matrix bt709 in the bitstream, bt2020nc in the container: decoders use the bitstream's, a player that reads the container may not"
            ])
    }

    @Test(
        "a transport stream with junk before and between its packets (androidx/media's ts/sample_with_junk) is read as MPEG-TS: 3 video packets, as ExoPlayer's extractor test expects, and the fix's command says -f mpegts"
    )
    func transportStreamWithJunk() throws {
        let file = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/androidx/media/ts/sample_with_junk")
            .path
        let result = runReelshare(["probe", "--deep", "--format", "json", file])
        let facts = try #require((result.json?["files"] as? [[String: Any]])?.first, "\(result.stderr)")
        #expect(facts["container"] as? String == "mpegts")
        #expect(facts["leadingJunkBytes"] as? Int == 155)
        #expect((facts["deep"] as? [String: Any])?["videoPackets"] as? Int == 3)
        let text = runReelshare(["validate", "--target", "ig-reels", file]).stdout
        #expect(text.contains("ffmpeg -stream_loop -1 -f mpegts -threads 2 -i "), "\(text)")
        // A clean transport stream names no junk.
        let clean = runReelshare(["probe", "--format", "json", "\(media)/h264_hlg_vui.ts"])
        let cleanFacts = try #require((clean.json?["files"] as? [[String: Any]])?.first)
        #expect(cleanFacts["leadingJunkBytes"] is NSNull)
    }

    @Test("ndjson: one object per line, the same objects as json")
    func ndjson() throws {
        let files = ["h264_aac_2s.mp4", "grey.png", "crc_error.png"].map { "\(media)/\($0)" }
        let ndjson = runReelshare(["probe", "--format=ndjson"] + files)
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(ndjson.status == 65)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any]) }
        let document = runReelshare(["probe", "--format", "json"] + files)
        #expect(document.stdout == "{\"files\":[" + lines.joined(separator: ",") + "],\"schemaVersion\":1}\n")
    }

    @Test("text: aligned fields for people")
    func text() throws {
        let result = runReelshare(["probe", "\(media)/h264_rotate90.mp4"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  kind        video\n"))
        #expect(result.stdout.contains("  container   mp4 (fast start, edit list that changes nothing)\n"))
        #expect(result.stdout.contains("tag avc1\n"))
        #expect(result.stdout.contains("  display     72x128, rotated 90° clockwise\n"))
        #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test("a bad file still lets the others through; stderr names it; the worst status wins")
    func mixedBatch() throws {
        let result = runReelshare(["probe", "--format", "json", "\(media)/crc_error.png", "\(media)/h264_aac_2s.mp4"])
        #expect(result.status == 65)
        #expect(result.stderr == "reelshare: error: \(media)/crc_error.png: invalid png: IDAT: CRC error (after 7 of 8 rows)\n")
        let entries = try #require(result.json?["files"] as? [[String: Any]])
        #expect((entries[0]["error"] as? [String: Any])?["code"] as? String == "corrupt")
        #expect(entries[1]["kind"] as? String == "video")
        let missing = runReelshare(["probe", "\(media)/crc_error.png", "nope.mp4", "\(media)/grey.png"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("reelshare: error: nope.mp4: no such file\n"))
    }

    @Test("media on standard input or through a pipe: exit 66 and a way forward, not just 'no such file'")
    func streams() throws {
        let clip = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("\(media)/h264_aac_2s.mp4"))
        let dash = runReelshare(["probe", "-"], stdin: clip)
        #expect(dash.status == 66)
        #expect(
            dash.stderr
                == "reelshare: error: -: no such file (media is never read from standard input: save the stream to a file and give its path)\n"
        )
        let directory = try scratch("streams")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("stream.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Never opened (opening a FIFO with no writer would block): the answer comes from stat.
        let pipe = runReelshare(["probe", "--format", "json", fifo])
        #expect(pipe.status == 66)
        let error = try #require((pipe.json?["files"] as? [[String: Any]])?.first?["error"] as? [String: Any])
        #expect(error["code"] as? String == "unreadable")
        #expect(
            error["message"] as? String
                == "a pipe, not a regular file (media is read from a file reelshare can seek: save the stream to a file and give its path)"
        )
        // A file named "-" is read as any other.
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("-").path, contents: clip)
        let named = runReelshare(["probe", "--format", "json", "-"], in: directory)
        #expect(named.status == 0 && (named.json?["files"] as? [[String: Any]])?.first?["kind"] as? String == "video", "\(named)")
    }

    @Test(
        "exit status per failure",
        arguments: [
            ("bomb_100000x100000.png", Int32(65)), ("truncated.jpg", 65),
            ("not_media.txt", 65), ("truncated_no_index.mp4", 65), ("grey.jpg", 0),
        ])
    func exitStatus(file: String, status: Int32) throws {
        let result = runReelshare(["probe", "\(media)/\(file)"])
        #expect(result.status == status)
        if status != 0 { #expect(result.stderr.hasPrefix("reelshare: error: \(media)/\(file): ")) }
        #expect(result.stderr.split(separator: "\n").count == (status == 0 ? 0 : 1))
    }

    @Test(
        "usage errors exit 64 with a hint",
        arguments: [
            ["probe"], ["probe", "--formt", "json", "x"], ["probe", "--format", "xml", "x"],
            ["probe", "--jobs", "0", "x"], ["probe", "--timeout", "soon", "x"], ["prbe", "x"], [],
            ["probe", "--deep=yes", "x"], ["probe", "--format"],
        ])
    func usage(arguments: [String]) throws {
        let result = runReelshare(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("reelshare: error: ") || arguments.isEmpty)
    }

    @Test("did-you-mean for a misspelt option and command")
    func suggestions() throws {
        #expect(runReelshare(["probe", "--formt", "json", "x"]).stderr.contains("did you mean '--format'?"))
        #expect(runReelshare(["prbe", "x"]).stderr.contains("did you mean 'probe'?"))
    }

    @Test("--help and --version print to stdout and exit 0")
    func helpAndVersion() throws {
        let help = runReelshare(["--help"])
        #expect(help.status == 0)
        for code in ["0", "1", "64", "65", "66", "70", "73"] { #expect(help.stdout.contains("\n  \(code) ")) }
        let probeHelp = runReelshare(["probe", "--help"])
        #expect(probeHelp.status == 0)
        for option in ["--format", "--deep", "--jobs", "--timeout"] { #expect(probeHelp.stdout.contains(option)) }
        #expect(runReelshare(["help", "probe"]).stdout == probeHelp.stdout)
        let version = runReelshare(["--version"])
        #expect(version.status == 0)
        for library in ["reelshare ", "FFmpeg ", "libavformat ", "libavcodec ", "libpng ", "libjpeg"] {
            #expect(version.stdout.contains(library))
        }
    }

    @Test("--jobs 8 gives the same bytes as --jobs 1, in input order")
    func parallelOrder() throws {
        let names = TestPaths.fixtureNames
        let files = (names + names.reversed()).map { "\(media)/\($0)" }
        let one = runReelshare(["probe", "--format", "json", "--jobs", "1"] + files)
        let eight = runReelshare(["probe", "--format", "json", "--jobs", "8"] + files)
        #expect(one.stdout == eight.stdout)
        #expect(one.status == eight.status)
        let paths = (one.json?["files"] as? [[String: Any]])?.map { $0["path"] as? String }
        #expect(paths == files)
    }

    @Test(
        "every corrupt corpus file exits 65 or 66 with its name on stderr",
        .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
    func corpusErrors() throws {
        for entry in CorpusEntry.all where entry.expect == "corrupt" {
            let result = runReelshare(["probe", entry.fullPath])
            // Read, its undescribed stream listed (see CorpusProbeTests.corruptFile).
            if result.status == 0, result.stdout.contains("a codec FFmpeg does not know") { continue }
            #expect([65, 66].contains(result.status), "\(entry)")
            #expect(result.stderr.hasPrefix("reelshare: error: \(entry.fullPath): "), "\(entry)")
        }
    }

    /// An MPEG-TS whose program table declares a stream that never carries a packet (a capture
    /// whose audio PID stayed silent; a download cut after its tables): made here with ffmpeg,
    /// then the packets of a PID removed, 188 bytes each.
    @Test("a TS stream that is declared and never sent: the audio has no length; no video packet is said so")
    func declaredNeverSent() throws {
        let directory = try scratch("ts-declared")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (made, _) = try runCommand(
            [
                "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=2", "-f", "lavfi", "-i",
                "sine=d=2", "-c:v", "libx264", "-c:a", "mp2", "-f", "mpegts", "clip.ts",
            ], in: directory)
        try #require(made == 0)
        let packets = try Data(contentsOf: directory.appendingPathComponent("clip.ts"))
        func without(_ pids: Set<Int>, _ name: String) throws {
            var kept = Data()
            for at in stride(from: packets.startIndex, to: packets.endIndex, by: 188) {
                let packet = packets[at..<min(at + 188, packets.endIndex)]
                let pid = (Int(packet[at + 1]) & 0x1F) << 8 | Int(packet[at + 2])
                if !pids.contains(pid) { kept += packet }
            }
            try kept.write(to: directory.appendingPathComponent(name))
        }
        // ffmpeg's PIDs: 0x100 the video, 0x101 the audio.
        try without([0x101], "silent.ts")
        try without([0x100, 0x101], "tables.ts")

        let silent = runReelshare(["probe", "--format", "json", "silent.ts"], in: directory)
        let file = try #require((silent.json?["files"] as? [[String: Any]])?.first, "\(silent.stderr)")
        #expect((file["audio"] as? [String: Any])?["durationSeconds"] is NSNull, "\(file)")
        let length = try #require(file["durationSeconds"] as? Double)
        #expect(abs(length - 2) < 0.001, "the video's 60 frames: \(length) s")

        let tables = runReelshare(["probe", "tables.ts"], in: directory)
        #expect(tables.status == 65)
        #expect(
            tables.stderr
                == "reelshare: error: tables.ts: its video stream has no packet: the file holds the tables that declare it and no picture (cut short?)\n"
        )
    }
}

extension ProbeCommandTests {
    @Test("an SPS whose bit depth is 2^31 - 1 is not an SPS: the profile and pixel format stay unknown")
    func spsBitDepth() throws {
        // The sanitizer run (Scripts/test --sanitize) makes the old `8 + (int)exp_golomb()` fail here.
        let path = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions/h264-sps-bit-depth.mp4").path
        let probe = runReelshare(["probe", "--format", "json", path])
        let video = try #require((probe.json?["files"] as? [[String: Any]])?.first?["video"] as? [String: Any])
        #expect(probe.status == 0)
        #expect(video["bitDepth"] is NSNull && video["profile"] is NSNull, "\(video)")
    }
}
