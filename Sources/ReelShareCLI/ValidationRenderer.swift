// The output formats of `validate` (and `doctor`). Each result is written as it arrives (json
// streams its "results" array through the one JSON writer: keys sort as results < schemaVersion <
// summary), so memory stays flat however many files; junit and html, whose heads carry the counts,
// spool their test cases and cards to an unnamed temporary file (Spool) until the end.
import ReelShareKit
import ReelShareMedia

/// A JSON writer's sink on an Output.
struct OutputSink: JSONSink {
    let output: Output
    func write(_ text: String) { output.write(json: text) }
}

final class ValidationRenderer {
    private let format: ValidateCommand.Format
    private let color: Bool
    private let stdout: Output
    private var json: JSONWriter<OutputSink>
    /// junit and html: the test cases or cards so far, written after the head that counts them.
    private let spool: Spool?
    private var junitCases = 0
    private var junitFailures = 0
    private var cards = 0
    private let title: String
    /// What a result is of, in the summary line: "file" (validate), "app" (doctor).
    private let noun: String

    init(
        format: ValidateCommand.Format, color: Bool, stdout: Output, title: String = "reelshare validate",
        noun: String = "file", temporaryDirectory: String = "/tmp"
    ) {
        self.format = format
        self.color = color
        self.stdout = stdout
        self.title = title
        self.noun = noun
        json = JSONWriter(into: OutputSink(output: stdout))
        spool = format == .junit || format == .html ? Spool(directory: temporaryDirectory) : nil
    }

    private func spooled(_ text: String) { spool?.append(Array(PathCoding.terminalText(text, styled: false).utf8)) }

    func begin() {
        guard format == .json else { return }
        json.beginObject()
        json.key("results")
        json.beginArray()
    }

    func add(_ result: ValidationResult, card: ReportCard? = nil) {
        switch format {
        case .html:
            cards += 1
            spooled(HTMLReport.render(card ?? ReportCard(result: result, media: false), number: cards))
        case .json:
            json.value(ValidationJSON.result(result))
        case .ndjson:
            stdout.write(ValidationJSON.result(result).serialized + "\n")
        case .text:
            stdout.write(text(result))
        case .github:
            stdout.write(github(result))
        case .junit:
            for testcase in junit(result) {
                junitCases += 1
                if testcase.contains("<failure") { junitFailures += 1 }
                spooled(testcase)
            }
        }
        stdout.flush()  // each result reaches its reader when its file is done
    }

    /// What was spooled, after the head; a spool that cannot be read back is an output failure.
    private func replaySpool() throws(CLIError) {
        do throws(PosixError) {
            try spool?.replay { stdout.write(bytes: $0) }
        } catch {
            throw .output("cannot read back the report kept in a temporary file: \(error)")
        }
    }

