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
    /// Its size when it was probed and validated: the payload must hold exactly these bytes.
    public var sizeBytes: Int?

    public init(role: Role, path: String, format: String, sizeBytes: Int? = nil) {
        self.role = role
        self.path = path
        self.sizeBytes = sizeBytes
        self.format = format
    }

    /// The pasteboard key (without prefix) of its layer.
    public var key: PasteboardKey { role.pasteboardKey }

    /// The file's Uniform Type Identifier: reelshare's hint to the app (the pasteboard type is
    /// Meta's key, the value raw data). A format without a system UTI is public.data, even under
    /// --force: never a type the file is not.
    public var uti: String { Self.types[format]?.uti ?? "public.data" }

    /// The MIME type Android intents carry for the file's own type: never video/mp4 for a
    /// Matroska file, never image/jpeg for a video.
    public var mimeType: String { Self.types[format]?.mime ?? "application/octet-stream" }

    /// Probe format → (MIME type, UTI).
    static let types: [String: (mime: String, uti: String)] = [
        "mp4": ("video/mp4", "public.mpeg-4"), "m4v": ("video/x-m4v", "com.apple.m4v-video"),
        "mov": ("video/quicktime", "com.apple.quicktime-movie"), "3gp": ("video/3gpp", "public.3gpp"),
        "3g2": ("video/3gpp2", "public.3gpp2"), "webm": ("video/webm", "org.webmproject.webm"),
        "matroska": ("video/x-matroska", "org.matroska.mkv"), "avi": ("video/x-msvideo", "public.avi"),
        "flv": ("video/x-flv", "com.adobe.flash.video"), "mpegts": ("video/mp2t", "public.mpeg-2-transport-stream"),
        "png": ("image/png", "public.png"), "jpeg": ("image/jpeg", "public.jpeg"), "gif": ("image/gif", "com.compuserve.gif"),
        "webp": ("image/webp", "org.webmproject.webp"), "heif": ("image/heif", "public.heif"),
        "heic": ("image/heic", "public.heic"), "avif": ("image/avif", "public.avif"),
    ]
}

/// Everything `build` was asked for, once checked.
public struct ShareRequest: Sendable {
    public var target: TargetProfile
    public var platform: Platform
    public var media: [PayloadMedia]
    /// nil for a target that takes none on the request's platform.
    public var appId: String?
    public var topColor: String?
    public var bottomColor: String?
    public var contentURL: String?
    public var androidPackage: String?
    public var layout: ItemLayout
    public var format: PayloadFormat
    public var embedding: Embedding
    public var expirationSeconds: Int

