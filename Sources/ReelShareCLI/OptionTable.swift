// Table-driven arguments. Each command declares its options once (in its own file, as a
// CommandSpec); that one table drives parsing, `--help`, the shell completions and the man page
// test. Parsing yields ParsedArguments; each command's init then turns it into typed options,
// with choices as enums, and throws a precise usage error.
import ReelShareKit

/// The values of an option that takes one of a fixed set, as an enum.
protocol OptionChoice: CaseIterable, RawRepresentable, Sendable where RawValue == String {}

extension ItemLayout: OptionChoice {}
extension PayloadFormat: OptionChoice {}
extension Embedding: OptionChoice {}
extension Platform: OptionChoice {}

struct OptionSpec: Sendable {
    /// Long spelling without dashes ("format"); a one-character name is the short form ("0").
    let name: String
    /// Placeholder for the value ("FORMAT"); nil for a flag.
    let valueName: String?
    /// The only accepted values, when the option takes one of a fixed set.
    let choices: [String]
    /// Made when help is shown: some name the built-in targets that can do something, which
    /// needs the profiles decoded, and a command's lookup must not.
    private let helpText: @Sendable () -> String
    var help: String { helpText() }
    /// The value names share targets (comma lists allowed): completed from the profiles.
    private(set) var takesTargets = false
    /// The targets it takes are the share targets only (build, preview, doctor), not the
    /// validate-only publishing profiles.
    private(set) var shareTargetsOnly = false
    /// The command cannot run without it (said in the man page's synopsis; the command refuses
    /// to run without it, with exit 64).
    private(set) var isMandatory = false

    init(_ name: String, value: String? = nil, help: @autoclosure @escaping @Sendable () -> String) {
        self.name = name
        self.valueName = value
        self.choices = []
        self.helpText = help
    }

    /// --target T (or T[,T...] for a list): a command's target option.
    static func target(
        value: String = "T", shareOnly: Bool = false, help: @autoclosure @escaping @Sendable () -> String
    ) -> OptionSpec {
        var option = OptionSpec("target", value: value, help: help())
        option.takesTargets = true
        option.shareTargetsOnly = shareOnly
        return option
    }

    fileprivate init(_ name: String, value: String, choices: [String], help: @autoclosure @escaping @Sendable () -> String) {
        self.name = name
        self.valueName = value
        self.choices = choices
        self.helpText = help
    }

    var spelling: String { name.count == 1 ? "-\(name)" : "--\(name)" }

    /// The same option, which the command cannot run without.
    func mandatory() -> OptionSpec {
        var option = self
        option.isMandatory = true
        return option
    }
}

/// An option that takes one of the values of `Choice`: it is read as that enum, so a command
/// cannot ask for another.
struct ChoiceOption<Choice: OptionChoice>: Sendable {
    let spec: OptionSpec

    init(_ name: String, value: String, help: @autoclosure @escaping @Sendable () -> String) {
        spec = OptionSpec(name, value: value, choices: Choice.allCases.map(\.rawValue), help: help())
    }
}

struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// The operands after the options ("FILE..."), for the usage line.
    let operands: String
    let options: [OptionSpec]
    let details: String
}

/// A command: its table, its typed options (made from what was parsed) and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    init(_ parsed: ParsedArguments, invocation: Invocation) throws(CLIError)
    func run(stdout: Output, stderr: Output) throws(CLIError)
}

enum CommandTable {
    static let commands: [any Command.Type] = [
        ProbeCommand.self, ValidateCommand.self, FixCommand.self, BuildCommand.self, PreviewCommand.self, DoctorCommand.self,
        TargetsCommand.self,
        CompletionsCommand.self,
    ]

    static var specs: [CommandSpec] { commands.map { $0.spec } }

    static func command(named name: String) -> (any Command.Type)? { commands.first { $0.spec.name == name } }

    static let global = [
        SharedOptions.help,
        OptionSpec("version", help: "Print the version of reelshare and of the libraries it uses."),
    ]
}

