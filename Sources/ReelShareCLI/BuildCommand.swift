// `reelshare build`: validate the media for one target, then write exactly what the app hands over:
// pasteboard items and launch URL (iOS) or the intent (Android).
import ReelShareKit
import ReelShareMedia

struct BuildCommand: Command {
    /// The options, one value each: commands read them by these names (a misspelling does not compile).
    enum Option {
        static let target = OptionSpec.target(shareOnly: true, help: "The share target (see 'reelshare targets').").mandatory()
        static let video = OptionSpec(
            "video", value: "FILE",
            help:
                "The background video. Repeatable, with --background-image, for the targets that take several items on Android (\(builtins { $0.android?.multiple != nil }): one share, in the order given)."
        )
        static let backgroundImage = OptionSpec(
            "background-image", value: "FILE",
            help:
                "The background image (iOS: \(builtins { $0.takes(.backgroundImage, on: .ios) }); Android: \(builtins { $0.takes(.backgroundImage, on: .android) }))."
        )
        static let sticker = OptionSpec("sticker", value: "FILE", help: "The sticker image drawn over the background.")
        static let topColor = OptionSpec(
            "top-color", value: "#RRGGBB",
            help:
                "The background's top colour (\(builtins { $0.takesColors(on: .ios) }) take colours), used only when no background video or image is sent. Given alone, the bottom colour is the same: a solid background."
        )
        static let bottomColor = OptionSpec(
            "bottom-color", value: "#RRGGBB",
            help:
                "The background's bottom colour; a different top colour makes a gradient. Given alone, the top colour is the same."
        )
        static let appId = OptionSpec(
            "app-id", value: "ID",
            help:
                "Your Meta App ID (default: $REELSHARE_APP_ID). It goes where the target's profile says: the launch URL's query, a pasteboard key or an intent extra ('reelshare targets' lists each); ig-feed takes none."
        )
        static let contentUrl = OptionSpec(
            "content-url", value: "URL",
            help:
                "Instagram's attribution link (iOS): written, with an advisory, since Meta removed it from its page and the app ignores it."
        )
        static let platform = ChoiceOption<Platform>(
            "platform", value: "PLATFORM",
            help: "ios (default): pasteboard items and URL; android: the intent.")
        static let package = OptionSpec(
            "package", value: "NAME",
            help:
                "Android: your app's application id (com.example.app: two or more dot-separated parts, each a letter then letters, digits or _), for the targets that read it (\(builtins { $0.android?.extras.packageName != nil }))."
        )
        static let layout = ChoiceOption<ItemLayout>(
            "layout", value: "LAYOUT",
            help:
                "iOS: all keys in one pasteboard item (single, default, as Meta's Objective-C samples) or one item per key (per-key, as Meta's Swift Reels sample)."
        )
        static let format = ChoiceOption<PayloadFormat>(
            "format", value: "FORMAT",
            help:
                "iOS: json (default) or plist (an XML property list with real <data>, for PropertyListSerialization and UIPasteboard.setItems)."
        )
        static let embed = ChoiceOption<Embedding>(
            "embed", value: "MODE", help: "iOS json: media as base64 (default) or by absolute path.")
        static let expires = OptionSpec(
            "expires", value: "SECONDS", help: "Pasteboard expiration the app should set (default 300, as in Meta's samples)."
        )
        static let output = OptionSpec("o", value: "FILE", help: "Write to FILE, atomically (default: standard output).")
        static let force = OptionSpec(
            "force",
            help:
                "Write the payload even when the target would refuse the media (each keeps its real type: a Matroska clip is video/x-matroska, never video/mp4)."
        )
        static let strict = OptionSpec("strict", help: "Treat warnings as errors.")
    }

    static let spec = CommandSpec(
        name: "build",
        summary: "Write the share payload for one target: pasteboard items and launch URL (iOS) or the intent (Android).",
        operands: "",
        options: [
            Option.target, Option.video, Option.backgroundImage, Option.sticker, Option.topColor, Option.bottomColor,
            Option.appId, Option.contentUrl, Option.platform.spec, Option.package, Option.layout.spec, Option.format.spec,
            Option.embed.spec,
            Option.expires, Option.output, Option.force, Option.strict, SharedOptions.profile, SharedOptions.timeout,
            SharedOptions.color.spec, SharedOptions.help,
        ],
        details: """
            The media are probed and validated against the target first, as 'validate' does: an error \
            stops the build with the findings on standard error and nothing written; warnings go to \
            standard error and into the document's "warnings". Media are streamed into the output in \
            chunks (base64 and SHA-256), so memory does not grow with the video.
            """)

    /// The built-in share targets that `include`, for help text (decoded only when help is shown:
    /// option help is an autoclosure).
    private static func builtins(_ include: (TargetProfile) -> Bool) -> String {
        ProfileSet.builtin.shareTargets.filter(include).map(\.id).joined(separator: ", ")
    }

    /// The request, its media still to be probed.
    let request: ShareRequest
    let inputs: [(path: String, role: Role)]
    /// Findings about the request itself (colours), reported with the media's.
    let requestFindings: [Finding]
    /// -o FILE; nil: standard output.
    let output: String?
    let force: Bool
    let strict: Bool
    let options: ProbeOptions

    /// For NO_COLOR and TERM.
    let environment: [String: String]
    /// --color.
    let colorChoice: Terminal.ColorChoice

