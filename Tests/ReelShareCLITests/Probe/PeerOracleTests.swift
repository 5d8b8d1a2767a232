// A second oracle beside ffprobe: ExoPlayer's own test media and the output its
// extractor tests assert (Tests/Fixtures/thirdparty/androidx, Apache 2.0). Each file's probe is
// held to its dump: sizes, rotation, frame rate (stated, or from the samples' times), channels,
// sample rate, codec and length. Where reelshare differs on purpose, the case says so and why.
import Foundation
import ReelShareTestSupport
import Testing

private let root = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/androidx")

/// What an ExoPlayer extractor dump states.
struct ExtractorDump {
    struct Track {
        var mime = ""
        var width: Int?
        var height: Int?
        var frameRate: Double?
        var rotation = 0
        var channels: Int?
        var sampleRate: Int?
        var samples = 0
        var times: [Double] = []  // seconds

        var isVideo: Bool { mime.hasPrefix("video/") }
        var isAudio: Bool { mime.hasPrefix("audio/") }

        /// The frame rate: stated, or the samples' count over their span, to 0.1%.
        var rate: Double? {
            if let frameRate { return frameRate }
            guard times.count > 2, let first = times.min(), let last = times.max(), last > first else { return nil }
            return Double(times.count - 1) / (last - first)
        }
    }

    var duration: Double?  // seconds; nil when UNSET
    var tracks: [Track] = []

    init(_ text: String) {
        var track: Track?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            func value(_ key: String) -> String? {
                line.hasPrefix(key + " = ") ? String(line.dropFirst(key.count + 3)) : nil
            }
            if raw.hasPrefix("track ") {
                if let track { tracks.append(track) }
                track = Track()
            } else if track == nil, let text = value("duration") {
                duration = Double(text).map { $0 / 1e6 }
            } else if track != nil {
                if let text = value("sampleMimeType"), track!.mime.isEmpty { track!.mime = text }
                if let text = value("width"), track!.width == nil { track!.width = Int(text) }
                if let text = value("height"), track!.height == nil { track!.height = Int(text) }
                if let text = value("frameRate"), track!.frameRate == nil { track!.frameRate = Double(text) }
                if let text = value("rotationDegrees") { track!.rotation = Int(text) ?? 0 }
                if let text = value("channelCount"), track!.channels == nil { track!.channels = Int(text) }
                if let text = value("sampleRate"), track!.sampleRate == nil { track!.sampleRate = Int(text) }
                if let text = value("sample count") { track!.samples = Int(text) ?? 0 }
                if let text = value("time"), let micros = Double(text) { track!.times.append(micros / 1e6) }
            }
        }
        if let track { tracks.append(track) }
    }
}

/// One file and how reelshare's answer stands to its dump.
struct PeerCase: CustomTestStringConvertible, Sendable {
    var media: String
    var dump: String
    /// reelshare's length where it differs from the dump's on purpose, and why.
    var length: (seconds: Double, why: String)?
    /// Why the audio's sample rate is not read, where it is not (no decoder for the codec).
    var rateUnread: String?
    /// reelshare's frame rate where it differs from the dump's on purpose, and why.
    var frameRate: (fps: Double, why: String)?
    var testDescription: String { media }
}

/// The codec reelshare names for an ExoPlayer MIME type; nil where FFmpeg may not know it (the
/// stream is then listed in otherStreams).
private let codecs: [String: Set<String>] = [
    "video/avc": ["h264"], "video/hevc": ["hevc"], "video/mpeg2": ["mpeg2video"], "video/vvc": ["vvc"],
    "audio/mpeg": ["mp3"], "audio/mpeg-L2": ["mp2"], "audio/ac3": ["ac3"], "audio/mp4a-latm": ["aac"],
    "audio/vnd.dts.hd": ["dts"], "audio/mhm1": ["mpegh"], "audio/ac4": ["ac4"], "audio/raw": ["pcm_f32le"],
    "audio/iamf": ["iamf"], "audio/mha1": ["mpegh_3d_audio"],
]

