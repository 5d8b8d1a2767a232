// What checking says: findings, each naming its rule by a typed name, and a target's verdict.

/// The rule a finding is about: a profile's rule, one of reelshare's own checks, or a known issue
/// of the target app.
public enum FindingRule: Hashable, Sendable, CustomStringConvertible {
    case profile(RuleID)
    case own(OwnCheck)
    /// A known issue of the target app (its id in the profile).
    case advisory(String)

    /// The name in output: "video.codec", "media.role", "advisory.bounces-back".
    public var rawValue: String {
        switch self {
        case .profile(let id): return id.rawValue
        case .own(let check): return check.rawValue
        case .advisory(let id): return "advisory.\(id)"
        }
    }

    public var description: String { rawValue }

    public var isAdvisory: Bool {
        if case .advisory = self { return true }
        return false
    }
}

/// The checks reelshare makes itself, outside any profile: of the file's kind and role, of an
/// app's Info.plist and AndroidManifest.xml (doctor), and of a request (build, preview).
public enum OwnCheck: String, Sendable, CaseIterable {
    case mediaUnreadable = "media.unreadable"
    case mediaKind = "media.kind"
    case mediaRole = "media.role"
    /// doctor: a path that holds no app it can read.
    case appUnreadable = "app.unreadable"
    case iosPlist = "ios.plist"
    case iosQueryScheme = "ios.query-scheme"
    case iosAppId = "ios.app-id"
    case iosInfoPlist = "ios.info-plist"
    case androidManifest = "android.manifest"
    case androidQueries = "android.queries"
    case androidFileProvider = "android.file-provider"
    case androidMetaData = "android.meta-data"
    /// doctor, the share code: a call with no App ID, a URI with no read grant, a file:// URI, an
    /// authority no provider declares, a prepared share with no call found.
    case shareAppId = "share.app-id"
    case shareMediaType = "share.media-type"
    case shareReadPermission = "share.read-permission"
    case shareFileURI = "share.file-uri"
    case shareAuthority = "share.authority"
    case shareCall = "share.call"
    case buildColorPair = "build.color-pair"
    case buildColorsIgnored = "build.colors-ignored"
    case previewSafeZone = "preview.safe-zone"
    case imageColorProfile = "image.color-profile"
    case mediaStreams = "media.streams"
}

/// One result of checking one rule.
public struct Finding: Sendable, Equatable {
    public var rule: FindingRule
    public var severity: Severity
    public var message: String
    /// The platforms it concerns (what an iPhone plays, say); empty for both.
    public var platforms: [Platform] = []
    /// The value found, as JSON (a number, a string, or null when unknown).
    public var actual: JSON
    /// The limit it was held to.
    public var limit: JSON
    public var source: String
    /// A command line that would make the file pass this rule, when the fix is mechanical.
    public var fix: String?
    /// doctor: the file inside the path given that the finding is about (the library manifest
    /// an element came from, the plist inside an .ipa); nil for the path itself.
    public var file: String?
    /// doctor: the line of `file` (a share call in a source file).
    public var line: Int?
    /// The change behind `fix`, kept to merge with other findings' changes.
    var remedy: Fix?

    /// Whether `other` says the same thing of the same place (another target's alike finding):
    /// printed once, naming both targets, and counted once.
    public func sameWords(as other: Finding) -> Bool {
        rule == other.rule && severity == other.severity && message == other.message && source == other.source
            && file == other.file && line == other.line
    }

    public init(
        rule: FindingRule, severity: Severity, message: String, actual: JSON = .null, limit: JSON = .null,
        source: String, fix: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.actual = actual
        self.limit = limit
        self.source = source
        self.fix = fix
    }

    /// One of reelshare's own checks.
    public init(
        _ check: OwnCheck, severity: Severity, message: String, actual: JSON = .null, limit: JSON = .null, source: String,
        fix: String? = nil
    ) {
        self.init(rule: .own(check), severity: severity, message: message, actual: actual, limit: limit, source: source, fix: fix)
    }
}

/// The verdict of one target on one file.
public struct TargetVerdict: Sendable, Equatable {
    public var target: String
    public var findings: [Finding]
    /// One command that applies every mechanical fix of these findings together: `plan`
    /// rendered as an ffmpeg command line.
    public var fix: String?
    /// The plan `fix` carries out.
    public var plan: FixPlan?
    /// The same fix as reelshare's own command (`reelshare fix --target T ... -- FILE`), which runs
    /// where there is no ffmpeg (a CI job with the portable binary); nil where `fix` is the
    /// command already, or cannot carry the plan out.
    public var reelshareFix: String?
    public var accepted: Bool { !findings.contains { $0.severity == .error } }

    public init(target: String, findings: [Finding], fix: String? = nil, plan: FixPlan? = nil) {
        self.target = target
        self.findings = findings
        self.fix = fix
        self.plan = plan
    }
}
