// Right about what plays: shapes made here the way they arise (frame rates, channels, played
// tracks, pixel aspect, soundtracks, drawings, pages, HDR, audiograms, animated WebP), each held to
// how it was made, ffprobe and mediainfo.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("Right about what plays")
struct WhatPlaysTests {
    @Test(
        "a variable-rate recording's frameRate is its average, frames over the time they cover: an idle screen recording and one at 60, then 10, then 30 fps"
    )
    func averageFrameRate() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        // As screen recorders write them: a frame when the screen changes, H.264 without B-frames.
        // idle: 30 frames at 60 fps, then one each half second (35 frames over 2.52 s); steps:
        // 1 s at 60 fps, 1 s at 10, 1 s at 30 (100 frames over 3 s).
        let shapes = [
            ("idle.mp4", "lt(n\\,30)+not(mod(n\\,30))", 35, 35 / 2.516_667),
            ("steps.mp4", "lt(n\\,60)+between(n\\,60\\,119)*not(mod(n\\,6))+gte(n\\,120)*not(mod(n\\,2))", 100, 100 / 2.983_333),
            // As a browser's MediaRecorder writes MP4: in fragments, each from a keyframe.
            ("fragments.mp4", "lt(n\\,30)+not(mod(n\\,30))", 35, 35 / 2.516_667),
        ]
        for (name, select, frames, average) in shapes {
            let fragments =
                name == "fragments.mp4" ? ["-g", "10", "-movflags", "frag_keyframe+empty_moov+default_base_moof"] : []
            try makeWithFFmpeg(
                name,
                [
                    "-f", "lavfi", "-i", "testsrc2=s=320x240:r=60:d=3", "-vf", "select='\(select)'", "-fps_mode", "vfr", "-c:v",
                    "libx264", "-bf", "0", "-pix_fmt", "yuv420p",
                ] + fragments, in: directory)
            let file = try probed(name, ["--deep"], in: directory)
            let video = try #require(file["video"] as? [String: Any])
            let deep = try #require(file["deep"] as? [String: Any])
            let rate = try #require(video["frameRate"] as? Double)
            #expect(deep["videoPackets"] as? Int == frames, "\(name): \(deep)")
            #expect(deep["variableFrameRate"] as? Bool == true, "\(name)")
            // As made: its frames over the time they are shown (the last one for 1/60 s).
            #expect(abs(rate - average) < 0.01, "\(name): \(rate), made \(average)")
            let fraction = try ffprobe(name, "v:0", "stream=avg_frame_rate", in: directory).split(separator: "/").compactMap {
                Double($0)
            }
            try #require(fraction.count == 2 && fraction[1] > 0, "ffprobe: \(fraction)")
            let theirs = fraction[0] / fraction[1]
            #expect(abs(rate - theirs) < 0.001 * theirs, "\(name): \(rate), ffprobe \(theirs)")
            let words = try mediainfo(name, "Video;%FrameRate% %FrameRate_Mode%", in: directory).split(separator: " ")
            #expect(words.last == "VFR", "\(name): \(words)")
            #expect(abs(rate - (words.first.flatMap { Double($0) } ?? 0)) < 0.001 * rate, "\(name): \(rate), mediainfo \(words)")
        }
        // The average below Facebook's 24 fps minimum is found (the peak, 60, passed before).
        let found = try rules("idle.mp4", "fb-reels-api", in: directory)
        #expect(found.contains("video.frame-rate"), "\(found)")
        // In Matroska and WebM, whose track states 60 fps (DefaultDuration, a hint mediainfo
        // reports as the rate): the blocks counted over the segment's length, as ffprobe averages.
        try makeWithFFmpeg("idle.mkv", ["-i", "idle.mp4", "-c", "copy"], in: directory)
        try makeWithFFmpeg(
            "idle.webm",
            [
                "-i", "idle.mp4", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-fps_mode", "vfr", "-b:v",
                "200k",
            ], in: directory)
        for name in ["idle.mkv", "idle.webm"] {
            let rate = try #require((try probed(name, in: directory)["video"] as? [String: Any])?["frameRate"] as? Double)
            let blocks = try #require(
                Double(try ffprobe(name, "v:0", "stream=nb_read_packets", in: directory, count: true)), "\(name)")
            let length = try #require(Double(try ffprobe(name, "v:0", "format=duration", in: directory)), "\(name)")
            #expect(blocks == 35, "\(name): \(blocks) blocks")
            #expect(abs(rate - blocks / length) < 0.01, "\(name): \(rate), \(blocks) blocks over \(length) s")
            #expect(try rules(name, "fb-reels-api", in: directory).contains("video.frame-rate"), "\(name)")
        }
    }

    @Test("MP3 in MP4 has the channels its frame header says, not the sample entry's 2 the muxer writes")
    func mp3Channels() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, channels) in [("mono.mp4", 1), ("stereo.mp4", 2)] {
            try makeWithFFmpeg(
                name,
                [
                    "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=2", "-f", "lavfi", "-i", "sine=d=2:r=44100", "-c:v",
                    "libx264",
                    "-pix_fmt", "yuv420p", "-c:a", "libmp3lame", "-ac", String(channels),
                ], in: directory)
            let audio = try #require(try probed(name, in: directory)["audio"] as? [String: Any])
            #expect(audio["codec"] as? String == "mp3" && audio["channels"] as? Int == channels, "\(name): \(audio)")
            let theirs = try ffprobe(name, "a:0", "stream=channels", in: directory)
            #expect(theirs == String(channels), "\(name): ffprobe \(theirs)")
            let info = try mediainfo(name, "Audio;%Channel(s)%", in: directory)
            #expect(info == String(channels), "\(name): mediainfo \(info)")
        }
        // Facebook's Reels API takes stereo only: the mono one is an error there.
        let found = try rules("mono.mp4", "fb-reels-api", in: directory)
        #expect(found.contains("audio.channels"), "\(found)")
    }

    @Test(
        "a clip under 540p whose codec a fix would re-encode is refused before any work, --dry-run too: a re-encode does not make it 540p"
    )
    func refusedBeforeWork() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A camera's MJPEG AVI with PCM sound, 640x360: Facebook's Reels API takes H.264 and AAC
        // at 540p and more.
        try makeWithFFmpeg(
            "cam.avi",
            [
                "-f", "lavfi", "-i", "testsrc2=s=640x360:r=30:d=3", "-f", "lavfi", "-i", "sine=d=3:r=48000", "-c:v", "mjpeg",
                "-q:v",
                "5", "-c:a", "pcm_s16le", "-ac", "2",
            ], in: directory)
        for dryRun in [true, false] {
            let run = runReelshare(
                ["fix", "--target", "fb-reels-api"] + (dryRun ? ["--dry-run"] : []) + ["cam.avi"], in: directory)
            #expect(run.status == 1, "\(dryRun): \(run.status) \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("cam.avi: no mechanical fix for video.resolution"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("cam.fixed.mp4").path))
        }
    }

    @Test("of two audio tracks, the one a player plays is judged, fixed and kept: not a disabled commentary before it")
    func playedAudioTrack() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Track 2 a disabled 22.05 kHz mono commentary (tkhd enabled 0), track 3 the default 48 kHz
        // stereo mix; the index at the end (ig-reels-api asks for it first: a fix is due).
        try makeWithFFmpeg(
            "two.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=540x960:r=30:d=4", "-f", "lavfi", "-i", "sine=d=4:r=22050:f=300", "-f", "lavfi",
                "-i", "sine=d=4:r=48000:f=440", "-map", "0:v", "-map", "1:a", "-map", "2:a", "-c:v", "libx264", "-pix_fmt",
                "yuv420p", "-c:a", "aac", "-ac:a:0", "1", "-ac:a:1", "2", "-disposition:a:0", "0", "-disposition:a:1", "default",
            ], in: directory)
        let tracks = try mediainfo("two.mp4", "Audio;%SamplingRate% %Default%|", in: directory)
        #expect(tracks.contains("48000 Yes|") && tracks.contains("22050 No|"), "\(tracks)")
        let audio = try #require(try probed("two.mp4", in: directory)["audio"] as? [String: Any])
        #expect(audio["sampleRate"] as? Int == 48000 && audio["channels"] as? Int == 2, "\(audio)")
        // The printed command and the fix keep the same track: the main mix.
        let hint = runReelshare(["validate", "--target", "ig-reels-api", "two.mp4"], in: directory)
        #expect(hint.stdout.contains("-map 0:2"), "\(hint.stdout)")
        let fix = runReelshare(["fix", "--target", "ig-reels-api", "two.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let kept = try ffprobe("two.fixed.mp4", "a", "stream=sample_rate,channels", in: directory)
        #expect(kept == "48000,2", "\(kept)")
    }

    @Test("an old phone's H.263 QCIF clip keeps square pixels in its fix, as probed (the decoder infers 12:11)")
    func h263PixelAspect() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "old.3gp",
            [
                "-f", "lavfi", "-i", "testsrc2=s=176x144:r=15:d=3", "-f", "lavfi", "-i", "sine=d=3:r=8000", "-c:v", "h263",
                "-c:a",
                "aac", "-ar", "8000", "-ac", "1",
            ], in: directory)
        func sar(_ file: String) throws -> String { try ffprobe(file, "v:0", "stream=sample_aspect_ratio", in: directory) }
        #expect(try sar("old.3gp") == "1:1")
        let video = try #require(try probed("old.3gp", in: directory)["video"] as? [String: Any])
        #expect(video["displayWidth"] as? Int == 176, "\(video)")
        let fix = runReelshare(["fix", "--target", "ig-reels", "old.3gp"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let fixed = try sar("old.fixed.mp4")
        #expect(["1:1", "N/A"].contains(fixed), "\(fixed)")
    }
}

