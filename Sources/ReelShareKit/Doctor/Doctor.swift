// `doctor`: the mistakes outside the media that make sharing fail silently. An iOS app that does
// not list the target's URL scheme under LSApplicationQueriesSchemes gets `false` from canOpenURL;
// an Android 11+ app without a <queries> entry cannot see the target app; a FileProvider that is
// exported or does not grant URI permissions makes the target unable to read the media.
// The checks are in IOSChecks and AndroidChecks; AppFinder finds what to check. The results have
// the shape of `validate`'s, so the same renderers and exit statuses apply.
import FoundationEssentials

/// What a result says of the app it judged (JSON's `app`).
public struct AppDescription: Sendable, Equatable {
    public var platform: Platform
    public var form: AppForm
    public var framework: AppFramework?
    public var identifier: String?
    /// Whether what was judged is what ships (a built app, or a file named on its own).
    public var shipped: Bool
    /// The library manifests merged in.
    public var libraries: [String]
    /// The Android build variant judged (prodRelease), where the project names one.
    public var variant: String?
    /// The share calls that chose the targets judged (the first of each target), where the
    /// project's sources chose them; nil when --target did, or no sources were read.
    public var shares: [ShareCall]?
    /// The source files read for them.
    public var sourceFiles: Int?
    /// Share calls found in functions that nothing in the sources calls, for targets not judged
    /// (the first of each): said, not judged.
    public var unreached: [ShareCall] = []
    /// Whether the sources were read and nothing shares: the app was judged for no target.
    public var sharesNothing: Bool { shares?.isEmpty == true }

    public init(_ app: FoundApp) {
        platform = app.platform
        form = app.form
        framework = app.framework
        identifier = app.identifier
        shipped = app.completeness == .shipped
        if case .android(let android) = app.content {
            libraries = android.libraries
            variant = android.variant
        } else {
            libraries = []
        }
    }
}

public enum Doctor {
    /// Judges one app found in `path`. `appIdKeys` are the Info.plist keys any known profile
    /// reads the App ID from; `shown` turns a file the app names into the path the user reaches it
    /// by (findings and fix commands name files so).
    ///
    /// `code` is what the project's sources do to share: without it (a built app, or --target
    /// given) every target of `targets` is judged; with it, the targets its calls reach, each
    /// call checked as written.
    public static func check(
        _ app: FoundApp, path: String, targets: [TargetProfile], appIdKeys: Set<String> = [], appId: String?,
        code: ShareCode? = nil, choose: Bool = false, shown: (String) -> String = { $0 }
    ) -> ValidationResult {
        var targets = targets
        var note: Finding?
        var shares: [ShareCall]?
        if let code, choose, app.form == .project {
            let used = used(app, code: code, targets: targets)
            (targets, shares, note) = (used.judged, used.calls, used.note)
        }
        var verdicts: [TargetVerdict]
        switch app.content {
        case .ios(var ios):
            ios.completeness = ios.completeness.shown(shown)
            // A fix edits the project's Info.plist: the file judged, or for a built app its source.
            let archive = [.ipa, .app, .xcarchive].contains(app.form)
            let plist = archive ? "Info.plist" : ios.file.map(shown) ?? path
            verdicts = targets.compactMap { checkIOS(ios, target: $0, appIdKeys: appIdKeys, appId: appId, plistPath: plist) }
        case .android(var android):
            android.completeness = android.completeness.shown(shown)
            verdicts = targets.compactMap { target in
                // Shared to only through plugins that declare their own FileProvider.
                let calls = (shares ?? []).filter { $0.target == target.id }
                let provided = !calls.isEmpty && calls.allSatisfy { SharePlugin.declaresProvider($0.plugin) }
                return checkAndroid(android, target: target, appId: appId, providedByPlugin: provided)
            }
        }
        for v in verdicts.indices {
            for f in verdicts[v].findings.indices { verdicts[v].findings[f].file = verdicts[v].findings[f].file.map(shown) }
        }
        // The share code's files are named from the path given already.
        if let code, app.form == .project {
            for v in verdicts.indices {
                guard let target = targets.first(where: { $0.id == verdicts[v].target }) else { continue }
                let found = callFindings(app, code: code, target: target) + (note.map { [$0] } ?? [])
                verdicts[v].findings += found
            }
        }
        var result = ValidationResult(
            path: path, kind: app.platform == .ios ? .plist : .manifest, role: nil, verdicts: verdicts,
            accepted: verdicts.allSatisfy(\.accepted))
        result.file = app.file.map(shown)
        var description = AppDescription(app)
        description.libraries = description.libraries.map(shown)
        if let shares, let code {
            description.shares = shares
            description.sourceFiles = code.filesRead
            description.unreached = code.unreachedCalls(
                from: app.platform, sourceSets: sourceSets(app), besides: verdicts.map(\.target))
        }
        result.app = description
        return result
    }

