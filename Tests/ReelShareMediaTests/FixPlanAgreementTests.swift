// One plan, two executors: the ffmpeg command `validate` prints (FFmpegCommand) and the
// typed struct `fix` hands rs_fix (Fixer.cPlan, its filter text) are rendered from the same
// plan. For every fixture's plan under every target, and for plans made to reach every field, the
// two say the same: the streams kept, the filters, each encoder and its settings, the flags and the
// durations.
import CReelShareAV
import Foundation
import ReelShareKit
import ReelShareTestSupport
import Testing

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

/// Holds the command and the C struct of `plan` to each other.
private func expectAgreement(_ plan: VideoPlan, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let words = FFmpegCommand.words(plan)
    let command = Command(words)
    let c = Fixer.cPlan(plan)
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
    check((command.value("-use_editlist") == "0") == (c.drop_edit_list == 1), "the edit list")
    check(
        (command.value("-fps_mode") == "passthrough")
            == (c.video == RS_FIX_VIDEO_ENCODE && c.video_delay_seconds <= 0
                && [RS_FIX_STILL_NONE, RS_FIX_STILL_WEBP].contains(c.still)),
        "frames passed with their times")
    let madeRate = Fixer.filterText(plan).split(separator: ",").contains { $0.hasPrefix("fps=") }
    check(
        (command.value("-enc_time_base:v") != nil) == (command.value("-fps_mode") == "passthrough" && !madeRate),
        "the encoder's unit where frames keep their times")
    check(command.value("-movie_timescale") == (c.movie_timescale > 0 ? "\(c.movie_timescale)" : nil), "the movie's time scale")
    // The cut and the loop.
    check((command.value("-stream_loop") == "-1") == (c.loop == 1), "the loop")
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
            check(command.value("-filter_complex")?.contains(Fixer.filterText(plan)) == true, "the filters")
        case .plain?:
            check(c.still == RS_FIX_STILL_PLAIN && command.value("-vf") == nil, "the picture")
            check(words.contains("color=c=black:s=\(c.still_width)x\(c.still_height):r=\(c.still_frame_rate)"), "the canvas")
        case .image?:
            check(c.still == RS_FIX_STILL_IMAGE, "the picture")
            check((command.value("-vf") ?? "") == Fixer.filterText(plan), "the filters")
        case nil:
            check(c.still == RS_FIX_STILL_NONE, "no picture")
            check((command.value("-vf") ?? "") == Fixer.filterText(plan), "the filters")
        }
        if let still = plan.still {
            check(
                command.value("-t") == Units.number(c.end_seconds > 0 ? c.end_seconds : c.still_seconds), "the picture's length")
        }
        check((command.value("-colorspace") == "bt709") == (c.to_bt709 == 1 || c.tone_map != 0), "the colour conversion")
        check((command.value("-color_trc") == "bt709") == (c.tone_map != 0), "the tone mapping")
        check(command.value("-b:v") == (c.video_bit_rate_kbps > 0 ? "\(c.video_bit_rate_kbps)k" : nil), "the video bit rate")
        let buffer = c.video_buffer_kbps > 0 ? c.video_buffer_kbps : 2 * c.video_bit_rate_kbps
        check(command.value("-bufsize") == (c.video_bit_rate_kbps > 0 ? "\(buffer)k" : nil), "the rate buffer")
        check(
            command.value("-force_key_frames")
                == (c.keyframe_seconds > 0 ? "expr:gte(t,n_forced*\(Units.number(c.keyframe_seconds)))" : nil),
            "the keyframe interval")
        // rs_fix_encoders.c sets the same: closed GOPs, and no scene cut's keyframe between.
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

@Suite("A fix plan's two renderings: the printed ffmpeg command and rs_fix's typed plan")
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
        #expect(
            Fixer.filterText(plan)
                == "bwdif=mode=send_frame,fps=29.97,scale=1080:1920,setsar=1,scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2),fps=24,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
        )
        plan.video = .copy(tag: "hvc1")
        plan.audio = .none
        plan.loopTo = nil
        plan.trimTo = 59.9
        plan.container = .webm
        expectAgreement(plan, "a tagged copy, no audio, a trim")
        #expect(FFmpegCommand.words(plan).contains("-map") && !FFmpegCommand.words(plan).contains("0:2"))
    }
}
