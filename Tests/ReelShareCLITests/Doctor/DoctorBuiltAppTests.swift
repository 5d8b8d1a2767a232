// doctor on what ships: APKs compiled here by Debian's aapt against android-framework-res, an .aab
// whose manifest and resource table are encoded from aapt2's published field numbers, IPAs and
// .xcarchives made with zip and Python's plistlib (binary plists). Each is held to the findings it
// must give, and to the file each finding names.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("doctor on built apps: .apk, .aab, .ipa, .app, .xcarchive")
struct DoctorBuiltAppTests {
    @Test(
        "an APK is judged from its binary manifest, @string values resolved through resources.arsc",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func apk() throws {
        let directory = try scratch("doctor-apk")
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = manifest(queries: bothPackages, application: fileProvider() + appIdMetaData)
        let apk = try aapt(text, strings: ["facebook_app_id": "1234567890123456"], xml: ["file_paths"], in: directory)
        let good = runReelshare(["doctor", "--app-id", "1234567890123456", apk.lastPathComponent], in: directory)
        #expect(good.status == 0, "\(good.stdout)")
        #expect(
            good.stdout
                == "app.apk!/AndroidManifest.xml: accepted by ig-reels, fb-reels, ig-stories, fb-stories, ig-feed\n1 app: 1 accepted, 0 rejected (0 errors, 0 warnings)\n"
        )
        let json = runReelshare(["doctor", "--format", "json", "app.apk"], in: directory)
        let app = try #require(resultsOf(json).first?["app"] as? [String: Any])
        #expect(app["form"] as? String == "apk" && app["platform"] as? String == "android" && app["shipped"] as? Bool == true)
        #expect(app["identifier"] as? String == "com.example.demo")
        #expect(resultsOf(json).first?["file"] as? String == "AndroidManifest.xml")
        // The App ID is read through the resource table, and shown with the resource it came from.
        let other = runReelshare(["doctor", "--app-id", "42", "--target", "fb-reels", "app.apk"], in: directory)
        #expect(
            other.stdout.contains(
                "app.apk!/AndroidManifest.xml: warning[android.meta-data] fb-reels: <meta-data android:name=\"com.facebook.sdk.ApplicationId\"> is 1234567890123456 (@string/facebook_app_id), not 42"
            ), "\(other.stdout)")
    }

    @Test(
        "an APK's mistakes: Meta's placeholder App ID, a FileProvider's missing paths file, an image-only query",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func apkMistakes() throws {
        let directory = try scratch("doctor-apk")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The sample's strings.xml as shipped (YOUR_APP_ID); Facebook visible only for images.
        let queries =
            #"<package android:name="com.instagram.android"/><intent><action android:name="com.facebook.reels.SHARE_TO_REEL"/><data android:mimeType="image/*"/></intent>"#
        let text = manifest(queries: queries, application: fileProvider() + appIdMetaData)
        let apk = try aapt(text, strings: ["facebook_app_id": "YOUR_APP_ID"], xml: ["file_paths"], in: directory)
        // The paths file the resource table names, taken out of the archive.
        let entries = try unzip(apk).filter { $0.0 != "res/xml/file_paths.xml" }
        try zip(entries, to: directory.appendingPathComponent("broken.apk"))
        let result = runReelshare(["doctor", "--format", "json", "--target", "fb-reels", "broken.apk"], in: directory)
        #expect(result.status == 1)
        #expect(
            findingLines(result) == [
                "fb-reels android.file-provider AndroidManifest.xml", "fb-reels android.meta-data AndroidManifest.xml",
                "fb-reels android.queries AndroidManifest.xml",
            ])
        let words = runReelshare(["doctor", "--target", "fb-reels", "broken.apk"], in: directory).stdout
        #expect(words.contains("its <data android:mimeType=\"image/*\"> does not match what is shared (video/*)"), "\(words)")
        #expect(words.contains("paths resource @xml/file_paths names res/xml/file_paths.xml, which the app does not hold"))
        #expect(words.contains("is 'YOUR_APP_ID' (@string/facebook_app_id), not a Meta App ID"))
    }

    @Test(
        "a number as the Facebook SDK's App ID is an error where the SDK is in the app; a FileProvider needs its paths",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func facebookSDK() throws {
        let directory = try scratch("doctor-apk")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The SDK's own provider marks it as present (its library manifest adds it to every app).
        let application =
            #"<provider android:name="com.facebook.internal.FacebookInitProvider" android:authorities="com.example.demo.FacebookInitProvider" android:exported="false"/>"#
            + #"<meta-data android:name="com.facebook.sdk.ApplicationId" android:value="12345"/>"#
            + #"<provider android:name="androidx.core.content.FileProvider" android:authorities="a" android:exported="false" android:grantUriPermissions="true"/>"#
        try aapt(manifest(queries: bothPackages, application: application), in: directory)
        let result = runReelshare(["doctor", "--target", "fb-stories", "app.apk"], in: directory)
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
        let good = runReelshare(["doctor", "--app-id", "1234567890123456", "app.aab"], in: directory)
        #expect(good.status == 0, "\(good.stdout)")
        #expect(good.stdout.hasPrefix("app.aab!/base/manifest/AndroidManifest.xml: accepted by"))
        // The French value is not the default one; the default is what --app-id is held to.
        let other = runReelshare(["doctor", "--app-id", "7", "--target", "fb-reels", "app.aab"], in: directory)
        #expect(other.stdout.contains("is 1234567890123456 (@string/facebook_app_id), not 7"), "\(other.stdout)")
        // Without the paths file the resource names, the FileProvider cannot work.
        try zip(
            [("base/manifest/AndroidManifest.xml", root), ("base/resources.pb", resources)],
            to: directory.appendingPathComponent("nofile.aab"))
        let missing = runReelshare(["doctor", "--target", "ig-reels", "nofile.aab"], in: directory)
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
        let ipa = runReelshare(["doctor", "--format", "json", "Demo.ipa"], in: directory)
        #expect(ipa.status == 1)
        #expect(findingLines(ipa) == ["fb-reels ios.query-scheme Payload/Demo.app/Info.plist"])
        #expect((resultsOf(ipa).first?["app"] as? [String: Any])?["form"] as? String == "ipa")
        let text = runReelshare(["doctor", "Demo.ipa"], in: directory)
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
        let bundle = runReelshare(["doctor", "--format", "json", "Demo.app"], in: directory)
        #expect(findingLines(bundle) == ["fb-reels ios.query-scheme Demo.app/Info.plist"])
        let archive = runReelshare(["doctor", "--format", "json", "Demo.xcarchive"], in: directory)
        #expect(findingLines(archive) == ["fb-reels ios.query-scheme Demo.xcarchive/Products/Applications/Demo.app/Info.plist"])
        #expect((resultsOf(archive).first?["app"] as? [String: Any])?["form"] as? String == "xcarchive")
    }
}
