// A clip too short for its target, looped: fix and its printed command start each pass at the
// same instant, as the ffmpeg CLI of the release running measures a pass (FFmpeg 5.1 and 6.1 by
// the sound's own span, 7.0 on by the file's, the sound's end by its decoded samples), so the two
// make the same frames at the same times and the same sound: on FFmpeg 5.1, 7.1 and 9.0.
import Foundation
import ReelShareTestSupport
import Testing

extension WhatPlaysTests {
    /// `file` (in `directory`) fixed for `target` by fix and by its printed command, each on one
    /// CPU: the same pictures at the same times, and the sound's packets at the same times, the
    /// loop points among them.
    private func sameLoop(_ file: String, _ target: String, in directory: URL) throws {
        let hint = runReelshare(["validate", "--format", "json", "--target", target, "--", file], in: directory)
        let verdict = try #require(((hint.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
        let printed = try #require(verdict["fix"] as? String, "\(file) \(target): \(verdict)")
        #expect(printed.hasPrefix("ffmpeg -stream_loop -1 "), "\(file) \(target): not a loop: \(printed)")
        #expect(try runPrintedOnOneCPU(printed, in: directory).status == 0, "\(printed)")
        let fix = try runBinary(["fix", "--target", target, "-o", "fixed.mp4", "--", file], in: directory, oneCPU: true)
        #expect(fix.status == 0, "\(file) \(target): \(fix.stderr)")
        let made = (file as NSString).deletingPathExtension + ".fixed.mp4"
        try expectSameFrames("fixed.mp4", made, "\(file) \(target)", in: directory)
        let sound = try packetTimes("fixed.mp4", "a:0", in: directory), theirs = try packetTimes(made, "a:0", in: directory)
        #expect(
            sound.count > 100 && sound == theirs,
            "\(file) \(target): the looped sound's packets differ")
        for name in ["fixed.mp4", made] { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
    }

    @Test(
        "a 1.001 s clip whose sound starts 26 ms late and outlasts its picture, looped to 3.1 s for Instagram Reels: fix and its printed command make the same frames and sound"
    )
    func loopedAsPrinted() throws {
        let directory = try scratch("loop")
        defer { try? FileManager.default.removeItem(at: directory) }
        // As a phone writes a short clip: the sound a little late and a little longer (the
        // passes' measures of FFmpeg 5.1 and 7.1 differ by 26 ms on it).
        try makeWithFFmpeg(
            "late.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=540x960:r=30000/1001:d=1.001", "-itsoffset", "0.05", "-f", "lavfi", "-i",
                "sine=d=1.1:r=44100", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
            ], in: directory)
        try sameLoop("late.mp4", "ig-reels", in: directory)
    }

    @Test(
        "the corpus's phone clips (portrait, rotated and mirrored), looped for Instagram Reels: fix and its printed command make the same frames and sound",
        .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
    func phoneClipsLoopedAsPrinted() throws {
        let directory = try scratch("loop-corpus")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["sample_portrait.mp4", "sample_rotate_and_reflect.mp4"] {
            try FileManager.default.copyItem(
                at: TestPaths.corpus.appendingPathComponent("video/h264/\(name)"), to: directory.appendingPathComponent(name))
            try sameLoop(name, "ig-reels", in: directory)
        }
    }

    @Test(
        "a transport stream whose sound ends before its picture, looped to 3.1 s: read again from its first byte (by time its only keyframe is passed), the picture 3 s and more, never endless"
    )
    func transportStreamLooped() throws {
        let directory = try scratch("loop-ts")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: TestPaths.fixture("h264_aac.ts")), to: directory.appendingPathComponent("clip.ts"))
        let fix = runReelshare(
            ["fix", "--strict", "--target", "ig-stories-api", "--timeout", "60", "-o", "fixed.mp4", "--", "clip.ts"],
            in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let picture = Double(try ffprobe("fixed.mp4", "v:0", "stream=duration", in: directory)) ?? 0
        #expect(picture >= 3, "\(picture) s of picture")
    }

    @Test(
        "a clip whose sound (0.7 s) ends before its picture (1.2 s), looped: each pass starts after the picture, so its frames never step back"
    )
    func shortSoundLooped() throws {
        let directory = try scratch("loop-short")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "short.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=540x960:r=30:d=1.2", "-f", "lavfi", "-i", "sine=d=0.7:r=48000", "-c:v",
                "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
            ], in: directory)
        let fix = runReelshare(["fix", "--target", "ig-reels", "-o", "fixed.mp4", "--", "short.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let times = try ffprobe("fixed.mp4", "v:0", "frame=pts_time", in: directory).split(separator: "\n").compactMap {
            Double($0.trimmingCharacters(in: CharacterSet(charactersIn: ", ")))
        }
        #expect(times.count > 80, "\(times.count) frames")
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        // A pass started inside the last one brings frames back in time, which the encoder can
        // only bunch a tick apart.
        #expect(steps.allSatisfy { $0 > 0.01 }, "frames step back: \(steps.filter { $0 <= 0.01 })")
    }
}
