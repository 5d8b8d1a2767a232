// The command-line front end: picks the command, runs it, and turns every outcome into one exit
// status. The executable's main.swift only calls `ReelShareCLI.main`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ReelShareKit
import ReelShareMedia

public enum ReelShareCLI {
    /// Runs reelshare with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], stdout: Output = .standardOutput, stderr: Output = .standardError) -> Int32 {
        signal(SIGPIPE, SIG_IGN)  // a closed pipe is reported by write(), handled in Output
        // A parent may hand down a signal mask that blocks these (threaded runtimes often do, and
        // posix_spawn passes the mask on): unblock them, so that an interrupt stops reelshare and
        // `build -o` can remove its temporary file. Dispositions (an ignored SIGINT in a
        // background job) are left as they are.
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interrupts, number) }
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
        let status = dispatch(arguments, stdout: stdout, stderr: stderr)
        let outputError = stdout.flush()
        stderr.flush()
        if case .failed(let reason) = outputError {
            stderr.write("reelshare: error: cannot write output: \(reason)\n")
            stderr.flush()
            return ExitStatus.worst(status, .cannotCreate).rawValue
        }
        return status.rawValue
    }

    static func dispatch(_ arguments: [String], stdout: Output, stderr: Output) -> ExitStatus {
        guard let first = arguments.first else {
            stderr.write(Help.overview())
            return .usage
        }
        do {
            switch first {
            case "--help", "-h":
                stdout.write(Help.overview())
                return .success
            case "help":
                guard let name = arguments.dropFirst().first else {
                    stdout.write(Help.overview())
                    return .success
                }
                guard let spec = CommandTable.command(named: name) else { throw unknownCommand(name) }
                stdout.write(Help.command(spec))
                return .success
            case "--version", "-V":
                stdout.write(versionText())
                return .success
            default:
                guard let spec = CommandTable.command(named: first) else {
                    if first.hasPrefix("-") {
                        throw UsageError("unknown option '\(first)'; commands: \(CommandTable.commands.map(\.name).joined(separator: ", "))")
                    }
                    throw unknownCommand(first)
                }
                let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: spec)
                if parsed.has("help") {
                    stdout.write(Help.command(spec))
                    return .success
                }
                switch spec.name {
                case "probe": return try ProbeCommand(parsed).run(stdout: stdout, stderr: stderr)
                case "validate": return try ValidateCommand(parsed).run(stdout: stdout, stderr: stderr)
                case "targets": return try TargetsCommand(parsed).run(stdout: stdout, stderr: stderr)
                case "build": return try BuildCommand(parsed).run(stdout: stdout, stderr: stderr)
                case "doctor": return try DoctorCommand(parsed).run(stdout: stdout, stderr: stderr)
                case "completions":
                    guard parsed.operands.count == 1, let script = Completions.script(for: parsed.operands[0]) else {
                        throw UsageError("completions needs one SHELL: \(Completions.shells.joined(separator: ", "))", command: "completions")
                    }
                    stdout.write(script)
                    return .success
                default: throw UsageError("unknown command '\(spec.name)'")
                }
            }
        } catch let error as UsageError {
            stderr.write("reelshare: error: \(error.message)\n")
            if let name = error.command, let spec = CommandTable.command(named: name) {
                stderr.write("usage: \(Help.usage(spec))\nSee 'reelshare help \(name)'.\n")
            } else {
                stderr.write("See 'reelshare --help'.\n")
            }
            return .usage
        } catch let error as InputFiles.ReadError {
            stderr.write("reelshare: error: \(error.message)\n")
            return .noInput
        } catch {
            stderr.write("reelshare: error: \(error)\n")
            return .software
        }
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        let names = CommandTable.commands.map(\.name) + ["help"]
        if let best = Spelling.closest(to: name, among: names) {
            return UsageError("unknown command '\(name)'; did you mean '\(best)'?")
        }
        return UsageError("unknown command '\(name)'; commands: \(names.joined(separator: ", "))")
    }

    static func versionText() -> String {
        var text = "reelshare \(Help.version)\n"
        for library in MediaProber.libraryVersions { text += "\(library.name) \(library.version)\n" }
        return text
    }
}
