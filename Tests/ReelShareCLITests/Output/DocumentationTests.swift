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

    @Test("the man page's TARGETS section states each target's URL and every limit of its profile, value and unit")
    func targetsSection() throws {
        let document = try #require(runReelshare(["targets", "--format", "json"]).json)
        let targets = try #require(document["targets"] as? [[String: Any]])
        let section = try #require(
            Self.manPage.components(separatedBy: ".Sh TARGETS\n").last?.components(separatedBy: "\n.Sh ").first)
        // Each item: its .It line's ids, and its words in order (macros and punctuation aside).
        let items = section.components(separatedBy: "\n.It ").dropFirst().map { item -> (ids: [String], words: [String]) in
            let head = item.prefix { $0 != "\n" }
            let ids = head.split(separator: " ").filter { $0 != "Cm" && $0 != "," }.map(String.init)
            let words = item.split { !$0.isLetter && !$0.isNumber && $0 != "." && $0 != ":" && $0 != "/" && $0 != "-" }
                .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ".:")) }
            return (ids, words)
        }
        func number(_ value: Double) -> String { value == value.rounded() ? "\(Int(value))" : "\(value)" }
        /// Whether `words` hold `value` with `unit` among the four words after it ("3 to 60
        /// seconds", "at most 25 Mb/s"), or `value` alone when it carries its unit ("1080p").
        func states(_ words: [String], _ value: String, _ unit: String?) -> Bool {
            words.indices.contains { index in
                words[index] == value && (unit.map { words[(index + 1)..<min(words.count, index + 5)].contains($0) } ?? true)
            }
        }
        for target in targets {
            let id = try #require(target["id"] as? String)
            let item = try #require(items.first { $0.ids.contains(id) }, "TARGETS has no item for \(id)")
            if let url = (target["ios"] as? [String: Any])?["url"] as? String {
                #expect(item.words.contains(url), "\(id): \(url)")
            }
            for (role, rules) in target["roles"] as? [String: [[String: Any]]] ?? [:] {
                for rule in rules {
                    let name = rule["rule"] as? String ?? ""
                    if let width = rule["width"] as? Int, let height = rule["height"] as? Int {
                        #expect(states(item.words, "\(width)x\(height)", nil), "\(id) \(role): \(name) \(width)x\(height)")
                    }
                    let low = rule["min"] as? Double, high = rule["max"] as? Double
                    for value in [low, high].compactMap({ $0 }) {
                        var expected: (String, String?)
                        switch name {
                        case "video.duration.min", "video.duration.max":
                            expected = value >= 120 ? (number(value / 60), "minutes") : (number(value), "seconds")
                        case "video.keyframe-interval": expected = (number(value), "seconds")
                        case "file.size": expected = (number(value / 1e6), "MB")
                        case "video.resolution": expected = ("\(number(value))p", nil)
                        case "video.frame-rate": expected = (number(value), "fps")
                        case "video.width", "video.height": expected = (number(value), "px")
                        case "video.bitrate": expected = (number(value / 1e6), "Mb/s")
                        case "audio.bitrate": expected = (number(value / 1000), "kb/s")
                        case "audio.sample-rate": expected = (number(value / 1000), "kHz")
                        case "audio.channels":
                            expected = low == high ? (value == 2 ? "stereo" : "mono", nil) : (number(value), "channels")
                        case "video.aspect":
                            // A narrow range around 9:16 is said as the ratio; a wide one in numbers.
                            if let low, let high, high - low < 0.1, (low...high).contains(9.0 / 16) {
                                expected = ("9:16", nil)
                            } else {
                                expected = (number(value), nil)
                                #expect(item.words.contains("aspect"), "\(id): video.aspect")
                            }
                        default:
                            Issue.record("\(id): \(name) has a limit this test does not know how the man page says")
                            continue
                        }
                        #expect(
                            states(item.words, expected.0, expected.1),
                            "\(id) \(role): \(name) \(value) as \(expected.0) \(expected.1 ?? "")")
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
