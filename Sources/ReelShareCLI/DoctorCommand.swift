// `reelshare doctor [PATH...]`: check an app for what sharing needs, in whatever form the user has
// it: a built app (.ipa, .app, .xcarchive, .apk, .aab), a project directory as its framework lays
// it out, or an Info.plist or AndroidManifest.xml on its own (also through --plist, --manifest).
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
                "An AndroidManifest.xml (text or binary XML): <queries> must make each target app visible; a FileProvider must be declared with grantUriPermissions=\"true\", exported=\"false\" and its paths. Repeatable."
        )
        static let target = OptionSpec.target(
            value: "T[,T...]", shareOnly: true,
            help:
                "Check for these targets (default: for a project, those its share code reaches; for a built app or a named file, the share targets, \(ProfileSet.builtinShareTargetIds.joined(separator: ", ")))."
        )
        static let appId = OptionSpec(
            "app-id", value: "ID",
            help: "FacebookAppID and com.facebook.sdk.ApplicationId must equal ID (default: $REELSHARE_APP_ID, when set).")
        static let variant = OptionSpec(
            "variant", value: "NAME",
            help:
                "Judge only this release variant of an Android project (freePlayRelease; default: each release variant its build file declares)."
        )
        static let evaluate = OptionSpec(
            "evaluate",
            help:
                "For an Expo project not yet prebuilt, run its own `npx --no expo config --json --type prebuild` (this runs the project's code and its config plugins) and judge the Info.plist and manifest it says prebuild writes."
        )
        static let format = ChoiceOption<ValidateCommand.Format>(
            "format", value: "FORMAT",
            help: "As for validate: text (default), json, ndjson, junit, github or html.")
        static let strict = OptionSpec("strict", help: "Treat warnings as errors: an app with a warning exits 1.")
    }

    static let spec = CommandSpec(
        name: "doctor",
        summary: "Check an app (built, or its project) for what sharing needs: URL schemes, <queries>, FileProvider, App ID.",
        operands: "[PATH...]",
        options: [
            Option.plist, Option.manifest, Option.target, Option.appId, Option.variant, Option.evaluate, Option.format.spec,
            Option.strict, SharedOptions.profile, SharedOptions.timeout, SharedOptions.color.spec, SharedOptions.help,
        ],
        details: """
            The most reported sharing failure is not the media: the app forgot to allow-list the URL \
            scheme, put the App ID in the wrong place, or (Android 11+) lacks the <queries> entry, and \
            the share silently does nothing. Each PATH (default: the current directory) is told by its \
            content: an .ipa, .apk or .aab, an .app or .xcarchive, a project directory (Xcode, Gradle, \
            Flutter, React Native, Expo, Capacitor), an Info.plist or an AndroidManifest.xml. A built \
            app is judged as it ships; a project by what its build has left, else by its own files with \
            its libraries' manifests merged in. A project is judged for the targets its own share code \
            reaches (URL schemes, intent actions, share plugin calls, each checked as written, with its \
            file and line); --target names them instead. Findings, formats and exit statuses are those of \
            validate; a file that is not an app file or is malformed exits 65, a missing path or a \
            directory with nothing to check 66. --timeout bounds the time for each PATH; a PATH that \
            spends it gets no verdict and exits 65.
            """)

    let inputs: [AppInput]
    let targets: [TargetProfile]
    let appId: String?
    let format: ValidateCommand.Format
    /// Seconds for each PATH (0: no limit).
    let timeout: Double
    /// The one Android release variant to judge; nil for each.
    let variant: String?
    /// Whether an Expo project's configuration may be evaluated (its code run).
    let evaluate: Bool
    /// Whether a project's share code chooses the targets (no --target).
    let chooseTargets: Bool
    /// Warnings are errors.
    let strict: Bool

    /// For NO_COLOR and TERM.
    let environment: [String: String]
    /// --color.
    let colorChoice: Terminal.ColorChoice
    /// Where the report is spooled until it is whole ($TMPDIR).
    let temporaryDirectory: String
    /// The Info.plist keys any known profile reads the App ID from.
    let appIdKeys: Set<String>

    init(_ parsed: ParsedArguments, invocation: Invocation) throws(CLIError) {
        environment = invocation.environment
        colorChoice = parsed.choice(SharedOptions.color, default: .auto)
        temporaryDirectory = invocation.temporaryDirectory
        let named = parsed.all(Option.plist).map(AppInput.plist) + parsed.all(Option.manifest).map(AppInput.manifest)
        let operands = parsed.operands.map(AppInput.any)
        inputs = operands.isEmpty && named.isEmpty ? [.any(".")] : operands + named
        format = parsed.choice(Option.format, default: .text)
        timeout = try OptionValues.timeout(parsed)
        variant = parsed.value(Option.variant)
        evaluate = parsed.has(Option.evaluate)
        strict = parsed.has(Option.strict)
        let profiles = try ProfileLoading.profiles(parsed)
        let chosen = try OptionValues.targets(Option.target, of: parsed, in: profiles)
        targets = chosen ?? profiles.shareTargets
        chooseTargets = chosen == nil
        appIdKeys = Set(profiles.profiles.flatMap { $0.ios?.infoPlist.filter { $0.value == .appId }.map(\.key) ?? [] })
        appId = parsed.value(Option.appId) ?? environment["REELSHARE_APP_ID"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The time for one PATH, from now.
    private func budget() -> WorkBudget {
        guard timeout > 0 else { return .unlimited() }
        let clock = ContinuousClock(), end = clock.now + .milliseconds(Int64((timeout * 1000).rounded()))
        return WorkBudget { clock.now >= end }
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        var summary = ValidationSummary()
        let renderer = ValidationRenderer(
            format: format, color: Terminal.colors(stdout, environment: environment, choice: colorChoice), stdout: stdout,
            title: "reelshare doctor",
            noun: "app", temporaryDirectory: temporaryDirectory)
        renderer.begin()
        var failures: [CLIError] = []
        for input in inputs {
            if stdout.isClosed { break }
            do throws(AppLocationError) {
                let pathBudget = budget()
                let located = try AppLocator.locate(input, budget: pathBudget, evaluate: evaluate)
                var apps = located.apps
                if let variant {
                    let variants = apps.compactMap(\.app.variantName)
                    apps = apps.filter { $0.app.isKept(byVariant: variant) }
                    if !variants.isEmpty && !apps.contains(where: { $0.app.variantName != nil }) {
                        throw AppLocationError.missing(
                            "no release variant \(variant): its Android app builds \(variants.joined(separator: ", "))")
                    }
                }
                // A project's share code, read once for every app under the path.
                let projects = apps.contains { $0.app.form == .project }
                // (what a build of another app beside them holds is that app's, not theirs)
                let appFiles = apps.compactMap { found in found.app.file.map(found.shown) }
                let code =
                    projects && input.platform == nil
                    ? AppLocator.shareCode(at: input.path, targets: targets, budget: pathBudget)?
                        .withoutOtherApplications(than: appFiles) : nil
                if pathBudget.spend() { throw AppLocationError.timeout }
                // Each app gets the code under its own directory, and what no app's holds.
                let roots = Set(apps.compactMap(\.root)).sorted()
                for found in apps {
                    var owned = found.root.flatMap { root in code?.owned(by: root, among: roots) } ?? code
                    if case .android(let android) = found.app.content {
                        owned = owned?.built(by: android.modules.renamed(found.shown))
                    }
                    // An App Clip is judged for the share calls it compiles, and not at all when
                    // it compiles none (or when --target, not its code, chose the targets).
                    if case .ios(let ios) = found.app.content, let clip = ios.appClipSources {
                        guard let code = owned?.compiled(from: Set(clip.map(found.shown))),
                            !code.calls(from: .ios).isEmpty, chooseTargets
                        else { continue }
                        owned = code
                    }
                    let checked = Doctor.check(
                        found.app, path: input.path, targets: targets, appIdKeys: appIdKeys, appId: appId, code: owned,
                        choose: chooseTargets, shown: found.shown)
                    let result = strict ? checked.strict() : checked
                    summary.add(result)
                    renderer.add(result, card: ReportCard.app(result))
                }
            } catch {
                let message = error.description
                stderr.write("reelshare: error: \(PathCoding.lineText(PathCoding.display(input.path))): \(message)\n")
                let result = Doctor.unreadable(input.path, platform: input.platform, message, targets)
                summary.add(result)
                renderer.add(result, card: ReportCard.app(result))
                switch error {
                case .missing: failures.append(.unreadable(message))
                case .nothing(_, let file): failures.append(file ? .invalid(message) : .unreadable(message))
                case .malformed, .timeout: failures.append(.invalid(message))
                }
            }
        }
        try renderer.end(summary)
        if summary.rejected > failures.count { failures.append(.rejected(summary: nil)) }
        if let closing = CLIError.closing(failures, outputs: "file") { throw closing }
    }
}
