// Option values that several commands read the same way: whole numbers, seconds, target names.
import ReelShareKit

enum OptionValues {
    static func integer(_ text: String, option: String, in range: ClosedRange<Int>, parsed: ParsedArguments) throws(CLIError)
        -> Int
    {
        guard let value = Int(text), range.contains(value) else {
            throw parsed.usageError(
                "invalid value '\(text)' for \(option): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func seconds(_ text: String, option: String, parsed: ParsedArguments) throws(CLIError) -> Double {
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw parsed.usageError("invalid value '\(text)' for \(option): expected a number of seconds")
        }
        return seconds
    }

    /// The extension of the file name at the end of `path` ("clip.MP4" -> "MP4"); nil for none
    /// (a name that only starts with a dot, ".png", has none).
    static func fileExtension(_ path: String) -> String? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return String(name[name.index(after: dot)...])
    }

    /// Whether the file name at the end of `path` has the extension `ext` (any case; jpg and jpeg
    /// are one): an output named for another format misleads every tool that goes by the name.
    static func named(_ path: String, withExtension ext: String) -> Bool {
        let spelling = { (text: String) in text.lowercased() == "jpeg" ? "jpg" : text.lowercased() }
        return fileExtension(path).map(spelling) == spelling(ext)
    }

    /// --jobs, or the number of cores.
    static func jobs(_ parsed: ParsedArguments) throws(CLIError) -> Int {
        guard let text = parsed.value(SharedOptions.jobs) else { return Parallel.cores }
        return try integer(text, option: SharedOptions.jobs.spelling, in: 1...256, parsed: parsed)
    }

    /// --timeout, or 30 seconds.
    static func timeout(_ parsed: ParsedArguments) throws(CLIError) -> Double {
        guard let text = parsed.value(SharedOptions.timeout) else { return 30 }
        return try seconds(text, option: SharedOptions.timeout.spelling, parsed: parsed)
    }

    /// --max-memory in bytes, or FixMemory's default bound.
    static func maxMemory(_ parsed: ParsedArguments) throws(CLIError) -> Int {
        guard let text = parsed.value(SharedOptions.maxMemory) else { return FixMemory.defaultBound }
        return try integer(text, option: SharedOptions.maxMemory.spelling, in: 100...1_048_576, parsed: parsed) << 20
    }

    /// The profiles named by the values of `option` (--target; comma lists allowed), or nil when
    /// none is named.
    static func targets(_ option: OptionSpec, of parsed: ParsedArguments, in profiles: ProfileSet) throws(CLIError)
        -> [TargetProfile]?
    {
        let names = parsed.all(option).flatMap { $0.split(separator: ",").map(String.init) }
        guard !names.isEmpty else { return nil }
        var found: [TargetProfile] = []
        for name in names { found.append(try target(name, in: profiles, parsed: parsed)) }
        return found
    }

    static func target(_ name: String, in profiles: ProfileSet, parsed: ParsedArguments) throws(CLIError) -> TargetProfile {
        guard let profile = profiles.profile(name) else {
            let known = profiles.profiles.map(\.id)
            let hint = Spelling.closest(to: name, among: known).map { "did you mean '\($0)'? " } ?? ""
            throw parsed.usageError("unknown target '\(name)'; \(hint)targets: \(known.joined(separator: ", "))")
        }
        return profile
    }
}
