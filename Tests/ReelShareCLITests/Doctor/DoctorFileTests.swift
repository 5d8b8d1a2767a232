// doctor, completions, install: the parts of reelshare that meet the user's own tools.
import Foundation
import ReelShareTestSupport
import Testing

private let app = "Tests/Fixtures/app"

private func rules(_ result: RunResult, path: String, target: String) -> [String] {
    let results = result.json?["results"] as? [[String: Any]] ?? []
    let verdicts = results.first { $0["path"] as? String == path }?["targets"] as? [[String: Any]] ?? []
    let findings = verdicts.first { $0["target"] as? String == target }?["findings"] as? [[String: Any]] ?? []
    return findings.compactMap { $0["rule"] as? String }
}

@Suite("reelshare doctor (in process)")
struct DoctorTests {
    @Test("a good Info.plist, XML or binary, and a good manifest pass", arguments: ["Info-good.plist", "Info-good-binary.plist"])
    func good(plist: String) throws {
        let result = runReelshare([
            "doctor", "--plist", "\(app)/\(plist)", "--manifest", "\(app)/AndroidManifest-good.xml",
            "--app-id", "1234567890123456",
        ])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("2 apps: 2 accepted, 0 rejected (0 errors, 0 warnings)\n"))
    }

    @Test("a forgotten scheme and a bundle identifier as App ID are found, per target")
    func brokenPlist() throws {
        let path = "\(app)/Info-broken.plist"
        let result = runReelshare(["doctor", "--format", "json", "--plist", path])
        #expect(result.status == 1)
        #expect(rules(result, path: path, target: "ig-stories") == ["ios.query-scheme", "ios.app-id"])
        #expect(rules(result, path: path, target: "ig-reels") == ["ios.app-id"])
        let text = runReelshare(["doctor", "--plist", path, "--target", "ig-stories"])
        #expect(
            text.stdout.contains(
                "error[ios.query-scheme] ig-stories: LSApplicationQueriesSchemes does not list 'instagram-stories'"))
        #expect(text.stdout.contains("looks") == false)
        #expect(text.stdout.contains("FacebookAppID 'com.example.share' is not a Meta App ID"))
    }

    @Test("a binary plist with neither schemes nor App ID; --app-id must match")
    func emptyBinary() throws {
        let path = "\(app)/Info-empty-binary.plist"
        let result = runReelshare(["doctor", "--format", "json", "--plist", path, "--target", "fb-reels,fb-stories"])
        // Facebook Stories reads FacebookAppID from Info.plist; Facebook Reels takes it on the pasteboard.
        #expect(rules(result, path: path, target: "fb-stories") == ["ios.query-scheme", "ios.app-id"])
        #expect(rules(result, path: path, target: "fb-reels") == ["ios.query-scheme"])
        let mismatch = runReelshare(["doctor", "--plist", "\(app)/Info-good.plist", "--app-id", "42"])
        #expect(mismatch.status == 1)
        #expect(mismatch.stdout.contains("FacebookAppID is 1234567890123456, not 42"))
    }

    @Test("a manifest without Facebook in <queries> and with an exported provider")
    func brokenManifest() throws {
        let path = "\(app)/AndroidManifest-broken.xml"
        let result = runReelshare(["doctor", "--format", "json", "--manifest", path])
        #expect(result.status == 1)
        // Facebook's targets also look for the App ID meta-data Meta's sample declares (a warning).
        #expect(
            rules(result, path: path, target: "fb-stories") == [
                "android.queries", "android.file-provider", "android.file-provider", "android.meta-data",
            ])
        #expect(rules(result, path: path, target: "ig-stories") == ["android.file-provider", "android.file-provider"])
    }

    @Test("Meta's sample apps' manifest and Info.plist pass for the targets they are meant for")
    func metaSamples() throws {
        let manifest = runReelshare(["doctor", "--manifest", "\(app)/AndroidManifest-meta-sample.xml"])
        #expect(manifest.status == 0, "\(manifest.stdout)")
        #expect(manifest.stdout.contains("accepted by ig-reels, fb-reels, ig-stories, fb-stories"))
        let plist = runReelshare([
            "doctor", "--plist", "\(app)/Info-meta-reels-sample.plist", "--target", "ig-reels,fb-reels",
        ])
        #expect(plist.status == 0, "\(plist.stdout)")
        #expect(plist.stdout.hasSuffix("1 app: 1 accepted, 0 rejected (0 errors, 0 warnings)\n"))
    }

    /// Writes Info.plist, whose top dictionary holds `body`, in `directory`; returns its name there.
    private func plist(_ body: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("Info.plist").path
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(body)
            </dict></plist>
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return "Info.plist"
    }

    private func schemes(_ entries: [String]) -> String {
        "<key>LSApplicationQueriesSchemes</key><array>" + entries.map { "<string>\($0)</string>" }.joined() + "</array>"
    }

    @Test("why canOpenURL returns false: a scheme written as a URL, the key twice, more than 50 entries")
    func canOpenURL() throws {
        let directory = try scratch("doctor")
        defer { try? FileManager.default.removeItem(at: directory) }
        func check(_ body: String, _ target: String) throws -> RunResult {
            runReelshare(["doctor", "--plist", try plist(body, in: directory), "--target", target], in: directory)
        }
        let url = try check(schemes(["fbapi", "instagram-stories://share"]), "ig-stories")
        #expect(url.status == 1)
        #expect(
            url.stdout.contains(
                "error[ios.query-scheme] ig-stories: LSApplicationQueriesSchemes entry 2 is 'instagram-stories://share', a URL: it must be the bare scheme 'instagram-stories'"
            ))
        #expect(
            url.stdout.contains(
                "fix (ig-stories): /usr/libexec/PlistBuddy -c 'Set :LSApplicationQueriesSchemes:1 instagram-stories' Info.plist"))
        #expect(try check(schemes(["instagram-reels:"]), "ig-reels").stdout.contains("entry 1 is 'instagram-reels:', a URL"))

        let twice = try check(schemes(["instagram-stories"]) + schemes(["fbapi"]), "ig-stories")
        #expect(twice.status == 1)
        #expect(
            twice.stdout.contains(
                "warning[ios.query-scheme] ig-stories: the key LSApplicationQueriesSchemes appears more than once: iOS reads only the last array (fbapi); merge them into one"
            ))
        #expect(twice.stdout.contains("does not list 'instagram-stories'"))
        #expect(twice.stdout.contains("only the last array counts"))
        let lastCounts = try check(schemes(["fbapi"]) + schemes(["instagram-stories"]), "ig-stories")
        #expect(lastCounts.status == 0 && lastCounts.stdout.contains("appears more than once"))

        let filler = (1...55).map { "app\($0)" }
        let late = try check(schemes(filler + ["facebook-reels"]), "fb-reels")
        #expect(late.status == 1)
        #expect(
            late.stdout.contains(
                "error[ios.query-scheme] fb-reels: 'facebook-reels' is entry 56 of 56 in LSApplicationQueriesSchemes: apps linked on iOS 15 or later are limited to 50"
            ))
        #expect(late.stdout.contains("remove 6 entries the app does not query, or list 'facebook-reels' among the first 50"))
        #expect(!late.stdout.contains("fix (fb-reels)"), "no mechanical fix: which entries go is the developer's call")
        let early = try check(schemes(["facebook-reels"] + filler), "fb-reels")
        #expect(early.status == 0)
        #expect(early.stdout.contains("warning[ios.query-scheme] fb-reels: LSApplicationQueriesSchemes has 56 entries"))
        let iOS27 = try check(schemes(Array(filler.prefix(30)) + ["facebook-reels"]), "fb-reels")
        #expect(
            iOS27.status == 0
                && iOS27.stdout.contains(
                    "entry 31 in LSApplicationQueriesSchemes: apps linked on iOS 27 or later are limited to 25")
        )
    }

    @Test("FacebookAppID is required only where the target reads it from Info.plist")
    func facebookAppId() throws {
        let directory = try scratch("doctor")
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = schemes(["instagram-reels", "facebook-reels", "instagram-stories", "facebook-stories"])
        let none = runReelshare(["doctor", "--format", "json", "--plist", try plist(all, in: directory)], in: directory)
        #expect(none.status == 1)
        for target in ["ig-reels", "fb-reels", "ig-stories"] { #expect(rules(none, path: "Info.plist", target: target).isEmpty) }
        #expect(rules(none, path: "Info.plist", target: "fb-stories") == ["ios.app-id"])
        #expect(none.stdout.contains("FacebookAppID is missing: fb-stories reads the App ID from Info.plist"))
        let wrong = runReelshare(
            ["doctor", "--plist", try plist(all + "<key>FacebookAppID</key><string>com.example</string>", in: directory)],
            in: directory)
        #expect(
            wrong.stdout.contains(
                "warning[ios.app-id] ig-reels, fb-reels, ig-stories: FacebookAppID 'com.example' is not a Meta App ID"))
        #expect(wrong.stdout.contains("error[ios.app-id] fb-stories: FacebookAppID 'com.example' is not a Meta App ID"))
        // A number is not read as the App ID (the SDK reads a string); a build setting is checked later.
        let number = runReelshare(
            ["doctor", "--plist", try plist(all + "<key>FacebookAppID</key><integer>1234</integer>", in: directory)],
            in: directory)
        #expect(number.status == 1)
        #expect(number.stdout.contains("error[ios.app-id] fb-stories: FacebookAppID must be a <string>, not the <integer> 1234"))
        for setting in ["$(FACEBOOK_APP_ID)", "${FACEBOOK_APP_ID}"] {
            let built = runReelshare(
                ["doctor", "--plist", try plist(all + "<key>FacebookAppID</key><string>\(setting)</string>", in: directory)],
                in: directory)
            #expect(built.status == 0, "\(built.stdout)")
            #expect(built.stdout.contains("info[ios.app-id] fb-stories: FacebookAppID is the build setting \(setting)"))
        }
    }

    @Test("manifests: a provider <queries> entry makes Facebook visible; only the FileProvider is held to its rules")
    func manifests() throws {
        let directory = try scratch("doctor")
        defer { try? FileManager.default.removeItem(at: directory) }
        func manifest(_ queries: String, _ providers: String) throws -> RunResult {
            let path = directory.appendingPathComponent("AndroidManifest.xml").path
            try """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
            <queries>\(queries)</queries><application>\(providers)</application></manifest>
            """.write(toFile: path, atomically: true, encoding: .utf8)
            return runReelshare(["doctor", "--format", "json", "--manifest", "AndroidManifest.xml"], in: directory)
        }
        let fileProvider = """
            <provider android:name="androidx.core.content.FileProvider" android:authorities="com.example.files" \
            android:exported="false" android:grantUriPermissions="true">\
            <meta-data android:name="android.support.FILE_PROVIDER_PATHS" android:resource="@xml/paths"/></provider>
            """
        let sdk =
            #"<provider android:name="com.facebook.FacebookContentProvider" android:authorities="com.facebook.app.FacebookContentProvider1" android:exported="true"/>"#
        let provider = #"<provider android:authorities="com.facebook.katana.provider.PlatformProvider"/>"#
        let good = try manifest(provider + #"<package android:name="com.instagram.android"/>"#, fileProvider + sdk)
        #expect(good.status == 0, "\(good.stdout)")
        let noFacebook = try manifest(#"<package android:name="com.instagram.android"/>"#, fileProvider)
        #expect(rules(noFacebook, path: "AndroidManifest.xml", target: "fb-reels") == ["android.queries", "android.meta-data"])
        #expect(noFacebook.stdout.contains("nor the provider com.facebook.katana.provider.PlatformProvider"))
        #expect(rules(noFacebook, path: "AndroidManifest.xml", target: "ig-reels").isEmpty)
        // A provider named like a FileProvider without its paths is no FileProvider, and says why.
        // Authorities may be several, split by ';' across lines.
        let split = try manifest(
            "<provider android:authorities=\"a.b ;\n   com.facebook.katana.provider.PlatformProvider\"/>"
                + #"<package android:name="com.instagram.android"/>"#,
            fileProvider)
        #expect(split.status == 0, "\(split.stdout)")
        let named = try manifest(
            provider + #"<package android:name="com.instagram.android"/>"#,
            #"<provider android:name="com.example.MyFileProvider" android:authorities="a" android:exported="false"/>"#)
        #expect(named.status == 1)
        #expect(named.stdout.contains("com.example.MyFileProvider has no android.support.FILE_PROVIDER_PATHS meta-data"))
    }

    @Test(
        "files that are not plists or manifests, or not there, are clear errors (65 malformed, 66 missing), never crashes",
        arguments: [
            ("--plist", "Tests/Fixtures/media/h264_aac_2s.mp4", "not a property list", 65),
            ("--plist", "\(app)/AndroidManifest-good.xml", "not a property list", 65),
            ("--manifest", "\(app)/Info-good.plist", "not an AndroidManifest.xml", 65),
            ("--manifest", "Tests/Fixtures/media/not_media.txt", "not an AndroidManifest.xml", 65),
            ("--plist", "\(app)/missing.plist", "no such file or directory", 66),
            ("--manifest", "Tests", "is a directory, not a file", 66),
        ] as [(String, String, String, Int32)])
    func notConfigFiles(option: String, path: String, says: String, status: Int32) throws {
        let result = runReelshare(["doctor", option, path])
        #expect(result.status == status)
        #expect(result.stdout.contains(says), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("reelshare: error: \(path): \(says)"), "\(result.stderr)")
    }

    @Test("github annotations, and usage errors")
    func formats() throws {
        let github = runReelshare([
            "doctor", "--format", "github", "--manifest", "\(app)/AndroidManifest-broken.xml", "--target", "fb-reels",
        ])
        #expect(github.stdout.hasPrefix("::error file=\(app)/AndroidManifest-broken.xml,title=android.queries (fb-reels)::"))
        #expect(runReelshare(["doctor", "--format", "yaml"]).status == 64)
        #expect(runReelshare(["doctor", "--target", "ig-reel", "."]).status == 64)
    }
}
