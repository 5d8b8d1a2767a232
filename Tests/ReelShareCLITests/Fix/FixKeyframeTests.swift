// Keyframes forced for a target's interval: fix and its printed command put them exactly there,
// with none of libx264's own between them (its 250-frame default would add one).
import Foundation
import ReelShareTestSupport
import Testing

extension ProfileFileTests {
    @Test(
        "keyframes forced every 9 s at 30 fps (a profile's 2 to 12 s interval): fix and the printed command key 0, 9 and 18 s only, not libx264's 250th frame"
    )
    func forcedKeyframesOnly() throws {
        let directory = try scratch("keyframes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("slow-keys.json").path
        let rule = #"{"rule": "video.keyframe-interval", "severity": "error", "source": "a test", "min": 2, "max": 12}"#
        let text = Self.threads.replacingOccurrences(
            of: #"{"rule": "video.duration.max", "severity": "error", "source": "a test", "max": 15}"#, with: rule)
        #expect(text != Self.threads)
        try text.write(toFile: profile, atomically: true, encoding: .utf8)
        try makeWithFFmpeg(
            "sparse.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=20", "-c:v", "libx264", "-preset", "ultrafast", "-g", "600",
                "-pix_fmt", "yuv420p",
            ], in: directory)
        let use = ["--profile", profile, "--target", "threads-stories", "--platform", "ios"]
        let hint = runReelshare(["validate", "--format", "json"] + use + ["--", "sparse.mp4"], in: directory)
        let verdict = try #require(((hint.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
        let printed = try #require(verdict["fix"] as? String, "\(verdict)")
        #expect(printed.contains("-force_key_frames 'expr:gte(t,n_forced*9)' "), "\(printed)")
        #expect(try runCommand(["sh", "-c", printed + " -v error -nostdin -y"], in: directory).status == 0, "\(printed)")
        let fix = runReelshare(["fix"] + use + ["-o", "fixed.mp4", "--", "sparse.mp4"], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        for file in ["sparse.fixed.mp4", "fixed.mp4"] {
            let keys = try ffprobe(file, "v:0", "packet=pts_time,flags", in: directory).split(separator: "\n")
                .filter { $0.contains("K") }.compactMap { Double($0.split(separator: ",").first ?? "") }
            #expect(keys == [0, 9, 18], "\(file): keyframes at \(keys)")
        }
    }
}
