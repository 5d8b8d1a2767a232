// The readers of Android's compiled formats held to Android's own tool on a file nobody here made:
// framework-res.apk, Android's framework resources as Debian ships them (android-framework-res,
// 45 MB, its manifest of some 1,200 elements, its resource table of 31 MB in UTF-8 pools), read by
// BinaryXML and ResourceTable and by `aapt dump`. And the pure pieces around them: the merger, the
// protobuf reader on what it must refuse, MIME types, where a named file's project is.
import Foundation
import ReelShareTestSupport
import Testing

@testable import ReelShareKit

private let frameworkRes = Tool.frameworkResources

/// framework-res.apk's manifest and resource table, taken out with unzip (the tests that read them
/// are enabled only where the package and aapt are installed).
private func frameworkFiles() throws -> (manifest: [UInt8], table: [UInt8], directory: URL) {
    let directory = try scratch("framework-res")
    let (status, _) = try runCommand([
        "unzip", "-o", "-q", frameworkRes, "AndroidManifest.xml", "resources.arsc", "-d", directory.path,
    ])
    try #require(status == 0)
    let manifest = [UInt8](try Data(contentsOf: directory.appendingPathComponent("AndroidManifest.xml")))
    let table = [UInt8](try Data(contentsOf: directory.appendingPathComponent("resources.arsc")))
    return (manifest, table, directory)
}

