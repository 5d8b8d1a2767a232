// Buffered writes to standard output and standard error (Swift 6 rejects Glibc's stdout/stderr
// globals), or to memory for in-process tests. A closed pipe (`reelshare probe … | head`) ends
// output quietly, and commands stop working once they see it (`isClosed`); any other write error
// is kept and reported once, at the end. Writes are gathered up to 64 KB, and the commands that
// stream results (probe, validate, doctor, fix) flush after each file's: a result reaches its
// reader when its file is done, and a reader that left is seen at the first result after.
import Dispatch
import ReelShareKit
import ReelShareMedia

public enum OutputError: Error, Equatable {
    /// The reader went away (EPIPE): stop writing, this is not a failure.
    case closed
    case failed(String)
}

public final class Output: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var captured: [UInt8] = []
        var error: OutputError?
        /// When the oldest byte in `buffer` was written (monotonic nanoseconds).
        var pendingSince: UInt64 = 0
        /// reelshare's own styles are written as escapes: on a terminal, or where --color always
        /// or FORCE_COLOR asks for them.
        var styled = false
    }

    /// The descriptor written to; nil when capturing in memory.
    private let descriptor: Int32?
    private let terminal: Bool
    private let state = Protected(State())

    public static let standardOutput = Output(descriptor: 1)
    public static let standardError = Output(descriptor: 2)

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        terminal = Posix.isTerminal(descriptor)
        state.withLock { $0.styled = terminal }
    }

    /// An output that keeps what is written, for `captured`.
    public init() {
        descriptor = nil
        terminal = false
    }

    public var isTerminal: Bool { terminal }

    /// Whether reelshare's own styles are written as escapes (Terminal.colors decides).
    var styled: Bool {
        get { state.withLock { $0.styled } }
        set { state.withLock { $0.styled = newValue } }
    }

    /// Everything written so far (capturing outputs only).
    public var captured: String {
        flush()
        return state.withLock { String(decoding: $0.captured, as: UTF8.self) }
    }

    public func write(_ text: String) {
        // Bytes of a file name that were not UTF-8 show as U+FFFD, control characters escaped;
        // reelshare's own styles reach only a terminal.
        append(PathCoding.terminalText(text, styled: styled))
    }

    /// JSON's text, token by token: its strings escape every C0 control themselves and it holds
    /// no style, so only bytes of a file name that were not UTF-8 are made U+FFFD.
    public func write(json text: String) { append(PathCoding.display(text)) }

    private func append(_ text: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { state in
            if state.buffer.isEmpty { state.pendingSince = now }
            state.buffer.append(contentsOf: text.utf8)
            if state.buffer.count >= 1 << 16 || now - state.pendingSince > 100_000_000 { drain(&state) }
        }
    }

    /// Bytes already made displayable (a spooled report), written as they are.
    public func write(bytes: [UInt8]) {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { state in
            if state.buffer.isEmpty { state.pendingSince = now }
            state.buffer.append(contentsOf: bytes)
            if state.buffer.count >= 1 << 16 || now - state.pendingSince > 100_000_000 { drain(&state) }
        }
    }

    /// Runs `body` with a descriptor that writes where this output does, for bytes a C stream
    /// writes itself (build's payload): this output's own, after what is buffered; or, capturing, a
    /// spool whose bytes are then kept (-1 where none can be made: body's writes then fail).
    public func streaming<T, E: Error>(_ body: (Int32) throws(E) -> T) throws(E) -> T {
        flush()
        if let descriptor { return try body(descriptor) }
        let spool = Spool(directory: "/tmp")
        defer {
            try? spool.replay { bytes in state.withLock { $0.captured += bytes } }
        }
        return try body(spool.fileDescriptor ?? -1)
    }

    /// The reader of this output went away (EPIPE): there is no one to work for.
    public var isClosed: Bool { state.withLock { $0.error == .closed } }

    /// Writes what is buffered; returns the first error seen on this stream, if any.
    @discardableResult
    public func flush() -> OutputError? {
        state.withLock { state in
            drain(&state)
            return state.error
        }
    }

    private func drain(_ state: inout State) {
        defer { state.buffer.removeAll(keepingCapacity: true) }
        guard state.error == nil, !state.buffer.isEmpty else { return }
        guard let descriptor else {
            state.captured += state.buffer
            return
        }
        do {
            try Posix.write(descriptor, state.buffer)
        } catch {
            state.error = error.isClosedPipe ? .closed : .failed(error.description)
        }
    }
}
