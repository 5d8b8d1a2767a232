// What an app's own sources do to share: the share calls as written (a target's URL scheme opened,
// its intent action, a share plugin's call), each with its file and line and what the code around
// it carries (an App ID, a read grant, a file:// URI), and every FileProvider.getUriForFile call
// with the authority it asks for. A static reader: a scheme built at run time or a wrapper of the
// app's own is not seen, and findings say "as written at FILE:LINE". The targets' schemes and
// actions come from their profiles, the plugins' calls from their data files (SharePlugin).
import FoundationEssentials

/// One share call found in the sources.
public struct ShareCall: Sendable, Equatable {
    /// The target profile's id.
    public var target: String
    /// The platform the call shares from; nil for a plugin call that does both.
    public var platform: Platform?
    /// The file, relative to the path given, and the line (from 1).
    public var file: String
    public var line: Int
    /// What was matched, as written ("instagram-reels://share", "com.instagram.share.ADD_TO_STORY",
    /// "SocialShare.shareInstagramStory").
    public var written: String
    /// The plugin whose call it is.
    public var plugin: String?
    /// Whether the code around the call names an App ID (the pasteboard's appID key, a
    /// source_application parameter or extra, the plugin's App ID argument).
    public var carriesAppId: Bool
    /// iOS: how the code near the call puts an App ID where the target does not read it
    /// ("sharedSticker.appID" for Instagram Stories, "source_application" for the others).
    public var misplacedAppId: String?
    /// The App ID as written, where the code gives it as text ("studio.hypertext.LogDate").
    public var appIdLiteral: String?
    /// Android, the app's own intent: whether it grants the target read access to what it hands
    /// over; nil where it hands over no URI near the call.
    public var grantsRead: Bool?
    /// Android: whether a sticker handed over in its extra (interactive_asset_uri) is granted to
    /// the target with grantUriPermission; nil where the call hands over no sticker.
    public var stickerGranted: Bool?
    /// Android: the line of a file:// URI near the call (Uri.fromFile, "file://", File.toUri()).
    public var fileURILine: Int?
    /// iOS: a pasteboard media key near the call given a URL, path or string, not the media's
    /// bytes: its line and key.
    public var mediaNotData: MediaKey?
    /// The line only names the scheme or action (`static final String ACTION = "…"`,
    /// `intentString = "…"`), or tests it with canOpenURL and opens nothing: the target is used,
    /// but the call that carries it is elsewhere, so nothing near this line is checked.
    public var isDefinition = false
    /// The plain function the call lies in (`shareToInstagramStory`), where there is one.
    public var function: String?
    /// The function is named nowhere else in the sources: nothing calls it, so the call shares
    /// nothing (ShareCodeReach).
    public var unreached = false

    public struct MediaKey: Sendable, Equatable {
        public var line: Int
        public var key: String
    }
}

/// A `FileProvider.getUriForFile` call and the authority it asks for.
public struct ProviderCall: Sendable, Equatable {
    public var file: String
    public var line: Int
    /// The authority with the app's id as `${applicationId}`; nil when it is not written as text
    /// (a constant defined elsewhere).
    public var authority: String?
    /// As written.
    public var written: String
}

/// What the sources under a path do to share.
public struct ShareCode: Sendable, Equatable {
    public var calls: [ShareCall] = []
    public var providerCalls: [ProviderCall] = []
    /// The source files read, and those passed over (over 1 MB, generated, minified).
    public var filesRead = 0
    public var filesSkipped = 0
    /// Directories below the one read that are Android apps' builds of their own (a
    /// settings.gradle, and a module that applies com.android.application): a test app kept
    /// beside a plugin's example, say. Their code is theirs.
    public var applicationBuilds: [String] = []
    /// The directories of known share plugins' own packages (a vendored social_share, the
    /// react-native-share repository): their native code's calls are checked where the app
    /// shares to that target, but choose no target, since the app reaches them only through the
    /// plugin's calls, which choose their own.
    public var pluginSources: [String] = []

    public init() {}

    /// The same code with every file and directory named by `rename` (from the path given).
    public func named(_ rename: (String) -> String) -> ShareCode {
        var code = self
        for index in code.calls.indices { code.calls[index].file = rename(code.calls[index].file) }
        for index in code.providerCalls.indices { code.providerCalls[index].file = rename(code.providerCalls[index].file) }
        code.applicationBuilds = applicationBuilds.map(rename)
        code.pluginSources = pluginSources.map(rename)
        return code
    }

    /// Whether `file` is a known plugin's native code (under its android/ or ios/).
    func isPluginNative(_ file: String) -> Bool {
        pluginSources.contains { root in
            let prefix = root.isEmpty || root == "." ? "" : root + "/"
            return file.hasPrefix(prefix + "android/") || file.hasPrefix(prefix + "ios/")
        }
    }

