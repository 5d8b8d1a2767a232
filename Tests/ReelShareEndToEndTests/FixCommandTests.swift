// `reelshare fix`, run as a user would: every output is validated again here and compared, frame
// by frame, with the input where the plan copies.
import Foundation
import ReelShareTestSupport
import Testing

/// Makes `name` in `directory` with the ffmpeg CLI.
private func make(_ name: String, _ arguments: [String], in directory: URL) throws {
    let (status, _) = try runCommand(["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments + [name], in: directory)
    try #require(status == 0, "ffmpeg could not make \(name)")
}

/// The MD5 of each video frame, in order (ffmpeg -f framemd5).
private func frames(_ file: String, in directory: URL) throws -> [String] {
    let (status, output) = try runCommand(
        ["ffmpeg", "-nostdin", "-v", "error", "-i", file, "-map", "0:v:0", "-f", "framemd5", "-"], in: directory)
    try #require(status == 0, "ffmpeg cannot read \(file)")
    return output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
        $0.split(separator: ",").last.map(String.init)
    }
}

private func listing(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

private func clip(_ seconds: Int, keyframeEvery frames: Int? = nil) -> [String] {
    [
        "-f", "lavfi", "-i", "testsrc2=s=128x72:r=10", "-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "\(seconds)", "-c:v",
        "libx264",
        "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac",
    ] + (frames.map { ["-g", "\($0)"] } ?? [])
}

@Suite("reelshare fix (end to end)")
struct FixCommandTests {
    @Test("a remux copies the video bit for bit; the output passes; a second fix finds nothing to do")
    func remux() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            atPath: TestPaths.fixture("h264.mkv"), toPath: directory.appendingPathComponent("clip.mkv").path)
        let result = try runReelshare(["fix", "--target", "ig-stories", "clip.mkv"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "clip.fixed.mp4\n")
        #expect(try frames("clip.fixed.mp4", in: directory) == (try frames("clip.mkv", in: directory)))
        #expect(try runReelshare(["validate", "--target", "ig-stories", "clip.fixed.mp4"], in: directory).status == 0)
        let again = try runReelshare(["fix", "--target", "ig-stories", "clip.fixed.mp4"], in: directory)
        #expect(again.status == 0 && again.stdout.isEmpty)
        #expect(again.stderr == "clip.fixed.mp4: already accepted by ig-stories; nothing written\n")
        #expect(listing(directory) == ["clip.fixed.mp4", "clip.mkv"])
    }

    @Test("a trim cuts at a keyframe by copying when one lies within a second of the limit; the frames are the input's first")
    func trimByCopy() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try make("long.mp4", clip(30, keyframeEvery: 10), in: directory)
        let plan = try runReelshare(["fix", "--target", "ig-stories", "--dry-run", "long.mp4"], in: directory)
        #expect(plan.stdout.contains("cut at the keyframe at 19 s (packets copied)"), "\(plan.stdout)")
        #expect(plan.stdout.contains("video: copy") && plan.stdout.contains("audio: copy"))
        #expect(listing(directory) == ["long.mp4"], "--dry-run writes nothing")
        // validate prints the same plan as its hint.
        let hint = try runReelshare(["validate", "--format", "json", "--target", "ig-stories", "long.mp4"], in: directory)
        let verdict = ((hint.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first
        #expect((verdict?["fix"] as? String)?.contains("-c:v libx264") == true, "without keyframe times the hint re-encodes")
        let result = try runReelshare(["fix", "--target", "ig-stories", "long.mp4"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let cut = try frames("long.fixed.mp4", in: directory)
        #expect(cut.count == 190)
        #expect(cut == Array(try frames("long.mp4", in: directory).prefix(190)))
    }

    @Test("--split cuts a long clip into parts at keyframes: each passes, and together they are every frame, once")
    func split() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try make("long.mp4", clip(45, keyframeEvery: 20), in: directory)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        let result = try runReelshare(
            ["fix", "--target", "ig-stories", "--split", "--output-dir", "out", "long.mp4"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "out/long.part1.mp4\nout/long.part2.mp4\nout/long.part3.mp4\n")
        var joined: [String] = []
        for part in ["long.part1.mp4", "long.part2.mp4", "long.part3.mp4"] {
            #expect(try runReelshare(["validate", "--target", "ig-stories", "out/\(part)"], in: directory).status == 0)
            joined += try frames("out/\(part)", in: directory)
        }
        #expect(joined == (try frames("long.mp4", in: directory)))
        // Keyframes 25 s apart: re-encoded once with keyframes close enough, then cut; no frame lost.
        try make("sparse.mp4", clip(45, keyframeEvery: 250), in: directory)
        let sparse = try runReelshare(
            ["fix", "--target", "ig-stories", "--split", "--output-dir", "out", "sparse.mp4"], in: directory)
        #expect(sparse.status == 0, "\(sparse.stderr)")
        let parts = sparse.stdout.split(separator: "\n").map(String.init)
        #expect(parts.count >= 3)
        var count = 0
        for part in parts {
            #expect(try runReelshare(["validate", "--target", "ig-stories", part], in: directory).status == 0)
            count += try frames(part, in: directory).count
        }
        #expect(count == 450)
        #expect(!listing(directory.appendingPathComponent("out")).contains { $0.hasPrefix(".") }, "no temporary file left")
    }

    @Test("what cannot be fixed: nothing written, the rule named, exit 1; usage errors exit 64")
    func failures() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try make(
            "small.mp4", ["-f", "lavfi", "-i", "testsrc2=s=128x72:r=15", "-t", "4", "-c:v", "libx264", "-pix_fmt", "yuv420p"],
            in: directory)
        let result = try runReelshare(["fix", "--target", "fb-reels-api", "small.mp4"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("reelshare: error: small.mp4: the fixed file still fails video.resolution"), "\(result.stderr)"
        )
        #expect(result.stderr.contains("nothing written"))
        #expect(listing(directory) == ["small.mp4"])
        let missing = try runReelshare(["fix", "--target", "ig-reels", "missing.mp4"], in: directory)
        #expect(missing.status == 1 && missing.stderr.contains("missing.mp4: cannot read it: no such file"))
        for arguments in [
            ["fix", "small.mp4"], ["fix", "--target", "ig-reels,ig-stories", "small.mp4"],
            ["fix", "--target", "ig-reels", "-o", "x.mp4", "small.mp4", "small.mp4"],
            ["fix", "--target", "ig-stories", "--split", "-o", "x.mp4", "small.mp4"],
            ["fix", "--target", "ig-stories", "--output-dir", "nowhere", "small.mp4"],
        ] {
            #expect(try runReelshare(arguments, in: directory).status == 64, "\(arguments)")
        }
        let onto = try runReelshare(["fix", "--target", "fb-reels-api", "-o", "small.mp4", "small.mp4"], in: directory)
        #expect(onto.status == 1 && onto.stderr.contains("the output would replace the input"), "\(onto.stderr)")
    }

    @Test("images: a GIF becomes a PNG of its first frame; a PNG turned by EXIF is shrunk upright; JSON says what was done")
    func images() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            atPath: TestPaths.fixture("sticker.gif"), toPath: directory.appendingPathComponent("s.gif").path)
        let gif = try runReelshare(["fix", "--target", "ig-stories", "--format", "json", "s.gif"], in: directory)
        #expect(gif.status == 0, "\(gif.stderr)")
        let outcome = try #require((gif.json?["results"] as? [[String: Any]])?.first)
        let output = try #require((outcome["outputs"] as? [[String: Any]])?.first)
        #expect(output["path"] as? String == "s.fixed.png")
        #expect((output["operations"] as? [String])?.contains("take the first frame") == true)
        #expect(outcome["error"] is NSNull && outcome["alreadyAccepted"] as? Bool == false)
        let probe = try runReelshare(["probe", "--format", "json", "s.fixed.png"], in: directory)
        #expect(((probe.json?["files"] as? [[String: Any]])?.first?["image"] as? [String: Any])?["format"] as? String == "png")

        try make("landscape.png", ["-f", "lavfi", "-i", "testsrc2=s=1280x720", "-frames:v", "1"], in: directory)
        let source = try Data(contentsOf: directory.appendingPathComponent("landscape.png"))
        let exif: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let (crcStatus, crc) = try runCommand([
            "python3", "-c", "import sys,zlib; print(zlib.crc32(bytes.fromhex(sys.argv[1])))",
            (Data("eXIf".utf8) + Data(exif)).map { String(format: "%02x", $0) }.joined(),
        ])
        try #require(crcStatus == 0)
        let value = try #require(UInt32(crc.trimmingCharacters(in: .whitespacesAndNewlines)))
        var png = source
        png.insert(
            contentsOf: Data([0, 0, 0, UInt8(exif.count)]) + Data("eXIf".utf8) + Data(exif)
                + Data([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]), at: 33)
        try png.write(to: directory.appendingPathComponent("phone.png"))
        let shrunk = try runReelshare(["fix", "--target", "ig-stories", "--strict", "phone.png"], in: directory)
        #expect(shrunk.status == 0, "\(shrunk.stderr)")
        let (_, size) = try runCommand(
            ["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "phone.fixed.png"], in: directory
        )
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "270,480", "upright and within 640x480: \(size)")
    }

    @Test("SIGINT during a long transcode: the process dies of the signal and leaves no file")
    func interrupt() throws {
        let directory = try scratch("fix-interrupt")
        defer { try? FileManager.default.removeItem(at: directory) }
        try make(
            "big.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=2560x1440:r=30", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p",
            ], in: directory)
        let fix = Process()
        fix.executableURL = URL(fileURLWithPath: try TestPaths.binary())
        fix.arguments = ["fix", "--strict", "--target", "ig-reels", "big.mp4"]  // over 1080p: scaled, re-encoded
        fix.currentDirectoryURL = directory
        fix.standardError = FileHandle.nullDevice
        fix.standardOutput = FileHandle.nullDevice
        try fix.run()
        var sent = false
        for _ in 0..<20000 where !sent {
            if listing(directory).contains(where: { $0.hasPrefix(".big.fixed.mp4.reelshare-") }) {
                usleep(200_000)
                kill(fix.processIdentifier, SIGINT)
                sent = true
            } else {
                usleep(1000)
            }
        }
        fix.waitUntilExit()
        #expect(sent)
        #expect(fix.terminationReason == .uncaughtSignal && fix.terminationStatus == SIGINT)
        #expect(listing(directory) == ["big.mp4"])
    }
}
