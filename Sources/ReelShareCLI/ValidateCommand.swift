// `reelshare validate FILE...`: probe each file and hold it to each target's profile.
import ReelShareKit
import ReelShareMedia

struct ValidateCommand: Command {
    enum Format: String, OptionChoice { case text, json, ndjson, junit, github, html }
    enum ImageRole: String, OptionChoice {
        case sticker, background, video

        /// The role an image plays: a video, an animated image to be made a background video.
        var role: Role {
            switch self {
            case .sticker: return .sticker
            case .background: return .backgroundImage
            case .video: return .backgroundVideo
            }
        }
    }
    enum PlatformChoice: String, OptionChoice {
        case both, ios, android

        var platforms: Set<Platform> {
            switch self {
            case .both: return Set(Platform.allCases)
            case .ios: return [.ios]
            case .android: return [.android]
            }
        }
    }

    /// The options, one value each: commands read them by these names (a misspelling does not compile).
    enum Option {
        static let target = OptionSpec.target(
            value: "T[,T...]",
            help:
                "Check against these targets only (repeatable); every file must then pass every one. Default: the share targets (\(ProfileSet.builtinShareTargetIds.joined(separator: ", "))), any one of which is enough. See 'reelshare targets'."
        )
        static let strict = OptionSpec("strict", help: "Treat warnings (Meta's recommendations) as errors.")
        static let role = ChoiceOption<ImageRole>(
            "as", value: "ROLE",
            help:
                "The role of images: sticker (the default, or background for a target that takes no sticker), background (a background image), or video (an animated GIF, APNG or WebP as a background video, which fix makes an MP4 clip)."
        )
        static let format = ChoiceOption<Format>(
            "format", value: "FORMAT",
            help:
                "text (default), json (one document), ndjson (one line per file, as each finishes), junit (one test case per file and target), github (workflow annotations), html (one self-contained page with thumbnails)."
        )
        static let deep = OptionSpec("deep", help: "Always scan packets (automatic when a target checks keyframes or decoding).")
        static let platform = ChoiceOption<PlatformChoice>(
            "platform", value: "PLATFORM",
            help:
                "Hold files to the limits of sharing from ios or android apps (default: both; some limits, such as what an iPhone plays, hold on one)."
        )
    }

    static let spec = CommandSpec(
        name: "validate",
        summary: "Check files against each share target's limits: exit 1 when a file is not acceptable.",
        operands: "FILE|DIR...",
        options: [
            Option.target, Option.strict, Option.role.spec, Option.format.spec, SharedOptions.profile, Option.deep,
            SharedOptions.decode,
            Option.platform.spec,
        ] + InputFiles.options + [SharedOptions.jobs, SharedOptions.timeout, SharedOptions.color.spec, SharedOptions.help],
        details: """
            Each file is probed and held to each target's profile: a video as a background video, an \
            image as a sticker (or, with --as background, a background image). Findings name a rule, \
            a severity, the value found, the limit and the document the limit comes from; where the \
            fix is mechanical they carry the command that makes the file pass: reelshare fix first, \
            then the same as an ffmpeg command. Errors are \
            what the target app refuses; warnings are Meta's recommendations.
            """)

    let files: PathList
    let format: Format
    let targets: [TargetProfile]
    /// Targets were named: a file must pass them all (otherwise one is enough).
    let requireAll: Bool
    let strict: Bool
    /// nil: as Validator.role chooses for each target.
    let imageRole: Role?
    let options: ProbeOptions
    let jobs: Int
    let platforms: Set<Platform>

    /// For NO_COLOR and TERM.
    let environment: [String: String]
    /// --color.
    let colorChoice: Terminal.ColorChoice
    /// Where the report is spooled until it is whole ($TMPDIR).
    let temporaryDirectory: String

    init(_ parsed: ParsedArguments, invocation: Invocation) throws(CLIError) {
        environment = invocation.environment
        colorChoice = parsed.choice(SharedOptions.color, default: .auto)
        temporaryDirectory = invocation.temporaryDirectory
        files = try InputFiles.gather(parsed, input: invocation.input)
        format = parsed.choice(Option.format, default: .text)
        strict = parsed.has(Option.strict)
        imageRole = parsed.choice(Option.role)?.role
        let profiles = try ProfileLoading.profiles(parsed)
        if let named = try OptionValues.targets(Option.target, of: parsed, in: profiles) {
            targets = named
            requireAll = true
        } else {
            targets = profiles.shareTargets
            requireAll = false
        }
        options = ProbeOptions(
            deep: parsed.has(Option.deep) || Validator.needsPacketScan(targets), decode: parsed.has(SharedOptions.decode),
            timeoutSeconds: try OptionValues.timeout(parsed))
        jobs = try OptionValues.jobs(parsed)
        platforms = parsed.choice(Option.platform, default: PlatformChoice.both).platforms
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        let files = try InputFiles.resolve(self.files, stderr: stderr)
        let prober = MediaProber(options: options)
        let (targets, imageRole, strict, requireAll, platforms) = (targets, imageRole, strict, requireAll, platforms)
        let (html, timeout) = (format == .html, options.timeoutSeconds)
        var summary = ValidationSummary()
        let renderer = ValidationRenderer(
            format: format, color: Terminal.colors(stdout, environment: environment, choice: colorChoice), stdout: stdout,
            temporaryDirectory: temporaryDirectory)
        var progress = Progress(total: files.count, verb: "validated", stderr: stderr)
        renderer.begin()
        Parallel.map(
            count: files.count, jobs: jobs, ordered: format != .ndjson, stop: { stdout.isClosed },
            work: { index in
                let report = prober.probe(files[index])
                let result = Validator.validate(
                    report, against: targets, imageRole: imageRole, strict: strict, requireAll: requireAll,
                    platforms: platforms)
                // The HTML report's thumbnail is drawn here, on the worker, with the same decoding as preview.
                let card = html ? ReportCard.media(report, result: result, thumbnailBox: 240, timeoutSeconds: timeout) : nil
                return (result, report.failure, card)
            }
        ) { _, outcome in
            let (result, failure, card) = outcome
            if let failure { stderr.write("reelshare: error: \(PathCoding.lineText(result.path)): \(failure.message)\n") }
            summary.add(result)
            renderer.add(result, card: card)
            progress.tick()
        }
        progress.finish()
        try renderer.end(summary)
        if summary.rejected > 0 { throw .rejected(summary: nil) }
    }
}
