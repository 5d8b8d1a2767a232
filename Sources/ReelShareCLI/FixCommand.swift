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
        static let target = OptionSpec.target(help: "The target to make the files pass (see 'reelshare targets').")
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
        static let role = OptionSpec(
            "as", value: "ROLE", choices: ValidateCommand.ImageRole.self,
            help: "The role of images: sticker (default), background, or video (an animated image made an MP4 clip).")
        static let platform = OptionSpec(
            "platform", value: "PLATFORM", choices: ValidateCommand.PlatformChoice.self,
            help: "The limits to meet: of sharing from ios, android, or both (default).")
        static let dryRun = OptionSpec(
            "dry-run", help: "Print the plan for each file (what is done to each stream, and why); write nothing.")
        static let format = OptionSpec(
            "format", value: "FORMAT", choices: Format.self,
            help: "text (default: each written path on a line) or json (one document).")
    }

    static let spec = CommandSpec(
        name: "fix",
        summary: "Make files pass a target: remux, retag, trim, transcode or split them in process, then check the result.",
        operands: "FILE...",
        options: [
            Option.target, Option.output, Option.outputDir, Option.split, Option.strict, Option.role, Option.platform,
            Option.dryRun, Option.format, SharedOptions.profile,
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
    let imageRole: Role
    let platforms: Set<Platform>
    let dryRun: Bool
    let format: Format
    let jobs: Int
    let options: ProbeOptions
    let environment: [String: String]

    init(_ parsed: ParsedArguments, environment: [String: String]) throws(CLIError) {
        self.environment = environment
        files = try InputFiles.gather(parsed)
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
        imageRole = parsed.choice(Option.role, default: ValidateCommand.ImageRole.sticker).role
        dryRun = parsed.has(Option.dryRun)
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
                    stderr.write("reelshare: error: \(result.path): \(failure)\n")
                } else if result.alreadyAccepted {
                    stderr.write("\(result.path): already accepted by \(target.id); nothing written\n")
                } else {
                    for output in result.outputs {
                        if dryRun {
                            stdout.write("\(result.path) -> \(output.path) (\(result.reason))\n")
                            for operation in output.operations { stdout.write("  \(operation)\n") }
                        } else {
                            stdout.write(output.path + "\n")
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

/// What `fix` did with one file.
struct FixResult: Sendable {
    struct Written: Sendable {
        var path: String
        var durationSeconds: Double?
        var operations: [String]
    }

    var path: String
    var target: String
    var alreadyAccepted = false
    var outputs: [Written] = []
    /// The rules the plan answers.
    var reason = ""
    /// Why the file was not fixed; its exit status is CLIError's to say.
    var failure: CLIError?

    /// A fix that stops for a reason of the target's (exit 1).
    mutating func fail(_ message: String) { failure = .rejected(summary: message) }
    mutating func fail(_ failure: CLIError) { self.failure = failure }

    var json: JSON {
        .object([
            "path": .string(path), "target": .string(target), "alreadyAccepted": .bool(alreadyAccepted),
            "outputs": .array(
                outputs.map {
                    .object([
                        "path": .string($0.path), "durationSeconds": .from($0.durationSeconds),
                        "operations": .array($0.operations.map(JSON.string)),
                    ])
                }),
            "error": .from(failure?.message),
        ])
    }
}

/// The work on one file, safe to run on several threads at once.
struct FileFixer: Sendable {
    let command: FixCommand
    let stderr: Output
    /// The run's inputs, which no output may be.
    let inputs: InputIdentities
    init(command: FixCommand, stderr: Output) {
        self.command = command
        self.stderr = stderr
        let files = command.files
        inputs = InputIdentities(count: files.count) { files[$0] }
    }

    /// Why `destination` may not be written (the one output rule: a symbolic link, or one of the
    /// run's inputs by any path); nil when it may, or when only creating it can tell.
    private func refusal(_ destination: String) -> String? {
        do throws(OutputFailure) {
            try AtomicFile.check(destination, inputs: inputs)
            return nil
        } catch {
            if case .system = error { return nil }
            return error.description
        }
    }

    /// Whether a progress line is shown: on a terminal, in text, one file at a time.
    private var showsProgress: Bool {
        stderr.isTerminal && command.format == .text && (command.jobs == 1 || command.files.count == 1)
    }

    func fix(_ path: String) -> FixResult {
        let result = fixFile(path)
        if showsProgress {
            stderr.write("\r\u{1B}[K")  // the progress line, gone before the file's own line
            stderr.flush()
        }
        return result
    }

    private func fixFile(_ path: String) -> FixResult {
        var result = FixResult(path: path, target: command.target.id)
        let prober = MediaProber(options: command.options)
        let report = prober.probe(path)
        if let failure = report.failure {
            result.fail(.media([failure.code], summary: "cannot read it: \(failure.message)"))
            return result
        }
        guard let role = Validator.role(of: report, imageRole: command.imageRole) else {
            result.fail("an \(report.kind.rawValue) file: \(command.target.id) takes video or images")
            return result
        }
        let verdict = Rules.evaluate(
            report, role: role, profile: command.target, strict: command.strict, platforms: command.platforms)
        let failing = verdict.findings.filter { $0.severity == .error }
        if failing.isEmpty {
            result.alreadyAccepted = true
            return result
        }
        result.reason = failing.map(\.rule.rawValue).joined(separator: ", ")
        var media: AVMedia?
        if case .av(let av) = report.content { media = av }
        // The keyframes matter only to a cut (a trim or a split); finding them reads every packet.
        let tooLong = failing.contains { $0.rule == .profile(.videoDurationMax) }
        let keyframes = media?.video != nil && tooLong ? Fixer.keyframes(path) : nil
        if command.split, tooLong, let media, let duration = media.durationSeconds,
            let longest = SplitPlanner.longest(command.target, media: media, platforms: command.platforms)
        {
            if let unfixable = unfixableFailure(verdict) {
                result.fail(unfixable)
                return result
            }
            return split(report, media: media, duration: duration, longest: longest, keyframes: keyframes ?? [], result: result)
        }
        // Known keyframes can change the plan (a cut by copying); without them it is the verdict's.
        let final =
            keyframes == nil
            ? verdict
            : Rules.evaluate(
                report, role: role, profile: command.target, strict: command.strict, platforms: command.platforms,
                keyframes: keyframes)
        guard let plan = final.plan else {
            result.fail("no mechanical fix for \(result.reason): \(failing.first?.message ?? "")")
            return result
        }
        let plannedPath = plan.output ?? FixHint.fixedPath(path, extension: "mp4")
        let destination = destinationPath(for: path, planned: plannedPath)
        var operations = plan.operations
        if case .external = plan {
            result.fail("its fix needs another tool: \(plan.command)")
            return result
        }
        if let why = refusal(destination) {
            result.fail(.output(why))
            return result
        }
        if let output = command.output, let wanted = OptionValues.fileExtension(plannedPath),
            !OptionValues.named(output, withExtension: wanted)
        {
            result.fail(.output("the fixed file is \(wanted.uppercased()): name it with .\(wanted) (-o \(output))"))
            return result
        }
        if let unfixable = unfixableFailure(verdict) {
            result.fail(unfixable)
            return result
        }
        if command.dryRun {
            result.outputs = [FixResult.Written(path: destination, durationSeconds: nil, operations: operations)]
            return result
        }
        do throws(CLIError) {
            let written = try write(to: destination, role: role) { descriptor throws(FixerFailure) in
                switch plan {
                case .video(var video):
                    video.output = destination
                    try Fixer.run(video, into: descriptor, progress: progress(for: path, total: media?.durationSeconds))
                case .image(let image):
                    try Fixer.run(image, into: descriptor, timeoutSeconds: command.options.timeoutSeconds)
                case .external:
                    break
                }
            }
            operations.append("checked: \(command.target.id) accepts it")
            if case .video(let video) = plan, video.dropsAlpha {
                stderr.write("reelshare: warning: \(path): its transparency is dropped: H.264 carries none\n")
            }
            result.outputs = [FixResult.Written(path: destination, durationSeconds: written, operations: operations)]
        } catch {
            result.fail(error)
        }
        return result
    }

    /// What no fix answers, said before any work (a re-encode would be thrown away); nil when
    /// every error has a fix.
    private func unfixableFailure(_ verdict: TargetVerdict) -> String? {
        let unfixable = FixPlanner.unfixable(verdict.findings)
        guard let first = unfixable.first else { return nil }
        return
            "no mechanical fix for \(unfixable.map(\.rule.rawValue).joined(separator: ", ")): \(first.message); nothing written"
    }

    /// Parts at keyframes, each within the limit; a clip whose keyframes are too far apart is
    /// re-encoded first (with a keyframe often enough), into a temporary file, and that is split.
    private func split(
        _ report: ProbeReport, media: AVMedia, duration: Double, longest: Double, keyframes: [Double], result: FixResult
    ) -> FixResult {
        var result = result
        var base = SplitPlanner.basePlan(
            report, profile: command.target, strict: command.strict, platforms: command.platforms, keyframes: keyframes)
        var keys = keyframes
        var parts = SplitPlanner.parts(duration: duration, keyframes: keys, longest: longest)
        var operations =
            ["split into parts of at most \(Units.number(longest)) s at keyframes"]
            + FixPlan.video(base).operations.filter { !$0.hasPrefix("write ") }
        var intermediate: AtomicFile?
        defer { intermediate?.discard() }
        var encodes = false
        if case .encode = base.video { encodes = true }
        if parts == nil || encodes {
            // Re-encode the whole clip once, a keyframe every 80% of a part, then cut that.
            let reencoded = base.reencoded(keyframeSeconds: (longest * 0.8 * 10).rounded(.down) / 10)
            operations = FixPlan.video(reencoded).operations + ["then " + operations[0] + ", packets copied"]
            if command.dryRun {
                parts = SplitPlanner.parts(
                    duration: duration, keyframes: stride(from: 0, to: duration, by: longest * 0.8).map { $0 }, longest: longest)
            } else {
                do {
                    let file = try AtomicFile(
                        replacing: destinationPath(for: report.path, planned: FixHint.fixedPath(report.path, extension: "mp4"))
                            + ".whole", inputs: inputs)
                    intermediate = file
                    try Fixer.run(reencoded, into: file.descriptor, progress: progress(for: report.path, total: duration))
                    guard let temporary = file.readablePath, let again = Fixer.keyframes(temporary) else {
                        throw FixerFailure.input(ProbeFailure(.internal, "cannot read back the re-encoded clip"))
                    }
                    keys = again
                    parts = SplitPlanner.parts(duration: duration, keyframes: keys, longest: longest)
                    base = reencoded.copied(from: temporary)
                } catch let error as FixerFailure {
                    switch error {
                    case .output(let message): result.fail(.output("cannot write the re-encoded clip: \(message)"))
                    // The status fix gives the same failure of a whole file (65, 66 or 70).
                    case .input(let probe):
                        result.fail(.media([probe.code], summary: "cannot re-encode it for the split: \(probe.message)"))
                    }
                    return result
                } catch {
                    result.fail(.output("cannot write the re-encoded clip: \(error)"))
                    return result
                }
            }
        }
        guard let parts else {
            result.fail("cannot split it: its keyframes are further apart than \(Units.number(longest)) s")
            return result
        }
        var files: [(path: String, file: AtomicFile, start: Double, end: Double?)] = []
        defer { for entry in files { entry.file.discard() } }
        for (number, part) in parts.enumerated() {
            let path = destinationPath(
                for: report.path,
                planned: SplitPlanner.partPath(report.path, number: number + 1, extension: base.container.rawValue))
            let span =
                "part \(number + 1): \(Units.number(part.start)) to \(part.end.map { Units.number($0) + " s" } ?? "the end")"
            if let why = refusal(path) {
                result.fail(.output(why))
                result.outputs = []
                return result
            }
            if command.dryRun {
                result.outputs.append(FixResult.Written(path: path, durationSeconds: nil, operations: operations + [span]))
                continue
            }
            let file: AtomicFile
            do {
                file = try AtomicFile(replacing: path, inputs: inputs)
            } catch {
                result.fail(.output(error.description))
                result.outputs = []
                return result
            }
            files.append((path, file, part.start, part.end))
            do throws(CLIError) {
                do throws(FixerFailure) {
                    try Fixer.run(base, start: part.start, end: part.end, into: file.descriptor)
                } catch {
                    throw Self.failure(error)
                }
                let seconds = try check(file, role: .backgroundVideo)
                result.outputs.append(FixResult.Written(path: path, durationSeconds: seconds, operations: operations + [span]))
            } catch {
                result.fail(error.prefixed("part \(number + 1): "))
                result.outputs = []
                return result
            }
        }
        // Every part passes: now they all replace what was there. Should one rename fail, the
        // parts already renamed are removed: a split is there whole or not at all.
        var committed: [String] = []
        for entry in files {
            do {
                try entry.file.commit()
                committed.append(entry.path)
            } catch {
                for path in committed { Posix.remove(path) }
                result.fail(.output("\(error); no part written"))
                result.outputs = []
                return result
            }
        }
        files = []
        // A part from an earlier split into more parts is not this split's: say so, leave it.
        let next = destinationPath(
            for: report.path,
            planned: SplitPlanner.partPath(report.path, number: parts.count + 1, extension: base.container.rawValue))
        if !command.dryRun, Posix.identity(next) != nil {
            stderr.write("reelshare: warning: \(next) is left from an earlier split; this one has \(parts.count) parts\n")
        }
        return result
    }

    /// Writes through an AtomicFile at `path`, checks the result, and moves it into place.
    /// Returns the output's duration.
    private func write(to path: String, role: Role, _ body: (Int32) throws(FixerFailure) -> Void) throws(CLIError) -> Double? {
        let file: AtomicFile
        do {
            file = try AtomicFile(replacing: path, inputs: inputs)
        } catch {
            throw .output(error.description)
        }
        do {
            try body(file.descriptor)
        } catch {
            file.discard()
            throw Self.failure(error)
        }
        let seconds: Double?
        do {
            seconds = try check(file, role: role)
        } catch {
            file.discard()
            throw error
        }
        do {
            try file.commit()
        } catch {
            throw .output(error.description)
        }
        return seconds
    }

    /// The fixer's failure: the input's (read as a probe would: 65, 66, 70) or the output's (73).
    private static func failure(_ failure: FixerFailure) -> CLIError {
        switch failure {
        case .input(let probe): return .media([probe.code], summary: "the fix failed: \(probe.message)")
        case .output(let message): return .output(message)
        }
    }

    /// Probes what was written and holds it to the target: the rules that still fail are the error.
    private func check(_ file: AtomicFile, role: Role) throws(CLIError) -> Double? {
        guard let temporary = file.readablePath else { return nil }  // a device: nothing to read back
        let report = MediaProber(options: command.options).probe(temporary)
        let verdict = Rules.evaluate(
            report, role: role, profile: command.target, strict: command.strict, platforms: command.platforms)
        let failing = verdict.findings.filter { $0.severity == .error }
        guard failing.isEmpty else {
            throw .rejected(
                summary: "the fixed file still fails \(failing.map(\.rule.rawValue).joined(separator: ", ")): "
                    + failing.map(\.message).joined(separator: "; ") + "; nothing written")
        }
        if case .av(let media) = report.content { return media.durationSeconds }
        return nil
    }

    /// The output path: -o, or the planned name in --output-dir, or the planned name.
    private func destinationPath(for input: String, planned: String) -> String {
        if let output = command.output { return output }
        guard let directory = command.outputDirectory else { return planned }
        return FixCommand.inDirectory(directory, planned.split(separator: "/").last.map(String.init) ?? planned)
    }

    /// A progress line on a terminal: the seconds written of the clip's.
    private func progress(for path: String, total: Double?) -> ((Double) -> Void)? {
        guard showsProgress, let total, total > 0 else { return nil }
        let stderr = self.stderr
        return { done in
            stderr.write("\rreelshare: fixing \(path): \(Units.number(min(done, total))) of \(Units.number(total)) s\u{1B}[K")
            stderr.flush()
        }
    }
}
