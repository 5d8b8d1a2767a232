import ReelShareTestSupport
import Testing
@testable import ReelShareKit

@Suite("Format detection by content")
struct FormatSnifferTests {
    @Test("PNG and JPEG signatures pick the full decoders")
    func pngAndJPEG() {
        #expect(FormatSniffer.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(FormatSniffer.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        // A PNG signature damaged by a CR/LF conversion is not a PNG.
        #expect(FormatSniffer.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x0A, 0x1A, 0x0A]) == .other)
    }

    /// A PNG's first bytes with its signature changed as PngSuite's x-files change it.
    @Test(
        "a PNG whose signature is damaged is named so: line endings rewritten, or the byte that changed",
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x1A, 0x0D], "its signature's line endings were rewritten (copied as text?)"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0A, 0x0A, 0x1A, 0x0A], "its signature's line endings were rewritten (copied as text?)"),
            ([0x09, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "its signature is damaged (byte 1 of 8)"),
            ([0x89, 0x51, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "its signature is damaged (byte 2 of 8)"),
            ([0x89, 0x50, 0x4E, 0x67, 0x0D, 0x0A, 0x1A, 0x0A], "its signature is damaged (byte 4 of 8)"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x20, 0x0A], "its signature is damaged (byte 7 of 8)"),
        ] as [([UInt8], String)])
    func damagedPNGSignature(signature: [UInt8], reason: String) {
        let ihdr: [UInt8] = [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 32, 0, 0, 0, 32, 8, 0, 0, 0, 0]
        #expect(FormatSniffer.sniff(signature + ihdr) == .invalid(format: .png, reason: "invalid png: " + reason))
        // Without an IHDR after it, a near signature is nothing: left to FFmpeg.
        #expect(FormatSniffer.sniff(signature + Array(repeating: 0, count: 21)) == .other)
        #expect(
            FormatSniffer.sniff([0x89] + Array("PNX".utf8) + [0x0D, 0x0A, 0x1A, 0x0A] + ihdr)
                == .invalid(
                    format: .png, reason: "invalid png: its signature is damaged (byte 4 of 8)"))
        #expect(FormatSniffer.sniff([0x89] + Array("PXX".utf8) + [0x0D, 0x0A, 0x1A, 0x0A] + ihdr) == .other)
    }

    @Test("a GIF header gives its logical screen size")
    func gif() {
        let bytes = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0]
        guard case .headerOnlyImage(let image) = FormatSniffer.sniff(bytes) else {
            Issue.record("not recognised as an image")
            return
        }
        #expect(image.format == .gif)
        #expect(image.width == 320)
        #expect(image.height == 240)
        #expect(image.decoded == false)
    }

    @Test("WebP: lossless (VP8L) and extended (VP8X) headers")
    func webp() {
        func riff(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + body
        }
        // VP8L: signature 0x2f, then 14 bits width-1 = 99, 14 bits height-1 = 49, alpha bit set.
        let bits: UInt32 = 99 | (49 << 14) | (1 << 28)
        let lossless = riff(
            "VP8L",
            [
                0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF),
                UInt8(bits >> 24), 0, 0, 0, 0, 0,
            ])
        guard case .headerOnlyImage(let a) = FormatSniffer.sniff(lossless) else {
            Issue.record("VP8L not recognised")
            return
        }
        #expect(a.format == .webp && a.width == 100 && a.height == 50 && a.hasAlpha == true)
        // VP8X: flags (alpha), 3 reserved bytes, 24-bit canvas width-1 and height-1.
        let extended = riff("VP8X", [0x10, 0, 0, 0, 0x7F, 0x02, 0x00, 0x37, 0x04, 0x00])
        guard case .headerOnlyImage(let b) = FormatSniffer.sniff(extended) else {
            Issue.record("VP8X not recognised")
            return
        }
        #expect(b.width == 640 && b.height == 1080 && b.hasAlpha == true)
    }

    /// A minimal HEIF: ftyp, then meta with pitm (item 1), and iprp whose ipco holds two ispe
    /// properties; ipma gives item 2 (a tile) the first and the primary item 1 the second.
    static func heif(brand: String, compatible: [String]) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count + 8) + Array(type.utf8) + body }
        let ftyp = box("ftyp", Array(brand.utf8) + be32(0) + compatible.flatMap { Array($0.utf8) })
        let pitm = box("pitm", [0, 0, 0, 0, 0, 1])
        let ispeTile = box("ispe", be32(0) + be32(512) + be32(512))
        let ispePrimary = box("ispe", be32(0) + be32(1000) + be32(750))
        let ipco = box("ipco", ispeTile + ispePrimary)
        let ipma = box("ipma", [0, 0, 0, 0] + be32(2) + [0, 2, 1, 0x81] + [0, 1, 1, 0x82])
        let meta = box("meta", [0, 0, 0, 0] + pitm + box("iprp", ipco + ipma))
        return ftyp + meta
    }

    @Test("HEIC and AVIF are told apart by brand and sized by the primary item's ispe")
    func heifFamily() {
        for (brand, compatible, format) in [
            ("heic", ["mif1", "heic"], "heic"), ("avif", ["mif1", "avif"], "avif"),
            ("mif1", ["mif1", "avif"], "avif"), ("mif1", ["mif1", "heic"], "heic"),
        ] {
            guard case .headerOnlyImage(let image) = FormatSniffer.sniff(Self.heif(brand: brand, compatible: compatible)) else {
                Issue.record("\(brand) not recognised")
                continue
            }
            #expect(image.format.rawValue == format)
            #expect(image.width == 1000 && image.height == 750)
        }
    }

    @Test("an MP4 ftyp is left to FFmpeg")
    func mp4IsOther() {
        var bytes = FormatSnifferTests.heif(brand: "isom", compatible: ["isom", "avc1"])
        #expect(FormatSniffer.sniff(bytes) == .other)
        bytes = []
        #expect(FormatSniffer.sniff(bytes) == .other)
    }

    @Test("every prefix of a valid header is named or passed on, never trapping; seeded damage likewise")
    func truncatedHeadersDoNotTrap() {
        let heic = FormatSnifferTests.heif(brand: "heic", compatible: ["mif1"])
        let gif = Array("GIF89a".utf8) + [1, 2, 3, 4]
        let webp = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + Array(repeating: 0xFF, count: 20)
        for (sample, format, minimum) in [(heic, "heic", 16), (gif, "gif", 6), (webp, "webp", 12)] {
            for length in 0...sample.count {
                let result = FormatSniffer.sniff(Array(sample.prefix(length)))
                if length < minimum {
                    #expect(result == .other, "\(format) prefix of \(length) bytes")
                } else if case .headerOnlyImage(let image) = result {
                    #expect(image.format.rawValue == format, "\(format) prefix of \(length) bytes")
                } else if format != "heic" {  // HEIF needs its whole ftyp box
                    Issue.record("\(format) prefix of \(length) bytes: \(result)")
                }
            }
        }
        var generator = XorShift(seed: 0x5EED_0F_4EEF)
        var named = 0
        for _ in 0..<500 {
            var bytes = heic
            for _ in 0..<4 {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            switch FormatSniffer.sniff(bytes) {
            case .headerOnlyImage(let image):
                #expect([ImageFileFormat.heic, .avif, .heif].contains(image.format))
                named += 1
            case .other, .invalid: break
            case .png, .jpeg: Issue.record("damaged HEIF taken for PNG or JPEG: \(bytes)")
            }
        }
        #expect(named > 0, "some damaged files keep their ftyp and are still named")
    }
}
