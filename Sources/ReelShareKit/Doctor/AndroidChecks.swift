// doctor's checks of an Android app's manifest: each target app visible to it (a <queries> entry
// that matches the share), a FileProvider that can hand the target a content:// URI, and the
// <meta-data> the target's profile lists (the Facebook SDK's App ID and client token), with
// `@string/…` references read through the app's resources. Each finding names the manifest its
// element came from; one about something absent from a source that a build completes says what
// could still add it instead of claiming an error.

extension Doctor {
    static let queriesSource = "Android 11 package visibility: <queries> in AndroidManifest.xml"
    static let providerSource = "AndroidX FileProvider: exported=\"false\", grantUriPermissions=\"true\""
    static let pathsSource =
        "AndroidX FileProvider: without its android.support.FILE_PROVIDER_PATHS meta-data, getUriForFile throws 'Missing android.support.FILE_PROVIDER_PATHS meta-data'"
    static let facebookSDKSource =
        "facebook/facebook-android-sdk, FacebookSdk.kt: a number as com.facebook.sdk.ApplicationId throws 'App Ids cannot be directly placed in the manifest. They must be prefixed by 'fb' or be placed in the string resource file.'"

    /// FileProvider's class names, AndroidX's and the support library's.
    static let fileProviderClasses: Set<String> = [
        "androidx.core.content.FileProvider", "android.support.v4.content.FileProvider",
    ]

    /// One target's verdict on an Android app; nil for a target without an Android envelope.
    /// `providedByPlugin`: the app shares to the target only through plugins that declare their
    /// own FileProvider (react-native-share's, merged in by the build), so it needs none of its own.
    static func checkAndroid(_ app: AndroidApp, target: TargetProfile, appId: String?, providedByPlugin: Bool = false)
        -> TargetVerdict?
    {
        guard let android = target.android else { return nil }
        let facts = ManifestFacts(app.manifest)
        var list = FindingList(visibilityFindings(facts, android: android, app: app))
        providerFindings(facts, app: app, providedByPlugin: providedByPlugin, into: &list)
        for entry in android.metaData where entry.when == .always || app.facebookSDK {
            list.append(contentsOf: metaDataFindings(facts, entry: entry, app: app, appId: appId))
        }
        var findings = list.findings
        for index in findings.indices where findings[index].file == nil { findings[index].file = app.file }
        return TargetVerdict(target: target.id, findings: findings, fix: findings.lazy.compactMap(\.fix).first)
    }

    // MARK: visibility

    /// Whether two MIME types (with `*` wildcards) can name the same file.
    static func overlaps(_ a: String, _ b: String) -> Bool {
        let x = a.lowercased().split(separator: "/", maxSplits: 1), y = b.lowercased().split(separator: "/", maxSplits: 1)
        guard x.count == 2, y.count == 2 else { return a == "*" || b == "*" }
        return (x[0] == "*" || y[0] == "*" || x[0] == y[0]) && (x[1] == "*" || y[1] == "*" || x[1] == y[1])
    }

    /// The MIME types the target's shares carry, by role: a fixed type, or for `own` the kind of
    /// file the role takes.
    static func shareTypes(_ android: AndroidEnvelope) -> [(role: Role, type: String)] {
        android.types.sorted { $0.key.rawValue < $1.key.rawValue }.map { role, type in
            switch type {
            case .fixed(let mime): return (role, mime)
            case .own: return (role, role == .backgroundVideo ? "video/*" : "image/*")
            }
        }
    }

