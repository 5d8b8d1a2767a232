// Pictures as shown: each frame or image reelshare draws is compared, pixel by pixel, with what the
// ffmpeg CLI makes of the same file told explicitly how to turn, flip or widen it.
import Foundation
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

/// The RGBA bytes ffmpeg writes for `arguments` (input options, -i FILE, filters), one frame.
private func ffmpegRGBA(_ arguments: [String], in directory: URL) throws -> [UInt8] {
    let output = directory.appendingPathComponent("reference-\(UUID().uuidString.prefix(6)).rgba")
    let (status, _) = try runCommand(
        ["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments + [
            "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", output.path,
        ])
    try #require(status == 0, "ffmpeg \(arguments)")
    return [UInt8](try Data(contentsOf: output))
}

/// The mean absolute difference of the colour channels (alpha ignored).
private func difference(_ picture: Picture, _ reference: [UInt8]) -> Double {
    guard reference.count == picture.width * picture.height * 4 else { return .infinity }
    var total = 0
    for y in 0..<picture.height {
        for x in 0..<picture.width {
            let pixel = picture.rgba(x: x, y: y) ?? 0
            let at = (y * picture.width + x) * 4
            total +=
                abs(Int(pixel >> 24) - Int(reference[at])) + abs(Int(pixel >> 16 & 0xFF) - Int(reference[at + 1]))
                + abs(Int(pixel >> 8 & 0xFF) - Int(reference[at + 2]))
        }
    }
    return Double(total) / Double(picture.width * picture.height * 3)
}

@Suite("Pictures: frames and images as a player shows them")
struct PicturesTests {
    let directory: URL

    init() throws { directory = try scratch("pictures") }

    @Test(
        "the first frame decoded by itself is the frame decoded in a run, at the same time: where its packet comes first and where it does not (a cut with an edit list)"
    )
    func firstFrameAlone() throws {
        let cut = directory.appendingPathComponent("cut.mp4").path
        try makeWithFFmpeg("cut.mp4", ["-ss", "0.5", "-i", TestPaths.fixture("h264_aac_10s.mp4"), "-c", "copy"], in: directory)
        let names = [
            "h264_aac_10s.mp4", "h264_rotate90.mp4", "h264_sar_4x3.mp4", "hevc.mp4", "hevc.mov", "hevc_main10_hlg.mp4", "av1.mp4",
            "vp9_opus.webm", "h264_aac.ts", "piped_70s.mkv", "mediarecorder_h264.webm", "h264_index_at_end.mp4",
            "mpeg4_part2.mp4", "chromium_recording.webm", "h264_interlaced_tff.mp4",
        ]
        for path in names.map(TestPaths.fixture) + [cut] {
            let (alone, aloneAt) = try Pictures.videoFrame(path, at: nil, firstAlone: true, timeoutSeconds: 10)
            let (run, runAt) = try Pictures.videoFrame(path, at: nil, timeoutSeconds: 10)
            #expect(aloneAt == runAt, "\(path)")
            #expect(alone.width == run.width && alone.height == run.height, "\(path)")
            let same = (0..<run.height).allSatisfy { y in
                (0..<run.width).allSatisfy { x in alone.rgba(x: x, y: y) == run.rgba(x: x, y: y) }
            }
            #expect(same, "\(path)")
        }
    }

    @Test("a frame converted straight to a smaller size keeps its shown size, turned: 72x128 shown, 36x64 made")
    func reducedAndTurned() throws {
        let (frame, _) = try Pictures.videoFrame(
            TestPaths.fixture("h264_rotate90.mp4"), at: nil, firstAlone: true, maxSide: 64, timeoutSeconds: 10)
        #expect(frame.width == 36 && frame.height == 64)
        #expect(frame.shownSize == (72, 128))
        let widened = try Pictures.videoFrame(TestPaths.fixture("h264_sar_4x3.mp4"), at: nil, timeoutSeconds: 10).0
        let small = try Pictures.videoFrame(TestPaths.fixture("h264_sar_4x3.mp4"), at: nil, maxSide: 32, timeoutSeconds: 10).0
        #expect(small.shownSize == (widened.width, widened.height) && max(small.width, small.height) == 32)
    }

    @Test("a clip turned 90 degrees by its display matrix is drawn upright, as ffmpeg autorotates it")
    func rotated() throws {
        let path = TestPaths.fixture("h264_rotate90.mp4")
        let (frame, shown) = try Pictures.videoFrame(path, at: nil, timeoutSeconds: 10)
        #expect(frame.width == 72 && frame.height == 128)
        #expect(shown == 0)
        let upright = try ffmpegRGBA(["-i", path], in: directory)  // ffmpeg turns by the matrix itself
        let sideways = try ffmpegRGBA(["-noautorotate", "-i", path, "-vf", "transpose=2"], in: directory)
        #expect(difference(frame, upright) < 8, "\(difference(frame, upright))")
        #expect(difference(frame, sideways) > 3 * difference(frame, upright))
    }

