// A printed fix is a promise. For every fixable rule of every built-in target, a file made here with
// the ffmpeg CLI fails that rule; the fix validate prints is run with the real ffmpeg, and the
// output is validated again: the rule must be gone and no error may be new.
import Foundation
import ReelShareTestSupport
import Testing

/// One failing file: how ffmpeg makes it (writing NAME; no arguments: the committed fixture NAME),
/// the rule it fails, the targets to hold it to, and the platform (some limits hold on iOS only).
struct FixCase: Sendable, CustomStringConvertible {
    var name: String
    var make: [String]
    var rule: String
    var targets: [String]
    var platform: String = "both"
    /// ffmpeg runs that make the files `make` reads.
    var before: [[String]] = []
    /// Text files `make` reads (a concat list), by name.
    var texts: [String: String] = [:]
    var description: String { "\(rule): \(name)" }
}

private let share = ["ig-reels", "fb-reels", "ig-stories", "fb-stories"]
private let reels = ["ig-reels", "fb-reels"]
private let stories = ["ig-stories", "fb-stories"]
private func clip(_ size: String = "128x72", rate: Int = 10, seconds: Double = 4) -> [String] {
    ["-f", "lavfi", "-i", "testsrc2=s=\(size):r=\(rate)", "-t", "\(seconds)"]
}
private let tone = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "4"]
private let h264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"]

