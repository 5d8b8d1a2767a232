// `reelshare build`: validate the media for one target, then write exactly what the app hands over:
// pasteboard items and launch URL (iOS) or the intent (Android).
import Foundation
import ReelShareKit
import ReelShareMedia

struct BuildCommand {
    var request: ShareRequest
    var inputs: [(path: String, slot: PayloadMedia.Slot, role: Role)]
    var destination: PayloadDestination
    var force: Bool
    var strict: Bool
    var options = ProbeOptions()
    var requestWarnings: [BuildWarning] = []

    init(_ parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard parsed.operands.isEmpty else {
            throw UsageError("build takes its files through --video, --background-image and --sticker (got '\(parsed.operands[0])')",
                             command: "build")
        }
        let profiles = try ValidateCommand.profiles(parsed)
        guard let name = parsed.value("target") else {
            throw UsageError("build needs --target (\(profiles.shareTargets.map(\.id).joined(separator: ", ")))", command: "build")
        }
        guard let target = profiles.profile(name) else {
            let hint = Spelling.closest(to: name, among: profiles.profiles.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown target '\(name)'\(hint)", command: "build")
        }
        let platform = Platform(rawValue: parsed.value("platform") ?? "ios")!
        force = parsed.has("force")
        strict = parsed.has("strict")

        inputs = []
        if let path = parsed.value("video") { inputs.append((path, .backgroundVideo, .backgroundVideo)) }
        if let path = parsed.value("background-image") { inputs.append((path, .backgroundImage, .backgroundImage)) }
        if let path = parsed.value("sticker") { inputs.append((path, .stickerImage, .sticker)) }

        var notes: [BuildWarning] = []
        do {
            let colors = (try parsed.value("top-color").map { try ShareRules.checkColor($0, option: "--top-color") },
                          try parsed.value("bottom-color").map { try ShareRules.checkColor($0, option: "--bottom-color") })
            try ShareRules.checkLayers(
                target: target, video: parsed.value("video") != nil, backgroundImage: parsed.value("background-image") != nil,
                sticker: parsed.value("sticker") != nil, colors: colors.0 != nil || colors.1 != nil)
            if platform == .ios, target.ios == nil { throw ShareRequestError("\(target.id) has no iOS share envelope") }
            if platform == .android, target.android == nil { throw ShareRequestError("\(target.id) has no Android intent") }
            let appId = try ShareRules.checkAppId(parsed.value("app-id") ?? environment["REELSHARE_APP_ID"], target: target,
                                                  platform: platform)
            let format = PayloadFormat(rawValue: parsed.value("format") ?? "json")!
            let embedding = Embedding(rawValue: parsed.value("embed") ?? "base64")!
            if platform == .android {
                if parsed.value("format") == "plist" || parsed.value("embed") != nil || parsed.value("layout") != nil {
                    throw ShareRequestError("--format plist, --embed and --layout are for iOS pasteboards; an Android intent is JSON and references its media by path")
                }
            } else if parsed.value("package") != nil {
                throw ShareRequestError("--package is for Android intents (--platform android)")
            }
            if format == .plist, embedding == .path {
                throw ShareRequestError("a property list carries the media as <data>: --embed path works with --format json only")
            }
            var contentURL = parsed.value("content-url")
            if let url = contentURL {
                guard target.ios?.keyPrefix.hasPrefix("com.instagram.") == true, platform == .ios else {
                    throw ShareRequestError("--content-url exists only for Instagram on iOS, and even there it does nothing any more")
                }
                guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                    throw ShareRequestError("invalid --content-url '\(url)': expected an http(s) URL")
                }
                notes.append(BuildWarning(path: nil, finding: ShareRules.contentURLWarning()))
                contentURL = url
            }
            let package = parsed.value("package")
            if platform == .android, target.android?.sourceApplication == "package-name", package == nil {
                throw ShareRequestError("\(target.id) on Android needs the app's package name for source_application: pass --package com.example.app")
            }
            var expiration = 300
            if let value = parsed.value("expires") {
                guard let seconds = Int(value), seconds > 0, seconds <= 86_400 * 365 else {
                    throw ShareRequestError("invalid value '\(value)' for --expires: expected seconds, from 1")
                }
                expiration = seconds
            }
            request = ShareRequest(
                target: target, platform: platform, media: [], appId: appId, topColor: colors.0, bottomColor: colors.1,
                contentURL: contentURL, androidPackage: package, layout: ItemLayout(rawValue: parsed.value("layout") ?? "single")!,
                format: format, embedding: embedding, expirationSeconds: expiration)
        } catch let error as ShareRequestError {
            throw UsageError(error.message, command: "build")
        }
        requestWarnings = notes
        destination = parsed.value("o").map { .file($0) } ?? .standardOutput
        if let value = parsed.value("timeout") { options.timeoutSeconds = try ProbeCommand.seconds(value) }
        options.deep = Validator.needsDeep([target])
    }

    func run(stdout: Output, stderr: Output) -> ExitStatus {
        // Probe and validate every input first: nothing is written unless they pass (or --force).
        let prober = MediaProber(options: options)
        var request = self.request
        var warnings = requestWarnings
        var blocked = false
        var status = ExitStatus.success
        for input in inputs {
            let report = prober.probe(input.path)
            let verdict = Rules.evaluate(report, role: input.role, profile: request.target, strict: strict)
            for finding in verdict.findings {
                stderr.write(ValidationRenderer.line(input.path, finding, targets: [request.target.id],
                                                     color: stderr.isTerminal && Terminal.colorAllowed))
                warnings.append(BuildWarning(path: input.path, finding: finding))
            }
            if let fix = verdict.fix, !verdict.accepted { stderr.write("  fix: \(fix)\n") }
            if !verdict.accepted { blocked = true }
            if let failure = report.failure { status = ExitStatus.worst(status, ExitStatus(failure.code)) }
            let format: String
            switch report.content {
            case .av(let media): format = media.container
            case .image(let image): format = image.format
            case .failure: format = "unknown"
            }
            let absolute = input.path.hasPrefix("/") ? input.path
                : FileManager.default.currentDirectoryPath + "/" + (input.path.hasPrefix("./") ? String(input.path.dropFirst(2)) : input.path)
            request.media.append(PayloadMedia(slot: input.slot, path: absolute, format: format))
        }
        for warning in requestWarnings {
            stderr.write("reelshare: warning: \(warning.finding.message)\n")
        }
        // An input that cannot be read cannot be embedded, whatever --force says.
        if status != .success {
            stderr.write("reelshare: error: nothing written: an input cannot be read\n")
            return status
        }
        if blocked, !force {
            stderr.write("reelshare: error: nothing written: \(request.target.id) would not accept this (--force writes it anyway)\n")
            return .validationFailed
        }
        stdout.flush()
        let parts = PayloadDocument.parts(request, warnings: warnings)
        do {
            try PayloadWriter.write(parts, media: request.media, to: destination)
        } catch PayloadWriteError.closed {
            return .success
        } catch PayloadWriteError.input(let message) {
            stderr.write("reelshare: error: \(message)\n")
            return .noInput
        } catch {
            stderr.write("reelshare: error: \(error)\n")
            return .cannotCreate
        }
        return .success
    }
}
