// Probes the committed fixtures (made by Scripts/fixtures) and checks every field the fixture was
import Foundation
// made to show.
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

private let prober = MediaProber()

private func probeAV(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> AVMedia? {
    let report = prober.probe(TestPaths.fixture(name))
    guard case .av(let media) = report.content else {
        Issue.record("\(name): expected audio/video, got \(report.content)", sourceLocation: sourceLocation)
        return nil
    }
    return media
}

private func probeImage(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> ImageMedia? {
    let report = prober.probe(TestPaths.fixture(name))
    guard case .image(let image) = report.content else {
        Issue.record("\(name): expected an image, got \(report.content)", sourceLocation: sourceLocation)
        return nil
    }
    return image
}

struct VideoExpectation: Sendable, CustomStringConvertible {
    var file: String
    var container: String
    var codec: String
    var profile: String?
    var width: Int
    var height: Int
    var pixelFormat: String
    var bitDepth: Int
    var duration: Double
    var audio: String?
    var fastStart: Bool?
    var description: String { file }
}

@Suite("Probe: video fixtures")
struct VideoFixtureTests {
    static let expectations: [VideoExpectation] = [
        .init(
            file: "h264_aac_2s.mp4", container: "mp4", codec: "h264", profile: "High", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: "aac", fastStart: true),
        .init(
            file: "h264_aac_10s.mp4", container: "mp4", codec: "h264", profile: "High", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 10, audio: "aac", fastStart: true),
        .init(
            file: "h264_aac_25s.mp4", container: "mp4", codec: "h264", profile: "High", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 25, audio: "aac", fastStart: true),
        .init(
            file: "h264_aac_70s.mp4", container: "mp4", codec: "h264", profile: "High", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 70, audio: "aac", fastStart: true),
        .init(
            file: "h264_index_at_end.mp4", container: "mp4", codec: "h264", profile: "High", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: nil, fastStart: false),
        .init(
            file: "h264_aac.mov", container: "mov", codec: "h264", profile: "High", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: "aac", fastStart: false),
        .init(
            file: "h264_odd_161x91_yuv444p.mp4", container: "mp4", codec: "h264", profile: "High 4:4:4 Predictive",
            width: 161, height: 91, pixelFormat: "yuv444p", bitDepth: 8, duration: 2, audio: nil, fastStart: false),
        .init(
            file: "h264_high10.mp4", container: "mp4", codec: "h264", profile: "High 10", width: 128, height: 72,
            pixelFormat: "yuv420p10le", bitDepth: 10, duration: 2, audio: nil, fastStart: false),
        .init(
            file: "h264.mkv", container: "matroska", codec: "h264", profile: "High", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: nil, fastStart: nil),
        .init(
            file: "h264_aac.ts", container: "mpegts", codec: "h264", profile: "High", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: "aac", fastStart: nil),
        .init(
            file: "hevc.mp4", container: "mp4", codec: "hevc", profile: "Main", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: nil, fastStart: true),
        .init(
            file: "hevc.mov", container: "mov", codec: "hevc", profile: "Main", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: nil, fastStart: false),
        .init(
            file: "hevc_main10_hlg.mp4", container: "mp4", codec: "hevc", profile: "Main 10", width: 128, height: 72,
            pixelFormat: "yuv420p10le", bitDepth: 10, duration: 2, audio: nil, fastStart: false),
        .init(
            file: "vp8_vorbis.webm", container: "webm", codec: "vp8", profile: nil, width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: "vorbis", fastStart: nil),
        .init(
            file: "vp9_opus.webm", container: "webm", codec: "vp9", profile: "Profile 0", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: "opus", fastStart: nil),
        .init(
            file: "vp9_profile2_10bit.webm", container: "webm", codec: "vp9", profile: "Profile 2", width: 128,
            height: 72, pixelFormat: "yuv420p10le", bitDepth: 10, duration: 2, audio: nil, fastStart: nil),
        .init(
            file: "av1.mp4", container: "mp4", codec: "av1", profile: "Main", width: 128, height: 72,
            pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: nil, fastStart: false),
        .init(
            file: "mpeg4_part2.mp4", container: "mp4", codec: "mpeg4", profile: "Simple Profile", width: 128,
            height: 72, pixelFormat: "yuv420p", bitDepth: 8, duration: 2, audio: nil, fastStart: false),
    ]

    @Test("codec, profile, size, pixel format, duration, audio and index position", arguments: expectations)
    func fixture(_ e: VideoExpectation) throws {
        let media = try #require(probeAV(e.file))
        let video = try #require(media.video)
        #expect(media.container == e.container)
        #expect(video.codec == e.codec)
        #expect(video.profile == e.profile)
        #expect(video.width == e.width)
        #expect(video.height == e.height)
        #expect(video.pixelFormat == e.pixelFormat)
        // The subsampling and RGB-ness, from FFmpeg's descriptor of the pixel format (rs_av_chroma).
        let chroma: [String: Chroma] = [
            "yuv420p": .c420, "yuvj420p": .c420, "yuv420p10le": .c420, "yuv444p": .c444, "yuv422p": .c422,
        ]
        #expect(video.chroma == chroma[e.pixelFormat], "\(e.pixelFormat)")
        #expect(video.rgb == false)
        #expect(
            video.codecID == ["h264": .h264, "hevc": .hevc, "vp8": .vp8, "vp9": .vp9, "av1": .av1, "mpeg4": nil][e.codec] ?? nil)
        #expect(video.bitDepth == e.bitDepth)
        #expect(video.rotation == 0 && !video.mirrored)
        #expect(video.streamCount == 1)
        #expect(video.frameRate.map { abs($0 - 5) < 0.01 } == true)
        let duration = try #require(media.durationSeconds)
        #expect(abs(duration - e.duration) / e.duration < 0.02)
        #expect(media.audio?.codec == e.audio)
        #expect(media.fastStart == e.fastStart)
        #expect(media.truncated == false)
        #expect(media.deep == nil)
    }

    @Test("a display matrix turning the picture a quarter clockwise")
    func rotation() throws {
        let video = try #require(probeAV("h264_rotate90.mp4")?.video)
        #expect(video.rotation == 90)
        #expect(video.mirrored == false)
        #expect(video.width == 128 && video.height == 72)
        #expect(video.displayWidth == 72 && video.displayHeight == 128)
    }

    @Test("HLG is recognisable from the colour transfer")
    func hlg() throws {
        let video = try #require(probeAV("hevc_main10_hlg.mp4")?.video)
        #expect(video.colorTransfer == "arib-std-b67")
        #expect(video.colorPrimaries == "bt2020")
        #expect(video.hdr == "hlg")
        let sdr = try #require(probeAV("hevc.mp4")?.video)
        #expect(sdr.hdr == nil)
    }

    @Test("audio stream facts")
    func audio() throws {
        let stereo = try #require(probeAV("h264_aac_10s.mp4")?.audio)
        #expect(stereo.sampleRate == 48000)
        #expect(stereo.channels == 2)
        #expect(stereo.bitRate.map { $0 > 20_000 && $0 < 50_000 } == true)
        let only = try #require(probeAV("audio_only.m4a"))
        #expect(only.video == nil)
        #expect(only.container == "m4a")
        #expect(prober.probe(TestPaths.fixture("audio_only.m4a")).kind == .audio)
    }

    @Test("a clip cut short after its index is truncated; a clean one is not")
    func truncated() throws {
        #expect(try #require(probeAV("truncated_fast_start.mp4")).truncated)
        #expect(try #require(probeAV("h264_aac_10s.mp4")).truncated == false)
    }

    @Test("a clip cut short before its index is a corrupt-file error that says why")
    func truncatedWithoutIndex() {
        let report = prober.probe(TestPaths.fixture("truncated_no_index.mp4"))
        #expect(report.failure?.code == .corrupt)
        #expect(report.failure?.message.contains("truncated") == true)
    }

    @Test("a fast-start clip cut inside its index says it is truncated, not unrecognised")
    func truncatedInsideIndex() throws {
        let directory = try scratch("cut")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cut = directory.appendingPathComponent("cut.mp4")
        try Data(try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("h264_aac_10s.mp4"))).prefix(1000)).write(to: cut)
        let failure = prober.probe(cut.path).failure
        #expect(failure?.code == .corrupt)
        #expect(failure?.message == "truncated: the file ends inside its index (moov)")
    }

    @Test("--deep counts packets and keyframes and decodes the first frame")
    func deep() throws {
        let deepProber = MediaProber(options: ProbeOptions(deep: true))
        for name in ["h264_aac_10s.mp4", "vp9_opus.webm", "hevc.mp4", "av1.mp4"] {
            guard case .av(let media) = deepProber.probe(TestPaths.fixture(name)).content else {
                Issue.record("\(name) did not probe")
                continue
            }
            let deep = try #require(media.deep)
            let expectedPackets = Int((media.durationSeconds ?? 0) * 5 + 0.5)
            #expect(deep.videoPackets == expectedPackets, "\(name)")
            #expect(deep.keyframes >= 1)
            #expect(deep.firstFrameDecodes, "\(name)")
            #expect(deep.variableFrameRate == false)
            // x264/x265/libvpx at 5 fps put a keyframe at most every 250 frames: one GOP here.
            #expect(abs(deep.maxKeyframeIntervalSeconds - (media.durationSeconds ?? 0)) < 0.3, "\(name)")
        }
    }
}

