// `reelshare preview`: draw the composer's canvas for one share, as a PNG: the background as the
// app shows it (a video's frame, an image, or the colours), the sticker over it, and with
// --safe-zones the bands the app's interface covers. The inputs are validated as `build` does
// them first; the layout comes from the target's profile, each fact with its source.
import ReelShareKit
import ReelShareMedia

struct PreviewCommand: Command {
    enum Format: String, OptionChoice { case text, json }

    /// The options, one value each: commands read them by these names (a misspelling does not compile).
    enum Option {
        static let target = OptionSpec.target(
            shareOnly: true, help: "The share target whose composer to draw (see 'reelshare targets')."
        ).mandatory()
        static let video = OptionSpec("video", value: "FILE", help: "The background video: its frame at --at is drawn.")
        static let backgroundImage = OptionSpec("background-image", value: "FILE", help: "The background image (PNG or JPEG).")
        static let sticker = OptionSpec(
            "sticker", value: "FILE", help: "The sticker image (PNG or JPEG) drawn over the background.")
        static let topColor = OptionSpec(
            "top-color", value: "#RRGGBB",
            help: "The background's top colour, for a share without a background (default: the target's layout).")
        static let bottomColor = OptionSpec("bottom-color", value: "#RRGGBB", help: "The background's bottom colour.")
        static let at = OptionSpec(
            "at", value: "SECONDS", help: "The time of the video frame to draw (default: the first frame shown).")
        static let safeZones = OptionSpec("safe-zones", help: "Tint the bands the app's own interface covers.")
        static let size = OptionSpec("size", value: "WxH", help: "The canvas size in pixels (default 1080x1920).")
        static let output = OptionSpec("o", value: "FILE", help: "Write the PNG to FILE, atomically (required).").mandatory()
        static let format = ChoiceOption<Format>(
            "format", value: "FORMAT",
            help: "The layout used: text on standard error (default) or json on standard output.")
        static let platform = ChoiceOption<Platform>(
            "platform", value: "PLATFORM",
            help: "Validate the inputs for sharing from ios (default) or android.")
        static let force = OptionSpec("force", help: "Draw even when the target would refuse the media.")
        static let strict = OptionSpec("strict", help: "Treat warnings as errors.")
    }

    static let spec = CommandSpec(
        name: "preview",
        summary: "Draw the composer's canvas for a share as a PNG: background, sticker, safe zones.",
        operands: "",
        options: [
            Option.target, Option.video, Option.backgroundImage, Option.sticker, Option.topColor, Option.bottomColor, Option.at,
            Option.safeZones, Option.size, Option.output, Option.format.spec, Option.platform.spec, Option.force, Option.strict,
            SharedOptions.maxMemory,
            SharedOptions.profile, SharedOptions.timeout, SharedOptions.color.spec, SharedOptions.help,
        ],
        details: """
            The inputs are probed and validated for the target first, as 'build' does: an error \
            stops it with nothing written. The canvas follows the target's layout ('reelshare targets \
            --format json' lists it): how the background fills the screen, where the sticker goes, \
            the default colours and the safe zones, each with its source. Meta documents little of \
            this; what it does not document is marked an approximation.
            """)

    let target: TargetProfile
    let layout: CanvasLayout
    let platform: Platform
    let inputs: [(path: String, role: Role)]
    let colors: ColorPair?
    let requestFindings: [Finding]
    let at: Double?
    let safeZones: Bool
    let width: Int
    let height: Int
    let output: String
    let format: Format
    let force: Bool
    let strict: Bool
    let timeout: Double
    /// The memory decoding a later frame may hold, in bytes (--max-memory).
    let maxMemory: Int
    let environment: [String: String]
    /// --color.
    let colorChoice: Terminal.ColorChoice

