// The command-line front end: picks the command, runs it, and turns every outcome into one exit
// status through CLIError.exitStatus. The executable's main.swift only calls `ReelShareCLI.main()`.
import FoundationEssentials
import ReelShareKit
import ReelShareMedia

public enum ReelShareCLI {
    /// Runs reelshare with the process's arguments and environment, and exits with its status.
    public static func main() -> Never {
        Posix.setUpSignals()
        Posix.exitProcess(run(Posix.arguments()))
    }

    /// Runs reelshare with `arguments` (without the program name) and returns the exit status.
    /// In process (the tests), `environment`, `input` and the outputs stand for the process's own.
    public static func run(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        input: Input = .standardInput, stdout: Output = .standardOutput, stderr: Output = .standardError
    ) -> Int32 {
        var status = ExitStatus.success
        do {
            try dispatch(
                arguments, invocation: Invocation(environment: environment, input: input), stdout: stdout, stderr: stderr)
        } catch {
            status = error.exitStatus
            report(error, to: stderr)
        }
        if case .failed(let reason) = stdout.flush() {
            stderr.write("reelshare: error: cannot write output: \(reason)\n")
            status = ExitStatus.worst(status, CLIError.output(reason).exitStatus)
        }
        stderr.flush()
        return status.rawValue
    }

    private static func report(_ error: CLIError, to stderr: Output) {
        guard let message = error.message else { return }
        stderr.write("reelshare: error: \(message)\n")
        if case .usage(_, let name) = error {
            if let name, let command = CommandTable.command(named: name) {
                stderr.write("usage: \(Help.usage(command.spec))\nSee 'reelshare help \(name)'.\n")
            } else {
                stderr.write("See 'reelshare --help'.\n")
            }
        }
    }

    private static func dispatch(
        _ arguments: [String], invocation: Invocation, stdout: Output, stderr: Output
    ) throws(CLIError) {
        guard let first = arguments.first else {
            stderr.write(Help.overview())
            throw .usage("no command given", command: nil)
        }
        switch first {
        case "--help", "-h":
            stdout.write(Help.overview())
        case "help":
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: Help.spec)
            let format = parsed.choice(Help.format, default: .text)
            if parsed.operands.count > 1 {
                throw parsed.usageError("help takes one command (got '\(parsed.operands[1])')")
            }
            guard let name = parsed.operands.first else {
                switch format {
                case .man: return stdout.write(Help.manSynopsis())
                case .markdown:
                    throw parsed.usageError("help --format markdown needs a command: reelshare help probe --format markdown")
                case .text: return stdout.write(Help.overview())
                }
            }
            guard let command = CommandTable.command(named: name) else { throw unknownCommand(name) }
            switch format {
            case .man: stdout.write(Help.manSynopsis(command.spec))
            case .markdown: stdout.write(Help.markdown(command.spec))
            case .text: stdout.write(Help.command(command.spec))
            }
        case "--version", "-V":
            stdout.write(versionText())
        default:
            guard let command = CommandTable.command(named: first) else {
                if first.hasPrefix("-") {
                    throw .usage("unknown option '\(first)'; commands: \(commandNames.joined(separator: ", "))", command: nil)
                }
                throw unknownCommand(first)
            }
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
            if parsed.has(SharedOptions.help) { return stdout.write(Help.command(command.spec)) }
            try command.init(parsed, invocation: invocation).run(stdout: stdout, stderr: stderr)
        }
    }

    private static var commandNames: [String] { CommandTable.specs.map(\.name) + ["help"] }

    private static func unknownCommand(_ name: String) -> CLIError {
        if let best = Spelling.closest(to: name, among: commandNames) {
            return .usage("unknown command '\(name)'; did you mean '\(best)'?", command: nil)
        }
        return .usage("unknown command '\(name)'; commands: \(commandNames.joined(separator: ", "))", command: nil)
    }

    static func versionText() -> String {
        var text = "reelshare \(Help.version)\n"
        for library in MediaProber.libraryVersions {
            text += "\(library.name) \(library.running)"
            if let built = library.built { text += " (built against \(built))" }
            text += "\n"
        }
        if MediaProber.linkedStatically {
            text += "linked statically: FFmpeg (with dav1d, x264, Opus, zimg), libpng, libjpeg, libwebp, libzip, "
            text += "zlib, bzip2, xz, glibc, libstdc++ and the Swift runtime\n"
        }
        return text
    }
}
