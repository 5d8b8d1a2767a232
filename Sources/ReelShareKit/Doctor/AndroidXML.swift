// An Android manifest as one tree of elements, whichever form it was read from: text XML (a
// project's AndroidManifest.xml), Android's binary XML (an .apk) or aapt2's protobuf XML (an .aab).
// Attribute values keep what the form tells: binary and protobuf XML carry typed values (a boolean,
// an integer, a reference to a resource by id), text XML carries text, read here the way aapt
// would compile it (`@string/name` is a reference). Each element remembers the file it came from,
// so that a finding can name it after manifests are merged.

/// The namespaces doctor reads attributes from.
public enum AndroidNamespace {
    public static let android = "http://schemas.android.com/apk/res/android"
    public static let tools = "http://schemas.android.com/tools"
}

/// A reference to a resource: by name in text XML (`@string/facebook_app_id`), by id in compiled
/// XML, where the resource table gives the name back.
public struct ResourceReference: Hashable, Sendable, CustomStringConvertible {
    /// 0xPPTTEEEE: package, type, entry; nil when written by name.
    public var id: UInt32?
    /// "string", "xml", "bool"…; nil when only the id is known.
    public var type: String?
    public var name: String?
    /// "android" for the framework's resources (`@android:string/ok`); nil for the app's.
    public var package: String?

    public init(id: UInt32? = nil, type: String? = nil, name: String? = nil, package: String? = nil) {
        self.id = id
        self.type = type
        self.name = name
        self.package = package
    }

    /// `@string/name`, or `@0x7f0b0001` when the name is unknown.
    public var description: String {
        if let type, let name { return "@" + (package.map { "\($0):" } ?? "") + "\(type)/\(name)" }
        return "@0x" + String(id ?? 0, radix: 16)
    }

    /// A reference written in text XML: `@type/name`, `@package:type/name`, `@+id/name`; nil for
    /// anything else (`@null` included).
    public static func parse(_ text: String) -> ResourceReference? {
        guard text.hasPrefix("@"), !text.hasPrefix("@null") else { return nil }
        var rest = text.dropFirst()
        if rest.hasPrefix("+") { rest = rest.dropFirst() }
        var package: String?
        if let colon = rest.firstIndex(of: ":"), let slash = rest.firstIndex(of: "/"), colon < slash {
            package = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let type = String(rest[..<slash]), name = String(rest[rest.index(after: slash)...])
        guard !type.isEmpty, !name.isEmpty else { return nil }
        return ResourceReference(type: type, name: name, package: package)
    }
}

/// An attribute's value.
public enum AndroidValue: Hashable, Sendable, CustomStringConvertible {
    case text(String)
    case reference(ResourceReference)
    case integer(Int64)
    case boolean(Bool)
    /// A float, dimension, colour or other typed value, as aapt would print it.
    case other(String)

    public var description: String {
        switch self {
        case .text(let text): return text
        case .reference(let reference): return reference.description
        case .integer(let value): return String(value)
        case .boolean(let value): return value ? "true" : "false"
        case .other(let text): return text
        }
    }

    /// The value as a boolean: a compiled boolean, or the text "true" or "false".
    public var bool: Bool? {
        switch self {
        case .boolean(let value): return value
        case .text(let text): return text == "true" ? true : text == "false" ? false : nil
        default: return nil
        }
    }

    /// The value as text: a string, or what a compiled number or boolean reads as.
    public var string: String? {
        switch self {
        case .text(let text): return text
        case .reference: return nil
        default: return description
        }
    }

    /// A text XML attribute as aapt would compile it: a reference where it is one, else text.
    public static func fromText(_ text: String) -> AndroidValue {
        ResourceReference.parse(text).map(AndroidValue.reference) ?? .text(text)
    }

    /// A `<meta-data android:value>` as aapt compiles it (the attribute takes a string, an integer,
    /// a boolean, a colour or a float): a decimal or hexadecimal number that fits 32 bits is an
    /// integer, `true` and `false` booleans, the rest as fromText says. (A 15-digit Meta App ID does
    /// not fit: it stays a string.)
    public static func fromMetaDataValue(_ text: String) -> AndroidValue {
        if text == "true" || text == "false" { return .boolean(text == "true") }
        let hex = text.hasPrefix("0x") || text.hasPrefix("0X")
        if let number = hex ? Int64(text.dropFirst(2), radix: 16) : Int64(text),
            hex ? number <= Int64(UInt32.max) : (Int64(Int32.min)...Int64(Int32.max)).contains(number)
        {
            return .integer(number)
        }
        return fromText(text)
    }
}

public struct AndroidAttribute: Hashable, Sendable {
    /// The namespace URI; empty for none (the manifest's `package`).
    public var namespace: String
    public var name: String
    public var value: AndroidValue

