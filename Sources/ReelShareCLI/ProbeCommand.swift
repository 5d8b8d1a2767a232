// `reelshare probe FILE...`: describe video and image files.
import ReelShareKit
import ReelShareMedia

struct ProbeCommand: Command {
    enum Format: String, OptionChoice { case text, json, ndjson }

    /// The options, one value each: commands read them by these names (a misspelling does not compile).
    enum Option {
        static let format = ChoiceOption<Format>(
            "format", value: "FORMAT",
            help: "Output format: text (default, for people), json (one document), ndjson (one line per file).")
        static let deep = OptionSpec(
            "deep",
            help:
                "Also read every packet and decode the first frame: confirms the video decodes, measures the keyframe interval, detects variable frame rate."
        )
    }

    static let spec = CommandSpec(
        name: "probe",
        summary: "Describe video and image files: codec, duration, size, rotation, alpha...",
        operands: "FILE|DIR...",
        options: [Option.format.spec, Option.deep, SharedOptions.decode] + InputFiles.options + [
            SharedOptions.jobs, SharedOptions.timeout, SharedOptions.color.spec, SharedOptions.help,
        ],
        details: """
            Files are recognised by their content, never by their name. PNG and JPEG images are \
            decoded in full (libpng, libjpeg) so that damaged files are caught; GIF, WebP, HEIC and \
            AVIF are named with their dimensions; everything else is read with FFmpeg's libavformat. \
            The default probe reads container headers only; the fields under "deep" need --deep.
            """)

    let files: PathList
    let format: Format
    let options: ProbeOptions
    let jobs: Int

    /// For NO_COLOR and TERM.
    let environment: [String: String]
    /// --color.
    let colorChoice: Terminal.ColorChoice

    init(_ parsed: ParsedArguments, invocation: Invocation) throws(CLIError) {
        environment = invocation.environment
        colorChoice = parsed.choice(SharedOptions.color, default: .auto)
        files = try InputFiles.gather(parsed, input: invocation.input)
        format = parsed.choice(Option.format, default: .text)
        options = ProbeOptions(
            deep: parsed.has(Option.deep), decode: parsed.has(SharedOptions.decode),
            timeoutSeconds: try OptionValues.timeout(parsed))
        jobs = try OptionValues.jobs(parsed)
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        let files = try InputFiles.resolve(self.files, stderr: stderr)
        let prober = MediaProber(options: options)
        var failures: [ProbeFailureCode] = []
        let color = Terminal.colors(stdout, environment: environment, choice: colorChoice)
        // JSON streams its "files" array through the one JSON writer (keys sort as files <
        // schemaVersion): each file is written when done, in order, and nothing is held.
        var json = JSONWriter(into: OutputSink(output: stdout))
        if format == .json {
            json.beginObject()
            json.key("files")
            json.beginArray()
        }
        Parallel.map(count: files.count, jobs: jobs, stop: { stdout.isClosed }, work: { prober.probe(files[$0]) }) {
            _, report in
            if let failure = report.failure {
                failures.append(failure.code)
                stderr.write("reelshare: error: \(PathCoding.lineText(report.path)): \(failure.message)\n")
            }
            switch format {
            case .json: json.value(ProbeJSON.file(report))
            case .ndjson: stdout.write(ProbeJSON.file(report).serialized + "\n")
            case .text: stdout.write(ProbeText.render(report, color: color))
            }
            stdout.flush()
        }
        if format == .json {
            json.end()
            json.member("schemaVersion", .int(ProbeJSON.schemaVersion))
            json.end()
            stdout.write("\n")
        }
        if !failures.isEmpty { throw .media(failures, summary: nil) }
    }
}