    /// The calls that share from `platform`, the first of each target (a share URL before a
    /// bare scheme tested with canOpenURL); with `sourceSets`, only those in Android source sets
    /// the variant builds (`src/main/`, `src/katchup/`), or outside any.
    public func calls(from platform: Platform, sourceSets: [String]? = nil) -> [ShareCall] {
        var first: [String: ShareCall] = [:]
        for call in calls where call.platform == nil || call.platform == platform {
            guard Self.isBuilt(call.file, by: sourceSets), !isPluginNative(call.file), !call.unreached else { continue }
            // A call before a definition, a share URL before canOpenURL's bare scheme.
            let rank = { (c: ShareCall) in (c.isDefinition ? 2 : 0) + (c.written.hasSuffix("://share") ? 0 : 1) }
            if let seen = first[call.target], rank(seen) <= rank(call) { continue }
            first[call.target] = call
        }
        return first.values.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The calls from `platform` in the variant's source sets that nothing reaches (their
    /// function is named nowhere), the first of each target not in `judged`.
    public func unreachedCalls(from platform: Platform, sourceSets: [String]? = nil, besides judged: [String]) -> [ShareCall] {
        var first: [String: ShareCall] = [:]
        for call in calls where call.unreached && (call.platform == nil || call.platform == platform) {
            guard Self.isBuilt(call.file, by: sourceSets), !judged.contains(call.target), first[call.target] == nil else {
                continue
            }
            first[call.target] = call
        }
        return first.values.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The code of the app found at `root` among the apps found at `roots` (directories as the
    /// files are named, "." for the path itself): a file belongs to the deepest app directory
    /// that holds it; one under none (a monorepo's shared package, a plugin's own code beside its
    /// example app) to the apps nearest it, those sharing the most directories with it.
    public func owned(by root: String, among roots: [String]) -> ShareCode {
        func parts(_ path: String) -> [Substring] { path == "." ? [] : path.split(separator: "/") }
        func shared(_ a: [Substring], _ b: [Substring]) -> Int { zip(a, b).prefix { $0 == $1 }.count }
        let mine = parts(root)
        let all = roots.map(parts)
        func belongs(_ file: String) -> Bool {
            let directory = Array(parts(file).dropLast())
            let holding = all.filter { shared($0, directory) == $0.count }
            if let deepest = holding.map(\.count).max() { return mine.count == deepest && shared(mine, directory) == mine.count }
            let nearest = all.map { shared($0, directory) }.max() ?? 0
            return shared(mine, directory) == nearest
        }
        var code = self
        code.calls = calls.filter { belongs($0.file) }
        code.providerCalls = providerCalls.filter { belongs($0.file) }
        return code
    }

    /// The code without what lies in an application build (applicationBuilds) that holds none of
    /// `appFiles` (the files of the apps judged, named as the calls are): another app's code is
    /// not theirs. The Gradle build that holds an app judged, and library builds (a plugin's
    /// android/), stay.
    public func withoutOtherApplications(than appFiles: [String]) -> ShareCode {
        func inside(_ file: String, _ directory: String) -> Bool { directory == "." || file.hasPrefix(directory + "/") }
        let foreign = applicationBuilds.filter { build in !appFiles.contains { inside($0, build) } }
        guard !foreign.isEmpty else { return self }
        var code = self
        code.calls = calls.filter { call in !foreign.contains { inside(call.file, $0) } }
        code.providerCalls = providerCalls.filter { call in !foreign.contains { inside(call.file, $0) } }
        return code
    }

    /// The code in `files` only (an App Clip's compiled sources).
    public func compiled(from files: Set<String>) -> ShareCode {
        var code = self
        code.calls = calls.filter { files.contains($0.file) }
        code.providerCalls = providerCalls.filter { files.contains($0.file) }
        return code
    }

    /// The code without what lies in the Gradle modules an Android app does not build.
    public func built(by modules: GradleModules) -> ShareCode {
        guard !modules.others.isEmpty else { return self }
        var code = self
        code.calls = calls.filter { !modules.excludes($0.file) }
        code.providerCalls = providerCalls.filter { !modules.excludes($0.file) }
        return code
    }

    /// Every call that shares from `platform` in the variant's source sets, each to be checked
    /// as written: on iOS only those that open a share URL (`instagram-stories://` alone is
    /// canOpenURL's test, which carries nothing).
    public func checkedCalls(from platform: Platform, sourceSets: [String]? = nil) -> [ShareCall] {
        calls.filter { call in
            (call.platform == nil || call.platform == platform) && Self.isBuilt(call.file, by: sourceSets) && !call.isDefinition
                && !call.unreached
                && (call.platform != .ios || call.plugin != nil || call.written.contains("://share"))
        }
    }

    /// Whether a variant with `sourceSets` builds `file`: a file under `src/NAME/java/` (or
    /// kotlin/) is built by the variants whose source sets include NAME (main by every one).
    public static func isBuilt(_ file: String, by sourceSets: [String]?) -> Bool {
        guard let sourceSets else { return true }
        let parts = file.split(separator: "/")
        guard let src = parts.lastIndex(of: "src"), src + 2 < parts.count, ["java", "kotlin"].contains(parts[src + 2]) else {
            return true
        }
        let set = parts[src + 1]
        // Kotlin Multiplatform's source sets that an Android build compiles: androidMain, commonMain.
        return set == "main" || set == "androidMain" || set == "commonMain" || sourceSets.contains(String(set))
    }
}
