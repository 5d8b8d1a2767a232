// `doctor`: the mistakes outside the media that make sharing fail silently. An iOS app that does
// not list the target's URL scheme under LSApplicationQueriesSchemes gets `false` from canOpenURL;
// an Android 11+ app without a <queries> entry cannot see the target app; a FileProvider that is
// exported or does not grant URI permissions makes the target unable to read the media.
// The results have the shape of `validate`'s, so the same renderers and exit statuses apply.
import Foundation

public enum Doctor {
    static let plistSource = "Apple, LSApplicationQueriesSchemes: canOpenURL is false for schemes not listed"
    static let limitSource =
        "Apple, canOpenURL(_:): 'Apps linked on or after iOS 15 are limited to a maximum of 50 entries in the LSApplicationQueriesSchemes key' (25 from iOS 27)"
    static let appIdSource =
        "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022: 'Add the ID to your app's Info.plist file'"
    static let queriesSource = "Android 11 package visibility: <queries> in AndroidManifest.xml"
    static let providerSource = "AndroidX FileProvider: exported=\"false\", grantUriPermissions=\"true\""

    // MARK: Info.plist

    /// What LSApplicationQueriesSchemes lists, and how it is written.
    struct Schemes {
        /// The entries in order; nil when the key is absent.
        var entries: [String]?
        /// The key is there, but not an array of strings.
        var malformed: Bool
        /// How many times the top dictionary has the key (only the last counts).
        var repeated: Bool
    }

    /// The scheme an entry names when written as a URL ("instagram-stories://share" →
    /// "instagram-stories"); nil when it is a bare scheme already.
    static func schemeOfURL(_ entry: String) -> String? {
        guard let cut = entry.firstIndex(where: { $0 == ":" || $0 == "/" }) else { return nil }
        return String(entry[..<cut])
    }

    /// Checks an Info.plist (XML or binary) for every target's URL scheme and the keys its profile
    /// says it reads from there (`ios.infoPlist`). `appIdKeys` are the keys any known profile
    /// marks as holding the App ID: where a target does not read one, a wrong value is only a
    /// warning and its absence is fine.
    public static func checkPlist(
        _ data: Data, path: String, targets: [TargetProfile], appIdKeys: Set<String> = [], appId: String?
    ) -> ValidationResult {
        let bytes = [UInt8](data)
        guard case .dictionary(let plist)? = PropertyList.parse(bytes) else {
            return unreadable(
                path, kind: "plist", rule: .iosPlist, "not a property list (XML or binary) with a dictionary at its top",
                targets)
        }
        var schemes = Schemes(entries: nil, malformed: false, repeated: false)
        if let value = plist["LSApplicationQueriesSchemes"] {
            if case .array(let values) = value, values.allSatisfy({ $0.string != nil }) {
                schemes.entries = values.compactMap(\.string)
            } else {
                schemes.malformed = true
            }
        }
        let repeatedKeys = PropertyList.repeatedTopLevelKeys(bytes)
        schemes.repeated = repeatedKeys.contains("LSApplicationQueriesSchemes")
        let verdicts = targets.compactMap { target -> TargetVerdict? in
            guard let ios = target.ios else { return nil }
            var findings = schemeFindings(schemes, ios: ios, path: path)
            for entry in ios.infoPlist {
                if repeatedKeys.contains(entry.key) {
                    findings.append(
                        Finding(
                            rule: .own(entry.value == .appId ? .iosAppId : .iosInfoPlist), severity: .warning,
                            message: "\(entry.key) appears more than once in Info.plist: only the last value counts",
                            source: entry.value == .appId ? appIdSource : ios.source))
                }
                switch entry.value {
                case .appId:
                    findings += appIdFindings(
                        plist[entry.key], key: entry.key, expected: appId, required: true, target: target.id)
                case .text:
                    findings += textFindings(plist[entry.key], key: entry.key, target: target.id, source: ios.source)
                }
            }
            // The App ID keys other targets read: a wrong value is worth a warning here too.
            for key in appIdKeys.sorted() where !ios.infoPlist.contains(where: { $0.key == key }) {
                findings += appIdFindings(plist[key], key: key, expected: appId, required: false, target: target.id)
            }
            return TargetVerdict(target: target.id, findings: findings, fix: findings.lazy.compactMap(\.fix).first)
        }
        return ValidationResult(
            path: path, kind: "plist", role: nil, verdicts: verdicts, accepted: verdicts.allSatisfy(\.accepted))
    }

