// The one error every command throws, and the one switch that turns an outcome into an exit
// status (as swift-argument-parser's MessageInfo does). README.md, the man page and --help list the
// same table; a test holds them to it.
import ReelShareKit

public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Every file was described (probe) or accepted (validate).
    case success = 0
    /// A file is not acceptable to a target (validate, doctor, build).
    case validationFailed = 1
    /// The command line is wrong.
    case usage = 64
    /// An input is corrupt or not a supported media file.
    case dataError = 65
    /// An input is missing or unreadable.
    case noInput = 66
    /// reelshare itself failed.
    case software = 70
    /// The output cannot be written.
    case cannotCreate = 73

    /// One line each, for `--help`, the README and the man page.
    public var meaning: String {
        switch self {
        case .success: return "success"
        case .validationFailed: return "validation failed (a file is not acceptable to a target)"
        case .usage: return "usage error: unknown command or option, bad value"
        case .dataError: return "an input is corrupt or not a supported media file"
        case .noInput: return "an input is missing or unreadable"
        case .software: return "internal error"
        case .cannotCreate: return "the output cannot be written"
        }
    }

    /// With several outcomes, the worst status wins.
    private var rank: Int {
        switch self {
        case .success: return 0
        case .validationFailed: return 1
        case .dataError: return 2
        case .noInput: return 3
        case .usage: return 4
        case .cannotCreate: return 5
        case .software: return 6
        }
    }

    static func worst(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus { a.rank >= b.rank ? a : b }
}

/// Why a command did not succeed. Cases whose `message` is nil were reported as they happened
/// (one line per file) and need no closing line.
public enum CLIError: Error, Equatable, CustomStringConvertible {
    /// The command line is wrong; `command` names the usage line to show after the message.
    case usage(String, command: String?)
    /// A file the command reads for itself (a file list, a profile, an app file) cannot be read.
    case unreadable(String)
    /// Media files could not be probed: each code was reported with its file; `summary` closes.
    case media([ProbeFailureCode], summary: String?)
    /// A file is not acceptable to a target (validate, doctor), or build refused to write.
    case rejected(summary: String?)
    /// An input of build could not be read while its payload was written.
    case input(String)
    /// An input is not what it should be (doctor: a cut archive, a malformed manifest or plist).
    case invalid(String)
    /// An input of build changed (size, or the file at its path) between its check and its payload:
    /// what was validated is not what would be sent.
    case inputChanged(String)
    /// The output cannot be written.
    case output(String)
    /// reelshare itself failed.
    case `internal`(String)

    public var description: String { message ?? "failed" }

    /// The closing line, if any.
    public var message: String? {
        switch self {
        case .usage(let text, _), .unreadable(let text), .input(let text), .inputChanged(let text), .output(let text),
            .internal(let text), .invalid(let text):
            return text
        case .media(_, let summary), .rejected(let summary):
            return summary
        }
    }

    /// The same failure with `prefix` before its words ("part 2: ...").
    public func prefixed(_ prefix: String) -> CLIError {
        switch self {
        case .usage(let text, let command): return .usage(prefix + text, command: command)
        case .unreadable(let text): return .unreadable(prefix + text)
        case .input(let text): return .input(prefix + text)
        case .inputChanged(let text): return .inputChanged(prefix + text)
        case .invalid(let text): return .invalid(prefix + text)
        case .output(let text): return .output(prefix + text)
        case .internal(let text): return .internal(prefix + text)
        case .media(let codes, let summary): return .media(codes, summary: summary.map { prefix + $0 })
        case .rejected(let summary): return .rejected(summary: summary.map { prefix + $0 })
        }
    }

    /// How a batch ends whose files' failures were each reported on their own line (see
    /// FailureTally). Nil when every file succeeded.
    static func closing(_ failures: [CLIError], outputs noun: String) -> CLIError? {
        var tally = FailureTally()
        for failure in failures { tally.add(failure) }
        return tally.closing(outputs: noun)
    }

    /// The exit status: decided here and nowhere else.
    public var exitStatus: ExitStatus {
        switch self {
        case .usage: return .usage
        case .unreadable, .input: return .noInput
        case .inputChanged, .invalid: return .dataError
        case .rejected: return .validationFailed
        case .output: return .cannotCreate
        case .internal: return .software
        case .media(let codes, _):
            return codes.reduce(ExitStatus.success) { status, code in
                let this: ExitStatus
                switch code {
                case .notFound, .unreadable: this = .noInput
                case .corrupt, .unsupported, .tooLarge, .timeout: this = .dataError
                case .internal: this = .software
                }
                return ExitStatus.worst(status, this)
            }
        }
    }
}

/// A batch's failures, tallied as each is reported: the worst failure decides (its exit status);
/// the closing line, if any, counts the files of that kind (it never repeats a file's words).
/// Ten files or 350,000 cost the same.
struct FailureTally {
    private var worst: CLIError?
    private var counts: [ExitStatus: Int] = [:]
    private var codes: Set<ProbeFailureCode> = []
    private(set) var count = 0

    mutating func add(_ failure: CLIError) {
        count += 1
        counts[failure.exitStatus, default: 0] += 1
        if case .media(let more, _) = failure { codes.formUnion(more) }
        if let worst, ExitStatus.worst(worst.exitStatus, failure.exitStatus) == worst.exitStatus { return }
        worst = failure
    }

    func closing(outputs noun: String) -> CLIError? {
        guard let worst else { return nil }
        let count = counts[worst.exitStatus, default: 0]
        let files = "\(count) file\(count == 1 ? "" : "s")"
        switch worst {
        case .output: return .output("\(count) \(noun)\(count == 1 ? "" : "s") could not be written")
        case .media: return .media(ProbeFailureCode.allCases.filter(codes.contains), summary: nil)
        case .rejected: return .rejected(summary: nil)
        case .unreadable, .input: return .input("\(files) could not be read")
        case .inputChanged: return .inputChanged("\(files) changed while they were read")
        case .invalid: return .invalid("\(files) \(count == 1 ? "is" : "are") malformed")
        case .internal: return .internal("\(files) failed inside reelshare")
        case .usage: return worst  // found before any file is read
        }
    }
}
