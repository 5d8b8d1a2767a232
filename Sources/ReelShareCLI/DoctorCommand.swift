// `reelshare doctor`: check an app's Info.plist and AndroidManifest.xml for what sharing needs.
import Foundation
import ReelShareKit
import ReelShareMedia

struct DoctorCommand: Command {
    /// The options, one value each: commands read them by these names (a misspelling does not compile).
    enum Option {
        static let plist = OptionSpec(
            "plist", value: "FILE",
            help:
                "An Info.plist (XML or binary): LSApplicationQueriesSchemes must list each target's scheme; FacebookAppID must be a Meta App ID. Repeatable."
        )
        static let manifest = OptionSpec(
            "manifest", value: "FILE",
            help:
                "An AndroidManifest.xml: <queries> must name each target app; a FileProvider must be declared with grantUriPermissions=\"true\" and exported=\"false\". Repeatable."
        )
        static let target = OptionSpec.target(
            value: "T[,T...]",
            help:
                "Check for these targets only (default: the share targets, \(ProfileSet.builtin.shareTargets.map(\.id).joined(separator: ", ")))."
        )
        static let appId = OptionSpec(
            "app-id", value: "ID", help: "FacebookAppID must equal ID (default: $REELSHARE_APP_ID, when set).")
        static let format = OptionSpec(
            "format", value: "FORMAT", choices: ValidateCommand.Format.self,
            help: "As for validate: text (default), json, ndjson, junit, github or html.")
    }

    static let spec = CommandSpec(
        name: "doctor",
        summary: "Check an app's Info.plist and AndroidManifest.xml for what sharing needs.",
        operands: "",
        options: [
            Option.plist, Option.manifest, Option.target, Option.appId, Option.format, SharedOptions.profile, SharedOptions.help,
        ],
        details: """
            The most reported sharing failure is not the media: the app forgot to allow-list the URL \
            scheme, put the App ID in the wrong place, or (Android 11+) lacks the <queries> entry, and \
            the share silently does nothing. Findings, formats and exit statuses are those of validate.
            """)

    let plists: [String]
    let manifests: [String]
    let targets: [TargetProfile]
    let appId: String?
    let format: ValidateCommand.Format

    /// For NO_COLOR and TERM.
    let environment: [String: String]
    /// The Info.plist keys any known profile reads the App ID from.
    let appIdKeys: Set<String>

    init(_ parsed: ParsedArguments, environment: [String: String]) throws(CLIError) {
        self.environment = environment
        plists = parsed.all(Option.plist)
        manifests = parsed.all(Option.manifest)
        guard !plists.isEmpty || !manifests.isEmpty else {
            throw parsed.usageError("doctor needs --plist Info.plist and/or --manifest AndroidManifest.xml")
        }
        if let operand = parsed.operands.first {
            throw parsed.usageError("doctor takes its files through --plist and --manifest (got '\(operand)')")
        }
        format = parsed.choice(Option.format, default: .text)
        let profiles = try ProfileLoading.profiles(parsed)
        targets = try OptionValues.targets(Option.target, of: parsed, in: profiles) ?? profiles.shareTargets
        appIdKeys = Set(profiles.profiles.flatMap { $0.ios?.infoPlist.filter { $0.value == .appId }.map(\.key) ?? [] })
        appId = parsed.value(Option.appId) ?? environment["REELSHARE_APP_ID"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        var summary = ValidationSummary()
        let renderer = ValidationRenderer(
            format: format, color: Terminal.colors(stdout, environment: environment), stdout: stdout, title: "reelshare doctor",
            temporaryDirectory: environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        renderer.begin()
        for (path, isPlist) in plists.map({ ($0, true) }) + manifests.map({ ($0, false) }) {
            let result: ValidationResult
            do {
                let data = Data(try Posix.readFile(path, limit: 16 << 20))
                result =
                    isPlist
                    ? Doctor.checkPlist(data, path: path, targets: targets, appIdKeys: appIdKeys, appId: appId)
                    : Doctor.checkManifest(data, path: path, targets: targets)
            } catch {
                stderr.write("reelshare: error: \(path): cannot read the file: \(error)\n")
                result = Doctor.cannotRead(path, plist: isPlist, targets: targets)
            }
            summary.add(result)
            renderer.add(result)
        }
        try renderer.end(summary)
        if summary.rejected > 0 { throw .rejected(summary: nil) }
    }
}
