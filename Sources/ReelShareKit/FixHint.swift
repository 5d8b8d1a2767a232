// Fix hints: the exact command line that makes a file pass, when the fix is mechanical.
//
// Each failing rule contributes changes (trim, scale, re-encode, move the index, retag...) and one
// ffmpeg command is rendered from them, so a finding's own hint and the hint that fixes every
// finding of a target at once come from the same code. A printed fix is a promise, so the command:
// - names its output container from what the target takes (MP4, or WebM for VP8/VP9 kept as
//   they are), never from the input's name, and says it with -f;
// - lands strictly inside a limit (a trim ends a frame and an audio packet short of it; a frame
//   rate is a common one comfortably inside the range);
// - copies what is already fine (the video when only the container or tag changes, AAC audio
//   into MP4) instead of re-encoding it.
// The output goes beside the input as NAME.fixed.mp4 (or .webm); the input is never overwritten.
import Foundation

/// One mechanical change to a video file.
enum VideoChange: Equatable {
    /// End at or before this many seconds (re-encodes: stream copy cuts at packets and overshoots).
    case trim(Double)
    /// Loop until at least this many seconds.
    case loop(Double)
    /// A video filter (scale=..., fps=...).
    case filter(String)
    /// Re-encode the video to H.264 (High, 8-bit 4:2:0) with these extra encoder arguments.
    case h264([String])
    /// Keep the video stream, change the container to MP4.
    case rewrap
    /// Keep the video stream (VP8/VP9), change the container to WebM.
    case rewrapWebM
    /// Keep the video stream, write its sample entry as this tag (hvc1).
    case retag(String)
    /// Re-encode the audio to AAC with these arguments (-ar 48000, -ac 2, -b:a 128k...).
    case aac([String])
    case fastStart
    case dropEditList

    /// Whether the change makes a new video stream (so the encoder's settings matter).
    var reencodesVideo: Bool {
        switch self {
        case .trim, .loop, .filter, .h264: return true
        case .rewrap, .rewrapWebM, .retag, .aac, .fastStart, .dropEditList: return false
        }
    }
}

/// What a finding offers: changes to a video, or a ready command (images).
enum Fix: Equatable {
    case video([VideoChange])
    case command(String)
}

enum FixHint {
    /// Renders `fix` for the file of `s`.
    static func render(_ fix: Fix, for s: Subject) -> String {
        switch fix {
        case .command(let command): return command
        case .video(let changes): return videoCommand(changes, for: s)
        }
    }

    /// One command for all of `fixes` together, or nil when none is a video change.
    static func combined(_ fixes: [Fix], for s: Subject) -> String? {
        let changes = fixes.flatMap { fix -> [VideoChange] in
            if case .video(let changes) = fix { return changes }
            return []
        }
        return changes.isEmpty ? nil : videoCommand(changes, for: s)
    }

    /// How far short of a duration limit a trim ends: a frame (at the clip's rate, 30 fps when
    /// unknown) and an audio packet copied whole (2048 samples, HE-AAC's, at the clip's sample
    /// rate: 0.26 s at 8 kHz), so that neither stream's last packet carries it over.
    static func trimTarget(_ limit: Double, media: AVMedia?) -> Double {
        let frame = 1 / max(media?.video?.frameRate ?? 30, 1)
        let packet = media?.audio == nil ? 0 : 2048 / Double(max(media?.audio?.sampleRate ?? 44_100, 1000))
        let target = limit - frame - packet
        return (target * 1000).rounded(.down) / 1000
    }

    static func videoCommand(_ changes: [VideoChange], for s: Subject) -> String {
        let media = s.av
        var loopTo: Double?
        var trimTo: Double?
        var filters: [String] = []
        var h264Extra: [String] = []
        var reencode = false
        var webm = false
        var tag: String?
        var audio: [String] = []
        var audioChanged = false
        var dropEditList = false
        for change in changes {
            switch change {
            case .trim(let seconds):
                trimTo = min(trimTo ?? seconds, seconds)
                reencode = true
            case .loop(let seconds):
                loopTo = max(loopTo ?? seconds, seconds)
                reencode = true
            case .filter(let filter):
                // One frame rate: the first rule's (the range) wins over a later one's.
                let fps = filter.hasPrefix("fps=") && filters.contains { $0.hasPrefix("fps=") }
                if !filters.contains(filter), !fps { filters.append(filter) }
                reencode = true
            case .h264(let extra):
                h264Extra = merge(h264Extra, extra)
                reencode = true
            case .rewrap, .fastStart:
                break  // every command writes MP4 with the index first
            case .rewrapWebM:
                webm = true
            case .retag(let value):
                tag = value
            case .aac(let arguments):
                audio = merge(audio, arguments)
                audioChanged = true
            case .dropEditList:
                dropEditList = true
            }
        }
        // Re-encoding makes H.264, which goes in MP4 whatever else was asked.
        let container = webm && !reencode && !audioChanged ? "webm" : "mp4"
        var before: [String] = []
        var arguments: [String] = []
        if let seconds = loopTo {
            before = ["-stream_loop", "-1"]
            arguments += ["-t", Units.number(seconds + 0.1)]
        } else if let seconds = trimTo {
            arguments += ["-t", Units.number(trimTarget(seconds, media: media))]
        }
        let oddSize = (media?.video?.width ?? 0) % 2 == 1 || (media?.video?.height ?? 0) % 2 == 1
        if reencode, oddSize, !filters.contains(where: { $0.hasPrefix("scale=") }) {
            filters.append("scale=trunc(iw/2)*2:trunc(ih/2)*2")  // H.264 4:2:0 needs even sizes
        }
        if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
        if reencode {
            arguments += ["-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p"] + h264Extra
        } else {
            arguments += ["-c:v", "copy"]
            if container == "mp4", let tag = tag ?? (media?.video?.codec == "hevc" ? "hvc1" : nil) {
                arguments += ["-tag:v", tag]
            }
        }
        if let stream = media?.audio {
            if container == "webm" {
                arguments +=
                    ["opus", "vorbis"].contains(stream.codec ?? "") ? ["-c:a", "copy"] : ["-c:a", "libopus", "-b:a", "96k"]
            } else if audioChanged {
                arguments += ["-c:a", "aac"] + merge(["-b:a", "128k"], audio)
            } else if stream.codec == "aac" {
                arguments += ["-c:a", "copy"]
            } else {
                arguments += ["-c:a", "aac", "-b:a", "128k"]
            }
        }
        if container == "mp4" {
            if dropEditList { arguments += ["-use_editlist", "0"] }
            arguments += ["-movflags", "+faststart", "-f", "mp4"]
        } else {
            arguments += ["-f", "webm"]
        }
        return command(
            ["ffmpeg"] + before + ["-i", s.report.path] + arguments + [fixedPath(s.report.path, extension: container)])
    }

