// `reelshare build`, end to end: every payload is decoded again and compared with its inputs.
import Foundation
import ReelShareTestSupport
import Testing

private let media = "Tests/Fixtures/media"
private let video = "\(media)/h264_aac_10s.mp4"
private let sticker = "\(media)/sticker_rgba_640x480.png"
private let background = "\(media)/background_720x1280.jpg"
private let longer = "\(media)/h264_aac_25s.mp4"

/// Checks a JSON data object against the file it embeds: base64 decodes to the very bytes.
private func expectEmbedded(_ object: Any?, file: String, uti: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let data = try #require(object as? [String: Any], sourceLocation: sourceLocation)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: TestPaths.packageRoot.appendingPathComponent(file).path))
    let text = try #require(data["base64"] as? String, sourceLocation: sourceLocation)
    let decoded = try #require(Data(base64Encoded: text), sourceLocation: sourceLocation)
    #expect(decoded == bytes, sourceLocation: sourceLocation)
    #expect(data["bytes"] as? Int == bytes.count, sourceLocation: sourceLocation)
    #expect(
        data["sha256"] as? String == (try sha256(TestPaths.packageRoot.appendingPathComponent(file).path)),
        sourceLocation: sourceLocation)
    #expect(data["uti"] as? String == uti, sourceLocation: sourceLocation)
}

@Suite("reelshare build (in process)")
struct BuildCommandTests {
    /// Target, its key prefix, scheme, and whether the App ID goes in the URL.
    static let iosTargets: [(target: String, prefix: String, scheme: String, appIdInURL: Bool)] = [
        ("ig-reels", "com.instagram.sharedSticker.", "instagram-reels", false),
        ("fb-reels", "com.facebook.sharedSticker.", "facebook-reels", false),
        ("ig-stories", "com.instagram.sharedSticker.", "instagram-stories", true),
        ("fb-stories", "com.facebook.sharedSticker.", "facebook-stories", false),
    ]