extension WhatPlaysTests {
    @Test(
        "AC-3, E-AC-3 and ALAC soundtracks, which Android need not decode (CDD 5.1.2), are a warning on Android and fixed to AAC"
    )
    func androidSoundtracks() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, codec) in [("ac3.mp4", "ac3"), ("eac3.mp4", "eac3"), ("alac.mov", "alac")] {
            try makeWithFFmpeg(
                name,
                [
                    "-f", "lavfi", "-i", "testsrc2=s=540x960:r=30:d=4", "-f", "lavfi", "-i", "sine=d=4:r=48000", "-c:v",
                    "libx264",
                    "-pix_fmt", "yuv420p", "-c:a", codec, "-ac", "2",
                ], in: directory)
            // AC-3's audio service type comes out as a second, empty field ("ac3,").
            #expect(try ffprobe(name, "a", "stream=codec_name", in: directory).hasPrefix(codec))
            let android = runReelshare(
                ["validate", "--format", "json", "--target", "ig-reels", "--platform", "android", "--", name], in: directory)
            let findings =
                ((android.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first?["findings"]
                as? [[String: Any]] ?? []
            let warning = findings.first { $0["rule"] as? String == "audio.codec" }
            #expect(warning?["severity"] as? String == "warning", "\(name): \(findings)")
            #expect((warning?["source"] as? String)?.contains("Android Compatibility Definition, 5.1.2") == true)
            #expect(try rules(name, "ig-reels", in: directory).contains("audio.codec"), "\(name): both platforms")
            let ios = runReelshare(
                ["validate", "--strict", "--target", "ig-reels", "--platform", "ios", "--", name], in: directory)
            #expect(ios.status == 0, "\(name): iPhones play it: \(ios.stdout)")
            let fix = runReelshare(
                ["fix", "--strict", "--target", "ig-reels", "--platform", "android", "-o", "fixed.mp4", "--", name], in: directory
            )
            #expect(fix.status == 0, "\(name): \(fix.stderr)")
            #expect(try ffprobe("fixed.mp4", "a", "stream=codec_name", in: directory) == "aac")
            let again = runReelshare(
                ["validate", "--strict", "--target", "ig-reels", "--platform", "android", "fixed.mp4"], in: directory)
            #expect(again.status == 0, "\(name): \(again.stdout)")
            try FileManager.default.removeItem(at: directory.appendingPathComponent("fixed.mp4"))
        }
    }
}

