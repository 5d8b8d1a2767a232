// doctor's checks of an iOS app's Info.plist: each target's URL scheme under
// LSApplicationQueriesSchemes, and the keys its profile says it reads (FacebookAppID), with a
// project's build settings seen through.

extension Doctor {
    static let plistSource = "Apple, LSApplicationQueriesSchemes: canOpenURL is false for schemes not listed"
    static let limitSource =
        "Apple, canOpenURL(_:): 'Apps linked on or after iOS 15 are limited to a maximum of 50 entries in the LSApplicationQueriesSchemes key' (25 from iOS 27)"
    static let appIdSource =
        "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022: 'Add the ID to your app's Info.plist file'"

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

    /// One target's verdict on an Info.plist: its URL scheme and the keys its profile says it
    /// reads from there (`ios.infoPlist`). `appIdKeys` are the keys any known profile marks as
    /// holding the App ID: where a target does not read one, a wrong value is only a warning and
    /// its absence is fine. Nil for a target without an iOS envelope.
    static func checkIOS(_ app: IOSApp, target: TargetProfile, appIdKeys: Set<String>, appId: String?, plistPath: String)
        -> TargetVerdict?
    {
        guard let ios = target.ios else { return nil }
        let plist = app.plist
        var schemes = Schemes(entries: nil, malformed: false, repeated: false)
        if let value = plist["LSApplicationQueriesSchemes"] {
            if case .array(let values) = value, values.allSatisfy({ $0.string != nil }) {
                schemes.entries = values.compactMap(\.string)
            } else {
                schemes.malformed = true
            }
        }
        schemes.repeated = app.repeatedKeys.contains("LSApplicationQueriesSchemes")
        var findings = schemeFindings(schemes, ios: ios, path: plistPath, completeness: app.completeness)
        for entry in ios.infoPlist {
            if app.repeatedKeys.contains(entry.key) {
                findings.append(
                    Finding(
                        rule: .own(entry.value == .appId ? .iosAppId : .iosInfoPlist), severity: .warning,
                        message: "\(entry.key) appears more than once in Info.plist: only the last value counts",
                        source: entry.value == .appId ? appIdSource : ios.source))
            }
            let (value, setting) = resolved(plist[entry.key], app)
            switch entry.value {
            case .appId:
                findings += appIdFindings(
                    value, key: entry.key, expected: appId, required: true, target: target.id, setting: setting,
                    completeness: app.completeness)
            case .text:
                findings += textFindings(
                    value, key: entry.key, target: target.id, source: ios.source, setting: setting,
                    completeness: app.completeness)
            }
        }
        // The App ID keys other targets read: a wrong value is worth a warning here too.
        for key in appIdKeys.sorted() where !ios.infoPlist.contains(where: { $0.key == key }) {
            let (value, setting) = resolved(plist[key], app)
            findings += appIdFindings(
                value, key: key, expected: appId, required: false, target: target.id, setting: setting,
                completeness: app.completeness)
        }
        findings = FindingList(findings).findings
        for index in findings.indices where findings[index].file == nil { findings[index].file = app.file }
        return TargetVerdict(target: target.id, findings: findings, fix: findings.lazy.compactMap(\.fix).first)
    }

    /// A value that is one build setting (`$(NAME)` or `${NAME}`): what the project's files set
    /// it to, when they agree, with the words that say where; otherwise the value as written.
    static func resolved(_ value: PlistValue?, _ app: IOSApp) -> (PlistValue?, BuildSettingUse?) {
        guard let text = value?.string, let name = buildSetting(text) else { return (value, nil) }
        let settings = app.buildSettings[name] ?? []
        let values = Set(settings.map(\.value))
        guard values.count == 1, let setting = settings.first, buildSetting(setting.value) == nil else {
            return (value, BuildSettingUse(text: text, resolved: nil, settings: settings))
        }
        return (.string(setting.value), BuildSettingUse(text: text, resolved: setting.value, settings: settings))
    }

