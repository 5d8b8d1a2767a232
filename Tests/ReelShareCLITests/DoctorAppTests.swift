// doctor on what ships and on projects as their frameworks lay them out (issue 26): APKs compiled
// here by Debian's aapt against android-framework-res, an .aab whose manifest and resource table
// are encoded from aapt2's published field numbers, IPAs and .xcarchives made with zip and
// Python's plistlib (binary plists), and Flutter, React Native, Expo and Capacitor trees, built and
// not. Each is held to the findings it must give, and to the file each finding names.
import Foundation
import ReelShareTestSupport
import Testing

// MARK: making apps

/// Writes each file (a path under `directory` → its text or bytes), making folders.
private func write(_ files: [String: Any], in directory: URL) throws {
    for (path, content) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let text = content as? String {
            try text.write(to: url, atomically: true, encoding: .utf8)
        } else if let bytes = content as? [UInt8] {
            try Data(bytes).write(to: url)
        }
    }
}

/// Sets the files' modification time `seconds` from now (a source edited before or after a build).
private func touch(_ paths: [String], in directory: URL, _ seconds: TimeInterval) throws {
    for path in paths {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: seconds)], ofItemAtPath: directory.appendingPathComponent(path).path)
    }
}

/// Runs a Python script (the test's own tool for zips and binary plists) with `arguments`.
private func python(_ script: String, _ arguments: [String] = [], in directory: URL) throws {
    let (status, _) = try runCommand(["python3", "-c", script] + arguments, in: directory)
    try #require(status == 0, "python3 failed")
}

/// Zips `entries` (name → bytes, in order) into `archive` with Python's zipfile, names as given.
private func zip(_ entries: [(String, [UInt8])], to archive: URL) throws {
    let spec = archive.deletingLastPathComponent().appendingPathComponent("zip-\(UUID().uuidString.prefix(6)).json")
    let json = entries.map { ["name": $0.0, "data": Data($0.1).base64EncodedString()] }
    try JSONSerialization.data(withJSONObject: json).write(to: spec)
    defer { try? FileManager.default.removeItem(at: spec) }
    try python(
        """
        import base64, json, sys, zipfile
        with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:
            for e in json.load(open(sys.argv[1])):
                z.writestr(e['name'], base64.b64decode(e['data']))
        """, [spec.path, archive.path], in: archive.deletingLastPathComponent())
}

/// A binary property list of `dictionary` (a JSON object), by Python's plistlib.
private func binaryPlist(_ dictionary: [String: Any], in directory: URL) throws -> [UInt8] {
    let source = directory.appendingPathComponent("plist-\(UUID().uuidString.prefix(6))")
    try JSONSerialization.data(withJSONObject: dictionary).write(to: source)
    defer {
        try? FileManager.default.removeItem(at: source)
        try? FileManager.default.removeItem(at: source.appendingPathExtension("bin"))
    }
    try python(
        "import json, plistlib, sys; plistlib.dump(json.load(open(sys.argv[1])), open(sys.argv[2], 'wb'), fmt=plistlib.FMT_BINARY)",
        [source.path, source.appendingPathExtension("bin").path], in: directory)
    return [UInt8](try Data(contentsOf: source.appendingPathExtension("bin")))
}

/// An APK compiled by Debian's aapt from a manifest, res/values strings and res/xml files; nil
/// (with a notice) where aapt or the framework resources are not installed.
private func aapt(
    _ manifest: String, strings: [String: String] = [:], xml: [String] = [], in directory: URL, name: String = "app.apk"
)
    throws -> URL?
{
    let framework = "/usr/share/android-framework-res/framework-res.apk"
    guard FileManager.default.fileExists(atPath: framework), (try? runCommand(["aapt", "version"]))?.status == 0 else {
        FileHandle.standardError.write(Data("NOTICE: aapt or android-framework-res is absent; APK tests are skipped.\n".utf8))
        return nil
    }
    let source = directory.appendingPathComponent("src-\(UUID().uuidString.prefix(6))")
    // Gradle fills the placeholders in before aapt sees the manifest.
    var files: [String: Any] = [
        "AndroidManifest.xml": manifest.replacingOccurrences(of: "${applicationId}", with: "com.example.demo")
    ]
    let values = strings.sorted { $0.key < $1.key }.map { "<string name=\"\($0.key)\">\($0.value)</string>" }.joined()
    files["res/values/strings.xml"] = "<resources>\(values)</resources>"
    for path in xml { files["res/xml/\(path).xml"] = "<paths><cache-path name=\"cache\" path=\".\"/></paths>" }
    try write(files, in: source)
    let apk = directory.appendingPathComponent(name)
    let (status, _) = try runCommand(
        ["aapt", "package", "-f", "-M", "AndroidManifest.xml", "-S", "res", "-I", framework, "-F", apk.path], in: source)
    try #require(status == 0, "aapt failed")
    return apk
}

/// The entries of a zip archive, by Python's zipfile.
private func unzip(_ archive: URL) throws -> [(String, [UInt8])] {
    let listing = archive.deletingLastPathComponent().appendingPathComponent("unzip-\(UUID().uuidString.prefix(6)).json")
    defer { try? FileManager.default.removeItem(at: listing) }
    try python(
        """
        import base64, json, sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        json.dump([[n, base64.b64encode(z.read(n)).decode()] for n in z.namelist()], open(sys.argv[2], 'w'))
        """, [archive.path, listing.path], in: archive.deletingLastPathComponent())
    let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: listing)) as? [[String]] ?? []
    return entries.map { ($0[0], [UInt8](Data(base64Encoded: $0[1]) ?? Data())) }
}

/// A manifest with `queries` and `application` inside (android namespace declared).
private func manifest(package: String = "com.example.demo", queries: String, application: String) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
        <queries>\(queries)</queries>
        <application android:label="Demo">\(application)</application>
    </manifest>
    """
}

private let bothPackages =
    #"<package android:name="com.instagram.android"/><package android:name="com.facebook.katana"/>"#

private func fileProvider(_ paths: String = "@xml/file_paths", name: String = "androidx.core.content.FileProvider") -> String {
    """
    <provider android:name="\(name)" android:authorities="${applicationId}.fileprovider" \
    android:exported="false" android:grantUriPermissions="true">\
    <meta-data android:name="android.support.FILE_PROVIDER_PATHS" android:resource="\(paths)"/></provider>
    """
}

private let appIdMetaData =
    #"<meta-data android:name="com.facebook.sdk.ApplicationId" android:value="@string/facebook_app_id"/>"#

/// An Info.plist (XML) with these schemes and extra keys.
private func infoPlist(_ schemes: [String], _ extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>LSApplicationQueriesSchemes</key><array>\(schemes.map { "<string>\($0)</string>" }.joined())</array>
    \(extra)
    </dict></plist>
    """
}

private let allSchemes = ["instagram-reels", "facebook-reels", "instagram-stories", "facebook-stories"]

// MARK: reading results

