// HEIF, HEIC and AVIF read through libheif: the facts other projects' test suites assert of their
// own files (libavif's and libheif's, Tests/Fixtures/thirdparty/heif), and the pixels as shown.
import CReelShareImage
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

@Suite("HEIF, HEIC and AVIF")
struct HEIFTests {
    private let prober = MediaProber()

    private func thirdParty(_ name: String) -> String {
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/heif/\(name)").path
    }

    private func image(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> ImageMedia? {
        let report = prober.probe(path)
        guard case .image(let image) = report.content else {
            Issue.record("\(path): \(report.content)", sourceLocation: sourceLocation)
            return nil
        }
        return image
    }

    private func refusal(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> ProbeFailure? {
        let report = prober.probe(path)
        guard case .failure(let failure) = report.content else {
            Issue.record("\(path): read as \(report.content)", sourceLocation: sourceLocation)
            return nil
        }
        return failure
    }

    @Test("libavif's files: the size, frames, alpha, depth and nclx its README and avifdec --info state")
    func libavifFacts() throws {
        let animated = try #require(image(thirdParty("libavif_colors-animated-8bpc.avif")))
        #expect(animated.width == 150 && animated.height == 150 && animated.frameCount == 5 && animated.hasAlpha == false)
        #expect(animated.bitDepth == 8 && animated.codec == "av1")
        let hdr = try #require(image(thirdParty("libavif_colors_hdr_p3.avif")))
        #expect(hdr.bitDepth == 10 && hdr.frameCount == 1)
        #expect(hdr.colour == VideoColour(transfer: "smpte2084", primaries: "smpte432", matrix: "smpte170m", fullRange: true))
        #expect(hdr.colour?.hdr == "pq" && hdr.hasColorProfile == false)
        let wide = try #require(image(thirdParty("libavif_colors_text_wcg_sdr_rec2020.avif")))
        #expect(wide.colour == VideoColour(transfer: "linear", primaries: "bt2020", matrix: "smpte170m", fullRange: true))
        let icc = try #require(image(thirdParty("libavif_paris_icc_exif_xmp.avif")))
        #expect(icc.hasColorProfile == true && icc.width == 403 && icc.height == 302)
        #expect(icc.colour?.primaries == nil && icc.colour?.transfer == nil)  // nclx 2/2: unspecified
        let white = try #require(image(thirdParty("libavif_white_1x1.avif")))
        #expect(white.width == 1 && white.height == 1 && white.colour?.transfer == "iec61966-2-1")
    }

    @Test("irot turns the picture and its alpha: libavif's abc_color_irot_alpha_irot is 512x256 shown 256x512")
    func turned() throws {
        let turned = try #require(image(thirdParty("libavif_abc_color_irot_alpha_irot.avif")))
        #expect(turned.width == 512 && turned.height == 256 && turned.orientation == 8)
        #expect(turned.displayWidth == 256 && turned.displayHeight == 512 && turned.hasAlpha == true)
        let picture = try Pictures.image(
            thirdParty("libavif_abc_color_irot_alpha_irot.avif"), format: .avif, maxSide: 0, timeoutSeconds: 30)
        #expect(picture.width == 256 && picture.height == 512)
    }

    @Test("clap, irot and imir not marked essential are applied, as libheif applies them (libavif refuses the file)")
    func inessentialTransforms() throws {
        let shown = try #require(image(thirdParty("libavif_clap_irot_imir_non_essential.avif")))
        #expect(shown.width == 8 && shown.height == 10 && shown.orientation == 5, "\(shown)")
        #expect(shown.displayWidth == 10 && shown.displayHeight == 8 && shown.hasAlpha == true)
    }

    @Test("colour as the colr box states it, the same on every libheif: 2/2/2 full range is only the range; no box, none")
    func colourFromTheBox() throws {
        // libheif 1.15 reports this box's full range and 1.23 does not; neither may speak for a box
        // that is not there.
        let unspecified = try #require(image(thirdParty("libavif_clap_irot_imir_non_essential.avif")))
        #expect(unspecified.colour == VideoColour(transfer: nil, primaries: nil, matrix: nil, fullRange: true))
        let none = try #require(image(thirdParty("libavif_alpha_noispe.avif")))
        #expect(none.colour == nil)
    }

    @Test("an alpha item with no ispe is alpha (libavif's AlphaNoIspeTest, once strictness allows it)")
    func alphaWithoutSize() throws {
        let alpha = try #require(image(thirdParty("libavif_alpha_noispe.avif")))
        #expect(alpha.hasAlpha == true && alpha.width == 80 && alpha.height == 80)
    }

    @Test("the clean aperture is the size: 12x8 coded, 6x4 cropped and turned a quarter, or 1x1")
    func cleanAperture() throws {
        let crop = try #require(image(TestPaths.fixture("avif_clap_irot.avif")))
        #expect(crop.width == 6 && crop.height == 4 && crop.orientation == 8)
        #expect(crop.displayWidth == 4 && crop.displayHeight == 6)
        let one = try #require(image(TestPaths.fixture("avif_clap_1x1.avif")))
        #expect(one.width == 1 && one.height == 1)
    }

    @Test("pixels as shown: cropped to the aperture, then turned (lime, white over red, blue)")
    func shownPixels() throws {
        let picture = try Pictures.image(TestPaths.fixture("avif_clap_irot.avif"), format: .avif, maxSide: 0, timeoutSeconds: 30)
        // Lossless AV1 of RGB as YUV 4:4:4 comes back within a step of each value.
        func near(_ colour: UInt32?, _ expected: UInt32) -> Bool {
            guard let colour else { return false }
            return stride(from: 0, to: 32, by: 8).allSatisfy { abs(Int(colour >> $0 & 0xFF) - Int(expected >> $0 & 0xFF)) <= 2 }
        }
        #expect(picture.width == 4 && picture.height == 6)
        #expect(near(picture.rgba(x: 0, y: 0), 0x00FF_00FF))
        #expect(near(picture.rgba(x: 3, y: 0), 0xFFFF_FFFF))
        #expect(near(picture.rgba(x: 0, y: 5), 0xFF00_00FF))
        #expect(near(picture.rgba(x: 3, y: 5), 0x0000_FFFF))
        let one = try Pictures.image(TestPaths.fixture("avif_clap_1x1.avif"), format: .avif, maxSide: 0, timeoutSeconds: 30)
        #expect(one.width == 1 && one.height == 1 && near(one.rgba(x: 0, y: 0), 0xFF00_00FF))
    }

    @Test("decoded near a size asked for: libheif's example-sized HEIC reduced as a JPEG is")
    func reduced() throws {
        let full = try Pictures.image(thirdParty("libheif_colors-with-alpha.heic"), format: .heic, maxSide: 0, timeoutSeconds: 30)
        let small = try Pictures.image(
            thirdParty("libheif_colors-with-alpha.heic"), format: .heic, maxSide: 16, timeoutSeconds: 30)
        #expect(full.width == 64 && full.height == 64)
        #expect(small.width == 16 && small.height == 16)
    }

    @Test("HEIC with alpha, and HEIF coded in H.264 or JPEG: named heif with their codec and size")
    func libheifFacts() throws {
        let alpha = try #require(image(thirdParty("libheif_colors-with-alpha.heic")))
        #expect(alpha.format == .heic && alpha.codec == "hevc" && alpha.hasAlpha == true && alpha.width == 64)
        let avc = try #require(image(thirdParty("libheif_avc32.heif")))
        #expect(avc.format == .heif && avc.codec == "h264" && avc.width == 64 && avc.height == 64)
        let jpeg = try #require(image(thirdParty("libheif_jpeg32.heif")))
        #expect(jpeg.format == .heif && jpeg.codec == "jpeg" && jpeg.width == 32 && jpeg.height == 32)
        let hevc = try #require(image(thirdParty("libheif_hevc32.heif")))
        #expect(hevc.format == .heic && hevc.width == 32 && hevc.bitDepth == 8)
    }

    @Test("a header past the first 4 KiB is read whole: its codec, alpha and size")
    func longHeader() throws {
        let long = try #require(image(thirdParty("libavif_draw_points_idat_long_meta.avif")))
        #expect(long.codec == "av1" && long.hasAlpha == true && long.width == 33 && long.height == 11)
    }

    @Test("the low-overhead form ('mini' box) is named, not handed to FFmpeg")
    func lowOverhead() throws {
        let failure = try #require(refusal(thirdParty("libheif_avif32-mini.heif")))
        #expect(failure.code == .unsupported && failure.message.contains("low-overhead avif ('mini' box"), "\(failure.message)")
    }

    @Test("a profile for nclx colour: Display P3's colorants as Apple's Display P3 profile has them, usable by the writers")
    func profiles() throws {
        let p3 = try #require(ICCProfile.display(for: VideoColour(transfer: "iec61966-2-1", primaries: "smpte432")))
        #expect(rs_img_icc_usable(p3, p3.count) == 1)
        let reader = ByteReader(p3)
        func colorant(_ signature: String) -> [Double] {
            let count = reader.be32(128) ?? 0
            for i in 0..<count where reader.ascii(132 + i * 12, 4) == signature {
                let at = reader.be32(136 + i * 12) ?? 0
                return (0..<3).map { Double(Int32(truncatingIfNeeded: reader.be32(at + 8 + $0 * 4) ?? 0)) / 65536 }
            }
            return []
        }
        // Apple's Display P3.icc: rXYZ, gXYZ, bXYZ.
        let apple: [String: [Double]] = [
            "rXYZ": [0.51512, 0.24120, -0.00105], "gXYZ": [0.29198, 0.69225, 0.04189], "bXYZ": [0.15710, 0.06657, 0.78407],
        ]
        for (tag, values) in apple {
            let ours = colorant(tag)
            #expect(ours.count == 3 && zip(ours, values).allSatisfy { abs($0 - $1) < 0.0005 }, "\(tag): \(ours)")
        }
        #expect(ICCProfile.display(for: VideoColour(transfer: "iec61966-2-1", primaries: "bt709")) == nil)
        #expect(ICCProfile.display(for: VideoColour(transfer: "smpte2084", primaries: "bt2020")) == nil)
        #expect(
            ICCProfile.display(for: VideoColour(transfer: "linear", primaries: "bt2020")).map { rs_img_icc_usable($0, $0.count) }
                == 1)
    }
}
