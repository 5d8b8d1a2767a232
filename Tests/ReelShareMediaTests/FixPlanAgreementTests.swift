// One job, two executors: the ffmpeg command `validate` prints (FFmpegCommand) and the struct
// `fix` hands rs_fix (Fixer.cPlan: the job's video graph and encoder options as text, the rest
// typed) come from one FFmpegJob. For every fixture's plan under every target, and for plans made
// to reach every field, the two say the same: the streams kept, the graph (the printed filters
// with what the CLI does by itself spelled out before them and its -pix_fmt after), the encoder's
// options word for word, the flags and the durations.
import CReelShareAV
import Foundation
import ReelShareKit
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import ReelShareMedia

/// What an ffmpeg command says, word by word: each option's values in order.
private struct Command {
    var options: [String: [String]] = [:]

    init(_ words: [String]) {
        var index = 1
        while index < words.count - 1 {
            let word = words[index]
            if word.hasPrefix("-"), index + 1 < words.count - 1 {
                options[word, default: []].append(words[index + 1])
                index += 2
            } else {
                index += 1
            }
        }
    }

    func value(_ option: String) -> String? { options[option]?.last }
}

/// The C plan's fixed-size tag as text.
private func tag(_ c: rs_fix_plan) -> String {
    var copy = c.video_tag
    return withUnsafeBytes(of: &copy) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
}

/// The printed command's encoder options, as "key=value" lines in its order: each option the
/// encoder takes under its own name, or under the CLI's less its stream specifier.
private func encoderLines(_ words: [String]) -> String {
    let keys = [
        "-tune": "tune", "-profile:v": "profile", "-b:v": "b", "-maxrate": "maxrate", "-bufsize": "bufsize",
        "-colorspace": "colorspace", "-color_primaries": "color_primaries", "-color_trc": "color_trc",
        "-color_range": "color_range", "-x264-params": "x264-params",
    ]
    return zip(words, words.dropFirst()).compactMap { word, value in keys[word].map { "\($0)=\(value)" } }.joined(
        separator: "\n")
}

/// Holds the command and the C struct of `plan` to each other.
private func expectAgreement(_ plan: VideoPlan, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let words = FFmpegCommand.words(plan)
    let command = Command(words)
    let c = Fixer.cPlan(plan)
    let job = FFmpegJob(plan)
    // The graph rs_fix runs: the CLI's own steps, the filters, the pixel format, in that order.
    let ran = Fixer.graphText(plan)
    func expected(around filters: String?) -> String {
        ((job.video?.prelude ?? []) + [filters, command.value("-pix_fmt").map { "format=\($0)" }].compactMap { $0 }).joined(
            separator: ",")
    }
    func check(_ ok: Bool, _ aspect: String) {
        #expect(ok, "\(what): \(aspect) differs: \(words.joined(separator: " "))", sourceLocation: sourceLocation)
    }
    // Streams: named when the file has others; else ffmpeg's one video and one audio are the plan's.
    let maps = command.options["-map"] ?? []
    let sound = c.audio == RS_FIX_AUDIO_NONE ? [] : [Int(c.audio_stream)]
    if let still = plan.still {
        // An audio file's clip: the filtered cover art, or the picture's input before the file's.
        if case .coverArt = still.picture {
            check(maps == ["[v]"] + sound.map { "0:\($0)" } && c.video_stream >= 0, "the streams")
        } else {
            check(maps == ["0:v:0"] + sound.map { "1:\($0)" } && c.video_stream < 0, "the streams")
        }
    } else if maps.isEmpty {
        check(plan.leftOut.isEmpty, "the streams (none named, yet some are left out)")
    } else {
        check(maps == ([Int(c.video_stream)] + sound).map { "0:\($0)" }, "the streams")
    }
    if plan.still == nil { check(c.video_stream >= 0, "the video stream") }
    // Container and flags.
    check(command.value("-f") == (c.container == RS_FIX_WEBM ? "webm" : "mp4"), "the container")
    let muxer = ["-use_editlist", "-movie_timescale", "-movflags"].compactMap { name in
        command.value(name).map { "\(name.dropFirst())=\($0)" }
    }
    check(Fixer.muxerText(plan) == muxer.joined(separator: "\n"), "the muxer's options")
    check(
        (command.value("-fps_mode") == "passthrough")
            == (c.video == RS_FIX_VIDEO_ENCODE && c.video_delay_seconds <= 0
                && [RS_FIX_STILL_NONE, RS_FIX_STILL_WEBP].contains(c.still)),
        "frames passed with their times")
    let madeRate = ran.split(separator: ",").contains { $0.hasPrefix("fps=") }
    check(
        (command.value("-enc_time_base:v") != nil) == (command.value("-fps_mode") == "passthrough" && !madeRate),
        "the encoder's unit where frames keep their times")
    // The cut and the loop.
    check((command.value("-stream_loop") == "-1") == (c.loop != RS_FIX_LOOP_NONE), "the loop")
    if plan.still == nil { check(command.value("-t") == (c.end_seconds > 0 ? Units.number(c.end_seconds) : nil), "the end") }
    // Video.
    if command.value("-c:v") == "copy" {
        check(c.video == RS_FIX_VIDEO_COPY, "video copy")
        check((command.value("-tag:v") ?? "") == tag(c), "the sample entry tag")
        check(command.value("-vf") == nil, "filters on a copy")
    } else {
        check(command.value("-c:v") == "libx264" && c.video == RS_FIX_VIDEO_ENCODE, "the video encoder")
        // An audio file's clip: the cover art's filters follow the loop filter; a black frame is
        // made at the canvas's size, which the fit leaves as it is.
        switch plan.still?.picture {
        case .coverArt?:
            check(c.still == RS_FIX_STILL_COVER, "the picture")
            let filters = job.runnerFilters
            check(filters.map { command.value("-filter_complex")?.contains($0) == true } ?? true, "the filters")
            check(ran == expected(around: filters), "the graph")
        case .plain?:
            check(c.still == RS_FIX_STILL_PLAIN && command.value("-vf") == nil, "the picture")
            check(words.contains("color=c=black:s=\(c.still_width)x\(c.still_height):r=\(c.still_frame_rate)"), "the canvas")
        case .image?:
            check(c.still == RS_FIX_STILL_IMAGE, "the picture")
            check(ran == expected(around: command.value("-vf")), "the graph")
        case nil:
            check(c.still == RS_FIX_STILL_NONE, "no picture")
            check(ran == expected(around: command.value("-vf")), "the graph")
        }
        if plan.still != nil {
            check(
                command.value("-t") == Units.number(c.end_seconds > 0 ? c.end_seconds : c.still_seconds), "the picture's length")
        }
        check(Fixer.optionText(plan) == encoderLines(words), "the encoder's options")
        check(
            command.value("-force_key_frames")
                == (c.keyframe_seconds > 0 ? "expr:gte(t,n_forced*\(Units.number(c.keyframe_seconds)))" : nil),
            "the keyframe interval")
        // Closed GOPs, and no scene cut's keyframe between the forced ones.
        check(
            command.value("-x264-params") == (c.keyframe_seconds > 0 ? "open-gop=0:scenecut=0" : nil), "keyframes only forced")
    }
    // Audio.
    switch command.value("-c:a") {
    case nil: check(c.audio == RS_FIX_AUDIO_NONE, "no audio")
    case "copy":
        check(c.audio == RS_FIX_AUDIO_COPY, "audio copy")
        check((command.value("-copypriorss:a") == "0") == (c.audio_drop_priming == 1), "the priming packets left out")
    case let encoder:
        check(c.audio == RS_FIX_AUDIO_ENCODE, "the audio encoded")
        check(encoder == (c.audio_codec == RS_FIX_OPUS ? "libopus" : "aac"), "the audio encoder")
        check(command.value("-b:a") == "\(c.audio_bit_rate_kbps)k", "the audio bit rate")
        check(command.value("-ar") == (c.audio_sample_rate > 0 ? "\(c.audio_sample_rate)" : nil), "the sample rate")
        check(command.value("-ac") == (c.audio_channels > 0 ? "\(c.audio_channels)" : nil), "the channels")
        let filters = Fixer.audioFilterText(plan)
        check(command.value("-af") == (filters.isEmpty ? nil : filters), "the priming cut")
    }
}