    @Test("a clip mirrored by its display matrix (a selfie) is drawn flipped back")
    func mirrored() throws {
        let path = TestPaths.fixture("h264_mirrored.mp4")
        let (frame, _) = try Pictures.videoFrame(path, at: nil, timeoutSeconds: 10)
        #expect(frame.width == 64 && frame.height == 36)
        // FFmpeg 5.1's own autorotate reads this matrix as a half turn; the flip is what it says.
        let flipped = try ffmpegRGBA(["-noautorotate", "-i", path, "-vf", "hflip"], in: directory)
        let stored = try ffmpegRGBA(["-noautorotate", "-i", path], in: directory)
        #expect(difference(frame, flipped) < 8, "\(difference(frame, flipped))")
        #expect(difference(frame, stored) > 3 * difference(frame, flipped))
    }

    /// A plain clip with its track's display matrix replaced by `a b c d` (16.16) and `tx ty`, in
    /// pixels: the patch a phone's muxer would have written.
    private func matrixClip(_ name: String, a: Int32, b: Int32, c: Int32, d: Int32, tx: Int32, ty: Int32) throws -> String {
        let plain = directory.appendingPathComponent("plain-\(name)").path
        let (made, _) = try runCommand([
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x36:r=5", "-t", "1", "-c:v", "libx264",
            "-preset", "veryfast", "-pix_fmt", "yuv420p", plain,
        ])
        try #require(made == 0)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        let tkhd = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(Array("tkhd".utf8)) })
        try #require(bytes[tkhd + 4] == 0, "tkhd version 0")
        let matrix = tkhd + 4 + 40
        for (slot, value) in [
            (0, a * 0x10000), (1, b * 0x10000), (3, c * 0x10000), (4, d * 0x10000), (6, tx << 16), (7, ty << 16),
        ] {
            let bits = UInt32(bitPattern: value)
            for byte in 0..<4 { bytes[matrix + slot * 4 + byte] = UInt8(truncatingIfNeeded: bits >> (24 - 8 * byte)) }
        }
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "a quarter turn and a mirror in one display matrix (a transpose) is drawn as that transpose",
        arguments: [("transpose.mp4", Int32(1), Int32(0)), ("antitranspose.mp4", Int32(-1), Int32(3))])
    func transposed(name: String, sign: Int32, filter: Int32) throws {
        // x' = y, y' = x (or both negated, moved back into view): each is its own inverse, so the
        // direction conventions of the matrix cannot hide a mistake.
        let path = try matrixClip(
            name, a: 0, b: sign, c: sign, d: 0, tx: sign < 0 ? 36 : 0, ty: sign < 0 ? 64 : 0)
        let (frame, _) = try Pictures.videoFrame(path, at: nil, timeoutSeconds: 10)
        #expect(frame.width == 36 && frame.height == 64, "\(frame.width)x\(frame.height)")
        let expected = try ffmpegRGBA(["-noautorotate", "-i", path, "-vf", "transpose=\(filter)"], in: directory)
        let turned = try ffmpegRGBA(["-noautorotate", "-i", path, "-vf", "transpose=\(filter == 0 ? 1 : 2)"], in: directory)
        #expect(difference(frame, expected) < 8, "\(difference(frame, expected))")
        #expect(difference(frame, turned) > 3 * difference(frame, expected))
    }

    @Test("non-square pixels are widened: 90x160 coded at 4:3 is 120x160")
    func sampleAspectRatio() throws {
        let path = TestPaths.fixture("h264_sar_4x3.mp4")
        let (frame, _) = try Pictures.videoFrame(path, at: nil, timeoutSeconds: 10)
        #expect(frame.width == 120 && frame.height == 160)
        let widened = try ffmpegRGBA(["-i", path, "-vf", "scale=120:160:flags=bicubic"], in: directory)
        #expect(difference(frame, widened) < 8, "\(difference(frame, widened))")
    }

    @Test("--at picks the frame shown at that time")
    func atTime() throws {
        // 10 fps, a frame number burnt in by testsrc2: compare with ffmpeg's frame at 1.5 s.
        let path = directory.appendingPathComponent("count.mp4").path
        let (made, _) = try runCommand([
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10", "-t", "3", "-c:v",
            "libx264",
            "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "10", path,
        ])
        try #require(made == 0)
        let (frame, shown) = try Pictures.videoFrame(path, at: 1.5, timeoutSeconds: 10)
        #expect(shown.map { abs($0 - 1.5) < 0.001 } == true, "\(String(describing: shown))")
        let reference = try ffmpegRGBA(["-i", path, "-vf", "select='gte(t,1.5)'"], in: directory)
        let first = try ffmpegRGBA(["-i", path], in: directory)
        #expect(difference(frame, reference) < 8)
        #expect(difference(frame, first) > 3 * difference(frame, reference))
    }

