// Table-driven argument parsing. One static table of commands and options drives parsing, `--help`
// and the man page test; parsing yields a plain value, and each command then checks meaning.

import ReelShareKit

struct OptionSpec: Sendable {
    /// Long spelling without dashes ("format"); a one-character name is the short form ("0").
    let name: String
    /// Placeholder for the value ("FORMAT"); nil for a flag.
    let valueName: String?
    /// The only accepted values, when the option takes one of a fixed set.
    let choices: [String]
    let help: String

    init(_ name: String, value: String? = nil, choices: [String] = [], help: String) {
        self.name = name
        self.valueName = value
        self.choices = choices
        self.help = help
    }

    var spelling: String { name.count == 1 ? "-\(name)" : "--\(name)" }
}

struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// The operands after the options ("FILE..."), for the usage line.
    let operands: String
    let options: [OptionSpec]
    let details: String
}

enum CommandTable {
    static let help = OptionSpec("help", help: "Show help for this command and exit.")

    static let probe = CommandSpec(
        name: "probe",
        summary: "Describe video and image files: codec, duration, size, rotation, alpha...",
        operands: "FILE...",
        options: [
            OptionSpec(
                "format", value: "FORMAT", choices: ["text", "json", "ndjson"],
                help: "Output format: text (default, for people), json (one document), ndjson (one line per file)."),
            OptionSpec(
                "deep", help: "Also read every packet and decode the first frame: confirms the video decodes, measures the keyframe interval, detects variable frame rate."),
        ] + InputFiles.options + [jobs, timeout, help],
        details: """
            Files are recognised by their content, never by their name. PNG and JPEG images are \
            decoded in full (libpng, libjpeg) so that damaged files are caught; GIF, WebP, HEIC and \
            AVIF are named with their dimensions; everything else is read with FFmpeg's libavformat. \
            The default probe reads container headers only; the fields under "deep" need --deep.
            """)

    static let jobs = OptionSpec("jobs", value: "N", help: "Work on N files at a time (default: the number of cores).")
    static let timeout = OptionSpec("timeout", value: "SECONDS", help: "Give up on a file after SECONDS (default 30; 0: no limit).")
    static let profile = OptionSpec(
        "profile", value: "FILE", help: "Load more target profiles from FILE (the schema of 'targets --format json'); a profile with a built-in id replaces it. Repeatable.")

    static let validate = CommandSpec(
        name: "validate",
        summary: "Check files against each share target's limits: exit 1 when a file is not acceptable.",
        operands: "FILE...",
        options: [
            OptionSpec("target", value: "T[,T...]", help: "Check against these targets only (repeatable); every file must then pass every one. Default: the four share targets, any one of which is enough. See 'reelshare targets'."),
            OptionSpec("strict", help: "Treat warnings (Meta's recommendations) as errors."),
            OptionSpec("as", value: "ROLE", choices: ["sticker", "background"], help: "The role of images: sticker (default) or background (a background image)."),
            OptionSpec(
                "format", value: "FORMAT", choices: ["text", "json", "ndjson", "junit", "github"],
                help: "text (default), json (one document), ndjson (one line per file, as each finishes), junit (one test case per file and target), github (workflow annotations)."),
            profile,
            OptionSpec("deep", help: "Always scan packets (automatic when a target checks keyframes or decoding)."),
        ] + InputFiles.options + [jobs, timeout, help],
        details: """
            Each file is probed and held to each target's profile: a video as a background video, an \
            image as a sticker (or, with --as background, a background image). Findings name a rule, \
            a severity, the value found, the limit and the document the limit comes from; where the \
            fix is mechanical they carry the ffmpeg command that makes the file pass. Errors are \
            what the target app refuses; warnings are Meta's recommendations.
            """)

    static let targets = CommandSpec(
        name: "targets",
        summary: "List the target profiles and their limits, with sources.",
        operands: "",
        options: [
            OptionSpec("format", value: "FORMAT", choices: ["text", "json"], help: "text (default) or json: the full profiles, in the schema --profile reads."),
            profile, help,
        ],
        details: "The four share targets (ig-reels, fb-reels, ig-stories, fb-stories) and the validate-only publishing profiles (ig-reels-api, ig-stories-api, fb-reels-api).")

