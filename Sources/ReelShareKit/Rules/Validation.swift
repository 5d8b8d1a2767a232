// Validation of one file against several targets, and its wire form (schemaVersion 1).

/// What a result is about: a media file of a kind, or (doctor) an app's plist or manifest, or a
/// path that holds no app doctor can read.
public enum ResultKind: Sendable, Equatable {
    case media(MediaKind)
    case plist
    case manifest
    case app

    /// As the JSON and the report name it.
    public var name: String {
        switch self {
        case .media(let kind): return kind.rawValue
        case .plist: return "plist"
        case .manifest: return "manifest"
        case .app: return "app"
        }
    }
}

public struct ValidationResult: Sendable, Equatable {
    public init(path: String, kind: ResultKind, role: Role?, verdicts: [TargetVerdict], accepted: Bool) {
        self.path = path
        self.kind = kind
        self.role = role
        self.verdicts = verdicts
        self.accepted = accepted
    }

    public var path: String
    public var kind: ResultKind
    /// doctor: the file judged inside `path` (Payload/Demo.app/Info.plist); nil for `path` itself.
    public var file: String?
    /// doctor: the app judged.
    public var app: AppDescription?
    public var role: Role?
    public var verdicts: [TargetVerdict]
    /// Whether the file passes: any target when none was named, every named target otherwise.
    public var accepted: Bool

    /// A result of doctor's (an app's plist or manifest), not of a media file.
    public var isDoctor: Bool {
        if case .media = kind { return false }
        return true
    }

    /// The same app's verdicts with its warnings made errors (doctor --strict): every target must
    /// then pass without one.
    public func strict() -> ValidationResult {
        var result = self
        for v in result.verdicts.indices {
            for f in result.verdicts[v].findings.indices where result.verdicts[v].findings[f].severity == .warning {
                result.verdicts[v].findings[f].severity = .error
            }
        }
        result.accepted = accepted && result.verdicts.allSatisfy(\.accepted)
        return result
    }

    /// The errors and warnings, a finding several targets make alike counted once (as text output
    /// prints it once, naming them all): an unreadable file is one error, not one per target.
    public var errorCount: Int { distinctFindings(.error) }
    public var warningCount: Int { distinctFindings(.warning) }

    private func distinctFindings(_ severity: Severity) -> Int {
        var seen: [Finding] = []
        for finding in verdicts.lazy.flatMap(\.findings) where finding.severity == severity {
            if !seen.contains(where: { $0.sameWords(as: finding) }) { seen.append(finding) }
        }
        return seen.count
    }
}

public enum Validator {
    /// The role a file plays: its kind decides; an image plays `imageRole` (a sticker, a
    /// background image, or, animated, a background video to be made of it), and without one a
    /// sticker, or a background image for a target that takes that and no sticker (an Instagram
    /// Story published through the Graph API).
    public static func role(of report: ProbeReport, imageRole: Role?, profile: TargetProfile? = nil) -> Role? {
        switch report.kind {
        case .video, .audio: return .backgroundVideo
        case .image:
            if let imageRole { return imageRole }
            guard let profile, profile.roles[.sticker] == nil, profile.roles[.backgroundImage] != nil else { return .sticker }
            return .backgroundImage
        default: return nil
        }
    }

    /// Evaluates every profile. `requireAll`: the file must pass them all (targets were named);
    /// otherwise one is enough.
    public static func validate(
        _ report: ProbeReport, against profiles: [TargetProfile], imageRole: Role?, strict: Bool, requireAll: Bool,
        platforms: Set<Platform> = Set(Platform.allCases)
    ) -> ValidationResult {
        let role = role(of: report, imageRole: imageRole, profile: profiles.first)
        let verdicts = profiles.map {
            Rules.evaluate(
                report, role: Self.role(of: report, imageRole: imageRole, profile: $0) ?? imageRole ?? .sticker, profile: $0,
                strict: strict, platforms: platforms)
        }
        let accepted = requireAll ? verdicts.allSatisfy(\.accepted) : verdicts.contains(where: \.accepted)
        return ValidationResult(path: report.path, kind: .media(report.kind), role: role, verdicts: verdicts, accepted: accepted)
    }

    /// Whether validating videos against these profiles needs a packet scan.
    public static func needsPacketScan(_ profiles: [TargetProfile]) -> Bool {
        profiles.contains { Rules.needsPacketScan($0.roles[.backgroundVideo] ?? []) }
    }
}