    public init(namespace: String, name: String, value: AndroidValue) {
        self.namespace = namespace
        self.name = name
        self.value = value
    }
}

public struct AndroidElement: Hashable, Sendable {
    public var name: String
    public var attributes: [AndroidAttribute]
    public var children: [AndroidElement]
    /// The file it came from, as the user finds it inside the path given.
    public var origin: String

    public init(name: String, attributes: [AndroidAttribute] = [], children: [AndroidElement] = [], origin: String) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.origin = origin
    }

    /// The value of `android:name` (or of `name` in another namespace).
    public func attribute(_ name: String, namespace: String = AndroidNamespace.android) -> AndroidValue? {
        attributes.last { $0.name == name && $0.namespace == namespace }?.value
    }

    /// `android:name` as text.
    public var androidName: String? { attribute("name")?.string }

    /// The children named `name`.
    public func children(_ name: String) -> [AndroidElement] { children.filter { $0.name == name } }

    /// This element and all below it with `origin` (an element read from a file gets its name).
    func originated(_ origin: String) -> AndroidElement {
        AndroidElement(name: name, attributes: attributes, children: children.map { $0.originated(origin) }, origin: origin)
    }
}

/// The most elements a manifest is read with, in any of its forms: Android's own framework
/// manifest has some 1,200 and a large app's some thousands; a flood of 150,000 providers is
/// refused, not held (230 MB) and judged one by one.
enum AndroidManifestLimits {
    static let elements = 50_000

    static func tooMany(_ part: String) -> AppFileError {
        AppFileError("\(part): more than \(elements) elements, more than an app's manifest holds")
    }
}

/// Text XML to an element tree, with namespace prefixes resolved as XML does (`xmlns:a="…"` in
/// scope). Nil when the bytes are not well-formed XML.
enum AndroidTextXML {
    static func parse(_ bytes: [UInt8], origin: String) throws(AppFileError) -> AndroidElement? {
        var stack: [(element: AndroidElement, scope: [String: String])] = []
        var root: AndroidElement?
        var failed = false, elements = 0
        // Each event as it is read: the tree is built without the document's events held too.
        let wellFormed = XMLReader.read(bytes) { event in
            guard !failed else { return }
            switch event {
            case .start(let name, let raw):
                elements += 1
                guard elements <= AndroidManifestLimits.elements else {
                    failed = true
                    return
                }
                var scope = stack.last?.scope ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
                for (key, value) in raw where key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
                var attributes: [AndroidAttribute] = []
                for (key, value) in raw.sorted(by: { $0.key < $1.key }) where key != "xmlns" && !key.hasPrefix("xmlns:") {
                    var namespace = "", local = key
                    if let colon = key.firstIndex(of: ":") {
                        namespace = scope[String(key[..<colon])] ?? String(key[..<colon])
                        local = String(key[key.index(after: colon)...])
                    }
                    // meta-data's value attribute is compiled by type, as aapt does.
                    let typed = local == "value" && namespace == AndroidNamespace.android && name.hasSuffix("meta-data")
                    attributes.append(
                        AndroidAttribute(
                            namespace: namespace, name: local,
                            value: typed ? .fromMetaDataValue(value) : .fromText(value)))
                }
                // Element names keep no prefix: a manifest's elements have none.
                let local = name.split(separator: ":").last.map(String.init) ?? name
                stack.append((AndroidElement(name: local, attributes: attributes, origin: origin), scope))
            case .end:
                guard let (element, _) = stack.popLast() else {
                    failed = true
                    return
                }
                if stack.isEmpty {
                    root = element
                } else {
                    stack[stack.count - 1].element.children.append(element)
                }
            case .text:
                break
            }
        }
        if elements > AndroidManifestLimits.elements { throw AndroidManifestLimits.tooMany("XML") }
        return wellFormed && !failed ? root : nil
    }
}
