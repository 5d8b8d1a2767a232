// Files shaped as users have them and the first rounds did not try: each is made here
// the way the shape arises, and checked against how it was made, ffprobe and framemd5.
import Foundation
import ReelShareTestSupport
import Testing

/// Samsung's SEF trailer as Galaxy phones append it: data blocks, the SEFH directory naming them,
/// the directory's length and "SEFT" (the layout read by exiftool's Samsung module).
private func samsungTrailer() -> [UInt8] {
    let name = Array("Auto_Enhance_Info".utf8)
    var block: [UInt8] = [0x00, 0x00, 0x01, 0x0A] + le32(UInt32(name.count)) + name + Array("{\"enhance\":1}".utf8)
    block += [UInt8](repeating: 0x20, count: 3)
    var directory = Array("SEFH".utf8) + le32(106) + le32(1)
    directory += [0x00, 0x00, 0x01, 0x0A] + le32(UInt32(block.count + 8 + 12 + 4)) + le32(UInt32(block.count))
    return block + directory + le32(UInt32(directory.count)) + Array("SEFT".utf8)
}

private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

/// A clip everything in fb-reels-api and ig-reels-api takes (540x960, 30 fps, a keyframe every
/// 2 s, AAC 48 kHz stereo 128 kb/s, 4 s), with `video` options for the one thing it is made to get wrong.
private func apiClip(
    _ name: String, video: [String], filter: String = "testsrc2=s=540x960:r=30:d=4", fastStart: Bool = true, in directory: URL
) throws {
    let status = try ffmpeg(
        [
            "-f", "lavfi", "-i", filter, "-f", "lavfi", "-i", "sine=r=48000:d=4", "-ac", "2", "-c:a", "aac", "-b:a", "160k",
            "-g", "60", "-keyint_min", "60", "-sc_threshold", "0",
        ] + video + (fastStart ? ["-movflags", "+faststart"] : []) + [name], in: directory)
    #expect(status == 0, "\(name)")
}

