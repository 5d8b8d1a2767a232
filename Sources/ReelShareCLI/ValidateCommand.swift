// `reelshare validate FILE...`: probe each file and hold it to each target's profile.
import Foundation
import ReelShareKit
import ReelShareMedia

struct ValidateCommand {
    enum Format: String { case text, json, ndjson, junit, github }

    var files: [String]
    var format: Format = .text
    var targets: [TargetProfile]
    var requireAll: Bool
    var strict: Bool
    var asBackground: Bool
    var options = ProbeOptions()
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    init(_ parsed: ParsedArguments) throws {
        files = try InputFiles.gather(parsed, command: "validate")
        if let value = parsed.value("format") { format = Format(rawValue: value)! }
        strict = parsed.has("strict")
        asBackground = parsed.value("as") == "background"
        let profiles = try Self.profiles(parsed)
        if let named = try Self.targets(named: parsed.values["target"] ?? [], in: profiles, command: "validate") {
            targets = named
            requireAll = true
        } else {
            targets = profiles.shareTargets
            requireAll = false
        }
        options.deep = parsed.has("deep") || Validator.needsDeep(targets)
        if let value = parsed.value("jobs") { jobs = try ProbeCommand.integer(value, option: "--jobs", in: 1...256) }
        if let value = parsed.value("timeout") { options.timeoutSeconds = try ProbeCommand.seconds(value) }
    }

    /// The profiles named by --target values (comma lists allowed), or nil when none is named.
    static func targets(named values: [String], in profiles: ProfileSet, command: String) throws -> [TargetProfile]? {
        let names = values.flatMap { $0.split(separator: ",").map(String.init) }
        guard !names.isEmpty else { return nil }
        return try names.map { name in
            guard let profile = profiles.profile(name) else {
                let known = profiles.profiles.map(\.id)
                let hint = Spelling.closest(to: name, among: known).map { "did you mean '\($0)'? " } ?? ""
                throw UsageError("unknown target '\(name)'; \(hint)targets: \(known.joined(separator: ", "))", command: command)
            }
            return profile
        }
    }

    /// The built-in profiles plus those of every --profile FILE.
    static func profiles(_ parsed: ParsedArguments) throws -> ProfileSet {
        var set = ProfileSet.builtin
        for path in parsed.values["profile"] ?? [] {
            guard let bytes = InputFiles.readFile(path) else {
                throw InputFiles.ReadError(message: "cannot read the profile file \(path)")
            }
            let data = Data(bytes)
            do {
                try set.merge(data)
            } catch let error as ProfileError {
                throw UsageError("invalid profile file \(path): \(error)")
            }
        }
        return set
    }

    func run(stdout: Output, stderr: Output) -> ExitStatus {
        let prober = MediaProber(options: options)
        let (files, targets, asBackground, strict, requireAll) = (self.files, self.targets, self.asBackground, self.strict, self.requireAll)
        var summary = ValidationSummary()
        let renderer = ValidationRenderer(format: format, color: stdout.isTerminal && Terminal.colorAllowed, stdout: stdout)
        let progress = Progress(total: files.count, stderr: stderr)
        renderer.begin()
        Parallel.map(count: files.count, jobs: jobs, ordered: format != .ndjson, work: { index -> (ValidationResult, ProbeFailure?) in
            let report = prober.probe(files[index])
            let result = Validator.validate(report, against: targets, asBackground: asBackground, strict: strict,
                                            requireAll: requireAll)
            return (result, report.failure)
        }) { _, outcome in
            let (result, failure) = outcome
            if let failure { stderr.write("reelshare: error: \(result.path): \(failure.message)\n") }
            summary.add(result)
            renderer.add(result)
            progress.tick()
        }
        progress.finish()
        renderer.end(summary)
        return summary.rejected > 0 ? .validationFailed : .success
    }
}

/// A "validated N/M" line on a terminal's stderr for large batches.
final class Progress {
    private let total: Int
    private let stderr: Output
    private let enabled: Bool
    private var done = 0

    init(total: Int, stderr: Output) {
        self.total = total
        self.stderr = stderr
        enabled = total >= 50 && stderr.isTerminal
    }

    func tick() {
        done += 1
        guard enabled, done % max(1, total / 100) == 0 || done == total else { return }
        stderr.write("\rreelshare: validated \(done)/\(total) files")
        stderr.flush()
    }

    func finish() {
        guard enabled else { return }
        stderr.write("\r\u{1B}[K")
        stderr.flush()
    }
}
