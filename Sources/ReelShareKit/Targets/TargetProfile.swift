// Target profiles: what each share target (and each publishing API) accepts and how an app hands
// media to it, as data. The built-in profiles are the JSON files of Targets/Profiles; `--profile FILE`
// adds or replaces profiles in the same schema (`reelshare targets --format json` prints it). A new
// target, or a changed Meta rule, is a profile edit: no code infers a capability from a key prefix
// or a target id.

/// How bad breaking a limit is.
public enum Severity: String, Sendable, Comparable, CaseIterable, ProfileEnum {
    case info, warning, error

    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// The part a file plays in the composer.
public enum Role: String, Sendable, CaseIterable, ProfileEnum {
    case backgroundVideo, backgroundImage, sticker

    public static let all = Set(allCases)
    public static let images: Set<Role> = [.backgroundImage, .sticker]

    /// What `fix --as` calls it where an image has it: nil for a sticker, the default.
    public var fixName: String? {
        switch self {
        case .backgroundVideo: return "video"
        case .backgroundImage: return "background"
        case .sticker: return nil
        }
    }

    /// The pasteboard key (without prefix) that carries this layer.
    public var pasteboardKey: PasteboardKey {
        switch self {
        case .backgroundVideo: return .backgroundVideo
        case .backgroundImage: return .backgroundImage
        case .sticker: return .stickerImage
        }
    }

    public var label: String {
        switch self {
        case .backgroundVideo: return "background video"
        case .backgroundImage: return "background image"
        case .sticker: return "sticker"
        }
    }
}

/// What a profile is for.
public enum Purpose: String, Sendable, CaseIterable, ProfileEnum {
    /// The composer, reached through a URL scheme (iOS) or an intent (Android): validate and build.
    case share
    /// Meta's publishing APIs: validate only.
    case publish
}

/// Which layers a share must carry at least.
public enum LayerRequirement: String, Sendable, CaseIterable, ProfileEnum {
    /// A background video (Reels).
    case backgroundVideo = "background-video"
    /// A background: a video, or an image where the platform's envelope takes one (Instagram Reels).
    case background
    /// A background (video or image), a sticker, or both (Stories).
    case backgroundOrSticker = "background-or-sticker"
}

public enum Platform: String, Sendable, CaseIterable, ProfileEnum {
    case ios, android

    public var label: String { self == .ios ? "iOS" : "Android" }
}

/// The pasteboard keys a target reads, without the prefix.
public enum PasteboardKey: String, Sendable, CaseIterable, ProfileEnum {
    case backgroundVideo, backgroundImage, stickerImage, backgroundTopColor, backgroundBottomColor, contentURL
}

/// Where the App ID travels on iOS.
public enum AppIdPlacement: Sendable, Equatable {
    /// In the launch URL's query, under this parameter.
    case url(parameter: String)
    /// On the pasteboard, under this key (after the prefix).
    case pasteboard(key: String)

    public var name: String {
        switch self {
        case .url(let name), .pasteboard(let name): return name
        }
    }
}

/// How an iOS app hands media to the target: URL scheme and pasteboard keys.
/// A key a target reads from the sharing app's Info.plist, and what its value must be.
public struct InfoPlistKey: Sendable, Equatable {
    public enum Value: String, Sendable, ProfileEnum {
        /// Any non-empty string.
        case text
        /// The Meta App ID: decimal digits, and --app-id when given.
        case appId = "app-id"
    }

    public var key: String
    public var value: Value

    public init(_ key: String, _ value: Value = .text) {
        self.key = key
        self.value = value
    }
}

public struct IOSEnvelope: Sendable, Equatable {
    /// The launch URL without the App ID ("instagram-stories://share").
    public var url: String
    /// The scheme that must be listed under LSApplicationQueriesSchemes.
    public var queryScheme: String
    /// Prefix of every pasteboard key ("com.instagram.sharedSticker.").
    public var keyPrefix: String
    public var appId: AppIdPlacement
    /// The keys the target reads; what is absent here, the target does not take.
    public var keys: [PasteboardKey: String]
    /// Keys the target reads from the sharing app's Info.plist (FacebookAppID, the App ID, for
    /// Facebook Stories); `doctor` requires each and checks its value.
    public var infoPlist: [InfoPlistKey]
    public var source: String

