// Probes the third-party files in ../shared/corpus and compares with the values ffprobe (and
// pngcheck/djpeg) gave for them in manifest.tsv. Skipped, with a notice, when the corpus is absent.
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

private let prober = MediaProber()

@Suite("Probe: third-party corpus", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct CorpusProbeTests {
    static var videos: [CorpusEntry] { CorpusEntry.all.filter { $0.path.hasPrefix("video/") && $0.expect == "ok" } }
    static var validImages: [CorpusEntry] { CorpusEntry.all.filter { $0.path.hasPrefix("image/") && $0.expect == "ok" } }
    static var corrupt: [CorpusEntry] { CorpusEntry.all.filter { $0.expect == "corrupt" } }

    @Test("the corpus has what these tests expect")
    func manifestLoaded() {
        #expect(Self.videos.count >= 6)
        #expect(Self.corrupt.count >= 10)
    }

    @Test(
        "videos agree with ffprobe: codec, size, duration within 1%, rotation, pixel format, audio",
        arguments: videos)
    func video(_ entry: CorpusEntry) throws {
        let report = prober.probe(entry.fullPath)
        guard case .av(let media) = report.content else {
            Issue.record("\(entry): \(report.content)")
            return
        }
        let video = try #require(media.video)
        #expect(video.codec == entry["ff_video_codec"])
        #expect(video.width == Int(entry["width"]))
        #expect(video.height == Int(entry["height"]))
        let expected = try #require(Double(entry["duration_s"]))
        let duration = try #require(media.durationSeconds)
        #expect(abs(duration - expected) <= expected * 0.01)
        #expect(video.pixelFormat == entry["pix_fmt"])
        #expect(video.bitDepth == Int(entry["bit_depth"]))
        // ffprobe prints the display matrix's counter-clockwise angle; reelshare the clockwise turn.
        let ffRotation = Int(entry["rotation"]) ?? 0
        #expect(video.rotation == ((-ffRotation % 360) + 360) % 360)
        #expect((media.audio != nil) == (entry["has_audio"] == "yes"))
        if let codec = media.audio?.codec { #expect(codec == entry["audio_codec"]) }
        let parts = entry["avg_frame_rate"].split(separator: "/").compactMap { Double($0) }
        if parts.count == 2, parts[1] > 0, let rate = video.frameRate {
            #expect(abs(rate - parts[0] / parts[1]) < 0.01)
        }
        #expect(media.truncated == false)
    }

    @Test("the rotated-and-reflected clip is mirrored")
    func mirrored() throws {
        let entry = try #require(Self.videos.first { $0.path.hasSuffix("sample_rotate_and_reflect.mp4") })
        guard case .av(let media) = prober.probe(entry.fullPath).content else {
            Issue.record("did not probe")
            return
        }
        #expect(media.video?.mirrored == true)
        #expect(media.video?.displayWidth == 720 && media.video?.displayHeight == 1080)
    }

    @Test("valid images agree on size and depth; colour type follows the pixel format", arguments: validImages)
    func image(_ entry: CorpusEntry) throws {
        let report = prober.probe(entry.fullPath)
        guard case .image(let image) = report.content else {
            Issue.record("\(entry): \(report.content)")
            return
        }
        #expect(image.width == Int(entry["width"]))
        #expect(image.height == Int(entry["height"]))
        let colourTypes = [
            "pal8": "palette", "gray": "grey", "monob": "grey", "gray16be": "grey", "rgb24": "rgb",
            "rgb48be": "rgb", "rgba": "rgba", "rgba64be": "rgba", "ya16be": "grey-alpha",
            "yuvj420p": "rgb", "yuva444p": "cmyk", "bgra": "palette",
        ]
        #expect(image.colorType?.rawValue == colourTypes[entry["pix_fmt"]])
        if image.format == .png {
            #expect(image.bitDepth == Int(entry["bit_depth"]))
            let name = entry.path.split(separator: "/").last ?? ""
            // PngSuite names say it in their fourth letter: i interlaced (basi0g01, s39i3p04), n not.
            #expect(image.interlaced == (name.dropFirst(3).first == "i"), "\(name)")
            #expect(image.decoded)
        }
        if entry.path.hasSuffix("pil_sample_cmyk.jpg") { #expect(image.colorSpace == .ycck) }
        if entry.path.hasSuffix(".gif") { #expect(image.format == .gif) }
    }

    @Test("every corrupt file gets a clean error with a reason", arguments: corrupt)
    func corruptFile(_ entry: CorpusEntry) {
        let report = prober.probe(entry.fullPath)
        // A track without a sample description (sample_missing_stsd.mp4) spoils only itself: the
        // file's other streams are read, as ExoPlayer's dump and ffprobe read its H.264, and the
        // broken one is listed.
        if case .av(let media) = report.content, !media.otherStreams.isEmpty {
            #expect(media.video?.codec == "h264" && media.otherStreams.count == 1, "\(entry)")
            return
        }
        let failure = report.failure
        #expect(failure != nil, "\(entry) was accepted")
        #expect([.corrupt, .unsupported].contains(failure?.code))
        #expect(failure.map { !$0.message.isEmpty } == true)
    }
}
