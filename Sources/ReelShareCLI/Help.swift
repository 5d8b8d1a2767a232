// Help text, generated from the same table the parser uses.

enum Help {
    static let version = "0.1.0"

    static func overview() -> String {
        var text =
            wrap(
                "reelshare \(version): pre-flight checks for sharing media into Instagram and Facebook Reels and Stories.",
                indent: "")
                + """


                USAGE: reelshare COMMAND [OPTIONS] [FILE...]

                COMMANDS:

                """
        let rows = CommandTable.specs.map { ($0.name, $0.summary) } + [("help", "Show help for a command: reelshare help probe")]
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
