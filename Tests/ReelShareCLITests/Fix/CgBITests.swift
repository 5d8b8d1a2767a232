// Apple's CgBI PNG (what Xcode's "Compress PNG Files" makes of an app's PNGs: raw deflate of
// premultiplied BGRA after a CgBI chunk), which libpng, FFmpeg and Android refuse: named in the
// user's words by probe and validate, and made a standard PNG by fix and by the command validate
// prints, the pixels checked by the ffmpeg CLI against a plain PNG of the same picture.
import Foundation
import ReelShareTestSupport
import Testing

/// The RGBA bytes of a picture, as the ffmpeg CLI decodes it.
private func ffmpegPixels(_ path: String, in directory: URL) throws -> [UInt8] {
    let raw = directory.appendingPathComponent("\(UUID().uuidString.prefix(8)).rgba").path
    let (status, _) = try runCommand(
        ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", raw], in: directory)
    try #require(status == 0, "ffmpeg cannot read \(path)")
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
}

@Suite("Apple's CgBI PNG: named, refused in its words, and fixed into a standard PNG")
struct CgBITests {
    @Test(
        "a CgBI PNG (RGBA premultiplied, every row filter; and opaque BGR): probe names it, validate refuses it with a reelshare fix command, and the command's PNG holds the picture's straight pixels",
        arguments: [("cgbi_rgba", true, 24, 16), ("cgbi_rgb", false, 5, 3)])
    func named(name: String, alpha: Bool, width: Int, height: Int) throws {
        let directory = try scratch("cgbi")
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in ["\(name).png", "\(name).expected.png"] {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: TestPaths.fixture(file)), to: directory.appendingPathComponent(file))
        }
        // libpng and FFmpeg refuse it: the reason this format needs reading at all.
        #expect(
            try runCommand(["ffmpeg", "-nostdin", "-v", "error", "-i", "\(name).png", "-f", "null", "-"], in: directory).status
                != 0)

        let probe = runReelshare(["probe", "--format", "json", "\(name).png"], in: directory)
        let image = try #require(
            ((probe.json?["files"] as? [[String: Any]])?.first?["image"]) as? [String: Any], "\(probe.stdout)")
        #expect(image["format"] as? String == "cgbi")
        #expect(image["width"] as? Int == width && image["height"] as? Int == height)
        #expect(image["hasAlpha"] as? Bool == alpha && image["decoded"] as? Bool == true)
        #expect(image["allTransparent"] as? Bool == (alpha ? false : nil))
        let text = runReelshare(["probe", "\(name).png"], in: directory)
        #expect(
            text.stdout.contains("format      cgbi (Apple's CgBI PNG, from Xcode: only Apple's decoders read it)"),
            "\(text.stdout)")

        let verdict = runReelshare(["validate", "--format", "json", "--target", "ig-stories", "\(name).png"], in: directory)
        #expect(verdict.status == 1, "\(verdict.stderr)")
        let target = try #require(
            ((verdict.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first, "\(verdict.stdout)")
        let findings = target["findings"] as? [[String: Any]] ?? []
        #expect(findings.compactMap { $0["rule"] as? String } == ["image.format"], "\(findings)")
        #expect(
            (findings.first?["message"] as? String)?.hasPrefix("an Apple CgBI PNG (Xcode's \"Compress PNG Files\" output") == true
        )
        let printed: String = try #require(target["fix"] as? String)
        #expect(printed == "reelshare fix --target ig-stories -o \(name).fixed.png -- \(name).png")

        // The printed command, as a shell runs it, with this build's reelshare first on PATH.
        let bin = URL(fileURLWithPath: try TestPaths.binary()).deletingLastPathComponent().path
        let ran = try runCommand(["sh", "-c", "PATH='\(bin)':\"$PATH\"; \(printed)"], in: directory)
        #expect(ran.status == 0, "\(ran.stdout)")
        #expect(try ffmpegPixels("\(name).fixed.png", in: directory) == ffmpegPixels("\(name).expected.png", in: directory))
        let fixed = runReelshare(["validate", "--target", "ig-stories", "\(name).fixed.png"], in: directory)
        #expect(fixed.status == 0, "\(fixed.stdout)")

        // Checked as a background, the command says so (without it, it fixed the picture as a sticker).
        let checked = runReelshare(
            ["validate", "--format", "json", "--as", "background", "--target", "ig-stories", "\(name).png"], in: directory)
        let background = try #require(
            ((checked.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first?["fix"] as? String,
            "\(checked.stdout)")
        #expect(background == "reelshare fix --target ig-stories --as background -o \(name).fixed.png -- \(name).png")
    }

    @Test("preview draws a CgBI sticker (with --force) as the plain PNG of the same picture draws")
    func previewed() throws {
        let directory = try scratch("cgbi-preview")
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in ["cgbi_rgba.png", "cgbi_rgba.expected.png"] {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: TestPaths.fixture(file)), to: directory.appendingPathComponent(file))
        }
        for (sticker, out) in [("cgbi_rgba.png", "a.png"), ("cgbi_rgba.expected.png", "b.png")] {
            let run = runReelshare(
                ["preview", "--target", "ig-stories", "--force", "--sticker", sticker, "-o", out], in: directory)
            #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        }
        #expect(try ffmpegPixels("a.png", in: directory) == ffmpegPixels("b.png", in: directory))
    }

    @Test(
        "a damaged CgBI PNG fails as a damaged PNG does: a CRC error, a cut file, a bad row filter, rows that end early; a 16-bit one is reported from its header, undecoded"
    )
    func damaged() throws {
        let directory = try scratch("cgbi-damaged")
        defer { try? FileManager.default.removeItem(at: directory) }
        try python(
            """
            import struct, sys, zlib
            good = open(sys.argv[1], 'rb').read()
            def chunk(kind, data):
                return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)
            def cgbi(ihdr, raw):
                deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
                return (b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'CgBI', b'\\x50\\x00\\x20\\x06') + chunk(b'IHDR', ihdr)
                        + chunk(b'IDAT', deflate.compress(raw) + deflate.flush()) + chunk(b'IEND', b''))
            crc = bytearray(good)
            at = crc.index(b'IDAT')
            crc[at + 4 + struct.unpack('>I', crc[at - 4:at])[0] + 3] ^= 0x01
            open('crc.png', 'wb').write(bytes(crc))
            open('cut.png', 'wb').write(good[:at + 20])
            rgba8 = struct.pack('>IIBBBBB', 4, 2, 8, 6, 0, 0, 0)
            open('filter.png', 'wb').write(cgbi(rgba8, b'\\x07' + bytes(16) + b'\\x00' + bytes(16)))
            open('short.png', 'wb').write(cgbi(rgba8, b'\\x00' + bytes(16)))
            open('deep.png', 'wb').write(cgbi(struct.pack('>IIBBBBB', 4, 2, 16, 6, 0, 0, 0), bytes(2 * 33)))
            header = bytearray(good)
            header[header.index(b'IHDR') + 17] ^= 0x01
            open('header.png', 'wb').write(bytes(header))
            open('method.png', 'wb').write(cgbi(struct.pack('>IIBBBBB', 4, 2, 8, 6, 1, 0, 0), b'\\x00' * 34))
            """, [TestPaths.fixture("cgbi_rgba.png")], in: directory)
        let expected = [
            ("crc.png", "invalid png: IDAT: CRC error"), ("cut.png", "invalid png: file is truncated"),
            ("filter.png", "invalid png: IDAT: bad filter type 7"),
            ("short.png", "invalid png: IDAT: the image data ends early (after 1 of 2 rows)"),
            ("header.png", "invalid png: IHDR: CRC error"), ("method.png", "invalid png: IHDR: unknown compression method 1"),
        ]
        for (file, words) in expected {
            let run = runReelshare(["probe", file], in: directory)
            #expect(run.status == 65, "\(file): \(run.stdout)")
            #expect(run.stderr == "reelshare: error: \(file): \(words)\n", "\(file)")
        }
        let deep = runReelshare(["probe", "--format", "json", "deep.png"], in: directory)
        let image = try #require(((deep.json?["files"] as? [[String: Any]])?.first?["image"]) as? [String: Any], "\(deep.stdout)")
        #expect(image["format"] as? String == "cgbi" && image["bitDepth"] as? Int == 16 && image["decoded"] as? Bool == false)
        #expect(image["width"] as? Int == 4 && image["height"] as? Int == 2)
    }

    /// Straight RGBA premultiplied as Xcode's pngcrush stores it: v * a / 255, rounded.
    private func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        stride(from: 0, to: rgba.count, by: 4).flatMap { at -> [UInt8] in
            let alpha = UInt32(rgba[at + 3])
            return (0..<3).map { UInt8((UInt32(rgba[at + $0]) * alpha + 127) / 255) } + [rgba[at + 3]]
        }
    }

    @Test(
        "CgBI PNGs from other projects' test suites: swift-png's made by Xcode's pngcrush (its pixels, premultiplied, are the PngSuite original's, as swift-png asserts), Magnum's made by pincrush (exactly its source's), and cgbi-to-png's app icon with Apple's iDOT chunk"
    )
    func otherProjects() throws {
        let directory = try scratch("cgbi-thirdparty")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/cgbi")
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) where file.hasSuffix(".png") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(file), to: directory.appendingPathComponent(file))
        }
        let cases = [
            ("swift-png_basn6a08_ios", 32, 32), ("magnum_rgba-binary-alpha-iphone", 3, 2), ("cgbi-to-png_cgbi-image", 180, 180),
        ]
        for (name, width, height) in cases {
            let probe = runReelshare(["probe", "--format", "json", "\(name).png"], in: directory)
            let image = try #require(
                ((probe.json?["files"] as? [[String: Any]])?.first?["image"]) as? [String: Any], "\(probe.stdout)")
            #expect(image["format"] as? String == "cgbi" && image["decoded"] as? Bool == true, "\(name): \(image)")
            #expect(image["width"] as? Int == width && image["height"] as? Int == height, "\(name): \(image)")
            let fix = runReelshare(["fix", "--target", "ig-stories", "\(name).png"], in: directory)
            #expect(fix.status == 0, "\(name): \(fix.stderr)")
            #expect(runReelshare(["validate", "--target", "ig-stories", "\(name).fixed.png"], in: directory).status == 0)
        }
        let ours = try ffmpegPixels("swift-png_basn6a08_ios.fixed.png", in: directory)
        let original = try ffmpegPixels("swift-png_basn6a08.png", in: directory)
        #expect(ours.count == 32 * 32 * 4 && premultiplied(ours) == premultiplied(original))
        #expect(
            try ffmpegPixels("magnum_rgba-binary-alpha-iphone.fixed.png", in: directory)
                == ffmpegPixels("magnum_rgba-binary-alpha.png", in: directory))
    }

    @Test(
        "solid pictures of every width from 1 to 39, 8, 33 and 100 rows, opaque and clear: each decodes whole (zlib may hold a row's bytes after its input is used up)"
    )
    func solidPictures() throws {
        let directory = try scratch("cgbi-solid")
        defer { try? FileManager.default.removeItem(at: directory) }
        try python(
            """
            import struct, zlib
            def chunk(kind, data):
                return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)
            for width in range(1, 40):
                for height in (8, 33, 100):
                    for alpha in (0, 255):
                        raw = (b'\\x00' + bytes((alpha, alpha, alpha, alpha)) * width) * height
                        deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
                        data = deflate.compress(raw) + deflate.flush()
                        ihdr = struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0)
                        open('s%d_%d_%d.png' % (width, height, alpha), 'wb').write(
                            b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'CgBI', b'\\x50\\x00\\x20\\x06') + chunk(b'IHDR', ihdr)
                            + chunk(b'IDAT', data) + chunk(b'IEND', b''))
            """, in: directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(files.count == 39 * 3 * 2)
        let run = runReelshare(["probe", "--format", "json", "--"] + files, in: directory)
        let images = ((run.json?["files"] as? [[String: Any]]) ?? []).compactMap { $0["image"] as? [String: Any] }
        #expect(run.status == 0 && images.count == files.count, "\(run.stderr.prefix(600))")
        #expect(images.allSatisfy { $0["decoded"] as? Bool == true && $0["format"] as? String == "cgbi" })
    }
}
