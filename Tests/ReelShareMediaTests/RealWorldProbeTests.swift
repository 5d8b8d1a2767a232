// Probe truth on the shapes of media users really have (Scripts/fixtures-real-world, and files
// made here with the ffmpeg CLI): written to a pipe, another muxer's FLV, cut, interlaced,
// non-square pixels, rounded timestamps, fragmented, huge photos, damaged frames, impossible sizes,
// crafted HEIF headers. Each expected value comes from how the file was made (and ffprobe where it
// knows).
import Foundation
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

private let prober = MediaProber()

private struct Unexpected: Error {}
private let deepProber = MediaProber(options: ProbeOptions(deep: true))
private let decodingProber = MediaProber(options: ProbeOptions(decode: true))

private func av(_ report: ProbeReport, sourceLocation: SourceLocation = #_sourceLocation) throws -> AVMedia {
    guard case .av(let media) = report.content else {
        Issue.record("\(report.path): expected audio/video, got \(report.content)", sourceLocation: sourceLocation)
        throw Unexpected()
    }
    return media
}

private func image(_ report: ProbeReport, sourceLocation: SourceLocation = #_sourceLocation) throws -> ImageMedia {
    guard case .image(let image) = report.content else {
        Issue.record("\(report.path): expected an image, got \(report.content)", sourceLocation: sourceLocation)
        throw Unexpected()
    }
    return image
}

@Suite("Probe: media as users have it")
struct RealWorldProbeTests {
    @Test(
        "written to a pipe: no Duration, no Cues; the length comes from the last Cluster",
        arguments: ["piped_70s.webm", "piped_70s.mkv"])
    func piped(file: String) throws {
        let media = try av(prober.probe(TestPaths.fixture(file)))
        let duration = try #require(media.durationSeconds)
        #expect(abs(duration - 70) < 0.25, "\(duration)")
        #expect(media.durationFrom == .tail)
        #expect(abs((media.video?.durationSeconds ?? 0) - 70) < 0.25)
        if file.hasSuffix(".webm") {
            #expect(media.container == "webm")
            #expect(abs((media.audio?.durationSeconds ?? 0) - 70) < 0.1)
        }
        // ffprobe itself knows no length for these.
        let (_, ffprobe) = try runCommand([
            "ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", TestPaths.fixture(file),
        ])
        #expect(ffprobe.trimmingCharacters(in: .whitespacesAndNewlines) == "N/A")
        // --deep reads every packet and agrees.
        let deep = try av(deepProber.probe(TestPaths.fixture(file)))
        #expect(abs((deep.durationSeconds ?? 0) - duration) < 0.001)
    }

    @Test("a browser's MediaRecorder H.264 WebM: a WebM DocType over H.264 and Opus, written live")
    func mediaRecorderWebM() throws {
        let media = try av(prober.probe(TestPaths.fixture("mediarecorder_h264.webm")))
        #expect(media.container == "webm")
        #expect(media.video?.codec == "h264" && media.audio?.codec == "opus")
        #expect(abs((media.durationSeconds ?? 0) - 4) < 0.15, "\(String(describing: media.durationSeconds))")
        #expect(media.durationFrom == .tail)
        // The same stream under its Matroska DocType is Matroska.
        let mkv = try av(prober.probe(TestPaths.fixture("piped_70s.mkv")))
        #expect(mkv.container == "matroska")
    }

