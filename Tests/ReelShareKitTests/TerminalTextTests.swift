// What reaches a terminal or a CI log: a file name's control characters escaped as `ls -b` shows
// them, reelshare's own styles only where it styles, never a name's look-alike.
import Testing

@testable import ReelShareKit

@Suite("Text for a terminal")
struct TerminalTextTests {
    @Test(
        "a name's control characters are escaped, newline and tab kept",
        arguments: [
            ("\u{1B}]0;title\u{07}.mp4", "\\033]0;title\\a.mp4"),  // would retitle the terminal
            ("\u{1B}[2J.mp4", "\\033[2J.mp4"),  // would clear it
            ("a\rb\u{08}c\u{0B}d\u{0C}e", "a\\rb\\bc\\vd\\fe"),
            ("del\u{7F}.mp4", "del\\177.mp4"), ("csi\u{9B}2J", "csi\\302\\2332J"),  // C1's CSI
            ("two\nlines\tand a tab", "two\nlines\tand a tab"), ("caf\u{E9} \u{1F3AC}.mp4", "caf\u{E9} \u{1F3AC}.mp4"),
        ])
    func escaped(name: String, shown: String) {
        #expect(PathCoding.terminalText(name, styled: false) == shown)
        #expect(PathCoding.terminalText(name, styled: true) == shown)
    }

    @Test("reelshare's styles become escapes on a terminal only, and only the ones it writes")
    func styles() {
        let red = "\(PathCoding.styleEscape)[31merror\(PathCoding.styleEscape)[0m"
        #expect(PathCoding.terminalText(red, styled: true) == "\u{1B}[31merror\u{1B}[0m")
        #expect(PathCoding.terminalText(red, styled: false) == "?[31merror?[0m")
        #expect(PathCoding.terminalText("\(PathCoding.styleEscape)[2J", styled: true) == "?[2J")
        #expect(PathCoding.terminalText("\(PathCoding.styleReturn)done", styled: true) == "\rdone")
    }

    @Test("a name cannot hold a style's scalar: its bytes are kept one by one, shown as U+FFFD")
    func namesHoldNoStyle() {
        let bytes = Array(String(PathCoding.styleEscape).utf8) + Array("[2J".utf8)
        let name = PathCoding.decode(bytes)
        #expect(!name.unicodeScalars.contains(PathCoding.styleEscape))
        #expect(PathCoding.encode(name) == bytes + [0])
        #expect(PathCoding.terminalText(name, styled: true) == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}[2J")
    }

    @Test(
        "a name's bytes come back as they were: UTF-8, bytes that are not, a plane-16 scalar outside the reserved range (0xF4 too)",
        arguments: [
            Array("clip.mp4".utf8), [0x63, 0xFF, 0xFE, 0x2E], Array("\u{1F3AC}reel".utf8), Array("\u{100000}".utf8),
            [0xF4, 0x8F, 0xBE, 0x80], [0xF4], [0xC3, 0xA9, 0xF4, 0x90, 0x80, 0x80],
        ] as [[UInt8]])
    func roundTrip(bytes: [UInt8]) {
        #expect(PathCoding.encode(PathCoding.decode(bytes)) == bytes + [0])
    }
}