@Suite("A fix job's two executors: the printed ffmpeg command and rs_fix's plan")
struct FixPlanAgreementTests {
    @Test("every fixture's plan under every built-in target, strict and not: the same streams, filters, encoders, flags and end")
    func fixtures() throws {
        let prober = MediaProber(options: ProbeOptions(deep: true))
        var plans = 0
        for name in TestPaths.fixtureNames {
            let report = prober.probe(TestPaths.fixture(name))
            guard case .av = report.content else { continue }
            for profile in ProfileSet.builtin.profiles {
                for strict in [false, true] {
                    let verdict = Rules.evaluate(report, role: .backgroundVideo, profile: profile, strict: strict)
                    guard case .video(let plan)? = verdict.plan else { continue }
                    expectAgreement(plan, "\(name) for \(profile.id)\(strict ? " --strict" : "")")
                    plans += 1
                }
            }
        }
        // Enough plans to mean something: remuxes, retags, trims, loops, scales, re-encodes.
        #expect(plans >= 100, "only \(plans) plans")
    }

    @Test("a plan that uses every field: loop, every filter in order, RGB, rate caps, keyframes, Opus, streams left out")
    func everyField() throws {
        // A plan to start from (a transport stream remuxed), every field then set by hand.
        let report = MediaProber().probe(TestPaths.fixture("h264_aac.ts"))
        let profile = try #require(ProfileSet.builtin.profile("ig-reels"))
        guard case .video(var plan)? = Rules.evaluate(report, role: .backgroundVideo, profile: profile, strict: true).plan
        else {
            Issue.record("no video plan")
            return
        }
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
        expectAgreement(plan, "every field")
        // The coded size held, the plan's filters, its colour conversion, the encoder's format.
        let size = try #require(plan.codedSize)
        #expect(
            Fixer.graphText(plan)
                == "scale=\(size.width):\(size.height),bwdif=mode=send_frame,fps=29.97,scale=1080:1920,setsar=1,scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2),fps=24,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,format=yuv420p"
        )
        #expect(
            Fixer.optionText(plan)
                == "profile=high\ncolorspace=bt709\ncolor_range=tv\nb=8000k\nmaxrate=8000k\nbufsize=1200k\nx264-params=open-gop=0:scenecut=0"
        )
        // A turned, delayed picture: its first frame held, then the turn, as the CLI's own steps.
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
        expectAgreement(plan, "a tagged copy, no audio, a trim")
        #expect(FFmpegCommand.words(plan).contains("-map") && !FFmpegCommand.words(plan).contains("0:2"))
    }

    @Test("rs_fix runs the options it is given: one the encoder does not take, or a line without a value, is refused by name")
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
        func run(_ options: String) throws -> (rs_av_status, String) {
            var c = Fixer.cPlan(plan)
            #expect(Fixer.copy(options, into: &c.video_options))
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
        let malformed = try run("profile")
        #expect(malformed.0 != RS_AV_OK && malformed.1.contains("encoder options do not parse"), "\(malformed.1)")
    }
}
