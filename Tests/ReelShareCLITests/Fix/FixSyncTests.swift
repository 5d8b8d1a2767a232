// Sound against picture: what fix makes starts its sound where the source's plays, without an
// edit list, from a browser's recording, and across every shape of the sync sweep (a flash and a
// beep at 1.000 s).
import Foundation
import ReelShareTestSupport
import Testing

/// Settings that start a made clip's picture `milliseconds` after its sound (less than a frame:
/// its time base made 1 ms).
private func pictureLater(_ milliseconds: Int) -> [String] {
    ["-vf", "settb=1/1000,setpts=PTS+\(milliseconds)", "-enc_time_base:v", "1/1000"]
}

/// Settings that start a made clip's sound `milliseconds` after its picture, as a browser's
/// MediaRecorder writes it (Chromium: 30 ms).
private func soundLater(_ milliseconds: Int) -> [String] {
    ["-af", "asetpts=PTS+\(milliseconds)/1000/TB"]
}

extension WhatPlaysTests {
    @Test(
        "without an edit list (ig-reels-api) the fix and its printed command keep the sound with the picture within 1 ms: AAC priming cut, never played"
    )
    func syncWithoutEditList() throws {
        let directory = try scratch("plays")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 3.5 s: over ig-reels-api's 3 s minimum after a late picture's lead is cut from the sound.
        let picture = "color=c=black:s=540x960:r=30:d=3.5,drawbox=c=white:t=fill:enable='between(t\\,1\\,1.2)'"
        func sound(_ rate: Int) -> String { "aevalsrc='if(between(t\\,1\\,1.2)\\,0.5*sin(2*PI*1000*t)\\,0)':s=\(rate):d=3.5" }
        // A phone's MP4 (B-frames, AAC behind an edit list: copied, its priming packet left out);
        // 8 kHz AAC (a priming of 128 ms); MP3 in MP4 and WebM with Opus (re-encoded to AAC,
        // whose own priming is cut; the WebM's picture starts 7 ms after its sound's first decoded
        // sample, its Opus pre-skip past its first block, which FFmpeg 5.1 and 7.1 skip in the
        // decoder and 9 in the demuxer, from a clock that starts at the block or past the skip).
        let shapes: [(String, [String])] = [
            ("phone.mp4", ["-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-pix_fmt", "yuv420p", "-c:a", "aac"]),
            (
                "low.mp4",
                [
                    "-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ar", "8000",
                    "-b:a", "24k",
                ]
            ),
            (
                "mp3.mp4",
                [
                    "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "libmp3lame", "-ar", "44100", "-ac",
                    "1",
                ]
            ),
            ("web.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k", "-c:a", "libopus"]),
            // Its picture 20 ms later than made (27 ms after the sound as FFmpeg 5.1's muxer writes it).
            (
                "late.webm",
                pictureLater(20) + [
                    "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k", "-c:a", "libopus",
                ]
            ),
            // A browser's recording: VP8, its sound 30 ms after its picture (no edit list to say so
            // in the fix: it starts after silence).
            (
                "recorder.webm",
                soundLater(30) + ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k", "-c:a", "libopus"]
            ),
            // A phone's MP4 whose sound starts after its picture by an empty edit (AndroidX's
            // sample_portrait.mp4: 43 ms), here FFmpeg's: the 30 ms less its priming's 21.
            (
                "later.mp4",
                soundLater(30) + ["-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-pix_fmt", "yuv420p", "-c:a", "aac"]
            ),
        ]
        for (name, settings) in shapes {
            try makeWithFFmpeg(name, ["-f", "lavfi", "-i", picture, "-f", "lavfi", "-i", sound(48000)] + settings, in: directory)
            let source = try beepAfterFlash(name, in: directory)
            if name.hasSuffix(".webm") || name == "later.mp4" {
                // The lead probe gives is ffprobe's picture start less its first decoded sound's: the
                // file's startSeconds, or less the audio's where the sound starts later.
                let file = try probed(name, in: directory)
                let late = (file["audio"] as? [String: Any])?["startSeconds"] as? Double
                let lead = file["startSeconds"] as? Double ?? -(late ?? 0)
                let picture = try #require(Double(try ffprobe(name, "v:0", "stream=start_time", in: directory)))
                let decoded = try runCommand(
                    [
                        "ffprobe", "-v", "error", "-select_streams", "a:0", "-show_frames", "-read_intervals", "%+#1",
                        "-show_entries", "frame=pts_time", "-of", "csv=p=0", name,
                    ], in: directory
                ).stdout.split(separator: "\n").first.flatMap { Double($0) }
                let sound = try #require(decoded, "no decoded sound in \(name)")
                if let late {
                    let text = runReelshare(["probe", "--", name], in: directory).stdout
                    #expect(text.contains("from \(String(format: "%.3f", late)) s after the picture"), "\(text)")
                }
                #expect(abs(lead - (picture - sound)) < 0.0005, "\(name): probe \(lead) s, ffprobe \(picture) - \(sound)")
            }
            let fix = runReelshare(["fix", "--target", "ig-reels-api", "--", name], in: directory)
            #expect(fix.status == 0, "\(name): \(fix.stderr)")
            let stem = (name as NSString).deletingPathExtension
            let fixed = try beepAfterFlash("\(stem).fixed.mp4", in: directory)
            #expect(abs(fixed - source) <= 1, "\(name): the beep \(source) ms after the flash, \(fixed) ms after the fix")
            #expect(try ffprobe("\(stem).fixed.mp4", "a", "stream=codec_name", in: directory) == "aac")
            try FileManager.default.removeItem(at: directory.appendingPathComponent("\(stem).fixed.mp4"))
            // The command validate prints does the same, run as printed.
            let hint = runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", "--", name], in: directory)
            let verdict = try #require(
                ((hint.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
            let printed = try #require(verdict["fix"] as? String, "\(verdict)")
            let ran = try runCommand(["sh", "-c", printed + " -v error -nostdin"], in: directory)
            #expect(ran.status == 0, "\(printed)")
            let commanded = try beepAfterFlash("\(stem).fixed.mp4", in: directory)
            #expect(abs(commanded - source) <= 1, "\(name): \(commanded) ms after the printed command, \(source) before")
            // A target whose fix keeps an edit list (fb-reels-api: stereo AAC at 48 kHz) holds it too.
            let kept = runReelshare(["fix", "--target", "fb-reels-api", "-o", "fb.mp4", "--", name], in: directory)
            #expect(kept.status == 0, "\(name): \(kept.stderr)")
            let other = try beepAfterFlash("fb.mp4", in: directory)
            #expect(abs(other - source) <= 1, "\(name): \(other) ms after the fb-reels-api fix, \(source) before")
            try FileManager.default.removeItem(at: directory.appendingPathComponent("fb.mp4"))
        }
    }
}

extension WhatPlaysTests {
    @Test(
        "a browser's own recording (Chromium's MediaRecorder: VP8 and Opus, the sound starting after the picture), fixed for each target and by the printed command: the sound within 1 ms of the source's, the same frames from both, and validate --strict passes"
    )
    func browserRecording() throws {
        let directory = try scratch("browser")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Recorded once by Scripts/fixtures-browser (a live browser's timing differs run to run), and
        // committed.
        try FileManager.default.copyItem(
            atPath: TestPaths.fixture("chromium_recording.webm"), toPath: directory.appendingPathComponent("chrome.webm").path)
        #expect(try blackRuns("chrome.webm", in: directory).count >= 2, "the recording shows no whole flash")
        let source = try beepAfterFlash("chrome.webm", in: directory)
        // The recording's last step: the length fix (and FFmpeg 7.1's CLI and later) gives its last
        // frame, which 5.1's CLI does not (below).
        let starts = try packetTimes("chrome.webm", "v:0", in: directory).compactMap { Double($0) }.sorted()
        let lastStep = starts.count > 1 ? starts[starts.count - 1] - starts[starts.count - 2] : 0
        let older = try ffmpegCLIRelease().map { $0.compare("7.1", options: .numeric) == .orderedAscending } ?? true
        for target in ["ig-reels-api", "fb-reels-api"] {
            let fix = runReelshare(["fix", "--target", target, "-o", "fixed.mp4", "--", "chrome.webm"], in: directory)
            #expect(fix.status == 0, "\(target): \(fix.stderr)")
            // A rate made for the target (the recording's frames come as the page could draw
            // them, fewer on a busy machine) puts each frame on the new rate's grid, where the
            // flash shows from the slot its frame falls in: moved by up to a frame of each rate.
            // The sound is not moved, and fix and the printed command move the picture alike.
            let dry = runReelshare(["fix", "--dry-run", "--target", target, "--", "chrome.webm"], in: directory)
            let rate = dry.stdout.components(separatedBy: "fps=").dropFirst().first.flatMap { Double($0.prefix { $0.isNumber }) }
            let recorded = try #require(
                (try probed("chrome.webm", in: directory)["video"] as? [String: Any])?["frameRate"] as? Double)
            let tolerance = rate.map { 1000 / $0 + 1000 / recorded + 1 } ?? 1
            let fixed = try beepAfterFlash("fixed.mp4", in: directory)
            #expect(
                abs(fixed - source) <= tolerance, "\(target): the beep \(source) ms after the flash, \(fixed) after the fix")
            let strict = runReelshare(["validate", "--strict", "--target", target, "fixed.mp4"], in: directory)
            #expect(strict.status == 0, "\(target): \(strict.stdout)")
            let hint = runReelshare(["validate", "--format", "json", "--target", target, "--", "chrome.webm"], in: directory)
            let verdict = try #require(
                ((hint.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
            let printed = try #require(verdict["fix"] as? String, "\(target): \(verdict)")
            let ran = try runCommand(
                [
                    "sh", "-c",
                    printed.replacingOccurrences(of: "chrome.fixed.mp4", with: "printed.mp4") + " -v error -nostdin -y",
                ], in: directory)
            #expect(ran.status == 0, "\(printed)")
            let commanded = try beepAfterFlash("printed.mp4", in: directory)
            #expect(
                abs(commanded - source) <= tolerance, "\(target): \(commanded) ms after the printed command, \(source) before")
            // What the recording, the command's file and fix's were, where they disagree.
            let timed = { (file: String) in (try? timing(file, in: directory)) ?? "unread" }
            #expect(
                abs(commanded - fixed) <= 1,
                "\(target): \(commanded) ms after the printed command, \(fixed) after fix; the recording \(timed("chrome.webm"))"
            )
            // The same frames: the command keeps each frame's time as fix does, not the CLI's guess
            // of a rate (1000 a second where the recording states none). The recording's last
            // block states no length: fix, as probe measures the picture's end and as the CLIs of
            // FFmpeg 7.1 and later, gives that frame the step before it (CI's recordings ended on
            // a 69 ms and a 333 ms step, and fix had ended them 1 ms after they start: 2 and 8
            // frames fewer at 24 fps). FFmpeg 5.1's CLI ends it where it starts, and its command
            // may lack that step's frames. Where a rate is made, rounding may differ by one.
            let frames = { (file: String) in
                Int(try ffprobe(file, "v:0", "stream=nb_read_packets", in: directory, count: true)) ?? -1
            }
            let (commandFrames, fixFrames) = (try frames("printed.mp4"), try frames("fixed.mp4"))
            let unlengthened = older ? rate.map { Int(($0 * lastStep).rounded(.up)) } ?? 0 : 0
            let rounding = rate == nil ? 0 : 1
            #expect(
                fixFrames > 0 && commandFrames <= fixFrames + rounding
                    && commandFrames >= fixFrames - rounding - unlengthened,
                """
                \(target): \(commandFrames) frames from \(printed), \(fixFrames) from fix (\(dry.stdout)); \
                the recording \(timed("chrome.webm")); the command's \(timed("printed.mp4")); fix's \(timed("fixed.mp4"))
                """)
        }
    }
}

