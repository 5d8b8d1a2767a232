// doctor on real public projects nobody here made (Tests/Fixtures/projects: each directory's
// SOURCE.md gives the repository, commit, licence and the truth read by hand), and on crafted
// neighbours of them: the app found wherever it lives, the application target's Info.plist with
// the settings its configuration uses, each release variant merged from its source sets and its
// local modules.
import Foundation
import ReelShareTestSupport
import Testing

/// doctor's JSON on a copy of the real project `name`, with `arguments` (targets).
private func doctor(_ name: String, _ arguments: [String] = []) -> RunResult {
    runReelshare(["doctor", "--format", "json"] + arguments + [TestPaths.project(name)])
}

/// Each result's judged file (inside the path given) and variant, and the targets that reject it.
private func judged(_ result: RunResult) -> [String] {
    resultsOf(result).map { item in
        let file = (item["file"] as? String).map { $0.components(separatedBy: "/projects/").last ?? $0 } ?? "-"
        let variant = ((item["app"] as? [String: Any])?["variant"] as? String).map { " (\($0))" } ?? ""
        let rejected = (item["targets"] as? [[String: Any]] ?? []).filter { $0["accepted"] as? Bool == false }
            .compactMap { $0["target"] as? String }
        return "\(file)\(variant): rejected by [\(rejected.joined(separator: ","))]"
    }
}

