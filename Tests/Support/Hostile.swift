// Crafted inputs at full size, and the bounds a process holds on them.
import Foundation
import Testing

/// The crafted input `name` at full size, made in `directory` by Scripts/hostile.
public func hostile(_ name: String, in directory: URL) throws -> String {
    let (status, _) = try runCommand(
        [
            TestPaths.packageRoot.appendingPathComponent("Scripts/hostile").path, name,
            directory.appendingPathComponent(name).path,
        ],
        in: directory)
    try #require(status == 0, "Scripts/hostile \(name) failed")
    return name
}

/// The first file's facts of a probe --format json run.
public func facts(_ result: RunResult) -> [String: Any] {
    (result.json?["files"] as? [[String: Any]])?.first ?? [:]
}

/// Each target's verdict (accepted, and its findings' rules) of a validate --format json run.
public func verdicts(_ result: RunResult) -> [String: String] {
    let targets = (result.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]] ?? []
    var out: [String: String] = [:]
    for target in targets {
        let rules = (target["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }.sorted()
        out[target["target"] as? String ?? ""] = "\(target["accepted"] as? Bool ?? false) \(rules.joined(separator: ","))"
    }
    return out
}

/// What a loaded machine may add to a process's time beyond the bound it keeps (its start, a
/// starved core): a bound is a promise about work the process decides to stop, and a margin this
/// size still tells a bound kept from the minutes a broken one takes.
public let loadAllowance = 2.0

/// Runs the binary on `arguments` measured (GNU time) and holds it to its bounds: no crash, within
/// `seconds` (its --timeout and the half second the man page promises) plus `loadAllowance`,
/// under 200 MB.
@discardableResult
public func bounded(
    _ arguments: [String], in directory: URL, seconds: Double, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Measured {
    let run = try measured(arguments, in: directory)
    #expect(!run.result.crashed, "\(arguments) crashed", sourceLocation: sourceLocation)
    #expect(run.seconds <= seconds + loadAllowance, "\(arguments): \(run.seconds) s", sourceLocation: sourceLocation)
    #expect(run.peak(under: 200), "\(arguments): \(run.megabytes) MB", sourceLocation: sourceLocation)
    return run
}