    /// The reasons canOpenURL(target) returns false that peer trackers report: the scheme absent,
    /// written as a URL, listed under a key that appears twice, or past the entry limit.
    static func schemeFindings(_ schemes: Schemes, ios: IOSEnvelope, path: String) -> [Finding] {
        let scheme = ios.queryScheme
        let quoted = FixHint.shellQuoted(path)
        if schemes.malformed {
            return [
                Finding(
                    rule: .own(.iosQueryScheme), severity: .error,
                    message: "LSApplicationQueriesSchemes is not an array of strings", source: plistSource)
            ]
        }
        let entries = schemes.entries ?? []
        var findings: [Finding] = []
        let twice = " (the key LSApplicationQueriesSchemes appears more than once in Info.plist and only the last array counts)"
        if schemes.repeated {
            findings.append(
                Finding(
                    rule: .own(.iosQueryScheme), severity: .warning,
                    message:
                        "the key LSApplicationQueriesSchemes appears more than once: iOS reads only the last array (\(entries.joined(separator: ", "))); merge them into one",
                    source: plistSource))
        }
        guard let position = entries.firstIndex(where: { $0.lowercased() == scheme.lowercased() }) else {
            if let index = entries.firstIndex(where: { schemeOfURL($0)?.lowercased() == scheme.lowercased() }) {
                findings.append(
                    Finding(
                        rule: .own(.iosQueryScheme), severity: .error,
                        message:
                            "LSApplicationQueriesSchemes entry \(index + 1) is '\(entries[index])', a URL: it must be the bare scheme '\(scheme)', or canOpenURL(\(ios.url)) returns false",
                        actual: .string(entries[index]), limit: .string(scheme), source: plistSource,
                        fix: "/usr/libexec/PlistBuddy -c 'Set :LSApplicationQueriesSchemes:\(index) \(scheme)' \(quoted)"))
            } else {
                findings.append(
                    Finding(
                        rule: .own(.iosQueryScheme), severity: .error,
                        message:
                            "LSApplicationQueriesSchemes does not list '\(scheme)': canOpenURL(\(ios.url)) returns false and the share silently does nothing"
                            + (schemes.repeated ? twice : ""),
                        actual: .array(entries.map(JSON.string)), limit: .string(scheme), source: plistSource,
                        fix: "/usr/libexec/PlistBuddy -c 'Add :LSApplicationQueriesSchemes: string \(scheme)' \(quoted)"))
            }
            return findings
        }
        // No mechanical fix: which entries the app no longer needs is the developer's call, and
        // moving one to the front pushes another past the limit.
        if position >= 50 {
            findings.append(
                Finding(
                    rule: .own(.iosQueryScheme), severity: .error,
                    message:
                        "'\(scheme)' is entry \(position + 1) of \(entries.count) in LSApplicationQueriesSchemes: apps linked on iOS 15 or later are limited to 50, so canOpenURL(\(ios.url)) returns false; remove \(entries.count - 50) entries the app does not query, or list '\(scheme)' among the first 50",
                    actual: .int(position + 1), limit: .int(50), source: limitSource))
        } else if entries.count > 50 {
            findings.append(
                Finding(
                    rule: .own(.iosQueryScheme), severity: .warning,
                    message:
                        "LSApplicationQueriesSchemes has \(entries.count) entries: apps linked on iOS 15 or later are limited to 50 ('\(scheme)' is entry \(position + 1), within them)",
                    actual: .int(entries.count), limit: .int(50), source: limitSource))
        } else if position >= 25 {
            findings.append(
                Finding(
                    rule: .own(.iosQueryScheme), severity: .warning,
                    message:
                        "'\(scheme)' is entry \(position + 1) in LSApplicationQueriesSchemes: apps linked on iOS 27 or later are limited to 25",
                    actual: .int(position + 1), limit: .int(25), source: limitSource))
        }
        return findings
    }

    /// A key the target reads as text (ios.info-plist): present, a non-empty <string>.
    static func textFindings(_ value: PlistValue?, key: String, target: String, source: String) -> [Finding] {
        guard let value else {
            return [
                Finding(
                    rule: .own(.iosInfoPlist), severity: .error, message: "\(key) is missing: \(target) reads it from Info.plist",
                    actual: .null, source: source)
            ]
        }
        guard let text = value.string, !text.isEmpty else {
            return [
                Finding(
                    rule: .own(.iosInfoPlist), severity: .error, message: "\(key) must be a non-empty <string>", source: source)
            ]
        }
        if text.hasPrefix("$(") || text.hasPrefix("${") {
            return [
                Finding(
                    rule: .own(.iosInfoPlist), severity: .info,
                    message: "\(key) is the build setting \(text): check its value in the built app", actual: .string(text),
                    source: source)
            ]
        }
        return []
    }