private let cases: [PeerCase] = [
    .init(media: "mkv/sample.mkv", dump: "mkv/sample.mkv.0.dump"),
    .init(media: "mkv/sample_with_srt.mkv", dump: "mkv/sample_with_srt.mkv.0.dump"),
    .init(media: "mkv/sample_with_multiple_key_frames.mkv", dump: "mkv/sample_with_multiple_key_frames.mkv.0.dump"),
    .init(media: "mkv/sample_with_htc_rotation_track_name.mkv", dump: "mkv/sample_with_htc_rotation_track_name.mkv.0.dump"),
    .init(media: "flv/sample.flv", dump: "flv/sample.flv.0.dump"),
    .init(media: "mp4/sample_ac4.mp4", dump: "mp4/sample_ac4.mp4.0.dump"),
    .init(media: "mp4/sample_fpcm_32le.mp4", dump: "mp4/sample_fpcm_32le.mp4.0.dump"),
    .init(media: "mp4/sample_iamf.mp4", dump: "mp4/sample_iamf.mp4.0.dump"),
    .init(media: "mp4/sample_mpegh_mha1.mp4", dump: "mp4/sample_mpegh_mha1.mp4.0.dump"),
    // Read where FFmpeg decodes VVC (7.1 on). Each of its 120 samples lasts 512 of the media's
    // 12,288 ticks (stts): 24 fps over its 5 s, as ffprobe says; ExoPlayer divides the 120 by the
    // media header's 5.21 s, which counts the edit list's 0.21 s composition shift.
    .init(
        media: "mp4/sample_vvc.mp4", dump: "mp4/sample_vvc.mp4.0.dump",
        frameRate: (24, "stts: 512 of 12,288 ticks a frame; ExoPlayer divides by the mdhd length, 5.21 s")),
    .init(media: "mp4/sample_mp2_audio.mp4", dump: "mp4/sample_mp2_audio.mp4.0.dump"),
    .init(
        media: "mp3/bear-cbr-no-seek-table-trailing-garbage.mp3", dump: "mp3/bear-cbr-no-seek-table-trailing-garbage.mp3.0.dump"),
    .init(
        media: "mp3/test-cbr-info-header-trailing-garbage.mp3", dump: "mp3/test-cbr-info-header.mp3.0.dump",
        length: (
            41 * 1152 / 44100,
            "reelshare counts the 41 MPEG frames FFmpeg reads (ffprobe -count_packets: 41); ExoPlayer states the Info header's length less its encoder delay and padding"
        )),
    // ExoPlayer's length of a raw AAC stream is a constant-bit-rate estimate (3.357 s); its 144
    // frames of 1,024 samples at 44.1 kHz play 3.344 s, what reelshare counts.
    .init(media: "ts/sample.adts", dump: "ts/sample_cbs.adts.0.dump", length: (144 * 1024 / 44100, "frames counted")),
    .init(media: "ts/sample_dts_hd_ma.ts", dump: "ts/sample_dts_hd_ma.ts.0.dump"),
    .init(
        media: "ts/sample_mpegh_bl_cicp1_single.ts", dump: "ts/sample_mpegh_bl_cicp1_single.ts.0.dump",
        rateUnread: "FFmpeg has no MPEG-H decoder: the codec is named from the stream type, its sampling rate is not read"),
    // ExoPlayer's TS length ends at the last sample's start (66.7 ms); reelshare's runs to the
    // end of the last frame of audio or video (the fourth MP2 frame ends at 111 ms), and leaves
    // out the SCTE-35 sections FFmpeg's own length spans (0.833 s).
    .init(media: "ts/sample_scte35.ts", dump: "ts/sample_scte35.ts.0.dump", length: (0.111, "to the end of the last frame")),
    .init(media: "ts/sample_with_junk", dump: "ts/sample_with_junk.0.dump", length: (0.111, "to the end of the last frame")),
]

@Suite("ExoPlayer's extractor dumps as a second oracle")
struct PeerOracleTests {
    @Test("probe agrees with the dump, or differs as the case says", arguments: cases)
    func agrees(_ peer: PeerCase) throws {
        let dump = ExtractorDump(
            try String(contentsOf: root.appendingPathComponent("extractordumps/\(peer.dump)"), encoding: .utf8))
        let path = root.appendingPathComponent("media/\(peer.media)").path
        let result = runReelshare(["probe", "--format", "json", path])
        let file = try #require((result.json?["files"] as? [[String: Any]])?.first, "\(result.stderr)")
        // A file whose only stream is of a codec FFmpeg does not know (AC-4, MPEG-H mha1; IAMF and
        // VVC before FFmpeg 7.1) is unsupported, and says which stream; a release that knows it
        // reads it (IAMF then named as such, not by its substreams' PCM).
        if let error = file["error"] as? [String: Any] {
            let only = try #require(dump.tracks.first { $0.isVideo || $0.isAudio })
            #expect(error["code"] as? String == "unsupported", "\(peer.media): \(error)")
            #expect(
                (error["message"] as? String ?? "").hasPrefix(
                    "no audio or video stream FFmpeg reads: stream #0 (\(only.isVideo ? "video" : "audio"), "),
                "\(peer.media): \(error)")
            #expect(dump.tracks.filter { $0.isVideo || $0.isAudio }.count == 1, "\(peer.media): other tracks were readable")
            return
        }
        let others = (file["otherStreams"] as? [[String: Any]]) ?? []
        func listed(_ kind: String) -> Bool { others.contains { $0["kind"] as? String == kind } }

