// doctor finds the apps of real projects' layouts found in sixteen more public projects
// (read by hand on 2026-12-07; their code is not copied, as most carry no licence). Each shape
// failed before its mend.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("doctor finds the app where real projects keep it: Kotlin Multiplatform, Tuist, an App Clip that shares")
struct DoctorAppPlacesTests {
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
}
