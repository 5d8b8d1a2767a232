// What reelshare says of a file, read from its JSON: the one way the tests ask for a probe's facts
// and a target's findings.
import Foundation
import ReelShareTestSupport
import Testing

/// The first file of a probe's JSON document (`extra`: more options, "--deep").
func probed(_ file: String, _ extra: [String] = [], in directory: URL = TestPaths.packageRoot) throws -> [String: Any] {
    let result = runReelshare(["probe", "--format", "json"] + extra + ["--", file], in: directory)
    return try #require((result.json?["files"] as? [[String: Any]])?.first, "\(result.stderr)")
}

/// One finding of validate's JSON.
struct Found: CustomStringConvertible {
    let rule: String
    let severity: String
    let message: String
    let source: String
    let limit: String?
    let fix: String?

    var description: String { "\(severity) \(rule): \(message)" }
}

/// The findings of `target` (the first verdict) for `file`, validated with `extra` options.
func findings(_ file: String, _ target: String, _ extra: [String] = [], in directory: URL) throws -> [Found] {
    let result = runReelshare(["validate", "--format", "json", "--target", target] + extra + ["--", file], in: directory)
    let results = try #require(result.json?["results"] as? [[String: Any]], "\(result.stderr)")
    let verdict = try #require((results.first?["targets"] as? [[String: Any]])?.first, "\(result.stdout)")
    return (verdict["findings"] as? [[String: Any]] ?? []).map {
        Found(
            rule: $0["rule"] as? String ?? "", severity: $0["severity"] as? String ?? "",
            message: $0["message"] as? String ?? "", source: $0["source"] as? String ?? "", limit: $0["limit"] as? String,
            fix: $0["fix"] as? String)
    }
}

/// The rules of `file`'s findings for `target`.
func rules(_ file: String, _ target: String, _ extra: [String] = [], in directory: URL) throws -> [String] {
    try findings(file, target, extra, in: directory).map(\.rule)
}