    public init(
        target: TargetProfile, platform: Platform, media: [PayloadMedia], appId: String?, topColor: String? = nil,
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
            guard let extra = android.extras.appId else { return "\(target.id) takes none: its intent carries no App ID" }
            return "\(target.id) takes it in the intent extra \(extra)"
        }
    }

    /// Whether the target's share carries an App ID on `platform`.
    public static func takesAppId(_ target: TargetProfile, platform: Platform) -> Bool {
        platform == .ios ? target.ios != nil : target.android?.extras.appId != nil
    }

    /// Checks the App ID: decimal digits, as Meta issues them; nil for a target that takes none
    /// (one given is not used).
    public static func checkAppId(_ appId: String?, target: TargetProfile, platform: Platform) throws(ShareRequestError)
        -> String?
    {
        guard takesAppId(target, platform: platform) else { return nil }
        let placement = appIdPlacement(target, platform: platform)
        guard let appId, !appId.isEmpty else {
            throw ShareRequestError("missing App ID: \(placement); pass --app-id or set REELSHARE_APP_ID")
        }
        guard MetaAppID.isValid(appId) else {
            throw ShareRequestError(
                "App ID '\(appId)' is not a Meta App ID, which is decimal digits\(MetaAppID.guess(appId)); \(placement)")
        }
        return appId
    }

    /// Checks a colour: #RRGGBB.
    public static func checkColor(_ color: String, option: String) throws(ShareRequestError) -> String {
        guard ColorPair.rgb(color) != nil else {
            throw ShareRequestError("invalid colour '\(color)' for \(option): expected #RRGGBB, like #1A2B3C")
        }
        return color
    }

    /// Checks an Android application id as Android's build tools do: at least two dot-separated
    /// segments, each a letter then letters, digits or underscores. (Java keywords are allowed: the
    /// rule for a Java package, the manifest's namespace, does not bind the application id.)
    public static func checkPackage(_ name: String) throws(ShareRequestError) -> String {
        let expected =
            "expected an Android application id: at least two dot-separated parts, each a letter then letters, digits or _ (like com.example.app)"
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else { throw ShareRequestError("invalid --package '\(name)': \(expected)") }
        for segment in segments {
            guard let first = segment.first, first.isASCII, first.isLetter,
                segment.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                let part = segment.isEmpty ? "an empty part" : "'\(segment)'"
                throw ShareRequestError(
                    "invalid --package '\(name)': \(part) is not a letter followed by letters, digits or _; \(expected)")
            }
        }
        return name
    }

    /// Where Meta describes the colours: a pair, a solid colour when equal (both Sharing to
    /// Stories pages), ignored beside a background asset (the Android tables of both).
    static let pairSource =
        "Meta, Instagram and Facebook Sharing to Stories: the top colour is 'used in conjunction with the background layer bottom color value. If both values are the same, the background layer will be a solid color'"
    static let ignoredSource =
        "Meta, Instagram Sharing to Stories and Facebook Sharing to Stories for Android: 'if you are passing a background asset, the asset will be used and these values will be ignored'"

    /// The colours as the app will use them: beside a background asset they are ignored (a
    /// warning); one colour alone is completed into the pair Meta describes, the other the same
    /// value, a solid background (a warning that names it).
    public static func colors(top: String?, bottom: String?, hasBackground: Bool) -> (
        top: String?, bottom: String?, findings: [Finding]
    ) {
        guard top != nil || bottom != nil else { return (nil, nil, []) }
        let given = [top.map { _ in "--top-color" }, bottom.map { _ in "--bottom-color" }].compactMap { $0 }.joined(
            separator: " and ")
        if hasBackground {
            let finding = Finding(
                rule: .own(.buildColorsIgnored), severity: .warning,
                message:
                    "\(given) \(top != nil && bottom != nil ? "are" : "is") ignored by the app when a background video or image is sent",
                source: ignoredSource)
            return (top, bottom, [finding])
        }
        switch (top, bottom) {
        case (let top?, nil):
            return (top, top, [pairFinding(given: "--top-color", other: "--bottom-color", color: top)])
        case (nil, let bottom?):
            return (bottom, bottom, [pairFinding(given: "--bottom-color", other: "--top-color", color: bottom)])
        default:
            return (top, bottom, [])
        }
    }

    private static func pairFinding(given: String, other: String, color: String) -> Finding {
        Finding(
            rule: .own(.buildColorPair), severity: .warning,
            message:
                "only \(given) was given: Meta describes the colours as a pair, so reelshare gives \(other) the same \(color), a solid background",
            actual: .string(color), source: pairSource)
    }

    /// The layers of one share, for checking them against the target.
    public struct Layers: Sendable {
        /// The backgrounds in the order given: videos and images.
        public var backgrounds: [Role]
        public var sticker: Bool
        public var colors: Bool

        public init(backgrounds: [Role], sticker: Bool, colors: Bool) {
            self.backgrounds = backgrounds
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
                "\(target.id) is a validate-only publishing profile, with no share to write or draw: give a share target (\(shareTargets.map(\.id).joined(separator: ", ")))"
            )
        }
        switch platform {
        case .ios where target.ios == nil: throw ShareRequestError("\(target.id) has no iOS share envelope")
        case .android where target.android == nil: throw ShareRequestError("\(target.id) has no Android intent")
        default: break
        }
        let on = " on \(platform.label)"
        for role in [Role.backgroundVideo, .backgroundImage] where layers.backgrounds.contains(role) {
            if !target.takes(role, on: platform) {
                throw ShareRequestError("\(target.id) takes no \(role.label)\(on)" + others(role, platform, shareTargets))
            }
        }
        if layers.backgrounds.count > 1, platform != .android || target.android?.multiple == nil {
            let one = Set(layers.backgrounds).count > 1 ? "a background video or a background image, not both" : "one background"
            var text = "\(target.id) takes \(one)\(on)"
            if platform == .ios { text += " (the pasteboard has one key per layer)" }
            let takers = shareTargets.filter { $0.android?.multiple != nil }.map(\.id)
            if !takers.isEmpty {
                text += "; several clips and images go in one share to \(takers.joined(separator: ", ")) on Android"
            }
            throw ShareRequestError(text)
        }
        if layers.sticker, !target.takes(.sticker, on: platform) {
            throw ShareRequestError("\(target.id) takes no sticker\(on)" + others(.sticker, platform, shareTargets))
        }
        if layers.colors, !target.takesColors(on: platform) {
            let takers = shareTargets.filter { $0.takesColors(on: platform) }.map(\.id)
            throw ShareRequestError(
                "\(target.id) takes no --top-color or --bottom-color"
                    + (takers.isEmpty ? "" : " (these do: \(takers.joined(separator: ", ")))"))
        }
        switch needs {
        case .backgroundVideo where !layers.backgrounds.contains(.backgroundVideo):
            throw ShareRequestError("\(target.id) needs a background video: pass --video FILE")
        case .background where layers.backgrounds.isEmpty:
            let image = target.takes(.backgroundImage, on: platform) ? " or --background-image FILE" : ""
            throw ShareRequestError("\(target.id) needs a background\(on): pass --video FILE\(image)")
        case .backgroundOrSticker where layers.backgrounds.isEmpty && !layers.sticker:
            throw ShareRequestError(
                "\(target.id) needs a background (--video or --background-image) or a --sticker, or both; colours alone are not enough"
            )
        default:
            break
        }
    }

    /// " (these do: a, b)" for the share targets that take `role` on `platform`.
    private static func others(_ role: Role, _ platform: Platform, _ targets: [TargetProfile]) -> String {
        let ids = targets.filter { $0.takes(role, on: platform) }.map(\.id)
        return ids.isEmpty ? "" : " (these do: \(ids.joined(separator: ", ")))"
    }
}
