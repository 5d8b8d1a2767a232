// doctor reads what a project's share code does: without --target it judges the targets the code
// and its plugin calls reach (Meta's Reels-only sample is judged for Reels only), and each call is
// checked as written: the App ID travels, an Android intent grants read access to a content://
// URI, getUriForFile asks for an authority a provider declares. The real projects are
// Tests/Fixtures/projects (SOURCE.md gives each one's truth); the crafted ones are written as
// those projects and the plugins' users write their share code.
import Foundation
import ReelShareTestSupport
import Testing

/// The targets each result was judged for, by its judged file's last two components.
private func judgedTargets(_ result: RunResult) -> [String: [String]] {
    var found: [String: [String]] = [:]
    for item in resultsOf(result) {
        let file = (item["file"] as? String ?? "-").split(separator: "/").suffix(2).joined(separator: "/")
        found[file, default: []] += (item["targets"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
    }
    return found
}

/// Each share the results say chose a target: "target file:line", the file's last component.
private func shares(_ result: RunResult) -> [String] {
    resultsOf(result).flatMap { item in
        ((item["app"] as? [String: Any])?["shares"] as? [[String: Any]] ?? []).map {
            "\($0["target"] as? String ?? "") \(($0["file"] as? String ?? "").split(separator: "/").last ?? ""):\($0["line"] as? Int ?? 0)"
        }
    }
}

/// A React Native app whose iOS plist lists every scheme with an App ID and whose Android
/// manifest has <queries> for both apps, the App ID and a FileProvider: what a share needs set
/// up, so that only the share code decides. `files` adds or replaces files.
private func reactNativeApp(_ files: [String: Any], in directory: URL) throws {
    var all: [String: Any] = [
        "package.json": #"{"name":"demo","dependencies":{"react-native":"0.76.0"}}"#,
        "ios/Demo/Info.plist": infoPlist(allSchemes, "<key>FacebookAppID</key><string>1234567890123456</string>"),
        "android/app/build.gradle": "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
        "android/app/src/main/AndroidManifest.xml": manifest(
            queries: bothPackages,
            application: appIdMetaData + fileProvider().replacingOccurrences(of: ".fileprovider", with: ".share")),
        "android/app/src/main/res/xml/file_paths.xml": "<paths><cache-path name=\"c\" path=\".\"/></paths>",
        "android/app/src/main/res/values/strings.xml":
            #"<resources><string name="facebook_app_id">1234567890123456</string></resources>"#,
    ]
    all.merge(files) { $1 }
    try write(all, in: directory)
}

/// Callers of the crafted share functions, as an app's screens call them: a share function that
/// nothing calls shares nothing (ShareCodeReach), so each crafted one is called as real code is.
private let storyButton = """
    import UIKit

    final class StoryViewController: UIViewController {
        var video = Data()

        @IBAction func shareTapped(_ sender: UIButton) {
            shareToStories(video)
        }
    }
    """
private let activityPath = "android/app/src/main/java/com/example/demo/MainActivity.kt"
private func activity(_ body: String) -> String {
    """
    package com.example.demo

    class MainActivity : Activity() {
        override fun onResume() {
            super.onResume()
            \(body)
        }
    }
    """
}
private let rnCaller =
    "import { toStory } from './share';\n\nexport default function App({ uri }) {\n  return <Button onPress={() => toStory(uri)} />;\n}\n"

@Suite("doctor reads the share code: the targets an app really shares to, and each call as written")
struct DoctorShareCodeTests {
    @Test("Meta's Reels-only iOS sample is judged for the Reels targets its code opens, and passes")
    func reelsSample() {
        let result = runReelshare(["doctor", "--format", "json", TestPaths.project("fb-share-to-reels-ios")])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(judgedTargets(result) == ["iOS ShareToReels/Info.plist": ["ig-reels", "fb-reels"]], "\(result.stdout)")
        #expect(shares(result) == ["fb-reels ContentView.swift:33", "ig-reels ContentView.swift:57"])
        // --target still decides when given: the Stories schemes it never opens are not listed.
        let stories = runReelshare([
            "doctor", "--format", "json", "--target", "ig-stories", TestPaths.project("fb-share-to-reels-ios"),
        ])
        #expect(stories.status == 1)
        #expect(shares(stories).isEmpty)
    }

    @Test("real apps whose code shares to Instagram Stories only are judged for ig-stories only, each where it shares")
    func storiesOnly() {
        let ios = runReelshare(["doctor", "--format", "json", TestPaths.project("halloapp-ios")])
        #expect(ios.status == 0, "\(ios.stdout)")
        #expect(shares(ios) == ["ig-stories InstagramStoriesShareProvider.swift:85"])
        let android = runReelshare(["doctor", "--format", "json", TestPaths.project("pocketcasts-android-kts")])
        #expect(shares(android) == ["ig-stories SharingClient.kt:101"], "\(android.stdout)")
        #expect(judgedTargets(android).values.flatMap { $0 } == ["ig-stories"])
        // A flavour's code is its variant's: halloapp's Stories share is in src/halloapp/, so
        // the katchup variant shares to none of the targets.
        let flavours = runReelshare(["doctor", "--format", "json", TestPaths.project("halloapp-android-flavors")])
        let byVariant = Dictionary(
            resultsOf(flavours).map { item -> (String, [String]) in
                let app = item["app"] as? [String: Any]
                return (
                    app?["variant"] as? String ?? "",
                    (app?["shares"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
                )
            }, uniquingKeysWith: { $1 })
        #expect(byVariant == ["halloappRelease": ["ig-stories"], "katchupRelease": []], "\(flavours.stdout)")
    }

    @Test("an app that shares to no target exits 0 and says so; dependencies, tests and minified files are not its code")
    func sharesNothing() throws {
        let directory = try scratch("doctor-shares-nothing")
        defer { try? FileManager.default.removeItem(at: directory) }
        try reactNativeApp(
            [
                "ios/Demo/Info.plist": infoPlist([]),
                "App.tsx": "export default function App() { return null }\n",
                "node_modules/some-lib/index.js": #"Linking.openURL("instagram-stories://share")"#,
                "ios/Pods/Lib/Share.m": #"[NSURL URLWithString:@"instagram-reels://share"]"#,
                "__tests__/share.test.ts": #"Linking.openURL("facebook-stories://share")"#,
                "vendor.min.js": String(repeating: "var a=1;", count: 2_000) + #"x("instagram-stories://share")"#,
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(judgedTargets(result).values.allSatisfy { $0.isEmpty }, "\(result.stdout)")
        let text = runReelshare(["doctor"], in: directory)
        #expect(
            text.stdout.contains("shares to none of the targets: no share call to them in its 1 source file"), "\(text.stdout)")
    }

    @Test("iOS: a Stories share with no App ID is an error at its line; the same with source_application is none")
    func iosAppId() throws {
        let directory = try scratch("doctor-ios-app-id")
        defer { try? FileManager.default.removeItem(at: directory) }
        let share = """
            import UIKit

            func shareToStories(_ video: Data) {
                let items: [String: Any] = ["com.instagram.sharedSticker.backgroundVideo": video]
                UIPasteboard.general.setItems([items], options: [:])
                if let url = URL(string: "instagram-stories://share") {
                    UIApplication.shared.open(url)
                }
            }
            """
        try reactNativeApp(["ios/Demo/StoryShare.swift": share, "ios/Demo/StoryButton.swift": storyButton], in: directory)
        let bad = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(bad.status == 1)
        #expect(located(bad) == ["ig-stories share.app-id StoryShare.swift:6"], "\(bad.stdout)")
        #expect(bad.stdout.contains("instagram-stories://share shares to Instagram Stories as written, but no App ID"))
        try reactNativeApp(
            [
                "ios/Demo/StoryShare.swift": share.replacingOccurrences(
                    of: "instagram-stories://share", with: "instagram-stories://share?source_application=\\(appID)")
            ], in: directory)
        let good = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(good.status == 0, "\(good.stdout)")
        #expect(shares(good) == ["ig-stories StoryShare.swift:6"])
    }

    @Test(
        "Android: no read grant, a file:// URI and an authority no provider declares, each at its line; the right code gets none")
    func androidIntent() throws {
        let directory = try scratch("doctor-android-intent")
        defer { try? FileManager.default.removeItem(at: directory) }
        // As pocketcasts' SharingClient.kt writes it, with the grant left out, a file:// URI,
        // and the authority spelt as another provider's.
        let wrong = """
            package com.example.demo

            fun shareToStory(context: Context, image: File) {
                val uri = Uri.fromFile(image)
                val intent = Intent()
                    .setAction("com.instagram.share.ADD_TO_STORY")
                    .putExtra("source_application", META_APP_ID)
                    .setDataAndType(uri, "image/png")
                context.startActivity(intent)
            }

            fun contentUri(context: Context, file: File) =
                FileProvider.getUriForFile(context, "${context.packageName}.provider", file)
            """
        let path = "android/app/src/main/java/com/example/demo/Share.kt"
        try reactNativeApp(
            [path: wrong, activityPath: activity("shareToStory(this, File(cacheDir, \"story.png\"))")], in: directory)
        let bad = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(bad.status == 1)
        #expect(
            located(bad) == [
                "ig-stories share.authority Share.kt:13", "ig-stories share.file-uri Share.kt:4",
                "ig-stories share.read-permission Share.kt:6",
            ], "\(bad.stdout)")
        let right =
            wrong
            .replacingOccurrences(of: "Uri.fromFile(image)", with: "contentUri(context, image)")
            .replacingOccurrences(
                of: ".setDataAndType(uri, \"image/png\")",
                with: ".setDataAndType(uri, \"image/png\")\n        .addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)"
            )
            .replacingOccurrences(of: "packageName}.provider", with: "packageName}.share")
        try reactNativeApp([path: right], in: directory)
        let good = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(good.status == 0, "\(good.stdout)")
        #expect(located(good).isEmpty)
        #expect(shares(good) == ["ig-stories Share.kt:6"])
    }

    @Test("every call is checked, not only a target's first: pocketcasts' two Stories intents, the second without its grant")
    func everyCall() throws {
        let directory = try scratch("doctor-every-call")
        defer { try? FileManager.default.removeItem(at: directory) }
        let intent = """
                Intent()
                    .setAction("com.instagram.share.ADD_TO_STORY")
                    .putExtra("source_application", metaAppId)
                    .setDataAndType(uri, "image/png")
                    .addFlags(FLAG_GRANT_READ_URI_PERMISSION or FLAG_ACTIVITY_NEW_TASK)
                    .share()
            """
        let code =
            "fun first(uri: Uri) {\n\(intent)\n}\n" + String(repeating: "\n", count: 40) + "fun second(uri: Uri) {\n"
            + intent.replacingOccurrences(of: "FLAG_GRANT_READ_URI_PERMISSION or ", with: "") + "\n}\n"
        try reactNativeApp(
            [
                "android/app/src/main/java/com/example/demo/Sharing.kt": code,
                activityPath: activity("first(uri)\n        second(uri)"),
            ],
            in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(located(result) == ["ig-stories share.read-permission Sharing.kt:51"], "\(result.stdout)")
        // The app is said to share where its first call is.
        #expect(shares(result).contains("ig-stories Sharing.kt:3"))
    }

    @Test("plugins: appinio_social_share beside share_plus's provider only, and react-native-share without its appId")
    func plugins() throws {
        let directory = try scratch("doctor-plugins")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A Flutter app whose only provider is share_plus's: appinio's native code asks for
        // ${applicationId}.provider, so getUriForFile throws.
        let dart = """
            import 'package:appinio_social_share/appinio_social_share.dart';

            final share = AppinioSocialShare();

            Future<void> toStory(String appId, String path) async {
              await share.android.shareToInstagramStory(appId, backgroundImage: path);
            }
            """
        try write(
            [
                "pubspec.yaml": "name: demo\ndependencies:\n  appinio_social_share: ^0.3.2\n  share_plus: ^10.0.0\n",
                ".flutter-plugins-dependencies": #"{"plugins":{"android":[]}}"#,
                "lib/share.dart": dart,
                "lib/main.dart":
                    "import 'share.dart';\n\nvoid main() => toStory(const String.fromEnvironment('APP_ID'), 'story.png');\n",
                "android/app/build.gradle":
                    "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
                "android/app/src/main/AndroidManifest.xml": manifest(
                    queries: bothPackages,
                    application: fileProvider().replacingOccurrences(of: ".fileprovider", with: ".flutter.share_provider")),
                "android/app/src/main/res/xml/file_paths.xml": "<paths/>",
            ], in: directory)
        let flutter = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(flutter.status == 1)
        #expect(located(flutter) == ["ig-stories share.authority share.dart:6"], "\(flutter.stdout)")
        #expect(flutter.stdout.contains("com.example.demo.provider") || flutter.stdout.contains("${applicationId}.provider"))
        // React Native: Share.shareSingle to Instagram Stories with no appId.
        let rn = try scratch("doctor-rn-share")
        defer { try? FileManager.default.removeItem(at: rn) }
        let call = """
            import Share from 'react-native-share';

            export async function toStory(uri) {
              await Share.shareSingle({
                social: Share.Social.INSTAGRAM_STORIES,
                backgroundImage: uri,
              });
            }
            """
        // A call commented out is not one.
        try reactNativeApp(
            ["src/share.js": call.split(separator: "\n").map { "// " + $0 }.joined(separator: "\n"), "src/App.js": rnCaller],
            in: rn)
        #expect(shares(runReelshare(["doctor", "--format", "json"], in: rn)).isEmpty)
        try reactNativeApp(["src/share.js": call, "src/App.js": rnCaller], in: rn)
        let missing = runReelshare(["doctor", "--format", "json"], in: rn)
        #expect(
            located(missing) == ["ig-stories share.app-id share.js:5", "ig-stories share.app-id share.js:5"], "\(missing.stdout)")
        try reactNativeApp(
            [
                "src/share.js": call.replacingOccurrences(
                    of: "backgroundImage: uri,", with: "backgroundImage: uri,\n    appId: FB_APP_ID,")
            ],
            in: rn)
        let given = runReelshare(["doctor", "--format", "json"], in: rn)
        #expect(given.status == 0, "\(given.stdout)")
        #expect(shares(given) == ["ig-stories share.js:5", "ig-stories share.js:5"])
    }

    @Test("a plist set up for a target with no call found is judged for it, and says the call was not found")
    func preparedOnly() throws {
        let directory = try scratch("doctor-prepared")
        defer { try? FileManager.default.removeItem(at: directory) }
        try reactNativeApp(["ios/Demo/Info.plist": infoPlist(["instagram-stories"])], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(judgedTargets(result)["Demo/Info.plist"] == ["ig-stories"], "\(result.stdout)")
        #expect(findingLines(result, severity: "info") == ["ig-stories share.call -"])
        #expect(result.stdout.contains("no share call to it was found in its 0 source files: judged as set up"))
    }
}
