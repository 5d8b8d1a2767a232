// Every command, in process, for each exit status it documents: real files in, the status out,
// the one-line error naming what went wrong, and no output file when it failed.
import Foundation
import ReelShareKit
import ReelShareTestSupport
import Testing

@testable import ReelShareCLI

private let media = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/media").path
private let app = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/app").path

/// One case: a command line, the status it must end with, and words its error must hold.
struct StatusCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    /// Words the standard error must hold: the reason, not merely the file's name.
    var error: String?
    /// Whether a "reelshare: error:" line is expected (validate and doctor report a file they
    /// accept or reject as findings on standard output; only one they cannot read gets an error).
    var closing = true
    var testDescription: String { "\(arguments.first ?? "") → \(status)" }
}

/// `DIR` in an argument is the case's own scratch directory.
private let cases: [StatusCase] = [
    // probe
    .init(arguments: ["probe", "\(media)/h264_aac_2s.mp4"], status: 0),
    .init(arguments: ["probe", "--format", "yaml", "x"], status: 64, error: "invalid value 'yaml' for --format"),
    .init(arguments: ["probe", "\(media)/crc_error.png"], status: 65, error: "crc_error.png: invalid png: IDAT: CRC error"),
    .init(arguments: ["probe", "\(media)/missing.mp4"], status: 66, error: "missing.mp4: no such file"),
    // validate
    .init(arguments: ["validate", "--target", "ig-reels", "\(media)/h264_aac_10s.mp4"], status: 0),
    .init(arguments: ["validate", "--target", "ig-reels", "\(media)/hevc.mp4"], status: 1, error: "error[", closing: false),
    .init(arguments: ["validate", "--target", "ig-reel", "x.mp4"], status: 64, error: "unknown target 'ig-reel'"),
    // validate reports a file it cannot read as a finding (1); 66 is for its own lists and profiles.
    .init(
        arguments: ["validate", "--target", "ig-reels", "\(media)/not_media.txt"], status: 1,
        error: "error[media.unreadable] ig-reels: cannot read the file: not a recognised video, audio or image file: it is text"),
    .init(
        arguments: ["validate", "--target", "ig-reels", "\(media)/missing.mp4"], status: 1,
        error: "error[media.unreadable] ig-reels: cannot read the file: no such file"),
    .init(
        arguments: ["validate", "--files-from", "\(media)/no-list.txt"], status: 66,
        error: "cannot read the file list \(media)/no-list.txt: no such file"),
    // fix
    .init(
        arguments: ["fix", "--target", "ig-stories", "\(media)/h264_aac_2s.mp4", "--output-dir", "DIR"], status: 0,
        error: "already accepted by ig-stories; nothing written"),
    .init(
        arguments: ["fix", "--target", "ig-reels", "\(media)/mpeg4_part2.mp4", "-o", "DIR/fixed.mp4"], status: 0),
    .init(
        arguments: ["fix", "--target", "ig-stories", "\(media)/audio_only.m4a", "--output-dir", "DIR"], status: 0),
    .init(
        arguments: ["fix", "--target", "fb-reels-api", "\(media)/h264_aac_10s.mp4", "--output-dir", "DIR"], status: 1,
        error: "no mechanical fix for video.resolution"),
    .init(arguments: ["fix", "\(media)/hevc.mp4", "--output-dir", "DIR"], status: 64, error: "fix needs --target"),
    .init(
        arguments: ["fix", "--target", "ig-reels", "\(media)/zero_width.png", "--output-dir", "DIR"], status: 65,
        error: "cannot read it: invalid png: its width is 0"),
    .init(
        arguments: ["fix", "--target", "ig-reels", "\(media)/missing.mp4", "--output-dir", "DIR"], status: 66,
        error: "cannot read it: no such file"),
    .init(
        arguments: ["fix", "--target", "ig-reels", "\(media)/mpeg4_part2.mp4", "-o", "DIR/no/such/dir/fixed.mp4"],
        status: 73, error: "no such file or directory"),
    // build
    .init(
        arguments: ["build", "--target", "ig-stories", "--sticker", "\(media)/sticker_rgba_640x480.png", "--app-id", "1"],
        status: 0),
    .init(
        arguments: [
            "build", "--target", "ig-reels", "--video", "\(media)/h264_aac_70s.mp4", "--app-id", "1", "-o", "DIR/p.json",
        ],
        status: 1, error: "nothing written"),
    .init(arguments: ["build", "--target", "ig-reels", "--app-id", "1"], status: 64, error: "needs a background"),
    .init(
        arguments: [
            "build", "--target", "ig-stories", "--sticker", "\(media)/crc_error.png", "--app-id", "1", "-o", "DIR/p.json",
        ],
        status: 65, error: "nothing written: an input cannot be read"),
    .init(
        arguments: ["build", "--target", "ig-stories", "--sticker", "\(media)/gone.png", "--app-id", "1", "-o", "DIR/p.json"],
        status: 66, error: "gone.png: error[media.unreadable] ig-stories: cannot read the file: no such file"),
    .init(
        arguments: [
            "build", "--target", "ig-stories", "--sticker", "\(media)/sticker_rgba_640x480.png", "--app-id", "1", "-o",
            "DIR/no/such/p.json",
        ], status: 73, error: "cannot write"),
    // preview
    .init(
        arguments: [
            "preview", "--target", "ig-stories", "--sticker", "\(media)/sticker_rgba_640x480.png", "-o", "DIR/p.png",
        ], status: 0),
    .init(
        arguments: ["preview", "--target", "ig-reels", "--video", "\(media)/h264_aac_70s.mp4", "-o", "DIR/p.png"], status: 1,
        error: "nothing written"),
    .init(arguments: ["preview", "--target", "ig-stories"], status: 64, error: "preview needs -o FILE.png"),
    .init(
        arguments: ["preview", "--target", "ig-stories", "--sticker", "\(media)/truncated.jpg", "-o", "DIR/p.png"],
        status: 65, error: "truncated.jpg: error[media.unreadable] ig-stories: cannot read the file: invalid jpeg"),
    .init(
        arguments: ["preview", "--target", "ig-stories", "--sticker", "\(media)/gone.png", "-o", "DIR/p.png"], status: 66,
        error: "gone.png: error[media.unreadable] ig-stories: cannot read the file: no such file"),
    .init(
        arguments: [
            "preview", "--target", "ig-stories", "--sticker", "\(media)/sticker_rgba_640x480.png", "-o", "DIR/none/p.png",
        ], status: 73, error: "cannot write"),
    // doctor
    // The App ID the good Info.plist holds.
    .init(arguments: ["doctor", "--plist", "\(app)/Info-good.plist", "--app-id", "1234567890123456"], status: 0),
    .init(
        arguments: ["doctor", "--plist", "\(app)/Info-broken.plist", "--app-id", "1234"], status: 1, error: "error[ios.",
        closing: false),
    .init(arguments: ["doctor", "--plist", "\(app)/Info-missing.plist"], status: 66, error: "Info-missing.plist: no such file"),
    .init(arguments: ["doctor", "DIR"], status: 66, error: "nothing to check here"),
    .init(
        arguments: ["doctor", "\(media)/not_media.txt"], status: 65,
        error: "not an Info.plist, AndroidManifest.xml or app archive"),
    .init(arguments: ["doctor", "--format", "yaml"], status: 64, error: "invalid value 'yaml' for --format"),
    .init(
        arguments: ["doctor", "--plist", "\(app)/Info-good.plist", "--profile", "\(app)/no-profile.json"], status: 66,
        error: "cannot read the profile file \(app)/no-profile.json: no such file"),
    // targets
    .init(arguments: ["targets"], status: 0),
    .init(arguments: ["targets", "ig-reels"], status: 64, error: "targets takes no operands"),
    .init(
        arguments: ["targets", "--profile", "\(app)/no-profile.json"], status: 66,
        error: "cannot read the profile file \(app)/no-profile.json: no such file"),
    // completions
    .init(arguments: ["completions", "bash"], status: 0),
    .init(arguments: ["completions", "tcsh"], status: 64, error: "completions needs one SHELL"),
]

