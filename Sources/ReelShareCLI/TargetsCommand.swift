// `reelshare targets`: the target profiles, for people (text) or as the JSON profile schema.
import Foundation
import ReelShareKit

struct TargetsCommand {
    var json: Bool
    var profiles: ProfileSet

    init(_ parsed: ParsedArguments) throws {
        json = parsed.value("format") == "json"
        profiles = try ValidateCommand.profiles(parsed)
        if !parsed.operands.isEmpty {
            throw UsageError("targets takes no operands (got '\(parsed.operands[0])')", command: "targets")
        }
    }

    func run(stdout: Output, stderr: Output) throws -> ExitStatus {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(ProfileDocument(targets: profiles.profiles))
            stdout.write(String(decoding: data, as: UTF8.self) + "\n")
            return .success
        }
        for profile in profiles.profiles { stdout.write(Self.text(profile)) }
        return .success
    }

    static func text(_ profile: TargetProfile) -> String {
        var out = "\(profile.id) (\(profile.purpose)): \(profile.name)\n  \(profile.summary)\n"
        if let ios = profile.ios {
            let placement = ios.appIdPlacement == "url" ? "in the URL query '\(ios.appIdName)'" : "under the pasteboard key \(ios.keyPrefix)\(ios.appIdName)"
            out += "  iOS: \(ios.url), LSApplicationQueriesSchemes '\(ios.queryScheme)', App ID \(placement)\n"
        }
        if let android = profile.android {
            out += "  Android: \(android.action) to \(android.package), App ID in extra \(android.appIdExtra)\n"
        }
        for role in Role.allCases {
            guard let specs = profile.roles[role] else { continue }
            out += "  \(role.label):\n"
            for spec in specs {
                out += "    " + spec.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + spec.rule.padding(toLength: 26, withPad: " ", startingAt: 0) + limits(spec) + "  [\(spec.source)]\n"
            }
        }
        return out + "\n"
    }

    private static func limits(_ spec: RuleSpec) -> String {
        var parts: [String] = []
        if let allowed = spec.allowed { parts.append(allowed.joined(separator: ", ")) }
        let unit: (Double) -> String = spec.rule == "file.size" ? Describe.bytes
            : spec.rule.hasSuffix("bitrate") ? Describe.bitRate : Describe.number
        if let min = spec.min { parts.append("min \(unit(min))") }
        if let max = spec.max { parts.append("max \(unit(max))") }
        if let width = spec.width, let height = spec.height { parts.append("\(spec.mode ?? "max") \(width)x\(height)") }
        return parts.isEmpty ? "required" : parts.joined(separator: "; ")
    }
}
