// What a video fix will hold, told from its plan and the probe's facts before anything is decoded
// (FixMemory): each part worked out from the source's and the output's sizes, and the refusal and
// the printed command's --max-memory where the total passes 200 MiB.
import Testing

@testable import ReelShareKit

@Suite("Fix memory")
struct FixMemoryTests {
    private let mebibyte = 1 << 20

    /// The plan and estimate of `report` fixed for ig-reels with --strict (a source over 1080p is scaled).
    private func estimate(_ report: ProbeReport) throws -> (FixMemory, TargetVerdict) {
        let profile = try #require(ProfileSet.builtin.profile("ig-reels"))
        let verdict = Rules.evaluate(report, role: .backgroundVideo, profile: profile, strict: true)
        guard case .video(let plan)? = verdict.plan, case .av(let media) = report.content else {
            Issue.record("no video plan: \(verdict.findings.map(\.rule.rawValue))")
            throw CancellationError()
        }
        return (FixMemory(plan, media: media), verdict)
    }

    private func declaring(_ report: ProbeReport, references: Int?) -> ProbeReport {
        guard case .av(var media) = report.content else { return report }
        media.video?.referenceFrames = references
        return ProbeReport(path: report.path, sizeBytes: report.sizeBytes, content: .av(media))
    }

    @Test("a decoded picture: 8K 10-bit 4:2:0 is 99.5 MB (two bytes a sample), 4K 8-bit 4:4:4 24.9 MB, 1080p 4:2:0 3.1 MB")
    func pictures() {
        #expect(FixMemory.pictureBytes(width: 7680, height: 4320, chroma: .c420, bitDepth: 10) == 99_532_800)
        #expect(FixMemory.pictureBytes(width: 3840, height: 2160, chroma: .c444, bitDepth: 8) == 24_883_200)
        #expect(FixMemory.pictureBytes(width: 1080, height: 1920, chroma: nil, bitDepth: nil) == 3_110_400)
    }

