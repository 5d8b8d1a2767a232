// One decider: for every fixture and every built-in target, validate prints a fix command exactly
// when `fix` would make a file (issue 39). Before, a file failing a rule no fix answers (a clip
// below ig-feed's 640x640, a file cut short) got a printed ffmpeg command that `fix` then refused.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("fix: a printed command exists exactly when fix makes a file")
struct FixDeciderTests {
    @Test("every media fixture, every built-in target, with and without --strict")
    func oneDecider() throws {
        let media = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/media")
        let files = try FileManager.default.contentsOfDirectory(atPath: media.path).sorted().filter { !$0.hasPrefix("bomb_") }
        var checked = 0, printed = 0
        for name in files {
            let path = "Tests/Fixtures/media/\(name)"
            for strict in [[], ["--strict"]] {
                let validated = runReelshare(["validate", "--format", "json"] + strict + [path])
                let results = (validated.json?["results"] as? [[String: Any]]) ?? []
                for verdict in results.first?["targets"] as? [[String: Any]] ?? [] {
                    guard let target = verdict["target"] as? String, verdict["accepted"] as? Bool == false else { continue }
                    let hint = verdict["fix"] as? String
                    let dry = runReelshare(["fix", "--dry-run", "--format", "json", "--target", target] + strict + [path])
                    let outputs = ((dry.json?["results"] as? [[String: Any]])?.first?["outputs"] as? [Any]) ?? []
                    // An external tool's command (heif-convert) is printed, and fix says it needs it;
                    // reelshare's own (a CgBI PNG, which no ffmpeg reads) is fix itself.
                    let external = hint.map { !$0.hasPrefix("ffmpeg ") && !$0.hasPrefix("reelshare fix ") } ?? false
                    #expect(
                        (hint != nil && !external) == !outputs.isEmpty,
                        "\(name) \(target) \(strict): printed \(hint ?? "nothing"), fix \(dry.stdout.prefix(300))")
                    checked += 1
                    if hint != nil { printed += 1 }
                }
            }
        }
        // Both sides are exercised: commands printed and fixes made, and refusals with neither.
        #expect(checked > 300 && printed > 100 && checked - printed > 50, "\(checked) checked, \(printed) printed")
    }
}
