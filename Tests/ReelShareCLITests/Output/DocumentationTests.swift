// The README and the man page promise what the binary does: same options, same exit statuses.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("Documentation matches the binary")
struct DocumentationTests {
    static let manPage =
        (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("man/reelshare.1"), encoding: .utf8)) ?? ""
    static let readme =
        (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The exit statuses `--help` lists, as (code, meaning).
    static func helpStatuses() throws -> [(String, String)] {
        let help = runReelshare(["--help"]).stdout
        let section = try #require(help.components(separatedBy: "EXIT STATUS:\n").last)
        return section.split(separator: "\n").prefix { $0.hasPrefix("  ") }.map { line in
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    /// groff on the man page with `options`: its status and both outputs; nil (an issue recorded)
    /// when groff is missing.
    private func groff(_ options: [String]) throws -> (status: Int32, stdout: String, stderr: String)? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
            Issue.record("groff is missing: Scripts/bootstrap installs groff-base")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        process.arguments = options + [TestPaths.packageRoot.appendingPathComponent("man/reelshare.1").path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    @Test("the man page is clean mdoc (groff -mdoc -ww -z)")
    func groffLint() throws {
        guard let lint = try groff(["-mdoc", "-ww", "-z"]) else { return }
        #expect(lint.status == 0)
        #expect(lint.stderr.isEmpty, "\(lint.stderr)")
    }

    @Test("the man page as man shows it (groff -mandoc -Tutf8) holds no mdoc macro or escape as text")
    func rendered() throws {
        // What man runs for a terminal, without the overstrikes for bold and underline.
        guard let shown = try groff(["-mandoc", "-Tutf8", "-P-c", "-P-b", "-P-u"]) else { return }
        let text = shown.stdout
        #expect(shown.status == 0)
        #expect(text.contains("reelshare validate"), "groff rendered nothing")
        // A macro groff did not run (not at a line's start, or misspelt) shows as ".Dq words".
        let macros = [
            "Ar", "Aq", "Bd", "Bl", "Cm", "Dq", "Ed", "El", "Em", "Ev", "Fl", "Ic", "It", "Li", "Nm", "No", "Ns", "Op", "Pa",
            "Pp", "Pq", "Ql", "Qq", "Sh", "Sq", "Ss", "Sy", "Va", "Xr",
        ]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "[" })
            for word in words where word.hasPrefix(".") && macros.contains(String(word.dropFirst())) {
                Issue.record("line \(number + 1) shows the macro \(word): \(line)")
            }
            for escape in ["\\f", "\\(", "\\&", "\\e", "\\*"] where line.contains(escape) {
                Issue.record("line \(number + 1) shows the escape \(escape): \(line)")
            }
        }
    }

    /// The commands `--help` lists (help itself aside).
    static func commands() throws -> [String] {
        let help = runReelshare(["--help"]).stdout
        let section = try #require(help.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first)
        return section.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }  // not continuations
            .map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) }
            .filter { $0 != "help" }
    }

    @Test("every option of every command appears in the man page and the README")
    func options() throws {
        let commands = try Self.commands()
        #expect(commands == ["probe", "validate", "fix", "build", "preview", "doctor", "targets", "completions"])
        for command in commands {
            #expect(Self.manPage.contains(".Cm \(command)"), "man page lacks \(command)")
            #expect(Self.readme.contains("reelshare \(command)"), "README lacks \(command)")
            let help = runReelshare([command, "--help"]).stdout
            let options = help.split(separator: "\n").compactMap { line -> String? in
                // An option's own line is indented two spaces; its wrapped help, further.
                guard line.hasPrefix("  -") else { return nil }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return String(trimmed.split(separator: " ")[0])
            }
            #expect(options.count >= (command == "completions" ? 1 : 3), "\(command)")
            for option in options {
                let name = option.hasPrefix("--") ? String(option.dropFirst(2)) : String(option.dropFirst())
                let mdoc = option.hasPrefix("--") ? "Fl -\(name)" : "Fl \(name)"
                #expect(Self.manPage.contains(mdoc), "man page lacks \(option) of \(command)")
                if option != "--help" { #expect(Self.readme.contains("`\(option)"), "README lacks \(option) of \(command)") }
            }
        }
    }

    @Test("every built-in target and every rule it uses is in the man page")
    func targetsAndRules() throws {
        let document = try #require(runReelshare(["targets", "--format", "json"]).json)
        let targets = try #require(document["targets"] as? [[String: Any]])
        let itemNames = Set(
            Self.manPage.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }
                .flatMap { $0.dropFirst(7).split(separator: " ").map(String.init) })
        for target in targets {
            let id = try #require(target["id"] as? String)
            #expect(itemNames.contains(id), "man page lacks target \(id)")
            for specs in (target["roles"] as? [String: [[String: Any]]] ?? [:]).values {
                for spec in specs {
                    let rule = try #require(spec["rule"] as? String)
                    #expect(Self.manPage.contains(rule), "man page lacks rule \(rule)")
                }
            }
        }
        for rule in ["media.unreadable", "media.kind", "media.role"] { #expect(Self.manPage.contains(rule)) }
    }

    @Test("README and --help name the built-in targets as their profile files do")
    func builtinTargetNames() throws {
        let document = try #require(runReelshare(["targets", "--format", "json"]).json)
        let targets = try #require(document["targets"] as? [[String: Any]])
        let share = targets.filter { $0["purpose"] as? String == "share" }.compactMap { $0["id"] as? String }
        let publish = targets.filter { $0["purpose"] as? String == "publish" }.compactMap { $0["id"] as? String }
        #expect(!share.isEmpty && !publish.isEmpty)
        func quoted(_ ids: [String]) -> String { ids.map { "`\($0)`" }.joined(separator: ", ") }
        let readme = Self.readme.split(whereSeparator: \.isNewline).joined(separator: " ")
        #expect(readme.contains("The built-in targets are \(quoted(share)) (sharing through the composer)"), "README")
        #expect(readme.contains("publishing profiles \(quoted(publish));"), "README")
        for command in ["validate", "doctor"] {
            let help = runReelshare([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains(share.joined(separator: ", ")), "\(command) --help")
        }
    }

    /// Each generated region of `document`: the arguments its BEGIN line names ("BEGIN generated:
    /// reelshare ARGS (…)") and the lines up to the next END generated line.
    static func generatedRegions(_ document: String) throws -> [(arguments: [String], text: String)] {
        let lines = document.components(separatedBy: "\n")
        var regions: [(arguments: [String], text: String)] = []
        for (index, line) in lines.enumerated() {
            guard let start = line.range(of: "BEGIN generated: reelshare ") else { continue }
            let arguments = try #require(line[start.upperBound...].components(separatedBy: " (").first)
            let end = try #require(lines[index...].firstIndex { $0.contains("END generated") }, "\(line)")
            regions.append(
                (arguments.split(separator: " ").map(String.init), lines[(index + 1)..<end].map { $0 + "\n" }.joined()))
        }
        return regions
    }

    @Test("the README's option and limits tables and the man page's TARGETS list are what reelshare prints for them")
    func generatedReference() throws {
        let readme = try Self.generatedRegions(Self.readme), man = try Self.generatedRegions(Self.manPage)
        // Each command's options in the README, its limits tables, the man page's TARGETS list.
        #expect(
            readme.map { $0.arguments.prefix(2).joined(separator: " ") } == [
                "help probe", "help validate", "help fix", "help build", "help preview", "help doctor", "targets --format",
            ])
        #expect(man.map(\.arguments) == [["help", "--format", "man"], ["targets", "--format", "man"]])
        for (document, regions) in [("README.md", readme), ("man/reelshare.1", man)] {
            for region in regions {
                let run = runReelshare(region.arguments)
                #expect(run.status == 0 && !run.stdout.isEmpty, "\(run)")
                #expect(
                    region.text == run.stdout,
                    "\(document): reelshare \(region.arguments.joined(separator: " ")) prints something else; run Scripts/reference"
                )
            }
        }
    }

    @Test("help COMMAND --format markdown is the command's options, each with its help; bars escaped; usage errors")
    func helpMarkdown() throws {
        let run = runReelshare(["help", "validate", "--format", "markdown"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("| option | meaning |\n| --- | --- |\n"))
        #expect(
            run.stdout.contains("| `--format text\\|json\\|ndjson\\|junit\\|github\\|html` | text (default), json"),
            "\(run.stdout)")
        #expect(run.stdout.contains("| `--strict` | Treat warnings (Meta's recommendations) as errors. |\n"))
        #expect(!run.stdout.contains("--help"))
        // GitHub drops "<data>" as an unknown tag outside a code span.
        #expect(runReelshare(["help", "build", "--format", "markdown"]).stdout.contains("with real &lt;data>, for"))
        #expect(runReelshare(["help", "validate", "--format=markdown"]).stdout == run.stdout)
        #expect(runReelshare(["help", "validate", "--format", "text"]).stdout == runReelshare(["validate", "--help"]).stdout)
        for bad in [
            ["help", "--format", "markdown"], ["help", "validate", "--format", "html"], ["help", "validate", "fix"],
            ["help", "validate", "--format"],
        ] {
            let refused = runReelshare(bad)
            #expect(
                refused.status == 64 && refused.stdout.isEmpty && refused.stderr.contains("reelshare: error:"),
                "\(bad): \(refused)")
        }
    }

    @Test(
        "the synopsis marks as required the options fix, build and preview cannot run without, and each is refused when missing")
    func mandatoryOptions() throws {
        let synopsis = runReelshare(["help", "--format", "man"]).stdout
        var required: [String] = []
        for block in synopsis.components(separatedBy: ".Nm\n").dropFirst() {
            let lines = block.split(separator: "\n")
            guard let command = lines.first, command.hasPrefix(".Cm ") else { continue }
            for line in lines.dropFirst() where line.hasPrefix(".Fl ") && !line.contains("-help |") {
                required.append("\(command.dropFirst(4)) \(line.dropFirst(4).split(separator: " ")[0])")
            }
        }
        #expect(required == ["fix -target", "build -target", "preview -target", "preview o"], "\(synopsis)")
        let clip = TestPaths.packageRoot.appendingPathComponent("Examples/reel.mp4").path
        let directory = try scratch("mandatory")
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("out.png").path
        for (arguments, missing) in [
            (["fix", clip, "--dry-run"], "--target"), (["build", "--video", clip], "--target"),
            (["preview", "--video", clip, "-o", png], "--target"), (["preview", "--target", "ig-reels", "--video", clip], "-o"),
        ] {
            let run = runReelshare(arguments)
            #expect(run.status == 64 && run.stderr.contains(missing), "\(arguments): \(run)")
        }
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test("a limit changed in a profile file changes the generated reference pages")
    func generatedFollowsProfiles() throws {
        // Instagram Stories' 20-second limit (the first "max": 20 of the document; Facebook
        // Stories' is the second) made 27 in a copy of the built-in profiles.
        let builtin = runReelshare(["targets", "--format", "json"]).stdout
        let first = try #require(builtin.range(of: "\"max\": 20,"), "the 20-second limit moved; this test changes it")
        let directory = try scratch("reference")
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("profiles.json")
        try Data(builtin.replacingCharacters(in: first, with: "\"max\": 27,").utf8).write(to: profile)
        let markdown = runReelshare(["targets", "--format", "markdown", "--profile", profile.path])
        let lines = markdown.stdout.split(separator: "\n")
        let header = try #require(lines.first { $0.hasPrefix("| rule |") }, "\(markdown)")
        let row = try #require(lines.first { $0.hasPrefix("| `video.duration.max` |") }, "\(markdown)")
        func cell(_ target: String) throws -> String {
            let column = try #require(header.split(separator: "|").firstIndex { $0.contains("`\(target)`") })
            return row.split(separator: "|")[column].trimmingCharacters(in: .whitespaces)
        }
        #expect(try cell("ig-stories") == "max 27 s", "\(row)")
        #expect(try cell("fb-stories") == "max 20 s", "\(row)")
        let man = runReelshare(["targets", "--format", "man", "--profile", profile.path]).stdout
        func item(_ target: String) -> String {
            man.components(separatedBy: ".It Cm \(target)\n").dropFirst().first?.components(separatedBy: "\n.It Cm ").first ?? ""
        }
        #expect(item("ig-stories").contains(".Cm video.duration.max\n(error): max 27 s.\n"), "\(man)")
        #expect(item("fb-stories").contains(".Cm video.duration.max\n(error): max 20 s.\n"), "\(man)")
    }

    @Test("the generated TARGETS list states each target's URL and every limit of its profile, value and unit")
    func targetsSection() throws {
        let document = try #require(runReelshare(["targets", "--format", "json"]).json)
        let targets = try #require(document["targets"] as? [[String: Any]])
        let section = runReelshare(["targets", "--format", "man"]).stdout
        func number(_ value: Double) -> String { value == value.rounded() ? "\(Int(value))" : "\(value)" }
        for target in targets {
            let id = try #require(target["id"] as? String)
            let item = try #require(
                section.components(separatedBy: ".It Cm \(id)\n").dropFirst().first?.components(separatedBy: "\n.It Cm ").first,
                "TARGETS has no item for \(id)")
            if let url = (target["ios"] as? [String: Any])?["url"] as? String {
                #expect(item.contains(".Ql \"\(url)\""), "\(id): \(url)")
            }
            for (role, rules) in target["roles"] as? [String: [[String: Any]]] ?? [:] {
                for rule in rules {
                    let name = rule["rule"] as? String ?? ""
                    // The limits each of the rule's own items states ("(error): min 3 s; max 60 s."),
                    // without min and max: ["3 s", "60 s"].
                    let stated = item.components(separatedBy: ".Cm \(name)\n").dropFirst().map { rest -> [String] in
                        let line = rest.prefix { $0 != "\n" }
                        let limits = line.components(separatedBy: "): ").dropFirst().joined(separator: "): ")
                        return limits.dropLast(limits.hasSuffix(".") ? 1 : 0).components(separatedBy: "; ").map {
                            $0.hasPrefix("min ") || $0.hasPrefix("max ") ? String($0.dropFirst(4)) : $0
                        }
                    }
                    #expect(!stated.isEmpty, "\(id) \(role): \(name)")
                    if let width = rule["width"] as? Int, let height = rule["height"] as? Int {
                        #expect(
                            stated.contains { $0.contains { $0.hasSuffix("\(width)x\(height)") } },
                            "\(id) \(role): \(name) \(width)x\(height)")
                    }
                    for value in [rule["min"] as? Double, rule["max"] as? Double].compactMap({ $0 }) {
                        let expected: String
                        switch name {
                        case "video.duration.min", "video.duration.max", "video.keyframe-interval":
                            expected = "\(number(value)) s"
                        case "file.size": expected = "\(number(value / 1e6)) MB"
                        case "video.resolution": expected = "\(number(value))p"
                        case "video.frame-rate": expected = "\(number(value)) fps"
                        case "video.width": expected = "\(number(value)) px"
                        case "video.bitrate": expected = "\(number(value / 1e6)) Mb/s"
                        case "audio.bitrate": expected = "\(number(value / 1000)) kb/s"
                        case "audio.sample-rate": expected = "\(number(value / 1000)) kHz"
                        case "audio.channels": expected = value == 1 ? "1 channel" : "\(number(value)) channels"
                        case "video.aspect": expected = number(value)
                        default:
                            Issue.record("\(id): \(name) has a limit this test does not know the unit of")
                            continue
                        }
                        #expect(
                            stated.contains { $0.contains(expected) }, "\(id) \(role): \(name) \(value) as \(expected): \(stated)"
                        )
                    }
                }
            }
        }
    }

    @Test("README, man page and --help list the same exit statuses")
    func exitStatuses() throws {
        let statuses = try Self.helpStatuses()
        #expect(statuses.map(\.0) == ["0", "1", "64", "65", "66", "70", "73"])
        for (code, meaning) in statuses {
            #expect(Self.readme.contains("| \(code) | \(meaning) |"), "README: \(code)")
            #expect(Self.manPage.contains(".It \(code)\n"), "man page: \(code)")
        }
    }
}
