// doctor on what the share code does: the targets a project's app is judged for are those its
// code and plugin calls reach (--target overrides), and each call is checked as written: the App
// ID travels, what it hands over on Android is a content:// URI the target may read, and every
// FileProvider.getUriForFile asks for an authority a declared provider has.
import FoundationEssentials

extension Doctor {
    /// The targets `app` is judged for, out of `targets`: those its share calls reach; where it
    /// has none, those its Info.plist prepares (a scheme listed), said as such; else none.
    static func used(
        _ app: FoundApp, code: ShareCode, targets: [TargetProfile]
    ) -> (judged: [TargetProfile], calls: [ShareCall], note: Finding?) {
        let calls = code.calls(from: app.platform, sourceSets: sourceSets(app)).filter { call in
            targets.contains { $0.id == call.target }
        }
        if !calls.isEmpty {
            return (targets.filter { target in calls.contains { $0.target == target.id } }, calls, nil)
        }
        guard case .ios(let ios) = app.content, case .array(let listed)? = ios.plist["LSApplicationQueriesSchemes"] else {
            return ([], [], nil)
        }
        let schemes = Set(listed.compactMap { $0.string?.lowercased() })
        // (not a target whose share code was found in a function nothing calls: that is said)
        let unreached = Set(code.unreachedCalls(from: app.platform, besides: []).map(\.target))
        let prepared = targets.filter {
            !unreached.contains($0.id) && ($0.ios.map { schemes.contains($0.queryScheme.lowercased()) } ?? false)
        }
        guard !prepared.isEmpty else { return ([], [], nil) }
        let note = Finding(
            .shareCall, severity: .info,
            message:
                "LSApplicationQueriesSchemes lists \(prepared.compactMap { $0.ios?.queryScheme }.joined(separator: ", ")), but no share call to \(prepared.count == 1 ? "it" : "them") was found in its \(code.filesRead) source file\(code.filesRead == 1 ? "" : "s"): judged as set up (a call through a wrapper, or a URL built at run time, is not seen)",
            source: "reelshare")
        return (prepared, [], note)
    }

    /// The findings of `app`'s share calls to `target`, and of its getUriForFile calls.
    static func callFindings(_ app: FoundApp, code: ShareCode, target: TargetProfile) -> [Finding] {
        var findings: [Finding] = []
        let sets = sourceSets(app)
        for call in code.checkedCalls(from: app.platform, sourceSets: sets) where call.target == target.id {
            findings += findingsOf(call, target: target, platform: app.platform)
        }
        // A share URL defined as a constant (`STORIES_DEEP_LINK = "instagram-stories://share?
        // source_application=…"`) is not checked as a call, but the App ID it spells is.
        for call in code.calls where call.isDefinition && call.target == target.id && call.appIdLiteral != nil {
            guard call.platform == app.platform, ShareCode.isBuilt(call.file, by: sets) else { continue }
            var literal = call
            literal.carriesAppId = true
            literal.mediaNotData = nil
            literal.grantsRead = nil
            literal.fileURILine = nil
            findings += findingsOf(literal, target: target, platform: app.platform)
        }
        guard case .android(let android) = app.content else { return findings }
        let declared = declaredAuthorities(android)
        let id = android.applicationId ?? android.package
        func isDeclared(_ authority: String) -> Bool {
            declared.contains(id.map { authority.replacingScalars("${applicationId}", with: $0) } ?? authority)
                || declared.contains(authority)
        }
        for call in code.providerCalls where ShareCode.isBuilt(call.file, by: sets) {
            guard let authority = call.authority, !isDeclared(authority) else { continue }
            findings.append(
                authorityFinding(authority, written: "FileProvider.getUriForFile(…, \(call.written), …)", call.file, call.line))
        }
        // A plugin whose native code asks for a provider it does not declare: the app must.
        var asked: Set<String> = []
        for call in code.checkedCalls(from: .android, sourceSets: sets) where call.target == target.id {
            // Each plugin's provider said once, at its first call.
            guard let id = call.plugin, asked.insert(id).inserted else { continue }
            guard let plugin = SharePlugin.builtin.first(where: { $0.id == call.plugin }), !plugin.declaresProvider,
                let authority = plugin.authority, !isDeclared(authority)
            else { continue }
            var finding = authorityFinding(authority, written: "\(plugin.id)'s native code", call.file, call.line)
            finding.source = plugin.source
            findings.append(finding)
        }
        return findings
    }

    /// An Android variant's source sets; nil for an iOS app or where not known.
    static func sourceSets(_ app: FoundApp) -> [String]? {
        guard case .android(let android) = app.content else { return nil }
        return android.sourceSets
    }

    private static func authorityFinding(_ authority: String, written: String, _ file: String, _ line: Int) -> Finding {
        var finding = Finding(
            .shareAuthority, severity: .error,
            message:
                "\(written) asks for the authority \(authority), which no declared provider has: getUriForFile throws IllegalArgumentException and nothing is shared",
            actual: .string(authority),
            source: "Android Developers, FileProvider.getUriForFile: IllegalArgumentException when no provider has the authority",
            fix:
                "declare <provider android:name=\"androidx.core.content.FileProvider\" android:authorities=\"\(authority)\" android:exported=\"false\" android:grantUriPermissions=\"true\"> with its FILE_PROVIDER_PATHS in <application>"
        )
        finding.file = file
        finding.line = line
        return finding
    }

