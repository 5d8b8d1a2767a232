// `reelshare probe FILE...`
import Foundation
import ReelShareKit
import ReelShareMedia

struct ProbeCommand {
    enum Format: String { case text, json, ndjson }

    var files: [String]
    var format: Format = .text
    var options = ProbeOptions()
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    init(_ parsed: ParsedArguments) throws {
        files = try InputFiles.gather(parsed, command: "probe")
        if let value = parsed.value("format") { format = Format(rawValue: value)! }
        options.deep = parsed.has("deep")
        if let value = parsed.value("jobs") { jobs = try Self.integer(value, option: "--jobs", in: 1...256) }
        if let value = parsed.value("timeout") { options.timeoutSeconds = try Self.seconds(value) }
    }

    static func seconds(_ text: String) throws -> Double {
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw UsageError("invalid value '\(text)' for --timeout: expected a number of seconds")
        }
        return seconds
    }

    static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "invalid value '\(text)' for \(option): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func run(stdout: Output, stderr: Output) -> ExitStatus {
        let prober = MediaProber(options: options)
        let files = self.files
        var status = ExitStatus.success
        var reports: [ProbeReport] = []
        let color = stdout.isTerminal && Terminal.colorAllowed
        Parallel.map(count: files.count, jobs: jobs, work: { prober.probe(files[$0]) }) { _, report in
            if let failure = report.failure {
                status = ExitStatus.worst(status, ExitStatus(failure.code))
                stderr.write("reelshare: error: \(report.path): \(failure.message)\n")
            }
            switch format {
            case .json: reports.append(report)
            case .ndjson: stdout.write(ProbeJSON.file(report).serialized + "\n")
            case .text: stdout.write(ProbeText.render(report, color: color))
            }
        }
        if format == .json { stdout.write(ProbeJSON.document(reports).serialized + "\n") }
        return status
    }
}
