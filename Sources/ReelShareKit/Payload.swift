// The share payload: what an app hands to Instagram or Facebook. This file decides the document,
// as a list of parts: text, and places where a media file's base64, size or SHA-256 goes. The
// media layer streams those files into the output, so a 50 MB video is never held in memory and
// never passes through a JSON encoder. Pure Swift: tested without files.

public enum Platform: String, Sendable, CaseIterable { case ios, android }
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
    public enum Slot: String, Sendable, CaseIterable {
        case backgroundVideo, backgroundImage, stickerImage
    }

    public var slot: Slot
    /// Absolute path.
    public var path: String
    /// Container or image format from the probe: mp4, mov, webm, png, jpeg...
    public var format: String

    public init(slot: Slot, path: String, format: String) {
        self.slot = slot
        self.path = path
        self.format = format
    }

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

/// A piece of the output document.
public enum PayloadPart: Equatable, Sendable {
    case text(String)
    /// The base64 of media file `index` (of ShareRequest.media), streamed.
    case base64(Int)
    /// Its size in bytes, as a decimal number.
    case byteCount(Int)
    /// Its SHA-256, lower-case hex.
    case sha256(Int)
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
            guard let ios = target.ios else { return "nowhere: \(target.id) is not a share target" }
            return ios.appIdPlacement == "url"
                ? "\(target.id) takes it in the launch URL's query, \(ios.url)?\(ios.appIdName)=APP_ID"
                : "\(target.id) takes it on the pasteboard, key \(ios.keyPrefix)\(ios.appIdName)"
        case .android:
            guard let android = target.android else { return "nowhere: \(target.id) is not a share target" }
            return "\(target.id) takes it in the intent extra \(android.appIdExtra)"
        }
    }

    /// Checks the App ID: decimal digits, as Meta issues them.
    public static func checkAppId(_ appId: String?, target: TargetProfile, platform: Platform) throws -> String {
        let placement = appIdPlacement(target, platform: platform)
        guard let appId, !appId.isEmpty else {
            throw ShareRequestError("missing App ID: \(placement); pass --app-id or set REELSHARE_APP_ID")
        }
        guard appId.allSatisfy({ $0.isASCII && $0.isNumber }), appId.count <= 20 else {
            var guess = ""
            if appId.contains(".") { guess = " (it looks like a bundle identifier or package name)" }
            else if appId.contains("|") || (appId.count == 32 && appId.allSatisfy(\.isHexDigit)) { guess = " (it looks like a client token)" }
            throw ShareRequestError("App ID '\(appId)' is not a Meta App ID, which is decimal digits\(guess); \(placement)")
        }
        return appId
    }

    /// Checks a colour: #RRGGBB.
    public static func checkColor(_ color: String, option: String) throws -> String {
        let hex = color.dropFirst()
        guard color.hasPrefix("#"), hex.count == 6, hex.allSatisfy(\.isHexDigit) else {
            throw ShareRequestError("invalid colour '\(color)' for \(option): expected #RRGGBB, like #1A2B3C")
        }
        return color
    }

    /// Checks which layers the target takes, and needs.
    public static func checkLayers(target: TargetProfile, video: Bool, backgroundImage: Bool, sticker: Bool, colors: Bool) throws {
        guard target.purpose == "share", target.ios != nil || target.android != nil else {
            throw ShareRequestError("\(target.id) is a validate-only publishing profile; build needs a share target (ig-reels, fb-reels, ig-stories, fb-stories)")
        }
        if video, backgroundImage {
            throw ShareRequestError("a background video and a background image cannot go together: pass one of --video, --background-image")
        }
        if video, !target.accepts(.backgroundVideo) { throw ShareRequestError("\(target.id) takes no background video") }
        if backgroundImage, !target.accepts(.backgroundImage) {
            throw ShareRequestError("\(target.id) takes no background image (only Stories do); Reels need --video")
        }
        if sticker, !target.accepts(.sticker) { throw ShareRequestError("\(target.id) takes no sticker") }
        let isStories = target.accepts(.backgroundImage)
        if colors, !isStories { throw ShareRequestError("--top-color and --bottom-color are for Stories only") }
        if !isStories, !video { throw ShareRequestError("\(target.id) needs a background video: pass --video FILE") }
        if isStories, !video, !backgroundImage, !sticker {
            throw ShareRequestError("\(target.id) needs a background (--video or --background-image) or a --sticker, or both; colours alone are not enough")
        }
    }

    /// The warning that goes with --content-url.
    public static func contentURLWarning() -> Finding {
        Finding(rule: "build.content-url", severity: .warning,
                message: "contentURL (the attribution link) was a closed beta for approved apps and is gone from Meta's page; the target app ignores it",
                actual: .bool(true), limit: .bool(false), source: "Meta, Sharing to Stories, updated Jun 30 2026")
    }
}

