// Every rule on synthetic media values: no files, no C libraries.
import Foundation
import Testing
@testable import ReelShareKit

/// A clean 10 s 1080x1920 H.264/AAC MP4 that every share target accepts.
private func clip(
    container: String = "mp4", family: ContainerFamily = .isoBMFF, duration: Double? = 10, codec: String = "h264",
    profile: String? = "High",
    codecTag: String? = nil, width: Int = 1080, height: Int = 1920,
    rotation: Int = 0, fps: Double = 30, pixelFormat: String = "yuv420p", chroma: Chroma? = .c420, bitDepth: Int = 8,
    videoBitRate: Int? = 6_000_000,
    audio: AudioStream? = AudioStream(codec: "aac", codecID: .aac, sampleRate: 48000, channels: 2, bitRate: 128_000),
    fastStart: Bool? = true, editList: Bool? = false, editListEffect: EditListEffect? = nil, truncated: Bool = false,
    deep: DeepScan? = nil, size: Int = 8_000_000, path: String = "clip.mp4"
) -> ProbeReport {
    // What the probe's C side names (rs_av_codec_id) for the codecs these tests use.
    let ids: [String: CodecID] = ["h264": .h264, "hevc": .hevc, "vp8": .vp8, "vp9": .vp9, "av1": .av1]
    let video = VideoStream(
        codec: codec, codecID: ids[codec], profile: profile, width: width, height: height, rotation: rotation, frameRate: fps,
        pixelFormat: pixelFormat, chroma: chroma, bitDepth: bitDepth, bitRate: videoBitRate, codecTag: codecTag)
    var media = AVMedia(
        container: container, family: family, durationSeconds: duration, bitRate: nil,
        fastStart: fastStart,
        editList: editList, truncated: truncated, video: video, audio: audio, deep: deep)
    media.editListEffect = editListEffect
    return ProbeReport(path: path, sizeBytes: size, content: .av(media))
}

private func picture(
    format: String = "png", width: Int = 640, height: Int = 480, size: Int = 20_000, frames: Int? = nil,
    orientation: Int? = nil, path: String = "sticker.png"
) -> ProbeReport {
    ProbeReport(
        path: path, sizeBytes: size,
        content: .image(
            ImageMedia(
                format: ImageFileFormat(rawValue: format), width: width, height: height, frameCount: frames,
                orientation: orientation)
        ))
}