    @Test("--at between two frames shows the earlier one; past the end, the last; in MPEG-TS, from its own start")
    func atBetweenFrames() throws {
        for (container, name) in [("mp4", "five.mp4"), ("mpegts", "five.ts")] {
            let path = directory.appendingPathComponent(name).path
            let (made, _) = try runCommand([
                "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=5", "-t", "2", "-c:v",
                "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "5", "-f", container, path,
            ])
            try #require(made == 0)
            for (at, expected) in [(1.01, 1.0), (1.19, 1.0), (1.2, 1.2), (0.5, 0.4), (1e6, 1.8)] {
                let (frame, shown) = try Pictures.videoFrame(path, at: at, timeoutSeconds: 10)
                #expect(shown.map { abs($0 - expected) < 0.001 } == true, "\(name) at \(at): \(String(describing: shown))")
                let reference = try ffmpegRGBA(
                    ["-i", path, "-vf", "select='gte(n,\(Int((expected * 5).rounded())))'"], in: directory)
                #expect(difference(frame, reference) < 8, "\(name) at \(at): \(difference(frame, reference))")
            }
        }
    }

    @Test("a picture reduced for drawing averages its pixels: a one-pixel checkerboard becomes grey, not black or white")
    func checkerboard() throws {
        let path = directory.appendingPathComponent("checks.png").path
        let (made, _) = try runCommand([
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
            "nullsrc=s=1000x1000,geq=lum='mod(X+Y,2)*255',format=gray",
            "-frames:v", "1", path,
        ])
        try #require(made == 0)
        let picture = try Pictures.image(path, format: .png, maxSide: 250, timeoutSeconds: 10)
        #expect(picture.width <= 500 && picture.height <= 500)
        var extreme = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let grey = Int((picture.rgba(x: x, y: y) ?? 0) >> 24)
                extreme = max(extreme, abs(grey - 128))
            }
        }
        #expect(extreme <= 2, "a pixel is \(extreme) away from grey")
    }

    @Test("a JPEG stored landscape with EXIF orientation 6 is drawn upright")
    func exifOrientation() throws {
        let path = TestPaths.fixture("exif_orientation_6.jpg")
        let picture = try Pictures.image(path, format: .jpeg, maxSide: 0, timeoutSeconds: 10)
        let stored = try ffmpegRGBA(["-noautorotate", "-i", path, "-vf", "transpose=1"], in: directory)
        #expect(picture.width == 48 && picture.height == 64)
        // FFmpeg's MJPEG decoder rounds its IDCT differently from libjpeg: a small difference.
        #expect(difference(picture, stored) < 8, "\(difference(picture, stored))")
    }

    @Test(
        "a PNG turned by its eXIf chunk, palettes and 16-bit pixels come out as RGBA",
        arguments: ["exif_orientation_6.png", "palette.png", "rgb_16bit.png", "interlaced_rgba.png", "grey.png"])
    func pngs(name: String) throws {
        let path = TestPaths.fixture(name)
        let picture = try Pictures.image(path, format: .png, maxSide: 0, timeoutSeconds: 10)
        // FFmpeg 8 and later turn a PNG by its eXIf chunk as reelshare does; earlier ones do not:
        // the reference is the stored picture turned here, the same on every FFmpeg.
        var arguments = ["-noautorotate", "-i", path]
        if name == "exif_orientation_6.png" { arguments += ["-vf", "transpose=1"] }
        let reference = try ffmpegRGBA(arguments, in: directory)
        #expect(reference.count == picture.width * picture.height * 4)
        #expect(difference(picture, reference) < 1.5, "\(name): \(difference(picture, reference))")
    }

    @Test("a large photo is decoded near the size it is drawn at, not whole")
    func reduced() throws {
        let path = directory.appendingPathComponent("big.jpg").path
        let (made, _) = try runCommand([
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=4000x3000", "-frames:v", "1", path,
        ])
        try #require(made == 0)
        let picture = try Pictures.image(path, format: .jpeg, maxSide: 500, timeoutSeconds: 10)
        // libjpeg decodes at 1/4 (1000x750), then each 2x2 block is averaged.
        #expect(picture.width == 500 && picture.height == 375, "\(picture.width)x\(picture.height)")
    }

    @Test(
        "what cannot be drawn is a clear failure, never a crash",
        arguments: [
            ("truncated.jpg", ImageFileFormat.jpeg), ("crc_error.png", .png), ("not_media.txt", .png), ("missing.png", .png),
        ])
    func failures(name: String, format: ImageFileFormat) {
        #expect(throws: ProbeFailure.self) {
            try Pictures.image(TestPaths.fixture(name), format: format, maxSide: 0, timeoutSeconds: 10)
        }
        if name == "not_media.txt" || name == "missing.png" {
            #expect(throws: ProbeFailure.self) { try Pictures.videoFrame(TestPaths.fixture(name), at: nil, timeoutSeconds: 10) }
        }
    }
}
