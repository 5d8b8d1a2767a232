// `reelshare preview`, run as a user would: every PNG it writes is read back with the ffmpeg CLI
// and checked pixel by pixel where the layout says things go.
import Foundation
import ReelShareTestSupport
import Testing

private let media = "Tests/Fixtures/media"

/// A decoded PNG: its size and RGBA bytes, read by ffmpeg.
private struct RGBA {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init(_ path: String, in directory: URL) throws {
        let raw = directory.appendingPathComponent("read-\(UUID().uuidString.prefix(6)).rgba").path
        let (status, _) = try runCommand(
            ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", raw], in: directory)
        try #require(status == 0, "ffmpeg cannot read \(path)")
        let (_, size) = try runCommand(
            ["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", path], in: directory)
        let parts = size.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        try #require(parts.count == 2)
        (width, height) = (parts[0], parts[1])
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        try #require(bytes.count == width * height * 4)
    }

    /// 0xRRGGBB at (x, y).
    func rgb(_ x: Int, _ y: Int) -> UInt32 {
        let at = (y * width + x) * 4
        return UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
    }
}

/// Makes a solid PNG of `color` (ffmpeg's colour syntax) and `size`.
private func solid(_ name: String, color: String, size: String, in directory: URL) throws {
    let (status, _) = try runCommand(
        [
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(color):s=\(size),format=rgb24",
            "-frames:v", "1", name,
        ],
        in: directory)
    try #require(status == 0)
}

@Suite("reelshare preview (in process)")
struct PreviewCommandTests {
    @Test("a gradient from the top colour to the bottom one, a sticker of a known colour where the layout puts it")
    func gradientAndSticker() throws {
        let directory = try scratch("preview")
        defer { try? FileManager.default.removeItem(at: directory) }
        try solid("green.png", color: "0x00FF00", size: "64x48", in: directory)
        let result = runReelshare(
            [
                "preview", "--target", "ig-stories", "--sticker", "green.png", "--top-color", "#FF0000", "--bottom-color",
                "#0000FF", "--size", "108x192", "--format", "json", "-o", "out.png",
            ], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.json)
        // 60% x 40% of the canvas: 64x48 scaled 1.0125 to 65x49, centred.
        let rect = try #require((json["sticker"] as? [String: Any])?["rect"] as? [String: Int])
        #expect(rect == ["x": 22, "y": 72, "width": 65, "height": 49])
        #expect((json["sticker"] as? [String: Any])?["approximation"] as? Bool == true)
        #expect((json["background"] as? [String: Any])?["kind"] as? String == "colors")
        let png = try RGBA(directory.appendingPathComponent("out.png").path, in: directory)
        #expect(png.width == 108 && png.height == 192)
        #expect(png.rgb(0, 0) == 0xFF0000 && png.rgb(107, 0) == 0xFF0000)
        #expect(png.rgb(0, 191) == 0x0000FF)
        // Halfway down: half of each, in sRGB values.
        let middle = png.rgb(0, 96)
        #expect(abs(Int(middle >> 16) - 127) <= 2 && abs(Int(middle & 0xFF) - 128) <= 2, "\(String(middle, radix: 16))")
        for (x, y) in [(22, 72), (86, 72), (22, 120), (86, 120), (54, 96)] { #expect(png.rgb(x, y) == 0x00FF00, "\(x),\(y)") }
        for (x, y) in [(21, 96), (87, 96), (54, 71), (54, 121)] { #expect(png.rgb(x, y) != 0x00FF00, "\(x),\(y)") }
        let (checked, _) = try runCommand(["pngcheck", "-q", "out.png"], in: directory)
        #expect(checked == 0, "pngcheck refuses the PNG")
    }

    @Test("a phone clip turned by its display matrix fills the canvas upright, as ffmpeg autorotates it")
    func rotatedBackground() throws {
        let directory = try scratch("preview")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clip = TestPaths.fixture("h264_rotate90.mp4")
        let result = runReelshare(
            ["preview", "--target", "ig-stories", "--video", clip, "--size", "72x128", "-o", "r.png"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "background  \(clip), the frame at 0 s: 72x128 at 0,0 of it scaled 1x to fill the canvas (approximation)"))
        let drawn = try RGBA(directory.appendingPathComponent("r.png").path, in: directory)
        let (status, _) = try runCommand(
            ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", clip, "-frames:v", "1", "ff.png"], in: directory)
        try #require(status == 0)
        let reference = try RGBA(directory.appendingPathComponent("ff.png").path, in: directory)
        #expect(reference.width == 72 && reference.height == 128)
        let total = zip(drawn.bytes, reference.bytes).enumerated().filter { $0.offset % 4 != 3 }.reduce(0) {
            $0 + abs(Int($1.element.0) - Int($1.element.1))
        }
        #expect(Double(total) / Double(72 * 128 * 3) < 8)
    }

    @Test("--safe-zones darkens the bands the interface covers; a sticker placed in one is a warning")
    func safeZones() throws {
        let directory = try scratch("preview")
        defer { try? FileManager.default.removeItem(at: directory) }
        try solid("white.png", color: "white", size: "64x48", in: directory)
        let plain = runReelshare(
            [
                "preview", "--target", "fb-stories", "--sticker", "white.png", "--top-color", "#808080", "--size", "100x200",
                "-o", "a.png",
            ],
            in: directory)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("warning[build.color-pair]"))
        let tinted = runReelshare(
            [
                "preview", "--target", "fb-stories", "--sticker", "white.png", "--top-color", "#808080", "--size", "100x200",
                "--safe-zones",
                "-o", "b.png",
            ], in: directory)
        #expect(tinted.status == 0)
        let a = try RGBA(directory.appendingPathComponent("a.png").path, in: directory)
        let b = try RGBA(directory.appendingPathComponent("b.png").path, in: directory)
        // Top 14% (28 rows) and bottom 20% (40 rows) of 200: half-black over grey; the middle as it was.
        #expect(a.rgb(50, 10) == 0x808080 && b.rgb(50, 10) == 0x404040)
        #expect(b.rgb(50, 170) == 0x404040 && b.rgb(50, 100) == a.rgb(50, 100))
        #expect(b.rgb(50, 27) == 0x404040 && b.rgb(50, 28) == 0x808080)

        // A profile whose sticker sits at the top: the layout is data, and the warning names the band.
        let profile = try #require(runReelshare(["targets", "--format", "json"]).json)
        var targets = try #require(profile["targets"] as? [[String: Any]])
        let index = try #require(targets.firstIndex { $0["id"] as? String == "fb-stories" })
        var layout = try #require(targets[index]["layout"] as? [String: Any])
        var sticker = try #require(layout["sticker"] as? [String: Any])
        sticker["centerY"] = 0.1
        layout["sticker"] = sticker
        targets[index]["layout"] = layout
        let data = try JSONSerialization.data(withJSONObject: [
            "schemaVersion": profile["schemaVersion"] as Any, "targets": [targets[index]],
        ])
        try data.write(to: directory.appendingPathComponent("high.json"))
        let high = runReelshare(
            [
                "preview", "--profile", "high.json", "--target", "fb-stories", "--sticker", "white.png", "--size", "100x200",
                "-o", "c.png",
            ],
            in: directory)
        #expect(high.status == 0, "\(high.stderr)")
        #expect(
            high.stderr.contains(
                "white.png: warning[preview.safe-zone] fb-stories: the sticker (60x45 at 20,-3) reaches into the top band the app's interface covers"
            ),
            "\(high.stderr)")
        let strict = runReelshare(
            ["preview", "--profile", "high.json", "--target", "fb-stories", "--sticker", "white.png", "--strict", "-o", "d.png"],
            in: directory)
        #expect(strict.status == 1 && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("d.png").path))
    }

    /// Bad requests: the arguments, the exit status, and words the error must contain.
    static let refusals: [(arguments: [String], status: Int32, says: String)] = [
        (["--target", "ig-reels", "--sticker", "\(media)/sticker_rgba_640x480.png"], 64, "ig-reels needs a background"),
        (
            ["--target", "ig-stories", "--background-image", "\(media)/background_720x1280.jpg", "--at", "2"], 64,
            "--at picks a frame"
        ),
        (["--target", "ig-stories", "--video", "\(media)/h264_aac_10s.mp4", "--size", "1080"], 64, "expected WIDTHxHEIGHT"),
        (["--target", "ig-stories", "--video", "\(media)/h264_aac_10s.mp4", "--at", "-1"], 64, "invalid value '-1' for --at"),
        (
            ["--target", "ig-stories", "--video", "\(media)/h264_aac_10s.mp4", "--at", "0x10"], 64,
            "invalid value '0x10' for --at"
        ),
        (["--target", "ig-stories", "--video", "\(media)/h264_aac_10s.mp4", "--at", "inf"], 64, "invalid value 'inf' for --at"),
        (["--target", "ig-reels-api", "--video", "\(media)/h264_aac_10s.mp4"], 64, "validate-only"),
        (["--target", "ig-stories", "--video", "\(media)/av1.mp4"], 1, "video.codec"),
        (["--target", "ig-stories", "--sticker", "\(media)/missing.png"], 66, "no such file"),
        (["--target", "ig-stories", "--sticker", "\(media)/crc_error.png"], 65, "CRC error"),
    ]

    @Test("a sticker's transparent pixels lend no colour to its edges when it is scaled (alpha is premultiplied)")
    func noFringes() throws {
        let directory = try scratch("preview")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Left half red with alpha 0 (invisible, but its colour is stored), right half opaque green.
        let (made, _) = try runCommand(
            [
                "ffmpeg", "-nostdin", "-v", "error", "-y", "-filter_complex",
                "color=c=red@0:s=128x256,format=rgba[a];color=c=0x00FF00:s=128x256,format=rgba[b];[a][b]hstack,format=rgba",
                "-frames:v", "1", "edge.png",
            ], in: directory)
        try #require(made == 0)
        let sticker = try RGBA(directory.appendingPathComponent("edge.png").path, in: directory)
        try #require(sticker.bytes[0] == 255 && sticker.bytes[3] == 0, "the transparent half keeps its red")
        let result = runReelshare(
            [
                "preview", "--target", "ig-stories", "--sticker", "edge.png", "--top-color", "#FFFFFF", "--bottom-color",
                "#FFFFFF", "--size", "160x160", "-o", "out.png",
            ], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let canvas = try RGBA(directory.appendingPathComponent("out.png").path, in: directory)
        // Green at any coverage over white keeps red equal to blue; red bleeding in would not.
        var worst = 0
        var green = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = canvas.rgb(x, y)
                worst = max(worst, abs(Int(pixel >> 16) - Int(pixel & 0xFF)))
                if pixel == 0x00FF00 { green += 1 }
            }
        }
        #expect(worst <= 2, "a pixel's red and blue differ by \(worst)")
        #expect(green > 1000, "the sticker is drawn (\(green) green pixels)")
    }

