// The one renderer of fix plans as ffmpeg command lines (what `validate` prints as a finding's
// fix): a video plan's compiled job (FFmpegJob) printed, an image plan's words. It decides
// nothing: every word comes from the plan. What the ffmpeg CLI does by itself it
// is not told: it turns the picture by the display matrix (autorotate), and with a constant frame
// rate fills a delayed picture's start; `fix` is told both in words (FFmpegJob.Stream.prelude).
public enum FFmpegCommand {
    /// A video filter in FFmpeg's filter syntax (`fix` runs the same text: Fixer.cPlan).
    public static func filter(_ filter: VideoFilter) -> String {
        switch filter {
        case .deinterlace: return "bwdif=mode=send_frame"
        case .scale(let width, let height): return "scale=\(width):\(height),setsar=1"
        case .evenSides: return "scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2)"
        case .frameRate(let rate): return "fps=\(Units.number(rate))"
        case .startAtZero: return "setpts=PTS-STARTPTS"
        case .fit(let width, let height):
            return
                "scale=\(width):\(height):force_original_aspect_ratio=decrease,pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2,setsar=1"
        }
    }

    /// HDR (HLG or PQ, as the frames are tagged) to SDR BT.709: to linear light at 100 nits, BT.709
    /// primaries, Hable's curve, BT.709's transfer and matrix in limited range (`fix` runs the same
    /// text).
    public static func toneMap(_ transfer: HDRTransfer) -> String {
        "zscale=tin=\(transfer.zscale):min=2020_ncl:pin=2020:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
    }

    /// The ffmpeg command of a video plan, word by word: its job's.
    public static func words(_ plan: VideoPlan) -> [String] { FFmpegJob(plan).words }

    /// The ffmpeg command of an image plan, word by word.
    public static func words(_ plan: ImagePlan) -> [String] {
        // No ffmpeg reads Apple's CgBI PNG, nor (before 7.1, and then no grid's clean aperture)
        // a HEIF still: reelshare's own fix is the command.
        if plan.decoder == .cgbi || plan.decoder == .heif {
            return reelshare(
                target: plan.target ?? "TARGET", options: plan.fixOptions + ["-o", argumentPath(plan.output)], input: plan.input)
        }
        var filters: [String] = []
        var words = ["ffmpeg"]
        if let turn = plan.turn, let filter = turnFilters[turn] {
            // The turn is made here, the same on every ffmpeg: before 8.0 the CLI turns a JPEG by
            // its EXIF but not a PNG, from 8.0 both, and with -noautorotate it writes the
            // orientation back into the output unless the display matrix is dropped.
            words.append("-noautorotate")
            filters += [filter, "sidedata=mode=delete:type=DISPLAYMATRIX"]
        }
        if let fit = plan.fit { filters.append("scale=\(fit.width):\(fit.height):force_original_aspect_ratio=decrease") }
        words += ["-i", path(plan.input)]
        if !filters.isEmpty { words += ["-vf", filters.joined(separator: ",")] }
        words += ["-frames:v", "1", "-f", "image2"]
        if plan.format == .png { words += ["-c:v", "png"] }
        return words + [path(plan.output)]
    }

    /// reelshare's own fix of `input` for `target`, told `options` (Subject.fixOptions) as well.
    public static func reelshare(target: String, options: [String], input: String) -> [String] {
        ["reelshare", "fix", "--target", target] + options + ["--", input]
    }

    /// FFmpeg's filters that turn pixels as an EXIF orientation says.
    static let turnFilters = [
        2: "hflip", 3: "hflip,vflip", 4: "vflip", 5: "transpose=0", 6: "transpose=1", 7: "transpose=3", 8: "transpose=2",
    ]

    /// A file name as ffmpeg reads it as that file: a name that starts with "-" would be an option
    /// ("./-clip.mp4"); a name whose part before a ":" has no "/" would be a protocol
    /// ("concat:x.mp4", "http:x"), so it is written with ffmpeg's file: protocol.
    static func path(_ path: String) -> String {
        let safe = argumentPath(path)
        if let colon = safe.firstIndex(of: ":"), !safe[..<colon].contains("/") { return "file:" + safe }
        return safe
    }

    /// A file name no command takes for an option: "./" before a relative name that starts with "-".
    static func argumentPath(_ path: String) -> String { path.hasPrefix("-") ? "./" + path : path }

    /// The words as one POSIX shell command line.
    static func line(_ words: [String]) -> String { words.map(shellQuoted).joined(separator: " ") }

    /// POSIX shell quoting: bare when safe, else single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_./:+=,@%".unicodeScalars.contains($0)
        }
        if safe, !word.isEmpty { return word }
        return "'" + word.replacingScalars("'", with: "'\\''") + "'"
    }
}
