// Fix hints: the exact command line that makes a file pass, when the fix is mechanical.
//
// Each failing rule contributes changes (trim, scale, re-encode, move the index...) and one ffmpeg
// command is rendered from them, so a finding's own hint and the hint that fixes every finding of a
// target at once come from the same code. The output goes beside the input as NAME.fixed.EXT; the
// input is never overwritten.
import Foundation

/// One mechanical change to a video file.
enum VideoChange: Equatable {
    /// Cut to this many seconds (re-encodes: stream copy cuts at packets and overshoots).
    case trim(Double)
    /// Loop until this many seconds.
    case loop(Double)
    /// A video filter (scale=..., fps=...).
    case filter(String)
    /// Re-encode the video to H.264 with these extra encoder arguments.
    case h264([String])
    /// Keep the video stream, change the container to MP4.
    case rewrap
    /// Re-encode the audio to AAC with these arguments (-ar 48000, -ac 2, -b:a 128k...).
    case aac([String])
    case fastStart
    case dropEditList
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

    static func videoCommand(_ changes: [VideoChange], for s: Subject) -> String {
        let media = s.av
        var before: [String] = []
        var duration: Double?
        var filters: [String] = []
        var h264Extra: [String] = []
        var reencode = false
        var rewrap = false
        var audio: [String] = []
        var audioChanged = false
        var dropEditList = false
        for change in changes {
            switch change {
            case .trim(let seconds):
                duration = min(duration ?? seconds, seconds)
                reencode = true
            case .loop(let seconds):
                before = ["-stream_loop", "-1"]
                duration = max(duration ?? seconds, seconds)
                reencode = true
            case .filter(let filter):
                if !filters.contains(filter) { filters.append(filter) }
                reencode = true
            case .h264(let extra):
                h264Extra += extra
                reencode = true
            case .rewrap:
                rewrap = true
            case .aac(let arguments):
                audio = merge(audio, arguments)
                audioChanged = true
            case .fastStart:
                break  // every command writes the index first
            case .dropEditList:
                dropEditList = true
            }
        }
        var arguments: [String] = duration.map { ["-t", Units.number($0)] } ?? []
        let oddSize = (media?.video?.width ?? 0) % 2 == 1 || (media?.video?.height ?? 0) % 2 == 1
        if reencode, oddSize, !filters.contains(where: { $0.hasPrefix("scale=") }) {
            filters.append("scale=trunc(iw/2)*2:trunc(ih/2)*2")  // H.264 4:2:0 needs even sizes
        }
        if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
        if reencode {
            arguments += ["-c:v", "libx264", "-pix_fmt", "yuv420p"] + h264Extra
        } else {
            arguments += ["-c:v", "copy"] + (media?.video?.codec == "hevc" ? ["-tag:v", "hvc1"] : [])
        }
        let container = media?.container ?? ""
        let keepContainer = !reencode && !rewrap && ["mp4", "mov", "m4a", "3gp"].contains(container)
        if media?.audio != nil {
            if audioChanged || !keepContainer {
                arguments += ["-c:a", "aac"] + merge(["-b:a", "128k"], audio)
            } else {
                arguments += ["-c:a", "copy"]
            }
        }
        if dropEditList { arguments += ["-use_editlist", "0"] }
        arguments += ["-movflags", "+faststart"]
        return command(
            ["ffmpeg"] + before + ["-i", s.report.path] + arguments
                + [fixedPath(s.report.path, extension: keepContainer ? nil : "mp4")])
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

    /// A still PNG from another image format. FFmpeg reads GIF and WebP; HEIF needs libheif.
    static func toPNG(_ s: Subject, image: ImageMedia) -> Fix {
        let output = fixedPath(s.report.path, extension: "png")
        if ["heic", "avif"].contains(image.format) { return .command(command(["heif-convert", s.report.path, output])) }
        return .command(command(["ffmpeg", "-i", s.report.path, "-frames:v", "1", output]))
    }

    /// Shrinks an image to fit width x height, keeping its aspect ratio and format.
    static func shrink(_ s: Subject, width: Int, height: Int) -> Fix {
        .command(
            command([
                "ffmpeg", "-i", s.report.path, "-vf", "scale=\(width):\(height):force_original_aspect_ratio=decrease",
                "-frames:v", "1", fixedPath(s.report.path, extension: nil),
            ]))
    }

    static func command(_ words: [String]) -> String { words.map(shellQuoted).joined(separator: " ") }

    /// "dir/clip.mp4" -> "dir/clip.fixed.mp4" (or .EXT).
    static func fixedPath(_ path: String, extension newExtension: String?) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(path[..<$0]) } ?? path
        let oldExtension = dot.map { String(path[path.index(after: $0)...]) }
        let ext = newExtension ?? oldExtension ?? "mp4"
        return "\(stem).fixed.\(ext)"
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