/// Options several commands share, declared once.
enum SharedOptions {
    static let help = OptionSpec("help", help: "Show help for this command and exit.")
    static let jobs = OptionSpec(
        "jobs", value: "N",
        help:
            "Work on N files at a time, 1 to 256 (default: the number of cores). More jobs than cores helps only when reading is slow (network storage)."
    )
    static let timeout = OptionSpec(
        "timeout", value: "SECONDS", help: "Give up on a file after SECONDS (default 30; 0: no limit).")
    static let maxMemory = OptionSpec(
        "max-memory", value: "MB",
        help:
            "Refuse a video's re-encode or later frame that would hold more than MB mebibytes, told from the file before anything is decoded (default 200; re-encoding a 4K source holds 240 to 440)."
    )
    static let decode = OptionSpec(
        "decode",
        help:
            "Decode every video frame (the decoder's own threads, as ffmpeg does) and report frames that do not decode; validate's video.decode rule needs it."
    )
    static let color = ChoiceOption<Terminal.ColorChoice>(
        "color", value: "WHEN",
        help:
            "auto (the default: colour on a terminal, none where NO_COLOR is set; FORCE_COLOR sets it anywhere), always or never."
    )
    static let profile = OptionSpec(
        "profile", value: "FILE",
        help:
            "Load more target profiles from FILE (the schema of 'targets --format json'); a profile with a built-in id replaces it. Repeatable."
    )
}

/// The parsed command line of one command, before its meaning is checked.
struct ParsedArguments: Equatable {
    let command: String
    /// Every option given, flags too, in command-line order: the one store, read through the
    /// accessors below by OptionSpec, never by a name in a string.
    fileprivate(set) var occurrences: [Occurrence] = []
    var operands: [String] = []

    struct Occurrence: Equatable {
        fileprivate var name: String
        /// nil for a flag.
        var value: String?

        /// Whether this is a value of `option`.
        func `is`(_ option: OptionSpec) -> Bool { name == option.name }
    }

    init(command: String) { self.command = command }

    // Options are named by their OptionSpec values (each command's Option enum, SharedOptions),
    // never by a string: a misspelt option does not compile.
    func value(_ option: OptionSpec) -> String? { all(option).last }
    func all(_ option: OptionSpec) -> [String] { occurrences.filter { $0.is(option) }.compactMap(\.value) }
    /// The values of any of `options`, in command-line order.
    func all(of options: [OptionSpec]) -> [Occurrence] {
        occurrences.filter { occurrence in options.contains { occurrence.is($0) } }
    }
    func has(_ option: OptionSpec) -> Bool { occurrences.contains { $0.is(option) } }

    /// The value of a choice option as its enum (the parser already refused other values), or nil
    /// when it is not given.
    func choice<Choice>(_ option: ChoiceOption<Choice>) -> Choice? { value(option.spec).flatMap(Choice.init(rawValue:)) }

    func choice<Choice>(_ option: ChoiceOption<Choice>, default fallback: Choice) -> Choice { choice(option) ?? fallback }

    func usageError(_ message: String) -> CLIError { .usage(message, command: command) }
}

enum ArgumentParser {
    /// Parses `arguments` (the command name already removed) against `spec`'s options.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments(command: spec.name)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.operands += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.operands.append(argument)
                continue
            }
            let isShort = !argument.hasPrefix("--")
            let body = isShort ? argument.dropFirst() : argument.dropFirst(2)
            let equals = body.firstIndex(of: "=")
            let name = String(equals.map { body[..<$0] } ?? body)
            let inline = equals.map { String(body[body.index(after: $0)...]) }
            guard
                let option = spec.options.first(where: { $0.name == name && isShort == ($0.name.count == 1) })
                    ?? (argument == "-h" ? SharedOptions.help : nil)
            else {
                throw parsed.usageError(unknownOption(argument, in: spec))
            }
            guard let valueName = option.valueName else {
                if inline != nil { throw parsed.usageError("option \(option.spelling) takes no value") }
                parsed.occurrences.append(ParsedArguments.Occurrence(name: option.name, value: nil))
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw parsed.usageError("option \(option.spelling) needs a value (\(valueName))")
            }
            if !option.choices.isEmpty, !option.choices.contains(value) {
                throw parsed.usageError(
                    "invalid value '\(value)' for \(option.spelling): expected one of \(option.choices.joined(separator: ", "))")
            }
            parsed.occurrences.append(ParsedArguments.Occurrence(name: option.name, value: value))
        }
        return parsed
    }

    static func unknownOption(_ argument: String, in spec: CommandSpec) -> String {
        let name = argument.drop { $0 == "-" }.split(separator: "=").first.map(String.init) ?? ""
        if let best = Spelling.closest(to: name, among: spec.options.map(\.name)),
            let option = spec.options.first(where: { $0.name == best })
        {
            return "unknown option '\(argument)' for \(spec.name); did you mean '\(option.spelling)'?"
        }
        return "unknown option '\(argument)' for \(spec.name)"
    }
}
