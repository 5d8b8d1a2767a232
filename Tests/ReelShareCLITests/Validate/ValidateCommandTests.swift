// `reelshare validate` and `reelshare targets`, run as a user would.
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import ReelShareTestSupport
import Testing

private let media = "Tests/Fixtures/media"

/// The findings of `target` for the single file validated.
private func findings(_ result: RunResult, target: String) throws -> [[String: Any]] {
    let results = try #require(result.json?["results"] as? [[String: Any]])
    let targets = try #require(results.first?["targets"] as? [[String: Any]])
    let verdict = try #require(targets.first { $0["target"] as? String == target })
    return try #require(verdict["findings"] as? [[String: Any]])
}

private func rules(_ findings: [[String: Any]], severity: String = "error") -> [String] {
    findings.filter { $0["severity"] as? String == severity }.compactMap { $0["rule"] as? String }
}

@Suite("reelshare validate (in process)")
struct ValidateCommandTests {
    @Test("a 70 s H.264 clip fails ig-reels on video.duration.max")
    func seventySeconds() throws {
        let result = runReelshare(["validate", "--format", "json", "--target", "ig-reels", "\(media)/h264_aac_70s.mp4"])
        #expect(result.status == 1)
        let found = try findings(result, target: "ig-reels")
        #expect(rules(found) == ["video.duration.max"])
        let finding = try #require(found.first)
        #expect(finding["actual"] as? Double == 70)
        #expect(finding["limit"] as? Double == 60)
        #expect((finding["source"] as? String)?.contains("Meta for Developers, Instagram Sharing to Reels From iOS") == true)
        #expect(finding["message"] as? String == "70.0 s is longer than the 60 s limit")
    }

    @Test("a 70 s WebM written to a pipe (no Duration) is rejected for Stories on its real length")
    func pipedWebM() throws {
        let result = runReelshare(["validate", "--format", "json", "--target", "ig-stories", "\(media)/piped_70s.webm"])
        #expect(result.status == 1)
        let found = try findings(result, target: "ig-stories")
        #expect(rules(found) == ["video.duration.max"])
        #expect(rules(found, severity: "warning").isEmpty, "no 'cannot check' any more")
        let actual = try #require(found.first?["actual"] as? Double)
        #expect(abs(actual - 70) < 0.25)
    }

    @Test("--decode finds frames that do not decode: video.decode; without it the rule is silent")
    func decodeRule() throws {
        let file = "\(media)/h264_corrupt_frames.mp4"
        let decoded = runReelshare(["validate", "--format", "json", "--decode", "--target", "fb-reels", file])
        #expect(decoded.status == 1)
        let found = try findings(decoded, target: "fb-reels")
        #expect(rules(found).contains("video.decode"))
        let message = try #require(found.first { $0["rule"] as? String == "video.decode" }?["message"] as? String)
        // Out of the 40 frames the file holds (ffprobe counts 40 packets), whatever was damaged.
        #expect(message.contains(" of 40 video packets do not decode, the first at "), "\(message)")
        let quick = runReelshare(["validate", "--format", "json", "--target", "fb-reels", file])
        #expect(!rules(try findings(quick, target: "fb-reels"), severity: "error").contains("video.decode"))
        #expect(runReelshare(["validate", "--decode", "--target", "fb-reels", "\(media)/h264_aac_10s.mp4"]).status == 0)
    }

