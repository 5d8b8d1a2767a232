// Fix hints: the exact command line that makes a file pass a rule, when the fix is mechanical.
// The output goes beside the input as NAME.fixed.EXT; the input is never overwritten.
import Foundation

enum FixHint {
    /// `ffmpeg [before] -i INPUT ARGS OUTPUT`; `output` is the new extension (nil keeps the input's).
    static func ffmpeg(_ s: Subject, output: String?, _ arguments: [String], before: [String] = []) -> String {
        let path = s.report.path
        return (["ffmpeg"] + before + ["-i", path] + arguments + [fixedPath(path, extension: output)])
            .map(shellQuoted).joined(separator: " ")
    }

    /// Re-encode to H.264 (and AAC when there is audio) in a fast-start MP4.
    static func transcodeH264(_ s: Subject, filter: String? = nil) -> String {
        ffmpeg(s, output: "mp4", (filter.map { ["-vf", $0] } ?? []) + h264Arguments(s))
    }

    static func h264Arguments(_ s: Subject, extra: [String] = []) -> [String] {
        var arguments = ["-c:v", "libx264", "-pix_fmt", "yuv420p"] + extra
        if s.av?.audio != nil { arguments += ["-c:a", "aac", "-b:a", "128k"] }
        return arguments + ["-movflags", "+faststart"]
    }

    /// Keep the video, redo the audio. WebM cannot carry AAC, so those become MP4.
    static func audio(_ s: Subject, _ arguments: [String]) -> String {
        let container = s.av?.container ?? ""
        let keep = ["mp4", "mov", "m4a", "3gp"].contains(container)
        return ffmpeg(s, output: keep ? nil : "mp4", ["-c:v", "copy"] + hvc1(s.av?.video?.codec ?? "") + arguments + ["-movflags", "+faststart"])
    }

    /// Apple players want HEVC tagged hvc1 in MP4/MOV.
    static func hvc1(_ codec: String) -> [String] { codec == "hevc" ? ["-tag:v", "hvc1"] : [] }

    /// A still PNG from another image format. FFmpeg reads GIF and WebP; HEIF needs libheif.
    static func toPNG(_ s: Subject, image: ImageMedia) -> String {
        if ["heic", "avif"].contains(image.format) {
            return ["heif-convert", s.report.path, fixedPath(s.report.path, extension: "png")].map(shellQuoted).joined(separator: " ")
        }
        return ffmpeg(s, output: "png", ["-frames:v", "1"])
    }

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
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./:+=,@%".unicodeScalars.contains($0)
        }
        if safe, !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
