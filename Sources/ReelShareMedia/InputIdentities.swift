// A command's inputs by device and inode, for the one output rule (AtomicFile.check): an output
// that is an input by any path is refused. Each input is stat'ed once, so checking an output
// costs one lookup, not a stat per input (fix rerun over 350,000 files whose outputs exist made
// 10^11 system calls).
public struct InputIdentities: Sendable {
    /// The first input that is each file.
    private let first: [Posix.FileIdentity: Int]
    /// Input `n`'s path, as the command was given it (a file list's paths are not held twice).
    private let path: @Sendable (Int) -> String

    /// The inputs `0..<count`, input `n` at `path(n)`; those that do not exist are left out.
    public init(count: Int, path: @escaping @Sendable (Int) -> String) {
        var first: [Posix.FileIdentity: Int] = [:]
        for index in 0..<count {
            if let identity = Posix.identity(path(index)), first[identity] == nil { first[identity] = index }
        }
        self.first = first
        self.path = path
    }

    public init(_ paths: [String]) { self.init(count: paths.count) { paths[$0] } }

    /// No inputs.
    public static let none = InputIdentities([])

    /// The path of the input that is the file `identity`, if any.
    public func input(_ identity: Posix.FileIdentity) -> String? { first[identity].map(path) }
}