/// A rule as a profile file states it, decoded as --profile decodes it.
private func spec(
    _ rule: String, _ severity: Severity = .error, allowed: [String]? = nil, min: Double? = nil,
    max: Double? = nil, width: Int? = nil, height: Int? = nil, mode: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> RuleSpec {
    var object: [String: JSON] = ["rule": .string(rule), "severity": .string(severity.rawValue), "source": .string("test")]
    if let allowed { object["allowed"] = .array(allowed.map(JSON.string)) }
    if let min { object["min"] = .double(min) }
    if let max { object["max"] = .double(max) }
    if let width { object["width"] = .int(width) }
    if let height { object["height"] = .int(height) }
    if let mode { object["mode"] = .string(mode) }
    do {
        return try JSONDecoder().decode(RuleSpec.self, from: Data(JSON.object(object).serialized.utf8))
    } catch {
        Issue.record("\(rule) does not decode: \(error)", sourceLocation: sourceLocation)
        return RuleSpec(FileTruncated(), severity, source: "test")
    }
}

/// The findings of one rule on one report in `role`.
private func check(_ rule: RuleSpec, _ report: ProbeReport, role: Role = .backgroundVideo, strict: Bool = false) -> [Finding] {
    let profile = TargetProfile(id: "t", name: "T", purpose: .publish, summary: "test", roles: [role: [rule]])
    return Rules.evaluate(report, role: role, profile: profile, strict: strict).findings
}

private let deepScan = DeepScan(
    videoPackets: 300, keyframes: 5, maxKeyframeIntervalSeconds: 2, variableFrameRate: false,
    firstFrameDecodes: true)

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
                    == "ffmpeg -i clip.mp4 -fps_mode passthrough -c:v libx264 -profile:v high -pix_fmt yuv420p -c:a copy -movflags +faststart -f mp4 clip.fixed.mp4"
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
        #expect(short.fix?.hasPrefix("ffmpeg -stream_loop -1 -i clip.mp4 -t 3.1 ") == true)
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
                == "ffmpeg -i clip.mp4 -fps_mode passthrough -c:v libx264 -profile:v high -pix_fmt yuv420p -af atrim=start=0.021333 -c:a aac -b:a 128k -use_editlist 0 -movflags +faststart+negative_cts_offsets -f mp4 clip.fixed.mp4"
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
            check(rule, picture(format: "heic", path: "s.heic"), role: .sticker).first?.fix == "heif-convert s.heic s.fixed.png")
        #expect(check(rule, picture(format: "jpeg"), role: .sticker).isEmpty)
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

    @Test("verdicts: any target without --target, every target with it")
    func verdicts() {
        let targets = ProfileSet.builtin.shareTargets
        let twentyFive = clip(duration: 25)
        let any = Validator.validate(twentyFive, against: targets, imageRole: .sticker, strict: false, requireAll: false)
        #expect(any.accepted)
        #expect(any.verdicts.map(\.accepted) == [true, true, false, false, true])  // ig-feed takes 10 minutes
        let all = Validator.validate(twentyFive, against: targets, imageRole: .sticker, strict: false, requireAll: true)
        #expect(!all.accepted)
        #expect(Validator.role(of: picture(), imageRole: .backgroundImage) == .backgroundImage)
        #expect(Validator.role(of: picture(), imageRole: .sticker) == .sticker)
    }

    @Test(
        "a picture that starts less than a frame after its sound: the cut counted from the sound's first sample, on every FFmpeg"
    )
    func leadCutFromTheSound() throws {
        // A browser's WebM: VP9 7 ms after the Opus sound's first decoded sample.
        let opus = AudioStream(codec: "opus", codecID: .opus, sampleRate: 48000, channels: 2, bitRate: 96_000)
        func webm(fps: Double, start: Double = 0.007) -> ProbeReport {
            var report = clip(
                container: "matroska,webm", family: .matroska, codec: "vp9", profile: nil, fps: fps, audio: opus,
                fastStart: nil, editList: nil, path: "web.webm")
            if case .av(var media) = report.content {
                media.startSeconds = start
                report.content = .av(media)
            }
            return report
        }
        func fix(_ target: String, _ report: ProbeReport) throws -> String {
            let profile = try #require(ProfileSet.builtin.profile(target))
            return try #require(Rules.evaluate(report, role: .backgroundVideo, profile: profile, strict: false).fix)
        }
        // No edit list: the picture moves to the start, and the sound is cut by its lead and the
        // encoder's priming (1024 samples at 48 kHz).
        let moved = try fix("ig-reels-api", webm(fps: 30))
        #expect(moved.contains(" -vf setpts=PTS-STARTPTS -fps_mode passthrough -c:v libx264 "), "\(moved)")
        #expect(moved.contains(" -af asetpts=PTS-STARTPTS,atrim=start=0.028333 -c:a aac "), "\(moved)")
        // An edit list kept, 15 fps made 30: the first frame moves to the start's grid point, and the
        // sound is cut by its lead and played from the start.
        let converted = try fix("fb-reels-api", webm(fps: 15))
        #expect(converted.contains(" -vf setpts=PTS-STARTPTS,fps=30 "), "\(converted)")
        #expect(
            converted.contains(" -af asetpts=PTS-STARTPTS,atrim=start=0.007000,asetpts=PTS-STARTPTS -c:a aac "), "\(converted)")
        // Started together: both counted from their first sample, the sound cut by the priming only.
        let together = try fix("ig-reels-api", webm(fps: 30, start: 0))
        #expect(together.contains(" -vf setpts=PTS-STARTPTS -fps_mode passthrough -c:v libx264 "), "\(together)")
        #expect(together.contains(" -af asetpts=PTS-STARTPTS,atrim=start=0.021333 -c:a aac "), "\(together)")
        let gridded = try fix("fb-reels-api", webm(fps: 15, start: 0))
        #expect(gridded.contains(" -vf setpts=PTS-STARTPTS,fps=30 "), "\(gridded)")
        #expect(gridded.contains(" -af asetpts=PTS-STARTPTS -c:a aac "), "\(gridded)")
        // A picture a frame or more after its sound is held from the start instead (no cut).
        #expect(try !fix("ig-reels-api", webm(fps: 30, start: 0.05)).contains("asetpts"))
    }

    @Test("one command applies every fix of a target together")
    func combinedFix() throws {
        let profile = try #require(ProfileSet.builtin.profile("ig-reels-api"))
        // Too long, 4:4:4, odd-sized, index at the end, Opus audio in a MOV (made AAC, its first 1024
        // samples, the new priming's length, cut: no edit list will hide the encoder's priming).
        let opus = AudioStream(codec: "opus", codecID: .opus, sampleRate: 48000, channels: 2, bitRate: 96_000)
        let report = clip(
            container: "mov", duration: 1000, width: 161, height: 91, pixelFormat: "yuv444p", chroma: .c444, audio: opus,
            fastStart: false, deep: deepScan, path: "in.mov")
        let verdict = Rules.evaluate(report, role: .backgroundVideo, profile: profile, strict: false)
        #expect(
            Set(verdict.findings.map(\.rule.rawValue)) == [
                "video.fast-start", "video.chroma", "audio.codec", "video.duration.max",
            ])
        #expect(
            verdict.fix
                == "ffmpeg -i in.mov -t 899.924 -vf 'scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2)' -fps_mode passthrough -c:v libx264 -profile:v high -pix_fmt yuv420p "
                + "-af atrim=start=0.021333 -c:a aac -b:a 128k -use_editlist 0 -movflags +faststart+negative_cts_offsets -f mp4 in.fixed.mp4"
        )
        // Where the target forbids edit lists, any rewrite leaves them out.
        let long = Rules.evaluate(
            clip(duration: 1000, deep: deepScan, path: "in.mp4"), role: .backgroundVideo, profile: profile, strict: false)
        #expect(long.findings.map(\.rule.rawValue) == ["video.duration.max"])
        #expect(long.fix?.contains("-t 899.924") == true && long.fix?.contains("-use_editlist 0") == true)
        // Otherwise a single finding's own fix is the verdict's fix.
        let reels = try #require(ProfileSet.builtin.profile("ig-reels"))
        let seventy = Rules.evaluate(clip(duration: 70), role: .backgroundVideo, profile: reels, strict: false, platforms: [.ios])
        #expect(seventy.findings.count == 1 && seventy.fix == seventy.findings[0].fix && seventy.fix != nil)
    }

    @Test("codec and container as a pair: VP9 in MP4 and H.264 in WebM are refused, with a remux where one does")
    func codecContainer() throws {
        let reels = try #require(ProfileSet.builtin.profile("ig-reels"))
        func errors(_ report: ProbeReport) -> [String] {
            Rules.evaluate(report, role: .backgroundVideo, profile: reels, strict: false).findings.filter {
                $0.severity == .error
            }
            .map(\.rule.rawValue)
        }
        let vp9InMP4 = clip(codec: "vp9", profile: "Profile 0", path: "chrome.mp4")
        #expect(errors(vp9InMP4) == ["video.codec-container"])
        let finding = try #require(Rules.evaluate(vp9InMP4, role: .backgroundVideo, profile: reels, strict: false).findings.first)
        #expect(finding.message.hasPrefix("VP9 in mp4 is not accepted: VP9 goes in webm"))
        #expect(finding.fix == "ffmpeg -i chrome.mp4 -c:v copy -c:a libopus -b:a 96k -f webm chrome.fixed.webm")
        let h264InWebM = clip(
            container: "webm", family: .matroska, audio: AudioStream(codec: "opus", codecID: .opus), path: "chrome.webm")
        #expect(errors(h264InWebM) == ["video.codec-container"])
        #expect(
            Rules.evaluate(h264InWebM, role: .backgroundVideo, profile: reels, strict: false).fix
                == "ffmpeg -i chrome.webm -c:v copy -c:a aac -b:a 128k -movflags +faststart -f mp4 chrome.fixed.mp4")
        #expect(
            errors(
                clip(
                    container: "webm", family: .matroska, codec: "vp9", profile: "Profile 0",
                    audio: AudioStream(codec: "opus", codecID: .opus))
            ).isEmpty)
        // A container or codec that is refused outright is the other rules' to say.
        #expect(
            errors(clip(container: "avi", family: .other, codec: "mpeg4", profile: "Simple Profile")).sorted() == [
                "video.codec", "video.container",
            ])
    }

    @Test("3GP is let through with a warning that says why")
    func threeGP() throws {
        let reels = try #require(ProfileSet.builtin.profile("fb-reels"))
        let verdict = Rules.evaluate(
            clip(container: "3gp", path: "old.3gp"), role: .backgroundVideo, profile: reels, strict: false)
        #expect(verdict.accepted)
        let warning = try #require(verdict.findings.first { $0.rule.rawValue == "video.container" })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("AVFoundation") && warning.source.contains("3GPP"))
        #expect(warning.fix == "ffmpeg -i old.3gp -c:v copy -c:a copy -movflags +faststart -f mp4 old.fixed.mp4")
    }

    @Test("what an iPhone plays: HEVC tagged hev1, H.264 High 10/4:2:2/4:4:4 are iOS errors; Android differs")
    func iPhone() throws {
        let stories = try #require(ProfileSet.builtin.profile("ig-stories"))
        func findings(_ report: ProbeReport, _ platforms: Set<Platform>) -> [Finding] {
            Rules.evaluate(report, role: .backgroundVideo, profile: stories, strict: false, platforms: platforms).findings
        }
        let hev1 = clip(codec: "hevc", profile: "Main", codecTag: "hev1", path: "x265.mp4")
        let tag = try #require(findings(hev1, [.ios]).first { $0.rule.rawValue == "video.codec-tag" })
        #expect(tag.severity == .error && tag.platforms == [.ios] && tag.message.hasPrefix("iOS: H.265 tagged hev1"))
        #expect(tag.fix == "ffmpeg -i x265.mp4 -c:v copy -tag:v hvc1 -c:a copy -movflags +faststart -f mp4 x265.fixed.mp4")
        #expect(findings(hev1, [.android]).allSatisfy { $0.rule.rawValue != "video.codec-tag" })
        #expect(findings(clip(codec: "hevc", profile: "Main", codecTag: "hvc1"), [.ios]).isEmpty)
        for (profile, format, depth) in [
            ("High 10", "yuv420p10le", 10), ("High 4:2:2", "yuv422p", 8), ("High 4:4:4 Predictive", "yuv444p", 8),
        ] {
            let report = clip(profile: profile, pixelFormat: format, bitDepth: depth)
            let ios = try #require(findings(report, [.ios]).first { $0.rule.rawValue == "video.profile" }, "\(profile)")
            #expect(ios.severity == .error, "\(profile)")
            #expect(ios.fix?.contains("-c:v libx264 -profile:v high -pix_fmt yuv420p") == true)
            let android = try #require(findings(report, [.android]).first { $0.rule.rawValue == "video.profile" })
            #expect(android.severity == .warning && android.platforms == [.android])
        }
        #expect(
            findings(clip(profile: "High 10", pixelFormat: "yuv420p10le", bitDepth: 10), [.ios]).first?.message.contains("10-bit")
                == true)
    }

    @Test("images are judged as shown: EXIF orientation 6 turns 1280x720 into 720x1280")
    func displayedImages() throws {
        let stories = try #require(ProfileSet.builtin.profile("ig-stories"))
        let portrait = picture(format: "jpeg", width: 1280, height: 720, orientation: 6)
        #expect(
            Rules.evaluate(portrait, role: .backgroundImage, profile: stories, strict: true).findings.filter {
                $0.severity != .info
            }
            .isEmpty)
        let landscape = picture(format: "jpeg", width: 1280, height: 720)
        #expect(
            Rules.evaluate(landscape, role: .backgroundImage, profile: stories, strict: false).findings.map(\.rule.rawValue) == [
                "image.dimensions", "image.aspect",
            ])
        // A stored 640x480 sticker shown 480x640 is within 640x480? No: 640 is taller than 480.
        let sticker = Rules.evaluate(
            picture(width: 640, height: 480, orientation: 6), role: .sticker, profile: stories, strict: false)
        #expect(sticker.findings.first?.message == "480x640 is larger than the recommended 640x480 (640x480 is recommended)")
    }

    @Test("background images of 1080x1920 pass every target that takes one without a size finding")
    func fullHDBackground() {
        for profile in ProfileSet.builtin.shareTargets where profile.accepts(.backgroundImage) {
            let platforms = Set(Platform.allCases.filter { profile.takes(.backgroundImage, on: $0) })
            let findings = Rules.evaluate(
                picture(format: "jpeg", width: 1080, height: 1920, size: 900_000), role: .backgroundImage, profile: profile,
                strict: true, platforms: platforms)
            #expect(findings.findings.filter { $0.severity != .info }.isEmpty, "\(profile.id): \(findings.findings)")
        }
    }

    @Test("animated stickers are warned about, with their frame count")
    func animatedSticker() throws {
        let reels = try #require(ProfileSet.builtin.profile("ig-reels"))
        let finding = try #require(
            Rules.evaluate(picture(frames: 24, path: "wave.png"), role: .sticker, profile: reels, strict: false).findings.first)
        #expect(finding.rule.rawValue == "image.animated" && finding.severity == .warning)
        #expect(finding.message.hasPrefix("an animated PNG of 24 frames: the composer shows its first frame only"))
        #expect(finding.fix == "ffmpeg -i wave.png -frames:v 1 -f image2 -c:v png wave.fixed.png")
    }

    @Test("advisories are info, by platform and condition, and --strict leaves them info")
    func advisories() throws {
        let fbReels = try #require(ProfileSet.builtin.profile("fb-reels"))
        let android = Rules.evaluate(picture(), role: .sticker, profile: fbReels, strict: true, platforms: [.android])
        let advisory = try #require(android.findings.first)
        #expect(advisory.rule.rawValue == "advisory.sticker-dropped" && advisory.severity == .info && android.accepted)
        #expect(advisory.source.contains("share_to_reels_android #8"))
        #expect(Rules.evaluate(picture(), role: .sticker, profile: fbReels, strict: true, platforms: [.ios]).findings.isEmpty)
        let igStories = try #require(ProfileSet.builtin.profile("ig-stories"))
        let long = Rules.evaluate(clip(duration: 18), role: .backgroundVideo, profile: igStories, strict: true, platforms: [.ios])
        #expect(long.findings.map(\.rule.rawValue) == ["advisory.no-split-over-15s"] && long.accepted)
        #expect(Rules.evaluate(clip(duration: 12), role: .backgroundVideo, profile: igStories, strict: true).findings.isEmpty)
        // Share-wide conditions, as build judges them.
        let fbStories = try #require(ProfileSet.builtin.profile("fb-stories"))
        let stickerOnly = AdvisoryContext.share(video: nil, backgroundImage: false, sticker: true, contentURL: false)
        let withImage = AdvisoryContext.share(video: nil, backgroundImage: true, sticker: true, contentURL: false)
        // Facebook Stories bounces back on iOS with a background image or a sticker alone (the
        // reports it rests on); a background video with a sticker, or a plain video, is not one.
        let withVideo = AdvisoryContext.share(
            video: AVMedia(container: "mp4", family: .isoBMFF, video: VideoStream()), backgroundImage: false, sticker: true,
            contentURL: false)
        #expect(Advisories.applicable(fbStories.advisories, to: withVideo, platforms: [.ios]).isEmpty)
        let videoFile = AdvisoryContext.file(
            role: .backgroundVideo, media: AVMedia(container: "mp4", family: .isoBMFF, video: VideoStream()))
        #expect(Advisories.applicable(fbStories.advisories, to: videoFile, platforms: [.ios]).isEmpty)
        let imageFile = AdvisoryContext.file(role: .backgroundImage, media: nil)
        #expect(Advisories.applicable(fbStories.advisories, to: imageFile, platforms: [.ios]).count == 1)
        for share in [stickerOnly, withImage] {
            #expect(
                Advisories.applicable(fbStories.advisories, to: share, platforms: [.ios]).map(\.rule.rawValue) == [
                    "advisory.bounces-back"
                ]
            )
            #expect(Advisories.applicable(fbStories.advisories, to: share, platforms: [.android]).isEmpty)
        }
        let bare = Advisory(id: "bare", message: "m", source: "s", when: .stickerOnly)
        #expect(Advisories.applicable([bare], to: stickerOnly, platforms: [.ios]).map(\.rule.rawValue) == ["advisory.bare"])
        #expect(Advisories.applicable([bare], to: withImage, platforms: [.ios]).isEmpty)
        let contentURL = AdvisoryContext.share(video: nil, backgroundImage: true, sticker: false, contentURL: true)
        #expect(
            Advisories.applicable(igStories.advisories, to: contentURL, platforms: [.ios]).map(\.rule.rawValue) == [
                "advisory.content-url-ignored"
            ])
    }

    @Test("every built-in limit and advisory names a source")
    func sources() {
        for profile in ProfileSet.builtin.profiles {
            for specs in profile.roles.values {
                for spec in specs {
                    #expect(!spec.source.isEmpty)
                    if let container = spec.check as? VideoContainer {
                        #expect(container.tolerated.allSatisfy { !$0.source.isEmpty })
                    }
                }
            }
            for advisory in profile.advisories { #expect(advisory.source.contains("#") || advisory.source.contains("Meta")) }
        }
    }

    @Test("fix hints quote paths for the shell")
    func quoting() {
        #expect(FFmpegCommand.shellQuoted("my clip's.mp4") == #"'my clip'\''s.mp4'"#)
        #expect(FFmpegCommand.shellQuoted("plain/path-1.mp4") == "plain/path-1.mp4")
        #expect(FixHint.fixedPath("dir.v2/clip", extension: "mp4") == "dir.v2/clip.fixed.mp4")
        #expect(FixHint.fixedPath(".hidden", extension: "png") == ".hidden.fixed.png")
        #expect(FixHint.fixedPath("a/b.webm", extension: "mp4") == "a/b.fixed.mp4")
    }
}
