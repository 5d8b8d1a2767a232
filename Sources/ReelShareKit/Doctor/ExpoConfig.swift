// An Expo project's configuration as `npx expo config --json --type prebuild` prints it (doctor
// --evaluate): its config plugins run in introspection, what they would write into Info.plist and
// AndroidManifest.xml is under `_internal.modResults` (the manifest in xml2js's JSON form:
// attributes under "$", each child element name holding an array). Reading it is pure; running
// the command is the Media layer's.
public enum ExpoConfig {
    /// The command, as the user would type it in the project's directory: the project's own
    /// expo (`--no`: npx installs nothing, where it would fetch and run the registry's latest).
    public static let command = ["npx", "--no", "expo", "config", "--json", "--type", "prebuild"]

    /// What evaluates a project's configuration when --evaluate is given: the printed JSON.
    public typealias Evaluator = () throws(AppFileError) -> JSON

    /// The config in `bytes`; an error naming the command when it is not a JSON object.
    public static func parse(_ bytes: [UInt8]) throws(AppFileError) -> JSON {
        // The CLI may print a notice before the document (a version warning): the JSON starts at
        // the first line that opens an object.
        var start = bytes.startIndex
        if bytes.first != UInt8(ascii: "{"), let line = lineOpeningObject(bytes) { start = line }
        guard let json = JSON.parse(Array(bytes[start...])), json.objectValue != nil else {
            throw AppFileError("\(command.joined(separator: " ")) printed no JSON configuration")
        }
        return json
    }

    private static func lineOpeningObject(_ bytes: [UInt8]) -> Int? {
        var index = bytes.startIndex
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = newline + 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "{") { return index }
        }
        return nil
    }

    /// The Info.plist prebuild writes: the plugins' introspected result, else what `ios.infoPlist` says.
    static func infoPlist(_ config: JSON) -> [String: PlistValue] {
        let introspected = config["_internal"]?["modResults"]?["ios"]?["infoPlist"]?.objectValue
        var plist = (introspected ?? config["ios"]?["infoPlist"]?.objectValue ?? [:]).compactMapValues(PlistValue.init(json:))
        if plist["CFBundleIdentifier"] == nil, let id = config["ios"]?["bundleIdentifier"]?.stringValue {
            plist["CFBundleIdentifier"] = .string(id)
        }
        return plist
    }

    /// The AndroidManifest.xml prebuild writes, from the plugins' introspected result; else a
    /// manifest holding only `android.package`.
    static func manifest(_ config: JSON, origin: String) throws(AppFileError) -> AndroidElement {
        if let root = config["_internal"]?["modResults"]?["android"]?["manifest"]?["manifest"] {
            var count = 0
            if let element = try element("manifest", root, origin: origin, count: &count) { return element }
        }
        var manifest = AndroidElement(name: "manifest", origin: origin)
        if let package = config["android"]?["package"]?.stringValue {
            manifest.attributes.append(AndroidAttribute(namespace: "", name: "package", value: .text(package)))
        }
        return manifest
    }

    private static func scalar(_ value: JSON) -> String? {
        switch value {
        case .bool, .int, .double: return value.serialized
        default: return nil
        }
    }

    /// An xml2js element: `{"$": {attributes}, "child": [elements]}`; text content is not read.
    private static func element(_ name: String, _ json: JSON, origin: String, count: inout Int) throws(AppFileError)
        -> AndroidElement?
    {
        guard let members = json.objectValue else { return nil }
        count += 1
        guard count <= AndroidManifestLimits.elements else { throw AndroidManifestLimits.tooMany("the evaluated config") }
        var element = AndroidElement(name: name, origin: origin)
        for (key, value) in (members["$"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            // xml2js keeps every attribute as text; a hand-written config may not.
            guard !key.hasPrefix("xmlns"), let text = value.stringValue ?? scalar(value) else { continue }
            var namespace = "", local = key
            if let colon = key.firstIndex(of: ":") {
                let prefix = key[..<colon]
                namespace =
                    prefix == "android" ? AndroidNamespace.android : prefix == "tools" ? AndroidNamespace.tools : String(prefix)
                local = String(key[key.index(after: colon)...])
            }
            let typed = local == "value" && namespace == AndroidNamespace.android && name == "meta-data"
            element.attributes.append(
                AndroidAttribute(namespace: namespace, name: local, value: typed ? .fromMetaDataValue(text) : .fromText(text)))
        }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) where key != "$" && key != "_" {
            for child in value.arrayValue ?? [value] {
                if let child = try self.element(key, child, origin: origin, count: &count) { element.children.append(child) }
            }
        }
        return element
    }
}
