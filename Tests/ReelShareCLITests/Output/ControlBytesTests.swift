// A file named to drive a terminal (`\e]0;title\a.mp4` retitles it, `\e[2J.mp4` clears it) is
// named with its control bytes escaped in every output a terminal or CI log shows.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("No raw control bytes")
struct ControlBytesTests {
    @Test(
        "names that would retitle or clear a terminal: escaped as ls -b shows them in probe, validate's text and github, fix and errors; junit's XML has none"
    )
    func namesEscaped() throws {
        let directory = try scratch("controls")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = ["\u{1B}]0;title\u{07}.mp4", "\u{1B}[2J.mp4"]
        let shown = ["\\033]0;title\\a.mp4", "\\033[2J.mp4"]
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: TestPaths.fixture("h264_aac_2s.mp4")), to: directory.appendingPathComponent(names[0]))
        try Data("not media".utf8).write(to: directory.appendingPathComponent(names[1]))
        let runs = [
            ["probe"], ["validate", "--target", "ig-reels"], ["validate", "--target", "ig-reels", "--format", "github"],
            ["validate", "--target", "ig-reels", "--format", "junit"], ["validate", "--target", "ig-reels", "--format", "html"],
            ["fix", "--target", "ig-reels", "--dry-run"],
        ]
        for arguments in runs {
            let result = runReelshare(arguments + ["--"] + names, in: directory)
            let bytes = Array((result.stdout + result.stderr).utf8)
            #expect(
                !bytes.contains { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F },
                "\(arguments): \(result.stdout.debugDescription) \(result.stderr.debugDescription)")
            // JUnit's XML and the HTML report hold no control character at all: their escapers
            // show them as U+FFFD.
            let markup = arguments.contains("junit") || arguments.contains("html")
            for name in markup ? ["\u{FFFD}]0;title\u{FFFD}.mp4"] : shown {
                #expect((result.stdout + result.stderr).contains(name), "\(arguments): \(name) not named")
            }
        }
    }
}