extension WhatPlaysTests {
    /// One shape of the sweep, made with a flash and a beep at 1.000 s, and the targets its fix is for.
    struct SyncShape: Sendable, CustomStringConvertible {
        let name: String
        let picture: String
        let sound: String
        let settings: [String]
        let targets: [[String]]
        /// Its longest frame: how far the fixed picture's length may be from the made one's.
        var frame = 1.0 / 23
        var description: String { name }
    }

    static let syncShapes: [SyncShape] = {
        // The flash is a box filled white (the frames geq made per pixel, in a seventh of the time).
        func picture(_ size: String, _ rate: Int, _ select: String? = nil) -> String {
            "color=c=black:s=\(size):r=\(rate):d=4,drawbox=c=white:t=fill:enable='between(t\\,1\\,1.2)'"
                + (select.map { ",select='\($0)'" } ?? "")
        }
        // The beep over a quiet hiss (-40 dB, under beepAfterFlash's -18 dB): an encoder asked for
        // 128 kb/s spends them, as on a real recording, not 9 kb/s on silence.
        func sound(_ rate: Int) -> String {
            "aevalsrc='if(between(t\\,1\\,1.2)\\,0.5*sin(2*PI*1000*t)\\,0)+0.02*(random(0)-0.5)':s=\(rate):d=4"
        }
        // Encoders' faster presets: the same streams in kind (B-frames, priming, fragments), a
        // fraction of the time to make.
        let h264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"]
        let vp9 = ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k"]
        let both = [["--target", "ig-reels-api"], ["--target", "fb-reels-api"]]
        return [
            // A browser's MediaRecorder MP4: fragments from each keyframe.
            SyncShape(
                name: "recorder.mp4", picture: picture("540x960", 30), sound: sound(48000),
                settings: h264 + ["-c:a", "aac", "-movflags", "frag_keyframe+empty_moov+default_base_moof"], targets: both),
            SyncShape(
                name: "mp3mono.mp4", picture: picture("540x960", 30), sound: sound(44100),
                settings: h264 + ["-c:a", "libmp3lame", "-ac", "1"], targets: both),
            SyncShape(
                name: "low.mp4", picture: picture("540x960", 30), sound: sound(8000),
                settings: h264 + ["-bf", "2", "-c:a", "aac", "-b:a", "24k"], targets: both),
            // A screen recording: 60 fps while the screen moves, then a frame each quarter second (its
            // stated length and its frames' differ: FFmpeg's releases state 3.05 to 3.3 s for frames to 3.75).
            SyncShape(
                name: "screen.mp4", picture: picture("540x960", 60, "lt(n\\,30)+not(mod(n\\,15))"), sound: sound(48000),
                settings: ["-fps_mode", "vfr"] + h264 + ["-c:a", "aac"], targets: both, frame: 1.0),
            SyncShape(
                name: "ten.mp4", picture: picture("540x960", 10), sound: sound(48000), settings: h264 + ["-c:a", "aac"],
                targets: both),
            // A browser's 15 fps WebM, whose picture starts a few ms after its Opus sound's first
            // decoded sample: made 30 fps for a target, its first frame moves to the start, and its
            // sound with it.
            SyncShape(
                name: "fifteen.webm", picture: picture("540x960", 15), sound: sound(48000),
                settings: vp9 + ["-c:a", "libopus"], targets: both, frame: 1.0 / 15),
            // The same, its picture 5 ms later than made (12 ms as FFmpeg 5.1 writes it).
            SyncShape(
                name: "late15.webm", picture: picture("540x960", 15), sound: sound(48000),
                settings: pictureLater(5) + vp9 + ["-c:a", "libopus"], targets: both,
                frame: 1.0 / 15),
            SyncShape(
                name: "old.3gp", picture: picture("176x144", 15), sound: sound(8000),
                settings: ["-c:v", "h263", "-c:a", "aac", "-ac", "1"], targets: [["--target", "ig-reels-api"]]),
            SyncShape(
                name: "ac3.mp4", picture: picture("540x960", 30), sound: sound(48000), settings: h264 + ["-c:a", "ac3"],
                targets: [["--target", "ig-reels", "--platform", "android", "--strict"], ["--target", "ig-reels-api"]]),
            SyncShape(
                name: "hlg.mov", picture: picture("540x960", 120), sound: sound(48000),
                settings: [
                    "-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-x265-params",
                    "colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc:log-level=error", "-color_trc", "arib-std-b67",
                    "-tag:v", "hvc1", "-c:a", "aac",
                ], targets: both),
        ]
    }()