@Suite("Probe: image fixtures")
struct ImageFixtureTests {
    @Test("PNG colour types, depths, alpha, interlacing and APNG frames")
    func png() throws {
        let rgba = try #require(probeImage("sticker_rgba_640x480.png"))
        #expect(rgba.format == .png && rgba.width == 640 && rgba.height == 480)
        #expect(rgba.colorType == .rgba && rgba.hasAlpha == true && rgba.bitDepth == 8 && rgba.decoded)
        let palette = try #require(probeImage("palette.png"))
        #expect(palette.colorType == .palette && palette.hasAlpha == false)
        let deep = try #require(probeImage("rgb_16bit.png"))
        #expect(deep.colorType == .rgb && deep.bitDepth == 16)
        let grey = try #require(probeImage("grey.png"))
        #expect(grey.colorType == .grey)
        let interlaced = try #require(probeImage("interlaced_rgba.png"))
        #expect(interlaced.interlaced == true && interlaced.width == 33 && interlaced.height == 17)
        #expect(rgba.interlaced == false)
        let animated = try #require(probeImage("animated.apng"))
        #expect(animated.frameCount == 5)
        #expect(rgba.frameCount == 1)
    }

    @Test("JPEG colour spaces, progressive scans and EXIF orientation")
    func jpeg() throws {
        let baseline = try #require(probeImage("background_720x1280.jpg"))
        #expect(baseline.format == .jpeg && baseline.width == 720 && baseline.height == 1280)
        #expect(baseline.colorSpace == .ycbcr && baseline.colorType == .rgb && baseline.progressive == false)
        #expect(baseline.orientation == nil && baseline.hasAlpha == false)
        #expect(try #require(probeImage("progressive.jpg")).progressive == true)
        #expect(try #require(probeImage("grey.jpg")).colorType == .grey)
        let cmyk = try #require(probeImage("cmyk.jpg"))
        #expect(cmyk.colorType == .cmyk)
        #expect(try #require(probeImage("exif_orientation_6.jpg")).orientation == 6)
    }

