// Every rule on synthetic media values: no files, no C libraries.
import Foundation
import Testing
@testable import ReelShareKit

@Suite("Rules")
struct RulesTests {
    @Test("a clean clip passes every built-in share target with no error or warning (advisories are info)")
    func cleanClip() {
        for profile in ProfileSet.builtin.shareTargets {
            let video = Rules.evaluate(clip(), role: .backgroundVideo, profile: profile, strict: true).findings
            #expect(video.filter { $0.severity != .info } == [], "\(profile.id)")
            guard profile.roles[.sticker] != nil else { continue }  // ig-feed takes no sticker
            let sticker = Rules.evaluate(picture(), role: .sticker, profile: profile, strict: true).findings
            #expect(sticker.filter { $0.severity != .info } == [], "\(profile.id)")
            #expect(sticker.allSatisfy { $0.rule.rawValue.hasPrefix("advisory.") })
        }
    }

    @Test("file.size: over the limit, with a bit-rate fix, or a copy when the shared streams are small")
    func fileSize() throws {
        // 10 s at 46 Mb/s + 128 kb/s: the streams themselves are over 50 MB.
        let big = clip(videoBitRate: 46_000_000, size: 60_000_000)
        let finding = try #require(check(spec("file.size", .warning, max: 50e6), big).first)
        #expect(finding.severity == .warning)
        #expect(finding.message == "60 MB is over the 50 MB limit")
        #expect(finding.actual == .int(60_000_000) && finding.limit == .double(50e6))
        #expect(finding.fix?.contains("-b:v ") == true)
        #expect(check(spec("file.size", max: 50e6), clip(size: 50_000_000)).isEmpty)
        // 10 s at 6 Mb/s in a 60 MB file: the rest is tracks or bytes a copy leaves out.
        let padded = try #require(check(spec("file.size", max: 50e6), clip(size: 60_000_000)).first)
        #expect(padded.fix == "ffmpeg -i clip.mp4 -c:v copy -c:a copy -movflags +faststart -f mp4 clip.fixed.mp4")
        // A stream of unknown rate: the size cannot be told apart, so the fix re-encodes.
        let unknown = try #require(check(spec("file.size", max: 50e6), clip(videoBitRate: nil, size: 60_000_000)).first)
        #expect(unknown.fix?.contains("-b:v ") == true)
        // A 60 MB file that says it lasts a millisecond, or a nanosecond: no rate an encoder could be
        // held to (before, -bufsize 35999987k, and a trap converting a larger one).
        for seconds in [0.001, 1e-9, 1e-300] {
            let brief = try #require(
                check(spec("file.size", max: 50e6), clip(duration: seconds, videoBitRate: nil, size: 60_000_000)).first)
            #expect(brief.fix == nil, "\(seconds): \(brief.fix ?? "")")
        }
        // A long clip's rate buffer is two seconds' worth, however long the file says it is.
        let settings = Remedies.bitRateCap(4000, seconds: 1e300)
        #expect(settings.bitRateKbps == 4000 && settings.bufferKbps == 8000)
    }

    @Test("file.truncated")
    func truncated() {
        #expect(check(spec("file.truncated"), clip(truncated: true)).first?.rule.rawValue == "file.truncated")
        #expect(check(spec("file.truncated"), clip()).isEmpty)
    }

    @Test("video.container: rewrap H.264, transcode others")
    func container() throws {
        let rule = spec("video.container", allowed: ["mp4", "mov", "webm"])
        let mkv = try #require(check(rule, clip(container: "matroska", family: .matroska, path: "a.mkv")).first)
        #expect(mkv.message == "container matroska is not accepted (accepted: mp4, mov, webm)")
        #expect(mkv.fix == "ffmpeg -i a.mkv -c:v copy -c:a copy -movflags +faststart -f mp4 a.fixed.mp4")
        let avi = try #require(check(rule, clip(container: "avi", family: .other, codec: "mpeg4", path: "b.avi")).first)
        #expect(avi.fix?.contains("-c:v libx264") == true)
        #expect(check(rule, clip(container: "mov")).isEmpty)
    }

    @Test("video.codec")
    func codec() throws {
        let rule = spec("video.codec", allowed: ["h264", "hevc", "vp8", "vp9"])
        for codec in ["av1", "mpeg4", "prores"] {
            let finding = try #require(check(rule, clip(codec: codec)).first)
            #expect(finding.actual == .string(codec))
            #expect(
                finding.fix
                    == "ffmpeg -threads 1 -i clip.mp4 -fps_mode passthrough -c:v libx264 -profile:v high -pix_fmt yuv420p -threads 2 -x264-params sliced-threads=1:rc-lookahead=3:ref=2:bframes=2:b-pyramid=none -c:a copy -movflags +faststart -f mp4 clip.fixed.mp4"
            )
        }
        #expect(
            check(rule, clip(codec: "av1")).first?.message == "video codec AV1 is not accepted (accepted: H.264, H.265, VP8, VP9)"
        )
        for codec in ["h264", "hevc", "vp8", "vp9"] { #expect(check(rule, clip(codec: codec)).isEmpty) }
    }

    @Test("video.duration.min and .max, with exact wording at the edge")
    func duration() throws {
        let max = spec("video.duration.max", max: 20)
        #expect(check(max, clip(duration: 25)).first?.message == "25.0 s is longer than the 20 s limit")
        #expect(check(max, clip(duration: 20.04)).first?.message == "20.04 s is longer than the 20 s limit")
        #expect(check(max, clip(duration: 20)).isEmpty)
        // A trim ends a frame (1/30 s) and a copied audio packet (2048 samples at 48 kHz) short of the limit.
        #expect(check(max, clip(duration: 25)).first?.fix?.contains(" -t 19.924 ") == true)
        // At 8 kHz an audio packet is 0.256 s.
        let lowRate = clip(
            duration: 25, audio: AudioStream(codec: "aac", codecID: .aac, sampleRate: 8000, channels: 1, bitRate: 16_000))
        #expect(check(max, lowRate).first?.fix?.contains(" -t 19.71 ") == true, "\(check(max, lowRate).first?.fix ?? "")")
        let min = spec("video.duration.min", min: 3)
        let short = try #require(check(min, clip(duration: 2)).first)
        #expect(short.message == "2.0 s is shorter than the 3 s minimum")
        #expect(short.fix?.hasPrefix("ffmpeg -stream_loop -1 -threads 1 -i clip.mp4 -t 3.1 ") == true)
        // fix measures a pass as the CLI of the release it runs with: 5.1 to 6.1 (libavformat 59,
        // 60) by the sound's own span, 7.0 (61) on by the file's.
        #expect([59, 60, 61, 62].map { LoopPass(libavformatMajor: $0) } == [.streamSpan, .streamSpan, .fileSpan, .fileSpan])
        #expect(check(min, clip(duration: 3)).isEmpty)
        // Unknown duration cannot be checked: a warning says so.
        let unknown = try #require(check(max, clip(duration: nil)).first)
        #expect(unknown.severity == .warning && unknown.message == "cannot check: duration unknown")
    }

    @Test("video.resolution uses the displayed shorter side")
    func resolution() throws {
        let rule = spec("video.resolution", .warning, max: 1080)
        let uhd = try #require(check(rule, clip(width: 2160, height: 3840)).first)
        #expect(uhd.message == "2160x3840 is above 1080p")
        #expect(uhd.fix?.contains("-vf scale=1080:1920,setsar=1 ") == true, "\(uhd.fix ?? "")")
        let landscape = try #require(check(rule, clip(width: 3840, height: 2160)).first)
        #expect(landscape.fix?.contains("-vf scale=1920:1080,setsar=1 ") == true)
        // Coded 1920x1080 turned a quarter is 1080x1920 on screen: fine.
        #expect(check(rule, clip(width: 1920, height: 1080, rotation: 90)).isEmpty)
        let minimum = spec("video.resolution", min: 540)
        #expect(check(minimum, clip(width: 360, height: 640)).first?.message == "360x640 is below the 540p minimum")
    }

    @Test("video.width and video.aspect")
    func widthAndAspect() {
        #expect(check(spec("video.width", max: 1920), clip(width: 3840, height: 2160)).first?.rule.rawValue == "video.width")
        #expect(check(spec("video.width", max: 1920), clip()).isEmpty)
        let nineBySixteen = spec("video.aspect", min: 0.55, max: 0.575)
        #expect(check(nineBySixteen, clip()).isEmpty)
        #expect(check(nineBySixteen, clip(width: 1920, height: 1080)).first?.message.hasPrefix("aspect ratio 1.778") == true)
    }

    @Test("video.frame-rate and video.frame-rate.constant")
    func frameRate() throws {
        let rule = spec("video.frame-rate", min: 23, max: 60)
        #expect(check(rule, clip(fps: 15)).first?.message == "15 fps is below the 23 fps minimum")
        // The nearest common rate inside the limits that keeps frames even: every other frame of
        // 120, each frame of 15 twice (of 20, thrice), 23.976 to 24; 17 fps has no even one, so
        // the nearest.
        #expect(check(rule, clip(fps: 120)).first?.fix?.contains("fps=60") == true)
        #expect(check(rule, clip(fps: 15)).first?.fix?.contains("fps=30") == true)
        #expect(
            check(spec("video.frame-rate", min: 24, max: 60), clip(fps: 24000.0 / 1001)).first?.fix?.contains("fps=24") == true)
        #expect(check(rule, clip(fps: 20)).first?.fix?.contains("fps=60") == true)
        #expect(check(rule, clip(fps: 17)).first?.fix?.contains("fps=24") == true)
        #expect(check(rule, clip(fps: 29.97)).isEmpty)
        let constant = spec("video.frame-rate.constant")
        #expect(check(constant, clip()).first?.message == "cannot check: needs a packet scan (--deep)")
        var vfr = deepScan
        vfr.variableFrameRate = true
        #expect(check(constant, clip(deep: vfr)).first?.rule.rawValue == "video.frame-rate.constant")
        #expect(check(constant, clip(deep: deepScan)).isEmpty)
    }

    @Test("video.bitrate")
    func bitRate() throws {
        let finding = try #require(check(spec("video.bitrate", max: 25e6), clip(videoBitRate: 40_000_000)).first)
        #expect(finding.message == "video bit rate 40 Mb/s is over the 25 Mb/s limit")
        #expect(check(spec("video.bitrate", max: 25e6), clip()).isEmpty)
    }

    @Test("video.fast-start with a stream-copy fix; video.edit-list decoded through, so a cut stays cut")
    func indexAndEditList() throws {
        let slow = try #require(check(spec("video.fast-start"), clip(fastStart: false)).first)
        #expect(slow.fix == "ffmpeg -i clip.mp4 -c:v copy -c:a copy -movflags +faststart -f mp4 clip.fixed.mp4")
        #expect(check(spec("video.fast-start"), clip()).isEmpty)
        let edits = try #require(check(spec("video.edit-list"), clip(editList: true, editListEffect: .trim)).first)
        #expect(edits.message == "an edit list trims the video")
        #expect(
            edits.fix
                == "ffmpeg -threads 1 -i clip.mp4 -fps_mode passthrough -c:v libx264 -profile:v high -pix_fmt yuv420p -threads 2 -x264-params sliced-threads=1:rc-lookahead=3:ref=2:bframes=2:b-pyramid=none -af atrim=start=0.021333 -c:a aac -b:a 128k -use_editlist 0 -movflags +faststart+negative_cts_offsets -f mp4 clip.fixed.mp4"
        )
        #expect(check(spec("video.edit-list"), clip(editList: true, editListEffect: .delay)).first?.actual == .string("delay"))
        #expect(check(spec("video.edit-list"), clip()).isEmpty)
        // The edit list muxers write for the B-frame delay changes nothing.
        #expect(check(spec("video.edit-list"), clip(editList: true, editListEffect: .noChange)).isEmpty)
    }

    @Test("video.keyframe-interval needs --deep and checks both ends")
    func keyframes() throws {
        let rule = spec("video.keyframe-interval", min: 2, max: 5)
        #expect(check(rule, clip()).first?.severity == .warning)
        var sparse = deepScan
        sparse.maxKeyframeIntervalSeconds = 10
        let finding = try #require(check(rule, clip(deep: sparse)).first)
        #expect(finding.message == "keyframes 10 s apart, over the 5 s limit")
        #expect(finding.fix?.contains("expr:gte(t,n_forced*4)") == true)
        var dense = deepScan
        dense.maxKeyframeIntervalSeconds = 0.5
        #expect(check(rule, clip(deep: dense)).first?.message == "keyframes 0.5 s apart, under the 2 s minimum")
        #expect(check(rule, clip(deep: deepScan)).isEmpty)
    }

    @Test("video.chroma: the subsampling the probe names (FFmpeg's descriptor of the pixel format, FixtureProbeTests)")
    func chroma() {
        let rule = spec("video.chroma", allowed: ["4:2:0"])
        #expect(check(rule, clip(pixelFormat: "nv12", chroma: .c420)).isEmpty)
        #expect(check(rule, clip(pixelFormat: "yuv444p", chroma: .c444)).first?.actual == .string("4:4:4"))
        #expect(check(rule, clip(pixelFormat: "yuv422p10le", chroma: .c422)).first?.actual == .string("4:2:2"))
        #expect(check(rule, clip(pixelFormat: "pal8", chroma: nil)).first?.actual == .string("unknown"))
    }

    @Test("video.decodes")
    func decodes() {
        var broken = deepScan
        broken.firstFrameDecodes = false
        #expect(check(spec("video.decodes"), clip(deep: broken)).first?.message == "the first video frame does not decode")
        #expect(check(spec("video.decodes"), clip(deep: deepScan)).isEmpty)
    }

    @Test("audio rules apply only when there is audio")
    func audio() throws {
        let opus = AudioStream(codec: "opus", codecID: .opus, sampleRate: 48000, channels: 2, bitRate: 96_000)
        let codec = try #require(
            check(
                spec("audio.codec", allowed: ["aac"]),
                clip(container: "webm", family: .matroska, codec: "vp9", audio: opus, path: "a.webm")
            ).first
        )
        #expect(codec.fix == "ffmpeg -i a.webm -c:v copy -c:a aac -b:a 128k -movflags +faststart -f mp4 a.fixed.mp4")
        #expect(check(spec("audio.codec", allowed: ["aac"]), clip(audio: nil)).isEmpty)
        let hiRes = AudioStream(codec: "aac", codecID: .aac, sampleRate: 96000, channels: 6, bitRate: 320_000)
        #expect(check(spec("audio.sample-rate", max: 48000), clip(audio: hiRes)).first?.fix?.contains("-ar 48000") == true)
        #expect(
            check(spec("audio.channels", min: 1, max: 2), clip(audio: hiRes)).first?.message == "6 audio channels, more than 2")
        let mono = AudioStream(codec: "aac", codecID: .aac, sampleRate: 44100, channels: 1, bitRate: 64_000)
        #expect(
            check(spec("audio.channels", min: 2, max: 2), clip(audio: mono)).first?.message == "1 audio channel, fewer than 2")
        #expect(
            check(spec("audio.sample-rate", min: 48000, max: 48000), clip(audio: mono)).first?.message
                == "44100 Hz is below 48000 Hz")
        #expect(check(spec("audio.bitrate", min: 128_000), clip(audio: mono)).first?.rule.rawValue == "audio.bitrate")
        #expect(check(spec("audio.bitrate", max: 128_000), clip(audio: hiRes)).first?.rule.rawValue == "audio.bitrate")
        #expect(check(spec("audio.bitrate", min: 128_000), clip()).isEmpty)
    }

    @Test("image.format, with a PNG conversion fix")
    func imageFormat() throws {
        let rule = spec("image.format", allowed: ["png", "jpeg"])
        let gif = try #require(check(rule, picture(format: "gif", path: "s.gif"), role: .sticker).first)
        #expect(gif.message == "GIF is not accepted (accepted: PNG, JPEG)")
        #expect(gif.fix == "ffmpeg -i s.gif -frames:v 1 -f image2 -c:v png s.fixed.png")
        #expect(
            check(rule, picture(format: "heic", path: "s.heic"), role: .sticker).first?.fix
                == "reelshare fix --target t -o s.fixed.jpg -- s.heic")
        // reelshare's own command says the role and --strict it was checked with.
        #expect(
            check(rule, picture(format: "heic", path: "s.heic"), role: .backgroundImage, strict: true).first?.fix
                == "reelshare fix --target t --as background --strict -o s.fixed.jpg -- s.heic")
        #expect(check(rule, picture(format: "jpeg"), role: .sticker).isEmpty)
    }

    @Test("a HEIC or AVIF becomes the JPEG a target takes, the PNG where it has alpha; an HDR one has no fix, and says why")
    func heifFormat() throws {
        func photo(_ format: ImageFileFormat, alpha: Bool? = nil, colour: VideoColour? = nil) -> ProbeReport {
            var image = ImageMedia(format: format, width: 640, height: 480, hasAlpha: alpha)
            image.colour = colour
            return ProbeReport(path: "p.\(format)", sizeBytes: 20_000, content: .image(image))
        }
        let both = spec("image.format", allowed: ["png", "jpeg"])
        #expect(
            check(both, photo(.avif, alpha: true), role: .sticker).first?.fix
                == "reelshare fix --target t -o p.fixed.png -- p.avif")
        #expect(
            check(spec("image.format", allowed: ["jpeg"]), photo(.avif, alpha: true), role: .sticker).first?.fix?.hasSuffix(
                "-o p.fixed.jpg -- p.avif") == true)
        #expect(
            check(spec("image.format", allowed: ["png"]), photo(.heic), role: .sticker).first?.fix?.hasSuffix(
                "-o p.fixed.png -- p.heic") == true)
        let hdr = try #require(
            check(both, photo(.heic, colour: VideoColour(transfer: "arib-std-b67", primaries: "bt2020")), role: .sticker).first)
        #expect(
            hdr.fix == nil && hdr.message.hasPrefix("an HDR (HLG) HEIC is not accepted")
                && hdr.message.contains("does not tone-map"))
    }

    @Test("image.dimensions by mode; image.aspect within 1%")
    func imageSize() {
        let max = spec("image.dimensions", .warning, width: 640, height: 480, mode: "max")
        #expect(
            check(max, picture(width: 1280, height: 960), role: .sticker).first?.message
                == "1280x960 is larger than the recommended 640x480")
        #expect(check(max, picture(width: 320, height: 240), role: .sticker).isEmpty)
        let exact = spec("image.dimensions", .warning, width: 720, height: 1280, mode: "exact")
        #expect(
            check(exact, picture(width: 1080, height: 1920), role: .backgroundImage).first?.message == "1080x1920 is not 720x1280"
        )
        #expect(check(exact, picture(width: 720, height: 1280), role: .backgroundImage).isEmpty)
        let min = spec("image.dimensions", width: 720, height: 1280, mode: "min")
        #expect(check(min, picture(width: 360, height: 640), role: .backgroundImage).count == 1)
        let aspect = spec("image.aspect", .warning, allowed: ["9:16", "9:18"])
        #expect(check(aspect, picture(width: 1080, height: 1920), role: .backgroundImage).isEmpty)
        #expect(check(aspect, picture(width: 1080, height: 2160), role: .backgroundImage).isEmpty)
        #expect(
            check(aspect, picture(width: 1000, height: 1000), role: .backgroundImage).first?.message
                == "1000x1000 is not 9:16 or 9:18")
    }

    @Test("intrinsic rules: unreadable files, wrong kinds, roles a target does not take")
    func intrinsic() throws {
        let igReels = try #require(ProfileSet.builtin.profile("ig-reels"))
        let missing = ProbeReport(path: "x.mp4", sizeBytes: nil, content: .failure(ProbeFailure(.notFound, "no such file")))
        let unreadable = Rules.evaluate(missing, role: .backgroundVideo, profile: igReels, strict: false)
        #expect(unreadable.findings.map(\.rule.rawValue) == ["media.unreadable"] && !unreadable.accepted)
        let audioOnly = ProbeReport(
            path: "a.m4a", sizeBytes: 9,
            content: .av(AVMedia(container: "m4a", family: .isoBMFF, audio: AudioStream(codec: "aac", codecID: .aac))))
        #expect(
            Rules.evaluate(audioOnly, role: .backgroundVideo, profile: igReels, strict: false).findings.first?.rule.rawValue
                == "media.kind")
        let fbReels = try #require(ProfileSet.builtin.profile("fb-reels"))
        let background = Rules.evaluate(picture(), role: .backgroundImage, profile: fbReels, strict: false)
        #expect(background.findings.map(\.rule.rawValue) == ["media.role"])
        #expect(background.findings.first?.message == "fb-reels takes no background image (it takes: background video, sticker)")
        // Instagram Reels takes an image on Android only: on iOS it is an error that says where.
        let both = Rules.evaluate(picture(format: "jpeg"), role: .backgroundImage, profile: igReels, strict: false)
        #expect(both.findings.map(\.rule.rawValue) == ["media.role"] && !both.accepted)
        #expect(both.findings.first?.platforms == [.ios])
        #expect(
            both.findings.first?.message
                == "iOS: ig-reels takes no background image there; on Android it does (--platform android)")
        let android = Rules.evaluate(
            picture(format: "jpeg"), role: .backgroundImage, profile: igReels, strict: true, platforms: [.android])
        #expect(android.findings.isEmpty && android.accepted)
    }

    @Test("--strict turns warnings into errors, never info")
    func strict() {
        let big = clip(width: 2160, height: 3840)
        let rule = spec("video.resolution", .warning, max: 1080)
        #expect(check(rule, big).first?.severity == .warning)
        #expect(check(rule, big, strict: true).first?.severity == .error)
        #expect(check(spec("video.resolution", .info, max: 1080), big, strict: true).first?.severity == .info)
    }
}