    /// The target app is visible when `<queries>` names its package, a provider of it, or an
    /// intent it handles: its share action with a type that covers what is shared (an intent
    /// query matches only the target's filters whose type it names).
    static func visibilityFindings(_ facts: ManifestFacts, android: AndroidEnvelope, app: AndroidApp) -> [Finding] {
        // Package visibility applies to apps that target Android 11 (API 30) and later.
        if let level = app.targetSdk, level < 30 { return [] }
        if facts.packages.contains(where: { $0.name == android.package })
            || android.queryProviders.contains(where: { authority in facts.providers.contains { $0.name == authority } })
        {
            return []
        }
        let actions = [android.action] + (android.multiple.map { [$0.action] } ?? [])
        // An intent with no type matches only filters that name none, and a share filter names
        // the types it takes (Android's intent resolution: the data test): such a query covers
        // nothing shared.
        let intents = facts.intents.filter { actions.contains($0.action) }
        let types = shareTypes(android)
        let uncovered = types.filter { share in !intents.contains { $0.types.contains { overlaps($0, share.type) } } }
        if !intents.isEmpty, uncovered.count < types.count {
            guard !uncovered.isEmpty else { return [] }
            let listed = intents.flatMap(\.types)
            let shares = uncovered.map { "\($0.role.rawValue) (\($0.type))" }.joined(separator: ", ")
            var finding = Finding(
                .androidQueries, severity: .warning,
                message:
                    "<queries> makes \(android.package) visible only through an <intent> for \(android.action) with <data android:mimeType=\"\(listed.joined(separator: "\", \""))\">: a share of \(shares) does not match it; add <package android:name=\"\(android.package)\"/>",
                actual: .array(listed.map(JSON.string)), limit: .array(uncovered.map { .string($0.type) }),
                source: queriesSource, fix: "add <queries><package android:name=\"\(android.package)\"/></queries> to <manifest>")
            finding.file = intents.first?.origin
            return [finding]
        }
        var message: String
        if let intent = intents.first(where: \.types.isEmpty) {
            message =
                "<queries> has an <intent> for \(intent.action) with no <data android:mimeType>: it matches only intent filters that name no type, and the share's names one (\(types.map(\.type).joined(separator: ", "))), so on Android 11+ the app cannot see \(android.package) and the share silently does nothing"
        } else if let intent = intents.first {
            message =
                "<queries> has an <intent> for \(android.action), but its <data android:mimeType=\"\(intent.types.joined(separator: "\", \""))\"> does not match what is shared (\(types.map(\.type).joined(separator: ", "))): on Android 11+ the app cannot see \(android.package) and the share silently does nothing"
        } else {
            let provider = android.queryProviders.first.map { ", the action \(android.action) nor the provider \($0)" }
            message =
                "<queries> names neither the package \(android.package)\(provider ?? " nor the action \(android.action)"): on Android 11+ the app cannot see it and the share silently does nothing"
        }
        var finding = Finding(
            .androidQueries, severity: missing(.error, app.completeness), message: message + unlessBuilt(app.completeness),
            actual: .array(facts.packages.map(\.name).sorted().map(JSON.string)), limit: .string(android.package),
            source: queriesSource, fix: "add <queries><package android:name=\"\(android.package)\"/></queries> to <manifest>")
        finding.file = intents.first?.origin
        return [finding]
    }

    // MARK: FileProvider

    /// A FileProvider (AndroidX's or the support library's class, or a subclass, which carries
    /// FileProvider's paths meta-data) must be there, not exported, granting URI permissions, with
    /// its paths resource. Other providers (the Facebook SDK's FacebookContentProvider is exported
    /// on purpose) are not held to its rules.
    static func providerFindings(_ facts: ManifestFacts, app: AndroidApp, providedByPlugin: Bool, into list: inout FindingList) {
        let fileProviders = facts.declaredProviders.filter { fileProviderClasses.contains($0.name) || $0.paths != nil }
        guard !fileProviders.isEmpty else {
            let named = facts.declaredProviders.first { $0.name.hasSuffix("FileProvider") }
            if named == nil, providedByPlugin { return }
            let without =
                named.map { "; \($0.name) has no android.support.FILE_PROVIDER_PATHS meta-data, which a FileProvider needs" }
                ?? ""
            var finding = Finding(
                .androidFileProvider, severity: named == nil ? missing(.error, app.completeness) : .error,
                message:
                    "no FileProvider is declared: the target app cannot be given a content:// URI for the media\(without)"
                    + (named == nil ? unlessBuilt(app.completeness) : ""),
                source: providerSource,
                fix:
                    "declare <provider android:name=\"androidx.core.content.FileProvider\" android:authorities=\"${applicationId}.fileprovider\" android:exported=\"false\" android:grantUriPermissions=\"true\"> in <application>"
            )
            finding.file = named?.origin
            list.append(finding)
            return
        }
        // Into the list as found: past Doctor.findingsPerRule only counted.
        for provider in fileProviders { list.append(contentsOf: fileProviderFindings(provider, app: app)) }
    }

    static func fileProviderFindings(_ provider: ManifestFacts.Provider, app: AndroidApp) -> [Finding] {
        var findings: [Finding] = []
        let grant = provider.grantUriPermissions.flatMap { app.resources.resolve($0) ?? $0 }
        if grant?.bool != true {
            findings.append(
                Finding(
                    .androidFileProvider, severity: .error,
                    message: "\(provider.name) lacks android:grantUriPermissions=\"true\": the target app is refused the media",
                    actual: .from(grant?.description), limit: .string("true"), source: providerSource))
        }
        // Not exported is the default for a provider (targetSdkVersion 17 and later).
        let exported = provider.exported.flatMap { app.resources.resolve($0) ?? $0 }
        if let exported, exported.bool != false {
            findings.append(
                Finding(
                    .androidFileProvider, severity: .error,
                    message:
                        "\(provider.name) must have android:exported=\"false\" (FileProvider throws a SecurityException otherwise)",
                    actual: .from(exported.description), limit: .string("false"), source: providerSource))
        }
        if let paths = provider.paths {
            if let finding = pathsFinding(paths.value, provider: provider, app: app) { findings.append(finding) }
        } else {
            findings.append(
                Finding(
                    .androidFileProvider, severity: .error,
                    message:
                        "\(provider.name) has no <meta-data android:name=\"android.support.FILE_PROVIDER_PATHS\" android:resource=\"@xml/…\"/>: it cannot give out any file's URI",
                    source: pathsSource))
        }
        for index in findings.indices { findings[index].file = provider.origin }
        return findings
    }

    /// The paths resource a FileProvider names must be among the app's resources, and its file
    /// in the app.
    static func pathsFinding(_ value: AndroidValue?, provider: ManifestFacts.Provider, app: AndroidApp) -> Finding? {
        guard case .reference(let reference)? = value else {
            return Finding(
                .androidFileProvider, severity: .error,
                message:
                    "\(provider.name)'s FILE_PROVIDER_PATHS meta-data needs android:resource=\"@xml/…\" (it has \(value.map { "'\($0)'" } ?? "none"))",
                source: pathsSource)
        }
        guard !app.resources.isEmpty else { return nil }  // a manifest alone: its resources are not here
        let named = app.resources.named(reference)
        guard let entry = app.resources.entry(reference) else {
            return Finding(
                .androidFileProvider, severity: missing(.error, app.completeness),
                message: "\(provider.name)'s paths resource \(named) is not among the app's resources"
                    + unlessBuilt(app.completeness),
                actual: .string(named.description), source: pathsSource)
        }
        if case .text(let file)? = entry.value, let files = app.resourceFiles, !files.contains(file) {
            return Finding(
                .androidFileProvider, severity: .error,
                message: "\(provider.name)'s paths resource \(named) names \(file), which the app does not hold",
                actual: .string(file), source: pathsSource)
        }
        return nil
    }

    // MARK: meta-data

    /// A `<meta-data>` the target's profile lists, read through the app's resources.
    static func metaDataFindings(_ facts: ManifestFacts, entry: ManifestMetaData, app: AndroidApp, appId: String?)
        -> [Finding]
    {
        func finding(_ severity: Severity, _ message: String, actual: JSON = .null, limit: JSON = .null, source: String? = nil)
            -> Finding
        {
            var finding = Finding(
                rule: .own(.androidMetaData), severity: severity, message: message, actual: actual, limit: limit,
                source: source ?? entry.source)
            finding.file = facts.metaData[entry.name]?.origin
            return finding
        }
        let element = "<meta-data android:name=\"\(entry.name)\">"
        guard let (written, _) = facts.metaData[entry.name] else {
            let why = entry.when == .facebookSDK ? ": the app has the Facebook SDK, which reads it when it starts" : ""
            return [
                finding(
                    missing(entry.severity, app.completeness),
                    "<application> has no \(element)\(why)" + unlessBuilt(app.completeness),
                    limit: entry.value == .appId ? appId.map(JSON.string) ?? .null : .null)
            ]
        }
        guard let written else { return [finding(entry.severity, "\(element) has neither android:value nor android:resource")] }
        var value = written
        var via = ""
        if case .reference(let reference) = written {
            let named = app.resources.named(reference)
            via = " (\(named))"
            guard let resolved = app.resources.resolve(written) else {
                if app.resources.isEmpty {
                    return [
                        finding(
                            .info,
                            "\(element) is \(named), a resource that is not here: give doctor the project or the built app to check its value",
                            actual: .string(named.description))
                    ]
                }
                return [
                    finding(
                        missing(entry.severity, app.completeness),
                        "\(element) is \(named), which the app's resources do not define in their default configuration (res/values)"
                            + unlessBuilt(app.completeness), actual: .string(named.description))
                ]
            }
            value = resolved
        }
        switch (entry.value, value) {
        case (.appId, .integer(let number)):
            // A literal number compiles to an integer, which the SDK refuses and Bundle.getString reads as null.
            return [
                finding(
                    app.facebookSDK ? .error : entry.severity,
                    "\(element) is the number \(number): the Facebook SDK refuses a number there and getString reads none; put the App ID in a string resource (@string/facebook_app_id)",
                    actual: .int(Int(number)), source: app.facebookSDK ? facebookSDKSource : entry.source)
            ]
        case (.appId, _):
            let text = value.string ?? ""
            // The SDK takes "fb1234…" as well, and drops the prefix.
            let id = text.lowercased().hasPrefix("fb") ? String(text.dropFirst(2)) : text
            guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return [
                    finding(
                        entry.severity, "\(element) is '\(text)'\(via), not a Meta App ID (decimal digits)",
                        actual: .string(text))
                ]
            }
            if let appId, appId != id {
                return [
                    finding(
                        entry.severity, "\(element) is \(id)\(via), not \(appId)", actual: .string(id), limit: .string(appId))
                ]
            }
            return []
        case (.text, _):
            guard let text = value.string, !text.isEmpty, !text.hasPrefix("YOUR_") else {
                return [
                    finding(
                        entry.severity, "\(element) is '\(value.string ?? "")'\(via): set it to the app's value",
                        actual: .from(value.string))
                ]
            }
            return []
        }
    }
}

