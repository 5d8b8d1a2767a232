// What a build file ships, as doctor reads it to know what could still add to a manifest: the
// artefacts of release configurations, in Groovy and Kotlin spellings, through a version catalog;
// and what doctor knows each adds.
import Testing

@testable import ReelShareKit

@Suite("Gradle dependencies: what ships, and what doctor knows of it")
struct GradleDependencyTests {
    @Test("release configurations in Groovy and Kotlin DSL, not tests, debug builds, processors or the build script")
    func configurations() {
        let build = """
            buildscript { dependencies { classpath 'com.android.tools.build:gradle:8.1.0' } }
            dependencies {
                implementation 'androidx.core:core-ktx:1.13.1'
                api("io.sentry:sentry-android:6.1.0") // a comment 'not:this:one'
                prodImplementation "com.example:flavoured:1"
                releaseRuntimeOnly group: 'com.example', name: 'mapped', version: '2'
                implementation platform('com.google.firebase:firebase-bom:30.5.0')
                implementation project(':common')
                implementation(projects.feature.share)
                implementation fileTree(dir: 'libs', include: ['*.jar'])
                testImplementation 'junit:junit:4.13.2'
                androidTestImplementation("androidx.test:runner:1.5.0")
                debugImplementation 'com.squareup.leakcanary:leakcanary-android:2.12'
                kapt 'com.google.dagger:dagger-compiler:2.48'
                compileOnly 'com.example:annotations:1'
                /* implementation 'com.example:commented:1' */
            }
            dependencies { implementation("com.example:second-block:1") }
            """
        #expect(
            GradleBuild.dependencies(build) == [
                "androidx.core:core-ktx", "io.sentry:sentry-android", "com.example:flavoured", "com.example:mapped",
                "local .jar or .aar files", "com.example:second-block",
            ])
    }

    @Test("a version catalog's libraries (three spellings) and bundles, by accessor; an alias it lacks is named as written")
    func catalog() {
        let catalog = """
            [versions]
            fb = "18.0.0"
            [libraries]
            facebook-android-sdk = { module = "com.facebook.android:facebook-android-sdk", version.ref = "fb" }
            androidx_core = "androidx.core:core-ktx:1.13.1"
            coil-compose = { group = "io.coil-kt", name = "coil-compose", version = "2.6.0" }
            [bundles]
            images = ["coil-compose", "androidx_core"]
            [plugins]
            android-application = { id = "com.android.application", version = "8.1.0" }
            """
        let build = """
            dependencies {
                implementation(libs.facebook.android.sdk)
                implementation(libs.bundles.images)
                implementation(libs.not.in.catalog)
            }
            """
        #expect(
            GradleBuild.dependencies(build, catalog: GradleBuild.catalogLibraries(catalog)) == [
                "com.facebook.android:facebook-android-sdk", "io.coil-kt:coil-compose", "androidx.core:core-ktx",
                "libs.not.in.catalog",
            ])
    }

    @Test("Meta's SDK adds <queries> for Facebook; AndroidX adds nothing doctor checks; anything else is not known")
    func known() {
        #expect(MavenLibraries.known("com.facebook.android:facebook-share") == ["com.facebook.katana"])
        #expect(MavenLibraries.known("androidx.core:core-ktx") == [])
        #expect(MavenLibraries.known("com.facebook.android:facebook-core") == nil)
        #expect(MavenLibraries.known("io.sentry:sentry-android") == nil)
    }
}

@Suite("pubspec.yaml's release dependencies, as doctor reads them without .flutter-plugins-dependencies")
struct PubspecTests {
    @Test("a path dependency is read where it is, a hosted one is named, the SDK's and dev dependencies are neither")
    func dependencies() {
        let text = """
            name: demo
            dependencies:
              flutter:
                sdk: flutter
              # icons
              cupertino_icons: ^1.0.2
              appinio_social_share: ^0.3.2
              local_share:
                path: ../local_share # the plugin beside it
              http:

            dev_dependencies:
              social_share:
                path: ../
            """
        let declared = Pubspec.dependencies(text)
        #expect(declared.paths == ["../local_share"])
        #expect(declared.hosted == ["cupertino_icons", "appinio_social_share", "http"])
    }
}
