// What `fix` hands rs_fix (Fixer.cPlan): the job's graphs and options as FFmpeg's own text, what
// the ffmpeg CLI does by itself spelled out in them (the held first frame, the coded size, the
// turn, -pix_fmt's format; -ar's, -ac's and the encoder's aformat), and rs_fix running only what
// it is given. That the printed command and fix make the same file is the oracle's to show
// (FixMatrixTests, FixSyncTests, FixLoopTests): the two run one job.
import CReelShareAV
import Foundation
import ReelShareKit
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import ReelShareMedia

@Suite("What rs_fix is handed: the job's text")
struct FixPlanAgreementTests {
    /// A plan to start from: a transport stream's for Reels (a remux), fields then set by hand.
    private func transportStreamPlan() throws -> VideoPlan {
        let report = MediaProber().probe(TestPaths.fixture("h264_aac.ts"))
        let profile = try #require(ProfileSet.builtin.profile("ig-reels"))
        let plan = Rules.evaluate(report, role: .backgroundVideo, profile: profile, strict: true).plan
        guard case .video(let video)? = plan else {
            Issue.record("no video plan: \(String(describing: plan))")
            throw CancellationError()
        }
        return video
    }

    @Test(
        "libx264 and the decoder sized to the picture: the look-ahead by the output's pixels, two reference frames and two B-frames past 720x1280, two slice threads (one for a capped rate), one decoder thread past 720x1280"
    )
    func sizedToThePicture() throws {
        var plan = try transportStreamPlan()
        let large = ":ref=2:bframes=2:b-pyramid=none"
        for (width, height, params) in [
            (540, 960, "rc-lookahead=20"), (720, 1280, "rc-lookahead=10"), (1080, 1920, "rc-lookahead=3" + large),
            (2160, 3840, "rc-lookahead=3" + large),
        ] {
            plan.video = .encode(VideoEncode(filters: [.scale(width: width, height: height), .frameRate(30)]))
            plan.codedSize = PixelSize(width: width, height: height)
            let job = FFmpegJob(plan)
            #expect(job.encoderOptions.filter { $0.key == "threads" }.map(\.value) == ["2"])
            #expect(
                job.encoderOptions.last { $0.key == "x264-params" }?.value == "sliced-threads=1:\(params)",
                "\(width)x\(height)")
            #expect(job.decoderThreads == (width * height > 720 * 1280 ? 1 : 2))
            // The printed command says both: the decoder's threads before the file, the encoder's after.
            let words = job.words
            let input = try #require(words.firstIndex(of: "-i"))
            #expect(Array(words[input - 2..<input]) == ["-threads", "\(job.decoderThreads)"])
            #expect(words.contains("sliced-threads=1:\(params)"))
        }
        // A held picture is the canvas's size, and not decoded from the file with threads.
        var still = plan
        still.still = StillVideo(picture: .plain, seconds: 3)
        let job = FFmpegJob(still)
        // Its filters each act on one picture: run on it once (rs_fix is told so); a start made
        // works across frames, and an animated WebP's frames are each their own.
        var fitted = still
        fitted.video = .encode(VideoEncode(filters: [.fit(width: 1080, height: 1920)]))
        #expect(FFmpegJob(fitted).pictureOnce && Fixer.cPlan(fitted).picture_once == 1)
        // The plan above makes a rate (fps=30): across frames.
        #expect(!job.pictureOnce)
        var started = still
        started.video = .encode(VideoEncode(filters: [.scale(width: 1080, height: 1920), .startAtZero]))
        #expect(!FFmpegJob(started).pictureOnce && Fixer.cPlan(started).picture_once == 0)
        var animated = still
        animated.webpFrames = true
        #expect(!FFmpegJob(animated).pictureOnce)
        #expect(job.encoderOptions.last { $0.key == "x264-params" }?.value == "sliced-threads=1:rc-lookahead=3" + large)
        #expect(job.decoderThreads == 1)
        // A capped bit rate: one thread, whose rate control makes the same file every run.
        plan.video = .encode(VideoEncode(filters: [.scale(width: 540, height: 960)], bitRateKbps: 3500))
        #expect(
            FFmpegJob(plan).encoderOptions.filter { ["threads", "x264-params"].contains($0.key) }.map(\.value) == [
                "1", "rc-lookahead=20",
            ])
        // What rs_fix is handed: the job's threads.
        plan.codedSize = PixelSize(width: 640, height: 360)
        #expect(Fixer.cPlan(plan).decoder_threads == 2)
        // A held picture's bound, and the time an animated WebP's frames may take to decode.
        #expect(Fixer.cPlan(plan).still_max_pixels == 36_000_000)
        var webp = plan
        webp.webpFrames = true
        #expect(Fixer.cPlan(webp, timeoutSeconds: 5).decode_timeout_seconds == 5)
        #expect(Fixer.cPlan(plan, timeoutSeconds: 5).decode_timeout_seconds == 0)
    }

    @Test("a plan that uses every field: loop, every filter in order, RGB, rate caps, keyframes, Opus, streams left out")
    func everyField() throws {
        // A plan to start from (a transport stream remuxed), every field then set by hand.
        var plan = try transportStreamPlan()
        plan.video = .encode(
            VideoEncode(
                filters: [.deinterlace, .frameRate(29.97), .scale(width: 1080, height: 1920), .evenSides, .frameRate(24)],
                toBT709: true, bitRateKbps: 8000, bufferKbps: 1200, keyframeSeconds: 2.5))
        // Frames made at a rate: the encoder's unit is the rate's, not the input's.
        plan.encoderTimeBase = nil
        plan.audio = .encode(AudioEncode(codec: .opus, bitRateKbps: 96, sampleRate: 48000, channels: 2))
        plan.container = .mp4
        plan.loopTo = 3
        plan.dropEditList = true
        plan.videoStream = 0
        plan.audioStream = 2
        plan.leftOut = [MediaStream(index: 1, kind: .subtitle, codec: "mov_text"), MediaStream(index: 3, kind: .data)]
        // The coded size held, the plan's filters, its colour conversion, the encoder's format.
        let size = try #require(plan.codedSize)
        #expect(
            Fixer.graphText(plan)
                == "scale=\(size.width):\(size.height),bwdif=mode=send_frame,fps=29.97,scale=1080:1920,setsar=1,scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2),fps=24,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,format=yuv420p"
        )
        #expect(
            Fixer.optionText(plan)
                == "profile=high\ncolorspace=bt709\ncolor_range=tv\nb=8000k\nmaxrate=8000k\nbufsize=1200k\nthreads=1\nx264-params=open-gop=0:scenecut=0:keyint=infinite:rc-lookahead=3:ref=2:bframes=2:b-pyramid=none"
        )
        // A turned, delayed picture: its first frame held, then the turn, as the CLI's own steps.
        // The sound: the job's format for the encoder, Opus's formats at the rate and channels
        // asked; AAC at a source rate it does not take: the nearest it does.
        #expect(
            Fixer.audioText(plan)
                == ("aresample=48000,aformat=sample_fmts=s16|flt:sample_rates=48000:channel_layouts=stereo", "b=96k"))
        plan.audio = .encode(AudioEncode(codec: .aac, bitRateKbps: 128))
        plan.sourceSampleRate = 37800
        plan.sourceChannels = 1
        #expect(Fixer.audioText(plan).graph == "aresample=32000,aformat=sample_fmts=fltp:sample_rates=32000:channel_layouts=mono")
        #expect(FFmpegCommand.words(plan).contains("-af") == false)
        plan.turn = 6
        plan.videoDelaySeconds = 0.0125
        #expect(
            Fixer.graphText(plan).hasPrefix(
                "tpad=start_duration=0.012500:start_mode=clone,scale=\(size.width):\(size.height),transpose=1,bwdif"))
        plan.video = .copy(tag: "hvc1")
        plan.audio = .none
        plan.loopTo = nil
        plan.trimTo = 59.9
        plan.container = .webm
        #expect(FFmpegCommand.words(plan).contains("-map") && !FFmpegCommand.words(plan).contains("0:2"))
        // A progress line counts what is written: the trimmed length, not the input's 120 s.
        #expect(plan.outputSeconds(inputSeconds: 120) == 59.9 && plan.outputSeconds(inputSeconds: 30) == 30)
        plan.trimTo = nil
        #expect(plan.outputSeconds(inputSeconds: 120) == 120)
    }

    @Test(
        "rs_fix runs the options it is given: one the video or audio encoder does not take, or a line without a value, is refused by name"
    )
    func optionsAsGiven() throws {
        let path = TestPaths.fixture("h264_aac_2s.mp4")
        let report = MediaProber().probe(path)
        let profile = try #require(ProfileSet.builtin.profile("ig-reels"))
        guard case .video(var plan)? = Rules.evaluate(report, role: .backgroundVideo, profile: profile, strict: true).plan
        else {
            Issue.record("no video plan")
            return
        }
        plan.video = .encode(VideoEncode(filters: []))
        let directory = try scratch("options")
        defer { try? FileManager.default.removeItem(at: directory) }
        plan.audio = .encode(AudioEncode(codec: .aac, bitRateKbps: 128))
        func run(_ options: String, audio: String = "b=128k") throws -> (rs_av_status, String) {
            var c = Fixer.cPlan(plan)
            #expect(Fixer.copy(options, into: &c.video_options) && Fixer.copy(audio, into: &c.audio_options))
            let input = try ReadableFile.open(path)
            defer { input.close() }
            let output = open(directory.appendingPathComponent("out.mp4").path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
            defer { close(output) }
            var message = [CChar](repeating: 0, count: 512)
            let status = rs_fix_run(input.descriptor, path, output, &c, nil, nil, &message, message.count)
            return (status, Posix.text(message))
        }
        #expect(try run("profile=high\ncolor_range=tv").0 == RS_AV_OK)
        let unknown = try run("profile=high\nno_such_option=1")
        #expect(unknown.0 != RS_AV_OK && unknown.1.contains("does not take the option no_such_option"), "\(unknown.1)")
        let sound = try run("profile=high", audio: "b=128k\nno_such_option=1")
        #expect(sound.0 != RS_AV_OK && sound.1.contains("aac encoder does not take the option no_such_option"), "\(sound.1)")
        let malformed = try run("profile")
        #expect(malformed.0 != RS_AV_OK && malformed.1.contains("encoder options do not parse"), "\(malformed.1)")
    }
}
