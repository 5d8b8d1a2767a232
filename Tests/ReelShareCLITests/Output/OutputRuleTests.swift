// The one output rule, in process: never over an input, never through a link, a full disk named;
// and what a file claims is not believed (an SPS's bit depth). A kill or a changed input is a
// process's concern (ReelShareEndToEndTests).
import Foundation
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Outputs: never over an input, never through a link")
struct OutputRuleTests {
    @Test("build and preview never write over their own inputs, by any path (73, both named)")
    func outputsAreNotInputs() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try fixtureData("h264_aac_10s.mp4").write(to: directory.appendingPathComponent("v.mp4"))
        try fixtureData("sticker_rgba_640x480.png").write(to: directory.appendingPathComponent("s.png"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        #expect(link(directory.appendingPathComponent("v.mp4").path, directory.appendingPathComponent("hard.mp4").path) == 0)
        let before = try Data(contentsOf: directory.appendingPathComponent("v.mp4"))
        let sticker = try Data(contentsOf: directory.appendingPathComponent("s.png"))
        for (output, says) in [
            ("v.mp4", "cannot write v.mp4: it is an input of this command"),
            ("sub/../v.mp4", "cannot write sub/../v.mp4: it is the input v.mp4"),
            ("hard.mp4", "cannot write hard.mp4: it is the input v.mp4"),
        ] {
            let build = runReelshare(
                ["build", "--target", "ig-stories", "--video", "v.mp4", "--app-id", "1", "--force", "-o", output], in: directory)
            #expect(build.status == 73 && build.stderr == "reelshare: error: \(says)\n", "\(output): \(build.stderr)")
        }
        let preview = runReelshare(
            ["preview", "--target", "ig-stories", "--video", "v.mp4", "--sticker", "s.png", "--force", "-o", "s.png"],
            in: directory)
        #expect(preview.status == 73 && preview.stderr.contains("cannot write s.png: it is an input"), "\(preview.stderr)")
        #expect(try Data(contentsOf: directory.appendingPathComponent("v.mp4")) == before)
        #expect(try Data(contentsOf: directory.appendingPathComponent("s.png")) == sticker)
        #expect(listing(directory) == ["hard.mp4", "s.png", "sub", "v.mp4"])
    }

    @Test("an output path that is a symbolic link is refused by every command that writes, --force or not")
    func plantedLinks() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try fixtureData("h264_aac_10s.mp4").write(to: directory.appendingPathComponent("v.mp4"))
        try fixtureData("h264.mkv").write(to: directory.appendingPathComponent("clip.mkv"))
        try "precious".write(to: directory.appendingPathComponent("precious.txt"), atomically: true, encoding: .utf8)
        // Links planted where each command would write, all to one file that must survive.
        for name in ["p.json", "p.png", "fixed.mp4", "clip.fixed.mp4"] {
            try FileManager.default.createSymbolicLink(
                atPath: directory.appendingPathComponent(name).path, withDestinationPath: "precious.txt")
        }
        let runs: [[String]] = [
            ["build", "--target", "ig-reels", "--video", "v.mp4", "--app-id", "1", "--force", "-o", "p.json"],
            ["preview", "--target", "ig-stories", "--video", "v.mp4", "--force", "-o", "p.png"],
            ["fix", "--target", "ig-stories", "-o", "fixed.mp4", "clip.mkv"],
            ["fix", "--target", "ig-stories", "clip.mkv"],  // its default name, clip.fixed.mp4
        ]
        for arguments in runs {
            let result = runReelshare(arguments, in: directory)
            #expect(
                result.status == 73 && result.stderr.contains("is a symbolic link, and reelshare never writes through one"),
                "\(arguments): \(result.stderr)")
        }
        #expect(try String(contentsOf: directory.appendingPathComponent("precious.txt"), encoding: .utf8) == "precious")
        #expect(!listing(directory).contains { $0.contains(".reelshare-") })
    }

    @Test("a full disk is named as such, not as an input/output error")
    func fullDisk() throws {
        let directory = try scratch("bounded")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("full.png").path, withDestinationPath: "/dev/full")
        let result = runReelshare(
            ["preview", "--target", "ig-stories", "--sticker", TestPaths.fixture("sticker_rgba_640x480.png"), "-o", "full.png"],
            in: directory)
        #expect(result.status == 73 && result.stderr.contains("no space left on device"), "\(result.stderr)")
    }

}