    static let build = CommandSpec(
        name: "build",
        summary: "Write the share payload for one target: pasteboard items and launch URL (iOS) or the intent (Android).",
        operands: "",
        options: [
            OptionSpec("target", value: "T", help: "The share target: ig-reels, fb-reels, ig-stories or fb-stories."),
            OptionSpec("video", value: "FILE", help: "The background video (Reels need one)."),
            OptionSpec("background-image", value: "FILE", help: "The background image (Stories only)."),
            OptionSpec("sticker", value: "FILE", help: "The sticker image drawn over the background."),
            OptionSpec("top-color", value: "#RRGGBB", help: "Stories: the background gradient's top colour."),
            OptionSpec("bottom-color", value: "#RRGGBB", help: "Stories: the background gradient's bottom colour."),
            OptionSpec("app-id", value: "ID", help: "Your Meta App ID (default: $REELSHARE_APP_ID). It goes where the target wants it: the URL query for Instagram Stories, the pasteboard or the intent for the others."),
            OptionSpec("content-url", value: "URL", help: "Instagram's attribution link: accepted with a warning, since Meta removed it and the app ignores it."),
            OptionSpec("platform", value: "PLATFORM", choices: ["ios", "android"], help: "ios (default): pasteboard items and URL; android: the intent."),
            OptionSpec("package", value: "NAME", help: "Android: your app's package name (Instagram Reels reads it as source_application)."),
            OptionSpec("layout", value: "LAYOUT", choices: ["single", "per-key"], help: "iOS: all keys in one pasteboard item (single, default, as Meta's Objective-C samples) or one item per key (per-key, as Meta's Swift Reels sample)."),
            OptionSpec("format", value: "FORMAT", choices: ["json", "plist"], help: "iOS: json (default) or plist (an XML property list with real <data>, for PropertyListSerialization and UIPasteboard.setItems)."),
            OptionSpec("embed", value: "MODE", choices: ["base64", "path"], help: "iOS json: media as base64 (default) or by absolute path."),
            OptionSpec("expires", value: "SECONDS", help: "Pasteboard expiration the app should set (default 300, as in Meta's samples)."),
            OptionSpec("o", value: "FILE", help: "Write to FILE, atomically (default: standard output)."),
            OptionSpec("force", help: "Write the payload even when the target would refuse the media."),
            OptionSpec("strict", help: "Treat warnings as errors."),
            profile, timeout, help,
        ],
        details: """
            The media are probed and validated against the target first, as 'validate' does: an error \
            stops the build with the findings on standard error and nothing written; warnings go to \
            standard error and into the document's "warnings". Media are streamed into the output in \
            chunks (base64 and SHA-256), so memory does not grow with the video.
            """)

    static let doctor = CommandSpec(
        name: "doctor",
        summary: "Check an app's Info.plist and AndroidManifest.xml for what sharing needs.",
        operands: "",
        options: [
            OptionSpec("plist", value: "FILE", help: "An Info.plist (XML or binary): LSApplicationQueriesSchemes must list each target's scheme; FacebookAppID must be a Meta App ID. Repeatable."),
            OptionSpec("manifest", value: "FILE", help: "An AndroidManifest.xml: <queries> must name each target app; a FileProvider must be declared with grantUriPermissions=\"true\" and exported=\"false\". Repeatable."),
            OptionSpec("target", value: "T[,T...]", help: "Check for these targets only (default: the four share targets)."),
            OptionSpec("app-id", value: "ID", help: "FacebookAppID must equal ID (default: $REELSHARE_APP_ID, when set)."),
            OptionSpec(
                "format", value: "FORMAT", choices: ["text", "json", "ndjson", "junit", "github"],
                help: "As for validate: text (default), json, ndjson, junit or github."),
            profile, help,
        ],
        details: """
            The most reported sharing failure is not the media: the app forgot to allow-list the URL \
            scheme, put the App ID in the wrong place, or (Android 11+) lacks the <queries> entry, and \
            the share silently does nothing. Findings, formats and exit statuses are those of validate.
            """)

    static let commands = [probe, validate, build, doctor, targets, Completions.spec]

    static let global = [
        help,
        OptionSpec("version", help: "Print the version of reelshare and of the libraries it uses."),
    ]

    static func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }
}

struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    /// The command whose usage line should follow the message, if any.
    let command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}

/// The parsed command line of one command, before its meaning is checked.
struct ParsedArguments: Equatable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var operands: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

enum ArgumentParser {
    /// Parses `arguments` (the command name already removed) against `spec`'s options.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.operands += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.operands.append(argument)
                continue
            }
            let body = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : String(argument.dropFirst())
            let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? body
            let inline = body.contains("=") ? String(body[body.index(after: body.firstIndex(of: "=")!)...]) : nil
            let isShort = !argument.hasPrefix("--")
            guard let option = spec.options.first(where: { $0.name == name && (isShort == ($0.name.count == 1)) })
                ?? (argument == "-h" ? help : nil)
            else {
                throw UsageError(unknownOption(argument, in: spec), command: spec.name)
            }
            guard option.valueName != nil else {
                if inline != nil { throw UsageError("option \(option.spelling) takes no value", command: spec.name) }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("option \(option.spelling) needs a value (\(option.valueName!))", command: spec.name)
            }
            if !option.choices.isEmpty, !option.choices.contains(value) {
                throw UsageError(
                    "invalid value '\(value)' for \(option.spelling): expected one of \(option.choices.joined(separator: ", "))",
                    command: spec.name)
            }
            parsed.values[option.name, default: []].append(value)
        }
        return parsed
    }

    private static var help: OptionSpec? { CommandTable.help }

    static func unknownOption(_ argument: String, in spec: CommandSpec) -> String {
        let name = argument.drop { $0 == "-" }.split(separator: "=").first.map(String.init) ?? ""
        let candidates = spec.options.map(\.name)
        if let best = Spelling.closest(to: name, among: candidates) {
            let option = spec.options.first { $0.name == best }!
            return "unknown option '\(argument)' for \(spec.name); did you mean '\(option.spelling)'?"
        }
        return "unknown option '\(argument)' for \(spec.name)"
    }
}