    @Test(
        "GIF, WebP, HEIC and AVIF are named by content, with their size",
        arguments: [
            ("sticker.gif", "gif"), ("sticker.webp", "webp"), ("sticker.heic", "heic"),
            ("sticker.avif", "avif"), ("gif_named_as.mp4", "gif"),
        ])
    func headerOnly(file: String, format: String) throws {
        let image = try #require(probeImage(file))
        #expect(image.format.rawValue == format)
        #expect(image.width == 64 && image.height == 48)
        #expect(image.decoded == false)
    }

    @Test(
        "damaged and hostile images fail cleanly with the right code",
        arguments: [
            ("crc_error.png", ProbeFailureCode.corrupt), ("truncated.jpg", .corrupt),
            ("bomb_100000x100000.png", .tooLarge), ("not_media.txt", .unsupported),
        ])
    func failures(file: String, code: ProbeFailureCode) {
        let report = prober.probe(TestPaths.fixture(file))
        #expect(report.failure?.code == code)
        #expect(report.failure.map { !$0.message.isEmpty } == true)
    }

    @Test("text or junk saved under a media name (a failed download's HTML page) is named so, not as a broken MP4 or picture")
    func textUnderMediaNames() throws {
        let directory = try scratch("text")
        defer { try? FileManager.default.removeItem(at: directory) }
        let html = Data([0xEF, 0xBB, 0xBF]) + Data("\n  <!DOCTYPE HTML><html><body>404 — not found</body></html>\n".utf8)
        let cases: [(name: String, bytes: Data, message: String?)] = [
            ("page.mp4", html, "not a recognised video, audio or image file: it is an HTML page"),
            (
                "notes.mov", Data(String(repeating: "plain words, café ☕\n", count: 40).utf8),
                "not a recognised video, audio or image file: it is text"
            ),
            // A character that straddles the 512 bytes looked at is still text.
            (
                "straddle.mp4", Data(String(repeating: "a", count: 511).utf8) + Data("☕ and more\n".utf8),
                "not a recognised video, audio or image file: it is text"
            ),
            // Latin-1 is not UTF-8, a character cut by the file's end or a NUL is not text: FFmpeg's
            // own words stay.
            ("latin1.mp4", Data("caf".utf8) + Data([0xE9, 0x20, 0x61]), nil),
            ("cut.mp4", Data("coffee ".utf8) + Data([0xE2, 0x98]), nil),
            ("nul.mp4", Data("abc".utf8) + Data([0, 0x61]), nil),
            // A picture's name on bytes that are no picture (FFmpeg takes it by the name): not an
            // "invalid video of width 0".
            ("note.png", Data("x".utf8), "not a recognised video, audio or image file: it is text"),
            ("note.jpg", Data("x".utf8), "not a recognised video, audio or image file: it is text"),
            (
                "signature.png", Data([0x89, 0x50, 0x4E, 0x47]),
                "not a recognised video, audio or image file: its name is a picture's, its bytes are not"
            ),
            // Text FFmpeg claims by its content (a Y4M header) keeps FFmpeg's words, whatever its name.
            ("header.mp4", Data("YUV4MPEG2 W60000 H60000 F25:1 Ip A1:1 C420jpeg\nFRAME\n".utf8), nil),
        ]
        for item in cases {
            let path = directory.appendingPathComponent(item.name).path
            try item.bytes.write(to: URL(fileURLWithPath: path))
            let failure = try #require(prober.probe(path).failure, "\(item.name)")
            if let message = item.message {
                #expect(failure == ProbeFailure(.unsupported, message), "\(item.name)")
            } else {
                #expect(!failure.message.contains("it is"), "\(item.name): \(failure.message)")
                if item.name == "header.mp4" { #expect(failure.message.contains("60000x60000"), "\(failure.message)") }
            }
        }
    }

    @Test("inputs the fuzzer found harmful are probed cleanly (regressions)")
    func fuzzRegressions() throws {
        // A box size that carried the ISO-BMFF walker's offset past INT64_MAX (signed overflow).
        let path = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions/mp4-box-size-overflow.mp4").path
        for prober in [prober, MediaProber(options: ProbeOptions(deep: true))] {
            let report = prober.probe(path)
            #expect(report.sizeBytes == 10760)
            #expect(report.failure == ProbeFailure(.unsupported, "no audio or video stream"), "\(report.content)")
        }
    }

    @Test("missing files, directories and empty files")
    func notFiles() throws {
        #expect(prober.probe("/nonexistent/clip.mp4").failure?.code == .notFound)
        #expect(prober.probe(TestPaths.packageRoot.path).failure?.code == .unreadable)
        let empty = TestPaths.packageRoot.appendingPathComponent(".build/empty-\(UInt64.random(in: 0...UInt64.max)).mp4").path
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(prober.probe(empty).failure?.code == .corrupt)
    }
}
