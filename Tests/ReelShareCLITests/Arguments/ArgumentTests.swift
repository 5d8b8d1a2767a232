// The argument parser and the command line, in process: ReelShareCLI.run with captured outputs.
import Foundation
import ReelShareKit
import ReelShareTestSupport
import Testing
@testable import ReelShareCLI

private let media = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/media").path

@Suite("Argument parser")
struct ArgumentParserTests {
    private let spec = ValidateCommand.spec

    @Test("--x v, --x=v, -0, repeated options, and -- ending options")
    func spellings() throws {
        let parsed = try ArgumentParser.parse(
            [
                "--format", "json", "--target=ig-reels", "--target", "fb-reels", "-0", "--files-from=list", "a.mp4", "--",
                "--strict",
            ],
            for: spec)
        typealias Option = ValidateCommand.Option
        #expect(parsed.choice(Option.format) == .json)
        #expect(parsed.all(Option.target) == ["ig-reels", "fb-reels"])
        #expect(parsed.has(InputFiles.nullSeparated))
        #expect(parsed.value(InputFiles.filesFrom) == "list")
        #expect(parsed.operands == ["a.mp4", "--strict"])
        #expect(!parsed.has(Option.strict))
        #expect(parsed.choice(Option.format, default: ValidateCommand.Format.text) == .json)
        #expect(try ArgumentParser.parse(["-"], for: spec).operands == ["-"])
        #expect(try ArgumentParser.parse(["--target="], for: spec).value(Option.target) == "")
    }

    @Test(
        "errors say what is wrong and name the command",
        arguments: [
            (["--formt", "json"], "unknown option '--formt' for validate; did you mean '--format'?"),
            (["--format", "xml"], "invalid value 'xml' for --format: expected one of text, json, ndjson, junit, github, html"),
            (["--format"], "option --format needs a value (FORMAT)"),
            (["--strict=yes"], "option --strict takes no value"),
            (["-x"], "unknown option '-x' for validate"),
        ])
    func errors(arguments: [String], message: String) {
        #expect(throws: CLIError.usage(message, command: "validate")) { try ArgumentParser.parse(arguments, for: spec) }
    }

    @Test("every command's options are spelled once, and every choice option lists its values")
    func table() {
        for command in CommandTable.specs {
            let names = command.options.map(\.name)
            #expect(Set(names).count == names.count, "\(command.name)")
            for option in command.options where option.name == "format" { #expect(!option.choices.isEmpty, "\(command.name)") }
        }
    }
}

@Suite("Command line in process")
struct CommandLineTests {
    @Test("--help and every command's help fit 80 columns")
    func helpWidth() {
        for arguments in [["--help"]] + CommandTable.specs.map({ [$0.name, "--help"] }) {
            let help = runReelshare(arguments)
            let wide = help.stdout.split(separator: "\n").filter { $0.count > 80 }
            #expect(help.status == 0 && wide.isEmpty, "\(arguments): \(wide)")
        }
    }

    @Test("--version, --help and help COMMAND go to stdout with status 0")
    func informational() {
        let version = runReelshare(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("reelshare \(Help.version)\nFFmpeg "))
        // The FFmpeg it runs with and the one it was compiled against, each named.
        let ffmpeg = version.stdout.split(separator: "\n").first { $0.hasPrefix("FFmpeg ") } ?? ""
        #expect(ffmpeg.contains(" (built against ") && ffmpeg.hasSuffix(")"))
        // libheif with the HEIF codecs it decodes: HEVC and AV1 wherever reelshare is built.
        let heif = version.stdout.split(separator: "\n").first { $0.hasPrefix("libheif ") } ?? ""
        #expect(heif.contains(" (decodes hevc, av1") && heif.hasSuffix(")"), "\(heif)")
        let help = runReelshare(["--help"])
        #expect(help.status == 0 && help.stdout.contains("EXIT STATUS:") && help.stderr.isEmpty)
        let probe = runReelshare(["help", "probe"])
        #expect(probe.status == 0 && probe.stdout == runReelshare(["probe", "--help"]).stdout)
        #expect(probe.stdout.hasPrefix(ProbeCommand.spec.summary))
    }

