// Apps the doctor tests make: files of a project tree, zips and binary plists by Python's own
// libraries, APKs compiled by Debian's aapt, aapt2's protobuf encoded from its field numbers,
// manifests and Info.plists; and what doctor's JSON says of them.
import Foundation
import Testing

// MARK: making apps

/// Writes each file (a path under `directory` → its text or bytes), making folders.
public func write(_ files: [String: Any], in directory: URL) throws {
    for (path, content) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let text = content as? String {
            try text.write(to: url, atomically: true, encoding: .utf8)
        } else if let bytes = content as? [UInt8] {
            try Data(bytes).write(to: url)
        }
    }
}

/// Sets the files' modification time `seconds` from now (a source edited before or after a build).
public func touch(_ paths: [String], in directory: URL, _ seconds: TimeInterval) throws {
    for path in paths {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: seconds)], ofItemAtPath: directory.appendingPathComponent(path).path)
    }
}

/// Runs a Python script (the test's own tool for zips and binary plists) with `arguments`; its
/// error output is the failure's message.
public func python(_ script: String, _ arguments: [String] = [], in directory: URL) throws {
    let (status, output) = try runCommand(["sh", "-c", "exec python3 -c \"$0\" \"$@\" 2>&1", script] + arguments, in: directory)
    try #require(status == 0, "python3 failed: \(output)")
}

/// Zips `entries` (name → bytes, in order) into `archive` with Python's zipfile, names as given.
public func zip(_ entries: [(String, [UInt8])], to archive: URL) throws {
    let spec = archive.deletingLastPathComponent().appendingPathComponent("zip-\(UUID().uuidString.prefix(6)).json")
    let json = entries.map { ["name": $0.0, "data": Data($0.1).base64EncodedString()] }
    try JSONSerialization.data(withJSONObject: json).write(to: spec)
    defer { try? FileManager.default.removeItem(at: spec) }
    try python(
        """
        import base64, json, sys, zipfile
        with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:
            for e in json.load(open(sys.argv[1])):
                z.writestr(e['name'], base64.b64decode(e['data']))
        """, [spec.path, archive.path], in: archive.deletingLastPathComponent())
}

/// A binary property list of `dictionary` (a JSON object), by Python's plistlib.
public func binaryPlist(_ dictionary: [String: Any], in directory: URL) throws -> [UInt8] {
    let source = directory.appendingPathComponent("plist-\(UUID().uuidString.prefix(6))")
    try JSONSerialization.data(withJSONObject: dictionary).write(to: source)
    defer {
        try? FileManager.default.removeItem(at: source)
        try? FileManager.default.removeItem(at: source.appendingPathExtension("bin"))
    }
    try python(
        "import json, plistlib, sys; plistlib.dump(json.load(open(sys.argv[1])), open(sys.argv[2], 'wb'), fmt=plistlib.FMT_BINARY)",
        [source.path, source.appendingPathExtension("bin").path], in: directory)
    return [UInt8](try Data(contentsOf: source.appendingPathExtension("bin")))
}

/// An APK compiled by Debian's aapt from a manifest, res/values strings and res/xml files (the
/// tests that call it are enabled only where `Tool.aapt` holds).
@discardableResult
public func aapt(
    _ manifest: String, strings: [String: String] = [:], xml: [String] = [], in directory: URL, name: String = "app.apk"
)
    throws -> URL
{
    try #require(Tool.aapt, "aapt or android-framework-res is absent: the test should be enabled only with Tool.aapt")
    let framework = Tool.frameworkResources
    let source = directory.appendingPathComponent("src-\(UUID().uuidString.prefix(6))")
    // Gradle fills the placeholders in before aapt sees the manifest.
    var files: [String: Any] = [
        "AndroidManifest.xml": manifest.replacingOccurrences(of: "${applicationId}", with: "com.example.demo")
    ]
    let values = strings.sorted { $0.key < $1.key }.map { "<string name=\"\($0.key)\">\($0.value)</string>" }.joined()
    files["res/values/strings.xml"] = "<resources>\(values)</resources>"
    for path in xml { files["res/xml/\(path).xml"] = "<paths><cache-path name=\"cache\" path=\".\"/></paths>" }
    try write(files, in: source)
    let apk = directory.appendingPathComponent(name)
    let (status, _) = try runCommand(
        ["aapt", "package", "-f", "-M", "AndroidManifest.xml", "-S", "res", "-I", framework, "-F", apk.path], in: source)
    try #require(status == 0, "aapt failed")
    return apk
}