@Suite("Every command, every status (in process)")
struct CommandStatusTests {
    @Test("the status, the error naming the problem, and nothing written on failure", arguments: cases)
    func status(_ test: StatusCase) throws {
        let directory = try scratch("status")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = test.arguments.map { $0.replacingOccurrences(of: "DIR", with: directory.path) }
        let outcome = runReelshare(arguments)
        #expect(outcome.status == test.status, "\(arguments): \(outcome.stderr)")
        if let error = test.error {
            // A verdict's findings go to standard output (validate, doctor), errors to standard error.
            #expect((outcome.stdout + outcome.stderr).contains(error), "\(outcome.stdout)\(outcome.stderr)")
            // The closing line says why it failed (a finding's line may come before it).
            let lines = outcome.stderr.split(separator: "\n")
            #expect(
                lines.contains { $0.hasPrefix("reelshare: error: ") } == (test.closing && test.status != 0), "\(outcome.stderr)")
        }
        let written = (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? [])
            .filter { !$0.hasSuffix("/") }
        if test.status == 0 {
            #expect(outcome.stderr.contains("error") == false, "\(outcome.stderr)")
        } else {
            #expect(written.isEmpty, "left behind: \(written)")
        }
    }

    @Test("the matrix covers every command, and every status a command documents")
    func coverage() {
        let commands = Set(cases.compactMap(\.arguments.first))
        #expect(commands == Set(CommandTable.specs.map(\.name)))
        func statuses(_ name: String) -> Set<Int32> { Set(cases.filter { $0.arguments.first == name }.map(\.status)) }
        for name in ["probe", "fix", "build", "preview"] {
            #expect(statuses(name).isSuperset(of: [0, 64, 65, 66]), "\(name): \(statuses(name).sorted())")
        }
        for name in ["validate", "doctor"] { #expect(statuses(name).isSuperset(of: [0, 1, 64, 66]), "\(name)") }
        #expect(statuses("doctor").contains(65))
        for name in ["fix", "build", "preview"] {
            #expect(cases.contains { $0.arguments.first == name && $0.status == 73 }, "\(name)")
        }
    }
}