/// What doctor reads from a manifest: its `<queries>`, the providers and `<meta-data>` of its
/// `<application>`, each with the file it came from.
struct ManifestFacts {
    struct Named {
        var name: String
        var origin: String
    }

    struct Intent {
        var action: String
        var types: [String]
        var origin: String
    }

    struct Provider {
        var name: String
        var exported: AndroidValue?
        var grantUriPermissions: AndroidValue?
        /// The FILE_PROVIDER_PATHS meta-data's resource (nil value: it has none), if it has one.
        var paths: (value: AndroidValue?, origin: String)?
        var origin: String
    }

    var packages: [Named] = []
    /// Authorities of <queries><provider> entries.
    var providers: [Named] = []
    var intents: [Intent] = []
    /// Every `<provider>` of `<application>`.
    var declaredProviders: [Provider] = []
    /// `<application>`'s `<meta-data>` by name: its value (or resource), and where it came from.
    var metaData: [String: (value: AndroidValue?, origin: String)] = [:]

    init(_ manifest: AndroidElement) {
        for queries in manifest.children("queries") {
            for entry in queries.children {
                switch entry.name {
                case "package":
                    if let name = entry.androidName { packages.append(Named(name: name, origin: entry.origin)) }
                case "provider":
                    // android:authorities may list several, separated by semicolons.
                    for authority in (entry.attribute("authorities")?.string ?? "").split(separator: ";") {
                        let trimmed = authority.filter { !$0.isWhitespace }
                        providers.append(Named(name: trimmed, origin: entry.origin))
                    }
                case "intent":
                    for action in entry.children("action") {
                        guard let name = action.androidName else { continue }
                        let types = entry.children("data").compactMap { $0.attribute("mimeType")?.string }
                        intents.append(Intent(action: name, types: types, origin: entry.origin))
                    }
                default:
                    break
                }
            }
        }
        for application in manifest.children("application") {
            for element in application.children {
                switch element.name {
                case "provider":
                    var provider = Provider(
                        name: element.androidName ?? "", exported: element.attribute("exported"),
                        grantUriPermissions: element.attribute("grantUriPermissions"), origin: element.origin)
                    if let paths = element.children("meta-data").last(where: {
                        $0.androidName == "android.support.FILE_PROVIDER_PATHS"
                    }) {
                        provider.paths = (paths.attribute("resource") ?? paths.attribute("value"), paths.origin)
                    }
                    declaredProviders.append(provider)
                case "meta-data":
                    if let name = element.androidName {
                        metaData[name] = (element.attribute("value") ?? element.attribute("resource"), element.origin)
                    }
                default:
                    break
                }
            }
        }
    }
}