/// A finding about one input of `build`, reported in the payload's "warnings".
public struct BuildWarning: Sendable, Equatable {
    /// The input it is about; nil for the request itself (such as --content-url).
    public var path: String?
    public var finding: Finding

    public init(path: String?, finding: Finding) {
        self.path = path
        self.finding = finding
    }

    var json: JSON {
        guard case .object(var members) = ValidationJSON.finding(finding) else { return .null }
        members["path"] = .from(path)
        return .object(members)
    }
}

public enum PayloadDocument {
    /// The document for `request`, with `warnings` at its end.
    public static func parts(_ request: ShareRequest, warnings: [BuildWarning]) -> [PayloadPart] {
        switch (request.platform, request.format) {
        case (.android, _): return androidJSON(request, warnings: warnings)
        case (.ios, .json): return iosJSON(request, warnings: warnings)
        case (.ios, .plist): return iosPlist(request, warnings: warnings)
        }
    }

    /// The launch URL, with the App ID in the query where the target wants it there.
    public static func url(_ request: ShareRequest) -> String {
        guard let ios = request.target.ios else { return "" }
        return ios.appIdPlacement == "url" ? "\(ios.url)?\(ios.appIdName)=\(request.appId)" : ios.url
    }

    /// Pasteboard keys in order, each with a string or a media index.
    static func pasteboardEntries(_ request: ShareRequest) -> [(key: String, value: Either)] {
        guard let ios = request.target.ios else { return [] }
        var entries: [(String, Either)] = []
        if ios.appIdPlacement == "pasteboard" { entries.append((ios.keyPrefix + ios.appIdName, .string(request.appId))) }
        for (index, media) in request.media.enumerated() { entries.append((ios.keyPrefix + media.slot.rawValue, .media(index))) }
        if let color = request.topColor { entries.append((ios.keyPrefix + "backgroundTopColor", .string(color))) }
        if let color = request.bottomColor { entries.append((ios.keyPrefix + "backgroundBottomColor", .string(color))) }
        if let url = request.contentURL { entries.append((ios.keyPrefix + "contentURL", .string(url))) }
        return entries.sorted { $0.0 < $1.0 }
    }

    enum Either {
        case string(String)
        case media(Int)
    }

    // MARK: JSON (iOS)

