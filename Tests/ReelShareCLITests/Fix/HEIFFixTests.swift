// An iPhone's HEIC photo, as users have it, fixed in process: a grid of HEVC tiles turned by irot,
// in Display P3, held to what libheif's own heif-convert makes of it.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("An iPhone photo fixed through libheif")
struct HEIFFixTests {
    /// pillow_heif's arrow.heic: an iPhone 8 Plus portrait, 4032x3024 stored and turned by irot
    /// (Tests/Fixtures/thirdparty/README.md).
    private static let photo = TestPaths.packageRoot.appendingPathComponent(
        "Tests/Fixtures/thirdparty/heif/pillow_heif_arrow.heic")

    @Test("probed as shown: 4032x3024 tiles of HEVC turned to a 3024x4032 portrait, with its ICC profile")
    func probed() throws {
        let result = runReelshare(["probe", "--format", "json", Self.photo.path])
        let files = try #require(result.json?["files"] as? [[String: Any]], "\(result.stderr)")
        let image = try #require(files.first?["image"] as? [String: Any])
        #expect(image["format"] as? String == "heic" && image["codec"] as? String == "hevc")
        #expect(image["width"] as? Int == 4032 && image["height"] as? Int == 3024 && image["orientation"] as? Int == 6)
        #expect(image["displayWidth"] as? Int == 3024 && image["displayHeight"] as? Int == 4032)
        #expect(image["hasColorProfile"] as? Bool == true && image["hasAlpha"] as? Bool == false)
    }

    @Test(
        "fixed for Instagram Stories into a portrait JPEG carrying Display P3, within 40 dB of heif-convert's picture",
        .enabled(if: Tool.has("heif-convert"), "heif-convert (Debian's libheif-examples) is the oracle")
    )
    func fixed() throws {
        let directory = try scratch("heif")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: Self.photo, to: directory.appendingPathComponent("arrow.heic"))
        let fix = runReelshare(["fix", "--target", "ig-stories", "--", "arrow.heic"], in: directory)
        #expect(fix.status == 0 && fix.stdout.contains("arrow.fixed.jpg"), "\(fix.stderr)")
        #expect(try ffprobe("arrow.fixed.jpg", "v:0", "stream=codec_name,width,height", in: directory) == "mjpeg,3024,4032")
        let jpeg = try Data(contentsOf: directory.appendingPathComponent("arrow.fixed.jpg"))
        // Apple's profile, described in ASCII (a textDescriptionType).
        #expect(jpeg.range(of: Data("ICC_PROFILE".utf8)) != nil && jpeg.range(of: Data("Display P3".utf8)) != nil)
        _ = try runTool(["heif-convert", "arrow.heic", "reference.png"], in: directory)
        #expect(try psnr("arrow.fixed.jpg", "reference.png", "format=rgb24", "format=rgb24", in: directory) > 40)
        #expect(runReelshare(["validate", "--target", "ig-stories", "arrow.fixed.jpg"], in: directory).status == 0)
    }
}
