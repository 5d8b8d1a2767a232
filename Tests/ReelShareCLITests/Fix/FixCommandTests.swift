// `reelshare fix`, run as a user would: every output is validated again here and compared, frame
// by frame, with the input where the plan copies.
import Foundation
import ReelShareTestSupport
import Testing

/// The MD5 of each decoded frame of the first video (or audio) stream, in order (ffmpeg -f framemd5).
private func frames(_ file: String, stream: String = "v", in directory: URL) throws -> [String] {
    let (status, output) = try runCommand(
        ["ffmpeg", "-nostdin", "-v", "error", "-i", file, "-map", "0:\(stream):0", "-f", "framemd5", "-"], in: directory)
    try #require(status == 0, "ffmpeg cannot read \(file)")
    return output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
        $0.split(separator: ",").last.map(String.init)
    }
}

/// ffprobe's value of `entries` (like stream=start_time,duration) for each stream, "type,value,...".
private func streams(_ file: String, _ entries: String, in directory: URL) throws -> [[String]] {
    let (status, output) = try runCommand(
        ["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,\(entries)", "-of", "csv=p=0", file], in: directory)
    try #require(status == 0, "ffprobe cannot read \(file)")
    return output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
}

private func clip(_ seconds: Int, keyframeEvery frames: Int? = nil) -> [String] {
    [
        "-f", "lavfi", "-i", "testsrc2=s=128x72:r=10", "-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "\(seconds)", "-c:v",
        "libx264",
        "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac",
    ] + (frames.map { ["-g", "\($0)"] } ?? [])
}