/// Each result's findings as "target rule file" lines, sorted, for one comparison per app.
private func findings(_ result: RunResult, severity: String? = nil) -> [String] {
    let results = result.json?["results"] as? [[String: Any]] ?? []
    var lines: [String] = []
    for item in results {
        for verdict in item["targets"] as? [[String: Any]] ?? [] {
            for finding in verdict["findings"] as? [[String: Any]] ?? []
            where severity == nil || finding["severity"] as? String == severity {
                lines.append(
                    "\(verdict["target"] as? String ?? "") \(finding["rule"] as? String ?? "") \(finding["file"] as? String ?? "-")"
                )
            }
        }
    }
    return lines.sorted()
}

private func results(_ result: RunResult) -> [[String: Any]] { result.json?["results"] as? [[String: Any]] ?? [] }

/// Protocol Buffers' wire format, written from aapt2's field numbers (Resources.proto).
private struct Proto {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        repeat {
            bytes.append(UInt8(v & 0x7F) | (v >= 0x80 ? 0x80 : 0))
            v >>= 7
        } while v > 0
    }
    mutating func number(_ field: Int, _ value: UInt64) {
        varint(UInt64(field << 3))
        varint(value)
    }
    mutating func text(_ field: Int, _ value: String) { message(field, Array(value.utf8)) }
    mutating func message(_ field: Int, _ payload: [UInt8]) {
        varint(UInt64(field << 3 | 2))
        varint(UInt64(payload.count))
        bytes += payload
    }
    mutating func message(_ field: Int, _ build: (inout Proto) -> Void) {
        var inner = Proto()
        build(&inner)
        message(field, inner.bytes)
    }
}

/// An XmlNode holding an element (XmlElement: name 3, attribute 4, child 5; XmlAttribute:
/// namespace_uri 1, name 2, value 3, resource_id 5, compiled_item 6).
private func protoElement(
    _ name: String, _ attributes: [(String, String, [UInt8]?, UInt64)] = [], _ children: [[UInt8]] = []
) -> [UInt8] {
    var node = Proto()
    node.message(1) { element in
        element.text(3, name)
        for (attribute, value, compiled, id) in attributes {
            element.message(4) { a in
                if attribute != "package" { a.text(1, "http://schemas.android.com/apk/res/android") }
                a.text(2, attribute)
                a.text(3, value)
                if id != 0 { a.number(5, id) }
                if let compiled { a.message(6, compiled) }
            }
        }
        for child in children { element.message(5, child) }
    }
    return node.bytes
}

/// Item { ref 1: Reference { id 2, name 3 } }.
private func protoReference(_ id: UInt32, _ name: String) -> [UInt8] {
    var item = Proto()
    item.message(1) {
        $0.number(2, UInt64(id))
        $0.text(3, name)
    }
    return item.bytes
}

/// Item { prim 7: Primitive { boolean_value 8 } }.
private func protoBoolean(_ value: Bool) -> [UInt8] {
    var item = Proto()
    item.message(7) { $0.number(8, value ? 1 : 0) }
    return item.bytes
}

/// A resources.pb: package 0x7f with string and xml entries, each in the default configuration
/// and, for strings, a French one beside it.
private func protoResources(strings: [(UInt32, String, String)], xml: [(UInt32, String)]) -> [UInt8] {
    var table = Proto()
    table.message(2) { package in
        package.message(1) { $0.number(1, 0x7f) }
        package.text(2, "com.example.demo")
        package.message(3) { type in
            type.message(1) { $0.number(1, 1) }
            type.text(2, "string")
            for (entry, name, value) in strings {
                type.message(3) { e in
                    e.message(1) { $0.number(1, UInt64(entry)) }
                    e.text(2, name)
                    e.message(6) { config in
                        config.message(1) { $0.text(3, "fr") }
                        config.message(2) { v in v.message(4) { i in i.message(2) { $0.text(1, "fr-\(value)") } } }
                    }
                    e.message(6) { config in
                        config.message(1, [])
                        config.message(2) { v in v.message(4) { i in i.message(2) { $0.text(1, value) } } }
                    }
                }
            }
        }
        package.message(3) { type in
            type.message(1) { $0.number(1, 2) }
            type.text(2, "xml")
            for (entry, name) in xml {
                type.message(3) { e in
                    e.message(1) { $0.number(1, UInt64(entry)) }
                    e.text(2, name)
                    e.message(6) { config in
                        config.message(2) { v in v.message(4) { i in i.message(5) { $0.text(1, "res/xml/\(name).xml") } } }
                    }
                }
            }
        }
    }
    return table.bytes
}

// MARK: built apps