    @Test("a 25 s clip passes ig-reels and fails ig-stories; with no --target, one target is enough")
    func twentyFiveSeconds() throws {
        let file = "\(media)/h264_aac_25s.mp4"
        #expect(runReelshare(["validate", "--target", "ig-reels", file]).status == 0)
        let stories = runReelshare(["validate", "--format", "json", "--target", "ig-stories", file])
        #expect(stories.status == 1)
        #expect(rules(try findings(stories, target: "ig-stories")) == ["video.duration.max"])
        let text = runReelshare(["validate", "--target", "ig-stories", file])
        #expect(
            text.stdout.contains(
                "\(file): error[video.duration.max] ig-stories: 25.0 s is longer than the 20 s limit (Meta, Instagram Sharing to Stories, updated Jun 30 2026)\n"
            ))
        #expect(runReelshare(["validate", file]).status == 0)
        #expect(runReelshare(["validate", "--target", "ig-reels,ig-stories", file]).status == 1)
        #expect(runReelshare(["validate", "--target", "ig-reels", "--target", "fb-reels", file]).status == 0)
    }

    @Test(
        "MPEG-4 Part 2 and AV1 fail video.codec on every share target",
        arguments: ["mpeg4_part2.mp4", "av1.mp4"])
    func refusedCodecs(file: String) throws {
        let result = runReelshare(["validate", "--format", "json", "\(media)/\(file)"])
        #expect(result.status == 1)
        for target in ["ig-reels", "fb-reels", "ig-stories", "fb-stories"] {
            #expect(rules(try findings(result, target: target)).contains("video.codec"), "\(target)")
        }
    }

    @Test("a GIF sticker fails image.format; a PNG one passes")
    func gifSticker() throws {
        let gif = runReelshare(["validate", "--format", "json", "--target", "ig-stories", "\(media)/sticker.gif"])
        #expect(gif.status == 1)
        #expect(rules(try findings(gif, target: "ig-stories")) == ["image.format"])
        #expect(runReelshare(["validate", "--target", "ig-stories", "\(media)/sticker_rgba_640x480.png"]).status == 0)
    }

    @Test("a truncated clip fails file.truncated; a missing or corrupt file is an error finding, exit 1")
    func damaged() throws {
        let truncated = runReelshare([
            "validate", "--format", "json", "--target", "fb-reels", "\(media)/truncated_fast_start.mp4",
        ])
        #expect(truncated.status == 1)
        #expect(rules(try findings(truncated, target: "fb-reels")) == ["file.truncated"])
        for file in ["missing.mp4", "truncated_no_index.mp4", "crc_error.png"] {
            let result = runReelshare(["validate", "--format", "json", "--target", "fb-reels", "\(media)/\(file)"])
            #expect(result.status == 1)
            #expect(rules(try findings(result, target: "fb-reels")) == ["media.unreadable"])
            #expect(result.stderr.hasPrefix("reelshare: error: \(media)/\(file): "))
        }
    }

    @Test("warnings pass unless --strict; --as background changes an image's role")
    func strictAndRole() throws {
        let big = "\(media)/background_720x1280.jpg"
        let sticker = runReelshare(["validate", "--format", "json", "--target", "ig-stories", big])
        #expect(sticker.status == 0)
        #expect(rules(try findings(sticker, target: "ig-stories"), severity: "warning") == ["image.dimensions"])
        #expect(runReelshare(["validate", "--strict", "--target", "ig-stories", big]).status == 1)
        let background = runReelshare(["validate", "--format", "json", "--as", "background", "--target", "ig-stories", big])
        #expect(background.status == 0)
        #expect(try findings(background, target: "ig-stories").isEmpty)
        let reels = runReelshare(["validate", "--format", "json", "--as", "background", "--target", "ig-reels", big])
        #expect(rules(try findings(reels, target: "ig-reels")) == ["media.role"])
    }

    @Test(
        "the same files in every output format match the golden files (RECORD_GOLDEN=1 re-records for review)",
        arguments: [
            ("json", "validate.json"), ("ndjson", "validate.ndjson"), ("junit", "validate.junit.xml"),
            ("github", "validate.github.txt"), ("text", "validate.txt"),
        ])
    func golden(format: String, name: String) throws {
        let files = [
            "h264_aac_25s.mp4", "sticker.gif", "truncated_fast_start.mp4", "sticker_rgba_640x480.png",
            "missing file, \"quoted\".mp4",
        ].map { "\(media)/\($0)" }
        let result = runReelshare(["validate", "--jobs", "1", "--format", format, "--target", "ig-reels,ig-stories"] + files)
        #expect(result.status == 1)
        switch format {
        case "json":
            #expect(result.stdout.split(separator: "\n").count == 1)
            try expectGolden(indentedJSON(result.stdout), name)
        case "ndjson":
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == files.count + 1 && lines.last == "")
            try expectGolden(lines.map { indentedJSON(String($0)) }.joined(separator: "\n"), name)
        default:
            try expectGolden(result.stdout, name)
        }
    }

    @Test("json is one document with a summary; ndjson lines are the same results")
    func jsonAndNdjson() throws {
        let files = ["h264_aac_10s.mp4", "h264_aac_25s.mp4", "sticker.webp"].map { "\(media)/\($0)" }
        let json = runReelshare(["validate", "--format", "json"] + files)
        let document = try #require(json.json)
        #expect(document["schemaVersion"] as? Int == 1)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 3 && summary["accepted"] as? Int == 2 && summary["rejected"] as? Int == 1)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.map { $0["accepted"] as? Bool } == [true, true, false])
        #expect(results.map { $0["role"] as? String } == ["backgroundVideo", "backgroundVideo", "sticker"])
        let lines = runReelshare(["validate", "--format", "ndjson", "--jobs", "3"] + files).stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let paths = Set(
            lines.compactMap { line in
                ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["path"] as? String
            })
        #expect(paths == Set(files))
    }

    @Test("junit is well-formed XML with one test case per file and target")
    func junit() throws {
        let files = ["h264_aac_25s.mp4", "sticker.webp", "h264_aac_10s.mp4"].map { "\(media)/\($0)" }
        let result = runReelshare(["validate", "--format", "junit"] + files)
        final class Counter: NSObject, XMLParserDelegate {
            var testcases = 0, failures = 0
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if name == "testcase" { testcases += 1 }
                if name == "failure" { failures += 1 }
            }
        }
        let parser = XMLParser(data: Data(result.stdout.utf8))
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.testcases == 15)
        // The 25 s clip on both Stories targets, the WebP on all five, both 128x72 clips on ig-feed (640p).
        #expect(counter.failures == 2 + 5 + 2)
    }

    @Test("each verdict's reelshareFix, run as printed, makes a file the target accepts; --strict goes with it")
    func reelshareFixRuns() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, extra) in [("h264_aac_25s.mp4", [String]()), ("sticker.webp", ["--strict"])] {
            try FileManager.default.copyItem(atPath: TestPaths.fixture(name), toPath: directory.appendingPathComponent(name).path)
            let checked = runReelshare(
                ["validate", "--format", "json", "--target", "ig-stories"] + extra + [name], in: directory)
            let verdict = try #require(
                ((checked.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
            let command = try #require(verdict["reelshareFix"] as? String, "\(verdict)")
            #expect(command == (["reelshare", "fix", "--target", "ig-stories"] + extra + ["--", name]).joined(separator: " "))
            let words = command.split(separator: " ").map(String.init)
            let fixed = runReelshare(Array(words.dropFirst()), in: directory)
            #expect(fixed.status == 0, "\(command): \(fixed.stderr)")
            let output = try #require(fixed.stdout.split(separator: "\n").last.map(String.init), "\(fixed.stdout)")
            let passes = runReelshare(["validate", "--target", "ig-stories"] + extra + [output], in: directory)
            #expect(passes.status == 0, "\(output): \(passes.stdout)")
        }
        // One platform asked for is told to the fix, which then holds the file to that one's limits.
        let ios = runReelshare(
            ["validate", "--format", "json", "--target", "ig-stories", "--platform", "ios", "h264_aac_25s.mp4"], in: directory)
        let verdict = ((ios.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first
        #expect(verdict?["reelshareFix"] as? String == "reelshare fix --target ig-stories --platform ios -- h264_aac_25s.mp4")
    }

    @Test("--color always|never|auto with NO_COLOR and FORCE_COLOR: colour where asked, on a pipe too, and none where refused")
    func color() {
        let file = "\(media)/h264_aac_25s.mp4"
        func styled(_ arguments: [String], _ environment: [String: String] = [:]) -> Bool {
            // Whatever the test runner's own environment sets: an empty NO_COLOR is no NO_COLOR.
            let given = ["NO_COLOR": "", "FORCE_COLOR": ""].merging(environment) { $1 }
            let run = runReelshare(["validate", "--target", "ig-stories"] + arguments + [file], environment: given)
            return run.stdout.contains("\u{1B}[")
        }
        #expect(!styled([]))  // a pipe
        #expect(styled(["--color", "always"]))
        #expect(styled([], ["FORCE_COLOR": "1"]))
        #expect(!styled([], ["FORCE_COLOR": "0"]))
        #expect(!styled([], ["FORCE_COLOR": "1", "NO_COLOR": "1"]))
        #expect(!styled(["--color", "never"], ["FORCE_COLOR": "1"]))
        #expect(styled(["--color", "always"], ["NO_COLOR": "1"]))
        #expect(runReelshare(["validate", "--color", "sometimes", file]).status == 64)
    }

    @Test("an HTML card says how many targets accept where some do not; an unreadable file is one error, not one per target")
    func partlyAccepted() throws {
        let html = runReelshare(["validate", "--format", "html", "\(media)/h264_aac_25s.mp4"])
        let badge = try #require(html.stdout.split(separator: "\n").first { $0.contains("class=\"badge") })
        let verdicts = try #require(
            (runReelshare(["validate", "--format", "json", "\(media)/h264_aac_25s.mp4"]).json?["results"] as? [[String: Any]])?
                .first?["targets"] as? [[String: Any]])
        let taking = verdicts.filter { $0["accepted"] as? Bool == true }.count
        #expect(taking > 0 && taking < verdicts.count)
        #expect(badge.contains("<span class=\"badge partly\">\(taking) of \(verdicts.count) accept</span>"), "\(badge)")
        let missing = runReelshare(["validate", "--format", "json", "\(media)/no-such-file.mp4"])
        let summary = try #require(missing.json?["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1 && verdicts.count > 1, "\(summary)")
        #expect(runReelshare(["validate", "\(media)/no-such-file.mp4"]).stdout.hasSuffix("(1 error, 0 warnings)\n"))
    }

    @Test("github annotations escape what the workflow syntax needs")
    func github() throws {
        let result = runReelshare(["validate", "--format", "github", "--target", "ig-stories", "\(media)/h264_aac_25s.mp4"])
        let line = try #require(result.stdout.split(separator: "\n").first)
        #expect(
            line.hasPrefix(
                "::error file=\(media)/h264_aac_25s.mp4,title=video.duration.max (ig-stories)::25.0 s is longer than the 20 s limit"
            ))
        // A name with CR LF in it stays on its annotation's line (%0D%0A), as the workflow syntax needs.
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let odd = directory.appendingPathComponent("two\r\nlines.mp4").path
        try FileManager.default.copyItem(atPath: "\(media)/h264_aac_25s.mp4", toPath: odd)
        let crlf = runReelshare(["validate", "--format", "github", "--target", "ig-stories", odd])
        // Every line naming the file is an annotation: no piece of the name starts a line of its own.
        let naming = crlf.stdout.split(separator: "\n").filter { $0.contains("lines") }
        #expect(!naming.isEmpty && naming.allSatisfy { $0.hasPrefix("::") }, "\(crlf.stdout)")
        #expect(crlf.stdout.contains("two%0D%0Alines.mp4"), "\(crlf.stdout)")
        // reelshare's own fix first (it runs where the job is), then ffmpeg's.
        #expect(line.contains("%0Afix: reelshare fix --target ig-stories -- \(media)/h264_aac_25s.mp4%0Aor with ffmpeg: ffmpeg "))
    }

    @Test("--files-from reads newline- and NUL-separated lists, from a file or standard input")
    func filesFrom() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = ["h264_aac_10s.mp4", "sticker_rgba_640x480.png"]
        let list = directory.appendingPathComponent("list.txt")
        try (names.map { "\(media)/\($0)" }.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        let fromFile = runReelshare(["validate", "--format", "json", "--files-from", list.path])
        #expect(fromFile.status == 0)
        #expect((fromFile.json?["results"] as? [Any])?.count == 2)
        // A name with a newline in it only survives NUL separation.
        let odd = directory.appendingPathComponent("two\nlines.mp4")
        try FileManager.default.copyItem(atPath: TestPaths.fixture("h264_aac_10s.mp4"), toPath: odd.path)
        let stdin = Data((odd.path + "\0" + "\(media)/sticker.webp" + "\0").utf8)
        let nul = runReelshare(["validate", "--format", "json", "--files-from", "-", "-0"], stdin: stdin)
        let results = try #require(nul.json?["results"] as? [[String: Any]])
        #expect(results.map { $0["path"] as? String } == [odd.path, "\(media)/sticker.webp"])
        #expect(results.map { $0["accepted"] as? Bool } == [true, false])
        let missing = runReelshare(["validate", "--files-from", "/nonexistent/list"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "reelshare: error: cannot read the file list /nonexistent/list: no such file\n")
        #expect(runReelshare(["validate", "-0", "x.mp4"]).status == 64)
    }

    @Test(
        "a directory is walked: media found by content (a clip named .txt taken, a README left), hidden, node_modules and build skipped and counted"
    )
    func walksDirectories() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = FileManager.default
        for sub in ["assets/sub", "assets/node_modules/pkg", "assets/.git", "assets/build"] {
            try files.createDirectory(at: directory.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let assets = directory.appendingPathComponent("assets").path
        for (name, copy) in [
            ("a.mp4", "h264_aac_10s.mp4"), ("sub/clip.mov.txt", "h264_aac_10s.mp4"), ("sub/s.png", "sticker_rgba_640x480.png"),
            ("node_modules/pkg/x.mp4", "h264_aac_10s.mp4"), ("build/y.mp4", "h264_aac_10s.mp4"),
            (".git/z.png", "sticker_rgba_640x480.png"),
        ] {
            try files.copyItem(atPath: TestPaths.fixture(copy), toPath: "\(assets)/\(name)")
        }
        for name in ["README.md", ".gitkeep", ".DS_Store", "empty.bin"] {
            try Data((name == "README.md" ? "# media\n" : "").utf8).write(to: URL(fileURLWithPath: "\(assets)/\(name)"))
        }
        let run = runReelshare(["validate", "--format", "json", assets])
        let results = try #require(run.json?["results"] as? [[String: Any]], "\(run.stderr)")
        #expect(
            results.map { $0["path"] as? String } == ["\(assets)/a.mp4", "\(assets)/sub/clip.mov.txt", "\(assets)/sub/s.png"])
        #expect(
            run.stderr
                == "reelshare: 3 media files found; 4 other files and 3 directories (hidden, dependencies, build outputs) skipped\n"
        )
        let probe = runReelshare(["probe", "--format", "json", "\(assets)/sub"])
        #expect((probe.json?["files"] as? [Any])?.count == 2)
        // fix works on files it is given: a directory is one it cannot read.
        #expect(runReelshare(["fix", "--target", "ig-reels", "--dry-run", assets]).status != 0)
    }

    @Test("a link back up the tree is not walked again; a trailing slash joins paths as without it")
    func walkLoops() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let assets = directory.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixture("h264_aac_10s.mp4"), toPath: assets.path + "/a/clip.mp4")
        try FileManager.default.createSymbolicLink(atPath: assets.path + "/a/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: assets.path + "/again", withDestinationPath: "a")
        let run = runReelshare(["validate", "--format", "json", assets.path + "/"])
        let results = try #require(run.json?["results"] as? [[String: Any]], "\(run.stderr)")
        #expect(results.map { $0["path"] as? String } == [assets.path + "/a/clip.mp4"], "\(run.stderr)")
    }

    @Test("no files to work on (an empty list, a directory with no media) is a notice and 0; with --require-files, 66")
    func noFiles() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("notes\n".utf8).write(to: directory.appendingPathComponent("README.md"))
        for format in ["text", "json", "github", "junit", "html"] {
            let empty = runReelshare(["validate", "--format", format, "--files-from", "-", "-0"], stdin: Data())
            #expect(empty.status == 0 && empty.stderr == "reelshare: no files to work on\n", "\(format): \(empty.stderr)")
        }
        let json = runReelshare(["validate", "--format", "json", "--files-from", "-"], stdin: Data())
        #expect((json.json?["results"] as? [Any])?.isEmpty == true)
        let walked = runReelshare(["validate", directory.path])
        #expect(walked.status == 0 && walked.stderr.hasSuffix("reelshare: no files to work on\n"), "\(walked.stderr)")
        let required = runReelshare(["validate", "--require-files", directory.path])
        #expect(required.status == 66 && required.stderr.hasSuffix("reelshare: error: no files to work on (--require-files)\n"))
        let probe = runReelshare(["probe", "--require-files", "--files-from", "-"], stdin: Data())
        #expect(probe.status == 66)
        // Nothing given at all is still a usage error.
        #expect(runReelshare(["validate"]).status == 64)
    }

    @Test("--jobs 8 gives the same bytes as --jobs 1")
    func deterministic() throws {
        let files = (TestPaths.fixtureNames + TestPaths.fixtureNames).map { "\(media)/\($0)" }
        let one = runReelshare(["validate", "--format", "json", "--jobs", "1"] + files)
        let eight = runReelshare(["validate", "--format", "json", "--jobs", "8"] + files)
        #expect(one.stdout == eight.stdout)
        #expect(!one.stdout.isEmpty)
    }

    @Test("--profile adds and overrides targets; a malformed one is a usage error naming the field")
    func profiles() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let house = directory.appendingPathComponent("house.json")
        try #"""
        {"schemaVersion": 3, "targets": [
          {"id": "ig-reels", "name": "Instagram Reels, house limits", "purpose": "publish", "summary": "ours",
           "roles": {"backgroundVideo": [{"rule": "video.duration.max", "max": 5, "severity": "error", "source": "house rules"}]}}
        ]}
        """#.write(to: house, atomically: true, encoding: .utf8)
        let result = runReelshare([
            "validate", "--profile", house.path, "--format", "json", "--target", "ig-reels", "\(media)/h264_aac_10s.mp4",
        ])
        #expect(result.status == 1)
        let finding = try #require(try findings(result, target: "ig-reels").first)
        #expect(finding["source"] as? String == "house rules")

        let broken = directory.appendingPathComponent("broken.json")
        try
            #"{"schemaVersion": 3, "targets": [{"id": "x", "name": "X", "purpose": "publish", "summary": "s", "roles": {"sticker": [{"rule": "image.format", "severity": "error", "source": "s"}]}}]}"#
            .write(to: broken, atomically: true, encoding: .utf8)
        let bad = runReelshare(["validate", "--profile", broken.path, "\(media)/h264_aac_10s.mp4"])
        #expect(bad.status == 64)
        #expect(
            bad.stderr.hasPrefix(
                "reelshare: error: invalid profile file \(broken.path): targets[0].roles.sticker[0].allowed: image.format needs 'allowed'\n"
            ))
        #expect(runReelshare(["validate", "--profile", "/nonexistent.json", "x.mp4"]).status == 66)
    }

    @Test("unknown targets are usage errors with a suggestion")
    func unknownTarget() throws {
        let result = runReelshare(["validate", "--target", "ig-reel", "\(media)/h264_aac_10s.mp4"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown target 'ig-reel'; did you mean 'ig-reels'?"))
    }

    @Test("publishing profiles scan packets on their own: keyframe interval and decoding are checked")
    func deepWhenNeeded() throws {
        let result = runReelshare(["validate", "--format", "json", "--target", "fb-reels-api", "\(media)/h264_aac_25s.mp4"])
        let found = try findings(result, target: "fb-reels-api")
        #expect(rules(found).contains("video.keyframe-interval"))  // one keyframe in 25 s
        #expect(!found.contains { ($0["message"] as? String)?.contains("cannot check") == true })
    }
}

@Suite("reelshare targets (in process)")
struct TargetsCommandTests {
    @Test("text lists every target with its limits and sources")
    func text() throws {
        let result = runReelshare(["targets"])
        #expect(result.status == 0)
        for id in ["ig-reels", "fb-reels", "ig-stories", "fb-stories", "ig-reels-api", "ig-stories-api", "fb-reels-api"] {
            #expect(result.stdout.contains("\(id) ("))
        }
        #expect(result.stdout.contains("App ID in the URL query 'source_application'"))
        #expect(result.stdout.contains("max 50 MB"))
    }

    @Test("json is the profile schema: it loads back with --profile")
    func json() throws {
        let result = runReelshare(["targets", "--format", "json"])
        let document = try #require(result.json)
        #expect((document["targets"] as? [Any])?.count == 8)
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("all.json")
        try result.stdout.write(to: copy, atomically: true, encoding: .utf8)
        let again = runReelshare(["targets", "--format", "json", "--profile", copy.path])
        #expect(again.stdout == result.stdout)
    }
}