    public init(
        url: String, queryScheme: String, keyPrefix: String, appId: AppIdPlacement, keys: [PasteboardKey: String],
        infoPlist: [InfoPlistKey] = [], source: String
    ) {
        self.url = url
        self.queryScheme = queryScheme
        self.keyPrefix = keyPrefix
        self.appId = appId
        self.keys = keys
        self.infoPlist = infoPlist
        self.source = source
    }
}

/// Where a background's content URI goes in an Android intent.
public enum IntentSlot: String, Sendable, CaseIterable, ProfileEnum {
    /// setDataAndType(uri, type)
    case data
    /// putExtra(Intent.EXTRA_STREAM, uri)
    case stream
}

/// The layers whose URIs an app must grant to the target package with grantUriPermission.
public enum GrantedLayer: String, Sendable, CaseIterable, ProfileEnum {
    case background, sticker
}

/// The extras an Android target reads; absent ones it does not take.
public struct AndroidExtras: Sendable, Equatable {
    /// The extra that carries the App ID; nil when the target reads none (Instagram's Sharing to
    /// Feed: a plain ACTION_SEND).
    public var appId: String?
    /// The extra that carries the sharing app's package name (Instagram Reels reads it as
    /// source_application); nil when the target reads none.
    public var packageName: String?
    public var sticker: String?
    public var topColor: String?
    public var bottomColor: String?

    public init(
        appId: String?, packageName: String? = nil, sticker: String? = nil,
        topColor: String? = nil, bottomColor: String? = nil
    ) {
        self.appId = appId
        self.packageName = packageName
        self.sticker = sticker
        self.topColor = topColor
        self.bottomColor = bottomColor
    }
}

/// The MIME type an Android intent carries.
public enum IntentType: Sendable, Equatable {
    /// Always this type ("video/*", as Meta's Reels samples send).
    case fixed(String)
    /// The file's own type (image/png, video/mp4...).
    case own

    public var wire: String {
        switch self {
        case .fixed(let type): return type
        case .own: return "own"
        }
    }
}

/// The intent for several backgrounds at once (Instagram Reels' ADD_TO_REEL_MULTIPLE): the first
/// is the data, all of them a list under EXTRA_STREAM.
public struct AndroidMultiple: Sendable, Equatable {
    public var action: String
    public var type: String

    public init(action: String, type: String) {
        self.action = action
        self.type = type
    }
}

/// How an Android app hands media to the target: the intent.
/// A `<meta-data>` element a target (or the SDK that goes with it) reads from the sharing app's
/// `<application>`, and what its value must be.
public struct ManifestMetaData: Sendable, Equatable {
    /// When the entry is required.
    public enum Condition: String, Sendable, ProfileEnum {
        case always
        /// Only in an app that has the Facebook SDK (which reads it when it starts).
        case facebookSDK = "facebook-sdk"
    }

    public var name: String
    public var value: InfoPlistKey.Value
    /// How serious its absence or a wrong value is.
    public var severity: Severity
    public var when: Condition
    public var source: String

