// `doctor`: the mistakes outside the media that make sharing fail silently. An iOS app that does
// not list the target's URL scheme under LSApplicationQueriesSchemes gets `false` from canOpenURL;
// an Android 11+ app without a <queries> entry cannot see the target app; a FileProvider that is
// exported or does not grant URI permissions makes the target unable to read the media.
// The results have the shape of `validate`'s, so the same renderers and exit statuses apply.
import Foundation

public enum Doctor {
    static let plistSource = "Apple, LSApplicationQueriesSchemes: canOpenURL is false for schemes not listed"
    static let appIdSource = "Meta, Sharing to Stories and Reels for iOS: FacebookAppID in Info.plist"
    static let queriesSource = "Android 11 package visibility: <queries> in AndroidManifest.xml"
    static let providerSource = "AndroidX FileProvider: exported=\"false\", grantUriPermissions=\"true\""

    // MARK: Info.plist

    /// Checks an Info.plist (XML or binary) for every target's URL scheme and the App ID.
    public static func checkPlist(_ data: Data, path: String, targets: [TargetProfile], appId: String?) -> ValidationResult {
        guard case .dictionary(let plist)? = PropertyList.parse([UInt8](data)) else {
            return unreadable(
                path, kind: "plist", rule: "ios.plist", "not a property list (XML or binary) with a dictionary at its top",
                targets)
        }
        let schemeValues: [PlistValue]?
        if case .array(let values)? = plist["LSApplicationQueriesSchemes"] { schemeValues = values } else { schemeValues = nil }
        let schemes = schemeValues?.allSatisfy({ $0.string != nil }) == true ? schemeValues : nil
        let listed = Set((schemes ?? []).compactMap(\.string))
        let facebookAppId = plist["FacebookAppID"]
        let verdicts = targets.compactMap { target -> TargetVerdict? in
            guard let ios = target.ios else { return nil }
            var findings: [Finding] = []
            if schemes == nil, plist["LSApplicationQueriesSchemes"] != nil {
                findings.append(
                    Finding(
                        rule: "ios.query-scheme", severity: .error,
                        message: "LSApplicationQueriesSchemes is not an array of strings", source: plistSource))
            } else if !listed.contains(ios.queryScheme) {
                findings.append(
                    Finding(
                        rule: "ios.query-scheme", severity: .error,
                        message:
                            "LSApplicationQueriesSchemes does not list '\(ios.queryScheme)': canOpenURL(\(ios.url)) returns false and the share silently does nothing",
                        actual: .array(listed.sorted().map(JSON.string)), limit: .string(ios.queryScheme), source: plistSource,
                        fix:
                            "/usr/libexec/PlistBuddy -c 'Add :LSApplicationQueriesSchemes: string \(ios.queryScheme)' \(FixHint.shellQuoted(path))"
                    ))
            }
            findings += appIdFindings(facebookAppId, expected: appId)
            return TargetVerdict(target: target.id, findings: findings, fix: findings.lazy.compactMap(\.fix).first)
        }
        return ValidationResult(
            path: path, kind: "plist", role: nil, verdicts: verdicts, accepted: verdicts.allSatisfy(\.accepted))
    }

    static func appIdFindings(_ value: PlistValue?, expected: String?) -> [Finding] {
        guard let value else {
            return [
                Finding(
                    rule: "ios.app-id", severity: .error, message: "FacebookAppID is missing", actual: .null,
                    limit: expected.map(JSON.string) ?? .null, source: appIdSource)
            ]
        }
        let number: String?
        if case .integer(let integer) = value { number = String(integer) } else { number = nil }
        guard let text = value.string ?? number else {
            return [Finding(rule: "ios.app-id", severity: .error, message: "FacebookAppID is not a string", source: appIdSource)]
        }
        if text.hasPrefix("$(") {
            return [
                Finding(
                    rule: "ios.app-id", severity: .info,
                    message: "FacebookAppID is the build setting \(text): check its value in the built app",
                    actual: .string(text), source: appIdSource)
            ]
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return [
                Finding(
                    rule: "ios.app-id", severity: .error,
                    message: "FacebookAppID '\(text)' is not a Meta App ID (decimal digits)",
                    actual: .string(text), source: appIdSource)
            ]
        }
        if let expected, expected != text {
            return [
                Finding(
                    rule: "ios.app-id", severity: .error, message: "FacebookAppID is \(text), not \(expected)",
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
                path, kind: "manifest", rule: "android.manifest", "not an AndroidManifest.xml (not XML, or no <manifest> root)",
                targets)
        }
        let verdicts = targets.compactMap { target -> TargetVerdict? in
            guard let android = target.android else { return nil }
            var findings: [Finding] = []
            if !manifest.queriedPackages.contains(android.package), !manifest.queriedActions.contains(android.action) {
                findings.append(
                    Finding(
                        rule: "android.queries", severity: .error,
                        message:
                            "<queries> names neither the package \(android.package) nor the action \(android.action): on Android 11+ the app cannot see it and the share silently does nothing",
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

    static func providerFindings(_ providers: [Manifest.Provider]) -> [Finding] {
        // A FileProvider: AndroidX's, a subclass (named ...FileProvider), or any provider that
        // carries FileProvider's paths meta-data.
        let fileProviders = providers.filter { $0.name.hasSuffix("FileProvider") || $0.hasFileProviderPaths }
        guard let provider = fileProviders.first else {
            return [
                Finding(
                    rule: "android.file-provider", severity: .error,
                    message: "no FileProvider is declared: the target app cannot be given a content:// URI for the media",
                    source: providerSource,
                    fix:
                        "declare <provider android:name=\"androidx.core.content.FileProvider\" android:authorities=\"${applicationId}.fileprovider\" android:exported=\"false\" android:grantUriPermissions=\"true\"> in <application>"
                )
            ]
        }
        var findings: [Finding] = []
        if provider.grantUriPermissions != "true" {
            findings.append(
                Finding(
                    rule: "android.file-provider", severity: .error,
                    message: "\(provider.name) lacks android:grantUriPermissions=\"true\": the target app is refused the media",
                    actual: .from(provider.grantUriPermissions), limit: .string("true"), source: providerSource))
        }
        if provider.exported != "false" {
            findings.append(
                Finding(
                    rule: "android.file-provider", severity: .error,
                    message:
                        "\(provider.name) must have android:exported=\"false\" (FileProvider throws a SecurityException otherwise)",
                    actual: .from(provider.exported), limit: .string("false"), source: providerSource))
        }
        return findings
    }

    /// The result for a file that could not be read at all.
    public static func cannotRead(_ path: String, plist: Bool, targets: [TargetProfile]) -> ValidationResult {
        unreadable(
            path, kind: plist ? "plist" : "manifest", rule: plist ? "ios.plist" : "android.manifest",
            "cannot read the file", targets)
    }

    static func unreadable(_ path: String, kind: String, rule: String, _ message: String, _ targets: [TargetProfile])
        -> ValidationResult
    {
        let verdicts = targets.map {
            TargetVerdict(target: $0.id, findings: [Finding(rule: rule, severity: .error, message: message, source: "reelshare")])
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