    /// The name of the build setting `text` is, whole ("$(FACEBOOK_APP_ID)" → "FACEBOOK_APP_ID").
    static func buildSetting(_ text: String) -> String? {
        for (open, close) in [("$(", ")"), ("${", "}")] where text.hasPrefix(open) && text.hasSuffix(close) {
            let name = text.dropFirst(2).dropLast()
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return String(name) }
        }
        return nil
    }

    /// How a value came from a build setting, for the words of a finding.
    struct BuildSettingUse {
        var text: String
        var resolved: String?
        var settings: [BuildSetting]

        /// " (the build setting $(X), set in ios/Flutter/Release.xcconfig)".
        var said: String {
            " (the build setting \(text), set in \(settings.map(\.file).joined(separator: ", ")))"
        }

        /// The info finding for a setting that cannot be seen through.
        func unresolved(key: String, rule: OwnCheck, source: String, completeness: AppCompleteness) -> Finding {
            var check = "check its value in the built app"
            if case .source(let advice) = completeness { check = advice.said }
            let why =
                settings.isEmpty
                ? "no .xcconfig or project file here sets it"
                : "it is set to different values (\(settings.map { "\($0.value) in \($0.file)" }.joined(separator: ", ")))"
            return Finding(
                rule: .own(rule), severity: .info, message: "\(key) is the build setting \(text), and \(why): \(check)",
                actual: .string(text), source: source)
        }
    }

    /// Whether the app's file is an Expo configuration (app.json, app.config.js…), which
    /// PlistBuddy cannot edit.
    static func isExpoConfig(_ path: String) -> Bool {
        let name = AppPath.name(path)
        return name == "app.json" || AppFinder.expoConfigs.contains(name) || name == "app.config.json"
    }

    /// The reasons canOpenURL(target) returns false that peer trackers report: the scheme absent,
    /// written as a URL, listed under a key that appears twice, or past the entry limit.
    static func schemeFindings(_ schemes: Schemes, ios: IOSEnvelope, path: String, completeness: AppCompleteness = .shipped)
        -> [Finding]
    {
        let scheme = ios.queryScheme
        let quoted = FFmpegCommand.shellQuoted(path)
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
                        fix: isExpoConfig(path)
                            ? "write '\(scheme)' for '\(entries[index])' in expo.ios.infoPlist.LSApplicationQueriesSchemes of \(path)"
                            : "/usr/libexec/PlistBuddy -c 'Set :LSApplicationQueriesSchemes:\(index) \(scheme)' \(quoted)"))
            } else {
                findings.append(
                    Finding(
                        rule: .own(.iosQueryScheme), severity: missing(.error, completeness),
                        message:
                            "LSApplicationQueriesSchemes does not list '\(scheme)': canOpenURL(\(ios.url)) returns false and the share silently does nothing"
                            + (schemes.repeated ? twice : "") + unlessBuilt(completeness),
                        actual: .array(entries.map(JSON.string)), limit: .string(scheme), source: plistSource,
                        fix: isExpoConfig(path)
                            ? "add '\(scheme)' to expo.ios.infoPlist.LSApplicationQueriesSchemes in \(path)"
                            : "/usr/libexec/PlistBuddy -c 'Add :LSApplicationQueriesSchemes: string \(scheme)' \(quoted)"))
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
    static func textFindings(
        _ value: PlistValue?, key: String, target: String, source: String, setting: BuildSettingUse? = nil,
        completeness: AppCompleteness = .shipped
    ) -> [Finding] {
        guard let value else {
            return [
                Finding(
                    rule: .own(.iosInfoPlist), severity: missing(.error, completeness),
                    message: "\(key) is missing: \(target) reads it from Info.plist" + unlessBuilt(completeness),
                    actual: .null, source: source)
            ]
        }
        if let setting, setting.resolved == nil {
            return [setting.unresolved(key: key, rule: .iosInfoPlist, source: source, completeness: completeness)]
        }
        guard let text = value.string, !text.isEmpty else {
            return [
                Finding(
                    rule: .own(.iosInfoPlist), severity: .error,
                    message: "\(key) must be a non-empty <string>" + (setting?.said ?? ""), source: source)
            ]
        }
        return []
    }

    /// A key holding the App ID (FacebookAppID): an error where the target reads it from
    /// Info.plist (`required`); elsewhere only a wrong value is worth a warning, and its absence is
    /// fine (Meta's Reels sample has none). A build setting is checked as what the project sets.
    static func appIdFindings(
        _ value: PlistValue?, key: String, expected: String?, required: Bool, target: String,
        setting: BuildSettingUse? = nil, completeness: AppCompleteness = .shipped
    ) -> [Finding] {
        let severity: Severity = required ? .error : .warning
        guard let value else {
            guard required else { return [] }
            return [
                Finding(
                    rule: .own(.iosAppId), severity: missing(.error, completeness),
                    message: "\(key) is missing: \(target) reads the App ID from Info.plist" + unlessBuilt(completeness),
                    actual: .null, limit: expected.map(JSON.string) ?? .null, source: appIdSource)
            ]
        }
        if let setting, setting.resolved == nil {
            guard required else { return [] }
            return [setting.unresolved(key: key, rule: .iosAppId, source: appIdSource, completeness: completeness)]
        }
        let said = setting?.said ?? ""
        guard let text = value.string else {
            // Facebook's SDK and the share plugins read it as a string; a number reads as nil.
            var message = "\(key) must be a <string>"
            if case .integer(let number) = value {
                message += ", not the <integer> \(number): the SDK reads it as a string and finds none"
            }
            return [Finding(rule: .own(.iosAppId), severity: severity, message: message, source: appIdSource)]
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return [
                Finding(
                    rule: .own(.iosAppId), severity: severity,
                    message: "\(key) '\(text)' is not a Meta App ID (decimal digits)\(said)",
                    actual: .string(text), source: appIdSource)
            ]
        }
        if let expected, expected != text {
            return [
                Finding(
                    rule: .own(.iosAppId), severity: severity, message: "\(key) is \(text), not \(expected)\(said)",
                    actual: .string(text), limit: .string(expected), source: appIdSource)
            ]
        }
        return []
    }
}