    /// A key holding the App ID (FacebookAppID): an error where the target reads it from
    /// Info.plist (`required`); elsewhere only a wrong value is worth a warning, and its absence is
    /// fine (Meta's Reels sample has none).
    static func appIdFindings(_ value: PlistValue?, key: String, expected: String?, required: Bool, target: String)
        -> [Finding]
    {
        let severity: Severity = required ? .error : .warning
        guard let value else {
            guard required else { return [] }
            return [
                Finding(
                    rule: .own(.iosAppId), severity: .error,
                    message: "\(key) is missing: \(target) reads the App ID from Info.plist",
                    actual: .null, limit: expected.map(JSON.string) ?? .null, source: appIdSource)
            ]
        }
        guard let text = value.string else {
            // Facebook's SDK and the share plugins read it as a string; a number reads as nil.
            var message = "\(key) must be a <string>"
            if case .integer(let number) = value {
                message += ", not the <integer> \(number): the SDK reads it as a string and finds none"
            }
            return [Finding(rule: .own(.iosAppId), severity: severity, message: message, source: appIdSource)]
        }
        if text.hasPrefix("$(") || text.hasPrefix("${") {
            guard required else { return [] }
            return [
                Finding(
                    rule: .own(.iosAppId), severity: .info,
                    message: "\(key) is the build setting \(text): check its value in the built app",
                    actual: .string(text), source: appIdSource)
            ]
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return [
                Finding(
                    rule: .own(.iosAppId), severity: severity,
                    message: "\(key) '\(text)' is not a Meta App ID (decimal digits)",
                    actual: .string(text), source: appIdSource)
            ]
        }
        if let expected, expected != text {
            return [
                Finding(
                    rule: .own(.iosAppId), severity: severity, message: "\(key) is \(text), not \(expected)",
                    actual: .string(text), limit: .string(expected), source: appIdSource)
            ]
        }
        return []
    }

    // MARK: AndroidManifest.xml

    /// Checks an AndroidManifest.xml for every target's <queries> entry and a usable FileProvider.
    public static func checkManifest(_ data: Data, path: String, targets: [TargetProfile]) -> ValidationResult {
        guard let manifest = Manifest.parse(data) else {
            return unreadable(
                path, kind: "manifest", rule: .androidManifest, "not an AndroidManifest.xml (not XML, or no <manifest> root)",
                targets)
        }
        let verdicts = targets.compactMap { target -> TargetVerdict? in
            guard let android = target.android else { return nil }
            var findings: [Finding] = []
            let visible =
                manifest.queriedPackages.contains(android.package) || manifest.queriedActions.contains(android.action)
                || android.queryProviders.contains(where: manifest.queriedProviders.contains)
            if !visible {
                let provider = android.queryProviders.first.map { ", the action \(android.action) nor the provider \($0)" }
                findings.append(
                    Finding(
                        rule: .own(.androidQueries), severity: .error,
                        message:
                            "<queries> names neither the package \(android.package)\(provider ?? " nor the action \(android.action)"): on Android 11+ the app cannot see it and the share silently does nothing",
                        actual: .array(manifest.queriedPackages.sorted().map(JSON.string)), limit: .string(android.package),
                        source: queriesSource,
                        fix: "add <queries><package android:name=\"\(android.package)\"/></queries> to <manifest>"))
            }
            findings += providerFindings(manifest.providers)
            return TargetVerdict(target: target.id, findings: findings, fix: findings.lazy.compactMap(\.fix).first)
        }
        return ValidationResult(
            path: path, kind: "manifest", role: nil, verdicts: verdicts, accepted: verdicts.allSatisfy(\.accepted))
    }

    /// FileProvider's class names, AndroidX's and the support library's.
    static let fileProviderClasses: Set<String> = [
        "androidx.core.content.FileProvider", "android.support.v4.content.FileProvider",
    ]