    init(_ parsed: ParsedArguments, invocation: Invocation) throws(CLIError) {
        environment = invocation.environment
        colorChoice = parsed.choice(SharedOptions.color, default: .auto)
        if let operand = parsed.operands.first {
            throw parsed.usageError(
                "preview takes its files through --video, --background-image and --sticker (got '\(operand)')")
        }
        let profiles = try ProfileLoading.profiles(parsed)
        guard let name = parsed.value(Option.target) else {
            throw parsed.usageError("preview needs --target (\(profiles.shareTargets.map(\.id).joined(separator: ", ")))")
        }
        target = try OptionValues.target(name, in: profiles, parsed: parsed)
        platform = parsed.choice(Option.platform, default: target.defaultPlatform)
        force = parsed.has(Option.force)
        strict = parsed.has(Option.strict)
        safeZones = parsed.has(Option.safeZones)
        format = parsed.choice(Option.format, default: .text)
        timeout = try OptionValues.timeout(parsed)
        maxMemory = try OptionValues.maxMemory(parsed)
        for option in [
            Option.video, Option.backgroundImage, Option.sticker, Option.topColor, Option.bottomColor, Option.at, Option.size,
            Option.output,
        ] where parsed.all(option).count > 1 {
            throw parsed.usageError("\(option.spelling) is given \(parsed.all(option).count) times: a preview draws one")
        }
        var inputs: [(String, Role)] = parsed.all(of: [Option.video, Option.backgroundImage]).compactMap { given in
            given.value.map { ($0, given.is(Option.video) ? Role.backgroundVideo : .backgroundImage) }
        }
        if let path = parsed.value(Option.sticker) { inputs.append((path, .sticker)) }
        self.inputs = inputs
        guard let output = parsed.value(Option.output) else { throw parsed.usageError("preview needs -o FILE.png") }
        guard OptionValues.named(output, withExtension: "png") else {
            throw parsed.usageError("-o \(output): a preview is a PNG: name it with .png")
        }
        self.output = output

        do {
            let (colors, backgrounds) = try ShareCheck.layers(
                inputs: inputs, topColor: parsed.value(Option.topColor), bottomColor: parsed.value(Option.bottomColor),
                target: target, platform: platform, profiles: profiles)
            if backgrounds.count > 1 {
                throw ShareRequestError("a preview draws one background: pass one --video or --background-image")
            }
            requestFindings = colors.findings
            self.colors = colors.top.map { ColorPair(top: $0, bottom: colors.bottom ?? $0) }
        } catch let error as ShareRequestError {
            throw parsed.usageError(error.message)
        } catch {
            throw .internal("\(error)")
        }
        guard let layout = target.layout else {
            throw parsed.usageError("\(target.id) has no canvas layout in its profile: nothing to draw")
        }
        self.layout = layout
        if let text = parsed.value(Option.at) {
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(text), seconds.isFinite
            else {
                throw parsed.usageError("invalid value '\(text)' for --at: expected seconds from the start, like 2.5")
            }
            guard inputs.contains(where: { $0.1 == .backgroundVideo }) else {
                throw parsed.usageError("--at picks a frame of the background video: pass --video FILE")
            }
            at = seconds
        } else {
            at = nil
        }
        if let text = parsed.value(Option.size) {
            let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1], (16...8192).contains(w), (16...8192).contains(h) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for --size: expected WIDTHxHEIGHT, 16 to 8192 each, like 1080x1920")
            }
            (width, height) = (w, h)
        } else {
            (width, height) = (1080, 1920)
        }
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        // The output rule first: no work is done for a file that may not be written.
        do throws(OutputFailure) {
            try AtomicFile.check(output, inputs: InputIdentities(inputs.map(\.path)))
        } catch {
            throw .output(error.description)
        }
        let color = Terminal.colors(stderr, environment: environment, choice: colorChoice)
        let check = try ShareCheck.run(
            inputs, target: target, platform: platform, request: requestFindings, contentURL: false, strict: strict,
            force: force, options: ProbeOptions(deep: false, timeoutSeconds: timeout), stderr: stderr, color: color)

        // A later frame is decoded from the keyframe before it, and a first frame that is not
        // known to be a whole progressive one in a run from it, with the pictures that decoding
        // keeps: told before anything is decoded.
        for (input, report) in zip(inputs, check.reports) {
            guard case .av(let media) = report.content, let video = media.video else { continue }
            let later = (at ?? 0) > 0
            guard later || video.fieldOrder != .progressive else { continue }
            let work = later ? "decoding its frame at \(Units.number(at ?? 0)) s" : "decoding its first frame"
            guard let why = FixMemory(decoding: video).refusal(bound: maxMemory, doing: work, command: "preview") else {
                continue
            }
            throw .rejected(
                summary: "\(PathCoding.lineText(input.path)): \(why)"
                    + (later ? ", or leave out --at (a progressive video's first frame is decoded by itself)" : "")
                    + "; nothing written")
        }

        // The pictures, as shown; large ones decoded near the size they are drawn at.
        var background: Picture?
        var backgroundInput: (path: String, role: Role)?
        var frameSeconds: Double?
        var sticker: Picture?
        var stickerInput: String?
        for (input, report) in zip(inputs, check.reports) {
            let side = input.role == .sticker ? max(width, height) : 2 * max(width, height)
            let picture: Picture
            do throws(ProbeFailure) {
                switch report.content {
                case .av(let media):
                    // A field is never a frame: only a progressive video's first frame is decoded by itself.
                    let run = media.video.map { FixMemory(decoding: $0).total <= maxMemory } ?? true
                    let (frame, shown) = try Pictures.videoFrame(
                        input.path, at: at, firstAlone: media.video?.fieldOrder == .progressive, runAllowed: run, maxSide: side,
                        timeoutSeconds: timeout)
                    picture = frame
                    frameSeconds = shown.map { ($0 * 1000).rounded() / 1000 }
                case .image(let image):
                    picture = try Pictures.image(input.path, format: image.format, maxSide: side, timeoutSeconds: timeout)
                case .failure(let failure):
                    throw failure
                }
            } catch {
                throw .media([error.code], summary: "\(PathCoding.lineText(input.path)): \(error.message)")
            }
            if input.role == .sticker {
                sticker = picture
                stickerInput = input.path
            } else {
                background = picture
                backgroundInput = input
            }
        }

        // The plan is in the files' own pixels (what the report says); a picture decoded smaller
        // (a large photo, a video frame) is drawn from the same part of it.
        func shown(_ index: Int?, _ picture: Picture?) -> (width: Int, height: Int)? {
            guard let picture else { return nil }
            if let index, case .image(let image) = check.reports[index].content, let w = image.displayWidth,
                let h = image.displayHeight
            {
                return (w, h)
            }
            return picture.shownSize
        }
        let backgroundIndex = inputs.firstIndex { $0.role != .sticker }
        let stickerIndex = inputs.firstIndex { $0.role == .sticker }
        let backgroundSize = shown(backgroundIndex, background)
        let plan = CanvasPlanner.plan(
            layout, width: width, height: height, background: backgroundSize, sticker: shown(stickerIndex, sticker),
            colors: colors)
        for var finding in plan.findings {
            if strict, finding.severity == .warning { finding.severity = .error }
            stderr.write(ValidationRenderer.line(stickerInput ?? "sticker", finding, targets: [target.id], color: color))
        }
        if strict, !plan.findings.isEmpty, !force {
            throw .rejected(summary: "nothing written: --strict makes these warnings errors (--force writes it anyway)")
        }
        let picture: Picture
        do {
            picture = try Pictures.draw(
                plan, background: background, planned: backgroundSize, sticker: sticker, safeZones: safeZones)
        } catch {
            throw .media([error.code], summary: error.message)
        }
        let file: AtomicFile
        do throws(OutputFailure) {
            file = try AtomicFile(replacing: output, inputs: InputIdentities(inputs.map(\.path)))
        } catch {
            throw .output(error.description)
        }
        do throws(PosixError) {
            try Pictures.writePNG(picture, to: file.descriptor)
        } catch {
            file.discard()
            throw .output("cannot write \(output): \(error)")
        }
        do throws(OutputFailure) {
            try file.commit()
        } catch {
            throw .output(error.description)
        }

        let report = PreviewReport(
            target: target, layout: layout, plan: plan, output: output, background: backgroundInput, frameSeconds: frameSeconds,
            sticker: stickerInput, colorsGiven: colors != nil, findings: plan.findings)
        switch format {
        case .text: stderr.write(report.text)
        case .json: stdout.write(report.json.serialized + "\n")
        }
    }
}

