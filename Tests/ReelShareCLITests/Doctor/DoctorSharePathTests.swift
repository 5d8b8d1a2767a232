// doctor on shapes found in sixteen more real public projects (read by hand on 2026-12-07; their
// code is not copied, as most carry no licence): where the app lives (a Kotlin Multiplatform
// monorepo), which calls share (a probe before the share, a helper nothing calls, a vendored
// plugin's own code, an App Clip that compiles the share), and what each call carries (the App ID
// in the wrong place or as the wrong text, a sticker not granted). Each shape failed before its mend.
import Foundation
import ReelShareTestSupport
import Testing

/// Each app's judged file (last two components) and the targets its code chose, "file: t, t".
private func chosen(_ result: RunResult) -> [String] {
    resultsOf(result).map { item in
        let file = (item["file"] as? String ?? "-").split(separator: "/").suffix(2).joined(separator: "/")
        let shares = ((item["app"] as? [String: Any])?["shares"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
        return "\(file): \(shares.joined(separator: ", "))"
    }.sorted()
}

/// An iOS app whose plist lists every scheme and holds an App ID, with `files` beside it.
private func iosApp(_ files: [String: Any], in directory: URL) throws {
    var all: [String: Any] = [
        "package.json": #"{"name":"demo","dependencies":{"react-native":"0.76.0"}}"#,
        "ios/Demo/Info.plist": infoPlist(allSchemes, "<key>FacebookAppID</key><string>1234567890123456</string>"),
    ]
    all.merge(files) { $1 }
    try write(all, in: directory)
}

/// An Android app module set up for every target (queries, a FileProvider and its paths).
private let androidBuild = "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n"
private let androidManifest = manifest(queries: bothPackages, application: fileProvider())
private let filePaths = "<paths><cache-path name=\"c\" path=\".\"/></paths>"

/// The app's activity, calling `body` as a screen calls a share helper.
private func mainActivity(_ body: String) -> String {
    "package com.example.demo\n\nclass MainActivity : Activity() {\n    override fun onResume() {\n        super.onResume()\n        \(body)\n    }\n}\n"
}

/// A button that calls `call`, as a screen calls a share helper.
private func button(_ call: String) -> String {
    "import UIKit\n\nfinal class ShareViewController: UIViewController {\n    @IBAction func shareTapped(_ sender: UIButton) {\n        \(call)\n    }\n}\n"
}

@Suite("doctor on the share paths of more real projects: where the app is, which calls share, what each carries")
struct DoctorSharePathTests {
    @Test(
        "a Kotlin Multiplatform monorepo: app modules by catalog alias and two levels down, a Wear OS app beside, iosApp/, share code and provider in androidMain"
    )
    func multiplatform() throws {
        let directory = try scratch("doctor-kmp")
        defer { try? FileManager.default.removeItem(at: directory) }
        let launcher = """
            package app.demo.sharing

            class AndroidSharingLauncher(private val context: Context) {
                fun shareToStory(file: File) {
                    val uri = FileProvider.getUriForFile(context, "${context.packageName}.provider", file)
                    val intent = Intent("com.instagram.share.ADD_TO_STORY")
                        .setDataAndType(uri, "image/png")
                        .putExtra("source_application", BuildConfig.META_APP_ID)
                        .addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
                    context.startActivity(intent)
                }
            }
            """
        try write(
            [
                "settings.gradle.kts":
                    "rootProject.name = \"demo\"\ninclude(\":app:wear\")\ninclude(\":app:android-main\")\ninclude(\":client:sharing\")\ninclude(\":client:editor\")\n",
                "app/android-main/build.gradle.kts":
                    "plugins {\n    alias(libs.plugins.android.application)\n}\nandroid {\n    defaultConfig {\n        applicationId = \"app.demo\"\n        targetSdk = 35\n    }\n}\ndependencies {\n    implementation(projects.client.sharing)\n    implementation(projects.client.editor)\n}\n",
                "app/android-main/src/main/AndroidManifest.xml": manifest(queries: bothPackages, application: ""),
                "app/wear/build.gradle.kts":
                    "plugins {\n    alias(libs.plugins.androidApplication)\n}\nandroid {\n    defaultConfig {\n        applicationId = \"app.demo.wear\"\n        targetSdk = 35\n    }\n}\n",
                "app/wear/src/main/AndroidManifest.xml": manifest(queries: "", application: ""),
                "client/sharing/build.gradle.kts": "plugins {\n    alias(libs.plugins.kotlinMultiplatform)\n}\n",
                "client/sharing/src/androidMain/kotlin/app/demo/sharing/AndroidSharingLauncher.kt": launcher,
                "client/sharing/src/androidMain/kotlin/app/demo/sharing/ShareScreen.kt":
                    "package app.demo.sharing\n\nclass ShareScreen : Activity() {\n    override fun onResume() {\n        super.onResume()\n        AndroidSharingLauncher(this).shareToStory(File(cacheDir, \"story.png\"))\n    }\n}\n",
                "client/editor/build.gradle.kts": "plugins {\n    alias(libs.plugins.kotlinMultiplatform)\n}\n",
                "client/editor/src/androidMain/AndroidManifest.xml":
                    "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application>"
                    + fileProvider("@xml/path_provider").replacingOccurrences(of: ".fileprovider", with: ".provider")
                    + "</application></manifest>",
                "client/editor/src/androidMain/res/xml/path_provider.xml": "<paths><cache-path name=\"c\" path=\".\"/></paths>",
                "iosApp/iosApp.xcodeproj/project.pbxproj": pbxproj([
                    XcodeTarget(
                        "iosApp", release: ["INFOPLIST_FILE": "iosApp/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "app.demo"])
                ]),
                "iosApp/iosApp/Info.plist": infoPlist(["instagram-stories"]),
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json", "."], in: directory)
        #expect(
            chosen(result) == [
                "iosApp/Info.plist: ", "main/AndroidManifest.xml: ", "main/AndroidManifest.xml: ig-stories",
            ], "\(result.stdout)")
        // The provider the launcher asks for is the editor module's; the Wear OS app, which
        // builds neither module, is not judged for the phone app's share.
        #expect(located(result).isEmpty, "\(result.stdout)")
        #expect(located(result, severity: "warning").isEmpty, "\(result.stdout)")
        #expect(result.status == 0)
    }

    @Test("a probe before the share (canOpenURL of the bare URL, resolveActivity of an empty intent) is not the share")
    func probes() throws {
        let directory = try scratch("doctor-probes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let swift = """
            import UIKit

            enum Stories {
                static func available() -> Bool {
                    guard let url = URL(string: "instagram-stories://share") else { return false }
                    return UIApplication.shared.canOpenURL(url)
                }

                static func share(_ image: Data, appId: String) {
                    UIPasteboard.general.setItems([["com.instagram.sharedSticker.backgroundImage": image]], options: [:])
                    var components = URLComponents(string: "instagram-stories://share")
                    components?.queryItems = [URLQueryItem(name: "source_application", value: appId)]
                    if let url = components?.url { UIApplication.shared.open(url) }
                }
            }
            """
        let kotlin = """
            package com.example.demo

            fun isAvailable(c: Context): Boolean {
                val probe = Intent("com.instagram.share.ADD_TO_STORY").apply { setPackage("com.instagram.android") }
                return probe.resolveActivity(c.packageManager) != null
            }

            fun share(c: Context, f: File, appId: String) {
                val uri = FileProvider.getUriForFile(c, "${c.packageName}.fileprovider", f)
                val i = Intent("com.instagram.share.ADD_TO_STORY").apply {
                    setDataAndType(uri, "image/*")
                    setPackage("com.instagram.android")
                    putExtra("source_application", appId)
                    addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
                }
                c.startActivity(i)
            }
            """
        try iosApp(
            [
                "ios/Demo/Stories.swift": swift,
                "ios/Demo/Button.swift": button("if Stories.available() { Stories.share(Data(), appId: \"1\") }"),
                "android/app/build.gradle":
                    "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
                "android/app/src/main/AndroidManifest.xml": manifest(queries: bothPackages, application: fileProvider()),
                "android/app/src/main/res/xml/file_paths.xml": "<paths><cache-path name=\"c\" path=\".\"/></paths>",
                "android/app/src/main/java/com/example/demo/Share.kt": kotlin,
                "android/app/src/main/java/com/example/demo/MainActivity.kt": mainActivity(
                    "if (isAvailable(this)) share(this, File(cacheDir, \"s.png\"), \"1\")"),
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(located(result).isEmpty, "\(result.stdout)")
        #expect(result.status == 0)
        let text = runReelshare(["doctor"], in: directory).stdout
        #expect(text.contains("shares to ig-stories (ios/Demo/Stories.swift:11)"), "\(text)")
        #expect(text.contains("shares to ig-stories (android/app/src/main/java/com/example/demo/Share.kt:10)"), "\(text)")
    }

    @Test(
        "a share URL tested by canOpenURL in the same guard and opened further on is the share, checked; a log line naming the scheme is no call"
    )
    func guardedShare() throws {
        let directory = try scratch("doctor-guarded")
        defer { try? FileManager.default.removeItem(at: directory) }
        let swift = """
            import UIKit

            enum InstagramUtils {
                static func shareInstagramStory(_ image: Data) {
                    guard let urlScheme = URL(string: "instagram-stories://share"), UIApplication.shared.canOpenURL(urlScheme) else {
                        return
                    }
                    UIPasteboard.general.setItems([["com.instagram.sharedSticker.backgroundImage": image]], options: [:])
                    print("[IG] opening instagram-stories://share with the image")
                    UIApplication.shared.open(urlScheme)
                }
            }
            """
        try iosApp(
            [
                "ios/Demo/InstagramUtils.swift": swift,
                "ios/Demo/Button.swift": button("InstagramUtils.shareInstagramStory(Data())"),
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(located(result) == ["ig-stories share.app-id InstagramUtils.swift:5"], "\(result.stdout)")
    }

    @Test(
        "a Tuist project (no .xcodeproj until tuist generate): the Project.swift with an .app product gives the app and its Info.plist"
    )
    func tuist() throws {
        let directory = try scratch("doctor-tuist")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(
            [
                "Workspace.swift":
                    "import ProjectDescription\n\nlet workspace = Workspace(name: \"Demo\", projects: [\"Projects/App\", \"Projects/Core\"])\n",
                "Projects/App/Project.swift":
                    "let project = Project(name: \"App\", targets: [\n  .target(\n    name: \"Demo\",\n    product: .app,\n    infoPlist: .file(path: .relativeToRoot(\"Projects/App/Info.plist\"))\n  )\n])\n",
                "Projects/App/Info.plist": infoPlist([]),
                "Projects/Core/Project.swift":
                    "let project = Project(name: \"Core\", targets: [.target(name: \"Core\", product: .framework)])\n",
                "Projects/Core/Sources/StoryShare.swift":
                    "import UIKit\n\nenum StoryShare {\n    static func share(_ image: Data, appID: String) {\n        UIPasteboard.general.setItems([[\"com.instagram.sharedSticker.backgroundImage\": image]], options: [:])\n        UIApplication.shared.open(URL(string: \"instagram-stories://share?source_application=\\(appID)\")!)\n    }\n}\n",
                "Projects/App/Sources/Button.swift": button("StoryShare.share(Data(), appID: \"1234567890123456\")"),
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(chosen(result) == ["App/Info.plist: ig-stories"], "\(result.stdout)")
        #expect(
            findingLines(result, severity: "error") == ["ig-stories ios.query-scheme Projects/App/Info.plist"], "\(result.stdout)"
        )
    }

    @Test(
        "JavaScript: a share in an object literal's method is reached, and a caller whose parameters run over lines is a caller; a Stories intent's setPackage is not Instagram's feed"
    )
    func javascriptAndFeed() throws {
        let directory = try scratch("doctor-js-shapes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = """
            import { Linking } from 'react-native';

            async function loadThing() {
              return 1;
            }

            export const stories = {
              async share(appId) {
                await Linking.openURL(`instagram-stories://share?source_application=${appId}`);
              },
            };

            const openReels = async () => {
              await Linking.openURL('facebook-reels://share');
            };

            export const reelsTapped = async (
              target
            ) => {
              await openReels();
            };
            """
        let kotlin = """
            package com.example.demo

            fun shareStory(context: Context, uri: Uri, appId: String) {
                val intent = Intent("com.instagram.share.ADD_TO_STORY").apply {
                    setDataAndType(uri, "image/png")
                    setPackage("com.instagram.android")
                    putExtra("source_application", appId)
                    addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
                }
                context.startActivity(intent)
            }

            fun shareAnywhere(context: Context, uri: Uri) {
                val send = Intent(Intent.ACTION_SEND).apply { putExtra(Intent.EXTRA_STREAM, uri) }
                context.startActivity(Intent.createChooser(send, "Share"))
            }
            """
        try iosApp(
            [
                "src/service.js": service,
                "src/App.js": "import { reelsTapped } from './service';\n",
                "android/app/build.gradle":
                    "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
                "android/app/src/main/AndroidManifest.xml": manifest(queries: bothPackages, application: fileProvider()),
                "android/app/src/main/res/xml/file_paths.xml": "<paths><cache-path name=\"c\" path=\".\"/></paths>",
                "android/app/src/main/java/com/example/demo/Share.kt": kotlin,
                "android/app/src/main/java/com/example/demo/MainActivity.kt": mainActivity(
                    "shareStory(this, Uri.EMPTY, \"1\")\n        shareAnywhere(this, Uri.EMPTY)"),
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(
            chosen(result) == ["Demo/Info.plist: ig-stories, fb-reels", "main/AndroidManifest.xml: ig-stories"],
            "\(result.stdout)")
    }

    @Test("react-native-share declares its own FileProvider: no provider is asked of the app before node_modules is installed")
    func pluginProvider() throws {
        let directory = try scratch("doctor-rn-provider")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(
            [
                "package.json": #"{"name":"demo","dependencies":{"react-native":"0.76.0","react-native-share":"12.0.3"}}"#,
                "android/app/build.gradle":
                    "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
                "android/app/src/main/AndroidManifest.xml": manifest(queries: bothPackages, application: ""),
                "src/share.ts":
                    "import Share from 'react-native-share';\n\nexport const story = (uri: string, appId: string) =>\n  Share.shareSingle({ social: Share.Social.INSTAGRAM_STORIES, backgroundImage: uri, appId });\n",
                "src/App.tsx":
                    "import { story } from './share';\n\nexport default function App() {\n  return <Button onPress={() => story('x', '1')} />;\n}\n",
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(chosen(result) == ["main/AndroidManifest.xml: ig-stories"], "\(result.stdout)")
        #expect(!findingLines(result).contains { $0.contains("android.file-provider") }, "\(result.stdout)")
        #expect(result.status == 0)
    }

    @Test("a vendored share plugin's own native code chooses no target: its example app's Dart calls do")
    func vendoredPlugin() throws {
        let directory = try scratch("doctor-vendored")
        defer { try? FileManager.default.removeItem(at: directory) }
        let native = """
            package com.shekarmudaliyar.social_share

            class SocialSharePlugin : MethodCallHandler {
                override fun onMethodCall(call: MethodCall, result: Result) {
                    if (call.method == "shareInstagramStory") {
                        val intent = Intent("com.instagram.share.ADD_TO_STORY")
                        intent.putExtra("source_application", call.argument<String>("appId"))
                        activity.startActivity(intent)
                    } else if (call.method == "shareFacebookStory") {
                        val intent = Intent("com.facebook.stories.ADD_TO_STORY")
                        intent.putExtra("com.facebook.platform.extra.APPLICATION_ID", call.argument<String>("appId"))
                        activity.startActivity(intent)
                    }
                }
            }
            """
        try write(
            [
                "pubspec.yaml":
                    "name: social_share\nflutter:\n  plugin:\n    platforms:\n      android:\n        pluginClass: SocialSharePlugin\n",
                "android/src/main/kotlin/com/shekarmudaliyar/social_share/SocialSharePlugin.kt": native,
                "example/pubspec.yaml": "name: demo\ndependencies:\n  social_share:\n    path: ../\n",
                "example/android/app/build.gradle":
                    "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
                "example/android/app/src/main/AndroidManifest.xml": manifest(queries: bothPackages, application: ""),
                "example/lib/main.dart":
                    "import 'package:social_share/social_share.dart';\n\nvoid main() async {\n  await SocialShare.shareInstagramStory(appId: '1234567890123456', imagePath: 'a.png');\n}\n",
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(chosen(result) == ["main/AndroidManifest.xml: ig-stories"], "\(result.stdout)")
        #expect(!findingLines(result).contains { $0.hasPrefix("fb-stories") }, "\(result.stdout)")
    }

    @Test(
        "iOS: the App ID where the target does not read it (Instagram Stories' on the pasteboard, Facebook Reels' in the URL) is an error naming where it goes"
    )
    func misplacedAppId() throws {
        let directory = try scratch("doctor-misplaced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let stories = """
            import UIKit

            func shareToStories(_ image: Data, appID: String) {
                let items: [String: Any] = [
                    "com.instagram.sharedSticker.backgroundImage": image,
                    "com.instagram.sharedSticker.appID": appID,
                ]
                UIPasteboard.general.setItems([items], options: [:])
                UIApplication.shared.open(URL(string: "instagram-stories://share")!)
            }
            """
        let reels = """
            import UIKit

            func shareToReels(_ video: Data, appID: String) {
                UIPasteboard.general.setItems([["com.facebook.sharedSticker.backgroundVideo": video]], options: [:])
                UIApplication.shared.open(URL(string: "facebook-reels://share?source_application=\\(appID)")!)
            }
            """
        try iosApp(
            [
                "ios/Demo/Stories.swift": stories, "ios/Demo/Reels.swift": reels,
                "ios/Demo/Button.swift": button("shareToStories(Data(), appID: \"1\"); shareToReels(Data(), appID: \"1\")"),
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(
            located(result) == ["fb-reels share.app-id Reels.swift:5", "ig-stories share.app-id Stories.swift:9"],
            "\(result.stdout)")
        let text = runReelshare(["doctor"], in: directory).stdout
        #expect(
            text.contains(
                "its App ID is put under the pasteboard key …sharedSticker.appID, where Instagram Stories does not read it (it reads source_application in the URL's query)"
            ), "\(text)")
        #expect(
            text.contains(
                "its App ID is put in the URL's source_application, where Facebook Reels does not read it (it reads the pasteboard key …sharedSticker.appID)"
            ), "\(text)")
    }

    @Test(
        "an App ID written as text that is not one: a bundle id in a share URL constant, a package name in an extra, a plugin's \"appId\" placeholder; digits are none"
    )
    func literalAppIds() throws {
        let directory = try scratch("doctor-literal-app-id")
        defer { try? FileManager.default.removeItem(at: directory) }
        let swift = """
            import UIKit

            enum Links {
                static let storiesDeepLink = "instagram-stories://share?source_application=studio.example.Demo"
            }
            """
        let kotlin = """
            package com.example.demo

            fun shareReel(c: Context, uri: Uri) {
                val intent = Intent("com.instagram.share.ADD_TO_REEL")
                intent.setDataAndType(uri, "video/*")
                intent.putExtra("com.instagram.platform.extra.APPLICATION_ID", "com.example.demo")
                intent.addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
                c.startActivity(intent)
            }
            """
        let dart = """
            import 'package:appinio_social_share/appinio_social_share.dart';

            final _share = AppinioSocialShare();

            void main() {
              _share.iOS.shareToInstagramStory(
                "appId",
                backgroundImage: 'story.png',
              );
            }
            """
        try iosApp(
            [
                "ios/Demo/Links.swift": swift,
                "pubspec.yaml": "name: demo\ndependencies:\n  appinio_social_share: ^0.3.2\n",
                "ios/Runner/Info.plist": infoPlist(allSchemes, "<key>FacebookAppID</key><string>1234567890123456</string>"),
                "lib/main.dart": dart,
                "android/app/build.gradle":
                    "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
                "android/app/src/main/AndroidManifest.xml": manifest(queries: bothPackages, application: fileProvider()),
                "android/app/src/main/res/xml/file_paths.xml": "<paths><cache-path name=\"c\" path=\".\"/></paths>",
                "android/app/src/main/java/com/example/demo/Reel.kt": kotlin,
                "android/app/src/main/java/com/example/demo/MainActivity.kt": mainActivity("shareReel(this, Uri.EMPTY)"),
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        let literal = findingLines(result, severity: "error").filter { $0.contains("share.app-id") }
        // appinio's iOS object calls the one method channel both platforms answer: its call counts on each.
        #expect(literal.count == 4, "\(result.stdout)")
        let text = runReelshare(["doctor"], in: directory).stdout
        for id in ["studio.example.Demo", "com.example.demo", "appId"] {
            #expect(text.contains("with the App ID \"\(id)\" as written, which is not a Meta App ID"), "\(id): \(text)")
        }
        #expect(text.contains("(it looks like a bundle identifier or package name)"))
        // An optional described into the URL (openlly's `String(describing: appIDString)`) writes
        // Optional("…"); a plain String described is its text.
        let described = """
            import UIKit

            func shareStory(_ remote: RemoteConfig) {
                let appIDString = remote.model?.facebookAppId
                if let url = URL(string: "instagram-stories://share?source_application=\\(String(describing: appIDString))") {
                    UIApplication.shared.open(url)
                }
            }
            """
        try write(
            ["ios/Demo/Story.swift": described, "ios/Demo/Button.swift": button("shareStory(RemoteConfig())")], in: directory)
        let optional = runReelshare(["doctor"], in: directory).stdout
        #expect(
            optional.contains("with the App ID \"Optional(…)\" as written (String(describing:) of an optional"), "\(optional)")
        try write(
            [
                "ios/Demo/Story.swift": described.replacingOccurrences(
                    of: "remote.model?.facebookAppId", with: "remote.facebookAppId")
            ],
            in: directory)
        #expect(!runReelshare(["doctor"], in: directory).stdout.contains("Optional("))
        // Digits pass.
        try write(
            ["ios/Demo/Links.swift": swift.replacingOccurrences(of: "studio.example.Demo", with: "1234567890123456")],
            in: directory)
        #expect(!runReelshare(["doctor"], in: directory).stdout.contains("studio.example.Demo"))
    }

    @Test(
        "Android, as duckie-android (MIT) writes it: a sticker in interactive_asset_uri with only the intent's read flag, and file.toUri(), a file:// URI"
    )
    func stickerGrant() throws {
        let directory = try scratch("doctor-sticker-grant")
        defer { try? FileManager.default.removeItem(at: directory) }
        let share = """
            package com.example.demo

            object ShareUtil {
                fun intentInstagramStory(path: String, appId: String): Intent {
                    val file = File(path)
                    return Intent("com.instagram.share.ADD_TO_STORY").apply {
                        type = "image/*"
                        putExtra("source_application", appId)
                        addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
                        putExtra("interactive_asset_uri", file.toUri())
                    }
                }
            }
            """
        try write(
            [
                "settings.gradle": "include ':app'\n",
                "app/build.gradle": "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
                "app/src/main/AndroidManifest.xml": manifest(queries: bothPackages, application: fileProvider()),
                "app/src/main/res/xml/file_paths.xml": "<paths><cache-path name=\"c\" path=\".\"/></paths>",
                "app/src/main/java/com/example/demo/ShareUtil.kt": share,
                "app/src/main/java/com/example/demo/MainActivity.kt":
                    "package com.example.demo\n\nclass MainActivity : Activity() {\n    override fun onResume() {\n        super.onResume()\n        startActivity(ShareUtil.intentInstagramStory(\"a.png\", \"1\"))\n    }\n}\n",
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(
            located(result) == ["ig-stories share.file-uri ShareUtil.kt:10", "ig-stories share.read-permission ShareUtil.kt:6"],
            "\(result.stdout)")
        let right =
            share
            .replacingOccurrences(
                of: "file.toUri()", with: "FileProvider.getUriForFile(context, \"${context.packageName}.fileprovider\", file)"
            )
            .replacingOccurrences(
                of: "addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)",
                with:
                    "addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)\n            context.grantUriPermission(\"com.instagram.android\", sticker, Intent.FLAG_GRANT_READ_URI_PERMISSION)"
            )
        try write(["app/src/main/java/com/example/demo/ShareUtil.kt": right], in: directory)
        let good = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(located(good).isEmpty, "\(good.stdout)")
    }

    @Test("an App Clip that compiles the share code is judged for it, with its own plist; one that compiles none is not judged")
    func appClip() throws {
        let directory = try scratch("doctor-app-clip")
        defer { try? FileManager.default.removeItem(at: directory) }
        let share = """
            import UIKit

            enum StoryShare {
                static func share(_ image: Data, appID: String) {
                    UIPasteboard.general.setItems([["com.instagram.sharedSticker.backgroundImage": image]], options: [:])
                    UIApplication.shared.open(URL(string: "instagram-stories://share?source_application=\\(appID)")!)
                }
            }
            """
        func project(clipSources: [String]) -> [String: Any] {
            [
                "Demo.xcodeproj/project.pbxproj": pbxproj([
                    XcodeTarget(
                        "Demo", release: ["INFOPLIST_FILE": "Demo/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.demo"],
                        sources: ["Demo/StoryShare.swift", "Demo/ShareButton.swift"]),
                    XcodeTarget(
                        "DemoClip", "com.apple.product-type.application.on-demand-install-capable",
                        release: ["INFOPLIST_FILE": "DemoClip/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.demo.Clip"],
                        sources: clipSources),
                ]),
                "Demo/Info.plist": infoPlist(["instagram-stories"]),
                "DemoClip/Info.plist": infoPlist([]),
                "Demo/StoryShare.swift": share,
                "Demo/ShareButton.swift": button("StoryShare.share(Data(), appID: \"1234567890123456\")"),
                "DemoClip/ClipView.swift": "import SwiftUI\n",
            ]
        }
        try write(
            project(clipSources: ["DemoClip/ClipView.swift", "Demo/StoryShare.swift", "Demo/ShareButton.swift"]), in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(chosen(result) == ["Demo/Info.plist: ig-stories", "DemoClip/Info.plist: ig-stories"], "\(result.stdout)")
        #expect(
            findingLines(result, severity: "error") == ["ig-stories ios.query-scheme DemoClip/Info.plist"], "\(result.stdout)")
        #expect(result.status == 1)
        try write(project(clipSources: ["DemoClip/ClipView.swift"]), in: directory)
        let apart = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(chosen(apart) == ["Demo/Info.plist: ig-stories"], "\(apart.stdout)")
        #expect(apart.status == 0)
    }

    @Test(
        "a share helper nothing calls is not judged, and says so; called from a button, a storyboard's action or another file it is"
    )
    func unreachedHelper() throws {
        let directory = try scratch("doctor-unreached")
        defer { try? FileManager.default.removeItem(at: directory) }
        // As real apps keep them after a feature is dropped: an Objective-C helper whose first
        // keyword is a common word (a storyboard's backgroundImage="…" attribute is no call of
        // it), and a Swift one.
        let objc = """
            @implementation CustomObject
            - (void)backgroundImage:(NSData *)backgroundImage
                     attributionURL:(NSString *)attributionURL {
                NSURL *urlScheme = [NSURL URLWithString:@"instagram-stories://share"];
                NSArray *items = @[@{@"com.instagram.sharedSticker.backgroundImage" : backgroundImage}];
                [[UIPasteboard generalPasteboard] setItems:items options:@{}];
                [[UIApplication sharedApplication] openURL:urlScheme options:@{} completionHandler:nil];
            }
            @end
            """
        let swift = """
            import UIKit

            struct ShareHelper {
                static func shareToFacebookStory(_ image: Data) {
                    UIPasteboard.general.setItems([["com.facebook.sharedSticker.backgroundImage": image]], options: [:])
                    UIApplication.shared.open(URL(string: "facebook-stories://share")!)
                }
            }
            """
        try iosApp(
            [
                "ios/Demo/CustomObject.m": objc,
                "ios/Demo/CustomObject.h":
                    "- (void)backgroundImage:(NSData *)backgroundImage\n         attributionURL:(NSString *)attributionURL;\n",
                "ios/Demo/ShareHelper.swift": swift,
                "ios/Demo/Base.lproj/Main.storyboard": "<state key=\"normal\" backgroundImage=\"replay\"/>\n",
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(located(result).isEmpty, "\(result.stdout)")
        let unreached = resultsOf(result).flatMap { ((($0["app"] as? [String: Any])?["unreached"]) as? [[String: Any]]) ?? [] }
        #expect(
            unreached.map { "\($0["target"] as? String ?? "") \($0["function"] as? String ?? "")" }.sorted() == [
                "fb-stories shareToFacebookStory", "ig-stories backgroundImage:attributionURL",
            ], "\(result.stdout)")
        let text = runReelshare(["doctor"], in: directory).stdout
        #expect(
            text.contains(
                "not judged for fb-stories: its share call (ios/Demo/ShareHelper.swift:6) is in shareToFacebookStory(), which nothing in its sources calls"
            ), "\(text)")
        // Called: from a storyboard's action, and from another file's code.
        try write(
            [
                "ios/Demo/Base.lproj/Main.storyboard":
                    "<action selector=\"backgroundImage:attributionURL:\" destination=\"x\" eventType=\"touchUpInside\" id=\"a\"/>\n",
                "ios/Demo/Button.swift": button("ShareHelper.shareToFacebookStory(Data())"),
            ], in: directory)
        let called = runReelshare(["doctor", "--format", "json"], in: directory)
        #expect(chosen(called) == ["Demo/Info.plist: ig-stories, fb-stories"], "\(called.stdout)")
    }
}
