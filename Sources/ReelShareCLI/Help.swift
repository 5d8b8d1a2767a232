// Help text, generated from the same table the parser uses.

enum Help {
    static let version = "0.1.0"

    enum Format: String, OptionChoice { case text, markdown, man }

    static let format = ChoiceOption<Format>(
        "format", value: "FORMAT",
        help: "text (default); markdown: a command's options as the README's table; man: the SYNOPSIS (mdoc).")

    /// `help [COMMAND] [--format …]`, read by the parser every command uses.
    static let spec = CommandSpec(
        name: "help", summary: "Show help for a command: reelshare help probe", operands: "[COMMAND]",
        options: [format.spec], details: "")

    static func overview() -> String {
        var text =
            wrap(
                "reelshare \(version): pre-flight checks for sharing media into Instagram and Facebook Reels and Stories.",
                indent: "")
                + """


                USAGE: reelshare COMMAND [OPTIONS] [FILE...]

                COMMANDS:

                """
        let rows = (CommandTable.specs + [spec]).map { ($0.name, $0.summary) }
        let width = (rows.map(\.0.count).max() ?? 8) + 4
        for (name, summary) in rows {
            let body = wrap(summary, indent: String(repeating: " ", count: width))
            text += "  " + pad(name, width - 2) + body.drop { $0 == " " } + "\n"
        }
        text += "\nOPTIONS:\n"
        for option in CommandTable.global { text += optionLine(option) }
        text += "\n" + exitStatusSection() + "\nSee 'man reelshare' for the JSON output and examples.\n"
        return text
    }

    static func command(_ spec: CommandSpec) -> String {
        var text = "\(wrap(spec.summary, indent: ""))\n\nUSAGE: \(usage(spec))\n\n"
        text += wrap(spec.details, indent: "") + "\n\nOPTIONS:\n"
        for option in spec.options { text += optionLine(option) }
        return text + "\n" + exitStatusSection()
    }

    /// The command's options as a Markdown table (`help COMMAND --format markdown`: the README's
    /// tables, which Scripts/reference writes from here): the option with its value, or its choices
    /// where it takes one of a fixed set, and its help. Not --help, which every command has.
    static func markdown(_ spec: CommandSpec) -> String {
        var text = "| option | meaning |\n| --- | --- |\n"
        for option in spec.options where option.name != SharedOptions.help.name {
            let value = option.choices.isEmpty ? option.valueName : option.choices.joined(separator: "|")
            let left = option.spelling + (value.map { " " + $0 } ?? "")
            text += "| `\(markdownCell(left, code: true))` | \(markdownCell(option.help)) |\n"
        }
        return text
    }

    /// The synopsis of `spec` in mdoc (`help --format man`: the man page's SYNOPSIS, which
    /// Scripts/reference writes from here): each option, in brackets unless the command cannot run
    /// without it, with its value or its choices, then the operands.
    static func manSynopsis(_ spec: CommandSpec) -> String {
        var text = ".Nm\n.Cm \(spec.name)\n"
        for option in spec.options where option.name != SharedOptions.help.name {
            var words = "Fl " + option.spelling.dropFirst()
            if !option.choices.isEmpty {
                words += " Ar " + option.choices.joined(separator: " | ")
            } else if let value = option.valueName {
                words += " Ar " + value
            }
            text += (option.isMandatory ? "." : ".Op ") + words + "\n"
        }
        if spec.operands.hasPrefix("["), spec.operands.hasSuffix("]") {
            text += ".Op Ar " + mdocOperands(String(spec.operands.dropFirst().dropLast())) + "\n"
        } else if !spec.operands.isEmpty {
            text += ".Ar " + mdocOperands(spec.operands) + "\n"
        }
        return text
    }

    /// Every command's synopsis, then help's and the global options'.
    static func manSynopsis() -> String {
        (CommandTable.specs + [spec]).map(manSynopsis).joined() + ".Nm\n.Fl -help | Fl -version\n"
    }

    /// "FILE|DIR..." as mdoc arguments: "FILE | DIR ...".
    private static func mdocOperands(_ operands: String) -> String {
        operands.replacingScalars("|", with: " | ").replacingScalars("...", with: " ...")
    }

    /// Text for a Markdown table cell: a bar escaped, a line break a space, and outside a code span
    /// `<` and `&` as HTML entities (GitHub drops "<data>" as an unknown tag).
    static func markdownCell(_ text: String, code: Bool = false) -> String {
        text.mappingScalars { scalar in
            switch scalar {
            case "|": return "\\|"
            case "\n": return " "
            case "<" where !code: return "&lt;"
            case "&" where !code: return "&amp;"
            default: return nil
            }
        }
    }

    static func usage(_ spec: CommandSpec) -> String {
        spec.operands.isEmpty ? "reelshare \(spec.name) [OPTIONS]" : "reelshare \(spec.name) [OPTIONS] \(spec.operands)"
    }

    static func exitStatusSection() -> String {
        var text = "EXIT STATUS:\n"
        for status in ExitStatus.allCases {
            text += "  " + pad(String(status.rawValue), 5) + status.meaning + "\n"
        }
        return text
    }

    private static func optionLine(_ option: OptionSpec) -> String {
        let left = option.spelling + (option.valueName.map { " " + $0 } ?? "")
        let body = wrap(option.help, indent: String(repeating: " ", count: 24))
        if left.count >= 20 { return "  \(left)\n" + String(repeating: " ", count: 24) + body.drop { $0 == " " } + "\n" }
        return "  " + pad(left, 22) + body.drop { $0 == " " } + "\n"
    }

    /// `text` padded with spaces to `width` columns, or with one space after it when longer.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// Wraps at 78 columns, every line starting with `indent`.
    static func wrap(_ text: String, indent: String) -> String {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 78, line.count > indent.count {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