/// What `preview` says about the canvas it drew.
struct PreviewReport {
    let target: TargetProfile
    let layout: CanvasLayout
    let plan: CanvasPlan
    let output: String
    let background: (path: String, role: Role)?
    let frameSeconds: Double?
    let sticker: String?
    let colorsGiven: Bool
    let findings: [Finding]

    /// Where the colours come from, and how they are blended: Meta says only that the two colours
    /// make the background's gradient, so the straight top-to-bottom blend drawn here is an approximation.
    private var colorsSource: String {
        (colorsGiven ? "the request (--top-color, --bottom-color)" : layout.colors.source)
            + "; drawn as a straight blend from top to bottom (Meta does not say how the app blends them)"
    }

    private func marked(_ approximation: Bool) -> String { approximation ? " (approximation)" : "" }
    private func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    var text: String {
        var lines = ["preview: \(output), the \(plan.width)x\(plan.height) canvas of \(target.id)"]
        switch plan.background {
        case .picture(let crop, let into, let scale):
            let what =
                background?.role == .backgroundVideo
                ? "the frame at \(frameSeconds.map { Units.number($0) + " s" } ?? "the start")" : "the image"
            let how =
                into.width == plan.width && into.height == plan.height
                ? "to \(layout.background.value.rawValue) the canvas" : "into \(into)"
            lines.append(
                "  background  \(background?.path ?? ""), \(what): \(crop) of it scaled \(Units.number(scale))x \(how)\(marked(layout.background.approximation))"
            )
            lines.append("              (\(layout.background.source))")
        case .colors:
            lines.append(
                "  background  \(hex(plan.top)) to \(hex(plan.bottom))\(colorsGiven ? "" : ", the target's default") (approximation)"
            )
            lines.append("              (\(colorsSource))")
        }
        if let rect = plan.sticker, let sticker {
            lines.append(
                "  sticker     \(sticker): scaled \(Units.number(plan.stickerScale ?? 1))x to \(rect)\(marked(layout.sticker.approximation))"
            )
            lines.append("              (\(layout.sticker.source))")
        }
        let zones = plan.safeZones.map { "\($0.name) \($0.rect)" }.joined(separator: "; ")
        lines.append("  safe zones  \(zones)\(marked(layout.safeZones.approximation))")
        lines.append("              (\(layout.safeZones.source))")
        return lines.joined(separator: "\n") + "\n"
    }

