// The share payload: what an app hands to Instagram or Facebook. This file decides the document,
// as a list of parts: text, and places where a media file's base64, size or SHA-256 goes. The
// media layer streams those files into the output, so a 50 MB video is never held in memory and
// never passes through a JSON encoder. Keys, extras, grants and the App ID's place all come from
// the target's profile. Pure Swift: tested without files.

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
        if case .url(let parameter) = ios.appId { return "\(ios.url)?\(parameter)=\(request.appId ?? "")" }
        return ios.url
    }

    enum Value {
        case string(String)
        case media(Int)
    }

    /// Pasteboard keys in the order of Meta's samples (Instagram Sharing to Reels From iOS): the
    /// background, the sticker, then the colours and link, and the App ID last. Each with a string or
    /// a media index.
    static func pasteboardEntries(_ request: ShareRequest) -> [(key: String, value: Value)] {
        guard let ios = request.target.ios else { return [] }
        var entries: [(String, Value)] = []
        func add(_ key: PasteboardKey, _ value: Value) {
            if let name = ios.keys[key] { entries.append((ios.keyPrefix + name, value)) }
        }
        for (index, media) in request.media.enumerated() where media.role != .sticker { add(media.key, .media(index)) }
        for (index, media) in request.media.enumerated() where media.role == .sticker { add(media.key, .media(index)) }
        if let color = request.topColor { add(.backgroundTopColor, .string(color)) }
        if let color = request.bottomColor { add(.backgroundBottomColor, .string(color)) }
        if let url = request.contentURL { add(.contentURL, .string(url)) }
        if case .pasteboard(let key) = ios.appId { entries.append((ios.keyPrefix + key, .string(request.appId ?? ""))) }
        return entries
    }

    // MARK: JSON (iOS)

    static func iosJSON(_ request: ShareRequest, warnings: [BuildWarning]) -> [PayloadPart] {
        var out = JSONWriter(into: PartsBuilder())
        func entry(_ key: String, _ value: Value) {
            out.key(key)
            switch value {
            case .string(let text): out.value(.string(text))
            case .media(let index): mediaObject(index, request: request, into: &out)
            }
        }
        out.beginObject()
        out.key("pasteboard")
        out.beginObject()
        out.key("items")
        out.beginArray()
        let entries = pasteboardEntries(request)
        switch request.layout {
        case .single:
            out.beginObject()
            for item in entries { entry(item.key, item.value) }
            out.end()
        case .perKey:
            for item in entries {
                out.beginObject()
                entry(item.key, item.value)
                out.end()
            }
        }
        out.end()
        out.member("options", .object(["expirationSeconds": .int(request.expirationSeconds)]))
        out.end()
        out.member("platform", .string("ios"))
        out.member("queriesScheme", .string(request.target.ios?.queryScheme ?? ""))
        out.member("schemaVersion", .int(1))
        out.member("target", .string(request.target.id))
        out.member("url", .string(url(request)))
        out.member("warnings", .array(warnings.map(\.json)))
        out.end()
        var parts = out.sink
        parts.write("\n")
        return parts.parts
    }

    /// `{"base64":…,"bytes":…,"sha256":…,"uti":…}` on iOS (with "path" instead of "base64" for
    /// --embed path); `{"bytes":…,"mimeType":…,"path":…,"sha256":…}` on Android.
    static func mediaObject(_ index: Int, request: ShareRequest, into out: inout JSONWriter<PartsBuilder>) {
        let media = request.media[index]
        let ios = request.platform == .ios
        out.beginObject()
        if ios, request.embedding == .base64 {
            out.key("base64")
            out.raw {
                $0.write("\"")
                $0.part(.base64(index))
                $0.write("\"")
            }
        }
        out.key("bytes")
        out.raw { $0.part(.byteCount(index)) }
        if !ios { out.member("mimeType", .string(media.mimeType)) }
        if !ios || request.embedding == .path { out.member("path", .string(media.path)) }
        out.key("sha256")
        out.raw {
            $0.write("\"")
            $0.part(.sha256(index))
            $0.write("\"")
        }
        if ios { out.member("uti", .string(media.uti)) }
        out.end()
    }

    // MARK: Android

    /// The intent as Meta's samples build it: each background is the data (setDataAndType) and/or
    /// EXTRA_STREAM, as the profile says; several backgrounds take the target's "multiple" action,
    /// the first as data and all of them, in order, as an EXTRA_STREAM list; every URI the profile
    /// names is granted to the target package, since FLAG_GRANT_READ_URI_PERMISSION covers only the
    /// data and ClipData, and Android fills ClipData from EXTRA_STREAM only for ACTION_SEND.
    static func androidJSON(_ request: ShareRequest, warnings: [BuildWarning]) -> [PayloadPart] {
        guard let android = request.target.android else { return [] }
        var out = JSONWriter(into: PartsBuilder())
        let backgrounds = request.media.indices.filter { request.media[$0].role != .sticker }
        let sticker = request.media.firstIndex { $0.role == .sticker }
        let multiple = backgrounds.count > 1 ? android.multiple : nil
        let action = multiple?.action ?? android.action
        let type: String
        if let multiple {
            type = multiple.type
        } else if let index = backgrounds.first ?? sticker {
            let own = request.media[index].mimeType
            switch android.types[request.media[index].role] {
            // The sample's wildcard, when the file is of its kind; a file forced into another
            // role (an MP4 as the image) keeps its own type.
            case .fixed(let fixed)? where fixed.split(separator: "/").first == own.split(separator: "/").first: type = fixed
            default: type = own
            }
        } else {
            type = "*/*"
        }
        var extras: [(String, JSON?, [Int])] = []
        if let name = android.extras.appId, let appId = request.appId { extras.append((name, .string(appId), [])) }
        if let name = android.extras.packageName, let package = request.androidPackage {
            extras.append((name, .string(package), []))
        }
        if let name = android.extras.sticker, let sticker { extras.append((name, nil, [sticker])) }
        if let name = android.extras.topColor, let color = request.topColor { extras.append((name, .string(color), [])) }
        if let name = android.extras.bottomColor, let color = request.bottomColor { extras.append((name, .string(color), [])) }
        if multiple != nil || android.background.contains(.stream), !backgrounds.isEmpty {
            extras.append(("android.intent.extra.STREAM", nil, multiple != nil ? backgrounds : [backgrounds[0]]))
        }
        extras.sort { $0.0 < $1.0 }
        var granted: [JSON] = []
        for (index, media) in request.media.enumerated() {
            let layer: GrantedLayer = media.role == .sticker ? .sticker : .background
            if android.grants.contains(layer) {
                granted.append(.object(["package": .string(android.package), "path": .string(request.media[index].path)]))
            }
        }

        out.beginObject()
        out.member("grantUriPermission", .array(granted))
        out.key("intent")
        out.beginObject()
        out.member("action", .string(action))
        out.key("data")
        if let first = backgrounds.first, multiple != nil || android.background.contains(.data) {
            mediaObject(first, request: request, into: &out)
        } else {
            out.value(.null)
        }
        out.key("extras")
        out.beginObject()
        for (name, value, media) in extras {
            out.key(name)
            if let value {
                out.value(value)
            } else if multiple != nil, name == "android.intent.extra.STREAM" {
                out.beginArray()
                for index in media { mediaObject(index, request: request, into: &out) }
                out.end()
            } else {
                mediaObject(media[0], request: request, into: &out)
            }
        }
        out.end()
        out.member("flags", .array([.string("FLAG_GRANT_READ_URI_PERMISSION")]))
        out.member("package", .string(android.package))
        out.member("type", .string(type))
        out.end()
        out.member("platform", .string("android"))
        out.member("queries", .array([.string(android.package)]))
        out.member("schemaVersion", .int(1))
        out.member("target", .string(request.target.id))
        out.member("warnings", .array(warnings.map(\.json)))
        out.end()
        var parts = out.sink
        parts.write("\n")
        return parts.parts
    }

    // MARK: Property list (iOS)

    /// An XML property list an app can load with PropertyListSerialization: pasteboard values are
    /// real <data> and <string> elements, so `items` goes straight to UIPasteboard.setItems.
    static func iosPlist(_ request: ShareRequest, warnings: [BuildWarning]) -> [PayloadPart] {
        var out = PartsBuilder()
        out.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>pasteboard</key>
            \t<dict>
            \t\t<key>items</key>
            \t\t<array>

            """)
        func entry(_ key: String, _ value: Value, indent: String) {
            out.write("\(indent)<key>\(xml(key))</key>\n\(indent)")
            switch value {
            case .string(let text): out.write("<string>\(xml(text))</string>\n")
            case .media(let index):
                out.write("<data>")
                out.part(.base64(index))
                out.write("</data>\n")
            }
        }
        let entries = pasteboardEntries(request)
        let groups = request.layout == .single ? [entries] : entries.map { [$0] }
        for group in groups {
            out.write("\t\t\t<dict>\n")
            for item in group { entry(item.key, item.value, indent: "\t\t\t\t") }
            out.write("\t\t\t</dict>\n")
        }
        out.write(
            """
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
            out.write("\t\t<dict>\n")
            var members = [
                ("rule", finding.rule.rawValue), ("severity", finding.severity.rawValue), ("message", finding.message),
                ("source", finding.source),
            ]
            if let fix = finding.fix { members.append(("fix", fix)) }
            if let path = warning.path { members.append(("path", path)) }
            for (key, value) in members.sorted(by: { $0.0 < $1.0 }) {
                out.write("\t\t\t<key>\(key)</key>\n\t\t\t<string>\(xml(value))</string>\n")
            }
            out.write("\t\t</dict>\n")
        }
        out.write("\t</array>\n</dict>\n</plist>\n")
        return out.parts
    }

    static func xml(_ text: String) -> String { XMLText.escape(text) }
}

/// Collects parts, merging adjacent text.
public struct PartsBuilder: JSONSink {
    private var done: [PayloadPart] = []
    private var pending = ""

    public init() {}

    public var parts: [PayloadPart] { pending.isEmpty ? done : done + [.text(pending)] }

    public mutating func write(_ text: String) { pending += text }

    mutating func part(_ part: PayloadPart) {
        if !pending.isEmpty { done.append(.text(pending)) }
        pending = ""
        done.append(part)
    }
}