/// The rules of each finding, per target, of the result whose file ends with `file`.
private func rules(_ result: RunResult, file: String, target: String) -> Set<String> {
    let item = resultsOf(result).first { ($0["file"] as? String)?.hasSuffix(file) == true }
    let verdict = (item?["targets"] as? [[String: Any]])?.first { $0["target"] as? String == target }
    return Set((verdict?["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
}

@Suite("doctor on real public projects")
struct DoctorRealProjectTests {
    @Test("--variant judges one release variant (without case), and names the variants there are when it is not one of them")
    func variantChosen() {
        let one = doctor("halloapp-android-flavors", ["--variant", "KATCHUPRELEASE", "--target", "ig-reels"])
        #expect(
            resultsOf(one).compactMap { ($0["app"] as? [String: Any])?["variant"] as? String } == ["katchupRelease"],
            "\(one.stdout)")
        // The flavour's own applicationId is the app's identifier (defaultConfig's is com.halloapp).
        #expect(
            resultsOf(one).compactMap { ($0["app"] as? [String: Any])?["identifier"] as? String } == ["com.halloapp.katchup"])
        // An iOS app's $(PRODUCT_BUNDLE_IDENTIFIER), as its target's build settings set it.
        let ios = doctor("halloapp-ios", ["--target", "ig-stories"])
        #expect(resultsOf(ios).compactMap { ($0["app"] as? [String: Any])?["identifier"] as? String } == ["com.halloapp.hallo"])
        let none = doctor("halloapp-android-flavors", ["--variant", "freeDebug", "--target", "ig-reels"])
        #expect(none.status == 66)
        #expect(
            none.stderr.contains("no release variant freeDebug: its Android app builds halloappRelease, katchupRelease"),
            "\(none.stderr)")
        // A project without flavours builds `release`; its iOS app is judged as without --variant.
        let plain = doctor("flutter-social-share", ["--variant", "release", "--target", "ig-stories"])
        #expect(resultsOf(plain).count == 2, "\(plain.stdout)")
    }

    @Test("an app with an App Clip and extensions: the application target's Info.plist is judged, not the App Clip's")
    func appClip() {
        // HalloApp: the App Clip's target comes first in project.pbxproj; the app's plist lists
        // instagram-stories, which its code opens (Halloapp/Share/InstagramStoriesShareProvider.swift).
        let result = doctor("halloapp-ios", ["--target", "ig-stories"])
        #expect(judged(result) == ["halloapp-ios/Halloapp/Info.plist: rejected by []"], "\(result.stdout)")
        #expect(result.status == 0)
    }

    @Test("an iPhone app beside a watch app and six extensions, its settings from .xcconfig files")
    func watchApp() {
        let result = doctor("pocketcasts-ios-extensions", ["--target", "ig-stories"])
        #expect(
            judged(result) == ["pocketcasts-ios-extensions/podcasts/podcasts-Info.plist: rejected by []"],
            "\(result.stdout)")
    }

    @Test("Meta's Reels sample: INFOPLIST_FILE as $(SRCROOT)/… with a space, accepted for the Reels it shares to")
    func metaSample() {
        let result = doctor("fb-share-to-reels-ios", ["--target", "ig-reels,fb-reels"])
        #expect(
            judged(result) == ["fb-share-to-reels-ios/iOS ShareToReels/Info.plist: rejected by []"], "\(result.stdout)")
    }

    @Test("product flavours: each release variant merged from src/<flavour>, where its <queries> and FileProviders are")
    func flavours() {
        let result = doctor("halloapp-android-flavors", ["--target", "ig-stories"])
        #expect(
            judged(result) == [
                "halloapp-android-flavors/app/src/main/AndroidManifest.xml (halloappRelease): rejected by []",
                "halloapp-android-flavors/app/src/main/AndroidManifest.xml (katchupRelease): rejected by []",
            ], "\(result.stdout)")
        for item in resultsOf(result) {
            let verdict = (item["targets"] as? [[String: Any]])?.first
            #expect((verdict?["findings"] as? [[String: Any]] ?? []).isEmpty, "\(item)")
        }
        let libraries = resultsOf(result).map { (($0["app"] as? [String: Any])?["libraries"] as? [String]) ?? [] }
        #expect(libraries.first?.contains { $0.hasSuffix("app/src/halloapp/AndroidManifest.xml") } == true, "\(libraries)")
        #expect(libraries.last?.contains { $0.hasSuffix("app/src/katchup/AndroidManifest.xml") } == true, "\(libraries)")
    }

    @Test("Kotlin DSL with local modules (projects.modules…): <queries> and the FileProvider's paths come from modules")
    func localModules() {
        let result = doctor("pocketcasts-android-kts", ["--target", "ig-stories"])
        #expect(
            rules(result, file: "app/src/main/AndroidManifest.xml", target: "ig-stories").isEmpty, "\(result.stdout)")
        let libraries = (resultsOf(result).first?["app"] as? [String: Any])?["libraries"] as? [String] ?? []
        #expect(libraries.contains { $0.hasSuffix("modules/services/repositories/src/main/AndroidManifest.xml") })
    }

    @Test(
        "another Android app's build beside the one judged (social_share's example/IntentDummy): its share code is its own, not the Flutter example's"
    )
    func otherAppsCode() {
        // IntentDummy's MainActivity.kt:19 sends ADD_TO_STORY with no App ID extra. Before, the
        // Flutter example's Android app was rejected for it.
        for path in ["flutter-social-share", "flutter-social-share/example"] {
            let result = doctor(path, ["--target", "ig-stories"])
            #expect(
                judged(result) == [
                    "flutter-social-share/example/ios/Runner/Info.plist: rejected by []",
                    "flutter-social-share/example/android/app/src/main/AndroidManifest.xml: rejected by []",
                ], "\(path): \(result.stdout)")
            #expect(!result.stdout.contains("IntentDummy"), "\(path): \(result.stdout)")
        }
        // Judged on its own, the helper app is rejected for its own code.
        let helper = doctor("flutter-social-share/example/IntentDummy", ["--target", "ig-stories"])
        #expect(
            rules(helper, file: "IntentDummy/app/src/main/AndroidManifest.xml", target: "ig-stories").contains("share.app-id"),
            "\(helper.stdout)")
    }

    @Test("apps one level down: a plugin's example/, a React Native app without its package.json, an Expo monorepo")
    func found() {
        let plugin = doctor("flutter-social-share", ["--target", "ig-stories"])
        #expect(
            judged(plugin) == [
                "flutter-social-share/example/ios/Runner/Info.plist: rejected by []",
                "flutter-social-share/example/android/app/src/main/AndroidManifest.xml: rejected by []",
            ], "\(plugin.stdout)")
        // react-native-share's example: its Android app has no <queries> (targetSdk 34).
        let native = doctor("rn-share-example", ["--target", "ig-stories"])
        #expect(judged(native).count == 2, "\(native.stdout)")
        // Its <queries> are certainly missing: every manifest that could add one was read (the
        // library's own, whose example it is, with the FileProvider the share uses; React
        // Native's artefacts add none). Before, both were hedged warnings, the FileProvider false.
        // And the library's own Social.INSTAGRAM chooser offers a Stories intent that carries no
        // App ID (android/src/main/java/cl/json/social/InstagramShare.java:98): Instagram refuses it.
        #expect(
            rules(native, file: "example/android/app/src/main/AndroidManifest.xml", target: "ig-stories") == [
                "android.queries", "share.app-id",
            ], "\(native.stdout)")
        let storiesIntent = resultsOf(native).flatMap { ($0["targets"] as? [[String: Any]]) ?? [] }
            .flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }.filter { $0["rule"] as? String == "share.app-id" }
        #expect(
            storiesIntent.map { "\(($0["file"] as? String ?? "").split(separator: "/").last ?? ""):\($0["line"] as? Int ?? 0)" }
                == ["InstagramShare.java:98"])
        #expect(findingLines(native, severity: "error").contains { $0.hasPrefix("ig-stories android.queries") })
        let android = resultsOf(native).first { ($0["app"] as? [String: Any])?["platform"] as? String == "android" }
        let libraries = (android?["app"] as? [String: Any])?["libraries"] as? [String] ?? []
        #expect(
            libraries.count == 1 && libraries[0].hasSuffix("/rn-share-example/android/src/main/AndroidManifest.xml"),
            "\(libraries)")
        #expect(rules(native, file: "example/ios/example/Info.plist", target: "ig-stories").isEmpty, "\(native.stdout)")
        // Showtime: a Yarn workspace whose Expo app (apps/expo) is configured by app.config.ts.
        let expo = doctor("showtime-expo-monorepo")
        #expect(resultsOf(expo).count == 2, "\(expo.stdout)")
        #expect(resultsOf(expo).allSatisfy { ($0["file"] as? String)?.hasSuffix("apps/expo/app.config.ts") == true })
        // All nine at once: a plugin whose own directory builds no app is looked into for its
        // example/, within the same three levels.
        let all = runReelshare(["doctor", "--format", "json", TestPaths.project("")])
        #expect(resultsOf(all).count == 13, "\(judged(all))")
        let text = runReelshare(["doctor", TestPaths.project("showtime-expo-monorepo")]).stdout
        #expect(text.contains("app.config.ts is code, which doctor runs only with --evaluate"), "\(text)")
    }
}