    @Test("iOS JSON per target: URL, scheme, App ID placement, key set, data byte for byte", arguments: iosTargets)
    func iosJSON(target: String, prefix: String, scheme: String, appIdInURL: Bool) throws {
        let result = runReelshare([
            "build", "--target", target, "--video", video, "--sticker", sticker, "--app-id", "1234567890123456",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(result.json)
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["target"] as? String == target)
        #expect(document["platform"] as? String == "ios")
        #expect(document["queriesScheme"] as? String == scheme)
        #expect(document["url"] as? String == "\(scheme)://share" + (appIdInURL ? "?source_application=1234567890123456" : ""))
        let pasteboard = try #require(document["pasteboard"] as? [String: Any])
        #expect((pasteboard["options"] as? [String: Any])?["expirationSeconds"] as? Int == 300)
        let items = try #require(pasteboard["items"] as? [[String: Any]])
        #expect(items.count == 1)
        var keys: Set<String> = [prefix + "backgroundVideo", prefix + "stickerImage"]
        if !appIdInURL { keys.insert(prefix + "appID") }
        #expect(Set(items[0].keys) == keys)
        if !appIdInURL { #expect(items[0][prefix + "appID"] as? String == "1234567890123456") }
        try expectEmbedded(items[0][prefix + "backgroundVideo"], file: video, uti: "public.mpeg-4")
        try expectEmbedded(items[0][prefix + "stickerImage"], file: sticker, uti: "public.png")
        // No warning, and no advisory: Facebook Stories' bounce-back is reported with a background
        // image or a sticker alone, not with a background video.
        let warnings = (document["warnings"] as? [[String: Any]])?.map { $0["rule"] as? String }
        #expect(warnings == [])
    }

    @Test("a file of many encoder chunks (768 KiB each) round-trips byte for byte")
    func manyChunks() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clip = directory.appendingPathComponent("raw.mov").path
        #expect(try makeRawVideo(at: clip, size: "320x240", seconds: 1) == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        #expect(bytes.count > 3 * 768 * 1024 + 1)
        let output = directory.appendingPathComponent("payload.json")
        let result = runReelshare([
            "build", "--target", "fb-reels", "--video", clip, "--app-id", "7", "--force", "-o", output.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        let items = try #require((document?["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        let object = try #require(items[0]["com.facebook.sharedSticker.backgroundVideo"] as? [String: Any])
        #expect(Data(base64Encoded: try #require(object["base64"] as? String)) == bytes)
        #expect(object["sha256"] as? String == (try sha256(clip)))
        #expect(object["uti"] as? String == "com.apple.quicktime-movie")
    }

    @Test("--layout per-key puts each key in its own item")
    func perKey() throws {
        let result = runReelshare([
            "build", "--target", "fb-reels", "--video", video, "--sticker", sticker, "--app-id", "42",
            "--layout", "per-key",
        ])
        let items = try #require((result.json?["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        // Seed 000's order: background, sticker, App ID.
        #expect(
            items.map { Array($0.keys) } == [
                ["com.facebook.sharedSticker.backgroundVideo"], ["com.facebook.sharedSticker.stickerImage"],
                ["com.facebook.sharedSticker.appID"],
            ])
        try expectEmbedded(items[0]["com.facebook.sharedSticker.backgroundVideo"], file: video, uti: "public.mpeg-4")
        // The same order in the bytes of a single item, and in the plist.
        let single = runReelshare(["build", "--target", "fb-reels", "--video", video, "--sticker", sticker, "--app-id", "42"])
        let keys = ["backgroundVideo", "stickerImage", "appID"].compactMap {
            single.stdout.range(of: "\"com.facebook.sharedSticker.\($0)\"")?.lowerBound
        }
        #expect(keys.count == 3 && keys == keys.sorted())
    }

    @Test("Stories: background image, colours, App ID from the environment")
    func storiesImage() throws {
        let result = runReelshare(
            [
                "build", "--target", "fb-stories", "--background-image", background, "--top-color", "#112233",
                "--bottom-color", "#AABBCC",
            ], environment: ["REELSHARE_APP_ID": "987"])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require((result.json?["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items[0]["com.facebook.sharedSticker.backgroundTopColor"] as? String == "#112233")
        #expect(items[0]["com.facebook.sharedSticker.backgroundBottomColor"] as? String == "#AABBCC")
        #expect(items[0]["com.facebook.sharedSticker.appID"] as? String == "987")
        try expectEmbedded(items[0]["com.facebook.sharedSticker.backgroundImage"], file: background, uti: "public.jpeg")
    }

    @Test("plist: PropertyListSerialization reads real <data> and <string> values", arguments: ["single", "per-key"])
    func plist(layout: String) throws {
        let result = runReelshare([
            "build", "--target", "ig-stories", "--video", video, "--sticker", sticker, "--app-id", "555",
            "--top-color", "#000000", "--format", "plist", "--layout", layout,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let plist = try PropertyListSerialization.propertyList(from: Data(result.stdout.utf8), format: nil)
        let document = try #require(plist as? [String: Any])
        #expect(document["url"] as? String == "instagram-stories://share?source_application=555")
        #expect(document["schemaVersion"] as? Int == 1)
        let items = try #require((document["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        let merged = items.reduce(into: [String: Any]()) { $0.merge($1) { a, _ in a } }
        #expect(items.count == (layout == "single" ? 1 : 3))
        let videoData = try #require(merged["com.instagram.sharedSticker.backgroundVideo"] as? Data)
        #expect(videoData == (try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(video))))
        let stickerData = try #require(merged["com.instagram.sharedSticker.stickerImage"] as? Data)
        #expect(stickerData == (try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(sticker))))
        #expect(merged["com.instagram.sharedSticker.backgroundTopColor"] as? String == "#000000")
        #expect(merged["com.instagram.sharedSticker.appID"] == nil, "Instagram Stories takes the App ID in the URL")
    }

    @Test("--embed path references absolute paths, with size and SHA-256")
    func embedPath() throws {
        let result = runReelshare(["build", "--target", "ig-reels", "--video", video, "--app-id", "1", "--embed", "path"])
        let items = try #require((result.json?["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        let object = try #require(items[0]["com.instagram.sharedSticker.backgroundVideo"] as? [String: Any])
        let absolute = TestPaths.packageRoot.appendingPathComponent(video).path
        #expect(object["path"] as? String == absolute)
        #expect(object["base64"] == nil)
        #expect(object["sha256"] as? String == (try sha256(absolute)))
    }

    @Test(
        "Android intents as Meta's samples build them: action, type, data, each extra, each grant",
        arguments: AndroidIntentCase.table)
    func android(_ expected: AndroidIntentCase) throws {
        let result = runReelshare(
            ["build", "--target", expected.target, "--platform", "android", "--app-id", "314159"] + expected.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(result.json)
        #expect(document["platform"] as? String == "android")
        #expect(document["queries"] as? [String] == [expected.package])
        let intent = try #require(document["intent"] as? [String: Any])
        #expect(intent["action"] as? String == expected.action)
        #expect(intent["package"] as? String == expected.package)
        #expect(intent["type"] as? String == expected.type)
        #expect(intent["flags"] as? [String] == ["FLAG_GRANT_READ_URI_PERMISSION"])
        /// A media object's path, relative to the package, checked against the file's size.
        func path(_ object: Any?) -> String? {
            guard let object = object as? [String: Any], let absolute = object["path"] as? String else { return nil }
            if object["package"] == nil {  // a media object, not a grant
                let bytes = (try? FileManager.default.attributesOfItem(atPath: absolute)[.size] as? Int) ?? nil
                #expect(object["bytes"] as? Int == bytes, "\(absolute)")
            }
            return absolute.replacingOccurrences(of: TestPaths.packageRoot.path + "/", with: "")
        }
        #expect(path(intent["data"]) == expected.data)
        if expected.data == nil { #expect(intent["data"] is NSNull) }
        let extras = try #require(intent["extras"] as? [String: Any])
        #expect(Set(extras.keys) == Set(expected.extras.keys))
        for (name, value) in expected.extras {
            switch value {
            case .text(let text): #expect(extras[name] as? String == text, "\(name)")
            case .file(let file): #expect(path(extras[name]) == file, "\(name)")
            case .files(let files): #expect((extras[name] as? [Any])?.map(path) == files, "\(name)")
            }
        }
        let grants = try #require(document["grantUriPermission"] as? [[String: Any]])
        #expect(grants.allSatisfy { $0["package"] as? String == expected.package })
        #expect(grants.map { path($0) } == expected.grants)
    }

    @Test("Android Stories with an image background carry image/jpeg; never image/jpeg for a video")
    func androidTypes() throws {
        let image = runReelshare([
            "build", "--target", "ig-stories", "--platform", "android", "--background-image", background,
            "--app-id", "1",
        ])
        #expect((image.json?["intent"] as? [String: Any])?["type"] as? String == "image/jpeg")
        let mov = runReelshare([
            "build", "--target", "fb-stories", "--platform", "android", "--video", "\(media)/h264_aac.mov",
            "--app-id", "1",
        ])
        #expect((mov.json?["intent"] as? [String: Any])?["type"] as? String == "video/quicktime")
    }

    @Test("--force labels a file with its real type: a Matroska clip is video/x-matroska, never video/mp4")
    func forcedTypes() throws {
        let android = runReelshare([
            "build", "--target", "ig-stories", "--platform", "android", "--video", "\(media)/h264.mkv", "--app-id", "1",
            "--force",
        ])
        #expect(android.status == 0, "\(android.stderr)")
        #expect(android.stderr.contains("error[video.container]"))
        let intent = try #require(android.json?["intent"] as? [String: Any])
        #expect(intent["type"] as? String == "video/x-matroska")
        #expect((intent["data"] as? [String: Any])?["mimeType"] as? String == "video/x-matroska")
        let ios = runReelshare([
            "build", "--target", "ig-stories", "--video", "\(media)/h264.mkv", "--app-id", "1", "--force",
        ])
        let items = try #require((ios.json?["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(
            (items[0]["com.instagram.sharedSticker.backgroundVideo"] as? [String: Any])?["uti"] as? String == "org.matroska.mkv")
        // Forced into a role whose sample type is a wildcard of another kind: the file's own type.
        let reel = runReelshare([
            "build", "--target", "ig-reels", "--platform", "android", "--background-image", video, "--package", "com.example.new",
            "--app-id", "1", "--force",
        ])
        #expect(reel.status == 0, "\(reel.stderr)")
        #expect((reel.json?["intent"] as? [String: Any])?["type"] as? String == "video/mp4")
        let gif = runReelshare([
            "build", "--target", "ig-stories", "--sticker", "\(media)/sticker.gif", "--app-id", "1", "--force",
        ])
        let gifItems = try #require((gif.json?["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(
            (gifItems[0]["com.instagram.sharedSticker.stickerImage"] as? [String: Any])?["uti"] as? String == "com.compuserve.gif"
        )
    }

    @Test("colours: one alone is completed into Meta's pair (a solid colour); beside a background they are ignored, said so")
    func colours() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let alone = runReelshare([
            "build", "--target", "ig-stories", "--platform", "android", "--sticker", sticker, "--top-color", "#112233",
            "--app-id", "1",
        ])
        #expect(alone.status == 0, "\(alone.stderr)")
        let extras = try #require((alone.json?["intent"] as? [String: Any])?["extras"] as? [String: Any])
        #expect(extras["top_background_color"] as? String == "#112233")
        #expect(extras["bottom_background_color"] as? String == "#112233")
        #expect(
            alone.stderr.contains(
                "reelshare: warning[build.color-pair] ig-stories: only --top-color was given: Meta describes the colours as a pair, so reelshare gives --bottom-color the same #112233, a solid background (Meta, Instagram and Facebook Sharing to Stories:"
            ))
        let warnings = (alone.json?["warnings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
        #expect(warnings == ["build.color-pair"])
        let bottom = runReelshare([
            "build", "--target", "fb-stories", "--sticker", sticker, "--bottom-color", "#ABCDEF", "--app-id", "1",
        ])
        let items = try #require((bottom.json?["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items[0]["com.facebook.sharedSticker.backgroundTopColor"] as? String == "#ABCDEF")
        let ignored = runReelshare([
            "build", "--target", "ig-stories", "--video", video, "--top-color", "#000000", "--bottom-color", "#FFFFFF",
            "--app-id", "1",
        ])
        #expect(ignored.status == 0)
        #expect(
            ignored.stderr.contains(
                "warning[build.colors-ignored] ig-stories: --top-color and --bottom-color are ignored by the app when a background video or image is sent"
            ))
        // --strict makes them errors: nothing is written.
        let output = directory.appendingPathComponent("payload.json").path
        let strict = runReelshare([
            "build", "--target", "ig-stories", "--sticker", sticker, "--top-color", "#112233", "--app-id", "1", "--strict",
            "-o", output,
        ])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("error[build.color-pair]"))
        #expect(
            strict.stderr.hasSuffix(
                "reelshare: error: nothing written: --strict makes these warnings errors (--force writes it anyway)\n"))
        #expect(listing(directory).isEmpty)
        // Two colours and no background: as given, no finding.
        let pair = runReelshare([
            "build", "--target", "ig-stories", "--sticker", sticker, "--top-color", "#112233", "--bottom-color", "#445566",
            "--app-id", "1", "--strict",
        ])
        #expect(pair.status == 0 && (pair.json?["warnings"] as? [Any])?.isEmpty == true)
    }

    /// Bad requests: the arguments, the exit status, and words the error must contain.
    static let refusals: [(arguments: [String], status: Int32, says: String)] = [
        (["--target", "ig-stories", "--video", "\(media)/av1.mp4"], 1, "video.codec"),
        (["--target", "ig-stories", "--video", "\(media)/h264_aac_70s.mp4"], 1, "video.duration.max"),
        (["--target", "fb-stories", "--sticker", "\(media)/sticker.gif"], 1, "image.format"),
        (["--target", "ig-reels", "--video", "\(media)/truncated_fast_start.mp4"], 1, "file.truncated"),
        (["--target", "ig-stories", "--video", video, "--top-color", "red"], 64, "expected #RRGGBB"),
        (
            ["--target", "ig-stories", "--video", video, "--background-image", background], 64,
            "a background video or a background image, not both"
        ),
        (
            ["--target", "ig-reels", "--video", video, "--video", longer], 64,
            "ig-reels takes one background on iOS (the pasteboard has one key per layer); several clips and images go in one share to ig-reels on Android"
        ),
        (
            ["--target", "fb-reels", "--platform", "android", "--video", video, "--video", longer], 64,
            "fb-reels takes one background on Android"
        ),
        (
            ["--target", "ig-reels", "--background-image", background], 64,
            "ig-reels takes no background image on iOS (these do: ig-stories, fb-stories)"
        ),
        (["--target", "ig-reels", "--sticker", sticker], 64, "ig-reels needs a background on iOS: pass --video FILE"),
        (
            ["--target", "ig-reels", "--platform", "android", "--package", "com.example.app", "--sticker", sticker], 64,
            "pass --video FILE or --background-image FILE"
        ),
        (["--target", "ig-reels", "--video", video, "--sticker", sticker, "--sticker", sticker], 64, "give --sticker once"),
        (
            ["--target", "ig-reels", "--platform", "android", "--video", video, "--package", "example"], 64,
            "invalid --package 'example': expected an Android application id"
        ),
        (
            ["--target", "ig-reels", "--platform", "android", "--video", video, "--package", "com.1example.app"], 64,
            "'1example' is not a letter followed by letters, digits or _"
        ),
        (
            ["--target", "ig-reels", "--platform", "android", "--video", video, "--package", "com.example..app"], 64,
            "an empty part is not a letter followed by letters, digits or _"
        ),
        (
            ["--target", "ig-reels", "--platform", "android", "--video", video, "--package", "com.exam-ple.app"], 64,
            "'exam-ple' is not a letter followed by letters, digits or _"
        ),
        (
            ["--target", "ig-reels", "--video", video, "--top-color", "#000000"], 64,
            "ig-reels takes no --top-color or --bottom-color (these do: ig-stories, fb-stories)"
        ),
        (["--target", "ig-stories", "--top-color", "#000000"], 64, "colours alone"),
        (["--target", "ig-reels-api", "--video", video], 64, "validate-only"),
        (["--target", "ig-reels", "--video", video, "--format", "plist", "--embed", "path"], 64, "--embed path"),
        (["--target", "ig-reels", "--video", "\(media)/missing.mp4"], 66, "no such file"),
    ]

    @Test("refused builds exit with the right status, say why, and leave no file", arguments: refusals)
    func refused(arguments: [String], status: Int32, says: String) throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("payload.json").path
        let result = runReelshare(["build", "--app-id", "1234", "-o", output] + arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(listing(directory).isEmpty, "left behind: \(listing(directory))")
    }

    @Test("the App ID: missing says where the target wants it; a bundle identifier is named as such")
    func appId() throws {
        let missing = runReelshare(
            ["build", "--target", "ig-stories", "--video", video], environment: ["REELSHARE_APP_ID": ""])
        #expect(missing.status == 64)
        #expect(
            missing.stderr.contains(
                "missing App ID: ig-stories takes it in the launch URL's query, instagram-stories://share?source_application=APP_ID"
            ))
        let pasteboard = runReelshare(
            ["build", "--target", "fb-reels", "--video", video], environment: ["REELSHARE_APP_ID": ""])
        #expect(pasteboard.stderr.contains("fb-reels takes it on the pasteboard, key com.facebook.sharedSticker.appID"))
        let bundle = runReelshare(["build", "--target", "fb-reels", "--video", video, "--app-id", "com.example.app"])
        #expect(bundle.status == 64)
        #expect(bundle.stderr.contains("looks like a bundle identifier"))
    }

    @Test("-o writes atomically: a refused build leaves the old file as it was")
    func atomicOutput() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("payload.json")
        try "previous payload".write(to: output, atomically: true, encoding: .utf8)
        let refused = runReelshare([
            "build", "--target", "ig-stories", "--video", "\(media)/av1.mp4", "--app-id", "1", "-o", output.path,
        ])
        #expect(refused.status == 1)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous payload")
        let written = runReelshare(["build", "--target", "ig-stories", "--video", video, "--app-id", "1", "-o", output.path])
        #expect(written.status == 0)
        #expect(written.stdout.isEmpty)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        #expect(document?["target"] as? String == "ig-stories")
        #expect(listing(directory) == ["payload.json"])
        let unwritable = runReelshare([
            "build", "--target", "ig-stories", "--video", video, "--app-id", "1", "-o", "/nonexistent/dir/p.json",
        ])
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr.hasPrefix("reelshare: error: cannot write /nonexistent/dir/p.json: no such file or directory"))
    }

    @Test("--force writes a refused payload and lists the errors; warnings always reach the document")
    func forceAndWarnings() throws {
        let forced = runReelshare([
            "build", "--target", "ig-stories", "--video", "\(media)/h264_aac_25s.mp4", "--app-id", "1", "--force",
        ])
        #expect(forced.status == 0)
        let warnings = try #require(forced.json?["warnings"] as? [[String: Any]])
        // Over 15 s on iOS, Instagram does not split the story: an advisory, which fails nothing.
        #expect(warnings.map { $0["rule"] as? String } == ["video.duration.max", "advisory.no-split-over-15s"])
        #expect(warnings.first?["path"] as? String == "\(media)/h264_aac_25s.mp4")
        #expect(warnings.last?["severity"] as? String == "info" && warnings.last?["path"] is NSNull)
        #expect(forced.stderr.contains("error[video.duration.max]"))
        #expect(forced.stderr.contains("reelshare: info[advisory.no-split-over-15s] ig-stories: iOS: Instagram Stories on iOS"))
        let big = runReelshare([
            "build", "--target", "ig-stories", "--sticker", background, "--app-id", "1",
            "--content-url", "https://example.com/a",
        ])
        #expect(big.status == 0)
        let rules = (big.json?["warnings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
        #expect(rules == ["image.dimensions", "advisory.content-url-ignored"])
        let items = try #require((big.json?["pasteboard"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items[0]["com.instagram.sharedSticker.contentURL"] as? String == "https://example.com/a")
        #expect(big.stderr.contains("reelshare: info[advisory.content-url-ignored] ig-stories: iOS: contentURL"))
        // Advisories never fail a build, not even with --strict.
        let strict = runReelshare([
            "build", "--target", "ig-stories", "--sticker", sticker, "--app-id", "1", "--content-url", "https://example.com/a",
            "--strict",
        ])
        #expect(strict.status == 0, "\(strict.stderr)")
        // Facebook Stories on iOS: the bounce-back advisory, with or without a background; on Android, none.
        let alone = runReelshare(["build", "--target", "fb-stories", "--sticker", sticker, "--app-id", "1"])
        #expect(alone.status == 0 && alone.stderr.contains("reelshare: info[advisory.bounces-back] fb-stories: iOS:"))
        let backed = runReelshare([
            "build", "--target", "fb-stories", "--sticker", sticker, "--background-image", background, "--app-id", "1",
        ])
        #expect(backed.status == 0 && backed.stderr.contains("info[advisory.bounces-back]"))
        let onAndroid = runReelshare([
            "build", "--target", "fb-stories", "--platform", "android", "--sticker", sticker, "--app-id", "1",
        ])
        #expect(onAndroid.status == 0 && !onAndroid.stderr.contains("advisory."))
        // Facebook Reels on Android with a sticker: the dropped-sticker advisory; on iOS, none.
        let android = runReelshare([
            "build", "--target", "fb-reels", "--platform", "android", "--video", video, "--sticker", sticker, "--app-id", "1",
        ])
        #expect(android.status == 0 && android.stderr.contains("info[advisory.sticker-dropped]"))
        let ios = runReelshare(["build", "--target", "fb-reels", "--video", video, "--sticker", sticker, "--app-id", "1"])
        #expect(ios.status == 0 && !ios.stderr.contains("advisory."))
    }
}

/// What Meta's sample apps put in each intent, written down from the samples (fbsamples/
/// share_to_reels_android: ShareToIGReelsSingleClipActivity, ShareToIGReelsSingleImageActivity,
/// ShareToIGReelsMultiMediaActivity, ShareToFBReelsActivity, Utils.giveUriPermissions) and Meta's
/// Sharing to Stories pages (Android): the background as data, the sticker as
/// interactive_asset_uri granted with grantUriPermission.
struct AndroidIntentCase: Sendable, CustomStringConvertible {
    enum Extra: Sendable {
        case text(String)
        case file(String)
        case files([String])
    }

    var name: String
    var target: String
    var arguments: [String]
    var action: String
    var package: String
    var type: String
    var data: String?
    var extras: [String: Extra]
    var grants: [String]
    var description: String { name }

    static let stream = "android.intent.extra.STREAM"
    static let table: [AndroidIntentCase] = [
        AndroidIntentCase(
            name: "Instagram Reels, a clip and a sticker (ShareToIGReelsSingleClipActivity)", target: "ig-reels",
            arguments: ["--video", video, "--sticker", sticker, "--package", "com.example.app"],
            action: "com.instagram.share.ADD_TO_REEL", package: "com.instagram.android", type: "video/*", data: video,
            extras: [
                "com.instagram.platform.extra.APPLICATION_ID": .text("314159"), "source_application": .text("com.example.app"),
                stream: .file(video), "interactive_asset_uri": .file(sticker),
            ],
            grants: [video, sticker]),
        AndroidIntentCase(
            name: "Instagram Reels, an image (ShareToIGReelsSingleImageActivity)", target: "ig-reels",
            arguments: ["--background-image", background, "--package", "com.example.app"],
            action: "com.instagram.share.ADD_TO_REEL", package: "com.instagram.android", type: "image/*", data: background,
            extras: [
                "com.instagram.platform.extra.APPLICATION_ID": .text("314159"), "source_application": .text("com.example.app"),
                stream: .file(background),
            ],
            grants: [background]),
        AndroidIntentCase(
            name: "Instagram Reels, clips and an image in one share (ShareToIGReelsMultiMediaActivity)", target: "ig-reels",
            arguments: [
                "--video", video, "--background-image", background, "--video", longer, "--package", "com.example.app",
            ],
            action: "com.instagram.share.ADD_TO_REEL_MULTIPLE", package: "com.instagram.android", type: "*/*", data: video,
            extras: [
                "com.instagram.platform.extra.APPLICATION_ID": .text("314159"), "source_application": .text("com.example.app"),
                stream: .files([video, background, longer]),
            ],
            grants: [video, background, longer]),
        AndroidIntentCase(
            name: "Facebook Reels, a clip and a sticker (ShareToFBReelsActivity)", target: "fb-reels",
            arguments: ["--video", video, "--sticker", sticker],
            action: "com.facebook.reels.SHARE_TO_REEL", package: "com.facebook.katana", type: "video/*", data: video,
            extras: [
                "com.facebook.platform.extra.APPLICATION_ID": .text("314159"), stream: .file(video),
                "interactive_asset_uri": .file(sticker),
            ],
            grants: [video, sticker]),
        AndroidIntentCase(
            name: "Instagram Stories, a clip and a sticker", target: "ig-stories",
            arguments: ["--video", video, "--sticker", sticker],
            action: "com.instagram.share.ADD_TO_STORY", package: "com.instagram.android", type: "video/mp4", data: video,
            extras: ["source_application": .text("314159"), "interactive_asset_uri": .file(sticker)], grants: [sticker]),
        AndroidIntentCase(
            name: "Instagram Stories, a sticker on a gradient", target: "ig-stories",
            arguments: ["--sticker", sticker, "--top-color", "#33FF33", "--bottom-color", "#FF00FF"],
            action: "com.instagram.share.ADD_TO_STORY", package: "com.instagram.android", type: "image/png", data: nil,
            extras: [
                "source_application": .text("314159"), "interactive_asset_uri": .file(sticker),
                "top_background_color": .text("#33FF33"), "bottom_background_color": .text("#FF00FF"),
            ],
            grants: [sticker]),
        AndroidIntentCase(
            name: "Facebook Stories, an image and a sticker", target: "fb-stories",
            arguments: ["--background-image", background, "--sticker", sticker],
            action: "com.facebook.stories.ADD_TO_STORY", package: "com.facebook.katana", type: "image/jpeg", data: background,
            extras: ["com.facebook.platform.extra.APPLICATION_ID": .text("314159"), "interactive_asset_uri": .file(sticker)],
            grants: [sticker]),
    ]
}