        if let track = dump.tracks.first(where: \.isVideo) {
            if let video = file["video"] as? [String: Any] {
                let names = codecs[track.mime] ?? []
                #expect(names.isEmpty || names.contains(video["codec"] as? String ?? ""), "\(peer.media): \(video)")
                #expect(video["width"] as? Int == track.width && video["height"] as? Int == track.height, "\(peer.media)")
                #expect(video["rotation"] as? Int == track.rotation, "\(peer.media): rotation \(video["rotation"] ?? "")")
                if let rate = peer.frameRate?.fps ?? track.rate, let ours = video["frameRate"] as? Double {
                    #expect(abs(ours - rate) <= rate * 0.01, "\(peer.media): \(ours) fps, the dump \(rate)")
                }
            } else {
                #expect(listed("video"), "\(peer.media): its \(track.mime) is neither read nor listed")
            }
        }
        if let track = dump.tracks.first(where: \.isAudio) {
            if let audio = file["audio"] as? [String: Any] {
                let names = codecs[track.mime] ?? []
                #expect(names.isEmpty || names.contains(audio["codec"] as? String ?? ""), "\(peer.media): \(audio)")
                if let channels = track.channels, channels > 0 {
                    #expect(audio["channels"] as? Int == channels, "\(peer.media): \(audio)")
                }
                if let rate = track.sampleRate {
                    if peer.rateUnread == nil {
                        #expect(audio["sampleRate"] as? Int == rate, "\(peer.media): \(audio)")
                    } else {
                        #expect(audio["sampleRate"] is NSNull, "\(peer.media): \(audio)")
                    }
                }
            } else {
                #expect(listed("audio"), "\(peer.media): its \(track.mime) is neither read nor listed")
            }
        }
        if let expected = peer.length?.seconds ?? dump.duration, let ours = file["durationSeconds"] as? Double {
            // A frame of slack: ExoPlayer and FFmpeg end a stream at its last frame's start or end.
            #expect(abs(ours - expected) <= 0.05, "\(peer.media): \(ours) s, the dump \(dump.duration ?? -1) s")
        }
    }

    /// ExoPlayer's 32-bit float PCM clip with its audio's sample entry renamed from 'fpcm' (which
    /// FFmpeg 7.1 reads) to 'mha1' (MPEG-H, which no FFmpeg from 5.1 to 9.0 decodes): a
    /// stream reelshare cannot read beside one it can, the same on every release.
    @Test("validate judges the streams it reads and names the one it cannot (an MPEG-H sample entry beside H.264)")
    func namesTheOthers() throws {
        var bytes = try Data(contentsOf: root.appendingPathComponent("media/mp4/sample_fpcm_32le.mp4"))
        // Its PCM configuration box becomes a free box (FFmpeg 7.1 refuses a 'pcmC' in another entry).
        for (from, to) in [("fpcm", "mha1"), ("pcmC", "free")] {
            let at = try #require(bytes.range(of: Data(from.utf8)), "the clip has no '\(from)'")
            #expect(bytes.range(of: Data(from.utf8), in: at.upperBound..<bytes.endIndex) == nil, "more than one '\(from)'")
            bytes.replaceSubrange(at, with: Data(to.utf8))
        }
        let directory = try scratch("peer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("h264_mha1.mp4").path
        try bytes.write(to: URL(fileURLWithPath: path))

        let result = runReelshare(["validate", "--format", "json", "--target", "ig-reels", path])
        let verdict = try #require(
            ((result.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first, "\(result.stderr)")
        let findings = verdict["findings"] as? [[String: Any]] ?? []
        let streams = try #require(findings.first { $0["rule"] as? String == "media.streams" }, "\(findings)")
        #expect(streams["severity"] as? String == "warning")
        #expect((streams["message"] as? String ?? "").hasPrefix("stream #1 (audio, mha1) is of a codec FFmpeg does not know"))
        // The video is judged: its length (1 s, under the 3 s minimum) is the H.264 ExoPlayer reads.
        #expect(!findings.contains { $0["rule"] as? String == "media.unreadable" })
        #expect(findings.contains { $0["rule"] as? String == "video.duration.min" }, "\(findings)")
    }

    /// ExoPlayer's SCTE-35 TS cut after 30,000 of its 54,896 bytes (`head -c`, a download that
    /// stopped): its first audio PES packet starts at byte 49,632, so the cut file has video and
    /// cue sections but no audio frame. FFmpeg still gives the audio a start (0.7 s, the cue's) and
    /// a length (0.80 s, from the bit rate), and ffprobe prints both; the audio has no length and
    /// the file lasts its video's two frames.
    @Test("a TS cut before its first audio packet: no audio length, the file as long as its video")
    func cutBeforeAudio() throws {
        let bytes = try Data(contentsOf: root.appendingPathComponent("media/ts/sample_scte35.ts"))
        let directory = try scratch("peer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cut.ts").path
        try bytes.prefix(30_000).write(to: URL(fileURLWithPath: path))

        let result = runReelshare(["probe", "--format", "json", path])
        let file = try #require((result.json?["files"] as? [[String: Any]])?.first, "\(result.stderr)")
        #expect(file["truncated"] as? Bool == true)
        let audio = try #require(file["audio"] as? [String: Any])
        #expect(audio["durationSeconds"] is NSNull, "\(audio)")
        let video = try #require(file["video"] as? [String: Any])
        let videoLength = try #require(video["durationSeconds"] as? Double)
        #expect(abs(videoLength - 2 * 1001 / 30000.0) < 0.001, "two frames at 29.97: \(videoLength) s")
        #expect(file["durationSeconds"] as? Double == videoLength)
    }
}
