// What `build` is asked for, checked against the target's profile before anything is probed or
// written. Every capability comes from the profile: which layers it takes and needs, where its App
// ID goes, which keys and extras exist. Pure Swift, tested without files.

public enum ItemLayout: String, Sendable, CaseIterable {
    /// All keys in one pasteboard item, as Meta's Objective-C samples and every peer library do.
    case single
    /// Each key in its own item, as Meta's Swift Reels sample does.
    case perKey = "per-key"
}

public enum PayloadFormat: String, Sendable, CaseIterable { case json, plist }
public enum Embedding: String, Sendable, CaseIterable { case base64, path }

/// One media file going into the payload, as the probe described it.
public struct PayloadMedia: Sendable, Equatable {
    /// The layer it fills.
    public var role: Role
    /// Absolute path.
    public var path: String
    /// Container or image format from the probe: mp4, mov, webm, matroska, png, jpeg...
    public var format: String

    public init(role: Role, path: String, format: String) {
        self.role = role
        self.path = path
        self.format = format
    }

    /// The pasteboard key (without prefix) of its layer.
    public var key: PasteboardKey { role.pasteboardKey }

    /// The Uniform Type Identifier iOS files this data under.
    public var uti: String {
        switch format {
        case "mov": return "com.apple.quicktime-movie"
        case "webm": return "org.webmproject.webm"
        case "3gp": return "public.3gpp"
        case "png": return "public.png"
        case "jpeg": return "public.jpeg"
        default: return "public.mpeg-4"
        }
    }

    /// The MIME type Android intents carry: the file's real type, never image/jpeg for a video.
    public var mimeType: String {
        switch format {
        case "mov": return "video/quicktime"
        case "webm": return "video/webm"
        case "3gp": return "video/3gpp"
        case "png": return "image/png"
        case "jpeg": return "image/jpeg"
        default: return "video/mp4"
        }
    }
}

/// Everything `build` was asked for, once checked.
public struct ShareRequest: Sendable {
    public var target: TargetProfile
    public var platform: Platform
    public var media: [PayloadMedia]
    public var appId: String
    public var topColor: String?
    public var bottomColor: String?
    public var contentURL: String?
    public var androidPackage: String?
    public var layout: ItemLayout
    public var format: PayloadFormat
    public var embedding: Embedding
    public var expirationSeconds: Int

    public init(
        target: TargetProfile, platform: Platform, media: [PayloadMedia], appId: String, topColor: String? = nil,
        bottomColor: String? = nil, contentURL: String? = nil, androidPackage: String? = nil,
        layout: ItemLayout = .single, format: PayloadFormat = .json, embedding: Embedding = .base64,
        expirationSeconds: Int = 300
    ) {
        self.target = target
        self.platform = platform
        self.media = media
        self.appId = appId
        self.topColor = topColor
        self.bottomColor = bottomColor
        self.contentURL = contentURL
        self.androidPackage = androidPackage
        self.layout = layout
        self.format = format
        self.embedding = embedding
        self.expirationSeconds = expirationSeconds
    }
}

/// A request `build` cannot carry out, with what to do instead.
public struct ShareRequestError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(_ message: String) { self.message = message }
}

public enum ShareRules {
    /// Where the target expects the App ID, in words.
    public static func appIdPlacement(_ target: TargetProfile, platform: Platform) -> String {
        switch platform {
        case .ios:
            guard let ios = target.ios else { return "nowhere: \(target.id) has no iOS share envelope" }
            switch ios.appId {
            case .url(let parameter): return "\(target.id) takes it in the launch URL's query, \(ios.url)?\(parameter)=APP_ID"
            case .pasteboard(let key): return "\(target.id) takes it on the pasteboard, key \(ios.keyPrefix)\(key)"
            }
        case .android:
            guard let android = target.android else { return "nowhere: \(target.id) has no Android intent" }
            return "\(target.id) takes it in the intent extra \(android.extras.appId)"
        }
    }

