// Every rule on synthetic media values: no files, no C libraries.
import Foundation
import Testing
@testable import ReelShareKit

/// A clean 10 s 1080x1920 H.264/AAC MP4 that every share target accepts.
private func clip(
    container: String = "mp4", duration: Double? = 10, codec: String = "h264", width: Int = 1080, height: Int = 1920,
    rotation: Int = 0, fps: Double = 30, pixelFormat: String = "yuv420p", videoBitRate: Int? = 6_000_000,
    audio: AudioStream? = AudioStream(codec: "aac", sampleRate: 48000, channels: 2, bitRate: 128_000),
    fastStart: Bool? = true, editList: Bool? = false, truncated: Bool = false, deep: DeepScan? = nil,
    size: Int = 8_000_000, path: String = "clip.mp4"
) -> ProbeReport {
    let video = VideoStream(
        codec: codec, width: width, height: height, rotation: rotation, frameRate: fps,
        pixelFormat: pixelFormat, bitDepth: 8, bitRate: videoBitRate)
    let media = AVMedia(
        container: container, durationSeconds: duration, bitRate: nil, fastStart: fastStart,
        editList: editList, truncated: truncated, video: video, audio: audio, deep: deep)
    return ProbeReport(path: path, sizeBytes: size, content: .av(media))
}