    static func iosJSON(_ request: ShareRequest, warnings: [BuildWarning]) -> [PayloadPart] {
        var out = PartsBuilder()
        func entry(_ key: String, _ value: Either) {
            out.text(JSON.string(key).serialized + ":")
            switch value {
            case .string(let text): out.text(JSON.string(text).serialized)
            case .media(let index): mediaObject(index, request: request, into: &out, platform: .ios)
            }
        }
        out.text("{\"pasteboard\":{\"items\":[")
        let entries = pasteboardEntries(request)
        switch request.layout {
        case .single:
            out.text("{")
            for (position, item) in entries.enumerated() {
                if position > 0 { out.text(",") }
                entry(item.key, item.value)
            }
            out.text("}")
        case .perKey:
            for (position, item) in entries.enumerated() {
                out.text(position > 0 ? ",{" : "{")
                entry(item.key, item.value)
                out.text("}")
            }
        }
        out.text("],\"options\":{\"expirationSeconds\":\(request.expirationSeconds)}},")
        let tail: [String: JSON] = [
            "platform": .string("ios"),
            "queriesScheme": .string(request.target.ios?.queryScheme ?? ""),
            "schemaVersion": .int(1),
            "target": .string(request.target.id),
            "url": .string(url(request)),
            "warnings": .array(warnings.map(\.json)),
        ]
        out.text(objectBody(tail) + "}\n")
        return out.parts
    }

    /// `{"base64":…,"bytes":…,"sha256":…,"uti":…}`, or with "path" for --embed path.
    static func mediaObject(_ index: Int, request: ShareRequest, into out: inout PartsBuilder, platform: Platform) {
        let media = request.media[index]
        out.text("{")
        if platform == .ios, request.embedding == .base64 {
            out.text("\"base64\":\"")
            out.part(.base64(index))
            out.text("\",")
        }
        out.text("\"bytes\":")
        out.part(.byteCount(index))
        if platform == .android { out.text(",\"mimeType\":" + JSON.string(media.mimeType).serialized) }
        if platform == .android || request.embedding == .path { out.text(",\"path\":" + JSON.string(media.path).serialized) }
        out.text(",\"sha256\":\"")
        out.part(.sha256(index))
        out.text("\"")
        if platform == .ios { out.text(",\"uti\":" + JSON.string(media.uti).serialized) }
        out.text("}")
    }

    /// The members of an object without its braces, keys sorted.
    static func objectBody(_ members: [String: JSON]) -> String {
        String(JSON.object(members).serialized.dropFirst().dropLast())
    }

    // MARK: Android

    static func androidJSON(_ request: ShareRequest, warnings: [BuildWarning]) -> [PayloadPart] {
        guard let android = request.target.android else { return [] }
        var out = PartsBuilder()
        let background = request.media.firstIndex { $0.slot != .stickerImage }
        let sticker = request.media.firstIndex { $0.slot == .stickerImage }
        let type = android.mimeType == "background" ? request.media[background ?? sticker ?? 0].mimeType : android.mimeType
        let inStream = android.mediaIn == "stream"

        var extras: [(String, Either)] = [(android.appIdExtra, .string(request.appId))]
        if android.sourceApplication == "package-name", let package = request.androidPackage {
            extras.append(("source_application", .string(package)))
        }
        if let sticker { extras.append(("interactive_asset_uri", .media(sticker))) }
        if let color = request.topColor { extras.append(("top_background_color", .string(color))) }
        if let color = request.bottomColor { extras.append(("bottom_background_color", .string(color))) }
        if inStream, let background { extras.append(("android.intent.extra.STREAM", .media(background))) }
        extras.sort { $0.0 < $1.0 }

        out.text("{\"grantUriPermission\":")
        out.text(sticker.map { JSON.array([.object(["package": .string(android.package), "path": .string(request.media[$0].path)])]).serialized } ?? "[]")
        out.text(",\"intent\":{\"action\":" + JSON.string(android.action).serialized + ",\"data\":")
        if let background, !inStream { mediaObject(background, request: request, into: &out, platform: .android) } else { out.text("null") }
        out.text(",\"extras\":{")
        for (position, extra) in extras.enumerated() {
            out.text((position > 0 ? "," : "") + JSON.string(extra.0).serialized + ":")
            switch extra.1 {
            case .string(let text): out.text(JSON.string(text).serialized)
            case .media(let index): mediaObject(index, request: request, into: &out, platform: .android)
            }
        }
        out.text("},\"flags\":[\"FLAG_GRANT_READ_URI_PERMISSION\"],\"package\":" + JSON.string(android.package).serialized)
        out.text(",\"type\":" + JSON.string(type).serialized + "},")
        let tail: [String: JSON] = [
            "platform": .string("android"),
            "queries": .array([.string(android.package)]),
            "schemaVersion": .int(1),
            "target": .string(request.target.id),
            "warnings": .array(warnings.map(\.json)),
        ]
        out.text(objectBody(tail) + "}\n")
        return out.parts
    }

