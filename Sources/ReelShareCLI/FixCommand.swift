// `reelshare fix FILE... --target T`: make each file pass the target, in process. The plan is the
// one `validate` prints as its hint (a remux, retag, cut, loop or transcode of only what fails);
// --split cuts a clip too long for Stories into parts at keyframes instead of trimming it. Every
// output is validated again before it is moved into place: if it does not pass, nothing is
// written and the error names the rule that still fails.
import ReelShareKit
import ReelShareMedia

struct FixCommand: Command {
    enum Format: String, OptionChoice { case text, json }

    /// The options, one value each: commands read them by these names (a misspelling does not compile).
    enum Option {
        static let target = OptionSpec.target(help: "The target to make the files pass (see 'reelshare targets').").mandatory()
        static let output = OptionSpec(
            "o", value: "FILE", help: "Write the fixed file here (one input only; default: NAME.fixed.mp4 beside it).")
        static let outputDir = OptionSpec(
            "output-dir", value: "DIR", help: "Write the fixed files into DIR, made if missing (default: beside each input).")
        static let split = OptionSpec(
            "split",
            help:
                "Cut a clip longer than the target's limit into parts at keyframes (NAME.part1.mp4, ...) instead of trimming it."
        )
        static let strict = OptionSpec("strict", help: "Fix the warnings too, and require the output to pass with --strict.")
        static let role = ChoiceOption<ValidateCommand.ImageRole>(
            "as", value: "ROLE",
            help: "The role of images: sticker (default), background, or video (an animated image made an MP4 clip).")
        static let platform = ChoiceOption<ValidateCommand.PlatformChoice>(
            "platform", value: "PLATFORM",
            help: "The limits to meet: of sharing from ios, android, or both (default).")
        static let still = OptionSpec(
            "still", value: "IMAGE",
            help: "An audio file's clip shows this picture (PNG, JPEG, ...) instead of its cover art or a black frame.")
        static let dryRun = OptionSpec(
            "dry-run", help: "Print the plan for each file (what is done to each stream, and why); write nothing.")
        static let format = ChoiceOption<Format>(
            "format", value: "FORMAT",
            help: "text (default: each written path on a line) or json (one document).")
    }

    static let spec = CommandSpec(
        name: "fix",
        summary: "Make files pass a target: remux, retag, trim, transcode or split them in process, then check the result.",
        operands: "FILE...",
        options: [
            Option.target, Option.output, Option.outputDir, Option.split, Option.strict, Option.role.spec, Option.platform.spec,
            Option.still, SharedOptions.maxMemory, Option.dryRun, Option.format.spec, SharedOptions.profile,
        ] + InputFiles.options + [SharedOptions.jobs, SharedOptions.timeout, SharedOptions.help],
        details: """
            The plan for a file is the one 'validate' prints as its fix, carried out with FFmpeg's \
            libraries: streams that already pass are copied packet for packet (a container change, \
            the index moved to the front, an hvc1 retag, an edit list left out), a trim cuts at a \
            keyframe by copying when one lies within a second before the limit, and only what fails \
            is re-encoded. The output is probed and validated before it replaces anything; the input \
            is never overwritten. A file that already passes is left alone.
            """)

    let files: PathList
    let target: TargetProfile
    let output: String?
    let outputDirectory: String?
    let split: Bool
    let strict: Bool
    /// nil: as Validator.role chooses for the target.
    let imageRole: Role?
    /// The picture an audio file's clip shows (--still), checked to be one.
    let still: String?
    let platforms: Set<Platform>
    let dryRun: Bool
    /// The memory a video fix may hold, in bytes (--max-memory).
    let maxMemory: Int
    let format: Format
    let jobs: Int
    let options: ProbeOptions
    let environment: [String: String]