    @Test("usage errors: 64, one error line, the usage line when a command is known")
    func usage() {
        let none = runReelshare([])
        #expect(none.status == 64 && none.stderr.contains("USAGE: reelshare COMMAND") && none.stdout.isEmpty)
        let typo = runReelshare(["prbe", "x"])
        #expect(typo.status == 64)
        #expect(typo.stderr == "reelshare: error: unknown command 'prbe'; did you mean 'probe'?\nSee 'reelshare --help'.\n")
        let jobs = runReelshare(["probe", "--jobs", "0", "x"])
        #expect(
            jobs.stderr == """
                reelshare: error: invalid value '0' for --jobs: expected a whole number from 1 to 256
                usage: reelshare probe [OPTIONS] FILE|DIR...
                See 'reelshare help probe'.

                """)
        #expect(
            runReelshare(["build", "--target", "ig-reels", "--video", "v.mp4", "--app-id", "com.example"]).stderr
                .hasPrefix(
                    "reelshare: error: App ID 'com.example' is not a Meta App ID, which is decimal digits (it looks like a bundle identifier"
                ))
    }

    @Test("an output is named for what is written: preview -o must end .png (any case), fix's -o its format's extension")
    func outputNames() {
        for (path, named) in [
            ("out.png", true), ("dir/OUT.PNG", true), ("a.b/c.png", true), ("p.jpg", false), ("png", false),
            (".png", false), ("dir.png/x", false),
        ] {
            #expect(OptionValues.named(path, withExtension: "png") == named, "\(path)")
        }
        let jpeg = runReelshare(["preview", "--target", "ig-stories", "--video", "\(media)/h264_aac_2s.mp4", "-o", "p.jpg"])
        #expect(jpeg.status == 64 && jpeg.stderr.hasPrefix("reelshare: error: -o p.jpg: a preview is a PNG: name it with .png\n"))
    }

    @Test("statuses: the worst file decides probe; validate says 1; missing lists and outputs have their own")
    func statuses() throws {
        let mixed = runReelshare([
            "probe", "--format", "ndjson", "\(media)/crc_error.png", "\(media)/missing.mp4", "\(media)/h264_aac_2s.mp4",
        ])
        #expect(mixed.status == 66)
        #expect(mixed.stdout.split(separator: "\n").count == 3)
        #expect(mixed.stderr.split(separator: "\n").count == 2)
        #expect(runReelshare(["probe", "\(media)/crc_error.png"]).status == 65)
        #expect(runReelshare(["validate", "--target", "ig-stories", "\(media)/h264_aac_25s.mp4"]).status == 1)
        #expect(runReelshare(["validate", "--files-from", "/nonexistent/list"]).status == 66)
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let unwritable = directory.appendingPathComponent("no/such/dir/payload.json").path
        let build = runReelshare([
            "build", "--target", "ig-reels", "--video", "\(media)/h264_aac_10s.mp4", "--app-id", "1", "-o", unwritable,
        ])
        #expect(build.status == 73)
        #expect(build.stderr.hasPrefix("reelshare: error: cannot write \(unwritable): no such file or directory"))
    }

    @Test("REELSHARE_APP_ID comes from the environment given")
    func environment() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("payload.json").path
        let args = [
            "build", "--target", "ig-stories", "--sticker", "\(media)/sticker_rgba_640x480.png", "--embed", "path", "-o", output,
        ]
        #expect(runReelshare(args).status == 64)
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(runReelshare(args, environment: ["REELSHARE_APP_ID": "4242"]).status == 0)
        #expect(
            try String(contentsOfFile: output, encoding: .utf8).contains(
                "\"url\":\"instagram-stories://share?source_application=4242\""))
    }
}

@Suite("Exit status map")
struct ExitStatusTests {
    @Test(
        "each outcome has its status",
        arguments: [
            (CLIError.usage("x", command: nil), 64),
            (.unreadable("x"), 66),
            (.input("x"), 66),
            (.rejected(summary: nil), 1),
            (.output("x"), 73),
            (.internal("x"), 70),
            (.media([.corrupt], summary: nil), 65),
            (.media([.unsupported, .timeout, .tooLarge], summary: nil), 65),
            (.media([.corrupt, .notFound], summary: nil), 66),
            (.media([.unreadable, .internal, .corrupt], summary: nil), 70),
        ] as [(CLIError, Int32)])
    func map(error: CLIError, status: Int32) {
        #expect(error.exitStatus.rawValue == status)
    }
}

@Suite("Parallel work")
struct ParallelTests {
    @Test("ordered: every result once, in input order, with more jobs than cores", arguments: [1, 2, 16, 64])
    func ordered(jobs: Int) {
        var seen: [Int] = []
        Parallel.map(count: 500, jobs: jobs, work: { $0 * $0 }) { index, square in
            #expect(square == index * index)
            seen.append(index)
        }
        #expect(seen == Array(0..<500))
    }

    @Test("unordered: every result once")
    func unordered() {
        var seen: [Int] = []
        Parallel.map(count: 300, jobs: 8, ordered: false, work: { $0 }) { index, value in
            #expect(index == value)
            seen.append(index)
        }
        #expect(seen.sorted() == Array(0..<300))
    }

    @Test("validate --jobs 8 writes the same bytes as --jobs 1, in process")
    func validateJobs() {
        let files = TestPaths.fixtureNames.map { "\(media)/\($0)" }
        let one = runReelshare(["validate", "--format", "json", "--jobs", "1"] + files)
        let eight = runReelshare(["validate", "--format", "json", "--jobs", "8"] + files)
        #expect(one.status == 1 && eight.status == 1)
        #expect(one.stdout == eight.stdout && !one.stdout.isEmpty)
        #expect(one.stderr == eight.stderr)
    }
}