/// The entries of a zip archive, by Python's zipfile.
public func unzip(_ archive: URL) throws -> [(String, [UInt8])] {
    let listing = archive.deletingLastPathComponent().appendingPathComponent("unzip-\(UUID().uuidString.prefix(6)).json")
    defer { try? FileManager.default.removeItem(at: listing) }
    try python(
        """
        import base64, json, sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        json.dump([[n, base64.b64encode(z.read(n)).decode()] for n in z.namelist()], open(sys.argv[2], 'w'))
        """, [archive.path, listing.path], in: archive.deletingLastPathComponent())
    let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: listing)) as? [[String]] ?? []
    return entries.map { ($0[0], [UInt8](Data(base64Encoded: $0[1]) ?? Data())) }
}

/// A manifest with `queries` and `application` inside (android namespace declared).
public func manifest(package: String = "com.example.demo", queries: String, application: String) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
        <queries>\(queries)</queries>
        <application android:label="Demo">\(application)</application>
    </manifest>
    """
}

public let bothPackages =
    #"<package android:name="com.instagram.android"/><package android:name="com.facebook.katana"/>"#

public func fileProvider(_ paths: String = "@xml/file_paths", name: String = "androidx.core.content.FileProvider") -> String {
    """
    <provider android:name="\(name)" android:authorities="${applicationId}.fileprovider" \
    android:exported="false" android:grantUriPermissions="true">\
    <meta-data android:name="android.support.FILE_PROVIDER_PATHS" android:resource="\(paths)"/></provider>
    """
}

public let appIdMetaData =
    #"<meta-data android:name="com.facebook.sdk.ApplicationId" android:value="@string/facebook_app_id"/>"#

/// An Info.plist (XML) with these schemes and extra keys.
public func infoPlist(_ schemes: [String], _ extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>LSApplicationQueriesSchemes</key><array>\(schemes.map { "<string>\($0)</string>" }.joined())</array>
    \(extra)
    </dict></plist>
    """
}

public let allSchemes = ["instagram-reels", "facebook-reels", "instagram-stories", "facebook-stories"]

/// One target of a made Xcode project: its name, product type, its Release and Debug settings,
/// and the .xcconfig (a path under the project's directory) each configuration is based on.
public struct XcodeTarget {
    public var name: String
    public var productType: String
    public var release: [String: String]
    public var debug: [String: String]
    public var xcconfig: String?
    /// The files its Sources build phase compiles (paths from the project's directory).
    public var sources: [String]

    public init(
        _ name: String, _ productType: String = "com.apple.product-type.application", release: [String: String],
        debug: [String: String]? = nil, xcconfig: String? = nil, sources: [String] = []
    ) {
        self.name = name
        self.productType = productType
        self.release = release
        self.debug = debug ?? release
        self.xcconfig = xcconfig
        self.sources = sources
    }
}