    init(_ parsed: ParsedArguments, invocation: Invocation) throws(CLIError) {
        environment = invocation.environment
        colorChoice = parsed.choice(SharedOptions.color, default: .auto)
        if let operand = parsed.operands.first {
            throw parsed.usageError("build takes its files through --video, --background-image and --sticker (got '\(operand)')")
        }
        let profiles = try ProfileLoading.profiles(parsed)
        guard let name = parsed.value(Option.target) else {
            throw parsed.usageError("build needs --target (\(profiles.shareTargets.map(\.id).joined(separator: ", ")))")
        }
        let target = try OptionValues.target(name, in: profiles, parsed: parsed)
        let platform = parsed.choice(Option.platform, default: target.defaultPlatform)
        force = parsed.has(Option.force)
        strict = parsed.has(Option.strict)
        var inputs: [(String, Role)] = parsed.all(of: [Option.video, Option.backgroundImage]).compactMap { given in
            given.value.map { ($0, given.is(Option.video) ? Role.backgroundVideo : .backgroundImage) }
        }
        if parsed.all(Option.sticker).count > 1 { throw parsed.usageError("a share has one sticker: give --sticker once") }
        if let path = parsed.value(Option.sticker) { inputs.append((path, .sticker)) }
        self.inputs = inputs
        for option in [Option.topColor, Option.bottomColor, Option.appId, Option.package, Option.contentUrl]
        where parsed.all(option).count > 1 {
            throw parsed.usageError("\(option.spelling) is given \(parsed.all(option).count) times: give it once")
        }

        do {
            let (colors, _) = try ShareCheck.layers(
                inputs: inputs, topColor: parsed.value(Option.topColor), bottomColor: parsed.value(Option.bottomColor),
                target: target, platform: platform, profiles: profiles)
            requestFindings = colors.findings
            let appId = try ShareRules.checkAppId(
                parsed.value(Option.appId) ?? environment["REELSHARE_APP_ID"], target: target, platform: platform)
            let format = parsed.choice(Option.format, default: PayloadFormat.json)
            let embedding = parsed.choice(Option.embed, default: Embedding.base64)
            switch platform {
            case .android:
                if format == .plist || parsed.choice(Option.embed) != nil
                    || parsed.choice(Option.layout) != nil
                {
                    throw ShareRequestError(
                        "--format plist, --embed and --layout are for iOS pasteboards; an Android intent is JSON and references its media by path"
                    )
                }
            case .ios:
                if parsed.value(Option.package) != nil {
                    throw ShareRequestError("--package is for Android intents (--platform android)")
                }
            }
            if format == .plist, embedding == .path {
                throw ShareRequestError("a property list carries the media as <data>: --embed path works with --format json only")
            }
            let contentURL = parsed.value(Option.contentUrl)
            if let url = contentURL {
                guard platform == .ios, target.ios?.keys[.contentURL] != nil else {
                    let takers = profiles.shareTargets.filter { $0.ios?.keys[.contentURL] != nil }.map(\.id)
                    throw ShareRequestError(
                        "--content-url is not taken by \(target.id) on \(platform.rawValue)"
                            + (takers.isEmpty ? "" : " (on iOS: \(takers.joined(separator: ", ")))")
                            + ", and even there it does nothing any more")
                }
                guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                    throw ShareRequestError("invalid --content-url '\(url)': expected an http(s) URL")
                }
            }
            let package = try parsed.value(Option.package).map { name throws(ShareRequestError) in
                try ShareRules.checkPackage(name)
            }
            if platform == .android, let extra = target.android?.extras.packageName, package == nil {
                throw ShareRequestError(
                    "\(target.id) on Android needs the app's package name for the extra \(extra): pass --package com.example.app")
            }
            var expiration = 300
            if let value = parsed.value(Option.expires) {
                guard let seconds = Int(value), seconds > 0, seconds <= 86_400 * 365 else {
                    throw ShareRequestError("invalid value '\(value)' for --expires: expected seconds, from 1")
                }
                expiration = seconds
            }
            request = ShareRequest(
                target: target, platform: platform, media: [], appId: appId, topColor: colors.top, bottomColor: colors.bottom,
                contentURL: contentURL, androidPackage: package, layout: parsed.choice(Option.layout, default: .single),
                format: format, embedding: embedding, expirationSeconds: expiration)
        } catch let error as ShareRequestError {
            throw parsed.usageError(error.message)
        } catch {
            throw .internal("\(error)")
        }
        output = parsed.value(Option.output)
        options = ProbeOptions(
            deep: Validator.needsPacketScan([target]), timeoutSeconds: try OptionValues.timeout(parsed))
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        // The output rule first: no work is done for a file that may not be written.
        if let path = output {
            do throws(OutputFailure) {
                try AtomicFile.check(path, inputs: InputIdentities(inputs.map(\.path)))
            } catch {
                throw .output(error.description)
            }
        }
        // Probe and validate every input first: nothing is written unless they pass (or --force).
        var request = self.request
        let check = try ShareCheck.run(
            inputs, target: request.target, platform: request.platform, request: requestFindings,
            contentURL: request.contentURL != nil, strict: strict, force: force, options: options, stderr: stderr,
            color: Terminal.colors(stderr, environment: environment, choice: colorChoice))
        let warnings = check.warnings
        for (input, report) in zip(inputs, check.reports) {
            request.media.append(
                PayloadMedia(
                    role: input.role, path: Posix.absolute(input.path), format: ShareCheck.format(report),
                    sizeBytes: report.sizeBytes))
        }
        let parts = PayloadDocument.parts(request, warnings: warnings)
        do throws(PayloadWriteError) {
            if let output {
                try PayloadWriter.write(parts, media: request.media, to: .file(output))
            } else {
                try stdout.streaming { (fd) throws(PayloadWriteError) in
                    try PayloadWriter.write(parts, media: request.media, to: .stream(fd))
                }
            }
        } catch {
            switch error {
            case .closed: return
            case .input: throw .input(error.description)
            case .changed: throw .inputChanged(error.description)
            case .output(let message): throw .output(message)
            case .badPart: throw .internal(error.description)
            }
        }
    }
}
