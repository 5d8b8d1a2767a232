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

    @Test(
        "a name with a newline or a tab stays on its line in text output (probe, validate, github, fix and its dry run, errors): written \\n and \\t as ls -b writes them; JSON keeps the name"
    )
    func namesStayOnTheirLine() throws {
        let directory = try scratch("newlines")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = ["clip\nok.mp4", "tab\tbad.mp4"]
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: TestPaths.fixture("h264_aac_2s.mp4")), to: directory.appendingPathComponent(names[0]))
        try Data("not media".utf8).write(to: directory.appendingPathComponent(names[1]))
        let runs = [
            ["probe"], ["validate", "--target", "ig-reels"], ["validate", "--target", "ig-reels", "--format", "github"],
            ["fix", "--target", "ig-reels", "--dry-run"], ["fix", "--target", "ig-reels"],
        ]
        for arguments in runs {
            let result = runReelshare(arguments + ["--"] + names, in: directory)
            let text = result.stdout + result.stderr
            // (GitHub's annotations encode a newline as %0A and take a tab as it is.)
            for name in names where !(arguments.contains("github") && name.contains("\t")) {
                #expect(!text.contains(name), "\(arguments): \(text.debugDescription)")
            }
            // Every line that names a file names it whole, escaped.
            // (github's annotations on standard output, text's error lines on standard error.)
            let shown =
                ["clip\\nok.mp4", "tab\\tbad.mp4"] + (arguments.contains("github") ? ["clip%0Aok.mp4", "tab\tbad.mp4"] : [])
            for line in text.split(separator: "\n") where line.contains("ok.mp4") || line.contains("bad.mp4") {
                #expect(shown.contains { line.contains($0) }, "\(arguments): \(line.debugDescription)")
            }
        }
        // The file fix wrote holds the name's newline; JSON says it as JSON does.
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("clip\nok.fixed.mp4").path))
        let json = runReelshare(["probe", "--format", "json", "--", names[0]], in: directory)
        #expect(json.stdout.contains("clip\\nok.mp4"), "\(json.stdout)")
    }
}
