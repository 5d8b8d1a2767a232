// mediainfo (MediaArea's MediaInfo, Debian's package) as a third oracle beside ffprobe and
// ExoPlayer's dumps (issues 22 and 23): it reads containers and bitstreams with its own parsers,
// not FFmpeg's. Each file's probe is held to mediainfo's reading of the same facts: codec, size,
// rotation, frame rate, bit depth, chroma, scan, channels, sample rate and each stream's length.
// Where reelshare differs on purpose, the case says what reelshare answers and why; where it
// refuses a file that mediainfo describes, the case says why. Nothing here asks which release of
// mediainfo or FFmpeg runs: a difference is written as reelshare's own answer.
import Foundation
import ReelShareTestSupport
import Testing

/// The facts both tools state, as comparable text, by key ("video.codec", "width", …).
typealias Facts = [String: String]

/// What mediainfo says of a file: its first video, audio and image track, as facts.
struct MediaInfoReading {
    var video: Facts?
    var audio: Facts?
    var image: Facts?

    init(path: String) throws {
        let output = try runCommand(["mediainfo", "--Output=JSON", path])
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let tracks = ((document?["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []).map {
            $0.compactMapValues { $0 as? String }
        }
        if let track = tracks.first(where: { $0["@type"] == "Video" }) { video = Self.video(track) }
        if let track = tracks.first(where: { $0["@type"] == "Audio" }) { audio = Self.audio(track) }
        // A HEIF picture in tiles: the first image track is a tile, the grid is the picture.
        let images = tracks.filter { $0["@type"] == "Image" }
        if var track = images.first(where: { $0["Format"] == "Grid" }) ?? images.first {
            track["Format"] = images.first?["Format"]
            image = Self.image(track)
        }
    }

    private static let videoCodecs = [
        "AVC": "h264", "HEVC": "hevc", "VP8": "vp8", "VP9": "vp9", "AV1": "av1", "MPEG-4 Visual": "mpeg4", "VVC": "vvc",
        "vvc1": "vvc", "ProRes": "prores",
    ]
    private static let audioCodecs = [
        "AAC": "aac", "Opus": "opus", "Vorbis": "vorbis", "FLAC": "flac", "AC-3": "ac3", "E-AC-3": "eac3", "DTS": "dts",
        "AC-4": "ac4", "PCM": "pcm", "fpcm": "pcm", "iamf": "iamf", "IAMF": "iamf", "MPEG-H 3D Audio": "mpegh",
    ]

    private static func video(_ track: [String: String]) -> Facts {
        var facts = Facts()
        if let format = track["Format"] {
            facts["video.codec"] =
                format == "MPEG Video"
                ? (track["Format_Version"] == "1" ? "mpeg1video" : "mpeg2video") : videoCodecs[format] ?? format
        }
        facts["width"] = track["Width"]
        facts["height"] = track["Height"]
        facts["rotation"] = String(turn(Double(track["Rotation"] ?? "0") ?? 0))
        // An average over a variable rate is not a rate: compared where mediainfo calls it constant.
        if let rate = track["FrameRate"].flatMap(Double.init), (track["FrameRate_Mode"] ?? "CFR") == "CFR" {
            facts["frameRate"] = String(rate)
        }
        facts["bitDepth"] = track["BitDepth"]
        facts["chroma"] = track["ColorSpace"] == "RGB" ? "rgb" : track["ChromaSubsampling"]
        switch (track["ScanType"], track["ScanOrder"]) {
        case ("Progressive", _): facts["scan"] = "progressive"
        case (_, "TFF"): facts["scan"] = "tff"
        case (_, "BFF"): facts["scan"] = "bff"
        default: break
        }
        facts["video.duration"] = track["Duration"]
        return facts
    }

    private static func audio(_ track: [String: String]) -> Facts {
        var facts = Facts()
        if let format = track["Format"] {
            let layers = ["Layer 1": "mp1", "Layer 2": "mp2", "Layer 3": "mp3"]
            facts["audio.codec"] =
                format == "MPEG Audio" ? layers[track["Format_Profile"] ?? ""] ?? format : audioCodecs[format] ?? format
        }
        facts["channels"] = track["Channels"]
        facts["sampleRate"] = track["SamplingRate"].flatMap(Double.init).map { String(Int($0)) }
        facts["audio.duration"] = track["Duration"]
        return facts
    }

    private static let imageFormats = [
        "PNG": "png", "JPEG": "jpeg", "GIF": "gif", "WebP": "webp", "VP8": "webp", "VP8L": "webp", "AV1": "avif",
        "av01": "avif", "HEVC": "heic",
    ]

    private static func image(_ track: [String: String]) -> Facts {
        let format = track["Format"].map { imageFormats[$0] ?? $0 }
        return ["width": track["Width"], "height": track["Height"], "bitDepth": track["BitDepth"], "format": format]
            .compactMapValues { $0 }
    }
}

/// A rotation in degrees as a quarter turn in 0..<360.
private func turn(_ degrees: Double) -> Int { ((Int(degrees.rounded()) % 360) + 360) % 360 }

/// The same facts from reelshare's probe of a file.
struct ProbeReading {
    var video: Facts?
    var audio: Facts?
    var image: Facts?
    var error: (code: String, message: String)?
    /// The kinds of the streams FFmpeg cannot describe, listed, not read (otherStreams).
    var listed: Set<String> = []

    init(_ file: [String: Any]) {
        if let error = file["error"] as? [String: Any] {
            self.error = (error["code"] as? String ?? "", error["message"] as? String ?? "")
            // "no audio or video stream FFmpeg reads: stream #0 (audio, ac-4) …" lists it too.
            for kind in ["video", "audio"] where self.error!.message.contains("(\(kind), ") { listed.insert(kind) }
        }
        for other in file["otherStreams"] as? [[String: Any]] ?? [] {
            if let kind = other["kind"] as? String { listed.insert(kind) }
        }
        if let video = file["video"] as? [String: Any] {
            var facts = Facts()
            facts["video.codec"] = video["codec"] as? String
            facts["width"] = (video["width"] as? Int).map(String.init)
            facts["height"] = (video["height"] as? Int).map(String.init)
            facts["rotation"] = (video["rotation"] as? Int).map(String.init)
            facts["frameRate"] = (video["frameRate"] as? Double).map { String($0) }
            facts["bitDepth"] = (video["bitDepth"] as? Int).map(String.init)
            facts["chroma"] = (video["pixelFormat"] as? String).flatMap(Self.chroma)
            let scans = ["progressive": "progressive", "tt": "tff", "bb": "bff"]
            facts["scan"] = (video["fieldOrder"] as? String).map { scans[$0] ?? $0 }
            facts["video.duration"] = (video["durationSeconds"] as? Double).map { String($0) }
            self.video = facts
        }
        if let audio = file["audio"] as? [String: Any] {
            var facts = Facts()
            let codec = audio["codec"] as? String
            facts["audio.codec"] = codec.map { $0.hasPrefix("pcm_") ? "pcm" : $0 }
            facts["channels"] = (audio["channels"] as? Int).map(String.init)
            facts["sampleRate"] = (audio["sampleRate"] as? Int).map(String.init)
            facts["audio.duration"] = (audio["durationSeconds"] as? Double).map { String($0) }
            self.audio = facts
        }
        if let image = file["image"] as? [String: Any] {
            var facts = Facts()
            facts["width"] = (image["width"] as? Int).map(String.init)
            facts["height"] = (image["height"] as? Int).map(String.init)
            facts["bitDepth"] = (image["bitDepth"] as? Int).map(String.init)
            facts["format"] = image["format"] as? String
            self.image = facts
        }
    }

    /// A pixel format's chroma subsampling as mediainfo writes it; "rgb" for GBR.
    private static func chroma(_ format: String) -> String? {
        if format.hasPrefix("gbr") { return "rgb" }
        if format.contains("420") || format == "nv12" || format == "nv21" { return "4:2:0" }
        if format.contains("422") { return "4:2:2" }
        if format.contains("444") { return "4:4:4" }
        return nil
    }
}

/// How far two readings of a key may be apart and still agree.
private func agree(_ key: String, _ a: String, _ b: String) -> Bool {
    guard let x = Double(a), let y = Double(b) else { return a == b }
    switch key {
    case "frameRate": return abs(x - y) <= 0.001 * max(x, y)  // mediainfo writes three decimals
    case "video.duration", "audio.duration": return abs(x - y) <= 0.05  // a frame of slack at either end
    default: return x == y
    }
}

/// One file and how reelshare's answer stands to mediainfo's.
struct MediaInfoCase: CustomTestStringConvertible, Sendable {
    var path: String
    var name: String
    /// reelshare's answer for a key where it differs from mediainfo's on purpose, and why.
    var differences: [String: Difference] = [:]
    /// The error reelshare gives a file mediainfo describes, and why.
    var refused: Difference?
    var testDescription: String { name }

    struct Difference: Sendable {
        var ours: String
        var why: String
    }
}

/// Compares the two readings of one file; the disagreements, each said in a line.
func disagreements(_ probe: ProbeReading, _ theirs: MediaInfoReading, _ peer: MediaInfoCase) -> [String] {
    var said: [String] = []
    func compare(_ kind: String, _ ours: Facts?, _ them: Facts?) {
        switch (ours, them) {
        case (nil, nil): return
        case (nil, .some):
            if !probe.listed.contains(kind) && peer.differences[kind] == nil {
                said.append("mediainfo reads \(kind) reelshare neither reads nor lists")
            }
            return
        case (.some, nil):
            if peer.differences[kind] == nil { said.append("reelshare reads \(kind) mediainfo does not") }
            return
        case (.some(let ours), .some(let them)):
            for (key, value) in them where peer.differences[key] == nil {
                // A fact reelshare leaves null (unknown) is not a claim; but a stream's length it
                // must know where mediainfo does.
                guard let mine = ours[key] else {
                    if key.hasSuffix(".duration") { said.append("\(key): reelshare null, mediainfo \(value)") }
                    continue
                }
                if !agree(key, mine, value) { said.append("\(key): reelshare \(mine), mediainfo \(value)") }
            }
        }
    }
    compare("video", probe.video, theirs.video)
    compare("audio", probe.audio, theirs.audio)
    compare("image", probe.image, theirs.image)
    // A kind the case names is held to reelshare's answer: read, or not there.
    for (kind, facts) in [("video", probe.video), ("audio", probe.audio), ("image", probe.image)] {
        guard let difference = peer.differences[kind] else { continue }
        let answer = facts == nil ? "none" : "read"
        if answer != difference.ours { said.append("\(kind): reelshare \(answer), the case says \(difference.ours)") }
    }
    for (key, difference) in peer.differences where !["video", "audio", "image"].contains(key) {
        // A stream this FFmpeg does not know is listed, not read: nothing of it to hold.
        guard let mine = probe.video?[key] ?? probe.audio?[key] ?? probe.image?[key] else {
            if probe.listed.isEmpty && difference.ours != "null" {
                said.append("\(key): reelshare says nothing, the case says \(difference.ours)")
            }
            continue
        }
        if !agree(key, mine, difference.ours) { said.append("\(key): reelshare \(mine), the case says \(difference.ours)") }
    }
    return said
}

private let media = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/media")
private let androidx = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/androidx/media")

private typealias Why = MediaInfoCase.Difference

/// Where reelshare answers otherwise than mediainfo, by file, and why.
private let differences: [String: [String: Why]] = [
    // A clean aperture crops the coded picture (libheif, libavif and browsers show the crop);
    // mediainfo gives the coded size its ispe states.
    "avif_clap_irot.avif": [
        "width": Why(ours: "6", why: "the clean aperture of the 12x8 coded picture, as libheif shows it"),
        "height": Why(ours: "4", why: "the clean aperture of the 12x8 coded picture, as libheif shows it"),
    ],
    "avif_clap_1x1.avif": [
        "width": Why(ours: "1", why: "the clean aperture of the 12x8 coded picture, as libheif shows it"),
        "height": Why(ours: "1", why: "the clean aperture of the 12x8 coded picture, as libheif shows it"),
    ],
    // Apple's CgBI PNG: mediainfo names the container by its signature; reelshare names the variant
    // that only Apple's decoders read (its chunks are PNG's, its pixels are not).
    "cgbi_rgb.png": ["format": Why(ours: "cgbi", why: "a CgBI chunk before IHDR: Xcode's PNG, which libpng refuses")],
    "cgbi_rgba.png": ["format": Why(ours: "cgbi", why: "a CgBI chunk before IHDR: Xcode's PNG, which libpng refuses")],
    // The display matrix flips the picture left to right (-1, 0, 0, 1): reelshare says mirrored,
    // not turned (ffprobe: "rotation of -0.00 degrees", hflip); mediainfo's one angle reads 180.
    "h264_mirrored.mp4": ["rotation": Why(ours: "0", why: "a left-right flip, not a half turn (mirrored: true)")],
    // A clip at 30 fps for 1 s, then 10 fps: reelshare's frameRate is its average, 40 frames over
    // 1.867 s (21.425, as mediainfo's, which calls it VFR; variableFrameRate under --deep); its
    // video stream lasts 1.867 s, ffprobe's too (the movie
    // header's 2 s counts the last frame's 0.1 s and the edit list); mediainfo's 2 s is the header's.
    "h264_vfr_30_then_10.mp4": ["video.duration": Why(ours: "1.867", why: "the stream's samples, as ffprobe's stream duration")],
    // FLV keeps AAC's channels in its AudioSpecificConfig; the tag header's stereo flag is always
    // set for AAC (Adobe's FLV specification 10.1, SoundType), which mediainfo reads.
    // FLV states no stream's length, only the file's (onMetaData, or its last tag): reelshare
    // leaves each stream's unknown rather than read every tag; mediainfo reads them all.
    "piped_3s.flv": [
        "channels": Why(ours: "1", why: "the AudioSpecificConfig's, not the FLV tag's stereo flag"),
        "video.duration": Why(ours: "null", why: "FLV states none"), "audio.duration": Why(ours: "null", why: "FLV states none"),
    ],
    "flv/sample.flv": [
        "channels": Why(ours: "1", why: "the AudioSpecificConfig's (ExoPlayer's dump: 1)"),
        "video.duration": Why(ours: "null", why: "FLV states none"), "audio.duration": Why(ours: "null", why: "FLV states none"),
    ],
    // mediainfo averages a Matroska track's frames over its length (31.02 and 30.49 fps); its
    // blocks are 33 ms apart, the rate ExoPlayer's dumps and reelshare give.
    "mkv/sample.mkv": ["frameRate": Why(ours: "30.0", why: "the blocks' spacing, as ExoPlayer's dump")],
    // FFmpeg's muxer writes a track's DURATION tag as where it ends (its last packet's end,
    // 1.071 s), which mediainfo gives as the length; the AC-3 starts 62 ms in and lasts 1.009 s.
    "mkv/sample_with_multiple_key_frames.mkv": [
        "frameRate": Why(ours: "29.97002997002997", why: "the blocks' spacing, as ExoPlayer's dump"),
        "audio.duration": Why(ours: "1.009", why: "from its first block (62 ms) to its end (1.071 s)"),
    ],
    // Both clips' 29 frames are 33 ms apart (ExoPlayer's dumps: 30 fps); mediainfo's 30.084 is
    // their count over the track's 0.964 s.
    "mkv/sample_with_srt.mkv": ["frameRate": Why(ours: "30.0", why: "the blocks' spacing, as ExoPlayer's dump")],
    // Read where FFmpeg knows 32-bit float PCM in MP4 (7.1 on): its 45,056 samples at 44.1 kHz
    // last 1.022 s; the track header's 1.089 s counts the edit list's 67 ms empty edit before them.
    "mp4/sample_fpcm_32le.mp4": [
        "audio.duration": Why(ours: "1.0216780045351475", why: "its samples, not the 67 ms empty edit before them")
    ],
    // PngSuite's 1x1 palette picture of bit depth 1 (its IHDR); mediainfo 25.04 says 4.
    "corpus/image/png/pngsuite/s01n3p01.png": ["bitDepth": Why(ours: "1", why: "the IHDR's bit depth")],
    // An animated PNG is a picture to reelshare (frameCount; fix --as video makes a clip of it);
    // mediainfo 26.10 reads it as video, 23.04 as an image.
    "animated.apng": [
        "video": Why(ours: "none", why: "an animated picture, not a video stream"),
        "image": Why(ours: "read", why: "as an APNG with its frames counted"),
    ],
    // reelshare counts the 41 MPEG frames FFmpeg reads and decodes (1.071 s); the Info header's
    // gapless length less the encoder's delay and padding is 1.000 s (ExoPlayer, mediainfo 26.10;
    // 23.04 says 1.045).
    "mp3/test-cbr-info-header-trailing-garbage.mp3": [
        "audio.duration": Why(ours: "1.0710204081632653", why: "41 frames of 1,152 samples at 44.1 kHz")
    ],
    // HTC writes the rotation into the Matroska track's name; mediainfo does not read it.
    "mkv/sample_with_htc_rotation_track_name.mkv": [
        "rotation": Why(ours: "90", why: "the track name's, as ExoPlayer's dump"),
        "frameRate": Why(ours: "30.0", why: "the blocks' spacing, as ExoPlayer's dump"),
    ],
    // A TS with junk between its packets: mediainfo finds no stream in it; ffprobe and ExoPlayer
    // read its MPEG-2 video and MP2 audio, as reelshare does.
    "ts/sample_with_junk": [
        "video": Why(ours: "read", why: "ffprobe and ExoPlayer read it"), "audio": Why(ours: "read", why: "as ffprobe"),
    ],
]

/// Files reelshare refuses that mediainfo describes, and why.
private let refusals: [String: Why] = [
    "bomb_60000x60000.y4m": Why(ours: "corrupt", why: "a 60000x60000 Y4M whose frames are not there"),
    "streams_200.mkv": Why(ours: "too-large", why: "200 streams: past the stream limit"),
    "truncated_no_index.mp4": Why(ours: "corrupt", why: "an MP4 cut before its index: no sample can be found"),
    "crc_error.png": Why(ours: "corrupt", why: "a chunk's CRC is wrong (pngcheck says so)"),
    "zero_width.png": Why(ours: "corrupt", why: "a PNG of width 0 (the specification forbids it)"),
    "zero_width.jpg": Why(ours: "corrupt", why: "a JPEG of width 0"),
    "zero_width.gif": Why(ours: "corrupt", why: "a GIF of width 0"),
    "truncated.jpg": Why(ours: "corrupt", why: "a JPEG cut in its scan data"),
    "bomb_100000x100000.png": Why(ours: "too-large", why: "10^10 pixels, past the image limit"),
]

private func cases() -> [MediaInfoCase] {
    let skip: Set<String> = ["json", "txt", "plist", "md"]
    func listing(_ directory: URL, recursive: Bool) -> [URL] {
        let files =
            recursive
            ? (FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            : (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return files.filter { !$0.hasDirectoryPath && !skip.contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }
    func make(_ url: URL, _ name: String) -> MediaInfoCase {
        var peer = MediaInfoCase(path: url.path, name: name, differences: differences[name] ?? [:], refused: refusals[name])
        // PngSuite's files whose names start with 'x' are its corrupted ones, on purpose.
        if url.path.contains("/pngsuite/"), url.lastPathComponent.hasPrefix("x") {
            peer.refused = Why(ours: "corrupt", why: "one of PngSuite's deliberately corrupted files")
        }
        return peer
    }
    var all = listing(media, recursive: false).map { make($0, $0.lastPathComponent) }
    all += listing(androidx, recursive: true).map {
        make($0, String($0.path.dropFirst(androidx.path.count + 1)))
    }
    if TestPaths.corpusAvailable {
        for folder in ["video", "broken", "image"] {
            let directory = TestPaths.corpus.appendingPathComponent(folder)
            all += listing(directory, recursive: true).map {
                make($0, "corpus/" + String($0.path.dropFirst(TestPaths.corpus.path.count + 1)))
            }
        }
    }
    return all
}

/// Shapes users have, made here the way they arise, by the ffmpeg CLI through `sh`;
/// where reelshare differs from mediainfo on one, the difference and why.
private let shapes: [(name: String, command: String, differences: [String: Why])] = [
    ("tff.mp4", "ffmpeg $V $A -c:v libx264 -flags +ildct+ilme -x264-params tff=1 -pix_fmt yuv420p -c:a aac tff.mp4", [:]),
    ("bff.mp4", "ffmpeg $V $A -c:v libx264 -flags +ildct+ilme -x264-params bff=1 -pix_fmt yuv420p -c:a aac bff.mp4", [:]),
    ("bff.ts", "ffmpeg $V $A -vf setfield=bff -c:v mpeg2video -flags +ildct+ilme -c:a mp2 bff.ts", [:]),
    ("422_10bit.mp4", "ffmpeg $V $A -c:v libx264 -pix_fmt yuv422p10le -c:a aac 422_10bit.mp4", [:]),
    (
        "ntsc.mp4", "ffmpeg -f lavfi -i testsrc2=s=320x240:r=30000/1001:d=2 $A -c:v libx264 -pix_fmt yuv420p -c:a aac ntsc.mp4",
        [:]
    ),
    ("gbr.mp4", "ffmpeg $V -pix_fmt gbrp -c:v libx265 -preset ultrafast -x265-params log-level=error gbr.mp4", [:]),
    (
        "hevc_main10.mp4",
        "ffmpeg $V $A -pix_fmt yuv420p10le -c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 -c:a aac hevc_main10.mp4",
        [:]
    ),
    (
        "piped.mp4",
        "ffmpeg $V $A -c:v libx264 -pix_fmt yuv420p -c:a aac -movflags frag_keyframe+empty_moov -f mp4 - > piped.mp4", [:]
    ),
    ("piped.mkv", "ffmpeg $V $A -c:v libx264 -pix_fmt yuv420p -c:a libopus -f matroska - | cat > piped.mkv", [:]),
    ("alpha.webm", "ffmpeg $V $A -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -pix_fmt yuva420p -c:a libopus alpha.webm", [:]),
    (
        "trailer.mp4",
        "ffmpeg $V $A -c:v libx264 -pix_fmt yuv420p -c:a aac trailer.mp4 && yes junk | head -c 200000 >> trailer.mp4", [:]
    ),
    ("mono_44k.m4a", "ffmpeg -f lavfi -i sine=d=2:r=44100 -c:a aac mono_44k.m4a", [:]),
    // A broadcast capture near the 33-bit clock's wrap, which FFmpeg's correction makes negative
    // (its streams start at -22.3 s), and one that crosses it.
    ("before_wrap.ts", "ffmpeg $V $A -c:v libx264 -pix_fmt yuv420p -c:a aac -output_ts_offset 95420 before_wrap.ts", [:]),
    (
        "across_wrap.ts", "ffmpeg $V $A -c:v libx264 -pix_fmt yuv420p -c:a aac -output_ts_offset 95442 across_wrap.ts",
        [
            // Made 2 s long (ffprobe: 2 s of video); mediainfo stops at the wrap, 1.68 s in.
            "video.duration": Why(ours: "2.0", why: "as made, across the wrap"),
            "audio.duration": Why(ours: "2.026666666666667", why: "95 AAC frames, across the wrap"),
        ]
    ),
]

@Suite("mediainfo as a third oracle")
struct MediaInfoOracleTests {
    @Test("probe agrees with mediainfo on shapes users have, made here the way they arise")
    func shapesUsersHave() throws {
        let directory = try scratch("mediainfo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = "V='-f lavfi -i testsrc2=s=320x240:r=30:d=2'; A='-f lavfi -i sine=d=2:r=48000:f=440'; "
        for shape in shapes {
            let made = try runCommand(
                [
                    "sh", "-c",
                    sources
                        + shape.command.replacingOccurrences(
                            of: "ffmpeg ", with: "ffmpeg -nostdin -v error -y "),
                ], in: directory)
            try #require(made.status == 0, "making \(shape.name) failed")
        }
        let paths = shapes.map { directory.appendingPathComponent($0.name).path }
        let result = runReelshare(["probe", "--format", "json", "--"] + paths)
        let files = try #require(result.json?["files"] as? [[String: Any]], "\(result.stderr)")
        for (shape, file) in zip(shapes, files) {
            let probe = ProbeReading(file)
            #expect(probe.error == nil, "\(shape.name): \(probe.error?.message ?? "")")
            let theirs = try MediaInfoReading(path: directory.appendingPathComponent(shape.name).path)
            #expect(theirs.video != nil || theirs.audio != nil, "\(shape.name): mediainfo read nothing")
            let said = disagreements(probe, theirs, MediaInfoCase(path: "", name: shape.name, differences: shape.differences))
            #expect(said.isEmpty, "\(shape.name): \(said.joined(separator: "; "))")
        }
    }

    @Test("probe agrees with mediainfo on every fixture, ExoPlayer's media and the corpus, or differs as the case says")
    func fixtures() throws {
        let all = cases()
        // The fixtures and ExoPlayer's media are 78 files; with the corpus, over 100.
        #expect(all.count > (TestPaths.corpusAvailable ? 100 : 70), "\(all.count) files")
        // One probe for all: the files' order is kept.
        let result = runReelshare(["probe", "--format", "json", "--jobs", "2", "--"] + all.map(\.path))
        let files = try #require(result.json?["files"] as? [[String: Any]], "\(result.stderr)")
        try #require(files.count == all.count)
        for (peer, file) in zip(all, files) {
            let probe = ProbeReading(file)
            let theirs = try MediaInfoReading(path: peer.path)
            if let error = probe.error, !(error.code == "unsupported" && !probe.listed.isEmpty) {
                #expect(
                    error.code == peer.refused?.ours, "\(peer.name): refused (\(error.code): \(error.message)), the case says not"
                )
                continue
            }
            #expect(peer.refused == nil, "\(peer.name): read, the case says refused")
            let said = disagreements(probe, theirs, peer)
            #expect(said.isEmpty, "\(peer.name): \(said.joined(separator: "; "))")
        }
    }
}