    /// Pairs of `-option value`; a later value for the same option wins.
    private static func merge(_ base: [String], _ more: [String]) -> [String] {
        var pairs: [(String, String)] = stride(from: 0, to: base.count - 1, by: 2).map { (base[$0], base[$0 + 1]) }
        for index in stride(from: 0, to: more.count - 1, by: 2) {
            if let existing = pairs.firstIndex(where: { $0.0 == more[index] }) {
                pairs[existing].1 = more[index + 1]
            } else {
                pairs.append((more[index], more[index + 1]))
            }
        }
        return pairs.flatMap { [$0.0, $0.1] }
    }

    /// A still PNG from another image format. FFmpeg reads GIF and still WebP; HEIF needs
    /// libheif. No fix for an animated WebP: FFmpeg before 7.1 cannot decode one.
    static func toPNG(_ s: Subject, image: ImageMedia) -> Fix? {
        let output = fixedPath(s.report.path, extension: "png")
        if ["heic", "avif"].contains(image.format) { return .command(command(["heif-convert", s.report.path, output])) }
        if image.format == "webp", (image.frameCount ?? 1) > 1 { return nil }
        return .command(
            command(
                ["ffmpeg", "-i", s.report.path] + orientation(image) + ["-frames:v", "1", "-f", "image2", "-c:v", "png", output]))
    }

    /// The first frame of an animated image, as a still PNG.
    static func firstFrame(_ s: Subject, image: ImageMedia) -> Fix? {
        if image.format == "webp" { return nil }  // FFmpeg before 7.1 cannot decode an animated WebP
        return .command(
            command(
                ["ffmpeg", "-i", s.report.path] + orientation(image) + [
                    "-frames:v", "1", "-f", "image2", "-c:v", "png", fixedPath(s.report.path, extension: "png"),
                ]))
    }

    /// The filter that shows a PNG as its EXIF orientation says: FFmpeg turns JPEGs itself but
    /// ignores a PNG's eXIf chunk, and writes none, so the turn must be made in the pixels.
    static func orientation(_ image: ImageMedia) -> [String] {
        guard image.format == "png", let orientation = image.orientation else { return [] }
        let filters = [
            2: "hflip", 3: "hflip,vflip", 4: "vflip", 5: "transpose=0", 6: "transpose=1", 7: "transpose=3", 8: "transpose=2",
        ]
        return filters[orientation].map { ["-vf", $0] } ?? []
    }

    /// Shrinks an image to fit width x height as displayed, keeping its aspect ratio and format.
    static func shrink(_ s: Subject, width: Int, height: Int) -> Fix {
        let format = s.image?.format == "jpeg" ? "jpg" : "png"
        let turn = s.image.map(orientation).flatMap { $0.last.map { "\($0)," } } ?? ""
        return .command(
            command([
                "ffmpeg", "-i", s.report.path, "-vf", "\(turn)scale=\(width):\(height):force_original_aspect_ratio=decrease",
                "-frames:v", "1", "-f", "image2", fixedPath(s.report.path, extension: format),
            ]))
    }

    static func command(_ words: [String]) -> String { words.map(shellQuoted).joined(separator: " ") }

    /// "dir/clip.mp4" -> "dir/clip.fixed.EXT".
    static func fixedPath(_ path: String, extension newExtension: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(path[..<$0]) } ?? path
        return "\(stem).fixed.\(newExtension)"
    }

    /// POSIX shell quoting: bare when safe, else single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_./:+=,@%".unicodeScalars.contains($0)
        }
        if safe, !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
