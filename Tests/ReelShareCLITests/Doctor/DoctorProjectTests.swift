// doctor on projects as each framework lays them out: Flutter, React Native, Expo, Capacitor,
// native Xcode and Gradle projects, built and not; the README's example app.
import Foundation
import ReelShareTestSupport
import Testing

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
                // Its dependencies: one doctor knows adds nothing it checks, one it does not know.
                "android/build.gradle": """
                buildscript { dependencies { classpath 'com.android.tools.build:gradle:8.1.0' } }
                dependencies {
                    implementation 'androidx.core:core-ktx:1.13.1'
                    implementation 'com.example.thirdparty:share-helper:1.0'
                    testImplementation 'junit:junit:4.13.2'
                }
                """,
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

    @Test("doctor --strict: an app whose only finding is a warning passes (0), and with --strict fails (1), the warning an error")
    func strict() throws {
        let project = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/projects/showtime-expo-monorepo").path
        let plain = runReelshare(["doctor", "--format", "json", project])
        #expect(plain.status == 0 && (plain.json?["summary"] as? [String: Any])?["warnings"] as? Int == 1, "\(plain.stdout)")
        let strict = runReelshare(["doctor", "--strict", "--format", "json", project])
        let summary = try #require(strict.json?["summary"] as? [String: Any])
        #expect(strict.status == 1 && summary["warnings"] as? Int == 0 && summary["errors"] as? Int == 1, "\(strict.stdout)")
    }

    @Test(
        "Flutter, not built: the plugin's FileProvider counts, a build setting is read from the xcconfig, what a build may add is a warning"
    )
    func flutterSource() throws {
        let directory = try scratch("doctor-flutter")
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = try flutter(in: directory)
        // `reelshare doctor` with no path: the current directory. (It holds no share code: every
        // share target is named, as a project about to get its share code would.)
        let result = runReelshare(["doctor", "--format", "json", "--target", everyShareTarget], in: project)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            findingLines(result, severity: "error") == [
                "fb-reels ios.query-scheme ios/Runner/Info.plist", "ig-reels ios.query-scheme ios/Runner/Info.plist",
            ])
        // No android.file-provider: share_plus's manifest supplies one, as Gradle would merge it.
        #expect(
            findingLines(result, severity: "warning") == [
                "fb-reels android.queries android/app/src/main/AndroidManifest.xml",
                "fb-stories android.queries android/app/src/main/AndroidManifest.xml",
            ])
        let android = try #require(resultsOf(result).first { ($0["app"] as? [String: Any])?["platform"] as? String == "android" })
        let app = try #require(android["app"] as? [String: Any])
        #expect(app["framework"] as? String == "flutter" && app["shipped"] as? Bool == false)
        #expect(
            (app["libraries"] as? [String])?.first?.hasSuffix("share_plus-10.0.0/android/src/main/AndroidManifest.xml") == true)
        let text = runReelshare(["doctor", "--target", "fb-reels", "--app-id", "99", "."], in: project).stdout
        #expect(
            text.contains(
                "android/app/src/main/AndroidManifest.xml: warning[android.queries] fb-reels: <queries> names neither the package com.facebook.katana"
            ), "\(text)")
        #expect(
            text.contains(
                ": com.example.thirdparty:share-helper, which doctor did not read, may still add it (flutter build apk, then reelshare doctor build/app/outputs/flutter-apk/app-release.apk)"
            ), "\(text)")
        // Without the artefact doctor does not know, everything that could add <queries> was
        // read: the missing packages are certain.
        let build = URL(fileURLWithPath: try pubCache(in: directory)).appendingPathComponent("android/build.gradle")
        try "dependencies {\n    implementation 'androidx.core:core-ktx:1.13.1'\n}\n".write(
            to: build, atomically: true, encoding: .utf8)
        let certain = runReelshare(["doctor", "--format", "json", "--target", "fb-reels,fb-stories", "."], in: project)
        #expect(
            findingLines(certain, severity: "error").filter { $0.contains("android") } == [
                "fb-reels android.queries android/app/src/main/AndroidManifest.xml",
                "fb-stories android.queries android/app/src/main/AndroidManifest.xml",
            ], "\(certain.stdout)")
        #expect(!certain.stdout.contains("may still add it"), "\(certain.stdout)")
        #expect(
            text.contains(
                "ios/Runner/Info.plist: error[ios.query-scheme] fb-reels: LSApplicationQueriesSchemes does not list 'facebook-reels'"
            ))
        #expect(
            text.contains(
                "fix (fb-reels): /usr/libexec/PlistBuddy -c 'Add :LSApplicationQueriesSchemes: string facebook-reels' ios/Runner/Info.plist"
            ))
        // The build setting, as the xcconfig sets it.
        let stories = runReelshare(["doctor", "--target", "fb-stories", "--app-id", "99"], in: project).stdout
        #expect(
            stories.contains(
                "error[ios.app-id] fb-stories: FacebookAppID is 1234567890123456, not 99 (the build setting $(FACEBOOK_APP_ID), set in ios/Flutter/Release.xcconfig)"
            ), "\(stories)")
        // The app's manifest named alone is still read in its project.
        let named = runReelshare(
            [
                "doctor", "--format", "json", "--target", "ig-reels", "--manifest",
                "demo/android/app/src/main/AndroidManifest.xml",
            ],
            in: directory)
        #expect(named.status == 0, "\(named.stdout)")
        #expect(findingLines(named).isEmpty)
    }

    @Test(
        "Flutter, built: the merged manifest and the built .app are what ships, and are judged",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
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
        let result = runReelshare(["doctor", "--format", "json"], in: project)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            resultsOf(result).compactMap { $0["file"] as? String } == [
                "build/ios/iphoneos/Runner.app/Info.plist",
                "build/app/intermediates/merged_manifest/release/processReleaseMainManifest/AndroidManifest.xml",
            ])
        // The manifest edited after the build: the build's output is not what the next one ships,
        // and the source is judged, naming the output it passed over.
        try touch(["android/app/src/main/AndroidManifest.xml"], in: project, 0)
        let edited = runReelshare(["doctor", "--target", "fb-reels"], in: project)
        #expect(
            edited.stdout.contains("android/app/src/main/AndroidManifest.xml: warning[android.queries] fb-reels"),
            "\(edited.stdout)")
        #expect(
            edited.stdout.contains(
                "(build/app/intermediates/merged_manifest/release/processReleaseMainManifest/AndroidManifest.xml is older than the project's files and was not judged; flutter build apk"
            ), "\(edited.stdout)")
        try touch(["android/app/src/main/AndroidManifest.xml"], in: project, -3600)
        #expect(resultsOf(result).allSatisfy { ($0["app"] as? [String: Any])?["shipped"] as? Bool == true })
        // An APK the build left comes first: its own manifest, with Facebook left out of <queries>.
        let apk = try aapt(
            manifest(
                queries: #"<package android:name="com.instagram.android"/>"#, application: fileProvider() + appIdMetaData),
            strings: ["facebook_app_id": "1234567890123456"], xml: ["file_paths"], in: directory)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("build/app/outputs/flutter-apk"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: apk, to: project.appendingPathComponent("build/app/outputs/flutter-apk/app-release.apk"))
        let fromApk = runReelshare(["doctor", "--format", "json", "--target", "fb-reels"], in: project)
        #expect(fromApk.status == 1)
        #expect(
            findingLines(fromApk) == [
                "fb-reels android.queries build/app/outputs/flutter-apk/app-release.apk!/AndroidManifest.xml"
            ])
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
        let result = runReelshare(
            ["doctor", "--format", "json", "--app-id", "1234567890123456", "--target", everyShareTarget], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(findingLines(result).isEmpty, "\(findingLines(result))")
        #expect(
            resultsOf(result).compactMap { $0["file"] as? String } == [
                "ios/Demo/Info.plist", "android/app/src/main/AndroidManifest.xml",
            ])
        let named = runReelshare(["doctor", "--manifest", "android/app/src/main/AndroidManifest.xml"], in: directory)
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
        let removed = runReelshare(["doctor", "--format", "json", "--target", "ig-reels"], in: directory)
        #expect(findingLines(removed) == ["ig-reels android.file-provider android/app/src/main/AndroidManifest.xml"])
    }

    @Test("Flutter, not fetched: a plugin pubspec.yaml gives a path is read where it is; only the hosted ones are unread")
    func flutterPathPlugin() throws {
        let directory = try scratch("doctor-flutter-path")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(
            [
                "share_plugin/android/src/main/AndroidManifest.xml": manifest(
                    package: "com.example.share_plugin", queries: bothPackages,
                    application: fileProvider().replacingOccurrences(of: ".fileprovider", with: ".share_plugin")),
                "share_plugin/android/src/main/res/xml/file_paths.xml": "<paths/>",
                "app/pubspec.yaml":
                    "name: demo\ndependencies:\n  flutter:\n    sdk: flutter\n  share_plugin:\n    path: ../share_plugin\n",
                "app/android/app/build.gradle":
                    "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n",
                "app/android/app/src/main/AndroidManifest.xml": manifest(queries: "", application: ""),
            ], in: directory)
        let app = directory.appendingPathComponent("app")
        let result = runReelshare(["doctor", "--format", "json", "--target", "ig-stories"], in: app)
        // The plugin's <queries> and provider count; nothing else could add anything: certain.
        #expect(result.status == 0, "\(result.stdout)")
        #expect(findingLines(result).filter { $0.contains("android") }.isEmpty, "\(result.stdout)")
        // A hosted plugin not fetched makes a missing element a warning that names it.
        try write(
            [
                "app/pubspec.yaml":
                    "name: demo\ndependencies:\n  flutter:\n    sdk: flutter\n  appinio_social_share: ^0.3.2\n"
            ], in: directory)
        let hosted = runReelshare(["doctor", "--format", "json", "--target", "ig-stories"], in: app)
        #expect(
            findingLines(hosted, severity: "warning").contains(
                "ig-stories android.queries android/app/src/main/AndroidManifest.xml"))
        #expect(hosted.stdout.contains("appinio_social_share (not fetched)"), "\(hosted.stdout)")
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
        let result = runReelshare(["doctor", "--format", "json", "--target", "ig-stories,ig-reels"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(findingLines(result, severity: "error").isEmpty)
        #expect(
            findingLines(result) == [
                "ig-reels android.file-provider app.json", "ig-reels android.queries app.json",
                "ig-reels ios.query-scheme app.json",
                "ig-stories android.file-provider app.json", "ig-stories android.queries app.json",
            ])
        #expect(result.stdout.contains("run npx expo prebuild"))
    }

    @Test(
        "Expo before prebuild: a share library installed in node_modules is merged (its FileProvider counts); not installed, it is named"
    )
    func expoLibraries() throws {
        let directory = try scratch("doctor-expo-libraries")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(
            [
                "package.json":
                    #"{"name":"demo","dependencies":{"expo":"~52.0.0","react-native-share":"^12.0.0","zzz-lib":"1.0.0"}}"#,
                "app.json": #"{"expo":{"name":"demo","android":{"package":"com.example.demo"}}}"#,
            ], in: directory)
        let absent = runReelshare(["doctor", "--format", "json", "--target", "ig-feed"], in: directory)
        #expect(findingLines(absent, severity: "warning").contains("ig-feed android.file-provider app.json"), "\(absent.stdout)")
        // The share library first among what was not read, before expo and the rest.
        #expect(
            absent.stdout.contains(
                "what npx expo prebuild and its config plugins write, react-native-share (not installed), expo (not installed)"),
            "\(absent.stdout)")
        try write(
            [
                "node_modules/react-native-share/android/src/main/AndroidManifest.xml": manifest(
                    package: "cl.json", queries: "",
                    application: fileProvider().replacingOccurrences(of: ".fileprovider", with: ".rnshare.fileprovider")),
                "node_modules/react-native-share/android/src/main/res/xml/file_paths.xml": "<paths/>",
            ], in: directory)
        let installed = runReelshare(["doctor", "--format", "json", "--target", "ig-feed"], in: directory)
        #expect(!findingLines(installed).contains("ig-feed android.file-provider app.json"), "\(installed.stdout)")
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
        let result = runReelshare(["doctor", "--format", "json", "--target", everyShareTarget], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(findingLines(result).isEmpty)
        #expect(
            resultsOf(result).compactMap { ($0["app"] as? [String: Any])?["framework"] as? String } == ["capacitor", "capacitor"])
        #expect(
            ((resultsOf(result).last?["app"] as? [String: Any])?["libraries"] as? [String]) == [
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
                "Demo.xcodeproj/project.pbxproj": pbxproj([
                    XcodeTarget(
                        "Demo",
                        release: ["INFOPLIST_FILE": "$(SRCROOT)/Sources/Demo-Info.plist", "FACEBOOK_APP_ID": "1234567890123456"]),
                    XcodeTarget(
                        "DemoTests", "com.apple.product-type.bundle.unit-test",
                        release: ["INFOPLIST_FILE": "DemoTests/Info.plist"]),
                ]),
                "Sources/Demo-Info.plist": infoPlist(
                    ["instagram-stories"], "<key>FacebookAppID</key><string>$(FACEBOOK_APP_ID)</string>"),
                "DemoTests/Info.plist": infoPlist(allSchemes),
            ], in: directory.appendingPathComponent("xcode"))
        let xcode = runReelshare(["doctor", "--format", "json", "--target", "ig-stories,fb-stories", "xcode"], in: directory)
        #expect(findingLines(xcode) == ["fb-stories ios.query-scheme xcode/Sources/Demo-Info.plist"], "\(xcode.stdout)")
        #expect((resultsOf(xcode).first?["app"] as? [String: Any])?["framework"] as? String == "xcode")
        // A Gradle app module that depends on the Facebook SDK: its ClientToken is asked for, and
        // <queries> for Facebook is what the SDK's facebook-common adds at build time. Every
        // artefact it declares is one doctor knows: the missing ClientToken is certain.
        let build =
            "plugins { id 'com.android.application' }\nandroid { defaultConfig { applicationId 'com.example.native'\n resValue 'string', 'facebook_app_id', '1234567890123456' } }\ndependencies { implementation 'com.facebook.android:facebook-share:18.0.0' }\n"
        try write(
            [
                "settings.gradle": "include ':app'\n", "app/build.gradle": build,
                "app/src/main/AndroidManifest.xml": manifest(
                    queries: #"<package android:name="com.instagram.android"/>"#, application: fileProvider() + appIdMetaData),
                "app/src/main/res/xml/file_paths.xml": "<paths/>",
            ], in: directory.appendingPathComponent("gradle"))
        let gradle = runReelshare(["doctor", "--format", "json", "--target", "fb-reels", "gradle"], in: directory)
        #expect(gradle.status == 1)
        #expect(
            findingLines(gradle) == ["fb-reels android.meta-data gradle/app/src/main/AndroidManifest.xml"], "\(gradle.stdout)")
        #expect(
            gradle.stdout.contains(
                "<application> has no <meta-data android:name=\\\"com.facebook.sdk.ClientToken\\\">: the app has the Facebook SDK"
            ))
        // An artefact doctor does not know could add it: a warning that names it and says how to
        // judge the build.
        try (build + "dependencies { implementation 'com.example:unknown:1.0' }\n").write(
            to: directory.appendingPathComponent("gradle/app/build.gradle"), atomically: true, encoding: .utf8)
        let unknown = runReelshare(["doctor", "--target", "fb-reels", "gradle"], in: directory)
        #expect(unknown.status == 0, "\(unknown.stdout)")
        #expect(
            unknown.stdout.contains(
                "warning[android.meta-data] fb-reels: <application> has no <meta-data android:name=\"com.facebook.sdk.ClientToken\">: the app has the Facebook SDK"
            ), "\(unknown.stdout)")
        #expect(
            unknown.stdout.contains(
                ": com.example:unknown, which doctor did not read, may still add it (build the app (./gradlew assembleRelease), then reelshare doctor gradle/app/build/outputs/apk/release/app-release.apk)"
            ), "\(unknown.stdout)")
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
        let built = runReelshare(["doctor", "--format", "json", "rn"], in: directory)
        #expect(built.status == 0, "\(built.stdout)")
        #expect(
            resultsOf(built).first?["file"] as? String
                == "rn/android/app/build/intermediates/merged_manifest/release/processReleaseMainManifest/AndroidManifest.xml")
        // An HTML card per app, saying what it is and what was judged.
        let page = runReelshare(["doctor", "--format", "html", "rn"], in: directory).stdout
        #expect(page.contains("<dt>file judged</dt><dd>rn/android/app/build/intermediates/merged_manifest/"))
        #expect(page.contains("<dt>what ships</dt><dd>yes: a built app"))
    }

    @Test("what a reviewer found: build-file namespaces, a literal App ID, an extension's plist, a query without a type")
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
        let removed = runReelshare(["doctor", "--format", "json", "--target", "ig-reels", "flutter"], in: directory)
        #expect(
            findingLines(removed) == ["ig-reels android.file-provider flutter/android/app/src/main/AndroidManifest.xml"],
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
        let number = runReelshare(["doctor", "--target", "fb-reels", "gradle"], in: directory)
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
        let app = runReelshare(["doctor", "--format", "json", "xcode"], in: directory)
        #expect(resultsOf(app).first?["file"] as? String == "xcode/Demo/Info.plist")
        #expect(app.status == 0, "\(app.stdout)")
        // An intent query without a type matches no share filter: the app is not visible through it.
        try write(
            [
                "AndroidManifest.xml": manifest(
                    queries: #"<intent><action android:name="com.instagram.share.ADD_TO_REEL"/></intent>"#,
                    application: fileProvider())
            ], in: directory.appendingPathComponent("untyped"))
        let untyped = runReelshare(["doctor", "--target", "ig-reels", "untyped/AndroidManifest.xml"], in: directory)
        #expect(untyped.status == 1)
        #expect(
            untyped.stdout.contains("has an <intent> for com.instagram.share.ADD_TO_REEL with no <data android:mimeType>"),
            "\(untyped.stdout)")
        // A FIFO where a project's file should be: ReelShareEndToEndTests' PipeTests (a process that
        // must not wait on it).
    }

    @Test("the README's example: Examples/flutter-app gives the output the README shows")
    func readmeExample() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "$ reelshare doctor Examples/flutter-app\n"
        let start = try #require(readme.range(of: marker)).upperBound
        let end = try #require(readme[start...].range(of: "```")).lowerBound
        let result = runReelshare(["doctor", "Examples/flutter-app"])
        #expect(result.status == 1)
        #expect(result.stdout == String(readme[start..<end]))
        // For Instagram's targets the example is set up right.
        #expect(runReelshare(["doctor", "Examples/flutter-app", "--target", "ig-reels,ig-stories"]).status == 0)
    }

    @Test("a directory with nothing to check, and a path that is not there, are errors naming them")
    func nothing() throws {
        let directory = try scratch("doctor-empty")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(["notes.txt": "hello"], in: directory)
        let empty = runReelshare(["doctor"], in: directory)
        #expect(empty.status == 66)
        #expect(
            empty.stderr.hasPrefix(
                "reelshare: error: .: nothing to check here or 3 levels below: no Info.plist, AndroidManifest.xml"),
            "\(empty.stderr)")
        // Where doctor looked is named: a workspace's app with no manifest or plist yet.
        try write(
            ["apps/mobile/package.json": "{}", "apps/mobile/ios/.keep": "", "apps/mobile/android/.keep": ""], in: directory)
        let near = runReelshare(["doctor"], in: directory)
        #expect(near.status == 66)
        #expect(
            near.stderr.contains("(apps/mobile/ holds project files but builds no app doctor reads)"), "\(near.stderr)")
        let gone = runReelshare(["doctor", "nowhere"], in: directory)
        #expect(gone.status == 66 && gone.stderr.hasPrefix("reelshare: error: nowhere: no such file or directory"))
        let text = runReelshare(["doctor", "notes.txt"], in: directory)
        #expect(text.status == 65 && text.stderr.contains("notes.txt: not an Info.plist, AndroidManifest.xml or app archive"))
    }
}