/// Running totals for the summary, kept as results stream by.
public struct ValidationSummary: Sendable, Equatable {
    public var files = 0
    public var accepted = 0
    public var errors = 0
    public var warnings = 0
    /// Per target: how many files it accepted and rejected.
    public var byTarget: [String: (accepted: Int, rejected: Int)] = [:]

    public init() {}

    public var rejected: Int { files - accepted }

    public mutating func add(_ result: ValidationResult) {
        files += 1
        if result.accepted { accepted += 1 }
        errors += result.errorCount
        warnings += result.warningCount
        for verdict in result.verdicts {
            var counts = byTarget[verdict.target] ?? (0, 0)
            if verdict.accepted { counts.accepted += 1 } else { counts.rejected += 1 }
            byTarget[verdict.target] = counts
        }
    }

    public static func == (a: ValidationSummary, b: ValidationSummary) -> Bool {
        a.files == b.files && a.accepted == b.accepted && a.errors == b.errors && a.warnings == b.warnings
            && a.byTarget.mapValues { [$0.accepted, $0.rejected] } == b.byTarget.mapValues { [$0.accepted, $0.rejected] }
    }
}

public enum ValidationJSON {
    public static func result(_ r: ValidationResult) -> JSON {
        var members: [String: JSON] = [
            "path": .string(r.path),
            "kind": .string(r.kind.name),
            "role": .from(r.role?.rawValue),
            "accepted": .bool(r.accepted),
            "targets": .array(r.verdicts.map { verdict($0, doctor: r.isDoctor) }),
        ]
        if r.isDoctor {
            members["file"] = .from(r.file)
            members["app"] = r.app.map(app) ?? .null
        }
        return .object(members)
    }

    static func app(_ a: AppDescription) -> JSON {
        var members: [String: JSON] = [
            "platform": .string(a.platform.rawValue), "form": .string(a.form.rawValue), "framework": .from(a.framework?.rawValue),
            "identifier": .from(a.identifier), "shipped": .bool(a.shipped), "libraries": .array(a.libraries.map(JSON.string)),
            "variant": .from(a.variant),
        ]
        // The targets its share code reaches, each where it was found (when they chose the targets).
        if let shares = a.shares {
            members["shares"] = .array(
                shares.map {
                    .object([
                        "target": .string($0.target), "file": .string($0.file), "line": .int($0.line),
                        "written": .string($0.written), "plugin": .from($0.plugin),
                    ])
                })
            members["sourceFiles"] = .from(a.sourceFiles)
            members["unreached"] = .array(
                a.unreached.map {
                    .object([
                        "target": .string($0.target), "file": .string($0.file), "line": .int($0.line),
                        "function": .from($0.function),
                    ])
                })
        }
        return .object(members)
    }

    static func verdict(_ v: TargetVerdict, doctor: Bool = false) -> JSON {
        .object([
            "target": .string(v.target), "accepted": .bool(v.accepted),
            "findings": .array(v.findings.map { finding($0, doctor: doctor) }), "fix": .from(v.fix),
            "reelshareFix": .from(v.reelshareFix),
        ])
    }

    public static func finding(_ f: Finding, doctor: Bool = false) -> JSON {
        guard case .object(var members) = finding(f) else { return .null }
        if doctor {
            members["file"] = .from(f.file)
            if let line = f.line { members["line"] = .int(line) }
        }
        return .object(members)
    }

    public static func finding(_ f: Finding) -> JSON {
        .object([
            "rule": .string(f.rule.rawValue),
            "severity": .string(f.severity.rawValue),
            "message": .string(f.message),
            "actual": f.actual,
            "limit": f.limit,
            "source": .string(f.source),
            "fix": .from(f.fix),
            "platforms": .array(f.platforms.map { .string($0.rawValue) }),
        ])
    }

    public static func summary(_ s: ValidationSummary) -> JSON {
        .object([
            "files": .int(s.files),
            "accepted": .int(s.accepted),
            "rejected": .int(s.rejected),
            "errors": .int(s.errors),
            "warnings": .int(s.warnings),
            "targets": .object(s.byTarget.mapValues { .object(["accepted": .int($0.accepted), "rejected": .int($0.rejected)]) }),
        ])
    }
}