@Suite("doctor on built apps: .apk, .aab, .ipa, .app, .xcarchive")
struct DoctorBuiltAppTests {
    @Test("an APK is judged from its binary manifest, @string values resolved through resources.arsc")
    func apk() throws {
        let directory = try scratch("doctor-apk")
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = manifest(queries: bothPackages, application: fileProvider() + appIdMetaData)
        guard let apk = try aapt(text, strings: ["facebook_app_id": "1234567890123456"], xml: ["file_paths"], in: directory)
        else { return }
        let good = try runReelshare(["doctor", "--app-id", "1234567890123456", apk.lastPathComponent], in: directory)
        #expect(good.status == 0, "\(good.stdout)")
        #expect(
            good.stdout
                == "app.apk!/AndroidManifest.xml: accepted by ig-reels, fb-reels, ig-stories, fb-stories, ig-feed\n1 app: 1 accepted, 0 rejected (0 errors, 0 warnings)\n"
        )
        let json = try runReelshare(["doctor", "--format", "json", "app.apk"], in: directory)
        let app = try #require(results(json).first?["app"] as? [String: Any])
        #expect(app["form"] as? String == "apk" && app["platform"] as? String == "android" && app["shipped"] as? Bool == true)
        #expect(app["identifier"] as? String == "com.example.demo")
        #expect(results(json).first?["file"] as? String == "AndroidManifest.xml")
        // The App ID is read through the resource table, and shown with the resource it came from.
        let other = try runReelshare(["doctor", "--app-id", "42", "--target", "fb-reels", "app.apk"], in: directory)
        #expect(
            other.stdout.contains(
                "app.apk!/AndroidManifest.xml: warning[android.meta-data] fb-reels: <meta-data android:name=\"com.facebook.sdk.ApplicationId\"> is 1234567890123456 (@string/facebook_app_id), not 42"
            ), "\(other.stdout)")
    }

    @Test("a real APK nobody here made: Android's framework-res.apk (45 MB, a 31 MB resource table), in bounded time and memory")
    func frameworkRes() throws {
        let path = "/usr/share/android-framework-res/framework-res.apk"
        guard FileManager.default.fileExists(atPath: path) else {
            FileHandle.standardError.write(Data("NOTICE: android-framework-res is absent; its test is skipped.\n".utf8))
            return
        }
        let directory = try scratch("doctor-framework")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try measured(["doctor", "--format", "json", "--target", "ig-reels", path], in: directory)
        #expect(run.result.status == 1)
        #expect(
            findings(run.result) == [
                "ig-reels android.file-provider AndroidManifest.xml", "ig-reels android.queries AndroidManifest.xml",
            ])
        #expect((results(run.result).first?["app"] as? [String: Any])?["identifier"] as? String == "android")
        #expect(run.peak(under: 200), "\(run.megabytes) MB")
    }

    @Test("an APK's mistakes: Meta's placeholder App ID, a FileProvider's missing paths file, an image-only query")
    func apkMistakes() throws {
        let directory = try scratch("doctor-apk")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The sample's strings.xml as shipped (YOUR_APP_ID); Facebook visible only for images.
        let queries =
            #"<package android:name="com.instagram.android"/><intent><action android:name="com.facebook.reels.SHARE_TO_REEL"/><data android:mimeType="image/*"/></intent>"#
        let text = manifest(queries: queries, application: fileProvider() + appIdMetaData)
        guard let apk = try aapt(text, strings: ["facebook_app_id": "YOUR_APP_ID"], xml: ["file_paths"], in: directory)
        else { return }
        // The paths file the resource table names, taken out of the archive.
        let entries = try unzip(apk).filter { $0.0 != "res/xml/file_paths.xml" }
        try zip(entries, to: directory.appendingPathComponent("broken.apk"))
        let result = try runReelshare(["doctor", "--format", "json", "--target", "fb-reels", "broken.apk"], in: directory)
        #expect(result.status == 1)
        #expect(
            findings(result) == [
                "fb-reels android.file-provider AndroidManifest.xml", "fb-reels android.meta-data AndroidManifest.xml",
                "fb-reels android.queries AndroidManifest.xml",
            ])
        let words = try runReelshare(["doctor", "--target", "fb-reels", "broken.apk"], in: directory).stdout
        #expect(words.contains("its <data android:mimeType=\"image/*\"> does not match what is shared (video/*)"), "\(words)")
        #expect(words.contains("paths resource @xml/file_paths names res/xml/file_paths.xml, which the app does not hold"))
        #expect(words.contains("is 'YOUR_APP_ID' (@string/facebook_app_id), not a Meta App ID"))
    }

    @Test("a number as the Facebook SDK's App ID is an error where the SDK is in the app; a FileProvider needs its paths")
    func facebookSDK() throws {
        let directory = try scratch("doctor-apk")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The SDK's own provider marks it as present (its library manifest adds it to every app).
        let application =
            #"<provider android:name="com.facebook.internal.FacebookInitProvider" android:authorities="com.example.demo.FacebookInitProvider" android:exported="false"/>"#
            + #"<meta-data android:name="com.facebook.sdk.ApplicationId" android:value="12345"/>"#
            + #"<provider android:name="androidx.core.content.FileProvider" android:authorities="a" android:exported="false" android:grantUriPermissions="true"/>"#
        guard try aapt(manifest(queries: bothPackages, application: application), in: directory) != nil else { return }
        let result = try runReelshare(["doctor", "--target", "fb-stories", "app.apk"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "error[android.meta-data] fb-stories: <meta-data android:name=\"com.facebook.sdk.ApplicationId\"> is the number 12345"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("App Ids cannot be directly placed in the manifest"))
        #expect(
            result.stdout.contains(
                "error[android.meta-data] fb-stories: <application> has no <meta-data android:name=\"com.facebook.sdk.ClientToken\">: the app has the Facebook SDK"
            ))
        #expect(
            result.stdout.contains(
                "androidx.core.content.FileProvider has no <meta-data android:name=\"android.support.FILE_PROVIDER_PATHS\""))
    }

    @Test("an .aab is judged from aapt2's protobuf manifest, references through resources.pb's default configuration")
    func bundle() throws {
        let directory = try scratch("doctor-aab")
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = protoElement(
            "provider",
            [
                ("name", "androidx.core.content.FileProvider", nil, 0x0101_0003),
                ("authorities", "com.example.demo.fileprovider", nil, 0x0101_0018),
                ("exported", "false", protoBoolean(false), 0x0101_0010),
                ("grantUriPermissions", "true", protoBoolean(true), 0x0101_001b),
            ],
            [
                protoElement(
                    "meta-data",
                    [
                        ("name", "android.support.FILE_PROVIDER_PATHS", nil, 0x0101_0003),
                        ("resource", "@xml/file_paths", protoReference(0x7f02_0000, "xml/file_paths"), 0x0101_0025),
                    ])
            ])
        let appId = protoElement(
            "meta-data",
            [
                ("name", "com.facebook.sdk.ApplicationId", nil, 0x0101_0003),
                ("value", "@string/facebook_app_id", protoReference(0x7f01_0000, "string/facebook_app_id"), 0x0101_0024),
            ])
        let queries = protoElement(
            "queries", [],
            [
                protoElement("package", [("name", "com.instagram.android", nil, 0x0101_0003)]),
                protoElement("package", [("name", "com.facebook.katana", nil, 0x0101_0003)]),
            ])
        let root = protoElement(
            "manifest", [("package", "com.example.demo", nil, 0)], [queries, protoElement("application", [], [provider, appId])])
        let resources = protoResources(strings: [(0, "facebook_app_id", "1234567890123456")], xml: [(0, "file_paths")])
        let paths = Array("<paths/>".utf8)
        try zip(
            [
                ("BundleConfig.pb", []), ("base/manifest/AndroidManifest.xml", root), ("base/resources.pb", resources),
                ("base/res/xml/file_paths.xml", paths),
            ], to: directory.appendingPathComponent("app.aab"))
        let good = try runReelshare(["doctor", "--app-id", "1234567890123456", "app.aab"], in: directory)
        #expect(good.status == 0, "\(good.stdout)")
        #expect(good.stdout.hasPrefix("app.aab!/base/manifest/AndroidManifest.xml: accepted by"))
        // The French value is not the default one; the default is what --app-id is held to.
        let other = try runReelshare(["doctor", "--app-id", "7", "--target", "fb-reels", "app.aab"], in: directory)
        #expect(other.stdout.contains("is 1234567890123456 (@string/facebook_app_id), not 7"), "\(other.stdout)")
        // Without the paths file the resource names, the FileProvider cannot work.
        try zip(
            [("base/manifest/AndroidManifest.xml", root), ("base/resources.pb", resources)],
            to: directory.appendingPathComponent("nofile.aab"))
        let missing = try runReelshare(["doctor", "--target", "ig-reels", "nofile.aab"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("names res/xml/file_paths.xml, which the app does not hold"))
    }

    @Test("an .ipa, an .app and an .xcarchive are judged from the app's own Info.plist, not its frameworks'")
    func ios() throws {
        let directory = try scratch("doctor-ipa")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try binaryPlist(
            [
                "CFBundleIdentifier": "com.example.demo", "CFBundleExecutable": "Demo", "FacebookAppID": "1234567890123456",
                "LSApplicationQueriesSchemes": ["instagram-reels", "instagram-stories", "facebook-stories"],
            ], in: directory)
        let framework = try binaryPlist(
            ["CFBundleIdentifier": "com.facebook.sdk", "LSApplicationQueriesSchemes": ["facebook-reels"]], in: directory)
        let entries: [(String, [UInt8])] = [
            ("Payload/Demo.app/Frameworks/FBSDKCoreKit.framework/Info.plist", framework),
            ("Payload/Demo.app/Info.plist", app), ("Payload/Demo.app/Demo", [0xCF, 0xFA, 0xED, 0xFE]),
        ]
        try zip(entries, to: directory.appendingPathComponent("Demo.ipa"))
        let ipa = try runReelshare(["doctor", "--format", "json", "Demo.ipa"], in: directory)
        #expect(ipa.status == 1)
        #expect(findings(ipa) == ["fb-reels ios.query-scheme Payload/Demo.app/Info.plist"])
        #expect((results(ipa).first?["app"] as? [String: Any])?["form"] as? String == "ipa")
        let text = try runReelshare(["doctor", "Demo.ipa"], in: directory)
        #expect(
            text.stdout.hasPrefix("Demo.ipa!/Payload/Demo.app/Info.plist: error[ios.query-scheme] fb-reels:"), "\(text.stdout)")
        // The same app as a bundle on disk, and inside an archive Xcode wrote.
        try write(
            [
                "Demo.app/Info.plist": app, "Demo.app/Demo": [UInt8](repeating: 0, count: 4),
                "Demo.xcarchive/Products/Applications/Demo.app/Info.plist": app,
                "Demo.xcarchive/Products/Applications/Demo.app/Demo": [UInt8](repeating: 0, count: 4),
                "Demo.xcarchive/Info.plist": try binaryPlist(
                    ["ApplicationProperties": ["ApplicationPath": "Applications/Demo.app"], "Name": "Demo"], in: directory),
            ], in: directory)
        let bundle = try runReelshare(["doctor", "--format", "json", "Demo.app"], in: directory)
        #expect(findings(bundle) == ["fb-reels ios.query-scheme Demo.app/Info.plist"])
        let archive = try runReelshare(["doctor", "--format", "json", "Demo.xcarchive"], in: directory)
        #expect(findings(archive) == ["fb-reels ios.query-scheme Demo.xcarchive/Products/Applications/Demo.app/Info.plist"])
        #expect((results(archive).first?["app"] as? [String: Any])?["form"] as? String == "xcarchive")
    }
}