    // MARK: Property list (iOS)

    /// An XML property list an app can load with PropertyListSerialization: pasteboard values are
    /// real <data> and <string> elements, so `items` goes straight to UIPasteboard.setItems.
    static func iosPlist(_ request: ShareRequest, warnings: [BuildWarning]) -> [PayloadPart] {
        var out = PartsBuilder()
        out.text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>pasteboard</key>
            \t<dict>
            \t\t<key>items</key>
            \t\t<array>

            """)
        func entry(_ key: String, _ value: Either, indent: String) {
            out.text("\(indent)<key>\(xml(key))</key>\n\(indent)")
            switch value {
            case .string(let text): out.text("<string>\(xml(text))</string>\n")
            case .media(let index):
                out.text("<data>")
                out.part(.base64(index))
                out.text("</data>\n")
            }
        }
        let entries = pasteboardEntries(request)
        let groups = request.layout == .single ? [entries] : entries.map { [$0] }
        for group in groups {
            out.text("\t\t\t<dict>\n")
            for item in group { entry(item.key, item.value, indent: "\t\t\t\t") }
            out.text("\t\t\t</dict>\n")
        }
        out.text("""
            \t\t</array>
            \t\t<key>options</key>
            \t\t<dict>
            \t\t\t<key>expirationSeconds</key>
            \t\t\t<integer>\(request.expirationSeconds)</integer>
            \t\t</dict>
            \t</dict>
            \t<key>platform</key>
            \t<string>ios</string>
            \t<key>queriesScheme</key>
            \t<string>\(xml(request.target.ios?.queryScheme ?? ""))</string>
            \t<key>schemaVersion</key>
            \t<integer>1</integer>
            \t<key>target</key>
            \t<string>\(xml(request.target.id))</string>
            \t<key>url</key>
            \t<string>\(xml(url(request)))</string>
            \t<key>warnings</key>
            \t<array>

            """)
        for warning in warnings {
            let finding = warning.finding
            out.text("\t\t<dict>\n")
            var members = [("rule", finding.rule), ("severity", finding.severity.rawValue), ("message", finding.message),
                           ("source", finding.source)]
            if let fix = finding.fix { members.append(("fix", fix)) }
            if let path = warning.path { members.append(("path", path)) }
            for (key, value) in members.sorted(by: { $0.0 < $1.0 }) {
                out.text("\t\t\t<key>\(key)</key>\n\t\t\t<string>\(xml(value))</string>\n")
            }
            out.text("\t\t</dict>\n")
        }
        out.text("\t</array>\n</dict>\n</plist>\n")
        return out.parts
    }

    static func xml(_ text: String) -> String { XMLText.escape(text) }
}

/// XML 1.0 escaping for text and attribute values; characters XML cannot carry (and bytes of a
/// file name that were not UTF-8) become U+FFFD.
public enum XMLText {
    /// `attribute`: also turn tabs and line breaks into references, which attribute values need
    /// to keep them.
    public static func escape(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r":
                if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF || PathCoding.isEscape(scalar):
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Collects parts, merging adjacent text.
struct PartsBuilder {
    private(set) var parts: [PayloadPart] = []

    mutating func text(_ text: String) {
        if case .text(let previous)? = parts.last {
            parts[parts.count - 1] = .text(previous + text)
        } else {
            parts.append(.text(text))
        }
    }

    mutating func part(_ part: PayloadPart) { parts.append(part) }
}