    public init(
        name: String, value: InfoPlistKey.Value, severity: Severity, when: Condition = .always, source: String
    ) {
        self.name = name
        self.value = value
        self.severity = severity
        self.when = when
        self.source = source
    }
}

public struct AndroidEnvelope: Sendable, Equatable {
    public var action: String
    /// The target app's package, also the `<queries>` entry the manifest needs.
    public var package: String
    /// Content provider authorities whose `<queries><provider>` entry also makes the target app
    /// visible (Meta's sample queries Facebook's PlatformProvider).
    public var queryProviders: [String]
    /// The backgrounds the intent takes, each with the intent's type; `.sticker` gives the type of
    /// a share with no background.
    public var types: [Role: IntentType]
    /// Where a background's URI goes.
    public var background: [IntentSlot]
    /// Several backgrounds in one share, when the target takes them.
    public var multiple: AndroidMultiple?
    public var extras: AndroidExtras
    /// Which layers' URIs need grantUriPermission to `package`.
    public var grants: [GrantedLayer]
    /// `<meta-data>` the app's manifest must hold; `doctor` checks each.
    public var metaData: [ManifestMetaData]
    public var source: String

    public init(
        action: String, package: String, queryProviders: [String] = [], types: [Role: IntentType], background: [IntentSlot],
        multiple: AndroidMultiple? = nil, extras: AndroidExtras, grants: [GrantedLayer], metaData: [ManifestMetaData] = [],
        source: String
    ) {
        self.action = action
        self.package = package
        self.queryProviders = queryProviders
        self.types = types
        self.background = background
        self.multiple = multiple
        self.extras = extras
        self.grants = grants
        self.metaData = metaData
        self.source = source
    }
}

/// When a known issue of a target app applies.
public enum AdvisoryCondition: String, Sendable, CaseIterable, ProfileEnum {
    /// Always, for every share to the target.
    case always
    /// A share that carries a sticker.
    case sticker
    /// A share that carries a sticker and no background.
    case stickerOnly = "sticker-only"
    /// A share with a background image, or a sticker and no background.
    case backgroundImageOrStickerOnly = "background-image-or-sticker-only"
    /// A background video longer than `seconds`.
    case videoLongerThan = "video-longer-than"
    /// A share with --content-url.
    case contentURL = "content-url"
}

/// A known issue of the target app (not of the file), with the public report it rests on. Shown
/// with severity info; it never fails a check.
public struct Advisory: Sendable, Equatable {
    public var id: String
    public var message: String
    public var source: String
    /// The platforms it concerns; empty for both.
    public var platforms: [Platform]
    public var when: AdvisoryCondition
    /// For video-longer-than.
    public var seconds: Double?

    public init(
        id: String, message: String, source: String, platforms: [Platform] = [], when: AdvisoryCondition,
        seconds: Double? = nil
    ) {
        self.id = id
        self.message = message
        self.source = source
        self.platforms = platforms
        self.when = when
        self.seconds = seconds
    }
}

public struct TargetProfile: Sendable, Equatable {
    public var id: String
    public var name: String
    public var purpose: Purpose
    public var summary: String
    /// Share targets: the layers a share must carry at least.
    public var needs: LayerRequirement?
    public var ios: IOSEnvelope?
    public var android: AndroidEnvelope?
    /// The rules for each role the target accepts; a role absent here is not accepted.
    public var roles: [Role: [RuleSpec]]
    public var advisories: [Advisory]
    /// Share targets: the composer's canvas, for `preview`.
    public var layout: CanvasLayout?

    /// The platforms it is shared to from: those with an envelope (every one for a publishing
    /// profile, which is validated only).
    public var platforms: Set<Platform> {
        guard purpose == .share else { return Set(Platform.allCases) }
        return Set(Platform.allCases.filter { $0 == .ios ? ios != nil : android != nil })
    }

    /// The platform `build` and `preview` share from unless told: iOS, or the only one it has.
    public var defaultPlatform: Platform { platforms == [.android] ? .android : .ios }

    public init(
        id: String, name: String, purpose: Purpose, summary: String, needs: LayerRequirement? = nil,
        ios: IOSEnvelope? = nil, android: AndroidEnvelope? = nil, roles: [Role: [RuleSpec]], advisories: [Advisory] = [],
        layout: CanvasLayout? = nil
    ) {
        self.id = id
        self.name = name
        self.purpose = purpose
        self.summary = summary
        self.needs = needs
        self.ios = ios
        self.android = android
        self.roles = roles
        self.advisories = advisories
        self.layout = layout
    }