/// A project.pbxproj as Xcode writes one (old-style ASCII property list, comments and all),
/// holding the objects doctor reads: the project, its targets, their configuration lists and the
/// .xcconfig files they are based on (each a file reference in a group of the main group).
public func pbxproj(_ targets: [XcodeTarget], projectSettings: [String: String] = [:]) -> String {
    var objects: [String] = []
    var ids = 0
    func id() -> String {
        ids += 1
        return String(format: "%024X", ids)
    }
    func settings(_ values: [String: String]) -> String {
        values.keys.sorted().map { "\t\t\t\t\($0) = \"\(values[$0]!.replacingOccurrences(of: "\"", with: "\\\""))\";" }
            .joined(separator: "\n")
    }
    var groupChildren: [String] = []
    var references: [String: String] = [:]
    for path in Set(targets.compactMap(\.xcconfig)).sorted() {
        let reference = id()
        references[path] = reference
        groupChildren.append(reference)
        objects.append(
            "\t\t\(reference) /* \(path) */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \"\(path)\"; sourceTree = \"<group>\"; };"
        )
    }
    func configurationList(_ release: [String: String], _ debug: [String: String], base: String?) -> String {
        let list = id()
        var configurations: [String] = []
        for (name, values) in [("Debug", debug), ("Release", release)] {
            let configuration = id()
            configurations.append(configuration)
            let reference = base.flatMap { references[$0] }.map { "\t\t\tbaseConfigurationReference = \($0) /* x */;\n" } ?? ""
            objects.append(
                "\t\t\(configuration) /* \(name) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\(reference)\t\t\tbuildSettings = {\n\(settings(values))\n\t\t\t};\n\t\t\tname = \(name);\n\t\t};"
            )
        }
        objects.append(
            "\t\t\(list) /* Build configuration list */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\(configurations.map { "\t\t\t\t\($0) /* c */," }.joined(separator: "\n"))\n\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t};"
        )
        return list
    }
    var targetIDs: [String] = []
    for target in targets {
        let list = configurationList(target.release, target.debug, base: target.xcconfig)
        // Its compiled files: a file reference each (in the main group), a build file each, and
        // the Sources phase that lists them.
        var buildFiles: [String] = []
        for path in target.sources {
            let reference = references[path] ?? id()
            if references[path] == nil {
                references[path] = reference
                groupChildren.append(reference)
                objects.append(
                    "\t\t\(reference) /* \(path) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \"\(path)\"; sourceTree = \"<group>\"; };"
                )
            }
            let buildFile = id()
            buildFiles.append(buildFile)
            objects.append("\t\t\(buildFile) /* \(path) in Sources */ = {isa = PBXBuildFile; fileRef = \(reference); };")
        }
        var phases = ""
        if !target.sources.isEmpty {
            let phase = id()
            phases = "\t\t\t\t\(phase) /* Sources */,\n"
            objects.append(
                "\t\t\(phase) /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tfiles = (\n\(buildFiles.map { "\t\t\t\t\($0)," }.joined(separator: "\n"))\n\t\t\t);\n\t\t};"
            )
        }
        let targetID = id()
        targetIDs.append(targetID)
        objects.append(
            "\t\t\(targetID) /* \(target.name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = \(list);\n\t\t\tbuildPhases = (\n\(phases)\t\t\t);\n\t\t\tname = \"\(target.name)\";\n\t\t\tproductName = \"\(target.name)\";\n\t\t\tproductType = \"\(target.productType)\";\n\t\t};"
        )
    }
    let group = id()
    objects.append(
        "\t\t\(group) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(groupChildren.map { "\t\t\t\t\($0)," }.joined(separator: "\n"))\n\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};"
    )
    let projectList = configurationList(projectSettings, projectSettings, base: nil)
    let root = id()
    objects.append(
        "\t\t\(root) /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = \(projectList);\n\t\t\tmainGroup = \(group);\n\t\t\tprojectDirPath = \"\";\n\t\t\ttargets = (\n\(targetIDs.map { "\t\t\t\t\($0)," }.joined(separator: "\n"))\n\t\t\t);\n\t\t};"
    )
    return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {
        \(objects.joined(separator: "\n"))
        \t};
        \trootObject = \(root) /* Project object */;
        }

        """
}

// MARK: reading results

/// Each result's findings as "target rule file" lines, sorted, for one comparison per app.
public func findingLines(_ result: RunResult, severity: String? = nil) -> [String] {
    let results = result.json?["results"] as? [[String: Any]] ?? []
    var lines: [String] = []
    for item in results {
        for verdict in item["targets"] as? [[String: Any]] ?? [] {
            for finding in verdict["findings"] as? [[String: Any]] ?? []
            where severity == nil || finding["severity"] as? String == severity {
                lines.append(
                    "\(verdict["target"] as? String ?? "") \(finding["rule"] as? String ?? "") \(finding["file"] as? String ?? "-")"
                )
            }
        }
    }
    return lines.sorted()
}

/// Each finding of `severity` as "target rule file:line" (the file's last component), sorted.
public func located(_ result: RunResult, severity: String = "error") -> [String] {
    var lines: [String] = []
    for item in resultsOf(result) {
        for verdict in item["targets"] as? [[String: Any]] ?? [] {
            for finding in verdict["findings"] as? [[String: Any]] ?? [] where finding["severity"] as? String == severity {
                let file = (finding["file"] as? String ?? "-").split(separator: "/").last ?? ""
                let line = (finding["line"] as? Int).map { ":\($0)" } ?? ""
                lines.append("\(verdict["target"] as? String ?? "") \(finding["rule"] as? String ?? "") \(file)\(line)")
            }
        }
    }
    return lines.sorted()
}

public func resultsOf(_ result: RunResult) -> [[String: Any]] { result.json?["results"] as? [[String: Any]] ?? [] }

/// Protocol Buffers' wire format, written from aapt2's field numbers (Resources.proto).
public struct Proto {
    public var bytes: [UInt8] = []

    public init() {}

    public mutating func varint(_ value: UInt64) {
        var v = value
        repeat {
            bytes.append(UInt8(v & 0x7F) | (v >= 0x80 ? 0x80 : 0))
            v >>= 7
        } while v > 0
    }
    public mutating func number(_ field: Int, _ value: UInt64) {
        varint(UInt64(field << 3))
        varint(value)
    }
    public mutating func text(_ field: Int, _ value: String) { message(field, Array(value.utf8)) }
    public mutating func message(_ field: Int, _ payload: [UInt8]) {
        varint(UInt64(field << 3 | 2))
        varint(UInt64(payload.count))
        bytes += payload
    }
    public mutating func message(_ field: Int, _ build: (inout Proto) -> Void) {
        var inner = Proto()
        build(&inner)
        message(field, inner.bytes)
    }
}

/// An XmlNode holding an element (XmlElement: name 3, attribute 4, child 5; XmlAttribute:
/// namespace_uri 1, name 2, value 3, resource_id 5, compiled_item 6).
public func protoElement(
    _ name: String, _ attributes: [(String, String, [UInt8]?, UInt64)] = [], _ children: [[UInt8]] = []
) -> [UInt8] {
    var node = Proto()
    node.message(1) { element in
        element.text(3, name)
        for (attribute, value, compiled, id) in attributes {
            element.message(4) { a in
                if attribute != "package" { a.text(1, "http://schemas.android.com/apk/res/android") }
                a.text(2, attribute)
                a.text(3, value)
                if id != 0 { a.number(5, id) }
                if let compiled { a.message(6, compiled) }
            }
        }
        for child in children { element.message(5, child) }
    }
    return node.bytes
}

/// Item { ref 1: Reference { id 2, name 3 } }.
public func protoReference(_ id: UInt32, _ name: String) -> [UInt8] {
    var item = Proto()
    item.message(1) {
        $0.number(2, UInt64(id))
        $0.text(3, name)
    }
    return item.bytes
}

/// Item { prim 7: Primitive { boolean_value 8 } }.
public func protoBoolean(_ value: Bool) -> [UInt8] {
    var item = Proto()
    item.message(7) { $0.number(8, value ? 1 : 0) }
    return item.bytes
}

/// A resources.pb: package 0x7f with string and xml entries, each in the default configuration
/// and, for strings, a French one beside it.
public func protoResources(strings: [(UInt32, String, String)], xml: [(UInt32, String)]) -> [UInt8] {
    var table = Proto()
    table.message(2) { package in
        package.message(1) { $0.number(1, 0x7f) }
        package.text(2, "com.example.demo")
        package.message(3) { type in
            type.message(1) { $0.number(1, 1) }
            type.text(2, "string")
            for (entry, name, value) in strings {
                type.message(3) { e in
                    e.message(1) { $0.number(1, UInt64(entry)) }
                    e.text(2, name)
                    e.message(6) { config in
                        config.message(1) { $0.text(3, "fr") }
                        config.message(2) { v in v.message(4) { i in i.message(2) { $0.text(1, "fr-\(value)") } } }
                    }
                    e.message(6) { config in
                        config.message(1, [])
                        config.message(2) { v in v.message(4) { i in i.message(2) { $0.text(1, value) } } }
                    }
                }
            }
        }
        package.message(3) { type in
            type.message(1) { $0.number(1, 2) }
            type.text(2, "xml")
            for (entry, name) in xml {
                type.message(3) { e in
                    e.message(1) { $0.number(1, UInt64(entry)) }
                    e.text(2, name)
                    e.message(6) { config in
                        config.message(2) { v in v.message(4) { i in i.message(5) { $0.text(1, "res/xml/\(name).xml") } } }
                    }
                }
            }
        }
    }
    return table.bytes
}

/// Every built-in share target, for a crafted project with no share code whose set-up a test
/// checks for all of them (without --target doctor judges the targets the code reaches).
public let everyShareTarget = "ig-reels,fb-reels,ig-stories,fb-stories,ig-feed"