    /// An Info.plist's bytes, named on its own.
    public static func checkPlist(
        _ data: Data, path: String, targets: [TargetProfile], appIdKeys: Set<String> = [], appId: String?
    ) -> ValidationResult {
        do throws(AppFileError) {
            let app = try IOSApp.read([UInt8](data), file: nil, path: path, completeness: .shipped)
            return check(
                FoundApp(form: .plist, content: .ios(app)), path: path, targets: targets, appIdKeys: appIdKeys, appId: appId)
        } catch {
            return unreadable(path, platform: .ios, "not a property list (XML or binary) with a dictionary at its top", targets)
        }
    }

    /// An AndroidManifest.xml's bytes (text or binary XML), named on its own.
    public static func checkManifest(_ data: Data, path: String, targets: [TargetProfile], appId: String? = nil)
        -> ValidationResult
    {
        do throws(AppFileError) {
            let manifest = try AppFinder.manifest([UInt8](data), origin: path)
            let app = AndroidApp(manifest: manifest, file: nil, completeness: .shipped)
            return check(FoundApp(form: .manifest, content: .android(app)), path: path, targets: targets, appId: appId)
        } catch {
            return unreadable(path, platform: .android, "not an AndroidManifest.xml (not XML, or no <manifest> root)", targets)
        }
    }

    /// The result for a path that could not be read, or whose app files are malformed: one error
    /// finding per target (ios.plist or android.manifest, or app.unreadable when the platform is
    /// unknown).
    public static func unreadable(_ path: String, platform: Platform?, _ message: String, _ targets: [TargetProfile])
        -> ValidationResult
    {
        let rule: OwnCheck = platform == .android ? .androidManifest : platform == .ios ? .iosPlist : .appUnreadable
        let verdicts = targets.map {
            TargetVerdict(target: $0.id, findings: [Finding(rule, severity: .error, message: message, source: "reelshare")])
        }
        return ValidationResult(
            path: path, kind: platform == .android ? .manifest : platform == .ios ? .plist : .app, role: nil,
            verdicts: verdicts, accepted: false)
    }

    /// The most findings of one rule a verdict lists; past them, one finding says how many more
    /// there are (a manifest of 40,000 providers gives 21 findings, not 120,000).
    static let findingsPerRule = 20

    /// Where a finding about a missing element says what else could still supply it.
    static func unlessBuilt(_ completeness: AppCompleteness) -> String {
        guard case .incomplete(let advice) = completeness, !advice.unread.isEmpty else { return "" }
        return ": \(advice.unreadSaid) may still add it (\(advice.said))"
    }

    /// The severity of something missing: a source that a build completes cannot show its
    /// absence while something that could add it was not read, only that it is not there yet;
    /// when everything was read, it is certain.
    static func missing(_ severity: Severity, _ completeness: AppCompleteness) -> Severity {
        if case .incomplete(let advice) = completeness, !advice.unread.isEmpty, severity == .error { return .warning }
        return severity
    }
}

/// A verdict's findings, kept as they come: at most Doctor.findingsPerRule of each rule, then, in
/// the place of the next, one finding that counts the rest, as severe as the worst of them.
struct FindingList {
    private(set) var findings: [Finding] = []
    private var counts: [FindingRule: Int] = [:]
    /// Where each rule's counting finding is in `findings`.
    private var summaries: [FindingRule: Int] = [:]

    init(_ findings: [Finding] = []) { append(contentsOf: findings) }

    mutating func append(_ finding: Finding) {
        let n = counts[finding.rule, default: 0] + 1
        counts[finding.rule] = n
        let limit = Doctor.findingsPerRule
        if n <= limit {
            findings.append(finding)
            return
        }
        var summary = summaries[finding.rule].map { findings[$0] } ?? finding
        summary.severity = max(summary.severity, finding.severity)
        summary.message = "and \(n - limit) more \(finding.rule) findings like these (the first \(limit) are listed)"
        summary.actual = .int(n)
        summary.fix = nil
        if let at = summaries[finding.rule] {
            findings[at] = summary
        } else {
            summaries[finding.rule] = findings.count
            findings.append(summary)
        }
    }

    mutating func append(contentsOf more: some Sequence<Finding>) {
        for finding in more { append(finding) }
    }
}