extension WhatPlaysTests {
    @Test(
        "an AVIF or HEIC photo is fixed in process through libheif into a JPEG, where -o or --output-dir puts it, its fix printed as reelshare's"
    )
    func heifFixedInProcess() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["sticker.avif", "sticker.heic"] {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: TestPaths.fixture(name)), to: directory.appendingPathComponent(name))
            let said = runReelshare(["validate", "--target", "ig-stories", "--as", "sticker", "--", name], in: directory)
            #expect(said.stdout.contains("reelshare fix --target ig-stories -o sticker.fixed.jpg -- \(name)"), "\(said.stdout)")
            let base = ["fix", "--target", "ig-stories", "--as", "sticker"]
            let into = runReelshare(base + ["--output-dir", "out", "--", name], in: directory)
            #expect(into.status == 0, "\(into.stderr)")
            #expect(try ffprobe("out/sticker.fixed.jpg", "v:0", "stream=codec_name,width,height", in: directory) == "mjpeg,64,48")
            let named = runReelshare(base + ["-o", "mine.jpg", "--", name], in: directory)
            #expect(
                named.status == 0 && FileManager.default.fileExists(atPath: directory.appendingPathComponent("mine.jpg").path))
            let plain = runReelshare(base + ["--", name], in: directory)
            #expect(plain.status == 0 && plain.stdout.contains("sticker.fixed.jpg"), "\(plain.stderr)")
            for made in ["out/sticker.fixed.jpg", "mine.jpg", "sticker.fixed.jpg"] {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(made))
            }
        }
    }

    @Test("a wide-gamut AVIF becomes a JPEG tagged with its colour's profile; an HDR one is not tone-mapped but refused in words")
    func heifColour() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        let heif = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/heif")
        for name in ["libavif_colors_text_wcg_sdr_rec2020.avif", "libavif_colors_hdr_p3.avif", "libavif_paris_icc_exif_xmp.avif"]
        {
            try FileManager.default.copyItem(at: heif.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let wide = runReelshare(
            ["fix", "--target", "ig-stories", "-o", "wide.jpg", "--", "libavif_colors_text_wcg_sdr_rec2020.avif"], in: directory)
        #expect(wide.status == 0, "\(wide.stderr)")
        let jpeg = try Data(contentsOf: directory.appendingPathComponent("wide.jpg"))
        // The ICC profile's description, in UTF-16: "BT.2020 (linear)".
        let description = Data("BT.2020 (linear)".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        #expect(jpeg.range(of: Data("ICC_PROFILE".utf8)) != nil && jpeg.range(of: description) != nil)
        let carried = runReelshare(
            ["fix", "--target", "ig-stories", "-o", "paris.jpg", "--", "libavif_paris_icc_exif_xmp.avif"], in: directory)
        #expect(carried.status == 0, "\(carried.stderr)")
        let paris = try Data(contentsOf: directory.appendingPathComponent("paris.jpg"))
        #expect(paris.range(of: Data("ICC_PROFILE".utf8)) != nil && paris.range(of: description) == nil)
        let hdr = runReelshare(
            ["fix", "--target", "ig-stories", "-o", "hdr.jpg", "--", "libavif_colors_hdr_p3.avif"], in: directory)
        #expect(
            hdr.status == 1 && hdr.stderr.contains("HDR (PQ) AVIF") && hdr.stderr.contains("does not tone-map"), "\(hdr.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("hdr.jpg").path))
    }

    @Test("a HEIF coded in JPEG: fixed where libheif here decodes it, else refused naming the codecs it does")
    func heifCodecLacking() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "libheif_jpeg32.heif"
        try FileManager.default.copyItem(
            at: TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/heif/\(name)"),
            to: directory.appendingPathComponent(name))
        let fix = runReelshare(["fix", "--target", "ig-stories", "-o", "out.jpg", "--", name], in: directory)
        if fix.status == 0 {
            #expect(try ffprobe("out.jpg", "v:0", "stream=codec_name,width,height", in: directory) == "mjpeg,32,32")
        } else {
            #expect(fix.status == 65 && fix.stderr.contains("here decodes HEIF coded in hevc, av1"), "\(fix.stderr)")
            #expect(fix.stderr.contains("not in jpeg") && fix.stderr.contains(name), "\(fix.stderr)")
        }
    }

    @Test("an SVG is a drawing with no bit depth, with or without an XML declaration, and fixed to a PNG sticker")
    func svgDrawing() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        let drawing =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"><rect width="120" height="90" fill="red"/></svg>"#
        try Data(drawing.utf8).write(to: directory.appendingPathComponent("bare.svg"))
        try Data(("<?xml version=\"1.0\"?>\n" + drawing).utf8).write(to: directory.appendingPathComponent("declared.svg"))
        try Data("not a drawing".utf8).write(to: directory.appendingPathComponent("text.svg"))
        // The portable build has no SVG decoder (Debian ships no static librsvg): it says so.
        if runReelshare(["--version"]).stdout.contains("\nlinked statically") {
            let said = runReelshare(["probe", "--", "bare.svg"], in: directory)
            #expect(said.status == 65 && said.stderr.contains("no SVG decoder"), "\(said.stderr)")
            FileHandle.standardError.write(
                "NOTICE: this build draws no SVG (no librsvg); its SVG fix is not tried\n".data(using: .utf8)!)
            return
        }
        for name in ["bare.svg", "declared.svg"] {
            let file = try probed(name, in: directory)
            let image = try #require(file["image"] as? [String: Any], "\(name): \(file)")
            #expect(image["format"] as? String == "svg" && image["bitDepth"] is NSNull, "\(name): \(image)")
            #expect(image["width"] as? Int == 120 && image["height"] as? Int == 90, "\(name): \(image)")
            #expect(runReelshare(["probe", "--", name], in: directory).stdout.contains("8-bit") == false)
            let fix = runReelshare(
                ["fix", "--target", "ig-stories", "--as", "sticker", "-o", "s.png", "--", name], in: directory)
            #expect(fix.status == 0, "\(name): \(fix.stderr)")
            #expect(try ffprobe("s.png", "v:0", "stream=codec_name,width,height", in: directory) == "png,120,90")
        }
        let text = runReelshare(["probe", "--", "text.svg"], in: directory)
        #expect(text.status != 0 && text.stderr.contains("text.svg"), "\(text.stderr)")
    }
}