    var json: JSON {
        func rect(_ r: PixelRect) -> JSON {
            .object(["x": .int(r.x), "y": .int(r.y), "width": .int(r.width), "height": .int(r.height)])
        }
        var backgroundJSON: JSON
        switch plan.background {
        case .picture(let crop, let into, let scale):
            backgroundJSON = .object([
                "kind": .string(background?.role == .backgroundVideo ? "video" : "image"), "path": .from(background?.path),
                "frameSeconds": .from(frameSeconds), "fit": .string(layout.background.value.rawValue), "scale": .number(scale),
                "crop": rect(crop), "into": rect(into), "source": .string(layout.background.source),
                "approximation": .bool(layout.background.approximation),
            ])
        case .colors:
            backgroundJSON = .object([
                "kind": .string("colors"), "path": .null, "frameSeconds": .null, "fit": .null, "scale": .null, "crop": .null,
                "into": .null, "source": .string(colorsSource), "approximation": .bool(true),
            ])
        }
        let stickerJSON: JSON =
            plan.sticker.map { r in
                .object([
                    "path": .from(sticker), "scale": .number(plan.stickerScale ?? 1), "rect": rect(r),
                    "source": .string(layout.sticker.source), "approximation": .bool(layout.sticker.approximation),
                ])
            } ?? .null
        return .object([
            "schemaVersion": .int(1), "target": .string(target.id), "output": .string(output),
            "canvas": .object(["width": .int(plan.width), "height": .int(plan.height)]),
            "colors": .object(["top": .string(hex(plan.top)), "bottom": .string(hex(plan.bottom))]),
            "background": backgroundJSON, "sticker": stickerJSON,
            "safeZones": .object([
                "bands": .array(plan.safeZones.map { .object(["name": .string($0.name), "rect": rect($0.rect)]) }),
                "source": .string(layout.safeZones.source), "approximation": .bool(layout.safeZones.approximation),
            ]),
            "findings": .array(findings.map(ValidationJSON.finding)),
        ])
    }
}
