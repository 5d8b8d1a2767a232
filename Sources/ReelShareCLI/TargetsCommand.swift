// `reelshare targets`: the target profiles, for people (text) or as the JSON profile schema.
import ReelShareKit

struct TargetsCommand: Command {
    enum Format: String, OptionChoice { case text, json }

    static let spec = CommandSpec(
        name: "targets",
        summary: "List the target profiles and their limits, with sources.",
        operands: "",
        options: [
            OptionSpec(
                "format", value: "FORMAT", choices: Format.self,
                help: "text (default) or json: the full profiles, in the schema --profile reads."),
            SharedOptions.profile, SharedOptions.help,
        ],
        details: """
            The share targets (\(ProfileSet.builtin.shareTargets.map(\.id).joined(separator: ", "))) and the validate-only \
            publishing profiles (\(ProfileSet.builtin.profiles.filter { $0.purpose == .publish }.map(\.id).joined(separator: ", "))), \
            each limit with the document it comes from.
            """
    )

    let format: Format
    let profiles: ProfileSet

    init(_ parsed: ParsedArguments, environment: [String: String]) throws(CLIError) {
        format = parsed.choice("format", default: .text)
        profiles = try ProfileLoading.profiles(parsed)
        if let operand = parsed.operands.first { throw parsed.usageError("targets takes no operands (got '\(operand)')") }
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        switch format {
        case .json: stdout.write(ProfileDocument.json(profiles.profiles).pretty)
        case .text: for profile in profiles.profiles { stdout.write(Self.text(profile)) }
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
            out += "  Android: \(android.action) to \(android.package), App ID in extra \(android.extras.appId)\n"
        }
        for role in Role.allCases {
            guard let specs = profile.roles[role] else { continue }
            out += "  \(role.label):\n"
            for spec in specs {
                out +=
                    "    " + spec.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + spec.rule.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0) + limits(spec.check)
                    + (spec.platforms.count == 1 ? " (\(spec.platforms[0].label) only)" : "") + "  [\(spec.source)]\n"
            }
        }
        for advisory in profile.advisories {
            let platforms = advisory.platforms.isEmpty ? "" : " (\(advisory.platforms.map(\.label).joined(separator: ", ")))"
            out += "  advisory \(advisory.id)\(platforms): \(advisory.message) [\(advisory.source)]\n"
        }
        return out + "\n"
    }

    private static func limits(_ check: Check) -> String {
        func range(_ bounds: Bounds, _ unit: (Double) -> String) -> String {
            [bounds.min.map { "min \(unit($0))" }, bounds.max.map { "max \(unit($0))" }].compactMap { $0 }.joined(separator: "; ")
        }
        switch check {
        case .fileSize(let max): return "max \(Units.bytes(max))"
        case .videoBitRate(let max): return "max \(Units.bitRate(max))"
        case .videoWidth(let max), .videoDurationMax(let max): return "max \(Units.number(max))"
        case .videoDurationMin(let min): return "min \(Units.number(min))"
        case .videoContainer(let allowed, let tolerated):
            return allowed.joined(separator: ", ") + tolerated.map { "; \($0.value) with a warning" }.joined()
        case .videoCodec(let allowed), .videoChroma(let allowed), .audioCodec(let allowed), .imageFormat(let allowed):
            return allowed.joined(separator: ", ")
        case .videoCodecContainer(let pairs), .videoCodecTag(let pairs), .videoProfile(let pairs):
            return pairs.map(\.description).joined(separator: ", ")
        case .imageAspect(let allowed): return allowed.map(\.description).joined(separator: ", ")
        case .audioBitRate(let bounds): return range(bounds, Units.bitRate)
        case .videoResolution(let bounds), .videoAspect(let bounds), .videoFrameRate(let bounds),
            .videoKeyframeInterval(let bounds), .audioSampleRate(let bounds), .audioChannels(let bounds):
            return range(bounds, Units.number)
        case .imageDimensions(let width, let height, let mode): return "\(mode.rawValue) \(width)x\(height)"
        case .videoDecode: return "checked with --decode"
        case .imageAnimated: return "a still picture"
        case .fileTruncated, .videoFrameRateConstant, .videoFastStart, .videoEditList, .videoDecodes: return "required"
        }
    }
}