enum FixMatrix {
    static let cases: [FixCase] = [
        FixCase(name: "in.mkv", make: clip() + tone + h264 + ["-c:a", "aac", "in.mkv"], rule: "video.container", targets: share),
        FixCase(name: "in.3gp", make: clip() + tone + h264 + ["-c:a", "aac", "in.3gp"], rule: "video.container", targets: share),
        FixCase(
            name: "mpeg4.mp4", make: clip() + tone + ["-c:v", "mpeg4", "-c:a", "aac", "mpeg4.mp4"], rule: "video.codec",
            targets: share),
        FixCase(
            name: "vp9.mp4", make: clip() + tone + ["-c:v", "libvpx-vp9", "-b:v", "100k", "-c:a", "aac", "vp9.mp4"],
            rule: "video.codec-container", targets: share),
        // What Chrome's MediaRecorder writes for video/webm;codecs=h264 (Scripts/fixtures-real-world).
        FixCase(name: "mediarecorder_h264.webm", make: [], rule: "video.codec-container", targets: share),
        FixCase(
            name: "hev1.mp4",
            make: clip() + [
                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hev1", "hev1.mp4",
            ],
            rule: "video.codec-tag", targets: share, platform: "ios"),
        FixCase(
            name: "high10.mp4",
            make: clip() + ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p10le", "high10.mp4"],
            rule: "video.profile", targets: share, platform: "ios"),
        FixCase(
            name: "high444.mp4", make: clip() + ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv444p", "high444.mp4"],
            rule: "video.profile", targets: share, platform: "ios"),
        FixCase(
            name: "long70.mp4",
            make: clip(seconds: 70) + tone.dropLast(2) + ["-t", "70"] + h264 + ["-c:a", "aac", "long70.mp4"],
            rule: "video.duration.max", targets: reels),
        FixCase(
            name: "long25.mp4", make: clip(rate: 30, seconds: 25) + h264 + ["long25.mp4"], rule: "video.duration.max",
            targets: stories),
        FixCase(name: "short.mp4", make: clip(seconds: 2) + h264 + ["short.mp4"], rule: "video.duration.min", targets: reels),
        FixCase(
            name: "big.mp4", make: clip("1200x1600", rate: 5, seconds: 1) + h264 + ["big.mp4"], rule: "video.resolution",
            targets: share),
        FixCase(
            name: "s.gif", make: ["-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1", "s.gif"], rule: "image.format",
            targets: share),
        FixCase(
            name: "s.webp", make: ["-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1", "-c:v", "libwebp", "s.webp"],
            rule: "image.format", targets: share),
        FixCase(
            name: "large.png", make: ["-f", "lavfi", "-i", "testsrc2=s=1280x960", "-frames:v", "1", "large.png"],
            rule: "image.dimensions", targets: share),
        FixCase(
            name: "moving.png",
            make: ["-f", "lavfi", "-i", "testsrc2=s=64x48:r=5", "-t", "1", "-plays", "0", "-f", "apng", "moving.png"],
            rule: "image.animated", targets: share),
        // The publishing profiles.
        FixCase(name: "slow.mp4", make: clip() + h264 + ["slow.mp4"], rule: "video.fast-start", targets: ["ig-reels-api"]),
        FixCase(
            name: "odd444.mp4",
            make: clip("160x90") + [
                "-vf", "scale=161:91", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv444p", "odd444.mp4",
            ],
            rule: "video.chroma", targets: ["ig-reels-api", "ig-stories-api"]),
        FixCase(
            name: "opus.mp4", make: clip(rate: 30) + tone + h264 + ["-c:a", "libopus", "opus.mp4"], rule: "audio.codec",
            targets: ["ig-reels-api", "fb-reels-api"]),
        FixCase(
            name: "fps15.mp4", make: clip(rate: 15) + h264 + ["fps15.mp4"], rule: "video.frame-rate",
            targets: ["ig-reels-api", "fb-reels-api"]),
        FixCase(
            name: "wide.mp4", make: clip("2000x112", rate: 30, seconds: 1) + h264 + ["wide.mp4"], rule: "video.width",
            targets: ["ig-reels-api"]),
        FixCase(
            name: "sparse.mp4", make: clip(rate: 30, seconds: 12) + h264 + ["-g", "300", "sparse.mp4"],
            rule: "video.keyframe-interval", targets: ["fb-reels-api"]),
        FixCase(
            name: "mono.mp4",
            make: clip(rate: 30) + ["-f", "lavfi", "-i", "sine=sample_rate=44100", "-t", "4"] + h264 + [
                "-c:a", "aac", "-ac", "1", "mono.mp4",
            ],
            rule: "audio.sample-rate", targets: ["fb-reels-api"]),
        FixCase(
            name: "mono2.mp4",
            make: clip(rate: 30) + ["-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "4"] + h264 + [
                "-c:a", "aac", "-ac", "1", "mono2.mp4",
            ],
            rule: "audio.channels", targets: ["fb-reels-api"]),
        // A cut between keyframes: copying without the edit list would bring the cut head back.
        FixCase(
            name: "cut.mp4", make: ["-ss", "1.3", "-i", "whole.mp4", "-c", "copy", "cut.mp4"], rule: "video.edit-list",
            targets: ["ig-reels-api"], before: [clip(seconds: 6) + h264 + ["-g", "20", "whole.mp4"]]),
        FixCase(
            name: "h264_vfr_30_then_10.mp4", make: [], rule: "video.frame-rate.constant", targets: ["fb-reels-api"]),
        // Two rules on one frame rate: too low on average and variable. One fps filter must win.
        FixCase(
            name: "slow_vfr.mp4",
            make: [
                "-f", "concat", "-safe", "0", "-i", "list.txt", "-c", "copy", "-video_track_timescale", "1000", "slow_vfr.mp4",
            ],
            rule: "video.frame-rate", targets: ["fb-reels-api"],
            before: [
                clip("540x960", rate: 20, seconds: 3) + h264 + ["-video_track_timescale", "1000", "a.mp4"],
                clip("540x960", rate: 10, seconds: 3) + h264 + ["-video_track_timescale", "1000", "b.mp4"],
            ], texts: ["list.txt": "file 'a.mp4'\nfile 'b.mp4'\n"]),
        // 8 kHz AAC: a copied audio packet is 128 ms, so the trim's margin must be the clip's.
        FixCase(
            name: "long_8k.mp4",
            make: clip(seconds: 70) + ["-f", "lavfi", "-i", "sine=sample_rate=8000", "-t", "70"] + h264
                + ["-c:a", "aac", "-ar", "8000", "long_8k.mp4"],
            rule: "video.duration.max", targets: ["ig-reels"]),
        FixCase(
            name: "loud.mp4",
            make: clip(rate: 30) + ["-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "4"] + h264
                + ["-c:a", "aac", "-b:a", "320k", "loud.mp4"],
            rule: "audio.bitrate", targets: ["ig-reels-api"]),
        FixCase(
            name: "noisy.mp4",
            make: ["-f", "lavfi", "-i", "testsrc2=s=640x360:r=30,noise=alls=100:allf=t", "-t", "1"]
                + ["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", "noisy.mp4"],
            rule: "video.bitrate", targets: ["ig-reels-api"]),
    ]
}

@Suite("Fix hints run for real (the fix matrix)")
struct FixMatrixTests {
    /// Error rules of the file for `target`, with --strict so that warnings count.
    private func errors(_ file: String, _ target: String, platform: String, in directory: URL) throws -> (
        Set<String>, [String: Any]?
    ) {
        let result = runReelshare(
            ["validate", "--strict", "--format", "json", "--platform", platform, "--target", target, file], in: directory)
        let results = result.json?["results"] as? [[String: Any]]
        let verdict = (results?.first?["targets"] as? [[String: Any]])?.first
        let findings = verdict?["findings"] as? [[String: Any]] ?? []
        let rules = findings.filter { $0["severity"] as? String == "error" }.compactMap { $0["rule"] as? String }
        return (Set(rules), verdict)
    }

