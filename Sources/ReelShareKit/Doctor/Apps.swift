// The apps doctor judges, as found in a path: an iOS app's Info.plist or an Android app's
// manifest (merged with what the project's libraries add) with its resources, and how far what
// was read is what ships.

/// What the path the user gave is, for this app.
public enum AppForm: String, Sendable, CaseIterable {
    /// An Info.plist named on its own.
    case plist
    /// An AndroidManifest.xml (text or binary XML) named on its own.
    case manifest
    /// An .app bundle (a directory).
    case app
    case xcarchive
    case ipa
    case apk
    case aab
    /// A project directory, as its framework lays it out.
    case project
}

public enum AppFramework: String, Sendable, CaseIterable {
    case xcode
    case gradle
    case flutter
    case reactNative = "react-native"
    case expo
    case capacitor
}

/// How to judge what a project ships: build it, then run doctor on what the build writes.
public struct BuildAdvice: Sendable, Equatable {
    /// The build to run ("flutter build apk").
    public var build: String
    /// What it writes, inside the project; nil when doctor is simply run again.
    public var artifact: String?
    /// What it writes, in words, where its path is not known ("its .ipa or .xcarchive").
    public var artifactWords: String?
    /// What could not be read of the project, said first.
    public var note: String?
    /// A build's output that was passed over, older than the project's files.
    public var stale: String?
    /// What could add to the app's manifest and was not read (a Maven artefact doctor does not
    /// know, a library not installed, what Expo's prebuild writes): a missing element is a
    /// warning while anything is, and certain (an error) when nothing is.
    public var unread: [String] = []

    public init(build: String, artifact: String? = nil, artifactWords: String? = nil, note: String? = nil) {
        self.build = build
        self.artifact = artifact
        self.artifactWords = artifactWords
        self.note = note
    }

    /// "3 things doctor did not read (androidx.core:core, io.sentry:sentry-android, …)".
    public var unreadSaid: String {
        let names = unread.prefix(3).joined(separator: ", ") + (unread.count > 3 ? ", …" : "")
        return unread.count == 1
            ? "\(names), which doctor did not read," : "\(unread.count) things doctor did not read (\(names))"
    }

    /// "flutter build apk, then reelshare doctor build/app/outputs/flutter-apk/app-release.apk".
    public var said: String {
        let then =
            artifact.map { ", then reelshare doctor \($0)" } ?? artifactWords.map { ", then run reelshare doctor on \($0)" }
            ?? ", then run reelshare doctor again"
        let notes = [stale.map { "\($0) is older than the project's files and was not judged" }, note].compactMap { $0 }
        return (notes + [build + then]).joined(separator: "; ")
    }
}

/// How far the file judged is what the app ships.
public enum AppCompleteness: Sendable, Equatable {
    /// What ships (a built app, a build's merged manifest), or a file named on its own, judged
    /// as it is.
    case shipped
    /// A project's source whose build settings (`$(FACEBOOK_APP_ID)`) the build fills in: what
    /// it holds ships, a setting's value may differ. `check` says how to judge what ships instead
    /// ("build the app and run reelshare doctor on its .ipa").
    case source(BuildAdvice)
    /// A project's source that the build completes: a library, a Gradle dependency or a config
    /// plugin may still add what it lacks.
    case incomplete(BuildAdvice)

    /// The same, its advice naming the artifact as the user reaches it.
    func shown(_ shown: (String) -> String) -> AppCompleteness {
        switch self {
        case .shipped: return self
        case .source(var advice):
            advice.artifact = advice.artifact.map(shown)
            advice.stale = advice.stale.map(shown)
            return .source(advice)
        case .incomplete(var advice):
            advice.artifact = advice.artifact.map(shown)
            advice.stale = advice.stale.map(shown)
            return .incomplete(advice)
        }
    }
}

public struct IOSApp: Sendable, Equatable {
    /// The Info.plist's top dictionary.
    public var plist: [String: PlistValue]
    /// Keys the XML plist repeats (only the last counts).
    public var repeatedKeys: [String]
    /// The Info.plist judged, inside the path given; nil when the path is the plist.
    public var file: String?
    public var completeness: AppCompleteness
    /// For a project's Info.plist: the build settings the project's files assign (a `$(NAME)`
    /// value is checked as what they set, when they agree).
    public var buildSettings: [String: [BuildSetting]] = [:]
    /// An App Clip's compiled files, inside the path given; nil for an app. An App Clip is judged
    /// only for the share calls in them (one that shares nothing is not judged at all).
    public var appClipSources: [String]?

    public init(plist: [String: PlistValue], repeatedKeys: [String] = [], file: String?, completeness: AppCompleteness) {
        self.plist = plist
        self.repeatedKeys = repeatedKeys
        self.file = file
        self.completeness = completeness
    }