    func end(_ summary: ValidationSummary) throws(CLIError) {
        switch format {
        case .json:
            json.end()
            json.member("schemaVersion", .int(1))
            json.member("summary", ValidationJSON.summary(summary))
            json.end()
            stdout.write("\n")
        case .ndjson:
            break
        case .html:
            stdout.write(HTMLReport.head(title: title, summary: summary))
            try replaySpool()
            stdout.write(HTMLReport.tail(version: Help.version))
        case .text, .github:
            stdout.write(summaryLine(summary) + "\n")
        case .junit:
            stdout.write(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="reelshare validate" tests="\(junitCases)" failures="\(junitFailures)">
                  <testsuite name="reelshare validate" tests="\(junitCases)" failures="\(junitFailures)" errors="0" skipped="0">

                """)
            try replaySpool()
            stdout.write("  </testsuite>\n</testsuites>\n")
        }
    }

    func summaryLine(_ s: ValidationSummary) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(s.files, noun)): \(s.accepted) accepted, \(s.rejected) rejected "
            + "(\(plural(s.errors, "error")), \(plural(s.warnings, "warning")))"
    }

    // MARK: text

    private func text(_ result: ValidationResult) -> String {
        // The same finding from several targets (same rule, words and source) is one line that
        // names them all; each fix command is shown once, with the targets it serves.
        var groups: [(finding: Finding, targets: [String])] = []
        var fixes: [(command: String, own: String?, targets: [String])] = []
        for verdict in result.verdicts {
            for finding in verdict.findings {
                if let index = groups.firstIndex(where: { $0.finding.sameWords(as: finding) }) {
                    if groups[index].targets.last != verdict.target { groups[index].targets.append(verdict.target) }
                } else {
                    groups.append((finding, [verdict.target]))
                }
            }
            if let fix = verdict.fix {
                if let index = fixes.firstIndex(where: { $0.command == fix }) {
                    fixes[index].targets.append(verdict.target)
                } else {
                    fixes.append((fix, verdict.reelshareFix, [verdict.target]))
                }
            }
        }
        var out = ""
        // The targets the project's share code chose, each where it was found.
        if let shares = result.app?.shares, !shares.isEmpty {
            out +=
                "\(PathCoding.lineText(result.labelled(result.location()))): shares to "
                + shares.map { "\($0.target) (\($0.file):\($0.line))" }.joined(separator: ", ") + "\n"
        }
        for (finding, targets) in groups {
            out += Self.line(
                PathCoding.lineText(result.labelled(result.location(of: finding))), finding, targets: targets, color: color)
        }
        // reelshare's own command first: it runs where the user is (a CI job has no ffmpeg).
        for (command, own, targets) in fixes {
            if let own {
                out += "  fix (\(targets.joined(separator: ", "))): \(PathCoding.lineText(own))\n"
                out += "    or with ffmpeg: \(PathCoding.lineText(command))\n"
            } else {
                out += "  fix (\(targets.joined(separator: ", "))): \(PathCoding.lineText(command))\n"
            }
        }
        for call in result.app?.unreached ?? [] {
            out +=
                "\(PathCoding.lineText(result.labelled(result.location()))): not judged for \(call.target): its share call (\(PathCoding.lineText(call.file)):\(call.line)) is in \(call.function ?? "a function")(), which nothing in its sources calls\n"
        }
        let accepted = result.verdicts.filter(\.accepted).map(\.target)
        let rejected = result.verdicts.filter { !$0.accepted }.map(\.target)
        var verdict = "\(PathCoding.lineText(result.labelled(result.location()))): "
        if result.verdicts.isEmpty, let app = result.app, app.sharesNothing {
            let files = app.sourceFiles ?? 0
            verdict +=
                "shares to none of the targets: no share call to them in its \(files) source file\(files == 1 ? "" : "s") (a call through a wrapper, or a URL built at run time, is not seen; --target T checks T)"
        } else if result.verdicts.isEmpty {
            // doctor on an app of a platform no target asked shares from (ig-feed: Android only)
            verdict += "nothing to check: no target asked shares from it"
        } else if rejected.isEmpty {
            verdict += color ? Terminal.green("accepted") : "accepted"
            verdict += " by " + accepted.joined(separator: ", ")
        } else if accepted.isEmpty {
            verdict += (color ? Terminal.red("rejected") : "rejected") + " by " + rejected.joined(separator: ", ")
        } else {
            verdict += "accepted by \(accepted.joined(separator: ", ")); rejected by \(rejected.joined(separator: ", "))"
        }
        return out + verdict + "\n"
    }

    /// The compiler-style line of one finding: `FILE: error[rule] targets: message (source)`.
    static func line(_ path: String, _ finding: Finding, targets: [String], color: Bool) -> String {
        let label = color ? paint(finding.severity) : finding.severity.rawValue
        return "\(path): \(label)[\(finding.rule)] \(targets.joined(separator: ", ")): \(finding.message) (\(finding.source))\n"
    }

    private static func paint(_ severity: Severity) -> String {
        switch severity {
        case .error: return Terminal.red("error")
        case .warning: return Terminal.yellow("warning")
        case .info: return "info"
        }
    }

    // MARK: github

    /// GitHub Actions workflow commands: one annotation per finding.
    private func github(_ result: ValidationResult) -> String {
        var out = ""
        for verdict in result.verdicts {
            for finding in verdict.findings {
                let command = finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "notice"
                let title = "\(finding.rule) (\(verdict.target))"
                var message = "\(finding.message) (\(finding.source))"
                if let fix = finding.fix {
                    message += verdict.reelshareFix.map { "\nfix: \($0)\nor with ffmpeg: \(fix)" } ?? "\nfix: \(fix)"
                }
                // An annotation names a file of the repository: an archive's entry is named in the message.
                let file =
                    result.inArchive
                    ? result.path : finding.line != nil ? finding.file ?? result.path : result.location(of: finding).onDisk
                if result.inArchive, let inner = finding.file ?? result.file { message = "\(inner): \(message)" }
                let line = result.inArchive ? "" : finding.line.map { ",line=\($0)" } ?? ""
                out +=
                    "::\(command) file=\(Self.githubProperty(file))\(line),title=\(Self.githubProperty(title))::\(Self.githubData(message))\n"
            }
        }
        return out
    }

    static func githubData(_ text: String) -> String {
        text.replacingScalars("%", with: "%25").replacingScalars("\r", with: "%0D")
            .replacingScalars("\n", with: "%0A")
    }

    static func githubProperty(_ text: String) -> String {
        githubData(text).replacingScalars(":", with: "%3A").replacingScalars(",", with: "%2C")
    }

    // MARK: junit

    /// One test case per file and target.
    private func junit(_ result: ValidationResult) -> [String] {
        result.verdicts.map { verdict in
            var testcase =
                "    <testcase classname=\"\(Self.xml(verdict.target))\" name=\"\(Self.xml(result.labelled(result.location())))\" file=\"\(Self.xml(result.inArchive ? result.path : result.location().onDisk))\""
            let errors = verdict.findings.filter { $0.severity == .error }
            let others = verdict.findings.filter { $0.severity != .error }
            if errors.isEmpty, others.isEmpty { return testcase + "/>\n" }
            testcase += ">\n"
            func lines(_ findings: [Finding]) -> String {
                findings.map {
                    "\($0.severity.rawValue)[\($0.rule)]: \($0.message) (\($0.source))"
                        + ($0.fix.map { fix in
                            verdict.reelshareFix.map { "\n  fix: \($0)\n  or with ffmpeg: \(fix)" } ?? "\n  fix: \(fix)"
                        } ?? "")
                }
                .joined(separator: "\n")
            }
            if let first = errors.first {
                testcase +=
                    "      <failure type=\"\(Self.xml(first.rule.rawValue))\" message=\"\(Self.xml(first.message))\">"
                    + Self.xml(lines(errors)) + "</failure>\n"
            }
            if !others.isEmpty { testcase += "      <system-out>\(Self.xml(lines(others)))</system-out>\n" }
            return testcase + "    </testcase>\n"
        }
    }

    static func xml(_ text: String) -> String { XMLText.escape(text, attribute: true) }
}

extension ValidationResult {
    /// doctor: whether the files a result names are entries of the archive at its path.
    var inArchive: Bool {
        guard let form = app?.form else { return false }
        return form == .ipa || form == .apk || form == .aab
    }

    /// A location with the variant the result judged ("app/src/main/AndroidManifest.xml
    /// (prodRelease)"), where it is one of several an Android project builds.
    func labelled(_ location: String) -> String {
        guard let variant = app?.variant else { return location }
        return "\(location) (\(variant))"
    }

    /// Where a finding is (or, without one, what the result judged), as text shows it: the file
    /// inside the path (an archive's entry as `app.apk!/AndroidManifest.xml`), or the path.
    func location(of finding: Finding? = nil) -> String {
        guard let file = finding?.file ?? file else { return path }
        if let line = finding?.line, finding?.file != nil { return "\(file):\(line)" }
        return inArchive ? "\(path)!/\(file)" : file
    }
}

extension String {
    /// A location as a file on disk: an archive's entry (`app.apk!/AndroidManifest.xml`) is the
    /// archive's.
    var onDisk: String {
        guard let bang = firstRange(of: "!/") else { return self }
        return String(self[..<bang.lowerBound])
    }
}