    @Test("Opus plays at 48 kHz whatever rate a WebM's track states (a muxer that copied the input's 44,100)")
    func opusAt48k() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("vp9_opus.webm")))
        // Matroska's SamplingFrequency (0xB5), an 8-byte float of 48000, made 44100.
        let stated: [UInt8] = [0xB5, 0x88, 0x40, 0xE7, 0x70, 0, 0, 0, 0, 0]
        let at = try #require(bytes.firstRange(of: Data(stated)))
        bytes.replaceSubrange(at, with: [0xB5, 0x88] + withUnsafeBytes(of: Double(44100).bitPattern.bigEndian, Array.init))
        let directory = try scratch("opus")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("opus44100.webm").path
        try bytes.write(to: URL(fileURLWithPath: file))
        let media = try av(prober.probe(file))
        #expect(media.audio?.codec == "opus" && media.audio?.sampleRate == 48000)
    }

    @Test("an MP4 cut short inside its one sample (a table whole, its sample past the end) is truncated, not refused")
    func cutInsideOneSample() throws {
        let directory = try scratch("cut")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "one.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=1080x1920:r=1:d=1", "-frames:v", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "-movflags", "+faststart",
            ], in: directory)
        let url = directory.appendingPathComponent("one.mp4")
        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count * 6 / 10).write(to: url)
        let report = prober.probe(url.path)
        let media = try av(report)
        #expect(media.truncated == true, "\(report)")
    }

    @Test("FLV through a pipe: streams that appear only once packets are read")
    func flv() throws {
        let media = try av(prober.probe(TestPaths.fixture("piped_3s.flv")))
        #expect(media.container == "flv")
        #expect(media.video?.codec == "h264" && media.video?.width == 64 && media.video?.height == 36)
        #expect(media.audio?.codec == "aac" && media.audio?.sampleRate == 44100)
        #expect(abs((media.durationSeconds ?? 0) - 3) < 0.15)
    }

    @Test("an audio-only file cut short is truncated")
    func cutAudio() throws {
        let media = try av(prober.probe(TestPaths.fixture("audio_cut.m4a")))
        #expect(media.video == nil && media.audio?.codec == "aac")
        #expect(media.truncated)
        #expect(try av(prober.probe(TestPaths.fixture("audio_only.m4a"))).truncated == false)
    }

    @Test("non-square pixels: 90x160 coded with 4:3 pixels is shown 120x160")
    func sampleAspectRatio() throws {
        let video = try #require(try av(prober.probe(TestPaths.fixture("h264_sar_4x3.mp4"))).video)
        #expect(video.sampleAspectRatio == PixelRatio(4, 3))
        #expect(video.width == 90 && video.height == 160)
        #expect(video.displayWidth == 120 && video.displayHeight == 160)
        #expect(try av(prober.probe(TestPaths.fixture("h264_aac_2s.mp4"))).video?.sampleAspectRatio == nil)
    }

    @Test(
        "scan type from the configuration record or the first frame",
        arguments: [
            ("h264_interlaced_tff.mp4", "tt"), ("h264_interlaced_bff.mp4", "bb"), ("h264_aac_2s.mp4", "progressive"),
            ("vp9_opus.webm", "progressive"), ("vp8_vorbis.webm", "progressive"), ("av1.mp4", "progressive"),
        ])
    func fieldOrder(file: String, order: String) throws {
        #expect(try av(prober.probe(TestPaths.fixture(file))).video?.fieldOrder?.rawValue == order)
    }

    @Test("constant rate with millisecond timestamps is not VFR; 30 then 10 fps is")
    func variableFrameRate() throws {
        let rounded = try #require(try av(deepProber.probe(TestPaths.fixture("h264_30fps_ms_timestamps.mp4"))).deep)
        #expect(rounded.variableFrameRate == false)
        let varying = try #require(try av(deepProber.probe(TestPaths.fixture("h264_vfr_30_then_10.mp4"))).deep)
        #expect(varying.variableFrameRate == true)
        for file in ["h264_aac_10s.mp4", "vp8_vorbis.webm", "hevc.mp4"] {
            #expect(try av(deepProber.probe(TestPaths.fixture(file))).deep?.variableFrameRate == false, "\(file)")
        }
    }

    @Test("per-stream lengths")
    func streamDurations() throws {
        let media = try av(prober.probe(TestPaths.fixture("h264_aac_10s.mp4")))
        #expect(abs((media.video?.durationSeconds ?? 0) - 10) < 0.01)
        #expect(abs((media.audio?.durationSeconds ?? 0) - 10) < 0.05)
    }

    @Test("fragmented MP4: the bit rate of all fragments, not of the first")
    func fragmented() throws {
        let directory = try scratch("fragmented")
        defer { try? FileManager.default.removeItem(at: directory) }
        // One quiet second, then three noisy ones at a far higher rate, in 1 s fragments.
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=c=gray:s=160x90:r=10:d=1", "-f", "lavfi", "-i",
                "testsrc2=s=160x90:r=10:d=3,noise=alls=60:allf=t", "-filter_complex", "[0][1]concat=n=2:v=1",
                "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "10", "-movflags",
                "frag_keyframe+empty_moov", "fragmented.mp4",
            ], in: directory)
        let path = directory.appendingPathComponent("fragmented.mp4").path
        let media = try av(prober.probe(path))
        #expect(media.fragmented == true)
        #expect(abs((media.durationSeconds ?? 0) - 4) < 0.15)
        // The truth: every video packet's size, summed by ffprobe, over the length.
        let (_, sizes) = try runCommand([
            "ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "packet=size", "-of", "csv=p=0", path,
        ])
        let bytes = sizes.split(separator: "\n").compactMap { Int($0) }.reduce(0, +)
        let truth = Double(bytes * 8) / 4
        let reported = Double(try #require(media.video?.bitRate))
        #expect(abs(reported - truth) / truth < 0.05, "reported \(reported), packets say \(truth)")
    }

    @Test("an MPEG-TS (and M2TS) cut inside a packet is truncated; whole, or with bytes after its last packet, it is not")
    func cutTransportStreams() throws {
        let directory = try scratch("ts")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = [
            "-f", "lavfi", "-i", "testsrc2=s=128x72:r=25:d=3", "-c:v", "libx264", "-preset", "veryfast", "-f", "mpegts",
        ]
        #expect(try ffmpeg(source + ["whole.ts"], in: directory) == 0)
        #expect(try ffmpeg(source + ["-mpegts_m2ts_mode", "1", "whole.m2ts"], in: directory) == 0)
        for (name, packet) in [("whole.ts", 188), ("whole.m2ts", 192)] {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            try #require(data.count % packet == 0 && data.count > 100 * packet, "\(name): \(data.count) bytes")
            let cases: [(String, Data, Bool)] = [
                ("whole", data, false),
                ("cut", data.prefix(60 * packet + 100), true),  // as a stopped upload leaves it
                ("padded", data + Data(repeating: 0xFF, count: 100), false),
            ]
            for (label, bytes, truncated) in cases {
                let path = directory.appendingPathComponent("\(label)-\(name)").path
                try bytes.write(to: URL(fileURLWithPath: path))
                let media = try av(prober.probe(path))
                #expect(media.truncated == truncated, "\(label) \(name)")
            }
        }
    }

    @Test("frames that do not decode are found with --decode, the same every run; clean clips have none")
    func decodeErrors() throws {
        for file in ["h264_corrupt_frames.mp4", "vp9_corrupt_frames.webm"] {
            let path = TestPaths.fixture(file)
            // The truth from how the file was made (Scripts/fixtures-real-world): 48 bytes
            // overwritten every 1500 from 45% to 65% of the file. A packet is damaged when its
            // bytes (ffprobe's pos and size) meet one of those ranges.
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            let ranges = stride(from: size * 45 / 100, to: size * 65 / 100, by: 1500).map { $0..<($0 + 48) }
            let (_, listing) = try runCommand([
                "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,size,pos", "-of",
                "csv=p=0", path,
            ])
            let packets = listing.split(separator: "\n").map { $0.split(separator: ",") }.compactMap {
                row -> (pts: Double, bytes: Range<Int>)? in
                guard row.count == 3, let pts = Double(row[0]), let size = Int(row[1]), let pos = Int(row[2]) else { return nil }
                return (pts, pos..<(pos + size))
            }
            let damaged = packets.filter { packet in ranges.contains { $0.overlaps(packet.bytes) } }.map(\.pts)
            try #require(!damaged.isEmpty && packets.count == 40, "\(file): \(listing)")
            let decode = try #require(try av(decodingProber.probe(path)).decode)
            #expect(decode.packets == packets.count, "\(file)")
            // Not every damaged byte is noticed (a changed coefficient decodes as another one), but
            // what is found lies in damaged packets only, and the first is one of them.
            #expect(decode.errors > 0 && decode.errors <= damaged.count, "\(file): \(decode), damaged at \(damaged)")
            let at = try #require(decode.firstErrorSeconds)
            #expect(damaged.contains { abs($0 - at) < 0.0005 }, "\(file): first at \(at), damaged at \(damaged)")
            #expect(decode.message != nil)
            // Frame threads decide which thread says what, and when: the answer must not depend on it.
            for _ in 0..<4 {
                #expect(try av(decodingProber.probe(path)).decode == decode, "\(file)")
            }
        }
        for file in ["h264_aac_10s.mp4", "vp9_opus.webm", "hevc.mp4", "piped_3s.flv"] {
            let decode = try #require(try av(decodingProber.probe(TestPaths.fixture(file))).decode, "\(file)")
            #expect(decode.errors == 0 && decode.frames > 0 && decode.frames == decode.packets, "\(file): \(decode)")
            #expect(decode.firstErrorSeconds == nil && decode.message == nil, "\(file): \(decode)")
        }
        #expect(try av(decodingProber.probe(TestPaths.fixture("h264_aac_10s.mp4"))).decode?.frames == 50)
        #expect(try av(prober.probe(TestPaths.fixture("h264_corrupt_frames.mp4"))).decode == nil)
    }

    @Test(
        "a width or height of 0 is corrupt, and the message names it",
        arguments: ["zero_width.gif", "zero_width.png", "zero_width.jpg"])
    func zeroWidth(file: String) {
        let report = prober.probe(TestPaths.fixture(file))
        #expect(report.failure?.code == .corrupt)
        #expect(report.failure?.message.hasSuffix("its width is 0") == true, "\(report.content)")
    }

    @Test("photos are measured as shown: EXIF orientation in JPEG and PNG, irot in HEIF")
    func displayedSize() throws {
        for file in ["exif_orientation_6.jpg", "exif_orientation_6.png"] {
            let shown = try image(prober.probe(TestPaths.fixture(file)))
            #expect(shown.orientation == 6 && shown.width == 64 && shown.height == 48, "\(file)")
            #expect(shown.displayWidth == 48 && shown.displayHeight == 64, "\(file)")
        }
        let plain = try image(prober.probe(TestPaths.fixture("grey.jpg")))
        #expect(plain.displayWidth == 64 && plain.displayHeight == 48)
        let heif = try image(
            prober.probe(TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions/heif-ipma-v1-wide.heic").path))
        #expect(heif.width == 640 && heif.height == 480 && heif.displayWidth == 480 && heif.displayHeight == 640)
    }

    @Test("crafted HEIF headers that end early are refused as libheif refuses them, never trapped on")
    func heifRegressions() throws {
        let directory = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions")
        for file in ["heif-pitm-v1-short.heic", "heif-ipma-v1-cut.heic"] {
            let failure = prober.probe(directory.appendingPathComponent(file).path).failure
            #expect(
                failure?.code == .corrupt && failure?.message.hasPrefix("invalid HEIF") == true,
                "\(file): \(String(describing: failure))")
        }
    }

    @Test("real photos are decoded: 108 megapixels and a 20000x2000 panorama")
    func bigPhotos() throws {
        let directory = try scratch("photos")
        defer { try? FileManager.default.removeItem(at: directory) }
        try ffmpeg(
            ["-f", "lavfi", "-i", "color=c=0x336699:s=12000x9000", "-frames:v", "1", "-q:v", "2", "photo.jpg"], in: directory)
        #expect(try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=20000x2000", "-frames:v", "1", "panorama.png"], in: directory) == 0)
        let photo = try image(prober.probe(directory.appendingPathComponent("photo.jpg").path))
        #expect(photo.width == 12000 && photo.height == 9000 && photo.decoded)
        let panorama = try image(prober.probe(directory.appendingPathComponent("panorama.png").path))
        #expect(panorama.width == 20000 && panorama.height == 2000 && panorama.decoded)
    }

    @Test("a header that claims more pixels than its file can hold is refused unread")
    func bombs() throws {
        let png = prober.probe(TestPaths.fixture("bomb_100000x100000.png"))
        #expect(png.failure?.code == .tooLarge)
        // A real 16x16 JPEG whose frame header is made to claim 30000x30000 (within the limits).
        let directory = try scratch("bomb")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=16x16", "-frames:v", "1", "small.jpg"], in: directory) == 0)
        var bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent("small.jpg")))
        let sof = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x75, 0x30, 0x75, 0x30])
        let bomb = directory.appendingPathComponent("bomb.jpg")
        try Data(bytes).write(to: bomb)
        let report = prober.probe(bomb.path)
        #expect(report.failure?.code == .tooLarge)
        #expect(report.failure?.message.hasPrefix("the header claims 30000x30000 pixels, more than") == true, "\(report.content)")
    }

    @Test("a video whose frame size FFmpeg refuses says so in FFmpeg's words")
    func videoBomb() {
        let report = prober.probe(TestPaths.fixture("bomb_60000x60000.y4m"))
        #expect(report.failure?.code == .corrupt)
        #expect(report.failure?.message == "FFmpeg cannot read it: picture size 60000x60000 is invalid")
    }
}
