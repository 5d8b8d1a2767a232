// A share plugin as data: one file per plugin in Doctor/SharePlugins (embedded at build time, as
// the target profiles are), read from the plugin's own source at a cited version: the strings an
// app's file names it by, its calls and the target each reaches, the App ID argument each takes,
// and on Android the FileProvider authority its native code passes to getUriForFile and whether
// the plugin's own manifest declares that provider. A new plugin is one data file and its tests.

public struct SharePlugin: Sendable, Equatable {
    public struct Call: Sendable, Equatable {
        /// The call as an app writes it, matched as a whole word ("shareInstagramStory",
        /// "Social.INSTAGRAM_STORIES").
        public var call: String
        /// The target profile it reaches.
        public var target: String
        /// The platform it shares from; nil for both.
        public var platform: Platform?
        /// The argument or option that carries the App ID, looked for near the call; nil when
        /// none is named (a required positional argument always travels).
        public var appIdArgument: String?
        /// False for a plugin that sends no App ID with the share at all.
        public var sendsAppId: Bool
    }

    public var id: String
    /// The packages it is published as ("pub:social_share", "npm:react-native-share").
    public var packages: [String]
    /// A source file that uses the plugin holds one of these (its import).
    public var imports: [String]
    public var calls: [Call]
    /// Android: the authority its native code asks getUriForFile for (`${applicationId}` for the
    /// app's id), and whether the plugin's own manifest declares a provider with it.
    public var authority: String?
    public var declaresProvider: Bool
    /// Where each fact was read: the repository, version and files.
    public var source: String

    /// The plugins reelshare knows, from the embedded data files.
    public static let builtin: [SharePlugin] = BuiltinSharePluginFiles.files.compactMap { parse(Array($0.json.utf8)) }

    /// One data file; nil when it is not one.
    static func parse(_ bytes: [UInt8]) -> SharePlugin? {
        guard let plugin = JSON.parse(bytes)?["plugin"], let id = plugin["id"]?.stringValue,
            let source = plugin["source"]?.stringValue
        else { return nil }
        let calls = (plugin["calls"]?.arrayValue ?? []).compactMap { call -> Call? in
            guard let name = call["call"]?.stringValue, let target = call["target"]?.stringValue else { return nil }
            return Call(
                call: name, target: target, platform: call["platform"]?.stringValue.flatMap(Platform.init(rawValue:)),
                appIdArgument: call["appIdArgument"]?.stringValue, sendsAppId: call["sendsAppId"] != .bool(false))
        }
        let android = plugin["android"]
        return SharePlugin(
            id: id, packages: (plugin["packages"]?.arrayValue ?? []).compactMap(\.stringValue),
            imports: (plugin["imports"]?.arrayValue ?? []).compactMap(\.stringValue), calls: calls,
            authority: android?["authority"]?.stringValue, declaresProvider: android?["declaresProvider"] == .bool(true),
            source: source)
    }
}

extension SharePlugin {
    /// Whether the built-in plugin `id` declares its own FileProvider in its manifest; false for
    /// nil (the app's own code) or a plugin that does not.
    public static func declaresProvider(_ id: String?) -> Bool {
        id.flatMap { id in builtin.first { $0.id == id } }?.declaresProvider ?? false
    }
}