    @Test(
        "a 4K H.264 clip made 1080p: its decoder's 4 declared pictures, 3 more and its tables, libx264 at 1080x1920, the process: over 200 MiB"
    )
    func fourK() throws {
        let report = declaring(clip(width: 2160, height: 3840), references: 4)
        let (memory, verdict) = try estimate(report)
        let picture = 2160 * 3840 * 3 / 2
        #expect(memory.pictures == 7 && memory.pictureBytes == picture)
        #expect(memory.decoder == 7 * picture + 2160 * 3840 * 5 / 2)
        // Two reference frames, two B-frames and 3 of look-ahead at 1080x1920 (FFmpegJob.EncoderMemory): 44 bytes a pixel.
        #expect(memory.encoder == 1080 * 1920 * 44)
        #expect(memory.toneMap == 0)
        #expect(memory.total == 66 * mebibyte + memory.encoder + memory.decoder + memory.index)
        let why = try #require(memory.refusal(bound: FixMemory.defaultBound))
        #expect(
            why.hasPrefix(
                "fixing it would hold about \(FixMemory.mebibytes(memory.total)) MiB (its decoder keeps 7 pictures of 12 MiB, libx264 88 MiB)"
            ), "\(why)")
        #expect(why.hasSuffix("more than the 200 MiB fix keeps to; --max-memory 300 allows it"), "\(why)")
        #expect(memory.refusal(bound: 300 * mebibyte) == nil)
        // The printed reelshare command asks for it, so it runs as printed.
        #expect(verdict.reelshareFix == "reelshare fix --target ig-reels --strict --max-memory 300 -- clip.mp4")
    }

    @Test(
        "an intra-only stream (0 reference pictures said) keeps 3; what several fixes at once share is the work beyond the process"
    )
    func intraOnly() throws {
        let (memory, _) = try estimate(declaring(clip(width: 2160, height: 3840), references: 0))
        #expect(memory.pictures == 3)
        #expect(memory.work == memory.total - 66 * mebibyte)
    }

    @Test("a 1080p 4:2:2 clip made 4:2:0 is within 200 MiB (it held 182), and its printed command asks for nothing more")
    func tenEighty() throws {
        let report = declaring(clip(profile: "High 4:2:2", pixelFormat: "yuv422p", chroma: .c422), references: 4)
        let (memory, verdict) = try estimate(report)
        #expect(memory.total < FixMemory.defaultBound && memory.refusal(bound: FixMemory.defaultBound) == nil)
        #expect(verdict.reelshareFix?.contains("--max-memory") == false, "\(verdict.reelshareFix ?? "")")
    }

    @Test(
        "an 8K 10-bit HLG HEVC clip: unsaid, its decoder is taken to keep HEVC's 16; said (5), 8 pictures of 95 MiB and the tone-map's floats"
    )
    func eightK() throws {
        let hlg = clip(codec: "hevc", width: 7680, height: 4320, pixelFormat: "yuv420p10le", bitDepth: 10)
        guard case .av(var media) = hlg.content else { throw CancellationError() }
        media.video?.colorTransfer = "arib-std-b67"
        media.video?.colorPrimaries = "bt2020"
        let report = ProbeReport(path: hlg.path, sizeBytes: hlg.sizeBytes, content: .av(media))
        let unsaid = try estimate(report).0
        #expect(unsaid.pictures == 19)
        let said = try estimate(declaring(report, references: 5)).0
        #expect(said.pictures == 8 && FixMemory.mebibytes(said.pictureBytes) == 95)
        #expect(said.toneMap == 4 * 1920 * 1080 * 12)
        #expect(said.refusal(bound: FixMemory.defaultBound)?.contains("tone-mapping 95 MiB") == true)
        // preview --at: the process and the decoder alone.
        guard case .av(let saidMedia) = declaring(report, references: 5).content else { throw CancellationError() }
        let video = try #require(saidMedia.video)
        let decoding = FixMemory(decoding: video)
        #expect(decoding.total == 66 * mebibyte + 8 * said.pictureBytes + 7680 * 4320 * 5)
        let preview = try #require(
            decoding.refusal(bound: FixMemory.defaultBound, doing: "decoding its frame at 2 s", command: "preview"))
        #expect(
            preview.hasPrefix("decoding its frame at 2 s would hold about \(FixMemory.mebibytes(decoding.total)) MiB")
                && preview.contains("200 MiB preview keeps to"), "\(preview)")
    }

    @Test(
        "an AAC file's clip: FFmpeg's index of its packets (28 bytes each, 72 while read) counted; 10 hours within, 30 refused saying so"
    )
    func longAudio() throws {
        func file(hours: Double, family: ContainerFamily = .isoBMFF) -> ProbeReport {
            let audio = AudioStream(codec: "aac", codecID: .aac, sampleRate: 44100, channels: 2, bitRate: 2_000)
            return ProbeReport(
                path: "long.m4a", sizeBytes: 13_612_943,
                content: .av(AVMedia(container: "m4a", family: family, durationSeconds: hours * 3600, audio: audio)))
        }
        // 36,000 s of 44,100 samples in packets of 1,024: 1.55 million (a real one held 190 MiB).
        let ten = try estimate(file(hours: 10)).0
        #expect(ten.packets == Int(36_000.0 * 44_100 / 1024) && ten.index == ten.packets * 28 && ten.decoder == 0)
        #expect(ten.refusal(bound: FixMemory.defaultBound) == nil)
        let thirty = try estimate(file(hours: 30)).0
        // While FFmpeg reads the index it holds 72 bytes a packet: for 4.65 million, more than the work after.
        #expect(thirty.packets * 28 > 100 * mebibyte)
        #expect(thirty.total == 66 * mebibyte + thirty.packets * 72)
        #expect(
            thirty.refusal(bound: FixMemory.defaultBound)?.contains(
                "FFmpeg's index of its \(thirty.packets) packets, \(FixMemory.mebibytes(thirty.packets * 72)) MiB while it reads it"
            ) == true, "\(thirty.refusal(bound: FixMemory.defaultBound) ?? "")")
        let twelve = try estimate(file(hours: 12)).0
        #expect(twelve.total == 66 * mebibyte + twelve.encoder + twelve.packets * 28)
        #expect(
            twelve.refusal(bound: FixMemory.defaultBound)?.contains(
                "FFmpeg's index of its packets \(FixMemory.mebibytes(twelve.index)) MiB") == true)
        // A Matroska file's index is its cues: not counted.
        #expect(try estimate(file(hours: 30, family: .matroska)).0.index == 0)
    }
}
