// The part of Gradle's manifest merger that sharing depends on, for a project that has not been
// built: the app's AndroidManifest.xml merged with the library manifests the project declares
// (Flutter plugins, React Native and Capacitor libraries), as the Android Gradle plugin's
// ManifestMerger2 would for the elements doctor reads: `<queries>` entries, and `<provider>`,
// `<meta-data>` and the components under `<application>`, each keyed by `android:name` (a
// provider of the app's wins over a library's of the same name; `tools:node="remove"` on the
// app's removes it, `removeAll` every one of its kind). `${applicationId}` and the other
// placeholders are replaced where the build file gives them. Each element keeps its origin.
import FoundationEssentials

public enum ManifestMerger {
    /// The elements under `<application>` merged by name.
    static let applicationChildren: Set<String> = ["provider", "meta-data", "activity", "activity-alias", "receiver", "service"]

    /// `app` with `libraries` merged in (in priority order: an earlier library wins over a later
    /// one, as Gradle orders dependencies), and `placeholders` replaced in attribute text.
    public static func merge(app: AndroidElement, libraries: [AndroidElement], placeholders: [String: String])
        -> AndroidElement
    {
        var merged = app
        var application = merged.children.firstIndex { $0.name == "application" }
        var queries = merged.children.firstIndex { $0.name == "queries" }
        let removals = removed(in: app)
        // The application's elements by kind and name, so that a library's of the same name is
        // passed over in one look-up (a merge of thousands stays linear).
        var taken = Set(
            (application.map { merged.children[$0].children } ?? []).compactMap { element in
                element.androidName.map { Removal(element: element.name, name: $0) }
            })
        for library in libraries {
            for child in library.children {
                switch child.name {
                case "queries":
                    if queries == nil {
                        merged.children.append(AndroidElement(name: "queries", origin: child.origin))
                        queries = merged.children.count - 1
                    }
                    if let queries { merged.children[queries].children += child.children }
                case "application":
                    if application == nil {
                        merged.children.append(AndroidElement(name: "application", origin: app.origin))
                        application = merged.children.count - 1
                    }
                    guard let application else { continue }
                    for element in child.children where applicationChildren.contains(element.name) {
                        let key = element.androidName
                        if removals.all.contains(element.name) { continue }
                        if let key, removals.named.contains(Removal(element: element.name, name: key)) { continue }
                        // The app's element (or an earlier library's) of the same name wins.
                        if let key, !taken.insert(Removal(element: element.name, name: key)).inserted { continue }
                        merged.children[application].children.append(element)
                    }
                default:
                    break
                }
            }
        }
        // The app's own `tools:node="remove"` markers are instructions, not elements.
        if let application {
            merged.children[application].children.removeAll { isRemoval($0) }
        }
        return substituted(merged, placeholders)
    }

    /// `library` without the `<queries>` packages an earlier manifest already named (`seen`,
    /// which gains this one's): a package named twice makes an app no more visible, and 300
    /// libraries that each list the same 3,000 packages then hold 3,000, not 900,000.
    public static func withoutRepeatedPackages(_ library: AndroidElement, seen: inout Set<String>) -> AndroidElement {
        var copy = library
        for q in copy.children.indices where copy.children[q].name == "queries" {
            copy.children[q].children.removeAll { element in
                guard element.name == "package", let name = element.androidName else { return false }
                return !seen.insert(name).inserted
            }
        }
        return copy
    }

    private struct Removal: Hashable {
        var element: String
        var name: String
    }

    private static func isRemoval(_ element: AndroidElement) -> Bool {
        let node = element.attribute("node", namespace: AndroidNamespace.tools)?.string
        return node == "remove" || node == "removeAll"
    }

    /// What the app's `<application>` removes from its libraries.
    private static func removed(in app: AndroidElement) -> (named: Set<Removal>, all: Set<String>) {
        var named: Set<Removal> = [], all: Set<String> = []
        for application in app.children("application") {
            for element in application.children {
                switch element.attribute("node", namespace: AndroidNamespace.tools)?.string {
                case "remove": if let name = element.androidName { named.insert(Removal(element: element.name, name: name)) }
                case "removeAll": all.insert(element.name)
                default: break
                }
            }
        }
        return (named, all)
    }

    /// A library's manifest with the class names under `<application>` that start with "." made
    /// whole with its package (its manifest's `package`, or the `namespace` its build file sets),
    /// as the merger qualifies them before it compares names.
    public static func qualified(_ library: AndroidElement, namespace: String?) -> AndroidElement {
        guard let package = library.attribute("package", namespace: "")?.string ?? namespace else { return library }
        var copy = library
        for a in copy.children.indices where copy.children[a].name == "application" {
            for e in copy.children[a].children.indices where applicationChildren.contains(copy.children[a].children[e].name) {
                for i in copy.children[a].children[e].attributes.indices {
                    let attribute = copy.children[a].children[e].attributes[i]
                    guard attribute.name == "name", attribute.namespace == AndroidNamespace.android,
                        case .text(let name) = attribute.value, name.hasPrefix(".")
                    else { continue }
                    copy.children[a].children[e].attributes[i].value = .text(package + name)
                }
            }
        }
        return copy
    }

    /// `${name}` replaced in every text attribute, where `placeholders` has the name.
    static func substituted(_ element: AndroidElement, _ placeholders: [String: String]) -> AndroidElement {
        guard !placeholders.isEmpty else { return element }
        var copy = element
        for index in copy.attributes.indices {
            guard case .text(var text) = copy.attributes[index].value, text.contains("${") else { continue }
            for (name, value) in placeholders { text = text.replacingScalars("${\(name)}", with: value) }
            copy.attributes[index].value = .text(text)
        }
        copy.children = copy.children.map { substituted($0, placeholders) }
        return copy
    }
}
