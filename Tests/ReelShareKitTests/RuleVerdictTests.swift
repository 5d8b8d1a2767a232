// Rules together: verdicts per target, one plan for every fix of a target, codecs and containers
// as pairs, what each platform plays, images as shown, advisories, sources and quoting.
import Foundation
import Testing
@testable import ReelShareKit

extension RulesTests {
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
                == "ffmpeg -threads 2 -i in.mov -t 899.924 -vf 'scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2)' -fps_mode passthrough -c:v libx264 -profile:v high -pix_fmt yuv420p "
                + "-threads 2 -x264-params sliced-threads=1:rc-lookahead=20 -af atrim=start=0.021333 -c:a aac -b:a 128k -use_editlist 0 -movflags +faststart+negative_cts_offsets -f mp4 in.fixed.mp4"
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
        #expect(finding.fix == "ffmpeg -i chrome.mp4 -c:v copy -c:a libopus -b:a 96k -ar 48000 -f webm chrome.fixed.webm")
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
