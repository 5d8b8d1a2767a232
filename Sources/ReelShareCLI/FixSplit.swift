// fix --split: a clip too long for Stories cut into parts at keyframes, each within the limit,
// every packet copied (a clip whose keyframes are too far apart is re-encoded once first).
import ReelShareKit
import ReelShareMedia

extension FileFixer {
    /// Parts at keyframes, each within the limit; a clip whose keyframes are too far apart is
    /// re-encoded first (with a keyframe often enough), into a temporary file, and that is split.
    func split(
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
        if let why = FixMemory(base, media: media).refusal(bound: command.maxMemory) {
            result.fail(why + "; nothing written")
            return result
        }
        if parts == nil || encodes {
            // Re-encode the whole clip once, a keyframe every 80% of a part, then cut that.
            let reencoded = base.reencoded(keyframeSeconds: (longest * 0.8 * 10).rounded(.down) / 10)
            // The whole clip re-encoded (where the base plan copies, too): its memory told first.
            let memory = FixMemory(reencoded, media: media)
            if let why = memory.refusal(bound: command.maxMemory) {
                result.fail(why + "; nothing written")
                return result
            }
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
                    try holding(memory.work) { () throws(FixerFailure) in
                        try Fixer.run(reencoded, into: file.descriptor, progress: progress(for: report.path, total: duration))
                    }
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
}