    /// Puts the case's file in `directory`, made once per run.
    private func make(_ testCase: FixCase, in directory: URL) throws {
        if testCase.make.isEmpty {
            try FileManager.default.copyItem(
                atPath: TestPaths.fixture(testCase.name), toPath: directory.appendingPathComponent(testCase.name).path)
        } else {
            try Shapes.provide([testCase.name], made: testCase.before + [testCase.make], texts: testCase.texts, into: directory)
        }
    }

    /// What a fixed file is, as ffprobe counts it: each stream's type and codec, the picture's size
    /// and pixel aspect, and the video's frames; and, as decoded, when the sound starts against
    /// the picture (its first loud sample against its first frame, edit lists and priming applied).
    private struct Made: Equatable, CustomStringConvertible {
        var streams: [String]
        var size: String
        var sampleAspect: String
        var frames: Int
        var soundAfterPicture: Double?
        var description: String {
            "\(streams) \(size) SAR \(sampleAspect), \(frames) frames, sound at \(soundAfterPicture.map { "\($0) s" } ?? "-")"
        }

        static func == (a: Made, b: Made) -> Bool {
            let sync = a.soundAfterPicture.flatMap { x in b.soundAfterPicture.map { abs(x - $0) <= 0.002 } }
            return a.streams == b.streams && a.size == b.size && a.sampleAspect == b.sampleAspect && a.frames == b.frames
                && (sync ?? (a.soundAfterPicture == nil && b.soundAfterPicture == nil))
        }
    }

    /// The first frame's time of the file's first stream of `kind` ("v", "a").
    private func firstFrame(_ file: String, _ kind: String, in directory: URL) throws -> Double? {
        let (_, output) = try runCommand(
            [
                "ffprobe", "-v", "error", "-select_streams", "\(kind):0", "-show_entries", "frame=best_effort_timestamp_time",
                "-read_intervals", "%+1", "-of", "csv=p=0", file,
            ], in: directory)
        // csv lines, one a frame ("0.021000," where the frame carries side data).
        return output.split(separator: "\n").lazy.compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }.first
    }

    /// When the sound starts against the picture: the first sample louder than -24 dBFS after
    /// the first audio frame's time, less the first video frame's time.
    private func soundAfterPicture(_ file: String, in directory: URL) throws -> Double? {
        guard let audio = try firstFrame(file, "a", in: directory), let video = try firstFrame(file, "v", in: directory) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-nostdin", "-v", "error", "-i", file, "-map", "0:a:0", "-ac", "1", "-f", "s16le", "-"]
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let pcm = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let (_, rate) = try runCommand(
            ["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=sample_rate", "-of", "csv=p=0", file],
            in: directory)
        guard let sampleRate = Double(rate.trimmingCharacters(in: .whitespacesAndNewlines)), sampleRate > 0 else { return nil }
        let loud = pcm.withUnsafeBytes { raw -> Int? in
            raw.bindMemory(to: Int16.self).firstIndex { abs(Int($0)) > 2000 }
        }
        return loud.map { ((audio + Double($0) / sampleRate - video) * 10_000).rounded() / 10_000 }
    }

    private func made(_ file: String, in directory: URL) throws -> Made {
        let (status, output) = try runCommand(
            [
                "ffprobe", "-v", "error", "-count_packets", "-show_entries",
                "stream=codec_type,codec_name,width,height,sample_aspect_ratio,nb_read_packets", "-of", "json", file,
            ], in: directory)
        try #require(status == 0, "ffprobe \(file)")
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let streams = json?["streams"] as? [[String: Any]] ?? []
        let video = streams.first { $0["codec_type"] as? String == "video" } ?? [:]
        let sar = video["sample_aspect_ratio"] as? String ?? "1:1"
        return Made(
            streams: streams.map { "\($0["codec_type"] as? String ?? "?"):\($0["codec_name"] as? String ?? "?")" },
            size: "\(video["width"] as? Int ?? 0)x\(video["height"] as? Int ?? 0)",
            sampleAspect: sar == "0:1" || sar == "N/A" ? "1:1" : sar,
            frames: Int(video["nb_read_packets"] as? String ?? "") ?? -1,
            soundAfterPicture: try soundAfterPicture(file, in: directory))
    }

