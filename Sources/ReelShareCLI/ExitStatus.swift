// Exit statuses, decided here and only here. README.md and man/reelshare.1 list the same table.
import ReelShareKit

public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Every file was described (probe) or accepted (validate).
    case success = 0
    /// Validation found an error (reserved for `validate`).
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

    /// The status a failed probe of one file contributes.
    public init(_ code: ProbeFailureCode) {
        switch code {
        case .notFound, .unreadable: self = .noInput
        case .corrupt, .unsupported, .tooLarge, .timeout: self = .dataError
        case .internal: self = .software
        }
    }

    /// With several files, the worst status wins.
    var rank: Int {
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

    public static func worst(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus { a.rank >= b.rank ? a : b }
}