    init(_ parsed: ParsedArguments, invocation: Invocation) throws(CLIError) {
        environment = invocation.environment
        files = try InputFiles.gather(parsed, input: invocation.input, walking: false)
        let profiles = try ProfileLoading.profiles(parsed)
        guard let name = parsed.value(Option.target) else {
            throw parsed.usageError("fix needs --target (\(profiles.profiles.map(\.id).joined(separator: ", ")))")
        }
        guard !name.contains(",") else { throw parsed.usageError("fix makes files pass one target: give --target once") }
        target = try OptionValues.target(name, in: profiles, parsed: parsed)
        output = parsed.value(Option.output)
        outputDirectory = parsed.value(Option.outputDir)
        split = parsed.has(Option.split)
        strict = parsed.has(Option.strict)
        imageRole = parsed.choice(Option.role)?.role
        still = parsed.value(Option.still)
        if let still {
            let picture = MediaProber(options: ProbeOptions()).probe(still)
            if let failure = picture.failure { throw parsed.usageError("--still \(still): \(failure.message)") }
            guard picture.kind == .image else {
                throw parsed.usageError("--still \(still): not a picture (it is \(picture.kind.rawValue))")
            }
            // Held, it is decoded whole, by FFmpeg as the printed command's is: refused before.
            if case .image(let image) = picture.content, let width = image.displayWidth, let height = image.displayHeight,
                width * height > StillVideo.maxPixels
            {
                throw parsed.usageError(
                    "--still \(still): \(width)x\(height) is more than the \(StillVideo.maxPixels / 1_000_000) megapixels a held picture may have; give a smaller one (the clip shows it within \(StillVideo.canvas.width)x\(StillVideo.canvas.height))"
                )
            }
        }
        dryRun = parsed.has(Option.dryRun)
        maxMemory = try OptionValues.maxMemory(parsed)
        format = parsed.choice(Option.format, default: .text)
        jobs = try OptionValues.jobs(parsed)
        platforms = parsed.choice(Option.platform, default: ValidateCommand.PlatformChoice.both).platforms
        if output != nil, files.count > 1 { throw parsed.usageError("-o names one output: give one FILE, or use --output-dir") }
        if output != nil, outputDirectory != nil { throw parsed.usageError("give -o or --output-dir, not both") }
        if output != nil, split { throw parsed.usageError("--split writes several parts: use --output-dir, not -o") }
        if let directory = outputDirectory {
            if directory.isEmpty { throw parsed.usageError("--output-dir needs a directory name") }
            if let blocking = Self.nonDirectory(on: directory) {
                throw parsed.usageError("--output-dir \(directory): \(blocking) is not a directory")
            }
        }
        if let output, Posix.identity(output) != nil, !Posix.isRegularFile(output) {
            throw parsed.usageError("-o \(output) is not a regular file: fix writes a file it can read back and check")
        }
        // NAME.fixed.* and NAME.partN.*: two inputs with one NAME in one directory would write the
        // same files. Each stem is noted by its hash and its input's index (a list's paths are not
        // held); a hash seen before is compared as text.
        let outputDirectory = outputDirectory
        let stem = { (file: String) -> String in
            let stem = FixHint.fixedPath(file, extension: "")
            let name = stem.split(separator: "/").last.map(String.init) ?? stem
            return outputDirectory.map { Self.inDirectory($0, name) } ?? stem
        }
        var stems: [Int: [Int]] = [:]
        for (index, file) in files.enumerated() {
            let key = stem(file)
            for earlier in stems[key.hashValue, default: []] where stem(files[earlier]) == key && files[earlier] != file {
                throw parsed.usageError(
                    "\(files[earlier]) and \(file) would both be fixed into \(key)*: fix them in separate runs, or into different --output-dir"
                )
            }
            stems[key.hashValue, default: []].append(index)
        }
        options = ProbeOptions(deep: Validator.needsPacketScan([target]), timeoutSeconds: try OptionValues.timeout(parsed))
    }

    /// The file `name` in `directory` (--output-dir).
    static func inDirectory(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The nearest part of `path` that exists (itself, or a parent), when that is not a directory:
    /// the file that stops --output-dir from being made, named before anything is planned.
    static func nonDirectory(on path: String) -> String? {
        var candidate = path
        while true {
            while candidate.count > 1, candidate.hasSuffix("/") { candidate.removeLast() }
            if Posix.identity(candidate) != nil { return Posix.isDirectory(candidate) ? nil : candidate }
            guard let slash = candidate.lastIndex(of: "/") else { return nil }  // the working directory
            if slash == candidate.startIndex { return nil }  // the root
            candidate = String(candidate[..<slash])
        }
    }

    func run(stdout: Output, stderr: Output) throws(CLIError) {
        let files = try InputFiles.resolve(self.files, stderr: stderr)
        if let outputDirectory, !dryRun {  // made as `mkdir -p` would, like git format-patch -o
            do throws(PosixError) {
                try Posix.makeDirectories(outputDirectory)
            } catch {
                throw .output("--output-dir \(outputDirectory): \(error)")
            }
        }
        let fixer = FileFixer(command: self, stderr: stderr)
        var failures = FailureTally()
        // JSON streams its "results" array (keys sort as results < schemaVersion): each file's
        // written when done, in order; only the tally of failures is kept.
        var json = JSONWriter(into: OutputSink(output: stdout))
        if format == .json {
            json.beginObject()
            json.key("results")
            json.beginArray()
        }
        Parallel.map(count: files.count, jobs: jobs, stop: { stdout.isClosed }, work: { index in fixer.fix(files[index]) }) {
            _, result in
            switch format {
            case .text:
                if let failure = result.failure {
                    stderr.write("reelshare: error: \(PathCoding.lineText(result.path)): \(failure)\n")
                } else if result.alreadyAccepted {
                    stderr.write("\(PathCoding.lineText(result.path)): already accepted by \(target.id); nothing written\n")
                } else {
                    for output in result.outputs {
                        if dryRun {
                            stdout.write(
                                "\(PathCoding.lineText(result.path)) -> \(PathCoding.lineText(output.path)) (\(result.reason))\n")
                            for operation in output.operations { stdout.write("  \(operation)\n") }
                        } else {
                            stdout.write(PathCoding.lineText(output.path) + "\n")
                        }
                    }
                }
            case .json:
                json.value(result.json)
            }
            stdout.flush()
            if let failure = result.failure { failures.add(failure) }
        }
        if format == .json {
            json.end()
            json.member("schemaVersion", .int(1))
            json.end()
            stdout.write("\n")
        }
        // As validate and build: the worst outcome of any file decides the status.
        if let closing = failures.closing(outputs: "fixed file") { throw closing }
    }
}