private func picture(
    format: String = "png", width: Int = 640, height: Int = 480, size: Int = 20_000,
    path: String = "sticker.png"
) -> ProbeReport {
    ProbeReport(path: path, sizeBytes: size, content: .image(ImageMedia(format: format, width: width, height: height)))
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
        return RuleSpec(.fileTruncated, severity, source: "test")
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
    @Test("a clean clip passes every built-in share target with no finding")
    func cleanClip() {
        for profile in ProfileSet.builtin.shareTargets {
            #expect(Rules.evaluate(clip(), role: .backgroundVideo, profile: profile, strict: true).findings == [])
            #expect(Rules.evaluate(picture(), role: .sticker, profile: profile, strict: true).findings == [])
        }
    }

    @Test("file.size: over the limit, with a bit-rate fix")
    func fileSize() throws {
        let finding = try #require(check(spec("file.size", .warning, max: 50e6), clip(size: 60_000_000)).first)
        #expect(finding.severity == .warning)
        #expect(finding.message == "60 MB is over the 50 MB limit")
        #expect(finding.actual == .int(60_000_000) && finding.limit == .double(50e6))
        #expect(finding.fix?.contains("-b:v ") == true)
        #expect(check(spec("file.size", max: 50e6), clip(size: 50_000_000)).isEmpty)
    }

    @Test("file.truncated")
    func truncated() {
        #expect(check(spec("file.truncated"), clip(truncated: true)).first?.rule == "file.truncated")
        #expect(check(spec("file.truncated"), clip()).isEmpty)
    }

    @Test("video.container: rewrap H.264, transcode others")
    func container() throws {
        let rule = spec("video.container", allowed: ["mp4", "mov", "webm"])
        let mkv = try #require(check(rule, clip(container: "matroska", path: "a.mkv")).first)
        #expect(mkv.message == "container matroska is not accepted (accepted: mp4, mov, webm)")
        #expect(mkv.fix == "ffmpeg -i a.mkv -c:v copy -c:a aac -b:a 128k -movflags +faststart a.fixed.mp4")
        let avi = try #require(check(rule, clip(container: "avi", codec: "mpeg4", path: "b.avi")).first)
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
                    == "ffmpeg -i clip.mp4 -c:v libx264 -pix_fmt yuv420p -c:a aac -b:a 128k -movflags +faststart clip.fixed.mp4")
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
        #expect(check(max, clip(duration: 25)).first?.fix?.contains(" -t 20 ") == true)
        let min = spec("video.duration.min", min: 3)
        let short = try #require(check(min, clip(duration: 2)).first)
        #expect(short.message == "2.0 s is shorter than the 3 s minimum")
        #expect(short.fix?.hasPrefix("ffmpeg -stream_loop -1 -i clip.mp4 -t 3 ") == true)
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
        #expect(uhd.fix?.contains("scale=1080:-2") == true)
        let landscape = try #require(check(rule, clip(width: 3840, height: 2160)).first)
        #expect(landscape.fix?.contains("scale=-2:1080") == true)
        // Coded 1920x1080 turned a quarter is 1080x1920 on screen: fine.
        #expect(check(rule, clip(width: 1920, height: 1080, rotation: 90)).isEmpty)
        let minimum = spec("video.resolution", min: 540)
        #expect(check(minimum, clip(width: 360, height: 640)).first?.message == "360x640 is below the 540p minimum")
    }

    @Test("video.width and video.aspect")
    func widthAndAspect() {
        #expect(check(spec("video.width", max: 1920), clip(width: 3840, height: 2160)).first?.rule == "video.width")
        #expect(check(spec("video.width", max: 1920), clip()).isEmpty)
        let nineBySixteen = spec("video.aspect", min: 0.55, max: 0.575)
        #expect(check(nineBySixteen, clip()).isEmpty)
        #expect(check(nineBySixteen, clip(width: 1920, height: 1080)).first?.message.hasPrefix("aspect ratio 1.778") == true)
    }

    @Test("video.frame-rate and video.frame-rate.constant")
    func frameRate() throws {
        let rule = spec("video.frame-rate", min: 23, max: 60)
        #expect(check(rule, clip(fps: 15)).first?.message == "15 fps is below the 23 fps minimum")
        #expect(check(rule, clip(fps: 120)).first?.fix?.contains("fps=60") == true)
        #expect(check(rule, clip(fps: 29.97)).isEmpty)
        let constant = spec("video.frame-rate.constant")
        #expect(check(constant, clip()).first?.message == "cannot check: needs a packet scan (--deep)")
        var vfr = deepScan
        vfr.variableFrameRate = true
        #expect(check(constant, clip(deep: vfr)).first?.rule == "video.frame-rate.constant")
        #expect(check(constant, clip(deep: deepScan)).isEmpty)
    }

    @Test("video.bitrate")
    func bitRate() throws {
        let finding = try #require(check(spec("video.bitrate", max: 25e6), clip(videoBitRate: 40_000_000)).first)
        #expect(finding.message == "video bit rate 40 Mb/s is over the 25 Mb/s limit")
        #expect(check(spec("video.bitrate", max: 25e6), clip()).isEmpty)
    }

    @Test("video.fast-start and video.edit-list, with stream-copy fixes")
    func indexAndEditList() throws {
        let slow = try #require(check(spec("video.fast-start"), clip(fastStart: false)).first)
        #expect(slow.fix == "ffmpeg -i clip.mp4 -c:v copy -c:a copy -movflags +faststart clip.fixed.mp4")
        #expect(check(spec("video.fast-start"), clip()).isEmpty)
        let edits = try #require(check(spec("video.edit-list"), clip(editList: true)).first)
        #expect(edits.fix == "ffmpeg -i clip.mp4 -c:v copy -c:a copy -use_editlist 0 -movflags +faststart clip.fixed.mp4")
        #expect(check(spec("video.edit-list"), clip()).isEmpty)
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

    @Test("video.chroma from the pixel format name")
    func chroma() {
        let rule = spec("video.chroma", allowed: ["4:2:0"])
        for format in ["yuv420p", "yuvj420p", "yuv420p10le", "nv12"] { #expect(check(rule, clip(pixelFormat: format)).isEmpty) }
        #expect(check(rule, clip(pixelFormat: "yuv444p")).first?.actual == .string("4:4:4"))
        #expect(check(rule, clip(pixelFormat: "yuv422p10le")).first?.actual == .string("4:2:2"))
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
        let opus = AudioStream(codec: "opus", sampleRate: 48000, channels: 2, bitRate: 96_000)
        let codec = try #require(
            check(spec("audio.codec", allowed: ["aac"]), clip(container: "webm", codec: "vp9", audio: opus, path: "a.webm")).first
        )
        #expect(codec.fix == "ffmpeg -i a.webm -c:v copy -c:a aac -b:a 128k -movflags +faststart a.fixed.mp4")
        #expect(check(spec("audio.codec", allowed: ["aac"]), clip(audio: nil)).isEmpty)
        let hiRes = AudioStream(codec: "aac", sampleRate: 96000, channels: 6, bitRate: 320_000)
        #expect(check(spec("audio.sample-rate", max: 48000), clip(audio: hiRes)).first?.fix?.contains("-ar 48000") == true)
        #expect(
            check(spec("audio.channels", min: 1, max: 2), clip(audio: hiRes)).first?.message == "6 audio channels, more than 2")
        let mono = AudioStream(codec: "aac", sampleRate: 44100, channels: 1, bitRate: 64_000)
        #expect(
            check(spec("audio.channels", min: 2, max: 2), clip(audio: mono)).first?.message == "1 audio channel, fewer than 2")
        #expect(
            check(spec("audio.sample-rate", min: 48000, max: 48000), clip(audio: mono)).first?.message
                == "44100 Hz is below 48000 Hz")
        #expect(check(spec("audio.bitrate", min: 128_000), clip(audio: mono)).first?.rule == "audio.bitrate")
        #expect(check(spec("audio.bitrate", max: 128_000), clip(audio: hiRes)).first?.rule == "audio.bitrate")
        #expect(check(spec("audio.bitrate", min: 128_000), clip()).isEmpty)
    }

    @Test("image.format, with a PNG conversion fix")
    func imageFormat() throws {
        let rule = spec("image.format", allowed: ["png", "jpeg"])
        let gif = try #require(check(rule, picture(format: "gif", path: "s.gif"), role: .sticker).first)
        #expect(gif.message == "GIF is not accepted (accepted: PNG, JPEG)")
        #expect(gif.fix == "ffmpeg -i s.gif -frames:v 1 s.fixed.png")
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
        #expect(unreadable.findings.map(\.rule) == ["media.unreadable"] && !unreadable.accepted)
        let audioOnly = ProbeReport(
            path: "a.m4a", sizeBytes: 9, content: .av(AVMedia(container: "m4a", audio: AudioStream(codec: "aac"))))
        #expect(
            Rules.evaluate(audioOnly, role: .backgroundVideo, profile: igReels, strict: false).findings.first?.rule
                == "media.kind")
        let background = Rules.evaluate(picture(), role: .backgroundImage, profile: igReels, strict: false)
        #expect(background.findings.first?.rule == "media.role")
        #expect(background.findings.first?.message == "ig-reels takes no background image (it takes: background video, sticker)")
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
        let any = Validator.validate(twentyFive, against: targets, asBackground: false, strict: false, requireAll: false)
        #expect(any.accepted)
        #expect(any.verdicts.map(\.accepted) == [true, true, false, false])
        let all = Validator.validate(twentyFive, against: targets, asBackground: false, strict: false, requireAll: true)
        #expect(!all.accepted)
        #expect(Validator.role(of: picture(), asBackground: true) == .backgroundImage)
        #expect(Validator.role(of: picture(), asBackground: false) == .sticker)
    }

    @Test("one command applies every fix of a target together")
    func combinedFix() throws {
        let profile = try #require(ProfileSet.builtin.profile("ig-reels-api"))
        // Too long, 4:4:4, odd-sized, index at the end, Opus audio in a MOV.
        let opus = AudioStream(codec: "opus", sampleRate: 48000, channels: 2, bitRate: 96_000)
        let report = clip(
            container: "mov", duration: 1000, width: 161, height: 91, pixelFormat: "yuv444p", audio: opus,
            fastStart: false, deep: deepScan, path: "in.mov")
        let verdict = Rules.evaluate(report, role: .backgroundVideo, profile: profile, strict: false)
        #expect(Set(verdict.findings.map(\.rule)) == ["video.fast-start", "video.chroma", "audio.codec", "video.duration.max"])
        #expect(
            verdict.fix == "ffmpeg -i in.mov -t 900 -vf 'scale=trunc(iw/2)*2:trunc(ih/2)*2' -c:v libx264 -pix_fmt yuv420p "
                + "-c:a aac -b:a 128k -use_editlist 0 -movflags +faststart in.fixed.mp4")
        // Where the target forbids edit lists, any rewrite leaves them out.
        let long = Rules.evaluate(
            clip(duration: 1000, deep: deepScan, path: "in.mp4"), role: .backgroundVideo, profile: profile, strict: false)
        #expect(long.findings.map(\.rule) == ["video.duration.max"])
        #expect(long.fix?.contains("-t 900") == true && long.fix?.contains("-use_editlist 0") == true)
        // Otherwise a single finding's own fix is the verdict's fix.
        let reels = try #require(ProfileSet.builtin.profile("ig-reels"))
        let seventy = Rules.evaluate(clip(duration: 70), role: .backgroundVideo, profile: reels, strict: false)
        #expect(seventy.findings.count == 1 && seventy.fix == seventy.findings[0].fix && seventy.fix != nil)
    }

    @Test("fix hints quote paths for the shell")
    func quoting() {
        #expect(FixHint.shellQuoted("my clip's.mp4") == #"'my clip'\''s.mp4'"#)
        #expect(FixHint.shellQuoted("plain/path-1.mp4") == "plain/path-1.mp4")
        #expect(FixHint.fixedPath("dir.v2/clip", extension: nil) == "dir.v2/clip.fixed.mp4")
        #expect(FixHint.fixedPath(".hidden", extension: "png") == ".hidden.fixed.png")
        #expect(FixHint.fixedPath("a/b.webm", extension: "mp4") == "a/b.fixed.mp4")
    }
}