@Suite("reelshare fix (in process)")
struct FixCommandTests {
    @Test("a remux copies the video bit for bit; the output passes; a second fix finds nothing to do")
    func remux() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            atPath: TestPaths.fixture("h264.mkv"), toPath: directory.appendingPathComponent("clip.mkv").path)
        let result = runReelshare(["fix", "--target", "ig-stories", "clip.mkv"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "clip.fixed.mp4\n")
        #expect(try frames("clip.fixed.mp4", in: directory) == (try frames("clip.mkv", in: directory)))
        #expect(runReelshare(["validate", "--target", "ig-stories", "clip.fixed.mp4"], in: directory).status == 0)
        let again = runReelshare(["fix", "--target", "ig-stories", "clip.fixed.mp4"], in: directory)
        #expect(again.status == 0 && again.stdout.isEmpty)
        #expect(again.stderr == "clip.fixed.mp4: already accepted by ig-stories; nothing written\n")
        #expect(listing(directory) == ["clip.fixed.mp4", "clip.mkv"])
    }

    /// Python that puts an ICC profile into an image (put) or reads it back out (get), from the
    /// files' own bytes: a PNG's iCCP chunk (and whether it has an sRGB chunk), a JPEG's APP2
    /// ICC_PROFILE segments.
    static let iccTool = #"""
        import struct, sys, zlib
        def profile():  # an RGB display profile: a v2 header and one private tag of 256 bytes
            h = bytearray(400)  # (as large as real ones: libpng refuses an iCCP of under 81 bytes)
            struct.pack_into(">I", h, 0, 400); h[8:12] = bytes([2, 0x10, 0, 0]); h[12:16] = b"mntr"
            h[16:20] = b"RGB "; h[20:24] = b"XYZ "; h[36:40] = b"acsp"
            struct.pack_into(">iii", h, 68, 0xF6D6, 0x10000, 0xD32D)  # D50
            struct.pack_into(">I4sII", h, 128, 1, b"rsts", 144, 256)
            h[144:400] = bytes((i * 73 + 17) % 251 for i in range(256))
            return bytes(h)
        def chunks(data):
            at = 8
            while at < len(data):
                n, kind = struct.unpack(">I4s", data[at:at + 8]); yield kind, data[at + 8:at + 8 + n]; at += 12 + n
        mode, path = sys.argv[1], sys.argv[2]
        data = open(path, "rb").read()
        if mode == "put" and data.startswith(b"\x89PNG"):
            body = b"iCCP" + b"test\0\0" + zlib.compress(profile())
            chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body))
            open(path, "wb").write(data[:33] + chunk + data[33:])
        elif mode == "put":
            body = b"ICC_PROFILE\0\1\1" + profile()
            open(path, "wb").write(data[:2] + b"\xff\xe2" + struct.pack(">H", len(body) + 2) + body + data[2:])
        elif data.startswith(b"\x89PNG"):
            found = dict(chunks(data))
            icc = zlib.decompress(found[b"iCCP"].split(b"\0", 1)[1][1:]) if b"iCCP" in found else b""
            print(icc == profile(), b"sRGB" in found)
        else:
            at, icc = 2, b""
            while at + 4 <= len(data) and data[at] == 0xFF and data[at + 1] not in (0xDA, 0xD9):
                n = struct.unpack(">H", data[at + 2:at + 4])[0]
                if data[at + 1] == 0xE2 and data[at + 4:at + 16] == b"ICC_PROFILE\0": icc += data[at + 18:at + 2 + n]
                at += 2 + n
            print(icc == profile(), False)
        """#

    @Test("an image fix keeps the ICC colour profile the picture came with (a phone's Display P3), in PNG and JPEG")
    func colourProfiles() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["tagged.png", "tagged.jpg", "plain.png"] {
            try makeWithFFmpeg(name, ["-f", "lavfi", "-i", "testsrc2=s=1280x960", "-frames:v", "1"], in: directory)
            if name.hasPrefix("tagged") {
                try #require(try runCommand(["python3", "-c", Self.iccTool, "put", name], in: directory).status == 0)
                let (_, before) = try runCommand(["python3", "-c", Self.iccTool, "get", name], in: directory)
                try #require(before.hasPrefix("True"), "\(name): the profile was not put in: \(before)")
            }
            // 1280x960 is over a sticker's recommended 640x480: --strict shrinks it.
            let result = runReelshare(["fix", "--strict", "--target", "ig-stories", name], in: directory)
            let fixed = name.replacingOccurrences(of: ".", with: ".fixed.")
            #expect(result.status == 0 && result.stdout == fixed + "\n", "\(result)")
            let (_, after) = try runCommand(["python3", "-c", Self.iccTool, "get", fixed], in: directory)
            // Tagged: the same profile, and no sRGB chunk beside it; untagged: sRGB, as before.
            let expected = name.hasPrefix("tagged") ? "True False" : "False True"
            #expect(after.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(fixed): \(after)")
        }
    }

    @Test("a clip whose audio alone runs past the limit: the audio is cut, the video copied bit for bit")
    func audioPastTheLimit() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 5 s of video; and 19.5 s with a keyframe every second (one lies within a second before
        // the 19.92 s target: the video must still be kept whole, not cut there).
        for (name, video) in [("song.mp4", "d=5"), ("keyed.mp4", "d=19.5")] {
            try makeWithFFmpeg(
                name,
                [
                    "-f", "lavfi", "-i", "testsrc2=s=128x72:r=10:\(video)", "-f", "lavfi", "-i", "sine=sample_rate=48000:d=25",
                    "-c:v", "libx264", "-preset", "veryfast", "-g", "10", "-pix_fmt", "yuv420p", "-c:a", "aac",
                ], in: directory)
            let plan = runReelshare(["fix", "--target", "ig-stories", "--dry-run", name], in: directory)
            #expect(plan.stdout.contains("video: copy") && plan.stdout.contains("audio: copy"), "\(plan.stdout)")
            #expect(!plan.stdout.contains("cut at the keyframe"), "\(plan.stdout)")
            let hint = runReelshare(["validate", "--target", "ig-stories", name], in: directory)
            #expect(hint.stdout.contains("-c:v copy") && !hint.stdout.contains("libx264"), "\(hint.stdout)")
            let result = runReelshare(["fix", "--target", "ig-stories", name], in: directory)
            let fixed = name.replacingOccurrences(of: ".mp4", with: ".fixed.mp4")
            #expect(result.status == 0 && result.stdout == fixed + "\n", "\(result)")
            #expect(try frames(fixed, in: directory) == (try frames(name, in: directory)), "\(name)")
            let durations = try streams(fixed, "duration", in: directory)
            let audio = try #require(durations.first { $0.first == "audio" }.flatMap { Double($0[1]) })
            #expect(audio > 19.5 && audio < 20, "\(durations)")
            #expect(runReelshare(["validate", "--target", "ig-stories", fixed], in: directory).status == 0)
        }
    }

    @Test("--split fixes errors only: a warning (the whole file over the size limit) does not make the parts re-encoded")
    func splitIgnoresWarnings() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 20 Mb/s of constant-rate filler: 75 MB, whose own file.size remedy is a re-encode.
        try makeWithFFmpeg(
            "long.mp4",
            clip(30, keyframeEvery: 10) + ["-b:v", "20M", "-maxrate", "20M", "-bufsize", "40M", "-x264-params", "nal-hrd=cbr"],
            in: directory)
        // For Android (its 20 s limit; on iOS the app posts 15 s, and parts are that long).
        let plan = runReelshare(
            ["fix", "--split", "--target", "ig-stories", "--platform", "android", "--dry-run", "long.mp4"], in: directory)
        #expect(plan.stdout.contains("video: copy") && !plan.stdout.contains("encode"), "\(plan.stdout)")
        let result = runReelshare(
            ["fix", "--split", "--target", "ig-stories", "--platform", "android", "--output-dir", "out", "long.mp4"],
            in: directory)
        #expect(result.status == 0 && result.stdout == "out/long.part1.mp4\nout/long.part2.mp4\n", "\(result)")
        let parts = try frames("out/long.part1.mp4", in: directory) + (try frames("out/long.part2.mp4", in: directory))
        #expect(parts == (try frames("long.mp4", in: directory)))
    }

    @Test("a file over the size limit only by what a share leaves out (bytes after the media) is fixed by copying")
    func sizeByCopy() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg("padded.mp4", clip(4), in: directory)
        let padded = directory.appendingPathComponent("padded.mp4")
        let media = try Data(contentsOf: padded)
        try FileHandle(forWritingTo: padded).truncate(atOffset: 60_000_000)  // sparse: 60 MB, over Reels' 50 MB
        let plan = runReelshare(["fix", "--strict", "--target", "ig-reels", "--dry-run", "padded.mp4"], in: directory)
        #expect(plan.stdout.contains("(file.size)") && plan.stdout.contains("video: copy"), "\(plan.stdout)")
        #expect(plan.stdout.contains("audio: copy"), "\(plan.stdout)")
        let result = runReelshare(["fix", "--strict", "--target", "ig-reels", "padded.mp4"], in: directory)
        #expect(result.status == 0 && result.stdout == "padded.fixed.mp4\n", "\(result)")
        let size = try #require(
            FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("padded.fixed.mp4").path)[.size] as? Int
        )
        #expect(size < media.count + 4096, "\(size) bytes from \(media.count) of media")
        #expect(try frames("padded.fixed.mp4", in: directory) == (try frames("padded.mp4", in: directory)))
        let check = runReelshare(["validate", "--strict", "--target", "ig-reels", "padded.fixed.mp4"], in: directory)
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test("a trim cuts at a keyframe by copying when one lies within a second of the limit; the frames are the input's first")
    func trimByCopy() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg("long.mp4", clip(30, keyframeEvery: 10), in: directory)
        let plan = runReelshare(["fix", "--target", "ig-stories", "--dry-run", "long.mp4"], in: directory)
        #expect(plan.stdout.contains("cut at the keyframe at 19 s (packets copied)"), "\(plan.stdout)")
        #expect(plan.stdout.contains("video: copy") && plan.stdout.contains("audio: copy"))
        #expect(listing(directory) == ["long.mp4"], "--dry-run writes nothing")
        // validate prints the same plan as its hint.
        let hint = runReelshare(["validate", "--format", "json", "--target", "ig-stories", "long.mp4"], in: directory)
        let verdict = ((hint.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first
        #expect((verdict?["fix"] as? String)?.contains("-c:v libx264") == true, "without keyframe times the hint re-encodes")
        let result = runReelshare(["fix", "--target", "ig-stories", "long.mp4"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let cut = try frames("long.fixed.mp4", in: directory)
        #expect(cut.count == 190)
        #expect(cut == Array(try frames("long.mp4", in: directory).prefix(190)))
    }

    @Test("--split cuts a long clip into parts at keyframes: each passes, and together they are every frame, once")
    func split() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg("long.mp4", clip(45, keyframeEvery: 20), in: directory)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        let result = runReelshare(
            ["fix", "--target", "ig-stories", "--split", "--output-dir", "out", "long.mp4"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        // Parts of at most 15 s, as Instagram Stories on iOS posts (its advisory): cut at the
        // keyframes (every 2 s) at 14, 28 and 42 s. With --platform android, the 20 s limit.
        #expect(result.stdout == "out/long.part1.mp4\nout/long.part2.mp4\nout/long.part3.mp4\nout/long.part4.mp4\n")
        let android = runReelshare(
            [
                "fix", "--target", "ig-stories", "--split", "--platform", "android", "--dry-run", "--output-dir", "out",
                "long.mp4",
            ],
            in: directory)
        #expect(android.stdout.components(separatedBy: "part 3: 36 to the end").count == 2, "\(android.stdout)")
        var joined: [String] = []
        for part in ["long.part1.mp4", "long.part2.mp4", "long.part3.mp4", "long.part4.mp4"] {
            #expect(runReelshare(["validate", "--target", "ig-stories", "out/\(part)"], in: directory).status == 0)
            joined += try frames("out/\(part)", in: directory)
        }
        #expect(joined == (try frames("long.mp4", in: directory)))
        // Opus audio is re-encoded to AAC for each part: it starts with the part's video, not at
        // the clip's start, and lasts as long.
        try makeWithFFmpeg(
            "opus.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=s=128x72:r=10", "-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "45",
                "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "20", "-c:a", "libopus",
            ], in: directory)
        let opus = runReelshare(
            ["fix", "--target", "ig-stories", "--split", "--output-dir", "out", "opus.mkv"], in: directory)
        #expect(opus.status == 0, "\(opus.stderr)")
        var audio = 0.0
        for part in opus.stdout.split(separator: "\n").map(String.init) {
            let rows = try streams(part, "codec_name,start_time,duration", in: directory)
            try #require(rows.count == 2, "\(part): \(rows)")
            let (video, sound) = (rows[0], rows[1])
            #expect(sound[0] == "aac" && abs(Double(sound[2]) ?? 9) < 0.03, "\(part): \(sound)")
            #expect(abs((Double(sound[3]) ?? 0) - (Double(video[3]) ?? 99)) < 0.06, "\(part): \(video) \(sound)")
            audio += Double(sound[3]) ?? 0
        }
        #expect(abs(audio - 45) < 0.2, "the parts' audio lasts \(audio) s")
        // Keyframes 25 s apart: re-encoded once with keyframes close enough, then cut; no frame lost.
        try makeWithFFmpeg("sparse.mp4", clip(45, keyframeEvery: 250), in: directory)
        let sparse = runReelshare(
            ["fix", "--target", "ig-stories", "--split", "--output-dir", "out", "sparse.mp4"], in: directory)
        #expect(sparse.status == 0, "\(sparse.stderr)")
        let parts = sparse.stdout.split(separator: "\n").map(String.init)
        #expect(parts.count >= 3)
        var count = 0
        for part in parts {
            #expect(runReelshare(["validate", "--target", "ig-stories", part], in: directory).status == 0)
            count += try frames(part, in: directory).count
        }
        #expect(count == 450)
        // HEVC with open groups (x265's default): its keyframes are CRA pictures whose leading
        // frames refer back, so no cut is made there; re-encoded, then cut, every frame kept.
        try makeWithFFmpeg(
            "open.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=128x72:r=10", "-t", "45", "-c:v", "libx265", "-preset", "ultrafast",
                "-x265-params",
                "log-level=none:keyint=20:bframes=3", "-tag:v", "hvc1", "-pix_fmt", "yuv420p",
            ], in: directory)
        let open = runReelshare(
            ["fix", "--target", "ig-stories", "--split", "--output-dir", "out", "open.mp4"], in: directory)
        #expect(open.status == 0, "\(open.stderr)")
        var openCount = 0
        for part in open.stdout.split(separator: "\n").map(String.init) { openCount += try frames(part, in: directory).count }
        #expect(openCount == 450)
        #expect(!listing(directory.appendingPathComponent("out")).contains { $0.hasPrefix(".") }, "no temporary file left")
    }

    @Test("what cannot be fixed: nothing written, the rule named, exit 1; usage errors exit 64")
    func failures() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "small.mp4", ["-f", "lavfi", "-i", "testsrc2=s=128x72:r=15", "-t", "4", "-c:v", "libx264", "-pix_fmt", "yuv420p"],
            in: directory)
        let result = runReelshare(["fix", "--target", "fb-reels-api", "small.mp4"], in: directory)
        #expect(result.status == 1)
        // Decided before any work: no re-encode is made to be thrown away.
        #expect(
            result.stderr.contains("reelshare: error: small.mp4: no mechanical fix for video.resolution: "), "\(result.stderr)")
        #expect(result.stderr.contains("nothing written"))
        #expect(listing(directory) == ["small.mp4"])
        let missing = runReelshare(["fix", "--target", "ig-reels", "missing.mp4"], in: directory)
        #expect(missing.status == 66 && missing.stderr.contains("missing.mp4: cannot read it: no such file"), "\(missing)")
        for arguments in [
            ["fix", "small.mp4"], ["fix", "--target", "ig-reels,ig-stories", "small.mp4"],
            ["fix", "--target", "ig-reels", "-o", "x.mp4", "small.mp4", "small.mp4"],
            ["fix", "--target", "ig-stories", "--split", "-o", "x.mp4", "small.mp4"],
            ["fix", "--target", "ig-stories", "--output-dir", "small.mp4", "small.mp4"],
        ] {
            #expect(runReelshare(arguments, in: directory).status == 64, "\(arguments)")
        }
        // However the path reaches the input (itself, through .., a link to it), it is not replaced: 73.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.mp4").path, withDestinationPath: "small.mp4")
        let before = try Data(contentsOf: directory.appendingPathComponent("small.mp4"))
        for onto in ["small.mp4", "sub/../small.mp4", "link.mp4"] {
            let result = runReelshare(
                ["fix", "--target", "fb-reels-api", "--strict", "-o", onto, "small.mp4"], in: directory)
            let why =
                onto == "link.mp4"
                ? "it is a symbolic link" : onto == "small.mp4" ? "it is an input" : "it is the input small.mp4"
            #expect(result.status == 73 && result.stderr.contains("cannot write \(onto): \(why)"), "\(onto): \(result.stderr)")
        }
        #expect(try Data(contentsOf: directory.appendingPathComponent("small.mp4")) == before)
        // Two inputs that would be fixed into the same name: refused before anything is written.
        try makeWithFFmpeg("clip.mkv", clip(2), in: directory)
        try makeWithFFmpeg(
            "clip.webm",
            [
                "-f", "lavfi", "-i", "testsrc2=s=128x72:r=10", "-t", "2", "-c:v", "libvpx-vp9", "-deadline", "realtime",
                "-cpu-used", "8",
            ], in: directory)
        let twins = runReelshare(["fix", "--target", "ig-stories", "clip.mkv", "clip.webm"], in: directory)
        #expect(twins.status == 64 && twins.stderr.contains("clip.mkv and clip.webm would both be fixed into clip.fixed."))
        // -o must end as what is written.
        let named = runReelshare(["fix", "--target", "ig-stories", "-o", "clip.webm.out", "clip.mkv"], in: directory)
        #expect(named.status == 73 && named.stderr.contains("the fixed file is MP4: name it with .mp4"), "\(named.stderr)")
        // A missing --output-dir is made (with its parents) when something is written, not by a dry run.
        let planned = runReelshare(
            ["fix", "--target", "ig-stories", "--dry-run", "--output-dir", "made/here", "clip.mkv"], in: directory)
        #expect(planned.status == 0 && !listing(directory).contains("made"), "\(planned)")
        let made = runReelshare(["fix", "--target", "ig-stories", "--output-dir", "made/here", "clip.mkv"], in: directory)
        #expect(made.status == 0 && made.stdout == "made/here/clip.fixed.mp4\n", "\(made)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("made/here/clip.fixed.mp4").path))
        // A file in the way is named before anything is planned, dry run or not; a directory that
        // cannot be made is exit 73.
        for dryRun in [["--dry-run"], []] {
            let blocked = runReelshare(
                ["fix", "--target", "ig-stories", "--output-dir", "small.mp4/here/", "clip.mkv"] + dryRun, in: directory)
            #expect(
                blocked.status == 64 && blocked.stderr.contains("--output-dir small.mp4/here/: small.mp4 is not a directory"),
                "\(blocked)")
        }
        let unnamed = runReelshare(["fix", "--target", "ig-stories", "--output-dir", "", "clip.mkv"], in: directory)
        #expect(unnamed.status == 64 && unnamed.stderr.contains("--output-dir needs a directory name"), "\(unnamed)")
        let refused = runReelshare(
            ["fix", "--target", "ig-stories", "--output-dir", "/sys/reelshare-test/out", "clip.mkv"], in: directory)
        #expect(
            refused.status == 73 && refused.stderr.contains("reelshare: error: --output-dir /sys/reelshare-test/out: "),
            "\(refused)")
    }

    @Test("copies keep what the input plays: AAC priming, an edit list's pre-roll, an MPEG-TS's start moved to zero")
    func timestamps() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        // An HEVC clip tagged hev1 (retagged by copying), cut with -ss -c copy: its first frames are
        // decoded but not shown (an edit list), and its audio starts with a priming packet.
        try makeWithFFmpeg(
            "whole.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=128x72:r=30", "-f", "lavfi", "-i", "sine=sample_rate=44100", "-t", "6",
                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=none:keyint=30", "-tag:v", "hev1",
                "-pix_fmt", "yuv420p",
                "-c:a", "aac",
            ], in: directory)
        try makeWithFFmpeg("cut.mp4", ["-ss", "1.3", "-i", "whole.mp4", "-c", "copy", "-tag:v", "hev1"], in: directory)
        let retag = runReelshare(["fix", "--target", "ig-stories", "cut.mp4"], in: directory)
        #expect(retag.status == 0, "\(retag.stderr)")
        #expect(try frames("cut.fixed.mp4", in: directory) == (try frames("cut.mp4", in: directory)))
        #expect(try frames("cut.fixed.mp4", stream: "a", in: directory) == (try frames("cut.mp4", stream: "a", in: directory)))
        // An MPEG-TS starts at 1.4 s: the MP4 starts at 0 and lasts as long, every frame there.
        try makeWithFFmpeg("clip.ts", clip(4) + ["-f", "mpegts"], in: directory)
        let remux = runReelshare(["fix", "--target", "ig-stories", "clip.ts"], in: directory)
        #expect(remux.status == 0, "\(remux.stderr)")
        for row in try streams("clip.fixed.mp4", "start_time,duration", in: directory) {
            #expect(abs(Double(row[1]) ?? 9) < 0.03 && abs((Double(row[2]) ?? 0) - 4) < 0.1, "\(row)")
        }
        #expect(try frames("clip.fixed.mp4", in: directory) == (try frames("clip.ts", in: directory)))
    }

    @Test("a spliced stream whose size, pixel format and timestamps change midway is re-encoded at one size, every frame")
    func spliced() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 10-bit 320x568, then 4:2:2 160x284 with its times starting over: both need a re-encode for iOS.
        try makeWithFFmpeg(
            "a.ts", ["-f", "lavfi", "-i", "testsrc2=s=320x568:r=30", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p10le"],
            in: directory)
        try makeWithFFmpeg(
            "b.ts", ["-f", "lavfi", "-i", "testsrc2=s=160x284:r=30", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv422p"],
            in: directory)
        let joined =
            try Data(contentsOf: directory.appendingPathComponent("a.ts"))
            + Data(contentsOf: directory.appendingPathComponent("b.ts"))
        try joined.write(to: directory.appendingPathComponent("spliced.ts"))
        let result = runReelshare(["fix", "--target", "ig-stories", "spliced.ts"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try streams("spliced.fixed.mp4", "width,height,pix_fmt", in: directory)
        #expect(rows.map { $0.joined(separator: ",") } == ["video,320,568,yuv420p"], "\(rows)")
        let (_, counted) = try runCommand(
            [
                "ffprobe", "-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0",
                "spliced.fixed.mp4",
            ], in: directory)
        #expect(counted.trimmingCharacters(in: .whitespacesAndNewlines) == "120", "every frame of both halves: \(counted)")
        // Copied, the same times stepping back cannot be mended: a clear error, nothing written.
        try makeWithFFmpeg(
            "c.ts", ["-f", "lavfi", "-i", "testsrc2=s=160x284:r=30", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p"],
            in: directory)
        let twice = try Data(contentsOf: directory.appendingPathComponent("c.ts"))
        try (twice + twice).write(to: directory.appendingPathComponent("twice.ts"))
        let copied = runReelshare(["fix", "--target", "ig-stories", "twice.ts"], in: directory)
        #expect(copied.status == 65 && copied.stderr.contains("its timestamps step back"), "\(copied.stderr)")
        #expect(!listing(directory).contains("twice.fixed.mp4"))
    }

    @Test("the streams fixed are the ones probed: the audio track marked default, as a player picks, not the first")
    func streamChoice() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "two.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=s=128x72:r=10", "-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "3",
                "-map", "0:v", "-map", "1:a", "-map", "1:a", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a:0", "aac",
                "-c:a:1", "ac3", "-disposition:a:0", "0", "-disposition:a:1", "default",
            ], in: directory)
        // The default track is the AC-3 one (the first, AAC, was taken before): it is
        // encoded to AAC and the first left out.
        let plan = runReelshare(["fix", "--target", "ig-stories", "--dry-run", "two.mkv"], in: directory)
        #expect(
            plan.stdout.contains("audio: encode AAC") && plan.stdout.contains("leave out stream #1 (audio, aac)"),
            "\(plan.stdout)")
        let result = runReelshare(["fix", "--target", "ig-stories", "two.mkv"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try streams("two.fixed.mp4", "codec_name", in: directory).map { $0.joined(separator: ",") } == [
                "h264,video", "aac,audio",
            ])
    }

    @Test("without --strict only errors are fixed: a 1440p MKV for Reels is copied into MP4, not scaled")
    func errorsOnly() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "wide.mkv", ["-f", "lavfi", "-i", "testsrc2=s=2560x1440:r=10", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast"],
            in: directory)
        let plan = runReelshare(["fix", "--target", "ig-reels", "--dry-run", "wide.mkv"], in: directory)
        #expect(plan.stdout.contains("video: copy") && !plan.stdout.contains("scale="), "\(plan.stdout)")
        let strict = runReelshare(["fix", "--target", "ig-reels", "--strict", "--dry-run", "wide.mkv"], in: directory)
        #expect(strict.stdout.contains("scale=1920:1080"), "\(strict.stdout)")
    }

    @Test("images: a GIF becomes a PNG of its first frame; a PNG turned by EXIF is shrunk upright; JSON says what was done")
    func images() throws {
        let directory = try scratch("fix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            atPath: TestPaths.fixture("sticker.gif"), toPath: directory.appendingPathComponent("s.gif").path)
        let gif = runReelshare(["fix", "--target", "ig-stories", "--format", "json", "s.gif"], in: directory)
        #expect(gif.status == 0, "\(gif.stderr)")
        let outcome = try #require((gif.json?["results"] as? [[String: Any]])?.first)
        let output = try #require((outcome["outputs"] as? [[String: Any]])?.first)
        #expect(output["path"] as? String == "s.fixed.png")
        #expect((output["operations"] as? [String])?.contains("take the first frame") == true)
        #expect(outcome["error"] is NSNull && outcome["alreadyAccepted"] as? Bool == false)
        let probe = runReelshare(["probe", "--format", "json", "s.fixed.png"], in: directory)
        #expect(((probe.json?["files"] as? [[String: Any]])?.first?["image"] as? [String: Any])?["format"] as? String == "png")

        try makeWithFFmpeg("landscape.png", ["-f", "lavfi", "-i", "testsrc2=s=1280x720", "-frames:v", "1"], in: directory)
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
        let shrunk = runReelshare(["fix", "--target", "ig-stories", "--strict", "phone.png"], in: directory)
        #expect(shrunk.status == 0, "\(shrunk.stderr)")
        let (_, size) = try runCommand(
            ["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "phone.fixed.png"], in: directory
        )
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "270,480", "upright and within 640x480: \(size)")
    }

}