    @Test("refused previews exit with the right status, say why, and leave no file", arguments: refusals)
    func refused(arguments: [String], status: Int32, says: String) throws {
        let directory = try scratch("preview")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("p.png").path
        let result = runReelshare(["preview", "-o", output] + arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(runReelshare(["preview", "--target", "ig-stories", "--video", "\(media)/h264_aac_10s.mp4"]).status == 64)
    }

    @Test("--force draws what the target refuses; an unwritable output is 73 and leaves the old file")
    func forceAndOutput() throws {
        let directory = try scratch("preview")
        defer { try? FileManager.default.removeItem(at: directory) }
        let forced = runReelshare(
            [
                "preview", "--target", "ig-stories", "--video", TestPaths.fixture("av1.mp4"), "--force", "--size", "90x160", "-o",
                "f.png",
            ],
            in: directory)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.contains("error[video.codec]"))
        #expect(try RGBA(directory.appendingPathComponent("f.png").path, in: directory).width == 90)
        try "old".write(to: directory.appendingPathComponent("keep.png"), atomically: true, encoding: .utf8)
        let refused = runReelshare(
            ["preview", "--target", "ig-stories", "--video", TestPaths.fixture("av1.mp4"), "-o", "keep.png"], in: directory)
        #expect(refused.status == 1)
        #expect(try String(contentsOf: directory.appendingPathComponent("keep.png"), encoding: .utf8) == "old")
        let nowhere = runReelshare(
            ["preview", "--target", "ig-stories", "--video", TestPaths.fixture("h264_aac_10s.mp4"), "-o", "/nonexistent/p.png"])
        #expect(nowhere.status == 73 && nowhere.stderr.contains("cannot write /nonexistent/p.png"))
    }

}
