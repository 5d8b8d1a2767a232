// The verdicts that were wrong on files users really have, each on a file made here with the ffmpeg
// CLI (or by Scripts/fixtures-real-world), with the file that must pass beside the one that must not.
import Foundation
import ReelShareTestSupport
import Testing

/// Rules of `severity` that `target` found in `file`, validated with `arguments` in `directory`.
private func found(
    _ file: String, _ target: String, _ arguments: [String] = [], severity: String = "error", in directory: URL
) throws -> [String] {
    let result = runReelshare(["validate", "--format", "json", "--target", target] + arguments + [file], in: directory)
    let results = try #require(result.json?["results"] as? [[String: Any]], "\(result.stderr)")
    let verdict = try #require((results.first?["targets"] as? [[String: Any]])?.first)
    let findings = try #require(verdict["findings"] as? [[String: Any]])
    return findings.filter { $0["severity"] as? String == severity }.compactMap { $0["rule"] as? String }
}

private let shareTargets = ["ig-reels", "fb-reels", "ig-stories", "fb-stories"]
private func clip(_ size: String = "128x72", seconds: Int = 4) -> [String] {
    ["-f", "lavfi", "-i", "testsrc2=s=\(size):r=10", "-t", "\(seconds)"]
}

@Suite("Verdicts on real-world shapes (each was wrong once)")
struct VerdictTests {
    @Test("codec and container as a pair: VP9 in MP4 and H.264 in WebM are refused; VP9 in WebM and H.264 in MP4 pass")
    func codecContainer() throws {
        let directory = try scratch("verdict")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg("vp9.mp4", clip() + ["-c:v", "libvpx-vp9", "-b:v", "100k"], in: directory)
        try makeWithFFmpeg("vp9.webm", clip() + ["-c:v", "libvpx-vp9", "-b:v", "100k"], in: directory)
        try makeWithFFmpeg("h264.mp4", clip() + ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"], in: directory)
        let recorder = TestPaths.fixture("mediarecorder_h264.webm")
        for target in shareTargets {
            #expect(try found("vp9.mp4", target, in: directory) == ["video.codec-container"], "\(target)")
            #expect(try found(recorder, target, in: directory) == ["video.codec-container"], "\(target)")
            #expect(try found("vp9.webm", target, ["--strict"], in: directory).isEmpty, "\(target)")
            #expect(try found("h264.mp4", target, ["--strict"], in: directory).isEmpty, "\(target)")
        }
    }

    @Test("what an iPhone plays: hev1 and H.264 beyond 8-bit 4:2:0 are iOS errors; hvc1 passes; Android differs")
    func iPhone() throws {
        let directory = try scratch("verdict")
        defer { try? FileManager.default.removeItem(at: directory) }
        let x265 = ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"]
        try makeWithFFmpeg("hev1.mp4", clip() + x265, in: directory)  // libx265's default tag in MP4
        try makeWithFFmpeg("hvc1.mp4", clip() + x265 + ["-tag:v", "hvc1"], in: directory)
        for (name, format) in [("high10.mp4", "yuv420p10le"), ("high422.mp4", "yuv422p")] {
            try makeWithFFmpeg(name, clip() + ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", format], in: directory)
        }
        let probe = runReelshare(["probe", "--format", "json", "hev1.mp4", "hvc1.mp4"], in: directory)
        let tags = (probe.json?["files"] as? [[String: Any]])?.map { ($0["video"] as? [String: Any])?["codecTag"] as? String }
        #expect(tags == ["hev1", "hvc1"])
        for target in shareTargets {
            #expect(try found("hev1.mp4", target, ["--platform", "ios"], in: directory) == ["video.codec-tag"])
            #expect(try found("hev1.mp4", target, ["--platform", "android", "--strict"], in: directory).isEmpty)
            #expect(try found("hvc1.mp4", target, ["--platform", "both", "--strict"], in: directory).isEmpty)
            for file in ["high10.mp4", "high422.mp4"] {
                #expect(try found(file, target, ["--platform", "ios"], in: directory) == ["video.profile"], "\(file)")
                let android = try found(file, target, ["--platform", "android"], severity: "warning", in: directory)
                #expect(android == ["video.profile"], "\(file) on Android: \(android)")
            }
        }
    }

    @Test("a phone photo stored 1280x720 with EXIF orientation 6 is a 720x1280 Stories background")
    func exifOrientation() throws {
        let directory = try scratch("verdict")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "stored.jpg", ["-f", "lavfi", "-i", "testsrc2=s=1280x720", "-frames:v", "1", "-q:v", "10"], in: directory)
        // Orientation 6 ("rotate 90 degrees clockwise to display") in a big-endian EXIF APP1 segment.
        let jpeg = try Data(contentsOf: directory.appendingPathComponent("stored.jpg"))
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let exif = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        try (jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)).write(to: directory.appendingPathComponent("phone.jpg"))

        let stories = ["--as", "background", "--strict"]
        #expect(try found("phone.jpg", "ig-stories", stories, in: directory).isEmpty)
        #expect(try found("phone.jpg", "fb-stories", stories, in: directory).isEmpty)
        // The same pixels without the orientation are a landscape picture below the minimum.
        #expect(
            try found("stored.jpg", "ig-stories", ["--as", "background"], severity: "warning", in: directory) == [
                "image.dimensions", "image.aspect",
            ])
    }

    @Test("fixes keep what the file shows: a PNG turned by EXIF stays upright, a cut clip stays cut")
    func fixesKeepTheShownPicture() throws {
        let directory = try scratch("verdict")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A 1280x720 PNG whose eXIf says orientation 6: shown 720x1280, over the 640x480 sticker size.
        try makeWithFFmpeg("stored.png", ["-f", "lavfi", "-i", "testsrc2=s=1280x720", "-frames:v", "1"], in: directory)
        var png = try Data(contentsOf: directory.appendingPathComponent("stored.png"))
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        var chunk = Data([0, 0, 0, UInt8(tiff.count)]) + Data("eXIf".utf8) + Data(tiff)
        let crc = try runCommand([
            "python3", "-c", "import sys,zlib; print(zlib.crc32(bytes.fromhex(sys.argv[1])))",
            (Data("eXIf".utf8) + Data(tiff)).map { String(format: "%02x", $0) }.joined(),
        ])
        let value = try #require(UInt32(crc.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        chunk += Data([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
        png.insert(contentsOf: chunk, at: 33)  // after the signature and IHDR
        try png.write(to: directory.appendingPathComponent("phone.png"))
        let result = runReelshare(["validate", "--format", "json", "--target", "ig-stories", "phone.png"], in: directory)
        let verdict = try #require(((result.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
        let fix = try #require(verdict["fix"] as? String)
        #expect(
            fix.contains(
                "-noautorotate -i phone.png -vf transpose=1,sidedata=mode=delete:type=DISPLAYMATRIX,"
                    + "scale=640:480:force_original_aspect_ratio=decrease"), "\(fix)")
        let (status, _) = try runCommand(
            ["sh", "-c", fix.replacingOccurrences(of: "ffmpeg ", with: "ffmpeg -v error -y ")], in: directory)
        #expect(status == 0)
        let probe = runReelshare(["probe", "--format", "json", "phone.fixed.png"], in: directory)
        let image = try #require((probe.json?["files"] as? [[String: Any]])?.first?["image"] as? [String: Any])
        #expect(image["displayWidth"] as? Int == 270 && image["displayHeight"] as? Int == 480, "\(image)")

        // The same for a JPEG whose EXIF says orientation 6: the printed command turns it on every
        // ffmpeg (before 8.0 the CLI turns a JPEG itself, from 8.0 any image) and writes no orientation.
        try makeWithFFmpeg("stored.jpg", ["-f", "lavfi", "-i", "testsrc2=s=1280x720", "-frames:v", "1"], in: directory)
        let jpeg = try Data(contentsOf: directory.appendingPathComponent("stored.jpg"))
        let exif = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        try (jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)).write(to: directory.appendingPathComponent("phone.jpg"))
        let jpegResult = runReelshare(["validate", "--format", "json", "--target", "ig-stories", "phone.jpg"], in: directory)
        let jpegVerdict = try #require(
            ((jpegResult.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first)
        let jpegFix = try #require(jpegVerdict["fix"] as? String)
        let (jpegStatus, _) = try runCommand(
            ["sh", "-c", jpegFix.replacingOccurrences(of: "ffmpeg ", with: "ffmpeg -v error -y ")], in: directory)
        #expect(jpegStatus == 0, "\(jpegFix)")
        let jpegProbe = runReelshare(["probe", "--format", "json", "phone.fixed.jpg"], in: directory)
        let fixedJPEG = try #require((jpegProbe.json?["files"] as? [[String: Any]])?.first?["image"] as? [String: Any])
        #expect(fixedJPEG["displayWidth"] as? Int == 270 && fixedJPEG["displayHeight"] as? Int == 480, "\(fixedJPEG)")

        // A clip cut between keyframes keeps its cut: 2.7 s, not the 4 s it was cut from.
        try makeWithFFmpeg(
            "whole.mp4", clip() + ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "20"], in: directory)
        try makeWithFFmpeg("cut.mp4", ["-ss", "1.3", "-i", "whole.mp4", "-c", "copy"], in: directory)
        let cut = runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", "cut.mp4"], in: directory)
        let findings = try #require(
            ((cut.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first?["findings"]
                as? [[String: Any]])
        let editFix = try #require(findings.first { $0["rule"] as? String == "video.edit-list" }?["fix"] as? String)
        let (edited, _) = try runCommand(
            ["sh", "-c", editFix.replacingOccurrences(of: "ffmpeg ", with: "ffmpeg -v error -y ")], in: directory)
        #expect(edited == 0)
        let fixed = runReelshare(["probe", "--format", "json", "cut.fixed.mp4"], in: directory)
        let file = try #require((fixed.json?["files"] as? [[String: Any]])?.first)
        let duration = try #require(file["durationSeconds"] as? Double)
        #expect(abs(duration - 2.7) < 0.15, "\(duration)")
        #expect(file["editListEffect"] as? String != "trim")
    }

    @Test("backgrounds of 1080x1920 and 720x1280 pass every Stories target; a 108-megapixel photo is a size warning")
    func backgroundSizes() throws {
        let directory = try scratch("verdict")
        defer { try? FileManager.default.removeItem(at: directory) }
        for size in ["1080x1920", "720x1280"] {
            try makeWithFFmpeg("\(size).jpg", ["-f", "lavfi", "-i", "color=c=teal:s=\(size)", "-frames:v", "1"], in: directory)
            for target in ["ig-stories", "fb-stories"] {
                #expect(try found("\(size).jpg", target, ["--as", "background", "--strict"], in: directory).isEmpty)
            }
        }
        try makeWithFFmpeg("photo.jpg", ["-f", "lavfi", "-i", "color=c=teal:s=12000x9000", "-frames:v", "1"], in: directory)
        let result = runReelshare(["validate", "--as", "background", "--target", "fb-stories", "photo.jpg"], in: directory)
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "photo.jpg: warning[image.dimensions] fb-stories: 12000x9000 is larger than the recommended 2160x3840"))
        #expect(!result.stdout.contains("media.unreadable"))
    }

    @Test("an animated PNG sticker is a warning that names its frame count")
    func animatedSticker() throws {
        let directory = try scratch("verdict")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "moving.png", ["-f", "lavfi", "-i", "testsrc2=s=64x48:r=5", "-t", "1", "-plays", "0", "-f", "apng"], in: directory)
        try makeWithFFmpeg("still.png", ["-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1"], in: directory)
        for target in shareTargets {
            let result = runReelshare(["validate", "--target", target, "moving.png"], in: directory)
            #expect(result.status == 0)
            #expect(
                result.stdout.contains(
                    "warning[image.animated] \(target): an animated PNG of 5 frames: the composer shows its first frame only"))
            #expect(try found("still.png", target, ["--strict"], in: directory).isEmpty)
        }
    }

    @Test("an edit list that changes nothing is not an edit list; a cut or a delay is, with its real span")
    func editLists() throws {
        let directory = try scratch("verdict")
        defer { try? FileManager.default.removeItem(at: directory) }
        let h264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "20"]
        try makeWithFFmpeg("plain.mp4", clip() + h264, in: directory)  // B-frames: one edit over the whole media
        try makeWithFFmpeg("cut.mp4", ["-ss", "1.3", "-i", "plain.mp4", "-c", "copy"], in: directory)  // starts between keyframes
        try makeWithFFmpeg("late.mp4", ["-i", "plain.mp4", "-c", "copy", "-output_ts_offset", "2"], in: directory)
        let probe = runReelshare(["probe", "--format", "json", "plain.mp4", "cut.mp4", "late.mp4"], in: directory)
        let files = try #require(probe.json?["files"] as? [[String: Any]])
        #expect(files.map { $0["editList"] as? Bool } == [true, true, true])
        #expect(files.map { $0["editListEffect"] as? String } == ["none", "trim", "delay"])
        #expect(files.map { $0["startSeconds"] as? Double } == [nil, nil, 2])
        #expect(files.map { $0["durationSeconds"] as? Double } == [4, 2.7, 6])
        #expect(try !found("plain.mp4", "ig-reels-api", in: directory).contains("video.edit-list"))
        #expect(try found("cut.mp4", "ig-reels-api", in: directory).contains("video.edit-list"))
        #expect(try found("late.mp4", "ig-reels-api", in: directory).contains("video.edit-list"))
    }

    @Test("timestamps rounded to milliseconds are a constant frame rate; a real change of rate is not")
    func frameRate() throws {
        let directory = TestPaths.packageRoot
        let steady = try found(TestPaths.fixture("h264_30fps_ms_timestamps.mp4"), "fb-reels-api", in: directory)
        #expect(!steady.contains("video.frame-rate.constant"), "\(steady)")
        let variable = try found(TestPaths.fixture("h264_vfr_30_then_10.mp4"), "fb-reels-api", in: directory)
        #expect(variable.contains("video.frame-rate.constant"), "\(variable)")
    }

    @Test("H.264 and AAC in 3GP (older Android phones) is accepted with a warning that says why")
    func threeGP() throws {
        let directory = try scratch("verdict")
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeWithFFmpeg(
            "phone.3gp",
            clip() + ["-f", "lavfi", "-i", "sine=sample_rate=44100", "-t", "4", "-c:v", "libx264", "-preset", "veryfast"]
                + ["-pix_fmt", "yuv420p", "-c:a", "aac"], in: directory)
        for target in shareTargets {
            let result = runReelshare(["validate", "--target", target, "phone.3gp"], in: directory)
            #expect(result.status == 0, "\(target): \(result.stdout)")
            #expect(result.stdout.contains("warning[video.container] \(target): container 3gp is not among mp4, mov, webm"))
            #expect(result.stdout.contains("AVFoundation (public.3gpp) and Android's MediaExtractor both open it"))
            #expect(runReelshare(["validate", "--strict", "--target", target, "phone.3gp"], in: directory).status == 1)
        }
    }
}