extension WhatPlaysTests {
    @Test(
        "Meta's newest pages: a Page story's 60 s and .mp4 advice (Reels Publishing API, Jul 30 2026); Graph API story images JPEG only, under 8 MiB; story videos as Reels' (index first, no edit list)"
    )
    func newestPages() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        // fb-reels-api: 70 s is a reel (up to 90) but not a Page story (up to 60): a warning.
        try makeWithFFmpeg(
            "long.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=540x960:r=30:d=70", "-f", "lavfi", "-i", "sine=d=70:r=48000", "-c:v", "libx264",
                "-preset", "ultrafast",
                "-g", "60", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2", "-b:a", "128k",
            ], in: directory)
        let long = try findings("long.mp4", "fb-reels-api", in: directory)
        let story = long.first { $0.rule == "video.duration.max" }
        #expect(story?.severity == "warning" && story?.source.contains("updated Jul 30 2026") == true, "\(long)")
        #expect(!long.contains { $0.severity == "error" }, "\(long)")
        try makeWithFFmpeg(
            "long.webm",
            [
                "-i", "long.mp4", "-t", "4", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k",
                "-c:a", "libopus",
            ], in: directory)
        #expect(
            try findings("long.webm", "fb-reels-api", in: directory).contains {
                $0.rule == "video.container" && $0.severity == "warning"
            })
        // ig-stories-api images: a PNG is refused and fixed to a JPEG; a JPEG over 8 MiB is refused.
        try makeWithFFmpeg("story.png", ["-f", "lavfi", "-i", "testsrc2=s=1080x1920", "-frames:v", "1"], in: directory)
        #expect(try findings("story.png", "ig-stories-api", in: directory).map(\.rule) == ["image.format"])
        let fix = runReelshare(["fix", "--target", "ig-stories-api", "--", "story.png"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(try ffprobe("story.fixed.jpg", "v:0", "stream=codec_name,width,height", in: directory) == "mjpeg,1080,1920")
        #expect(try findings("story.fixed.jpg", "ig-stories-api", in: directory).isEmpty)
        try makeWithFFmpeg(
            "noise.jpg",
            [
                "-f", "lavfi", "-i", "nullsrc=s=4000x4000,geq=random(1)*255:random(2)*255:random(3)*255", "-frames:v", "1",
                "-q:v", "1",
            ], in: directory)
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("noise.jpg").path)[.size] as? Int)
        try #require(size > 8_388_608, "noise.jpg is only \(size) bytes")
        #expect(
            try findings("noise.jpg", "ig-stories-api", in: directory).contains {
                $0.rule == "file.size" && $0.severity == "error"
            })
        // ig-stories-api videos: the index first, as for Reels.
        let slow = try findings(TestPaths.fixture("h264_index_at_end.mp4"), "ig-stories-api", in: directory)
        #expect(slow.contains { $0.rule == "video.fast-start" && $0.severity == "error" }, "\(slow)")
    }
}

