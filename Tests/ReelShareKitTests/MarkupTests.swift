// The XML and property-list readers doctor uses instead of Foundation's (which crash on some input).
import Foundation
import Testing
@testable import ReelShareKit

@Suite("XML and property-list readers")
struct MarkupTests {
    @Test("XML: declaration, DOCTYPE, comments, CDATA, entities, self-closing elements")
    func xml() throws {
        let text = """
            <?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]><!-- note -->
            <root a="1 &amp; 2" b='&#x41;&#66;'><child/><t>x &lt; y<![CDATA[<raw>]]></t></root>
            """
        let events = try #require(XMLReader.events(Array(text.utf8)))
        #expect(events.first == .start("root", ["a": "1 & 2", "b": "AB"]))
        #expect(events.contains(.start("child", [:])) && events.contains(.end("child")))
        #expect(events.contains(.text("x < y")) && events.contains(.text("<raw>")))
        #expect(events.last == .end("root"))
    }

    @Test(
        "XML that is not well-formed, or asks for entities, is refused",
        arguments: [
            "<a><b></a></b>", "<a>", "<a x=1/>", "<a>&e;</a>", "<a/><b/>", "plain text", "",
            "<a \u{1}=\"x\">", "<a>&#xFFFFFFFF;</a>",
        ])
    func badXML(text: String) {
        #expect(XMLReader.events(Array(text.utf8)) == nil)
    }

    @Test("invalid UTF-8 and runaway nesting are refused")
    func hostileXML() {
        #expect(XMLReader.events([0x3C, 0x61, 0x20, 0xC7, 0x3D, 0x22, 0x22, 0x2F, 0x3E]) == nil)
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(XMLReader.events(Array(deep.utf8)) == nil)
    }

    @Test("an XML property list")
    func xmlPlist() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>FacebookAppID</key><string>123</string>
              <key>LSApplicationQueriesSchemes</key><array><string>instagram-stories</string></array>
              <key>n</key><integer> 42 </integer><key>t</key><true/><key>d</key><data>AAA=</data>
            </dict></plist>
            """
        #expect(
            PropertyList.parse(Array(text.utf8))
                == .dictionary([
                    "FacebookAppID": .string("123"), "LSApplicationQueriesSchemes": .array([.string("instagram-stories")]),
                    "n": .integer(42), "t": .bool(true), "d": .data([]),
                ]))
    }

    /// A binary plist: objects, then the offset table, then the trailer.
    static func binary(_ objects: [[UInt8]], top: Int = 0) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1]
        for value in [objects.count, top, table] { bytes += (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        return bytes
    }

    @Test("a binary property list: dictionary, ASCII and UTF-16 strings, integers, and a set")
    func binaryPlist() {
        let plist = Self.binary([
            [0xD3, 1, 2, 3, 4, 5, 6],  // dict of 3: keys 1 2 3, values 4 5 6
            [0x51] + Array("a".utf8), [0x51] + Array("b".utf8), [0x51] + Array("c".utf8),
            [0x62, 0x00, 0x68, 0x00, 0xE9],  // UTF-16 "hé"
            [0x11, 0x01, 0x00],  // 256
            [0xC2, 1, 2],  // a set of "a", "b"
        ])
        #expect(
            PropertyList.parse(plist)
                == .dictionary(["a": .string("hé"), "b": .integer(256), "c": .array([.string("a"), .string("b")])]))
    }

    @Test("binary property lists that lie are refused or cut short, quickly")
    func hostileBinary() throws {
        // References out of range, a key that is not a string, a cycle, a truncated trailer.
        #expect(PropertyList.parse(Self.binary([[0xD1, 7, 8]])) == nil)
        #expect(PropertyList.parse(Self.binary([[0xD1, 1, 1], [0x10, 5]])) == nil)
        #expect(PropertyList.parse(Self.binary([[0xA1, 0]])) == nil)
        #expect(PropertyList.parse(Array(Self.binary([[0x09]]).dropLast(3))) == nil)
        // Shared references: 40 levels of arrays holding the next level twice would be 2^40
        // objects; the reader stops long before.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        let bytes = Self.binary(objects)
        #expect(PropertyList.parse(bytes) == nil)
        // Its work is bounded by the reader's object budget, not by the 2^40 objects described.
        let work = try #require(PropertyList.binaryWork(bytes))
        #expect(!work.parsed && work.objects <= PropertyList.maxBinaryObjects && work.objects > 1_000, "\(work)")
    }

    @Test("the inputs that crashed Foundation's readers are refused cleanly")
    func fuzzRegressions() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/regressions")
        let plist = try Data(contentsOf: directory.appendingPathComponent("binary-plist-with-set.plist"))
        let result = Doctor.checkPlist(plist, path: "x", targets: ProfileSet.builtin.shareTargets, appId: nil)
        #expect(result.verdicts.count == ProfileSet.builtin.shareTargets.count)
        let manifest = try Data(contentsOf: directory.appendingPathComponent("manifest-invalid-utf8.xml"))
        #expect(
            Doctor.checkManifest(manifest, path: "x", targets: ProfileSet.builtin.shareTargets).verdicts.first?.findings.first?
                .rule.rawValue
                == "android.manifest")
    }
}
