// The work of `fix` on one file, safe to run on several threads at once: probe, judge, plan, carry
// the plan out through ReelShareMedia's Fixer into an AtomicFile, validate what was written, and
// only then move it into place. FixCommand runs it over the files; FixSplit.swift cuts a clip into
// parts.
import ReelShareKit
import ReelShareMedia

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
    /// The bound's bytes free for work (--max-memory less the process's own): fixes at once
    /// (--jobs) take what their plans tell and wait for it, so the run keeps to the bound.
    let memory: Protected<Int>
    init(command: FixCommand, stderr: Output) {
        self.command = command
        self.stderr = stderr
        memory = Protected(command.maxMemory - FixMemory.process)
        let files = command.files
        inputs = InputIdentities(count: files.count) { files[$0] }
    }

    /// Why `destination` may not be written (the one output rule: a symbolic link, or one of the
    /// run's inputs by any path); nil when it may, or when only creating it can tell.
    func refusal(_ destination: String) -> String? {
        do throws(OutputFailure) {
            try AtomicFile.check(destination, inputs: inputs)
            return nil
        } catch {
            if case .system = error { return nil }
            return error.description
        }
    }

    /// Whether a progress line is shown: on a terminal, in text, one file at a time.
    var showsProgress: Bool {
        stderr.isTerminal && command.format == .text && (command.jobs == 1 || command.files.count == 1)
    }

    func fix(_ path: String) -> FixResult {
        let result = fixFile(path)
        if showsProgress {
            stderr.write(Terminal.eraseLine)  // the progress line, gone before the file's own line
            stderr.flush()
        }
        return result
    }

    func fixFile(_ path: String) -> FixResult {
        var result = FixResult(path: path, target: command.target.id)
        let prober = MediaProber(options: command.options)
        let report = prober.probe(path)
        if let failure = report.failure {
            result.fail(.media([failure.code], summary: "cannot read it: \(failure.message)"))
            return result
        }
        guard let role = Validator.role(of: report, imageRole: command.imageRole, profile: command.target) else {
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
        // An audio file's clip shows the picture the user chose, if one was. A verdict with an
        // error no fix answers has no plan (nor a printed command): the output is still held to
        // what may be written, then the refusal said.
        let plan = final.plan.map { planned in command.still.map { planned.showing(picture: $0) } ?? planned }
        let plannedPath = plan?.output ?? FixHint.fixedPath(path, extension: "mp4")
        let destination = destinationPath(for: path, planned: plannedPath)
        if let plan, case .external = plan {
            result.fail("its fix needs another tool: \(plan.writing(to: destination).command)")
            return result
        }
        if let why = refusal(destination) {
            result.fail(.output(why))
            return result
        }
        if let unfixable = unfixableFailure(verdict) {
            result.fail(unfixable)
            return result
        }
        guard let plan else {
            result.fail("no mechanical fix for \(result.reason): \(failing.first?.message ?? "")")
            return result
        }
        var operations = plan.operations
        if let output = command.output, let wanted = OptionValues.fileExtension(plannedPath),
            !OptionValues.named(output, withExtension: wanted)
        {
            result.fail(.output("the fixed file is \(wanted.uppercased()): name it with .\(wanted) (-o \(output))"))
            return result
        }
        var work = 0
        if case .video(let video) = plan, let media {
            let memory = FixMemory(video, media: media)
            if let why = memory.refusal(bound: command.maxMemory) {
                result.fail(why + "; nothing written")
                return result
            }
            work = memory.work
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
                    try holding(work) { () throws(FixerFailure) in
                        try Fixer.run(
                            video, into: descriptor, timeoutSeconds: command.options.timeoutSeconds,
                            progress: progress(for: path, total: video.outputSeconds(inputSeconds: media?.durationSeconds)))
                    }
                case .image(let image):
                    try Fixer.run(image, into: descriptor, timeoutSeconds: command.options.timeoutSeconds)
                case .external:
                    break
                }
            }
            operations.append("checked: \(command.target.id) accepts it")
            if case .video(let video) = plan, video.dropsAlpha {
                stderr.write(
                    "reelshare: warning: \(PathCoding.lineText(path)): its transparency is dropped: H.264 carries none\n")
            }
            result.outputs = [FixResult.Written(path: destination, durationSeconds: written, operations: operations)]
        } catch {
            result.fail(error)
        }
        return result
    }

    /// Runs `body` once `bytes` of the bound are free (the other files' fixes hold the rest),
    /// holding them meanwhile. Each file's plan was held to the whole bound, so its share comes.
    func holding(_ bytes: Int, _ body: () throws(FixerFailure) -> Void) throws(FixerFailure) {
        memory.withLock(when: { $0 >= bytes }) { $0 -= bytes }
        // What the probe freed, and after, what this work freed: back to the system before other
        // work takes its part (glibc keeps freed blocks in the arena of the thread that freed them).
        Posix.releaseFreedMemory()
        defer {
            Posix.releaseFreedMemory()
            memory.withLock { $0 += bytes }
        }
        try body()
    }

    /// What no fix answers, said before any work (a re-encode would be thrown away); nil when
    /// every error has a fix.
    func unfixableFailure(_ verdict: TargetVerdict) -> String? {
        let unfixable = FixPlanner.unfixable(verdict.findings)
        guard let first = unfixable.first else { return nil }
        return
            "no mechanical fix for \(unfixable.map(\.rule.rawValue).joined(separator: ", ")): \(first.message); nothing written"
    }

    /// Writes through an AtomicFile at `path`, checks the result, and moves it into place.
    /// Returns the output's duration.
    func write(to path: String, role: Role, _ body: (Int32) throws(FixerFailure) -> Void) throws(CLIError) -> Double? {
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
    static func failure(_ failure: FixerFailure) -> CLIError {
        switch failure {
        case .input(let probe): return .media([probe.code], summary: "the fix failed: \(probe.message)")
        case .output(let message): return .output(message)
        }
    }

    /// Probes what was written and holds it to the target: the rules that still fail are the error.
    func check(_ file: AtomicFile, role: Role) throws(CLIError) -> Double? {
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
    func destinationPath(for input: String, planned: String) -> String {
        if let output = command.output { return output }
        guard let directory = command.outputDirectory else { return planned }
        return FixCommand.inDirectory(directory, planned.split(separator: "/").last.map(String.init) ?? planned)
    }

    /// A progress line on a terminal: the seconds written of the clip's.
    func progress(for path: String, total: Double?) -> ((Double) -> Void)? {
        guard showsProgress, let total, total > 0 else { return nil }
        let stderr = self.stderr
        return { done in
            stderr.write(
                "\(Terminal.lineStart)reelshare: fixing \(PathCoding.lineText(path)): \(Units.number(min(done, total))) of \(Units.number(total)) s\(Terminal.escape)[K"
            )
            stderr.flush()
        }
    }
}