extension WhatPlaysTests {
    @Test(
        "an iPhone's HLG 10-bit HEVC: re-encoded to 8-bit it is tone-mapped to SDR BT.709 and tagged so, as the printed command does; copied, it keeps HLG and 10 bits"
    )
    func hdrSources() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        // As an iPhone records slow motion: HEVC Main 10, BT.2020, HLG, hvc1, in MOV (index at the end).
        func hlg(_ name: String, rate: Int) throws {
            try makeWithFFmpeg(
                name,
                [
                    "-f", "lavfi", "-i", "testsrc2=s=540x960:r=\(rate):d=3.2", "-f", "lavfi", "-i", "sine=d=3.2:r=48000", "-c:v",
                    "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-x265-params",
                    "colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc:log-level=error", "-color_primaries", "bt2020",
                    "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-tag:v", "hvc1", "-c:a", "aac", "-ac", "2",
                ], in: directory)
        }
        try hlg("slow.mov", rate: 120)
        let video = try #require(try probed("slow.mov", in: directory)["video"] as? [String: Any])
        #expect(video["hdr"] as? String == "hlg" && video["bitDepth"] as? Int == 10, "\(video)")
        // fb-reels-api takes at most 60 fps: the fix re-encodes, and tone-maps.
        let fix = runReelshare(["fix", "--target", "fb-reels-api", "-o", "fixed.mp4", "--", "slow.mov"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let colours = "stream=pix_fmt,color_primaries,color_transfer,color_space,color_range"
        #expect(try ffprobe("fixed.mp4", "v:0", colours, in: directory) == "yuv420p,tv,bt709,bt709,bt709")
        let hint = runReelshare(
            ["validate", "--format", "json", "--target", "fb-reels-api", "--", "slow.mov"], in: directory)
        let verdict = try #require(((hint.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
        let printed = try #require(verdict["fix"] as? String)
        #expect(printed.contains("tonemap=tonemap=hable") && printed.contains("-color_trc bt709"), "\(printed)")
        #expect(try runCommand(["sh", "-c", printed + " -v error -nostdin"], in: directory).status == 0, "\(printed)")
        #expect(try ffprobe("slow.fixed.mp4", "v:0", colours, in: directory) == "yuv420p,tv,bt709,bt709,bt709")
        // The fix and the printed command make the same pictures (on FFmpeg 7.1 on, only when the
        // fix tells its graph the frames' matrix and range, as the CLI does).
        let psnr = try runCommand(
            ["sh", "-c", "ffmpeg -nostats -i fixed.mp4 -i slow.fixed.mp4 -lavfi psnr -f null - 2>&1"], in: directory
        ).stdout
        let average = psnr.components(separatedBy: "average:").dropFirst().first.map { String($0.prefix { !$0.isWhitespace }) }
        #expect(average == "inf" || (average.flatMap(Double.init) ?? 0) >= 40, "\(psnr.suffix(200))")
        #expect(runReelshare(["validate", "--target", "fb-reels-api", "fixed.mp4"], in: directory).status == 0)
        // Copied (ig-reels-api: only the index moves), HLG and 10 bits stay.
        try hlg("thirty.mov", rate: 30)
        let copy = runReelshare(["fix", "--target", "ig-reels-api", "-o", "copied.mp4", "--", "thirty.mov"], in: directory)
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(
            try ffprobe("copied.mp4", "v:0", "stream=pix_fmt,color_transfer", in: directory) == "yuv420p10le,arib-std-b67")
    }
}

extension WhatPlaysTests {
    @Test(
        "an audio-only file for a video target: fix makes an H.264 clip of its length over its cover art, or a black frame, or --still's picture; the printed command does the same"
    )
    func audiograms() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A podcast's MP3 with red cover art (ID3 APIC), a song's M4A without, AAC alone in an MP4.
        // The cover added to the encoded sound, as tagging tools do (FFmpeg 7.1 ends a file made in
        // one step when its one picture frame is written).
        try makeWithFFmpeg(
            "sound.mp3", ["-f", "lavfi", "-i", "sine=d=3.5:r=44100", "-c:a", "libmp3lame", "-ac", "1"], in: directory)
        try makeWithFFmpeg("cover.jpg", ["-f", "lavfi", "-i", "color=c=red:s=600x600", "-frames:v", "1"], in: directory)
        try makeWithFFmpeg(
            "podcast.mp3",
            ["-i", "sound.mp3", "-i", "cover.jpg", "-map", "0", "-map", "1", "-c", "copy", "-disposition:v", "attached_pic"],
            in: directory)
        try makeWithFFmpeg("song.m4a", ["-f", "lavfi", "-i", "sine=d=3.5:r=48000", "-c:a", "aac"], in: directory)
        try makeWithFFmpeg("voice.mp4", ["-f", "lavfi", "-i", "sine=d=3.5:r=16000", "-c:a", "aac"], in: directory)
        try makeWithFFmpeg("green.png", ["-f", "lavfi", "-i", "color=c=green:s=400x300", "-frames:v", "1"], in: directory)
        /// The colour at the canvas's centre and near its top of `file`'s first frame, as R,G,B bytes.
        func centreAndTop(_ file: String) throws -> (centre: [UInt8], top: [UInt8]) {
            let raw = directory.appendingPathComponent("frame.rgb")
            try makeWithFFmpeg("frame.rgb", ["-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24"], in: directory)
            let bytes = [UInt8](try Data(contentsOf: raw))
            try #require(bytes.count == 1080 * 1920 * 3, "\(file): \(bytes.count) bytes")
            func at(_ x: Int, _ y: Int) -> [UInt8] { Array(bytes[(y * 1080 + x) * 3..<(y * 1080 + x) * 3 + 3]) }
            return (at(540, 960), at(540, 20))
        }
        func near(_ colour: [UInt8], _ wanted: [UInt8]) -> Bool {
            zip(colour, wanted).allSatisfy { abs(Int($0) - Int($1)) <= 24 }
        }
        for (name, seconds, centre) in [
            ("podcast.mp3", 3.5, [UInt8]([254, 0, 0])), ("song.m4a", 3.5, [16, 16, 16]), ("voice.mp4", 3.5, [16, 16, 16]),
        ] {
            let found = try findings(name, "ig-reels", in: directory)
            #expect(found.map(\.rule) == ["media.kind"], "\(name): \(found)")
            let verdict = runReelshare(["validate", "--format", "json", "--target", "ig-reels", "--", name], in: directory)
            let target = try #require(
                ((verdict.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
            let finding = try #require((target["findings"] as? [[String: Any]])?.first)
            #expect(finding["limit"] as? String == "backgroundVideo", "\(finding)")
            #expect((finding["message"] as? String)?.contains("cover art") == true, "\(finding)")
            for target in ["ig-reels", "fb-reels-api"] {
                let fix = runReelshare(["fix", "--target", target, "-o", "clip.mp4", "--", name], in: directory)
                #expect(fix.status == 0, "\(name) for \(target): \(fix.stderr)")
                #expect(
                    try ffprobe("clip.mp4", "v:0", "stream=codec_name,width,height,r_frame_rate", in: directory)
                        == "h264,1080,1920,30/1")
                let length = try #require(Double(try ffprobe("clip.mp4", "v:0", "stream=duration", in: directory)))
                #expect(abs(length - seconds) < 0.1, "\(name): \(length) s of picture for \(seconds) s of sound")
                let again = runReelshare(["validate", "--strict", "--target", target, "clip.mp4"], in: directory)
                #expect(again.status == 0, "\(name) for \(target): \(again.stdout)")
                let pixels = try centreAndTop("clip.mp4")
                #expect(near(pixels.centre, centre) && near(pixels.top, [16, 16, 16]), "\(name): \(pixels)")
            }
            // The printed command (ig-reels's) makes the same clip as the fix for fb-reels-api's
            // picture: as many frames, the same colours.
            let printed = try #require(target["fix"] as? String)
            #expect(try runCommand(["sh", "-c", printed + " -v error -nostdin"], in: directory).status == 0, "\(printed)")
            let stem = (name as NSString).deletingPathExtension
            let frames = try ffprobe("\(stem).fixed.mp4", "v:0", "stream=nb_frames", in: directory)
            #expect(frames == (try ffprobe("clip.mp4", "v:0", "stream=nb_frames", in: directory)), "\(printed)")
            #expect(near(try centreAndTop("\(stem).fixed.mp4").centre, centre), "\(printed)")
        }
        // --still chooses the picture.
        let chosen = runReelshare(
            ["fix", "--target", "ig-reels", "--still", "green.png", "-o", "green.mp4", "--", "podcast.mp3"], in: directory)
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(near(try centreAndTop("green.mp4").centre, [0, 128, 0]))
        let refused = runReelshare(
            ["fix", "--target", "ig-reels", "--still", "song.m4a", "--", "podcast.mp3"], in: directory)
        #expect(refused.status == 64 && refused.stderr.contains("--still song.m4a: not a picture"), "\(refused.stderr)")
    }
}

extension WhatPlaysTests {
    @Test(
        "an animated WebP sticker becomes a PNG sticker (its first frame) or a clip (every frame, each as long as it says) through libwebp, on every FFmpeg: held to webpmux, dwebp and webpinfo"
    )
    func animatedWebP() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        // As messaging apps make stickers: libwebp's animation encoder, 40 frames of 100 ms.
        try makeWithFFmpeg(
            "sticker.webp", ["-f", "lavfi", "-i", "testsrc2=s=320x240:r=10:d=4", "-loop", "0", "-c:v", "libwebp_anim"],
            in: directory)
        let info = try runCommand(["webpinfo", "sticker.webp"], in: directory).stdout
        #expect(info.components(separatedBy: "Chunk ANMF").count - 1 == 40, "webpinfo: 40 frames")
        let probe = try #require(try probed("sticker.webp", in: directory)["image"] as? [String: Any])
        #expect(probe["frameCount"] as? Int == 40, "\(probe)")
        // The sticker: its first frame as a PNG, the pixels libwebp's own dwebp gives.
        let sticker = runReelshare(["fix", "--target", "ig-stories", "-o", "first.png", "--", "sticker.webp"], in: directory)
        #expect(sticker.status == 0, "\(sticker.stderr)")
        #expect(try runCommand(["webpmux", "-get", "frame", "1", "sticker.webp", "-o", "one.webp"], in: directory).status == 0)
        #expect(try runCommand(["dwebp", "one.webp", "-o", "one.png"], in: directory).status == 0)
        func pixels(_ file: String) throws -> String {
            try runCommand(
                ["ffmpeg", "-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", "-f", "md5", "-"], in: directory
            )
            .stdout
        }
        #expect(try pixels("first.png") == pixels("one.png"))
        // The clip: 40 frames over 4 s, 10 fps, and its first frame the same picture.
        let clip = runReelshare(
            ["fix", "--target", "ig-reels", "--as", "video", "-o", "clip.mp4", "--", "sticker.webp"], in: directory)
        #expect(clip.status == 0, "\(clip.stderr)")
        #expect(
            try ffprobe("clip.mp4", "v:0", "stream=codec_name,nb_frames,duration,avg_frame_rate", in: directory)
                == "h264,10/1,4.000000,40")
        let psnr = try runCommand(
            [
                "sh", "-c",
                "ffmpeg -nostats -i clip.mp4 -i one.png -lavfi '[0:v]trim=end_frame=1,format=rgb24[a];[1:v]format=rgb24[b];[a][b]psnr' -f null - 2>&1",
            ],
            in: directory
        ).stdout
        let average = psnr.components(separatedBy: "average:").dropFirst().first.flatMap {
            Double($0.prefix { "0123456789.".contains($0) })
        }
        #expect((average ?? 0) > 30, "\(psnr.suffix(200))")
        #expect(runReelshare(["validate", "--strict", "--target", "ig-reels", "clip.mp4"], in: directory).status == 0)
    }
}