    /// Reads an Info.plist's bytes (XML or binary); `file` names it in errors.
    public static func read(_ bytes: [UInt8], file: String?, path: String, completeness: AppCompleteness)
        throws(AppFileError) -> IOSApp
    {
        guard let (value, repeated) = PropertyList.read(bytes), case .dictionary(let plist) = value else {
            throw AppFileError("\(file ?? path): not a property list (XML or binary) with a dictionary at its top")
        }
        return IOSApp(plist: plist, repeatedKeys: repeated, file: file, completeness: completeness)
    }
}

public struct AndroidApp: Sendable, Equatable {
    /// The manifest judged: the built app's, or the app's source merged with its libraries'.
    public var manifest: AndroidElement
    /// The resources its references lead to (empty when none could be read).
    public var resources: AndroidResources
    /// The resource files there are ("xml/file_paths"), to check that a reference to one leads
    /// somewhere; nil when they cannot be known.
    public var resourceFiles: Set<String>?
    /// The main manifest judged, inside the path given; nil when the path is the manifest.
    public var file: String?
    /// The library manifests merged in, inside the path given.
    public var libraries: [String]
    public var completeness: AppCompleteness
    /// Whether the Facebook SDK is in the app: its components in the manifest, or a Gradle
    /// dependency on it in the project.
    public var facebookSDK: Bool
    /// The build variant judged (prodRelease), where the project's build file names flavours
    /// or the manifest comes from a variant's source sets; nil for a built app.
    public var variant: String?
    /// The variant's own source sets ("katchup", "release"…; main is every variant's); nil when
    /// not known.
    public var sourceSets: [String]?
    /// The API level the app targets (`targetSdkVersion`), where it is written as a number;
    /// package visibility (`<queries>`) applies from 30.
    public var targetSdk: Int?
    /// Where the source files of its Gradle build lie: the modules it builds (its own and the
    /// local modules it depends on) and the build's other modules (another app, a module only a
    /// test uses). Code in another module is not the app's. Empty for a built app.
    public var modules = GradleModules()

    public init(
        manifest: AndroidElement, resources: AndroidResources = AndroidResources(), resourceFiles: Set<String>? = nil,
        file: String?, libraries: [String] = [], completeness: AppCompleteness, facebookSDK: Bool = false
    ) {
        self.manifest = manifest
        self.resources = resources
        self.resourceFiles = resourceFiles
        self.file = file
        self.libraries = libraries
        self.completeness = completeness
        self.facebookSDK = facebookSDK || Self.declaresFacebookSDK(manifest)
        switch manifest.children("uses-sdk").first?.attribute("targetSdkVersion") {
        case .integer(let level)?: targetSdk = Int(level)
        case .text(let text)?: targetSdk = Int(text)
        default: targetSdk = nil
        }
    }

    /// The Facebook SDK's own components, which its library manifests add to every app using it.
    static func declaresFacebookSDK(_ manifest: AndroidElement) -> Bool {
        manifest.children("application").contains { application in
            application.children.contains {
                guard let name = $0.androidName else { return false }
                return name.hasPrefix("com.facebook.internal.") || name == "com.facebook.FacebookActivity"
            }
        }
    }

    /// The package the manifest names.
    public var package: String? { manifest.attribute("package", namespace: "")?.string }
    /// The application id its build file gives the variant judged (a flavour's own, suffixes
    /// added), where it differs from the manifest's package or the manifest has none.
    public var applicationId: String?
}

public enum FoundAppContent: Sendable, Equatable {
    case ios(IOSApp)
    case android(AndroidApp)
}

/// One app found in a path.
public struct FoundApp: Sendable, Equatable {
    public var form: AppForm
    public var framework: AppFramework?
    public var content: FoundAppContent

    public init(form: AppForm, framework: AppFramework? = nil, content: FoundAppContent) {
        self.form = form
        self.framework = framework
        self.content = content
    }

    public var platform: Platform {
        if case .ios = content { return .ios }
        return .android
    }

    /// The file judged, inside the path given.
    public var file: String? {
        switch content {
        case .ios(let app): return app.file
        case .android(let app): return app.file
        }
    }

    /// The bundle identifier or package, where the app says it.
    public var identifier: String? {
        switch content {
        case .ios(let app):
            // `$(PRODUCT_BUNDLE_IDENTIFIER)`, as the target's build settings set it.
            return Doctor.resolved(app.plist["CFBundleIdentifier"], app).0?.string
        case .android(let app): return app.applicationId ?? app.package
        }
    }

    public var completeness: AppCompleteness {
        switch content {
        case .ios(let app): return app.completeness
        case .android(let app): return app.completeness
        }
    }

    /// The Android project's release variant judged, as `--variant` names it (`release` where the
    /// build file declares no flavours); nil for an iOS app or a built one.
    public var variantName: String? {
        guard form == .project, case .android(let app) = content else { return nil }
        return app.variant ?? "release"
    }

    /// Whether `--variant name` keeps this app: an Android project's release variant of that
    /// name (compared without case); every other app (iOS, built) as it is.
    public func isKept(byVariant name: String) -> Bool {
        variantName.map { $0.lowercased() == name.lowercased() } ?? true
    }
}