// MARK: projects

@Suite("doctor on projects as each framework lays them out, built and not")
struct DoctorProjectTests {
    /// A pub cache beside the project with share_plus's shape: its own FileProvider and paths.
    private func pubCache(in directory: URL) throws -> String {
        let plugin = directory.appendingPathComponent("pub-cache/share_plus-10.0.0")
        try write(
            [
                "android/src/main/AndroidManifest.xml": """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="dev.example.share">
                <application><provider android:name="dev.example.share.ShareFileProvider" \
                android:authorities="${applicationId}.flutter.share_provider" android:exported="false" \
                android:grantUriPermissions="true"><meta-data android:name="android.support.FILE_PROVIDER_PATHS" \
                android:resource="@xml/flutter_share_file_paths"/></provider></application></manifest>
                """,
                "android/src/main/res/xml/flutter_share_file_paths.xml": "<paths/>",
            ], in: plugin)
        return plugin.path
    }

    private func flutter(in directory: URL) throws -> URL {
        let project = directory.appendingPathComponent("demo")
        let plugin = try pubCache(in: directory)
        try write(
            [
                "pubspec.yaml": "name: demo\ndependencies:\n  share_plus: ^10.0.0\n",
                ".flutter-plugins-dependencies":
                    #"{"info":"This is a generated file","plugins":{"android":[{"name":"share_plus","path":"\#(plugin)/","dependencies":[],"native_build":true}]}}"#,
                "ios/Runner/Info.plist": infoPlist(
                    ["instagram-stories", "facebook-stories"], "<key>FacebookAppID</key><string>$(FACEBOOK_APP_ID)</string>"),
                "ios/Flutter/Release.xcconfig": "#include \"Generated.xcconfig\"\nFACEBOOK_APP_ID = 1234567890123456\n",
                "android/app/build.gradle":
                    "android {\n    defaultConfig {\n        applicationId = \"com.example.demo\"\n    }\n}\n",
                "android/app/src/main/AndroidManifest.xml": manifest(
                    queries: #"<package android:name="com.instagram.android"/>"#, application: appIdMetaData),
                "android/app/src/main/res/values/strings.xml":
                    #"<resources><string name="facebook_app_id">1234567890123456</string></resources>"#,
            ], in: project)
        return project
    }

    @Test(
        "Flutter, not built: the plugin's FileProvider counts, a build setting is read from the xcconfig, what a build may add is a warning"
    )
    func flutterSource() throws {
        let directory = try scratch("doctor-flutter")
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = try flutter(in: directory)
        // `reelshare doctor` with no path: the current directory.
        let result = try runReelshare(["doctor", "--format", "json"], in: project)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            findings(result, severity: "error") == [
                "fb-reels ios.query-scheme ios/Runner/Info.plist", "ig-reels ios.query-scheme ios/Runner/Info.plist",
            ])
        // No android.file-provider: share_plus's manifest supplies one, as Gradle would merge it.
        #expect(
            findings(result, severity: "warning") == [
                "fb-reels android.queries android/app/src/main/AndroidManifest.xml",
                "fb-stories android.queries android/app/src/main/AndroidManifest.xml",
            ])
        let android = try #require(results(result).first { ($0["app"] as? [String: Any])?["platform"] as? String == "android" })
        let app = try #require(android["app"] as? [String: Any])
        #expect(app["framework"] as? String == "flutter" && app["shipped"] as? Bool == false)
        #expect(
            (app["libraries"] as? [String])?.first?.hasSuffix("share_plus-10.0.0/android/src/main/AndroidManifest.xml") == true)
        let text = try runReelshare(["doctor", "--target", "fb-reels", "--app-id", "99", "."], in: project).stdout
        #expect(
            text.contains(
                "android/app/src/main/AndroidManifest.xml: warning[android.queries] fb-reels: <queries> names neither the package com.facebook.katana"
            ), "\(text)")
        #expect(
            text.contains(
                "a library or the build may still add it (flutter build apk, then reelshare doctor build/app/outputs/flutter-apk/app-release.apk)"
            ))
        #expect(
            text.contains(
                "ios/Runner/Info.plist: error[ios.query-scheme] fb-reels: LSApplicationQueriesSchemes does not list 'facebook-reels'"
            ))
        #expect(
            text.contains(
                "fix (fb-reels): /usr/libexec/PlistBuddy -c 'Add :LSApplicationQueriesSchemes: string facebook-reels' ios/Runner/Info.plist"
            ))
        // The build setting, as the xcconfig sets it.
        let stories = try runReelshare(["doctor", "--target", "fb-stories", "--app-id", "99"], in: project).stdout
        #expect(
            stories.contains(
                "error[ios.app-id] fb-stories: FacebookAppID is 1234567890123456, not 99 (the build setting $(FACEBOOK_APP_ID), set in ios/Flutter/Release.xcconfig)"
            ), "\(stories)")
        // The app's manifest named alone is still read in its project.
        let named = try runReelshare(
            [
                "doctor", "--format", "json", "--target", "ig-reels", "--manifest",
                "demo/android/app/src/main/AndroidManifest.xml",
            ],
            in: directory)
        #expect(named.status == 0, "\(named.stdout)")
        #expect(findings(named).isEmpty)
    }

    @Test("Flutter, built: the merged manifest and the built .app are what ships, and are judged")
    func flutterBuilt() throws {
        let directory = try scratch("doctor-flutter")
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = try flutter(in: directory)
        let merged = manifest(queries: bothPackages, application: fileProvider("@xml/flutter_share_file_paths") + appIdMetaData)
        let built = try binaryPlist(
            [
                "CFBundleIdentifier": "com.example.demo", "CFBundleExecutable": "Runner", "FacebookAppID": "1234567890123456",
                "LSApplicationQueriesSchemes": allSchemes,
            ], in: directory)
        try write(
            [
                "build/app/intermediates/merged_manifest/debug/processDebugMainManifest/AndroidManifest.xml": manifest(
                    queries: "", application: ""),
                "build/app/intermediates/merged_manifest/release/processReleaseMainManifest/AndroidManifest.xml": merged,
                "build/ios/iphoneos/Runner.app/Info.plist": built, "build/ios/iphoneos/Runner.app/Runner": [UInt8]([0]),
            ], in: project)
        try touch(
            ["ios/Runner/Info.plist", "android/app/src/main/AndroidManifest.xml", "android/app/build.gradle"], in: project, -3600)
        let result = try runReelshare(["doctor", "--format", "json"], in: project)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            results(result).compactMap { $0["file"] as? String } == [
                "build/ios/iphoneos/Runner.app/Info.plist",
                "build/app/intermediates/merged_manifest/release/processReleaseMainManifest/AndroidManifest.xml",
            ])
        // The manifest edited after the build: the build's output is not what the next one ships,
        // and the source is judged, naming the output it passed over.
        try touch(["android/app/src/main/AndroidManifest.xml"], in: project, 0)
        let edited = try runReelshare(["doctor", "--target", "fb-reels"], in: project)
        #expect(
            edited.stdout.contains("android/app/src/main/AndroidManifest.xml: warning[android.queries] fb-reels"),
            "\(edited.stdout)")
        #expect(
            edited.stdout.contains(
                "(build/app/intermediates/merged_manifest/release/processReleaseMainManifest/AndroidManifest.xml is older than the project's files and was not judged; flutter build apk"
            ), "\(edited.stdout)")
        try touch(["android/app/src/main/AndroidManifest.xml"], in: project, -3600)
        #expect(results(result).allSatisfy { ($0["app"] as? [String: Any])?["shipped"] as? Bool == true })
        // An APK the build left comes first: its own manifest, with Facebook left out of <queries>.
        guard
            let apk = try aapt(
                manifest(
                    queries: #"<package android:name="com.instagram.android"/>"#, application: fileProvider() + appIdMetaData),
                strings: ["facebook_app_id": "1234567890123456"], xml: ["file_paths"], in: directory)
        else { return }
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("build/app/outputs/flutter-apk"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: apk, to: project.appendingPathComponent("build/app/outputs/flutter-apk/app-release.apk"))
        let fromApk = try runReelshare(["doctor", "--format", "json", "--target", "fb-reels"], in: project)
        #expect(fromApk.status == 1)
        #expect(
            findings(fromApk) == ["fb-reels android.queries build/app/outputs/flutter-apk/app-release.apk!/AndroidManifest.xml"])
    }

    @Test("React Native: the library's FileProvider from node_modules, tools:node=\"remove\" honoured, --manifest in its project")
    func reactNative() throws {
        let directory = try scratch("doctor-rn")
        defer { try? FileManager.default.removeItem(at: directory) }
        let library = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="cl.example">
            <application><provider android:name=".RNShareFileProvider" \
            android:authorities="${applicationId}.rnshare.fileprovider" android:exported="false" \
            android:grantUriPermissions="true"><meta-data android:name="android.support.FILE_PROVIDER_PATHS" \
            android:resource="@xml/share_download_paths"/></provider></application></manifest>
            """
        try write(
            [
                "package.json": #"{"name":"demo","dependencies":{"react-native":"0.76.0","react-native-share":"12.0.0"}}"#,
                "node_modules/react-native/package.json": "{}",
                "node_modules/react-native-share/android/src/main/AndroidManifest.xml": library,
                "node_modules/react-native-share/android/src/main/res/xml/share_download_paths.xml": "<paths/>",
                "ios/Demo.xcodeproj/project.pbxproj": "buildSettings = {\n\tINFOPLIST_FILE = Demo/Info.plist;\n};\n",
                "ios/DemoTests/Info.plist": infoPlist([]),
                "ios/Demo/Info.plist": infoPlist(allSchemes, "<key>FacebookAppID</key><string>1234567890123456</string>"),
                "android/app/build.gradle": "android { defaultConfig { applicationId \"com.example.demo\" } }\n",
                "android/app/src/main/AndroidManifest.xml": manifest(queries: bothPackages, application: appIdMetaData),
                "android/app/src/main/res/values/strings.xml":
                    #"<resources><string name="facebook_app_id">"1234567890123456"</string></resources>"#,
            ], in: directory)
        let result = try runReelshare(["doctor", "--format", "json", "--app-id", "1234567890123456"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(findings(result).isEmpty, "\(findings(result))")
        #expect(
            results(result).compactMap { $0["file"] as? String } == [
                "ios/Demo/Info.plist", "android/app/src/main/AndroidManifest.xml",
            ])
        let named = try runReelshare(["doctor", "--manifest", "android/app/src/main/AndroidManifest.xml"], in: directory)
        #expect(named.status == 0, "\(named.stdout)")
        // The app removes the library's provider: then none is declared, which a build could still change.
        try write(
            [
                "android/app/src/main/AndroidManifest.xml": manifest(
                    queries: bothPackages,
                    application:
                        #"<provider xmlns:tools="http://schemas.android.com/tools" android:name="cl.example.RNShareFileProvider" tools:node="remove"/>"#
                        + appIdMetaData)
            ], in: directory)
        let removed = try runReelshare(["doctor", "--format", "json", "--target", "ig-reels"], in: directory)
        #expect(findings(removed) == ["ig-reels android.file-provider android/app/src/main/AndroidManifest.xml"])
    }

    @Test("Expo before prebuild: app.json's infoPlist is checked, and what prebuild writes is said, not claimed missing")
    func expo() throws {
        let directory = try scratch("doctor-expo")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(
            [
                "package.json": #"{"name":"demo","dependencies":{"expo":"~52.0.0","react-native":"0.76.0"}}"#,
                "app.json":
                    #"{"expo":{"name":"demo","ios":{"bundleIdentifier":"com.example.demo","infoPlist":{"LSApplicationQueriesSchemes":["instagram-stories"]}},"android":{"package":"com.example.demo"}}}"#,
            ], in: directory)
        let result = try runReelshare(["doctor", "--format", "json", "--target", "ig-stories,ig-reels"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(findings(result, severity: "error").isEmpty)
        #expect(
            findings(result) == [
                "ig-reels android.file-provider app.json", "ig-reels android.queries app.json",
                "ig-reels ios.query-scheme app.json",
                "ig-stories android.file-provider app.json", "ig-stories android.queries app.json",
            ])
        #expect(result.stdout.contains("run npx expo prebuild"))
    }

    @Test("Capacitor: ios/App/App/Info.plist and the template's FileProvider")
    func capacitor() throws {
        let directory = try scratch("doctor-capacitor")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(
            [
                "capacitor.config.json": #"{"appId":"com.example.demo","appName":"Demo","webDir":"dist"}"#,
                "package.json": #"{"dependencies":{"@capacitor/core":"8.0.0","@capacitor/share":"8.0.1"}}"#,
                "node_modules/@capacitor/share/android/src/main/AndroidManifest.xml":
                    #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"></manifest>"#,
                "ios/App/App/Info.plist": infoPlist(allSchemes, "<key>FacebookAppID</key><string>1234567890123456</string>"),
                "android/app/src/main/AndroidManifest.xml": manifest(
                    queries: bothPackages, application: fileProvider() + appIdMetaData),
                "android/app/src/main/res/xml/file_paths.xml": "<paths/>",
                "android/app/src/main/res/values/strings.xml":
                    #"<resources><string name="facebook_app_id">1234567890123456</string></resources>"#,
            ], in: directory)
        let result = try runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(findings(result).isEmpty)
        #expect(
            results(result).compactMap { ($0["app"] as? [String: Any])?["framework"] as? String } == ["capacitor", "capacitor"])
        #expect(
            ((results(result).last?["app"] as? [String: Any])?["libraries"] as? [String]) == [
                "node_modules/@capacitor/share/android/src/main/AndroidManifest.xml"
            ])
    }

    @Test("native projects: Xcode's INFOPLIST_FILE, a Gradle app module with the Facebook SDK, and React Native built")
    func native() throws {
        let directory = try scratch("doctor-native")
        defer { try? FileManager.default.removeItem(at: directory) }
        // An Xcode project whose Info.plist is where its build settings say, beside a test target's.
        try write(
            [
                "Demo.xcodeproj/project.pbxproj":
                    "buildSettings = {\n\tINFOPLIST_FILE = \"$(SRCROOT)/Sources/Demo-Info.plist\";\n\tFACEBOOK_APP_ID = 1234567890123456;\n};\nbuildSettings = {\n\tINFOPLIST_FILE = DemoTests/Info.plist;\n};\n",
                "Sources/Demo-Info.plist": infoPlist(
                    ["instagram-stories"], "<key>FacebookAppID</key><string>$(FACEBOOK_APP_ID)</string>"),
                "DemoTests/Info.plist": infoPlist(allSchemes),
            ], in: directory.appendingPathComponent("xcode"))
        let xcode = try runReelshare(["doctor", "--format", "json", "--target", "ig-stories,fb-stories", "xcode"], in: directory)
        #expect(findings(xcode) == ["fb-stories ios.query-scheme xcode/Sources/Demo-Info.plist"], "\(xcode.stdout)")
        #expect((results(xcode).first?["app"] as? [String: Any])?["framework"] as? String == "xcode")
        // A Gradle app module that depends on the Facebook SDK: its ClientToken is asked for, and
        // <queries> for Facebook, which the SDK's facebook-common adds at build time, is not
        // claimed missing: both are warnings that say to check the built app.
        try write(
            [
                "settings.gradle": "include ':app'\n",
                "app/build.gradle":
                    "plugins { id 'com.android.application' }\nandroid { defaultConfig { applicationId 'com.example.native'\n resValue 'string', 'facebook_app_id', '1234567890123456' } }\ndependencies { implementation 'com.facebook.android:facebook-share:18.0.0' }\n",
                "app/src/main/AndroidManifest.xml": manifest(
                    queries: #"<package android:name="com.instagram.android"/>"#, application: fileProvider() + appIdMetaData),
                "app/src/main/res/xml/file_paths.xml": "<paths/>",
            ], in: directory.appendingPathComponent("gradle"))
        let gradle = try runReelshare(["doctor", "--format", "json", "--target", "fb-reels", "gradle"], in: directory)
        #expect(gradle.status == 0)
        #expect(
            findings(gradle, severity: "warning") == [
                "fb-reels android.meta-data gradle/app/src/main/AndroidManifest.xml",
                "fb-reels android.queries gradle/app/src/main/AndroidManifest.xml",
            ])
        #expect(
            gradle.stdout.contains(
                "<application> has no <meta-data android:name=\\\"com.facebook.sdk.ClientToken\\\">: the app has the Facebook SDK"
            ))
        #expect(
            gradle.stdout.contains(
                "./gradlew assembleRelease), then reelshare doctor gradle/app/build/outputs/apk/release/app-release.apk"))
        // React Native built: Gradle's merged manifest under android/app/build is what ships.
        try write(
            [
                "package.json": #"{"dependencies":{"react-native":"0.76.0"}}"#,
                "android/app/src/main/AndroidManifest.xml": manifest(queries: "", application: ""),
                "android/app/build/intermediates/merged_manifest/release/processReleaseMainManifest/AndroidManifest.xml":
                    manifest(
                        queries: bothPackages, application: fileProvider() + appIdMetaData),
            ], in: directory.appendingPathComponent("rn"))
        try touch(["rn/android/app/src/main/AndroidManifest.xml"], in: directory, -3600)
        let built = try runReelshare(["doctor", "--format", "json", "rn"], in: directory)
        #expect(built.status == 0, "\(built.stdout)")
        #expect(
            results(built).first?["file"] as? String
                == "rn/android/app/build/intermediates/merged_manifest/release/processReleaseMainManifest/AndroidManifest.xml")
        // An HTML card per app, saying what it is and what was judged.
        let page = try runReelshare(["doctor", "--format", "html", "rn"], in: directory).stdout
        #expect(page.contains("<dt>file judged</dt><dd>rn/android/app/build/intermediates/merged_manifest/"))
        #expect(page.contains("<dt>what ships</dt><dd>yes: a built app"))
    }

    @Test("what a reviewer found: build-file namespaces, a literal App ID, an extension's plist, a query without a type, a FIFO")
    func realProjectShapes() throws {
        let directory = try scratch("doctor-shapes")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A plugin whose manifest has no package (AGP 8): its classes are named by the namespace
        // its build file sets, a statement that follows a hasProperty("namespace") test.
        let plugin = directory.appendingPathComponent("plugin")
        try write(
            [
                "android/build.gradle":
                    "android {\n    if (project.android.hasProperty(\"namespace\")) {\n        namespace 'dev.example.share'\n    }\n}\n",
                "android/src/main/AndroidManifest.xml":
                    #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><provider android:name=".ShareFileProvider" android:authorities="x" android:exported="false" android:grantUriPermissions="true"><meta-data android:name="android.support.FILE_PROVIDER_PATHS" android:resource="@xml/p"/></provider></application></manifest>"#,
                "android/src/main/res/xml/p.xml": "<paths/>",
            ], in: plugin)
        // The app removes it by its whole name: then no FileProvider is left.
        try write(
            [
                "pubspec.yaml": "name: demo\n",
                ".flutter-plugins-dependencies": #"{"plugins":{"android":[{"name":"share","path":"\#(plugin.path)/"}]}}"#,
                "android/app/src/main/AndroidManifest.xml": manifest(
                    queries: bothPackages,
                    application:
                        #"<provider xmlns:tools="http://schemas.android.com/tools" android:name="dev.example.share.ShareFileProvider" tools:node="remove"/>"#
                ),
            ], in: directory.appendingPathComponent("flutter"))
        let removed = try runReelshare(["doctor", "--format", "json", "--target", "ig-reels", "flutter"], in: directory)
        #expect(
            findings(removed) == ["ig-reels android.file-provider flutter/android/app/src/main/AndroidManifest.xml"],
            "\(removed.stdout)")
        // A literal number as the Facebook SDK's App ID, in a project that uses the SDK: aapt
        // compiles it as an integer, which the SDK refuses.
        try write(
            [
                "settings.gradle": "include ':app'\n",
                "app/build.gradle": "dependencies { implementation 'com.facebook.android:facebook-android-sdk:18.0.0' }\n",
                "app/src/main/AndroidManifest.xml": manifest(
                    queries: bothPackages,
                    application: fileProvider()
                        + #"<meta-data android:name="com.facebook.sdk.ApplicationId" android:value="12345"/><meta-data android:name="com.facebook.sdk.ClientToken" android:value="abc"/>"#
                ),
                "app/src/main/res/xml/file_paths.xml": "<paths/>",
            ], in: directory.appendingPathComponent("gradle"))
        let number = try runReelshare(["doctor", "--target", "fb-reels", "gradle"], in: directory)
        #expect(number.status == 1)
        #expect(
            number.stdout.contains(
                "error[android.meta-data] fb-reels: <meta-data android:name=\"com.facebook.sdk.ApplicationId\"> is the number 12345"
            ), "\(number.stdout)")
        // An Xcode project whose first INFOPLIST_FILE is a notification extension's.
        try write(
            [
                "Demo.xcodeproj/project.pbxproj":
                    "INFOPLIST_FILE = NotificationService/Info.plist;\nINFOPLIST_FILE = Demo/Info.plist;\n",
                "NotificationService/Info.plist": infoPlist([], "<key>NSExtension</key><dict></dict>"),
                "Demo/Info.plist": infoPlist(allSchemes, "<key>FacebookAppID</key><string>1234567890123456</string>"),
            ], in: directory.appendingPathComponent("xcode"))
        let app = try runReelshare(["doctor", "--format", "json", "xcode"], in: directory)
        #expect(results(app).first?["file"] as? String == "xcode/Demo/Info.plist")
        #expect(app.status == 0, "\(app.stdout)")
        // An intent query without a type matches no share filter: the app is not visible through it.
        try write(
            [
                "AndroidManifest.xml": manifest(
                    queries: #"<intent><action android:name="com.instagram.share.ADD_TO_REEL"/></intent>"#,
                    application: fileProvider())
            ], in: directory.appendingPathComponent("untyped"))
        let untyped = try runReelshare(["doctor", "--target", "ig-reels", "untyped/AndroidManifest.xml"], in: directory)
        #expect(untyped.status == 1)
        #expect(
            untyped.stdout.contains("has an <intent> for com.instagram.share.ADD_TO_REEL with no <data android:mimeType>"),
            "\(untyped.stdout)")
        // A FIFO where a project's file should be: said, not waited on.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fifo"), withIntermediateDirectories: true)
        try #require(mkfifo(directory.appendingPathComponent("fifo/package.json").path, 0o644) == 0)
        let fifo = try measured(["doctor", "fifo"], in: directory)
        #expect(fifo.result.status == 65 && fifo.seconds < 5, "\(fifo.result.stderr)")
        #expect(fifo.result.stderr.contains("package.json: cannot read it: a pipe, not a regular file"), "\(fifo.result.stderr)")
    }

    @Test("the README's example: Examples/flutter-app gives the output the README shows")
    func readmeExample() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "$ reelshare doctor Examples/flutter-app --target fb-reels\n"
        let start = try #require(readme.range(of: marker)).upperBound
        let end = try #require(readme[start...].range(of: "```")).lowerBound
        let result = try runReelshare(["doctor", "Examples/flutter-app", "--target", "fb-reels"])
        #expect(result.status == 1)
        #expect(result.stdout == String(readme[start..<end]))
        // For Instagram's targets the example is set up right.
        #expect(try runReelshare(["doctor", "Examples/flutter-app", "--target", "ig-reels,ig-stories"]).status == 0)
    }

    @Test("a directory with nothing to check, and a path that is not there, are errors naming them")
    func nothing() throws {
        let directory = try scratch("doctor-empty")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(["notes.txt": "hello"], in: directory)
        let empty = try runReelshare(["doctor"], in: directory)
        #expect(empty.status == 66)
        #expect(empty.stderr.hasPrefix("reelshare: error: .: nothing to check here: no Info.plist, AndroidManifest.xml"))
        let gone = try runReelshare(["doctor", "nowhere"], in: directory)
        #expect(gone.status == 66 && gone.stderr.hasPrefix("reelshare: error: nowhere: no such file or directory"))
        let text = try runReelshare(["doctor", "notes.txt"], in: directory)
        #expect(text.status == 65 && text.stderr.contains("notes.txt: not an Info.plist, AndroidManifest.xml or app archive"))
    }
}

// MARK: bad archives

@Suite("doctor on bad archives: data, not paths; 65 within two seconds (a debug build beside other tests) and under 200 MB")
struct DoctorHostileTests {
    /// Runs doctor on `file`, measured.
    private func doctor(_ file: String, in directory: URL) throws -> Measured {
        try measured(["doctor", "--target", "ig-reels", file], in: directory)
    }

    private func expectRefused(_ run: Measured, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.result.status == 65, "\(run.result.stderr)", sourceLocation: sourceLocation)
        #expect(run.result.stderr.contains(words), "\(run.result.stderr)", sourceLocation: sourceLocation)
        // 0.5 s in a release build; the floods took 18 and 33 s before.
        #expect(run.seconds < 2 && run.peak(under: 200), "\(run.seconds) s, \(run.megabytes) MB", sourceLocation: sourceLocation)
        #expect(!run.result.crashed, sourceLocation: sourceLocation)
    }

    @Test("a zip bomb: a manifest that declares 40 MB, and one that declares 1 KB and inflates to 40 MB")
    func bombs() throws {
        let directory = try scratch("doctor-bomb")
        defer { try? FileManager.default.removeItem(at: directory) }
        try python(
            """
            import struct, zipfile
            zeros = bytes(40 << 20)
            with zipfile.ZipFile('declared.apk', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('AndroidManifest.xml', zeros)
            # The same entry, its declared size rewritten to 1,000 in both headers.
            data = bytearray(open('declared.apk', 'rb').read())
            data[22:26] = struct.pack('<I', 1000)
            central = data.rfind(b'PK\\x01\\x02')
            data[central + 24:central + 28] = struct.pack('<I', 1000)
            open('lying.apk', 'wb').write(data)
            # An end record (ZIP64) that claims five million entries: refused before libzip indexes them.
            head = b'PK\\x03\\x04' + bytes(26)
            record = b'PK\\x06\\x06' + struct.pack('<QHHIIQQQQ', 44, 45, 45, 0, 0, 5000000, 5000000, 0, 0)
            locator = b'PK\\x06\\x07' + struct.pack('<IQI', 0, len(head), 1)
            end = b'PK\\x05\\x06' + struct.pack('<HHHHIIH', 0, 0, 0xFFFF, 0xFFFF, 0, 0xFFFFFFFF, 0)
            open('entries.apk', 'wb').write(head + record + locator + end)
            """, in: directory)
        expectRefused(try doctor("declared.apk", in: directory), "declared.apk: AndroidManifest.xml: declares 41943040 bytes")
        expectRefused(try doctor("lying.apk", in: directory), "lying.apk: AndroidManifest.xml:")
        expectRefused(
            try doctor("entries.apk", in: directory),
            "entries.apk: a damaged zip archive: it claims 5000000 entries, more than the 200000")
        // Names that climb out or start at the root are data: nothing is written anywhere.
        try zip(
            [
                ("../../escaped.txt", Array("x".utf8)), ("/tmp/reelshare-absolute.txt", Array("x".utf8)),
                ("AndroidManifest.xml", [1, 2]),
            ],
            to: directory.appendingPathComponent("names.apk"))
        expectRefused(try doctor("names.apk", in: directory), "names.apk: AndroidManifest.xml: not an AndroidManifest.xml")
        #expect(
            !FileManager.default.fileExists(
                atPath: directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("escaped.txt")
                    .path))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/reelshare-absolute.txt"))
    }

    @Test(
        "floods: 8,000,000 empty chunks in a resource table, 16,000,000 empty entries in resources.pb, a zip's second end record")
    func floods() throws {
        let directory = try scratch("doctor-flood")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A real APK whose manifest refers to a string, its resources.arsc swapped for 64 MB of empty chunks.
        guard
            let apk = try aapt(
                manifest(queries: bothPackages, application: fileProvider() + appIdMetaData),
                strings: ["facebook_app_id": "1"], xml: ["file_paths"], in: directory)
        else { return }
        try python(
            """
            import struct, sys, zipfile
            junk = struct.pack('<HHI', 0x999, 8, 8) * ((64 << 20) // 8 - 2)
            with zipfile.ZipFile(sys.argv[1]) as source, zipfile.ZipFile('chunks.apk', 'w', zipfile.ZIP_DEFLATED) as z:
                for name in source.namelist():
                    data = struct.pack('<HHII', 2, 12, 12 + len(junk), 0) + junk if name == 'resources.arsc' else source.read(name)
                    z.writestr(name, data)
            """, [apk.path], in: directory)
        expectRefused(
            try doctor("chunks.apk", in: directory), "chunks.apk: resources.arsc: resource table: more than 200000 chunks")
        // An .aab whose manifest refers to a string, and whose table's one type holds 16M empty entries.
        let appId = protoElement(
            "meta-data",
            [
                ("name", "com.facebook.sdk.ApplicationId", nil, 0x0101_0003),
                ("value", "@string/x", protoReference(0x7f01_0000, "string/x"), 0x0101_0024),
            ])
        var table = Proto()
        table.message(2) { package in
            package.message(1) { $0.number(1, 0x7f) }
            package.message(3) { type in
                type.message(1) { $0.number(1, 1) }
                type.bytes += Array(repeating: [0x1a, 0x00], count: 16_000_000).flatMap { $0 }
            }
        }
        try zip(
            [
                ("base/manifest/AndroidManifest.xml", protoElement("manifest", [], [protoElement("application", [], [appId])])),
                ("base/resources.pb", table.bytes),
            ], to: directory.appendingPathComponent("entries.aab"))
        expectRefused(try doctor("entries.aab", in: directory), "entries.aab: base/resources.pb: Type: more than 500000 fields")
        // 250,000 entries (ZIP64), with a second end record in the comment that claims one: each
        // candidate libzip weighs is held to the limit.
        try python(
            """
            import struct, zlib
            name0, data = b'AndroidManifest.xml', b'x'
            crc, n = zlib.crc32(data), 250000
            local = struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 0, 0, 0, crc, 1, 1, len(name0), 0) + name0 + data
            central = b''.join(struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 0, 0, 0, crc, 1, 1, len(name), 0, 0, 0, 0, 0, 0) + name
                               for name in [name0] + [b'%07d' % i for i in range(1, n)])
            record = struct.pack('<IQHHIIQQQQ', 0x06064b50, 44, 45, 45, 0, 0, n, n, len(central), len(local))
            locator = struct.pack('<IIQI', 0x07064b50, 0, len(local) + len(central), 1)
            end = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 22)
            fake = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 1, 1, 0, 0, 0)
            open('fake-end.apk', 'wb').write(local + central + record + locator + end + fake)
            """, in: directory)
        expectRefused(try doctor("fake-end.apk", in: directory), "fake-end.apk: a damaged zip archive: it claims 250000 entries")
    }

    @Test("a cut APK, random bytes as a binary manifest, a resource table and a protobuf manifest")
    func malformed() throws {
        let directory = try scratch("doctor-malformed")
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = XorShift(seed: 26)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        try zip([("AndroidManifest.xml", [0x03, 0x00, 0x08, 0x00] + noise)], to: directory.appendingPathComponent("noise.apk"))
        expectRefused(try doctor("noise.apk", in: directory), "noise.apk: AndroidManifest.xml: binary XML:")
        try Data([0x03, 0x00, 0x08, 0x00] + noise).write(to: directory.appendingPathComponent("AndroidManifest.bin"))
        let named = try measured(["doctor", "--manifest", "AndroidManifest.bin"], in: directory)
        expectRefused(named, "AndroidManifest.bin: binary XML:")
        try zip(
            [("base/manifest/AndroidManifest.xml", [0x0A, 0xFF, 0xFF, 0xFF, 0x0F] + noise)],
            to: directory.appendingPathComponent("noise.aab"))
        expectRefused(try doctor("noise.aab", in: directory), "noise.aab: base/manifest/AndroidManifest.xml: protobuf")
        guard let apk = try aapt(manifest(queries: bothPackages, application: fileProvider()), xml: ["file_paths"], in: directory)
        else { return }
        let whole = try unzip(apk)
        try zip(
            whole.map { $0.0 == "resources.arsc" ? ($0.0, Array($0.1.prefix(40)) + noise) : $0 },
            to: directory.appendingPathComponent("table.apk"))
        expectRefused(try doctor("table.apk", in: directory), "table.apk: resources.arsc: resource table")
        let bytes = [UInt8](try Data(contentsOf: apk))
        try Data(bytes.prefix(bytes.count / 2)).write(to: directory.appendingPathComponent("cut.apk"))
        expectRefused(try doctor("cut.apk", in: directory), "cut.apk: a damaged zip archive")
    }
}