@Suite("Android's compiled formats, against aapt's own dump")
struct AndroidFormatsTests {
    @Test(
        "framework-res.apk's binary manifest: every element and its android:name, as aapt dump xmltree shows them",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func binaryManifest() throws {
        let (manifest, _, directory) = try frameworkFiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = try BinaryXML.parse(manifest, origin: "AndroidManifest.xml")
        // Depth-first, as aapt prints: each element's name, and its android:name where it has one.
        func walk(_ element: AndroidElement) -> [String] {
            ["\(element.name) \(element.androidName ?? "-")"] + element.children.flatMap(walk)
        }
        let ours = walk(root)
        let dump = try runCommand(["aapt", "dump", "xmltree", frameworkRes, "AndroidManifest.xml"]).stdout
        var theirs: [String] = []
        for line in dump.split(separator: "\n") {
            let text = line.drop { $0 == " " }
            if text.hasPrefix("E: ") {
                theirs.append("\(text.dropFirst(3).split(separator: " ").first ?? "") -")
            } else if text.hasPrefix("A: android:name("), let open = text.firstIndex(of: "\""),
                let close = text[text.index(after: open)...].firstIndex(of: "\""), var last = theirs.popLast()
            {
                last = String(last.dropLast()) + text[text.index(after: open)..<close]
                theirs.append(last)
            }
        }
        #expect(ours.count == theirs.count && ours.count > 1_000, "\(ours.count) elements, aapt \(theirs.count)")
        #expect(ours == theirs)
        #expect(root.attribute("package", namespace: "")?.string == "android")
    }

    @Test(
        "framework-res.apk's resource table: the default configuration's strings and booleans, as aapt dump resources shows them",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func resourceTable() throws {
        let (_, table, directory) = try frameworkFiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = try runCommand(["aapt", "dump", "--values", "resources", frameworkRes]).stdout
        // "config (default):" sections; in them, "resource 0xID android:TYPE/NAME: t=0x03 …" then
        // "(string8) "VALUE"", or t=0x12 with d= the boolean.
        var expected: [UInt32: (String, AndroidValue)] = [:]
        var inDefault = false
        var pending: (UInt32, String)?
        for line in dump.split(separator: "\n") {
            let text = line.drop { $0 == " " }
            if text.hasPrefix("config ") { inDefault = text.hasPrefix("config (default)") }
            guard inDefault else { continue }
            if text.hasPrefix("resource 0x"), expected.count < 400 {
                let words = text.split(separator: " ")
                guard words.count >= 4, let id = UInt32(words[1].dropFirst(2), radix: 16) else { continue }
                let name = String(words[2].dropFirst("android:".count).dropLast())
                if words[3] == "t=0x03" { pending = (id, name) }
                if words[3] == "t=0x12", let data = words.dropFirst(4).first, data.hasPrefix("d=0x") {
                    expected[id] = (name, .boolean(data != "d=0x00000000"))
                }
            } else if let (id, name) = pending, text.hasPrefix("(string8) \""), text.hasSuffix("\"") {
                expected[id] = (name, .text(String(text.dropFirst(11).dropLast())))
                pending = nil
            }
        }
        try #require(expected.count >= 300)
        let resources = try ResourceTable.parse(table, wanted: Set(expected.keys).union([0x0104_000a]))
        var differ: [String] = []
        for (id, (name, value)) in expected {
            let entry = resources.byId[id]
            if "\(entry?.type ?? "")/\(entry?.name ?? "")" != name || entry?.value != value {
                differ.append("0x\(String(id, radix: 16)) \(name): \(String(describing: entry?.value)) ≠ \(value)")
            }
        }
        #expect(differ.isEmpty, "\(differ.prefix(5))")
        // A string of a later type, asked for by id, as an APK's manifest would refer to it.
        #expect(resources.byId[0x0104_000a]?.value == .text("OK"))
    }

    @Test("the merger: a library's provider and queries join the app's, the app's element of a name wins, remove takes it out")
    func merger() throws {
        func parse(_ text: String, _ origin: String) throws -> AndroidElement {
            try #require(try AndroidTextXML.parse(Array(text.utf8), origin: origin))
        }
        let app = try parse(
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools" package="com.app">
            <application><provider android:name="a.Kept" android:exported="false"/>
            <provider android:name="lib.Gone" tools:node="remove"/></application></manifest>
            """, "app.xml")
        let library = try parse(
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="lib">
            <queries><package android:name="com.facebook.katana"/></queries>
            <application><provider android:name="a.Kept" android:exported="true"/><provider android:name=".Gone"/>
            <provider android:name=".Files" android:authorities="${applicationId}.files"/></application></manifest>
            """, "lib.xml")
        let merged = ManifestMerger.merge(
            app: app, libraries: [ManifestMerger.qualified(library, namespace: nil)], placeholders: ["applicationId": "com.app"])
        let providers = merged.children("application").flatMap { $0.children("provider") }
        #expect(providers.map { "\($0.androidName ?? "") \($0.origin)" } == ["a.Kept app.xml", "lib.Files lib.xml"])
        #expect(providers.first?.attribute("exported")?.string == "false")
        #expect(providers.last?.attribute("authorities")?.string == "com.app.files")
        #expect(merged.children("queries").flatMap { $0.children }.map { $0.origin } == ["lib.xml"])
    }

    @Test("protobuf: lengths past the message, ten-byte varints, groups and deep nesting are refused, never read past")
    func protobuf() {
        let cases: [[UInt8]] = [
            [0x0A, 0x05, 0x01], [0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], [0x0B, 0x00],
            [0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], [0x00],
        ]
        for bytes in cases {
            #expect(throws: AppFileError.self) { try ProtoXML.parse(bytes, origin: "m") }
        }
        // 100 nested elements, each its parent's child XmlNode: refused past 64, not recursed into.
        func message(_ key: UInt8, _ payload: [UInt8]) -> [UInt8] {
            var length: [UInt8] = []
            var n = payload.count
            repeat {
                length.append(UInt8(n & 0x7F) | (n > 0x7F ? 0x80 : 0))
                n >>= 7
            } while n > 0
            return [key] + length + payload
        }
        var element = message(0x1A, [0x61])
        for _ in 0..<100 { element = message(0x1A, [0x61]) + message(0x2A, message(0x0A, element)) }
        #expect(throws: AppFileError("protobuf XmlNode: elements nested deeper than 64")) {
            try ProtoXML.parse(message(0x0A, element), origin: "m")
        }
    }

    @Test("MIME types cover one another by their parts")
    func mime() {
        #expect(Doctor.overlaps("video/*", "video/mp4") && Doctor.overlaps("*/*", "image/png") && Doctor.overlaps("*", "x/y"))
        #expect(!Doctor.overlaps("image/*", "video/*") && !Doctor.overlaps("image/png", "image/jpeg"))
    }

    @Test("a verdict lists 20 findings of a rule, then one that counts the rest as severe as the worst of them, in its place")
    func findingList() {
        func finding(_ rule: OwnCheck, _ severity: Severity, _ n: Int) -> Finding {
            Finding(rule, severity: severity, message: "\(n)", source: "s")
        }
        var list = FindingList()
        for n in 0..<30 { list.append(finding(.androidFileProvider, n == 27 ? .error : .warning, n)) }
        list.append(finding(.androidQueries, .error, 0))
        let findings = list.findings
        #expect(findings.count == 22)
        #expect(findings[0..<20].map(\.message) == (0..<20).map { "\($0)" })
        #expect(findings[20].message == "and 10 more android.file-provider findings like these (the first 20 are listed)")
        #expect(findings[20].severity == .error && findings[20].actual == .int(30))
        #expect(findings[21].rule == .own(.androidQueries))
    }

    @Test("a named file's project: the Gradle root, or the directory holding android/ or ios/")
    func projectOfFile() {
        #expect(
            AppFinder.project(of: "android/app/src/main/AndroidManifest.xml", kind: .manifest)! == (
                ".", "android/app/src/main/AndroidManifest.xml"
            ))
        #expect(
            AppFinder.project(of: "../x/app/src/main/AndroidManifest.xml", kind: .manifest)! == (
                "../x", "app/src/main/AndroidManifest.xml"
            ))
        #expect(AppFinder.project(of: "/p/ios/Runner/Info.plist", kind: .plist)! == ("/p", "ios/Runner/Info.plist"))
        #expect(AppFinder.project(of: "src/main/AndroidManifest.xml", kind: .manifest) == nil)
        #expect(AppFinder.project(of: "Info.plist", kind: .plist) == nil)
    }
}