    public func accepts(_ role: Role) -> Bool { roles[role] != nil }

    /// Whether a share on `platform` can carry a layer: the profile has rules for its role, and the
    /// platform's envelope has a key, an extra or an intent type for it.
    public func takes(_ role: Role, on platform: Platform) -> Bool {
        guard accepts(role) else { return false }
        switch (platform, role) {
        case (.ios, _): return ios?.keys[role.pasteboardKey] != nil
        case (.android, .sticker): return android?.extras.sticker != nil
        case (.android, _): return android?.types[role] != nil
        }
    }

    /// The roles it accepts, in listing order.
    public var acceptedRoles: [Role] { Role.allCases.filter(accepts) }

    /// Whether a share on `platform` can carry the top/bottom colours.
    public func takesColors(on platform: Platform) -> Bool {
        switch platform {
        case .ios: return ios?.keys[.backgroundTopColor] != nil && ios?.keys[.backgroundBottomColor] != nil
        case .android: return android?.extras.topColor != nil && android?.extras.bottomColor != nil
        }
    }
}

/// The file format of `targets --format json` and `--profile FILE.json`.
public enum ProfileDocument {
    public static let schemaVersion = 3
}

/// A profile file that cannot be used, with the JSON path of the bad field.
public struct ProfileError: Error, Equatable, CustomStringConvertible {
    public var field: String
    public var problem: String

    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { field.isEmpty ? problem : "\(field): \(problem)" }
}

public struct ProfileSet: Sendable {
    /// In listing order: built-ins first, then added profiles.
    public private(set) var profiles: [TargetProfile]
    /// The named rule sets a role may `use`: the built-in ones, and those of the documents added.
    public private(set) var ruleSets: [String: [RuleSpec]]

    public init(profiles: [TargetProfile], ruleSets: [String: [RuleSpec]] = [:]) {
        self.profiles = profiles
        self.ruleSets = ruleSets
    }

    /// The built-in profiles: the files of Sources/ReelShareKit/Targets/Profiles, loaded in file-name order
    /// as a user's --profile files are (embedded at build time by the EmbedProfiles plugin). They
    /// are tested to decode; should one ever fail, it is left out and every command that needs
    /// its target says so, rather than the process trapping.
    public static let builtin: ProfileSet = {
        var set = ProfileSet(profiles: [])
        for file in BuiltinProfileFiles.files { try? set.merge(Array(file.json.utf8)) }
        return set
    }()

    /// The ids of the built-in share targets and publishing profiles, in listing order, as the
    /// files said when reelshare was built: for help text and completions, which then decode no
    /// profile. (ProfileTests holds them to `builtin`.)
    public static var builtinShareTargetIds: [String] { BuiltinProfileFiles.shareTargetIds }
    public static var builtinPublishIds: [String] { BuiltinProfileFiles.publishIds }

    /// The share targets, evaluated when no --target is given.
    public var shareTargets: [TargetProfile] { profiles.filter { $0.purpose == .share } }

    public func profile(_ id: String) -> TargetProfile? { profiles.first { $0.id == id } }

    /// Adds the profiles and rule sets in `bytes`, replacing any with the same id or name.
    public mutating func merge(_ bytes: [UInt8]) throws(ProfileError) {
        let document = try ProfileDecoding.document(bytes, ruleSets: ruleSets)
        ruleSets.merge(document.ruleSets) { $1 }
        for profile in document.targets {
            if let index = profiles.firstIndex(where: { $0.id == profile.id }) {
                profiles[index] = profile
            } else {
                profiles.append(profile)
            }
        }
    }

    /// Decodes and checks a profile document, whose roles may use the built-in rule sets; errors
    /// name the bad field.
    public static func decode(_ bytes: [UInt8]) throws(ProfileError) -> [TargetProfile] {
        try ProfileDecoding.document(bytes, ruleSets: builtin.ruleSets).targets
    }
}
