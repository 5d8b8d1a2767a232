// What a directory walk takes as media: every format reelshare reads, by its first bytes, and no
// text, whatever the names say.
import Foundation
@testable import ReelShareKit
import ReelShareTestSupport
import Testing

@Suite("Media recognised by content in a directory walk")
struct MediaTreeTests {
    private func prefix(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture(name))).prefix(MediaTree.prefixLength))
    }

    @Test("each container and image format of the fixtures is media, and a text file named .mp4 is not")
    func fixtures() throws {
        let media = [
            "h264_aac_10s.mp4", "h264_aac.mov", "audio_only.m4a", "h264.mkv", "vp9_opus.webm", "h264_aac.ts", "piped_3s.flv",
            "sticker_rgba_640x480.png", "progressive.jpg", "sticker.gif", "sticker.webp", "sticker.heic", "sticker.avif",
            "animated.apng", "gif_named_as.mp4",
        ]
        for name in media { #expect(MediaTree.isMedia(try prefix(name)), "\(name)") }
        #expect(!MediaTree.isMedia(try prefix("not_media.txt")))
    }

    @Test("audio streams made by ffmpeg (MP3, ADTS AAC, Ogg, FLAC, WAVE, M2TS) are media")
    func made() throws {
        let directory = try scratch("mediatree")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = TestPaths.fixture("h264_aac_10s.mp4")
        for (name, options) in [
            ("a.mp3", ["-vn", "-c:a", "libmp3lame", "-write_xing", "0", "-id3v2_version", "0"]),
            ("a.aac", ["-vn", "-c:a", "copy"]),
            ("a.ogg", ["-vn", "-c:a", "libvorbis"]), ("a.flac", ["-vn", "-c:a", "flac"]),
            ("a.wav", ["-vn", "-c:a", "pcm_s16le"]),
            ("a.m2ts", ["-c", "copy"]),
        ] {
            try makeWithFFmpeg(name, ["-i", source, "-t", "1"] + options, in: directory)
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)).prefix(MediaTree.prefixLength))
            #expect(MediaTree.isMedia(bytes), "\(name): \(bytes.prefix(8))")
        }
    }

    @Test("text is not media: UTF-16 with its byte order mark, 'The free ...', G's 188 bytes apart, an empty file")
    func text() {
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("\"key\" = \"value\";".utf8).flatMap { [$0, 0] }
        let words = Array("The free software movement ".utf8) + Array(repeating: UInt8(ascii: " "), count: 400)
        var gs = [UInt8](repeating: UInt8(ascii: "x"), count: 400)
        gs[0] = UInt8(ascii: "G")
        gs[188] = UInt8(ascii: "G")
        let samples: [[UInt8]] = [utf16, words, gs, [], [0xFF]]
        for bytes in samples { #expect(!MediaTree.isMedia(bytes), "\(bytes.prefix(8))") }
    }

    @Test("a walk enters neither hidden directories nor dependencies and build outputs, and looks at no hidden file")
    func skipped() {
        for name in [".git", ".build", "node_modules", "Pods", "Carthage", "build", "DerivedData", "vendor"] {
            #expect(!MediaTree.enters(name), "\(name)")
        }
        #expect(MediaTree.enters("assets") && MediaTree.enters("Build Phases"))
        #expect(!MediaTree.looksAt(".DS_Store") && !MediaTree.looksAt(".gitkeep") && MediaTree.looksAt("a.mp4"))
    }
}

@Suite("Text escaped scalar by scalar")
struct ScalarEscapeTests {
    @Test(
        "a quote with a combining accent after it is still quoted for the shell, a CR LF pair still escaped, an empty token found nowhere"
    )
    func scalars() {
        // The standard library's replacing matches whole characters: ' + U+0301 is one, and so is CR LF.
        let name = "a'\u{301}$(touch x).mp4"
        #expect(FFmpegCommand.shellQuoted(name) == "'a'\\''\u{301}$(touch x).mp4'")
        #expect("one\r\ntwo".replacingScalars("\n", with: "%0A") == "one\r%0Atwo")
        #expect("abc".replacingScalars("", with: "x") == "abc")
        #expect(!ShareCodeReader.hasToken("Social.INSTAGRAM", ""))
    }
}