    /// Every authority the app's providers declare, its id substituted.
    static func declaredAuthorities(_ app: AndroidApp) -> Set<String> {
        let id = app.applicationId ?? app.package
        var found: Set<String> = []
        for provider in app.manifest.children("application").flatMap({ $0.children("provider") }) {
            for authority in (provider.attribute("authorities")?.string ?? "").split(separator: ";") {
                let text = String(authority.trimmingBlanks)
                found.insert(id.map { text.replacingScalars("${applicationId}", with: $0) } ?? text)
            }
        }
        return found
    }

    static func findingsOf(_ call: ShareCall, target: TargetProfile, platform: Platform) -> [Finding] {
        var findings: [Finding] = []
        let how = call.plugin.map { "\($0)'s \(call.written)" } ?? call.written
        let needsAppId = platform == .ios ? target.ios?.appId != nil : target.android?.extras.appId != nil
        if needsAppId, !call.carriesAppId {
            let said: String
            if let plugin = call.plugin, let known = SharePlugin.builtin.first(where: { $0.id == plugin }),
                let entry = known.calls.first(where: { $0.call == call.written })
            {
                said =
                    entry.sendsAppId
                    ? "the call passes no \(entry.appIdArgument ?? "App ID")"
                    : "\(plugin) sends no App ID with this share at all"
            } else if platform == .ios, let misplaced = call.misplacedAppId {
                said =
                    "its App ID is put \(misplaced == "source_application" ? "in the URL's source_application" : "under the pasteboard key …sharedSticker.appID"), where \(target.name) does not read it (it reads \(iosPlacement(target)))"
            } else {
                said =
                    platform == .ios
                    ? "no App ID is put near it (\(iosPlacement(target)))"
                    : "no App ID extra is put near it (\(target.android?.extras.appId ?? "source_application"))"
            }
            findings.append(
                located(
                    Finding(
                        .shareAppId, severity: .error,
                        message:
                            "\(how) shares to \(target.name) as written, but \(said): the target refuses the share (\"The app you shared from doesn't currently support sharing\")",
                        source: (platform == .ios ? target.ios?.source : target.android?.source) ?? "reelshare"), call))
        }
        if needsAppId, let literal = call.appIdLiteral, !MetaAppID.isValid(literal) {
            findings.append(
                located(
                    Finding(
                        .shareAppId, severity: .error,
                        message:
                            "\(how) shares to \(target.name) with the App ID \"\(literal)\" as written\(literal.hasPrefix("Optional(") ? " (String(describing:) of an optional: unwrap it first)" : ""), which is not a Meta App ID (decimal digits, as the app's dashboard shows them)\(MetaAppID.guess(literal)): the target refuses the share",
                        actual: .string(literal),
                        source: (platform == .ios ? target.ios?.source : target.android?.source) ?? "reelshare"), call))
        }
        if let media = call.mediaNotData {
            var finding = located(
                Finding(
                    .shareMediaType, severity: .error,
                    message:
                        "the pasteboard's \(media.key) for \(target.name) is given a URL, path or string as written, not the media's bytes (Data): the composer opens without it",
                    source: target.ios?.source ?? "reelshare", fix: "put Data(contentsOf: url) under the key, not the URL"), call)
            finding.line = media.line
            findings.append(finding)
        }
        if call.grantsRead == false {
            findings.append(
                located(
                    Finding(
                        .shareReadPermission, severity: .error,
                        message:
                            "the intent for \(target.name) hands over a URI as written but grants no read access (no FLAG_GRANT_READ_URI_PERMISSION or grantUriPermission near it): the target cannot open the media (\"Failed to copy file from external app\")",
                        source: target.android?.source ?? "reelshare",
                        fix: "intent.addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)"), call))
        }
        if call.stickerGranted == false {
            findings.append(
                located(
                    Finding(
                        .shareReadPermission, severity: .error,
                        message:
                            "the intent for \(target.name) hands over its sticker in the \(target.android?.extras.sticker ?? "sticker") extra as written, but grants it with no grantUriPermission: an intent's read flag covers its data, not its extras, so the target cannot open the sticker",
                        source: target.android?.source ?? "reelshare",
                        fix:
                            "activity.grantUriPermission(\"\(target.android?.package ?? "com.instagram.android")\", stickerUri, Intent.FLAG_GRANT_READ_URI_PERMISSION)"
                    ),
                    call))
        }
        if let line = call.fileURILine {
            var finding = located(
                Finding(
                    .shareFileURI, severity: .error,
                    message:
                        "the intent for \(target.name) is given a file:// URI as written: from API 24 Android throws FileUriExposedException and nothing is shared",
                    source: "Android Developers, FileUriExposedException (API 24): a file:// URI may not leave the app",
                    fix: "FileProvider.getUriForFile(context, AUTHORITY, file) for a content:// URI"), call)
            finding.line = line
            findings.append(finding)
        }
        return findings
    }

    /// Where `target` reads the App ID on iOS, in words.
    static func iosPlacement(_ target: TargetProfile) -> String {
        if case .url(let parameter)? = target.ios?.appId { return "\(parameter) in the URL's query" }
        return "the pasteboard key …sharedSticker.\(target.ios?.appId.name ?? "appID")"
    }

    private static func located(_ finding: Finding, _ call: ShareCall) -> Finding {
        var finding = finding
        finding.file = call.file
        finding.line = call.line
        return finding
    }
}
