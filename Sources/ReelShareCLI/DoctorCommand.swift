// `reelshare doctor`: check an app's Info.plist and AndroidManifest.xml for what sharing needs.
import Foundation
import ReelShareKit

struct DoctorCommand {
    var plists: [String]
    var manifests: [String]
    var targets: [TargetProfile]
    var appId: String?
    var format: ValidateCommand.Format

    init(_ parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        plists = parsed.values["plist"] ?? []
        manifests = parsed.values["manifest"] ?? []
        guard !plists.isEmpty || !manifests.isEmpty else {
            throw UsageError("doctor needs --plist Info.plist and/or --manifest AndroidManifest.xml", command: "doctor")
        }
        if let operand = parsed.operands.first {
            throw UsageError("doctor takes its files through --plist and --manifest (got '\(operand)')", command: "doctor")
        }
        format = ValidateCommand.Format(rawValue: parsed.value("format") ?? "text")!
        let profiles = try ValidateCommand.profiles(parsed)
        targets = try ValidateCommand.targets(named: parsed.values["target"] ?? [], in: profiles, command: "doctor")
            ?? profiles.shareTargets
        appId = parsed.value("app-id") ?? environment["REELSHARE_APP_ID"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run(stdout: Output, stderr: Output) -> ExitStatus {
        var summary = ValidationSummary()
        let renderer = ValidationRenderer(format: format, color: stdout.isTerminal && Terminal.colorAllowed, stdout: stdout)
        renderer.begin()
        let jobs = plists.map { ($0, true) } + manifests.map { ($0, false) }
        for (path, isPlist) in jobs {
            let result: ValidationResult
            if let bytes = InputFiles.readFile(path, limit: 16 << 20) {
                let data = Data(bytes)
                result = isPlist ? Doctor.checkPlist(data, path: path, targets: targets, appId: appId)
                    : Doctor.checkManifest(data, path: path, targets: targets)
            } else {
                stderr.write("reelshare: error: \(path): cannot read the file\n")
                result = Doctor.cannotRead(path, plist: isPlist, targets: targets)
            }
            summary.add(result)
            renderer.add(result)
        }
        renderer.end(summary)
        return summary.rejected > 0 ? .validationFailed : .success
    }
}