    static func providerFindings(_ providers: [Manifest.Provider]) -> [Finding] {
        // A FileProvider: AndroidX's or the support library's class, or a subclass, which carries
        // FileProvider's paths meta-data. Other providers (the Facebook SDK's
        // FacebookContentProvider is exported on purpose) are not held to its rules.
        let fileProviders = providers.filter { fileProviderClasses.contains($0.name) || $0.hasFileProviderPaths }
        guard !fileProviders.isEmpty else {
            let named = providers.first { $0.name.hasSuffix("FileProvider") }
            let without =
                named.map { "; \($0.name) has no android.support.FILE_PROVIDER_PATHS meta-data, which a FileProvider needs" }
                ?? ""
            return [
                Finding(
                    rule: .own(.androidFileProvider), severity: .error,
                    message:
                        "no FileProvider is declared: the target app cannot be given a content:// URI for the media\(without)",
                    source: providerSource,
                    fix:
                        "declare <provider android:name=\"androidx.core.content.FileProvider\" android:authorities=\"${applicationId}.fileprovider\" android:exported=\"false\" android:grantUriPermissions=\"true\"> in <application>"
                )
            ]
        }
        var findings: [Finding] = []
        for provider in fileProviders {
            findings += fileProviderFindings(provider)
        }
        return findings
    }

    static func fileProviderFindings(_ provider: Manifest.Provider) -> [Finding] {
        var findings: [Finding] = []
        if provider.grantUriPermissions != "true" {
            findings.append(
                Finding(
                    rule: .own(.androidFileProvider), severity: .error,
                    message: "\(provider.name) lacks android:grantUriPermissions=\"true\": the target app is refused the media",
                    actual: .from(provider.grantUriPermissions), limit: .string("true"), source: providerSource))
        }
        if provider.exported != "false" {
            findings.append(
                Finding(
                    rule: .own(.androidFileProvider), severity: .error,
                    message:
                        "\(provider.name) must have android:exported=\"false\" (FileProvider throws a SecurityException otherwise)",
                    actual: .from(provider.exported), limit: .string("false"), source: providerSource))
        }
        return findings
    }

    /// The result for a file that could not be read at all.
    public static func cannotRead(_ path: String, plist: Bool, targets: [TargetProfile]) -> ValidationResult {
        unreadable(
            path, kind: plist ? "plist" : "manifest", rule: plist ? .iosPlist : .androidManifest,
            "cannot read the file", targets)
    }

    static func unreadable(_ path: String, kind: String, rule: OwnCheck, _ message: String, _ targets: [TargetProfile])
        -> ValidationResult
    {
        let verdicts = targets.map {
            TargetVerdict(target: $0.id, findings: [Finding(rule, severity: .error, message: message, source: "reelshare")])
        }
        return ValidationResult(path: path, kind: kind, role: nil, verdicts: verdicts, accepted: false)
    }
}

/// What `doctor` reads from an AndroidManifest.xml.
struct Manifest {
    struct Provider {
        var name: String
        var exported: String?
        var grantUriPermissions: String?
        var hasFileProviderPaths = false
    }

    var queriedPackages: Set<String> = []
    var queriedActions: Set<String> = []
    /// Authorities of <queries><provider> entries.
    var queriedProviders: Set<String> = []
    var providers: [Provider] = []

    static func parse(_ data: Data) -> Manifest? {
        guard let events = XMLReader.events([UInt8](data)), case .start("manifest", _)? = events.first else { return nil }
        var manifest = Manifest()
        var stack: [String] = []
        for event in events {
            switch event {
            case .start(let element, let attributes):
                let name = attributes["android:name"]
                switch (stack.last, element) {
                case ("queries", "package"):
                    if let name { manifest.queriedPackages.insert(name) }
                case ("queries", "provider"):
                    // android:authorities may list several, separated by semicolons.
                    for authority in (attributes["android:authorities"] ?? "").split(separator: ";") {
                        manifest.queriedProviders.insert(authority.trimmingCharacters(in: .whitespacesAndNewlines))
                    }
                case ("intent", "action") where stack.dropLast().last == "queries":
                    if let name { manifest.queriedActions.insert(name) }
                case ("application", "provider"):
                    manifest.providers.append(
                        Provider(
                            name: name ?? "", exported: attributes["android:exported"],
                            grantUriPermissions: attributes["android:grantUriPermissions"]))
                case ("provider", "meta-data") where name == "android.support.FILE_PROVIDER_PATHS":
                    if !manifest.providers.isEmpty {
                        manifest.providers[manifest.providers.count - 1].hasFileProviderPaths = true
                    }
                default:
                    break
                }
                stack.append(element)
            case .end:
                _ = stack.popLast()
            case .text:
                break
            }
        }
        return manifest
    }
}
