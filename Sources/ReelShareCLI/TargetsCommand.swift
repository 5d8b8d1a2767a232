// `reelshare targets`: the target profiles, for people (text), as the JSON profile schema, or as
// the reference pages' limits (markdown, man).
import ReelShareKit

struct TargetsCommand: Command {
    enum Format: String, OptionChoice { case text, json, markdown, man }

    /// The options, one value each: commands read them by these names (a misspelling does not compile).
    enum Option {
        static let format = ChoiceOption<Format>(
            "format", value: "FORMAT",
            help: """
                text (default); json: the full profiles, in the schema --profile reads; markdown: the \
                limits as one table per role (the README's); man: the man page's TARGETS list (mdoc).
                """)
    }

    static let spec = CommandSpec(
        name: "targets",
        summary: "List the target profiles and their limits, with sources.",
        operands: "",
        options: [Option.format.spec, SharedOptions.profile, SharedOptions.help],
        details: """
            The share targets (\(ProfileSet.builtinShareTargetIds.joined(separator: ", "))) and the validate-only \
            publishing profiles (\(ProfileSet.builtinPublishIds.joined(separator: ", "))), \
            each limit with the document it comes from.
            """
    )

    let format: Format
    let profiles: ProfileSet

    init(_ parsed: ParsedArguments, invocation: Invocation) throws(CLIError) {
        format = parsed.choice(Option.format, default: .text)
        profiles = try ProfileLoading.profiles(parsed)
        if let operand = parsed.operands.first { throw parsed.usageError("targets takes no operands (got '\(operand)')") }
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        switch format {
        case .json: stdout.write(ProfileDocument.json(profiles.profiles).pretty)
        case .text: for profile in profiles.profiles { stdout.write(Self.text(profile)) }
        case .markdown: stdout.write(TargetsReference.markdown(profiles.profiles))
        case .man: stdout.write(TargetsReference.man(profiles.profiles))
        }
    }

    static func text(_ profile: TargetProfile) -> String {
        var out = "\(profile.id) (\(profile.purpose.rawValue)): \(profile.name)\n  \(profile.summary)\n"
        if let ios = profile.ios {
            let placement: String
            switch ios.appId {
            case .url(let parameter): placement = "in the URL query '\(parameter)'"
            case .pasteboard(let key): placement = "under the pasteboard key \(ios.keyPrefix)\(key)"
            }
            out += "  iOS: \(ios.url), LSApplicationQueriesSchemes '\(ios.queryScheme)', App ID \(placement)\n"
        }
        if let android = profile.android {
            let appId = android.extras.appId.map { "App ID in extra \($0)" } ?? "no App ID"
            out += "  Android: \(android.action) to \(android.package), \(appId)\n"
        }
        for role in Role.allCases {
            guard let specs = profile.roles[role] else { continue }
            out += "  \(role.label):\n"
            for spec in specs {
                out +=
                    "    " + Help.pad(spec.severity.rawValue, 8)
                    + Help.pad(spec.rule.rawValue, 26) + spec.limitsText
                    + (spec.platforms.count == 1 ? " (\(spec.platforms[0].label) only)" : "") + "  [\(spec.source)]\n"
            }
        }
        for advisory in profile.advisories {
            let platforms = advisory.platforms.isEmpty ? "" : " (\(advisory.platforms.map(\.label).joined(separator: ", ")))"
            out += "  advisory \(advisory.id)\(platforms): \(advisory.message) [\(advisory.source)]\n"
        }
        return out + "\n"
    }
}