    @Test(
        "every shape of the sweep, fixed for each target and by the printed command: the sound within 1 ms of the picture as made, the picture's length within a frame, and validate --strict passes",
        arguments: syncShapes)
    func fixesKeepSync(_ shape: SyncShape) throws {
        let directory = try scratch("sync")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            shape.name, ["-f", "lavfi", "-i", shape.picture, "-f", "lavfi", "-i", shape.sound] + shape.settings, in: directory)
        let source = try beepAfterFlash(shape.name, in: directory)
        // The picture's own length (a fragmented MP4's file starts a B-frame delay early).
        let length = try #require(
            Double(try ffprobe(shape.name, "v:0", "stream=duration", in: directory))
                ?? Double(try ffprobe(shape.name, "v:0", "format=duration", in: directory)))
        for options in shape.targets {
            let target = options[1]
            // The first target's fix on one CPU, a process of its own, as the printed command
            // below: the oracle sets the two side by side. The others in process, as tests run it.
            let oracle = options == shape.targets.first || oracleEveryTarget
            let arguments = ["fix"] + options + ["-o", "fixed.mp4", "--", shape.name]
            let fix = oracle ? try runBinary(arguments, in: directory, oneCPU: true) : runReelshare(arguments, in: directory)
            #expect(fix.status == 0, "\(shape) \(options): \(fix.stderr)")
            guard fix.status == 0, !fix.stderr.contains("already accepted") else { continue }
            let fixed = try beepAfterFlash("fixed.mp4", in: directory)
            // On a miss, what the plan was made from and what it made, for the log.
            let why =
                abs(fixed - source) <= 1
                ? ""
                : "\n  plan: \(runReelshare(["fix", "--dry-run"] + options + ["--", shape.name], in: directory).stdout)"
                    + "  source: \(try timing(shape.name, in: directory))\n  fixed: \(try timing("fixed.mp4", in: directory))"
            #expect(
                abs(fixed - source) <= 1,
                "\(shape) \(options): the beep \(source) ms after the flash, \(fixed) after the fix\(why)")
            let shown = try #require(Double(try ffprobe("fixed.mp4", "v:0", "stream=duration", in: directory)))
            #expect(abs(shown - length) <= shape.frame + 0.001, "\(shape) \(options): \(shown) s of picture, made \(length)")
            let strict = runReelshare(
                ["validate", "--strict"] + options.dropFirst(2).filter { $0 != "--strict" } + ["--target", target, "fixed.mp4"],
                in: directory)
            #expect(strict.status == 0, "\(shape) \(options): \(strict.stdout)")
            // The printed command, run as printed.
            let hint = runReelshare(["validate", "--format", "json"] + options + ["--", shape.name], in: directory)
            let verdict = try #require(
                ((hint.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
            let printed = try #require(verdict["fix"] as? String, "\(shape) \(options): \(verdict)")
            let ran =
                try oracle
                ? runPrintedOnOneCPU(printed, in: directory)
                : runCommand(["sh", "-c", printed + " -v error -nostdin -y"], in: directory)
            #expect(ran.status == 0, "\(printed)")
            let stem = (shape.name as NSString).deletingPathExtension
            let commanded = try beepAfterFlash("\(stem).fixed.mp4", in: directory)
            #expect(
                abs(commanded - source) <= 1,
                "\(shape) \(options): \(commanded) ms after the printed command, \(source) made")
            // The oracle (one job, two runners): the printed command run by the ffmpeg CLI and fix
            // make the same frames at the same times, and the sound starts at the same instant.
            if oracle { try expectSameFrames("fixed.mp4", "\(stem).fixed.mp4", "\(shape) \(options)", in: directory) }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("\(stem).fixed.mp4"))
            try FileManager.default.removeItem(at: directory.appendingPathComponent("fixed.mp4"))
        }
    }
}
