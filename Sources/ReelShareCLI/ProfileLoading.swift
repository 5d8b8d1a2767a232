// The target profiles a command works with: the built-ins plus every --profile FILE.
import ReelShareKit
import ReelShareMedia

enum ProfileLoading {
    static func profiles(_ parsed: ParsedArguments) throws(CLIError) -> ProfileSet {
        var set = ProfileSet.builtin
        if set.profiles.isEmpty { throw .internal("the built-in target profiles do not decode") }
        for path in parsed.all(SharedOptions.profile) {
            let bytes: [UInt8]
            do {
                bytes = try Posix.readFile(path, limit: 16 << 20)
            } catch {
                throw .unreadable("cannot read the profile file \(path): \(error)")
            }
            do {
                try set.merge(bytes)
            } catch {
                throw parsed.usageError("invalid profile file \(path): \(error)")
            }
        }
        return set
    }
}
