// What a command runs with besides its arguments: the environment it reads and its standard input.
// The executable gives the process's own; an in-process caller (the tests) gives its own values, so
// that a run with a file list on standard input needs no process of its own.
import ReelShareKit
import ReelShareMedia

public struct Invocation: Sendable {
    public let environment: [String: String]
    public let input: Input

    public init(environment: [String: String], input: Input = .standardInput) {
        self.environment = environment
        self.input = input
    }

    /// Where spooled reports go: $TMPDIR, or /tmp when it is unset or empty.
    var temporaryDirectory: String { environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp" }
}

/// Standard input (descriptor 0), or bytes handed in by an in-process caller.
public struct Input: Sendable {
    private let bytes: [UInt8]?

    public static let standardInput = Input(bytes: nil)

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    private init(bytes: [UInt8]?) { self.bytes = bytes }

    /// All of it, to its end: more than `limit` bytes is `tooLarge`.
    func readAll(limit: Int) throws(FileError) -> [UInt8] {
        guard let bytes else { return try Posix.readAll(0, limit: limit) }
        guard bytes.count <= limit else { throw .tooLarge(bytes.count) }
        return bytes
    }
}
