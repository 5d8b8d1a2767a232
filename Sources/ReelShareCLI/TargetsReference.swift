// The reference pages' part that is profile data: `targets --format man` writes the man page's
// TARGETS list and `--format markdown` the README's limits tables. Scripts/reference puts both in
// place and DocumentationTests fails when either differs, so a limit changed in its profile file
// reaches the documents only through here.
import ReelShareKit

enum TargetsReference {
    // MARK: Markdown: one table per role, a row per rule, a column per target that takes the role

    static func markdown(_ profiles: [TargetProfile]) -> String {
        var tables: [String] = []
        for role in Role.allCases {
            let columns = profiles.filter { $0.roles[role] != nil }
            guard !columns.isEmpty else { continue }
            var rules: [RuleID] = []
            for profile in columns {
                for spec in profile.roles[role] ?? [] where !rules.contains(spec.rule) { rules.append(spec.rule) }
            }
            var out = "#### \(capitalised(role.label))\n\n"
            out += "| rule | " + columns.map { "`\($0.id)`" }.joined(separator: " | ") + " |\n"
            out += "| --- |" + String(repeating: " --- |", count: columns.count) + "\n"
            for rule in rules {
                let cells = columns.map { profile -> String in
                    let specs = (profile.roles[role] ?? []).filter { $0.rule == rule }
                    return specs.isEmpty ? "–" : cell(specs)
                }
                out += "| `\(rule.rawValue)` | " + cells.joined(separator: " | ") + " |\n"
            }
            tables.append(out)
        }
        return tables.joined(separator: "\n")
    }

    /// A rule's limits in one target as a table cell says them: each limit once, then where it
    /// holds and how bad breaking it is, unless it is an error everywhere: "max 1080p (warning)",
    /// "h264/High… (iOS; Android: warning)"; several limits on lines of their own.
    private static func cell(_ specs: [RuleSpec]) -> String {
        var limits: [(text: String, qualifiers: [String])] = []
        for spec in specs {
            let severity = spec.severity.rawValue
            let platforms = spec.platforms.map(\.label).joined(separator: " and ")
            let qualifier = platforms.isEmpty ? severity : platforms + (spec.severity == .error ? "" : ": " + severity)
            if let index = limits.firstIndex(where: { $0.text == spec.limitsText }) {
                limits[index].qualifiers.append(qualifier)
            } else {
                limits.append((spec.limitsText, [qualifier]))
            }
        }
        return limits.map { limit in
            Help.markdownCell(limit.text)
                + (limit.qualifiers == ["error"] ? "" : " (\(Help.markdownCell(limit.qualifiers.joined(separator: "; "))))")
        }.joined(separator: "<br>")
    }

    // MARK: mdoc: a tag list item per target, its envelope, then each role's limits with their sources

    static func man(_ profiles: [TargetProfile]) -> String {
        var out = ".Bl -tag -width Ds\n"
        for profile in profiles {
            out += ".It Cm \(profile.id)\n"
            out += text("\(profile.name) (\(profile.purpose == .share ? "share" : "validate only")): \(profile.summary)")
            if let ios = profile.ios {
                out += "iOS:\n" + quoted(ios.url, ",") + "with\n" + quoted(ios.queryScheme)
                out += "in LSApplicationQueriesSchemes, the App ID\n"
                switch ios.appId {
                case .url(let parameter): out += "in the URL query\n" + quoted(parameter, ".")
                case .pasteboard(let key): out += "under the pasteboard key\n" + quoted(ios.keyPrefix + key, ".")
                }
            }
            if let android = profile.android {
                out += "Android:\n" + quoted(android.action) + "to\n"
                if let appId = android.extras.appId {
                    out += quoted(android.package, ",") + "the App ID in the extra\n" + quoted(appId, ".")
                } else {
                    out += quoted(android.package, ",") + "no App ID.\n"
                }
            }
            for role in Role.allCases {
                guard let specs = profile.roles[role] else { continue }
                out += ".Pp\n" + text(capitalised(role.label) + ":") + ".Bl -dash -compact\n"
                for spec in specs {
                    let platforms =
                        spec.platforms.isEmpty ? "" : ", " + spec.platforms.map(\.label).joined(separator: " and ") + " only"
                    out += ".It\n.Cm \(spec.rule.rawValue)\n"
                    out += text("(\(spec.severity.rawValue)\(platforms)): \(spec.limitsText).")
                    out += text("Source: \(sentence(spec.source))")
                    if let note = spec.note { out += text(capitalised(sentence(note), word: true)) }
                }
                out += ".El\n"
            }
            for advisory in profile.advisories {
                let platforms =
                    advisory.platforms.isEmpty ? "every platform" : advisory.platforms.map(\.label).joined(separator: " and ")
                out +=
                    ".Pp\nAdvisory\n.Cm \(advisory.id)\n" + text("(\(platforms), never failing): \(sentence(advisory.message))")
                out += text("Source: \(sentence(advisory.source))")
            }
        }
        return out + ".El\n"
    }

    /// An mdoc `.Ql` line: `value` quoted as one argument, then closing punctuation.
    private static func quoted(_ value: String, _ punctuation: String = "") -> String {
        ".Ql \"" + escaped(value).mappingScalars { $0 == "\"" ? "\\(dq" : nil } + "\""
            + (punctuation.isEmpty ? "" : " " + punctuation)
            + "\n"
    }

    /// A text line: backslashes escaped, non-ASCII as groff's \[uXXXX] (groff reads Latin-1), and a
    /// line that would begin with a control character guarded.
    private static func text(_ line: String) -> String {
        let body = escaped(line)
        return (body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" : "") + body + "\n"
    }

    private static func escaped(_ text: String) -> String {
        text.mappingScalars { scalar in
            if scalar == "\\" { return "\\e" }
            if scalar == "\n" { return " " }
            guard scalar.value > 0x7E || scalar.value < 0x20 else { return nil }
            guard scalar.value >= 0xA0 else { return "?" }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }
    }

    /// `text` ending with a full stop.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }

    /// `text` with a capital first letter; with `word`, not where its first word has a capital
    /// already ("iPhones").
    private static func capitalised(_ text: String, word: Bool = false) -> String {
        if word, text.prefix { !$0.isWhitespace }.contains(where: \.isUppercase) { return text }
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
