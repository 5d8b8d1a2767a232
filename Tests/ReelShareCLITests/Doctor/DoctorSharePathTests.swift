// doctor counts the share calls an app really makes, in shapes found in sixteen more public projects
// (read by hand on 2026-12-07; their code is not copied, as most carry no licence). Each shape
// failed before its mend.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("doctor on the share paths of more real projects: which calls share")
struct DoctorSharePathTests {
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
