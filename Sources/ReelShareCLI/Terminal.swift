// What a terminal gets and a pipe does not: colour, and a progress line for large batches.
import ReelShareKit
import ReelShareMedia

enum Terminal {
    enum ColorChoice: String, OptionChoice { case auto, always, never }

    /// Colour as --color says; with auto, none where NO_COLOR is set (no-color.org), everywhere
    /// FORCE_COLOR is set (force-color.org; "0" or "false" are off), else on a terminal whose TERM
    /// is not dumb.
    static func colors(_ output: Output, environment: [String: String], choice: ColorChoice) -> Bool {
        let colored: Bool
        switch choice {
        case .always: colored = true
        case .never: colored = false
        case .auto:
            if let no = environment["NO_COLOR"], !no.isEmpty {
                colored = false
            } else if let force = environment["FORCE_COLOR"], !force.isEmpty {
                colored = force != "0" && force != "false"
            } else {
                colored = output.isTerminal && environment["TERM"] != "dumb"
            }
        }
        // Styles are written where colour is asked for (a progress line's return stays a
        // terminal's: Progress writes only there).
        if colored { output.styled = true }
        return colored
    }

    // Styles and the progress line are written with PathCoding's style scalars, which Output
    // makes escapes for a terminal; a file name's own control bytes are shown escaped.
    static let escape = String(PathCoding.styleEscape)
    /// The start of the line, and the line erased from there: a progress line's.
    static let lineStart = String(PathCoding.styleReturn)
    static let eraseLine = lineStart + escape + "[K"

    static func bold(_ text: String) -> String { "\(escape)[1m\(text)\(escape)[0m" }
    static func red(_ text: String) -> String { "\(escape)[31m\(text)\(escape)[0m" }
    static func green(_ text: String) -> String { "\(escape)[32m\(text)\(escape)[0m" }
    static func yellow(_ text: String) -> String { "\(escape)[33m\(text)\(escape)[0m" }
}

/// A "validated N/M" line on a terminal's stderr for large batches. Used from the emitting thread
/// only.
struct Progress {
    private let total: Int
    private let stderr: Output
    private let enabled: Bool
    private let verb: String
    private var done = 0

    init(total: Int, verb: String, stderr: Output) {
        self.total = total
        self.verb = verb
        self.stderr = stderr
        enabled = total >= 50 && stderr.isTerminal
    }

    mutating func tick() {
        done += 1
        guard enabled, done % max(1, total / 100) == 0 || done == total else { return }
        stderr.write("\(Terminal.lineStart)reelshare: \(verb) \(done)/\(total) files")
        stderr.flush()
    }

    func finish() {
        guard enabled else { return }
        stderr.write(Terminal.eraseLine)
        stderr.flush()
    }
}
