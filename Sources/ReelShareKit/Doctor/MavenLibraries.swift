// What doctor knows of the Maven artefacts an Android build file declares, for a project that has
// not been built: which add to the merged manifest what doctor checks (`<queries>` for Meta's
// apps, a FileProvider, the App ID's meta-data), and which add none of it. An artefact in neither
// list is unread: it could add any of them, so a check that finds one missing is a warning that
// names it, never an error. One home for this knowledge: add an artefact here, with the manifest
// it was read from.

enum MavenLibraries {
    /// Artefacts whose manifest adds `<queries>` packages: Meta's SDK, whose facebook-common
    /// module (pulled in by facebook-login, facebook-share and facebook-android-sdk) declares
    /// `<queries><package android:name="com.facebook.katana"/></queries>`
    /// (facebook/facebook-android-sdk, facebook-common/src/main/AndroidManifest.xml, commit 133daee).
    static let queries: [String: [String]] = [
        "com.facebook.android:facebook-android-sdk": ["com.facebook.katana"],
        "com.facebook.android:facebook-common": ["com.facebook.katana"],
        "com.facebook.android:facebook-login": ["com.facebook.katana"],
        "com.facebook.android:facebook-share": ["com.facebook.katana"],
        "com.facebook.android:facebook-gamingservices": ["com.facebook.katana"],
    ]

    /// Groups (a prefix of "group:artifact") whose artefacts add nothing doctor checks: their
    /// manifests declare components of their own (InitializationProvider, FirebaseInitProvider),
    /// none of them a FileProvider, no `<queries>` for Meta's apps, and no App ID. Kotlin, the
    /// AndroidX and Material libraries, Google Play services and Firebase, React Native's own
    /// artefacts and the common image, network and injection libraries.
    static let addNothing: [String] = [
        "androidx.", "com.google.android.material:", "org.jetbrains.", "com.google.android.gms:", "com.google.firebase:",
        "com.facebook.react:", "com.facebook.fresco:", "com.facebook.soloader:", "com.facebook.yoga:", "com.facebook.fbjni:",
        "com.squareup.", "com.google.code.gson:", "com.google.dagger:",
        "io.reactivex.", "com.jakewharton.", "com.github.bumptech.glide:", "io.coil-kt:", "com.google.guava:",
        "com.google.protobuf:", "javax.inject:",
    ]

    /// What `coordinates` add: the manifests of those doctor knows to add something, as their
    /// own would be merged, and those it does not know (each once, in order).
    static func read(_ coordinates: [String]) -> (manifests: [AndroidElement], unread: [String]) {
        var manifests: [AndroidElement] = [], unread: [String] = [], seen: Set<String> = []
        for coordinate in coordinates where seen.insert(coordinate).inserted {
            guard let packages = known(coordinate) else {
                unread.append(coordinate)
                continue
            }
            guard !packages.isEmpty else { continue }
            let origin = "\(coordinate) (its manifest, as doctor knows it)"
            var queries = AndroidElement(name: "queries", origin: origin)
            queries.children = packages.map { package in
                var element = AndroidElement(name: "package", origin: origin)
                element.attributes = [AndroidAttribute(namespace: AndroidNamespace.android, name: "name", value: .text(package))]
                return element
            }
            var manifest = AndroidElement(name: "manifest", origin: origin)
            manifest.children = [queries]
            manifests.append(manifest)
        }
        return (manifests, unread)
    }

    /// What a coordinate ("group:artifact") adds: its `<queries>` packages, or nil when doctor
    /// does not know it.
    static func known(_ coordinate: String) -> [String]? {
        if let packages = queries[coordinate] { return packages }
        return addNothing.contains { coordinate.hasPrefix($0) } ? [] : nil
    }
}