    /// Checks the App ID: decimal digits, as Meta issues them.
    public static func checkAppId(_ appId: String?, target: TargetProfile, platform: Platform) throws(ShareRequestError) -> String
    {
        let placement = appIdPlacement(target, platform: platform)
        guard let appId, !appId.isEmpty else {
            throw ShareRequestError("missing App ID: \(placement); pass --app-id or set REELSHARE_APP_ID")
        }
        guard appId.allSatisfy({ $0.isASCII && $0.isNumber }), appId.count <= 20 else {
            var guess = ""
            if appId.contains(".") {
                guess = " (it looks like a bundle identifier or package name)"
            } else if appId.contains("|") || (appId.count == 32 && appId.allSatisfy(\.isHexDigit)) {
                guess = " (it looks like a client token)"
            }
            throw ShareRequestError("App ID '\(appId)' is not a Meta App ID, which is decimal digits\(guess); \(placement)")
        }
        return appId
    }

    /// Checks a colour: #RRGGBB.
    public static func checkColor(_ color: String, option: String) throws(ShareRequestError) -> String {
        let hex = color.dropFirst()
        guard color.hasPrefix("#"), hex.count == 6, hex.allSatisfy(\.isHexDigit) else {
            throw ShareRequestError("invalid colour '\(color)' for \(option): expected #RRGGBB, like #1A2B3C")
        }
        return color
    }

    /// The layers of one share, for checking them against the target.
    public struct Layers: Sendable {
        public var video: Bool
        public var backgroundImage: Bool
        public var sticker: Bool
        public var colors: Bool

        public init(video: Bool, backgroundImage: Bool, sticker: Bool, colors: Bool) {
            self.video = video
            self.backgroundImage = backgroundImage
            self.sticker = sticker
            self.colors = colors
        }
    }

    /// Checks that the target can be shared to on `platform` and takes, and gets, these layers.
    public static func checkLayers(
        _ layers: Layers, target: TargetProfile, platform: Platform,
        shareTargets: [TargetProfile]
    ) throws(ShareRequestError) {
        guard target.purpose == .share, let needs = target.needs else {
            throw ShareRequestError(
                "\(target.id) is a validate-only publishing profile; build needs a share target (\(shareTargets.map(\.id).joined(separator: ", ")))"
            )
        }
        switch platform {
        case .ios where target.ios == nil: throw ShareRequestError("\(target.id) has no iOS share envelope")
        case .android where target.android == nil: throw ShareRequestError("\(target.id) has no Android intent")
        default: break
        }
        if layers.video, layers.backgroundImage {
            throw ShareRequestError(
                "a background video and a background image cannot go together: pass one of --video, --background-image")
        }
        if layers.video, !takes(.backgroundVideo, target: target, platform: platform) {
            throw ShareRequestError("\(target.id) takes no background video")
        }
        if layers.backgroundImage, !takes(.backgroundImage, target: target, platform: platform) {
            throw ShareRequestError("\(target.id) takes no background image" + others(.backgroundImage, platform, shareTargets))
        }
        if layers.sticker, !takes(.sticker, target: target, platform: platform) {
            throw ShareRequestError("\(target.id) takes no sticker" + others(.sticker, platform, shareTargets))
        }
        if layers.colors, !target.takesColors(on: platform) {
            let takers = shareTargets.filter { $0.takesColors(on: platform) }.map(\.id)
            throw ShareRequestError(
                "\(target.id) takes no --top-color or --bottom-color"
                    + (takers.isEmpty ? "" : " (these do: \(takers.joined(separator: ", ")))"))
        }
        switch needs {
        case .backgroundVideo where !layers.video:
            throw ShareRequestError("\(target.id) needs a background video: pass --video FILE")
        case .backgroundOrSticker where !layers.video && !layers.backgroundImage && !layers.sticker:
            throw ShareRequestError(
                "\(target.id) needs a background (--video or --background-image) or a --sticker, or both; colours alone are not enough"
            )
        default:
            break
        }
    }

    /// Whether the target takes a layer on a platform: the profile has rules for its role, and the
    /// platform's envelope has a key or extra for it.
    public static func takes(_ role: Role, target: TargetProfile, platform: Platform) -> Bool {
        guard target.accepts(role) else { return false }
        switch (platform, role) {
        case (.ios, _): return target.ios?.keys[role.pasteboardKey] != nil
        case (.android, .sticker): return target.android?.extras.sticker != nil
        case (.android, _): return target.android != nil
        }
    }

    /// " (these do: a, b)" for the share targets that take `role` on `platform`.
    private static func others(_ role: Role, _ platform: Platform, _ targets: [TargetProfile]) -> String {
        let ids = targets.filter { takes(role, target: $0, platform: platform) }.map(\.id)
        return ids.isEmpty ? "" : " (these do: \(ids.joined(separator: ", ")))"
    }
}
