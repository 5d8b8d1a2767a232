// doctor checks what each share call carries (the App ID's place and text, a sticker's grant, a
// file:// URI), in shapes found in sixteen more public projects
// (read by hand on 2026-12-07; their code is not copied, as most carry no licence). Each shape
// failed before its mend.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("doctor on what each share call carries: the App ID's place and text, a sticker's grant")
struct DoctorCallCarriesTests {
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
}