    /// The printed command's file and fix's hold the same streams, size, pixel aspect and frames,
    /// and the sound starts at the same time against the picture.
    private func sameFile(_ printed: String, _ written: String, _ target: String, in directory: URL) throws {
        let byCommand = try made(printed, in: directory), byFix = try made(written, in: directory)
        // The sound is measured wherever there is audio (a tone from the start: its first loud sample).
        #expect((byCommand.soundAfterPicture == nil) == !byCommand.streams.contains { $0.hasPrefix("audio:") })
        // Where the ffmpeg CLI is another FFmpeg release than reelshare's (the portable build's
        // test run), its muxer places an Opus pre-skip its own way: the sound's start is left out.
        var fixed = byFix
        if try !cliIsReelshareFFmpeg() { fixed.soundAfterPicture = byCommand.soundAfterPicture }
        #expect(byCommand == fixed, "\(target): the printed command and fix differ\n  ffmpeg: \(byCommand)\n  fix:    \(byFix)")
    }

    /// The video's frames, each as its MD5 (ffmpeg -f framemd5), for a bit-for-bit comparison.
    private func videoFrames(_ file: String, in directory: URL) throws -> [String] {
        let (status, output) = try runCommand(
            ["ffmpeg", "-nostdin", "-v", "error", "-i", file, "-map", "0:v:0", "-f", "framemd5", "-"], in: directory)
        try #require(status == 0)
        return output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
            $0.split(separator: ",").last.map(String.init)
        }
    }

    /// Runs the fix validate printed for `target` with the real ffmpeg and holds its output to it:
    /// the rule gone, no error new. Returns the output's name, or nil where there is no fix to run.
    private func printedFix(
        _ testCase: FixCase, _ target: String, verdict: [String: Any]?, before: Set<String>, in directory: URL
    ) throws -> String? {
        // No command where another rule has no fix: the matrix holds that to fix's refusal.
        guard let fix = verdict?["fix"] as? String, fix.hasPrefix("ffmpeg ") else { return nil }
        let output = try #require(fix.split(separator: " ").last.map(String.init))
        // On one CPU, as fix's file it is set beside (runPrintedOnOneCPU).
        let (status, _) = try runPrintedOnOneCPU(fix, in: directory)
        try #require(status == 0, "\(fix)")
        let (after, _) = try errors(output, target, platform: testCase.platform, in: directory)
        #expect(!after.contains(testCase.rule), "\(target): \(fix) left \(testCase.rule)")
        #expect(after.isSubset(of: before), "\(target): \(fix) added \(after.subtracting(before))")
        return output
    }

    /// Each case, each of its targets: the file fails the rule; a fix is printed exactly when
    /// `fix` makes a file, and the printed fix, run with the real ffmpeg, clears it and adds no error; `reelshare fix` carries out the plan in process (the
    /// rule cleared, nothing new, copied video bit for bit, or nothing written where no fix
    /// answers); and, on the case's first target, the printed command and `fix` make the same
    /// file. One test per case, so that each file is fixed once each way.
    @Test(
        "every fixable rule: the printed fix and reelshare fix each clear it, add no error, and make the same file",
        arguments: FixMatrix.cases)
    func matrix(_ testCase: FixCase) throws {
        let directory = try scratch("fix-matrix")
        defer { try? FileManager.default.removeItem(at: directory) }
        try make(testCase, in: directory)
        for (index, target) in testCase.targets.enumerated() {
            let (before, verdict) = try errors(testCase.name, target, platform: testCase.platform, in: directory)
            #expect(before.contains(testCase.rule), "\(testCase.name) on \(target) does not fail \(testCase.rule): \(before)")
            // The printed command's output, kept under another name to set beside fix's on the
            // first target (pictures: compared by validate alone).
            var printed: String?
            if let output = try printedFix(testCase, target, verdict: verdict, before: before, in: directory) {
                let picture = [".png", ".gif", ".webp"].contains { testCase.name.hasSuffix($0) }
                if (index == 0 || oracleEveryTarget) && !picture {
                    printed = "printed." + (output.split(separator: ".").last ?? "mp4")
                    try FileManager.default.moveItem(
                        at: directory.appendingPathComponent(output), to: directory.appendingPathComponent(printed!))
                } else {
                    try FileManager.default.removeItem(at: directory.appendingPathComponent(output))
                }
            }
            defer { printed.map { try? FileManager.default.removeItem(at: directory.appendingPathComponent($0)) } }
            let arguments = [
                "fix", "--strict", "--platform", testCase.platform, "--target", target, "--format", "json", testCase.name,
            ]
            let plan = runReelshare(arguments + ["--dry-run"], in: directory)
            let planned = try #require((plan.json?["results"] as? [[String: Any]])?.first)
            let operations = ((planned["outputs"] as? [[String: Any]])?.first?["operations"] as? [String]) ?? []
            // One decider: a command is printed exactly when fix makes a file.
            let refused = (planned["error"] as? String)?.hasPrefix("no mechanical fix for ") == true
            #expect(
                (verdict?["fix"] as? String != nil) == !refused,
                "\(testCase.name) on \(target): printed \(verdict?["fix"] as? String ?? "nothing"), fix \(planned["error"] ?? "made a file")"
            )
            // What no fix answers (a landscape clip for a 9:16 publishing profile) stops the file
            // before any work, the dry run as the real one: those rules failed before, and the
            // case's own rule is not among them.
            if let error = planned["error"] as? String, error.hasPrefix("no mechanical fix for ") {
                let unfixable = Set(
                    error.dropFirst("no mechanical fix for ".count).components(separatedBy: ":").first?.components(
                        separatedBy: ", ") ?? [])
                #expect(!unfixable.contains(testCase.rule) && unfixable.isSubset(of: before), "\(target): \(error)")
                #expect(target.hasSuffix("-api"), "a share target's fix must succeed: \(error)")
                let result = runReelshare(arguments, in: directory)
                #expect(
                    result.status == 1 && ((result.json?["results"] as? [[String: Any]])?.first?["error"] as? String) == error,
                    "\(target): \(result.stdout)")
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.contains(".fixed.") })
                continue
            }
            #expect(!operations.isEmpty, "\(target): no plan: \(planned)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.contains(".fixed.") })

            // The first target's fix, set beside the printed command's file, as that was made: a
            // process of its own on one CPU.
            let result =
                printed != nil ? try runBinary(arguments, in: directory, oneCPU: true) : runReelshare(arguments, in: directory)
            let outcome = try #require((result.json?["results"] as? [[String: Any]])?.first)
            let written = ((outcome["outputs"] as? [[String: Any]])?.first?["path"] as? String)
            if result.status == 0, let written {
                let (after, _) = try errors(written, target, platform: testCase.platform, in: directory)
                #expect(after.isEmpty, "\(target): fix wrote \(written), which still fails \(after)")
                if operations.contains(where: { $0.hasPrefix("video: copy") }), !written.hasSuffix(".png") {
                    #expect(
                        try videoFrames(written, in: directory) == (try videoFrames(testCase.name, in: directory)),
                        "\(target): video not copied bit for bit")
                }
                if let printed {
                    try sameFile(printed, written, target, in: directory)
                    // One job, two runners, each on one CPU.
                    try expectSameFrames(
                        written, printed, target, in: directory,
                        soundCopied: operations.contains { $0.hasPrefix("audio: copy") })
                }
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(written))
            } else {
                // Only what the plan cannot fix (a landscape clip for a 9:16 profile) may remain: the
                // error names it, it failed before, and nothing is written.
                let error = outcome["error"] as? String ?? ""
                #expect(error.contains("still fails"), "\(target): \(error)")
                #expect(printed == nil, "\(target): the printed command wrote a file and fix did not: \(error)")
                let remaining = Set(
                    error.components(separatedBy: "still fails ").last?.components(separatedBy: ":").first?.components(
                        separatedBy: ", ") ?? [])
                #expect(!remaining.contains(testCase.rule), "\(target): the plan did not fix \(testCase.rule): \(error)")
                #expect(remaining.isSubset(of: before), "\(target): fix added \(remaining.subtracting(before))")
                #expect(
                    !testCase.targets.contains("ig-reels") || target.hasSuffix("-api"),
                    "a share target's fix must succeed: \(error)")
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy {
                        !$0.contains(".fixed.") && !$0.contains(".reelshare-")
                    })
            }
        }
    }
}