@Suite("doctor on crafted neighbours of real projects")
struct DoctorBuildSettingsTests {
    @Test("INFOPLIST_FILE in every spelling, the App Clip passed over, a generated Info.plist's INFOPLIST_KEY_ settings")
    func infoPlistSpellings() throws {
        let directory = try scratch("doctor-spellings")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, spelling) in [
            "$(PROJECT_DIR)/App/Info.plist", "${SRCROOT}/App/Info.plist", "App/Info.plist", "./App/../App/Info.plist",
        ]
        .enumerated() {
            let project = directory.appendingPathComponent("p\(index)")
            try write(
                [
                    "Demo.xcodeproj/project.pbxproj": pbxproj([
                        XcodeTarget(
                            "Clip", "com.apple.product-type.application.on-demand-install-capable",
                            release: ["INFOPLIST_FILE": "Clip/Info.plist"]),
                        XcodeTarget("Demo", release: ["INFOPLIST_FILE": spelling]),
                    ]),
                    "Clip/Info.plist": infoPlist([]),
                    "App/Info.plist": infoPlist(["instagram-stories"]),
                ], in: project)
            let result = runReelshare(["doctor", "--format", "json", "--target", "ig-stories", "p\(index)"], in: directory)
            #expect(result.status == 0, "\(spelling): \(result.stdout)")
            #expect(resultsOf(result).map { $0["file"] as? String } == ["p\(index)/App/Info.plist"], "\(spelling)")
        }
        // GENERATE_INFOPLIST_FILE: the keys the build adds to the file's.
        try write(
            [
                "Demo.xcodeproj/project.pbxproj": pbxproj([
                    XcodeTarget(
                        "Demo",
                        release: [
                            "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "Demo/Info.plist",
                            "INFOPLIST_KEY_FacebookAppID": "1234567890123456",
                        ])
                ]),
                "Demo/Info.plist": infoPlist(["facebook-stories"]),
            ], in: directory.appendingPathComponent("generated"))
        let generated = runReelshare(["doctor", "--target", "fb-stories", "generated"], in: directory)
        #expect(generated.status == 0, "\(generated.stdout)")
    }

    @Test(
        "build settings as the configuration resolves them: its .xcconfig and #include chain, $(inherited), [config=Release]; never an .xcconfig no target uses"
    )
    func xcconfigChain() throws {
        let directory = try scratch("doctor-xcconfig")
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = infoPlist(["facebook-stories"], "<key>FacebookAppID</key><string>$(FACEBOOK_APP_ID)</string>")
        // Used: Release.xcconfig includes Shared.xcconfig; the Release value wins by its condition.
        try write(
            [
                "Demo.xcodeproj/project.pbxproj": pbxproj([
                    XcodeTarget("Demo", release: ["INFOPLIST_FILE": "Demo/Info.plist"], xcconfig: "Config/Release.xcconfig")
                ]),
                "Config/Release.xcconfig":
                    "#include \"Shared.xcconfig\"\nFACEBOOK_APP_ID[config=Debug] = 1\nFACEBOOK_APP_ID[sdk=macosx*] = 2\n",
                "Config/Shared.xcconfig": "FACEBOOK_APP_ID = 1234567890123456\n",
                "Demo/Info.plist": plist,
            ], in: directory.appendingPathComponent("used"))
        let used = runReelshare(["doctor", "--format", "json", "--target", "fb-stories", "used"], in: directory)
        #expect(used.status == 0 && findingLines(used).isEmpty, "\(used.stdout)")
        // Unused: an .xcconfig sets the App ID, but no configuration is based on it: what the
        // build fills in is empty, and doctor says so.
        try write(
            [
                "Demo.xcodeproj/project.pbxproj": pbxproj([XcodeTarget("Demo", release: ["INFOPLIST_FILE": "Demo/Info.plist"])]),
                "Config/Unused.xcconfig": "FACEBOOK_APP_ID = 1234567890123456\n",
                "Demo/Info.plist": plist,
            ], in: directory.appendingPathComponent("unused"))
        let unused = runReelshare(["doctor", "--format", "json", "--target", "fb-stories", "unused"], in: directory)
        #expect(findingLines(unused) == ["fb-stories ios.app-id unused/Demo/Info.plist"], "\(unused.stdout)")
        // $(inherited): the target's value adds to the project's.
        try write(
            [
                "Demo.xcodeproj/project.pbxproj": pbxproj(
                    [
                        XcodeTarget(
                            "Demo", release: ["INFOPLIST_FILE": "Demo/Info.plist", "FACEBOOK_APP_ID": "$(inherited)3456"])
                    ], projectSettings: ["FACEBOOK_APP_ID": "123456789012"]),
                "Demo/Info.plist": plist,
            ], in: directory.appendingPathComponent("inherited"))
        let inherited = runReelshare(["doctor", "--format", "json", "--target", "fb-stories", "inherited"], in: directory)
        #expect(inherited.status == 0 && findingLines(inherited).isEmpty, "\(inherited.stdout)")
    }

    @Test("an ios/NAME/Info.plist named on its own is read with its target's settings, not an .xcconfig no target uses")
    func namedPlist() throws {
        let directory = try scratch("doctor-named-plist")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(
            [
                "ios/Demo.xcodeproj/project.pbxproj": pbxproj([
                    XcodeTarget("Demo", release: ["INFOPLIST_FILE": "Demo/Info.plist"], xcconfig: "Config/Release.xcconfig")
                ]),
                "ios/Config/Release.xcconfig": "FACEBOOK_APP_ID = 1234567890123456\n",
                "ios/Config/Unused.xcconfig": "FACEBOOK_APP_ID = 42\n",
                "ios/Demo/Info.plist": infoPlist(
                    ["facebook-stories"], "<key>FacebookAppID</key><string>$(FACEBOOK_APP_ID)</string>"),
            ], in: directory)
        let result = runReelshare(["doctor", "--format", "json", "--target", "fb-stories", "ios/Demo/Info.plist"], in: directory)
        #expect(result.status == 0 && findingLines(result).isEmpty, "\(result.stdout)")
    }

    @Test(
        "Gradle: flavours in two dimensions (Groovy and Kotlin DSL), manifestPlaceholders, targetSdkVersion under 30, the Facebook SDK from a version catalog"
    )
    func gradleVariants() throws {
        let directory = try scratch("doctor-gradle")
        defer { try? FileManager.default.removeItem(at: directory) }
        let main = manifest(
            queries: "", application: appIdMetaData.replacingOccurrences(of: "@string/facebook_app_id", with: "${facebookAppId}"))
        let groovy = """
            android {
                namespace "com.example.demo"
                defaultConfig {
                    applicationId "com.example.demo"
                    targetSdkVersion 34
                    manifestPlaceholders = [facebookAppId: "1234567890123456"]
                }
                flavorDimensions "tier", "store"
                productFlavors {
                    free { dimension "tier" }
                    paid {
                        dimension "tier"
                        repositories { flatDir { dirs 'libs' } }
                    }
                    play { dimension "store" }
                }
            }
            """
        try write(
            [
                "settings.gradle": "include ':app'\n", "app/build.gradle": groovy, "app/src/main/AndroidManifest.xml": main,
                "app/src/play/AndroidManifest.xml": manifest(queries: bothPackages, application: ""),
            ], in: directory.appendingPathComponent("groovy"))
        let result = runReelshare(["doctor", "--format", "json", "--target", "ig-stories,fb-stories", "groovy"], in: directory)
        #expect(
            resultsOf(result).compactMap { ($0["app"] as? [String: Any])?["variant"] as? String } == [
                "freePlayRelease", "paidPlayRelease",
            ], "\(result.stdout)")
        // <queries> from src/play; the App ID from the placeholder: nothing is missing.
        #expect(findingLines(result).filter { !$0.contains("file-provider") }.isEmpty, "\(result.stdout)")
        // Kotlin DSL, targeting API 28: package visibility does not apply; the SDK from the catalog.
        let kotlin = """
            android {
                defaultConfig {
                    applicationId = "com.example.demo"
                    targetSdk = 28
                }
                productFlavors {
                    create("prod") { }
                    register("staging")
                }
            }
            dependencies { implementation(libs.facebook.android.sdk) }
            """
        try write(
            [
                "settings.gradle.kts": "include(\":app\")\n", "app/build.gradle.kts": kotlin,
                "gradle/libs.versions.toml":
                    "[versions]\nfb = \"18.0.0\"\n[libraries]\nfacebook-android-sdk = { module = \"com.facebook.android:facebook-android-sdk\", version.ref = \"fb\" }\n",
                "app/src/main/AndroidManifest.xml": manifest(queries: "", application: appIdMetaData),
                "app/src/main/res/values/strings.xml":
                    #"<resources><string name="facebook_app_id">1234567890123456</string></resources>"#,
            ], in: directory.appendingPathComponent("kotlin"))
        let old = runReelshare(["doctor", "--format", "json", "--target", "ig-stories,fb-stories", "kotlin"], in: directory)
        #expect(
            resultsOf(old).compactMap { ($0["app"] as? [String: Any])?["variant"] as? String } == [
                "prodRelease", "stagingRelease",
            ], "\(old.stdout)")
        let lines = findingLines(old)
        #expect(!lines.contains { $0.contains("android.queries") }, "\(lines)")
        // The catalog's SDK asks for its ClientToken, as the Groovy spelling does.
        #expect(old.stdout.contains("com.facebook.sdk.ClientToken"), "\(old.stdout)")
    }
}