@Suite("Shapes users have")
struct UserShapesTests {
    @Test("bytes appended after the last box (Samsung's SEF trailer, junk) are a fact, not a cut")
    func trailer() throws {
        let directory = try scratch("trailer")
        defer { try? FileManager.default.removeItem(at: directory) }
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=s=720x1280:r=30:d=3", "-f", "lavfi", "-i", "sine=d=3", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", "clip.mp4",
            ], in: directory)
        let clip = try Data(contentsOf: directory.appendingPathComponent("clip.mp4"))
        let sef = samsungTrailer()
        var generator = SystemRandomNumberGenerator()
        let junk = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // A tail that reads as a box header of a printable, unknown type claiming far more bytes.
        let boxLike = [0x7F, 0xFF, 0xFF, 0xFF] + Array("XTRA".utf8) + [UInt8](repeating: 0x20, count: 100)
        let shapes: [(name: String, tail: [UInt8], trailer: String?)] = [
            ("galaxy.mp4", sef, "Samsung SEF"), ("junk.mp4", junk, nil), ("short.mp4", [1, 2, 3], nil),
            ("boxlike.mp4", boxLike, nil),
        ]
        let frames = try framemd5("clip.mp4", in: directory)
        #expect(frames.count == 90)
        for shape in shapes {
            try (clip + Data(shape.tail)).write(to: directory.appendingPathComponent(shape.name))
            // The frames are the clip's, every one (no media is missing).
            #expect(try framemd5(shape.name, in: directory) == frames, "\(shape.name)")
            let file = try probed(shape.name, in: directory)
            #expect(file["truncated"] as? Bool == false, "\(shape.name)")
            #expect(file["trailingBytes"] as? Int == shape.tail.count, "\(shape.name)")
            #expect(file["trailer"] as? String == shape.trailer, "\(shape.name)")
            // Every share target takes it; nothing to fix.
            let verdict = runReelshare(
                ["validate", "--strict", "--target", "ig-reels,fb-reels,ig-stories", shape.name], in: directory)
            #expect(verdict.status == 0, "\(shape.name): \(verdict.stdout)")
        }
        // The clip itself has none; a clip cut inside its media data is still cut.
        #expect(try probed("clip.mp4", in: directory)["trailingBytes"] is NSNull)
        try clip.prefix(clip.count - 5000).write(to: directory.appendingPathComponent("cut.mp4"))
        let cut = try probed("cut.mp4", in: directory)
        #expect(cut["truncated"] as? Bool == true)
        #expect(cut["trailingBytes"] is NSNull)
    }

    @Test("open GOP (H.264 recovery points, HEVC CRA) fails the publishing APIs' closed-GOP rule; the fix closes it")
    func openGOP() throws {
        let directory = try scratch("gop")
        defer { try? FileManager.default.removeItem(at: directory) }
        try apiClip(
            "open.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-x264-params", "open-gop=1:keyint=60:min-keyint=60"],
            in: directory)
        try apiClip("closed.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv420p"], in: directory)
        try apiClip(
            "open-hevc.mp4",
            video: [
                "-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-tag:v", "hvc1", "-x265-params",
                "open-gop=1:keyint=60:min-keyint=60:scenecut=0:log-level=error",
            ],
            in: directory)
        for name in ["open.mp4", "open-hevc.mp4", "closed.mp4"] {
            let deep = try #require(try probed(name, ["--deep"], in: directory)["deep"] as? [String: Any], "\(name)")
            // Keyframes at 0 and 2 s, as ffprobe counts them; all but the first open where made so.
            let counted = try keyframeCount(name, in: directory)
            #expect(deep["keyframes"] as? Int == 2 && counted == 2, "\(name): \(deep), ffprobe \(counted)")
            #expect(deep["openKeyframes"] as? Int == (name == "closed.mp4" ? 0 : 1), "\(name): \(deep)")
            for target in ["fb-reels-api", "ig-reels-api"] {
                let rules = try findings(name, target, in: directory).filter { $0.severity == "error" }.map(\.rule)
                #expect(rules == (name == "closed.mp4" ? [] : ["video.gop.closed"]), "\(name) \(target): \(rules)")
            }
        }
        let fix = runReelshare(["fix", "--target", "fb-reels-api", "open.mp4", "-o", "fixed.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(runReelshare(["validate", "--strict", "--target", "fb-reels-api", "fixed.mp4"], in: directory).status == 0)
        #expect((try probed("fixed.mp4", ["--deep"], in: directory)["deep"] as? [String: Any])?["openKeyframes"] as? Int == 0)
        #expect(try psnr("fixed.mp4", "open.mp4", in: directory) >= 35)
    }

    @Test("interlaced video (top or bottom field first) fails the publishing APIs; the fix deinterlaces")
    func interlaced() throws {
        let directory = try scratch("interlaced")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, order) in [("tff.mp4", "tff"), ("bff.mp4", "bff")] {
            try apiClip(
                name,
                video: [
                    "-vf", "setfield=\(order)", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-flags", "+ildct+ilme", "-x264-params",
                    order == "tff" ? "tff=1" : "bff=1",
                ], in: directory)
            let video = try #require(try probed(name, in: directory)["video"] as? [String: Any])
            #expect(video["fieldOrder"] as? String == (order == "tff" ? "tt" : "bb"), "\(video)")
            for target in ["fb-reels-api", "ig-reels-api"] {
                let errors = try findings(name, target, in: directory).filter { $0.severity == "error" }
                #expect(errors.map(\.rule) == ["video.progressive"], "\(name) \(target): \(errors)")
            }
        }
        let fix = runReelshare(["fix", "--target", "fb-reels-api", "bff.mp4", "-o", "fixed.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect((try probed("fixed.mp4", in: directory)["video"] as? [String: Any])?["fieldOrder"] as? String == "progressive")
        #expect(runReelshare(["validate", "--strict", "--target", "fb-reels-api", "fixed.mp4"], in: directory).status == 0)
    }

    @Test("4:2:2 and 4:4:4 fail Facebook's publishing API (4:2:0); the fix keeps the picture")
    func chroma() throws {
        let directory = try scratch("chroma")
        defer { try? FileManager.default.removeItem(at: directory) }
        try apiClip("422.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv422p"], in: directory)
        try apiClip("444.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv444p"], in: directory)
        for (name, chroma) in [("422.mp4", "4:2:2"), ("444.mp4", "4:4:4")] {
            let errors = try findings(name, "fb-reels-api", in: directory).filter { $0.severity == "error" }
            #expect(errors.map(\.rule) == ["video.chroma"] && errors[0].message.contains(chroma), "\(name): \(errors)")
        }
        let fix = runReelshare(["fix", "--target", "fb-reels-api", "444.mp4", "-o", "fixed.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(runReelshare(["validate", "--strict", "--target", "fb-reels-api", "fixed.mp4"], in: directory).status == 0)
        #expect(try psnr("fixed.mp4", "444.mp4", in: directory) >= 35)
    }

    @Test("a 12-bit JPEG is a valid image apps do not decode: said so, and fixed into an 8-bit JPEG")
    func twelveBitJPEG() throws {
        let directory = try scratch("jpeg12")
        defer { try? FileManager.default.removeItem(at: directory) }
        // libjpeg-turbo's own 12-bit test image (testimages/monkey12.jpg, BSD licence).
        let source = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/monkey12.jpg")
        try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("monkey.jpg"))
        let stream = try runCommand(
            [
                "ffprobe", "-v", "error", "-show_entries", "stream=width,height,bits_per_raw_sample", "-of", "csv=p=0",
                "monkey.jpg",
            ],
            in: directory
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let probe = runReelshare(["probe", "--format", "json", "monkey.jpg"], in: directory)
        #expect(probe.status == 0, "\(probe.stderr)")
        let image = try #require(((probe.json?["files"] as? [[String: Any]])?.first)?["image"] as? [String: Any])
        #expect("\(image["width"] as? Int ?? 0),\(image["height"] as? Int ?? 0),\(image["bitDepth"] as? Int ?? 0)" == stream)
        #expect(image["format"] as? String == "jpeg" && image["decoded"] as? Bool == false)
        let errors = try findings("monkey.jpg", "ig-stories", in: directory).filter { $0.severity == "error" }
        #expect(errors.map(\.rule) == ["image.format"] && errors[0].message.hasPrefix("a 12-bit JPEG"), "\(errors)")
        let fix = runReelshare(["fix", "--target", "ig-stories", "monkey.jpg"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let fixed = try #require(
            ((runReelshare(["probe", "--format", "json", "monkey.fixed.jpg"], in: directory).json?["files"]
                as? [[String: Any]])?
                .first)?["image"] as? [String: Any])
        #expect(fixed["bitDepth"] as? Int == 8 && fixed["width"] as? Int == image["width"] as? Int)
        #expect(
            runReelshare(["validate", "--strict", "--target", "ig-stories", "monkey.fixed.jpg"], in: directory).status == 0)
        #expect(try psnr("monkey.fixed.jpg", "monkey.jpg", in: directory) >= 35)
    }

    @Test("printed ffmpeg commands read names that start with '-' or look like a protocol as files")
    func oddNames() throws {
        let directory = try scratch("names")
        defer { try? FileManager.default.removeItem(at: directory) }
        // MPEG-4 Part 2: every share target re-encodes it, so validate prints a command.
        for (name, written) in [("-clip.mp4", "./-clip.mp4"), ("concat:x.mp4", "file:concat:x.mp4")] {
            try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=720x1280:r=30:d=3", "-c:v", "mpeg4", written], in: directory)
            let fix = try #require(
                try findings(name, "ig-reels", in: directory).first { $0.rule == "video.codec" }?.fix, "\(name)")
            let (status, _) = try runCommand(["sh", "-c", fix + " -v error -nostdin"], in: directory)
            #expect(status == 0, "\(fix)")
            let output = name.replacingOccurrences(of: ".mp4", with: ".fixed.mp4")
            #expect(runReelshare(["validate", "--target", "ig-reels", "--", output], in: directory).status == 0, "\(fix)")
        }
    }

    @Test("a sticker whose every pixel is transparent shows nothing: a warning; one visible pixel is enough")
    func invisibleSticker() throws {
        let directory = try scratch("clear")
        defer { try? FileManager.default.removeItem(at: directory) }
        try ffmpeg(["-f", "lavfi", "-i", "color=black@0:s=640x480,format=rgba", "-frames:v", "1", "clear.png"], in: directory)
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=black@0:s=640x480,format=rgba,geq=r=255:g=0:b=0:a='if(eq(X,5)*eq(Y,7),255,0)'",
                "-frames:v", "1", "dot.png",
            ], in: directory)
        try ffmpeg(
            ["-f", "lavfi", "-i", "color=black@0:s=640x480,format=ya8", "-frames:v", "1", "clear-grey.png"], in: directory)
        for (name, clear) in [("clear.png", true), ("dot.png", false), ("clear-grey.png", true)] {
            let image = try #require(try probed(name, in: directory)["image"] as? [String: Any])
            #expect(image["hasAlpha"] as? Bool == true && image["allTransparent"] as? Bool == clear, "\(name): \(image)")
            let found = try findings(name, "ig-stories", in: directory).filter { $0.rule == "image.visible" }
            #expect(found.map(\.severity) == (clear ? ["warning"] : []), "\(name)")
        }
        // Without alpha there is nothing to say.
        let opaque = try #require(try probed(TestPaths.fixture("grey.png"), in: directory)["image"] as? [String: Any])
        #expect(opaque["allTransparent"] is NSNull)
    }

    @Test("advisories and 'cannot check' only where their condition holds or matters")
    func relevantOnly() throws {
        let directory = TestPaths.packageRoot
        // Facebook Stories' bounce-back: with a background image, not with a plain video.
        let video = try findings(TestPaths.fixture("h264_aac_10s.mp4"), "fb-stories", in: directory)
        #expect(!video.contains { $0.rule == "advisory.bounces-back" }, "\(video)")
        let image = try findings(
            TestPaths.fixture("background_720x1280.jpg"), "fb-stories", ["--as", "background"], in: directory)
        #expect(image.contains { $0.rule == "advisory.bounces-back" }, "\(image)")
        // Opus, whose bit rate WebM does not state, is re-encoded for Facebook's API anyway: no
        // "cannot check" about its bit rate.
        let opus = try findings(TestPaths.fixture("vp9_opus.webm"), "fb-reels-api", in: directory)
        #expect(opus.contains { $0.rule == "audio.codec" && $0.severity == "error" })
        #expect(!opus.contains { $0.rule == "audio.bitrate" }, "\(opus)")
    }

    @Test("GBR HEVC 4:4:4 (x265 from RGB) is fixed as RGB H.264 is: BT.709 Y'CbCr, tagged so, colours kept")
    func rgbHEVC() throws {
        let directory = try scratch("gbr")
        defer { try? FileManager.default.removeItem(at: directory) }
        try apiClip(
            "gbr.mp4",
            video: [
                "-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "gbrp", "-x265-params", "log-level=error:lossless=1",
                "-tag:v", "hvc1",
            ],
            filter: "smptebars=s=540x960:r=30:d=4", in: directory)
        let video = try #require(try probed("gbr.mp4", in: directory)["video"] as? [String: Any])
        #expect(video["pixelFormat"] as? String == "gbrp", "\(video)")
        let fix = runReelshare(["fix", "--target", "fb-reels-api", "gbr.mp4", "-o", "fixed.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let tags = try colourTags("fixed.mp4", in: directory)
        #expect(tags == "tv,bt709", "\(tags)")
        #expect(try psnr("fixed.mp4", "gbr.mp4", "scale=in_range=auto,format=gbrp", "format=gbrp", in: directory) >= 35)
        #expect(runReelshare(["validate", "--strict", "--target", "fb-reels-api", "fixed.mp4"], in: directory).status == 0)
    }

    @Test(
        "RGB H.264 (libx264rgb, as screen recorders write it) is fixed into Y'CbCr tagged as it is, colours kept, by fix and by the printed command"
    )
    func rgbVideo() throws {
        let directory = try scratch("rgb")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Pure blue over the top half, colour bars below: a wrong matrix shows in the blue at once.
        try apiClip(
            "rgb.mp4", video: ["-c:v", "libx264rgb", "-pix_fmt", "bgr0", "-qp", "0"],
            filter: "smptebars=s=540x960:r=30:d=4,drawbox=x=0:y=0:w=540:h=480:color=0x0000FE:t=fill", in: directory)
        let errors = try findings("rgb.mp4", "fb-reels-api", in: directory).filter { $0.severity == "error" }.map(\.rule)
        #expect(errors.contains("video.chroma"), "\(errors)")
        let fix = runReelshare(["fix", "--target", "fb-reels-api", "rgb.mp4", "-o", "fixed.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        // The command validate prints for the target, run with this machine's ffmpeg.
        let validated = runReelshare(["validate", "--format", "json", "--target", "fb-reels-api", "rgb.mp4"], in: directory)
        let verdict = try #require(
            ((validated.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
        let printed = try #require(verdict["fix"] as? String, "\(verdict)")
        #expect(
            printed.contains("scale=out_color_matrix=bt709:out_range=tv") && printed.contains("-colorspace bt709"), "\(printed)")
        let (ran, _) = try runCommand(["sh", "-c", printed + " -v error -nostdin"], in: directory)
        #expect(ran == 0, "\(printed)")
        for output in ["fixed.mp4", "rgb.fixed.mp4"] {
            #expect(
                runReelshare(["validate", "--strict", "--target", "fb-reels-api", output], in: directory).status == 0,
                "\(output)")
            // Tagged as what it now is: BT.709 in limited range, not the source's identity matrix.
            let tags = try colourTags(output, in: directory)
            #expect(tags == "tv,bt709", "\(output): \(tags)")
            // Compared in RGB, each read as its tags say (the source is RGB itself).
            let quality = try psnr(output, "rgb.mp4", "scale=in_range=auto,format=gbrp", "format=gbrp", in: directory)
            #expect(quality >= 35, "\(output): \(quality) dB")
            // The blue, read back as RGB by ffmpeg from the tags: still blue.
            let pixel = try runCommand(
                [
                    "sh", "-c",
                    "ffmpeg -nostdin -v error -i \(output) -frames:v 1 -vf crop=2:2:270:240,format=rgb24 -f rawvideo - | od -An -tu1",
                ],
                in: directory
            ).stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            #expect(pixel.count == 12 && pixel[0] < 12 && pixel[1] < 12 && pixel[2] > 240, "\(output): \(pixel)")
        }
    }

    @Test("Android: HEVC 4:2:2 10-bit warns as H.264 High 10 does (what phones do not all decode)")
    func androidProfiles() throws {
        let directory = try scratch("android")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = ["-f", "lavfi", "-i", "testsrc2=s=720x1280:r=30:d=3"]
        try ffmpeg(source + ["-c:v", "libx264", "-pix_fmt", "yuv420p10le", "high10.mp4"], in: directory)
        try ffmpeg(
            source + [
                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-pix_fmt",
                "yuv422p10le", "hevc422.mp4",
            ],
            in: directory)
        try ffmpeg(
            source + [
                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-pix_fmt",
                "yuv420p10le", "main10.mp4",
            ],
            in: directory)
        for (name, warns) in [("high10.mp4", true), ("hevc422.mp4", true), ("main10.mp4", false)] {
            let found = try findings(name, "ig-reels", ["--platform", "android"], in: directory)
            #expect(
                found.filter { $0.rule == "video.profile" }.map(\.severity) == (warns ? ["warning"] : []), "\(name): \(found)")
        }
    }

    @Test("fixes for targets without edit lists keep a B-frame clip's video and audio starting together")
    func lipSync() throws {
        let directory = try scratch("sync")
        defer { try? FileManager.default.removeItem(at: directory) }
        func starts(_ name: String) throws -> [Double] {
            try runCommand(
                ["ffprobe", "-v", "error", "-show_entries", "stream=start_time", "-of", "csv=p=0", name], in: directory
            ).stdout.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
        // 4:2:2 H.264 with B-frames (re-encoded for ig-reels-api), and HEVC with B-frames and its
        // index at the end (copied, the index moved): both start at 0 with their audio, as made.
        try apiClip("bframes.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv422p", "-bf", "3"], in: directory)
        try apiClip(
            "hevc.mp4",
            video: [
                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error:bframes=3", "-tag:v", "hvc1",
                "-pix_fmt", "yuv420p",
            ],
            fastStart: false, in: directory)
        for name in ["bframes.mp4", "hevc.mp4"] {
            let source = try starts(name)
            let fixed = "fixed-" + name
            let fix = runReelshare(["fix", "--strict", "--target", "ig-reels-api", name, "-o", fixed], in: directory)
            #expect(fix.status == 0, "\(name): \(fix.stderr)")
            let output = try starts(fixed)
            #expect(source.count == 2 && output.count == 2, "\(source) \(output)")
            // The offset between video and audio is the source's, within a millisecond.
            #expect(abs((output[0] - output[1]) - (source[0] - source[1])) <= 0.001, "\(name): \(source) → \(output)")
            #expect(runReelshare(["validate", "--strict", "--target", "ig-reels-api", fixed], in: directory).status == 0)
        }
    }

    @Test("an animated GIF, APNG or WebP as a video: said so with the way forward, and fix --as video makes it a clip")
    func animatedAsVideo() throws {
        let directory = try scratch("animated")
        defer { try? FileManager.default.removeItem(at: directory) }
        let frames = ["-f", "lavfi", "-i", "testsrc2=s=720x1280:r=10:d=4"]
        try ffmpeg(frames + ["-f", "gif", "anim.gif"], in: directory)
        try ffmpeg(frames + ["-plays", "0", "-f", "apng", "anim.png"], in: directory)
        try ffmpeg(frames + ["-c:v", "libwebp_anim", "-loop", "0", "anim.webp"], in: directory)
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=720x1280", "-frames:v", "1", "-f", "gif", "still.gif"], in: directory)
        // Every one on every FFmpeg release: FFmpeg decodes GIF and APNG, libwebp the WebP.
        for name in ["anim.gif", "anim.png", "anim.webp"] {
            let kind = try #require(
                try findings(name, "ig-reels", ["--as", "video"], in: directory).first { $0.rule == "media.kind" }, "\(name)")
            let ext = name.split(separator: ".").last.map { $0.uppercased() } ?? ""
            #expect(
                kind.message.hasPrefix("an animated \(ext == "PNG" ? "PNG" : ext) of 40 frames is an image, not a video"),
                "\(kind)")
            let fix = runReelshare(["fix", "--target", "ig-reels", "--as", "video", name], in: directory)
            #expect(kind.message.hasSuffix("fix --as video makes it an MP4 clip") && kind.fix != nil, "\(kind)")
            #expect(fix.status == 0, "\(name): \(fix.stderr)")
            let clip = name.replacingOccurrences(of: ".\(name.split(separator: ".").last!)", with: ".fixed.mp4")
            let counted = try runCommand(
                [
                    "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                    "stream=nb_read_frames,codec_name",
                    "-of", "csv=p=0", clip,
                ], in: directory
            ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(counted == "h264,40", "\(clip): \(counted)")
            #expect(runReelshare(["validate", "--target", "ig-reels", clip], in: directory).status == 0)
        }
        let still = try #require(try findings("still.gif", "ig-reels", ["--as", "video"], in: directory).first)
        #expect(still.rule == "media.kind" && still.message == "a still image cannot be a background video" && still.fix == nil)
        let build = runReelshare(["build", "--target", "ig-reels", "--video", "anim.gif", "--app-id", "1"], in: directory)
        #expect(build.status == 1 && build.stderr.contains("fix --as video makes it an MP4 clip"), "\(build.stderr)")
    }

    @Test("a picture an edit list delays by 2 s: the fix holds its first frame, in step with the audio, at its frame rate")
    func delayedPicture() throws {
        let directory = try scratch("delay")
        defer { try? FileManager.default.removeItem(at: directory) }
        try apiClip("clip.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv420p"], in: directory)
        // The video 2 s after the audio: an empty edit in front of the video track.
        try ffmpeg(
            ["-i", "clip.mp4", "-itsoffset", "2", "-i", "clip.mp4", "-map", "1:v", "-map", "0:a", "-c", "copy", "delayed.mp4"],
            in: directory)
        let source = try #require(try probed("delayed.mp4", in: directory)["startSeconds"] as? Double)
        #expect(abs(source - 2) < 0.001)
        let fix = runReelshare(["fix", "--target", "ig-reels-api", "delayed.mp4", "-o", "fixed.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(runReelshare(["validate", "--strict", "--target", "ig-reels-api", "fixed.mp4"], in: directory).status == 0)
        let video = try #require(try probed("fixed.mp4", in: directory)["video"] as? [String: Any])
        #expect(abs((video["frameRate"] as? Double ?? 0) - 30) < 0.01, "\(video)")
        // 2 s of the first frame, then the clip's 120 frames in step: 180.
        #expect(try framemd5("fixed.mp4", in: directory).count == 180)
        let held = try psnr(
            "fixed.mp4", "clip.mp4", "trim=end_frame=60,setpts=N/30/TB", "trim=end_frame=1,loop=loop=59:size=1,setpts=N/30/TB",
            in: directory)
        let following = try psnr("fixed.mp4", "clip.mp4", "trim=start_frame=60,setpts=N/30/TB", "setpts=N/30/TB", in: directory)
        #expect(held >= 35 && following >= 35, "held \(held) dB, then \(following) dB")
    }

    @Test("a frame rate just outside the limits is brought to the nearest common rate: 23.976 to 24, 120 to 60")
    func nearestRate() throws {
        let directory = try scratch("rate")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 29.97 fps (NTSC video) is inside Facebook's 24-60: nothing to do.
        try apiClip(
            "ntsc.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv420p"], filter: "testsrc2=s=540x960:r=30000/1001:d=4",
            in: directory)
        #expect(!(try findings("ntsc.mp4", "fb-reels-api", in: directory)).contains { $0.rule == "video.frame-rate" })
        for (name, rate, fixed) in [
            ("film.mp4", "24000/1001", "24/1"), ("fast.mp4", "120", "60/1"), ("hundred.mp4", "100", "50/1"),
        ] {
            try apiClip(
                name, video: ["-c:v", "libx264", "-pix_fmt", "yuv420p"], filter: "testsrc2=s=540x960:r=\(rate):d=4", in: directory
            )
            let errors = try findings(name, "fb-reels-api", in: directory).filter { $0.severity == "error" }
            #expect(errors.map(\.rule).contains("video.frame-rate"), "\(name): \(errors)")
            let fix = runReelshare(["fix", "--target", "fb-reels-api", name, "-o", "fixed-" + name], in: directory)
            #expect(fix.status == 0, "\(fix.stderr)")
            let measured = try runCommand(
                [
                    "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=r_frame_rate", "-of", "csv=p=0",
                    "fixed-" + name,
                ], in: directory
            ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(measured == fixed, "\(name): \(measured)")
            #expect(
                runReelshare(["validate", "--strict", "--target", "fb-reels-api", "fixed-" + name], in: directory).status == 0
            )
        }
    }

    @Test("VP9 with alpha in WebM: probe says so, and a fix to H.264 says it drops the transparency")
    func alphaVideo() throws {
        let directory = try scratch("alpha")
        defer { try? FileManager.default.removeItem(at: directory) }
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=s=720x1280:r=30:d=3,format=yuva420p", "-c:v", "libvpx-vp9", "-deadline",
                "realtime", "-cpu-used", "8", "-pix_fmt", "yuva420p",
                "-b:v", "1M", "alpha.webm",
            ], in: directory)
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=s=720x1280:r=30:d=3", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used",
                "8", "-b:v", "1M", "opaque.webm",
            ],
            in: directory)
        // ffprobe's oracle: the track's alpha_mode tag.
        let tag = try runCommand(
            ["ffprobe", "-v", "error", "-show_entries", "stream_tags=alpha_mode", "-of", "csv=p=0", "alpha.webm"], in: directory
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(tag == "1")
        let alpha = try #require(try probed("alpha.webm", in: directory)["video"] as? [String: Any])
        #expect(alpha["hasAlpha"] as? Bool == true && alpha["pixelFormat"] as? String == "yuva420p", "\(alpha)")
        let opaque = try #require(try probed("opaque.webm", in: directory)["video"] as? [String: Any])
        #expect(opaque["hasAlpha"] as? Bool == false && opaque["pixelFormat"] as? String == "yuv420p", "\(opaque)")
        // The Graph API takes MP4 or MOV of H.264 or HEVC: the fix re-encodes to H.264 MP4.
        let fix = runReelshare(["fix", "--target", "ig-reels-api", "alpha.webm"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(fix.stderr.contains("alpha.webm: its transparency is dropped: H.264 carries none"), "\(fix.stderr)")
        let plain = runReelshare(["fix", "--target", "ig-reels-api", "opaque.webm"], in: directory)
        #expect(plain.status == 0 && !plain.stderr.contains("transparency"), "\(plain.stderr)")
    }

    @Test("a clip none of whose frames decode: fix says so (65), not that a filter does not apply")
    func nothingDecodes() throws {
        let directory = try scratch("dead")
        defer { try? FileManager.default.removeItem(at: directory) }
        // H.264 4:2:2 (which every share target re-encodes) with its media data replaced by noise:
        // the header (avcC) is whole, no frame is.
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=3", "-c:v", "libx264", "-pix_fmt", "yuv422p", "-movflags",
                "+faststart",
                "clip.mp4",
            ], in: directory)
        var bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent("clip.mp4")))
        var at = 0
        var generator = SystemRandomNumberGenerator()
        while at + 8 <= bytes.count {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[at + 4..<at + 8], as: UTF8.self) == "mdat" {
                for k in at + 8..<min(at + size, bytes.count) { bytes[k] = UInt8.random(in: 0...255, using: &generator) }
                break
            }
            at += max(size, 8)
        }
        try Data(bytes).write(to: directory.appendingPathComponent("noise.mp4"))
        // ffmpeg's oracle: it decodes no frame either.
        let decoded = try runCommand(
            [
                "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                "-of",
                "csv=p=0", "noise.mp4",
            ], in: directory
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(["0", "N/A", ""].contains(decoded), "\(decoded)")
        let fix = runReelshare(["fix", "--target", "ig-reels", "noise.mp4"], in: directory)
        #expect(fix.status == 65, "\(fix.stderr)")
        #expect(
            fix.stderr.contains("noise.mp4: the fix failed: no frame of its video decodes: there is nothing to make a fix from"),
            "\(fix.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("noise.fixed.mp4").path))
    }

    @Test("a PNG whose colour profile libpng refuses (iCCP compression method 1): a warning, not silence")
    func badColorProfile() throws {
        let directory = try scratch("iccp")
        defer { try? FileManager.default.removeItem(at: directory) }
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=640x480", "-frames:v", "1", "plain.png"], in: directory)
        let plain = [UInt8](try Data(contentsOf: directory.appendingPathComponent("plain.png")))
        // An iCCP chunk after IHDR (8 + 25 bytes in): name, a compression method of 1 (only 0 is
        // defined), some bytes; its CRC right, so only the method is wrong.
        let body = Array("Bad profile".utf8) + [0, 1] + [UInt8](repeating: 0x42, count: 64)
        let type = Array("iCCP".utf8)
        let crc = crc32(type + body)
        let chunk = be32(UInt32(body.count)) + type + body + be32(crc)
        try Data(plain[..<33] + chunk + plain[33...]).write(to: directory.appendingPathComponent("bad.png"))
        for (name, ignored) in [("plain.png", false), ("bad.png", true)] {
            let image = try #require(try probed(name, in: directory)["image"] as? [String: Any])
            #expect(image["colorProfileIgnored"] as? Bool == ignored, "\(name): \(image)")
            let found = try findings(name, "ig-stories", in: directory).filter { $0.rule == "image.color-profile" }
            #expect(found.map(\.severity) == (ignored ? ["warning"] : []), "\(name)")
        }
    }
}

private func be32(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

/// The CRC-32 of PNG chunks (ISO 3309, as the PNG specification gives it).
private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
