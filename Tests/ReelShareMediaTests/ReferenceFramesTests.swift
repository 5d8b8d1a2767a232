// The pictures a bitstream declares its decoder keeps (H.264's max_num_ref_frames, HEVC's
// sps_max_dec_pic_buffering), which FixMemory counts: read from the SPS, held to what FFmpeg's own
// trace_headers bitstream filter reads from the same file.
import Foundation
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

@Suite("Reference pictures from the bitstream")
struct ReferenceFramesTests {
    /// What FFmpeg's trace_headers reads as `field` in the first parameter set of `file`.
    private func traced(_ file: String, _ field: String, in directory: URL) throws -> Int? {
        let run = try runCommand(
            ["sh", "-c", "ffmpeg -nostdin -v trace -i \"$0\" -c copy -bsf:v trace_headers -f null - 2>&1", file],
            in: directory)
        let line = run.stdout.split(separator: "\n").first { $0.contains(" \(field) ") || $0.contains(" \(field)[") }
        return line.flatMap { $0.split(separator: "=").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
    }

    private func declared(_ path: String) -> Int? {
        guard case .av(let media) = MediaProber().probe(path).content else { return nil }
        return media.video?.referenceFrames
    }

    @Test("H.264 made with 1, 3 and 6 reference frames or intra-only (0), and HEVC with 1 and 4: each as trace_headers reads it")
    func madeClips() throws {
        let directory = try scratch("references")
        defer { try? FileManager.default.removeItem(at: directory) }
        for refs in [1, 3, 6] {
            let name = "h264-\(refs).mp4"
            try makeWithFFmpeg(
                name,
                [
                    "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-frames:v", "10", "-c:v", "libx264", "-x264-params",
                    "ref=\(refs):bframes=0",
                ], in: directory)
            let oracle = try #require(try traced(name, "max_num_ref_frames", in: directory))
            #expect(oracle == refs)
            #expect(declared(directory.appendingPathComponent(name).path) == oracle, "\(name)")
        }
        // Intra-only (a keyframe every frame): no reference picture, said as 0, not unsaid.
        try makeWithFFmpeg(
            "intra.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-frames:v", "5", "-c:v", "libx264", "-x264-params",
                "keyint=1",
            ],
            in: directory)
        #expect(try traced("intra.mp4", "max_num_ref_frames", in: directory) == 0)
        #expect(declared(directory.appendingPathComponent("intra.mp4").path) == 0)
        for refs in [1, 4] {
            let name = "hevc-\(refs).mp4"
            try makeWithFFmpeg(
                name,
                [
                    "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-frames:v", "10", "-c:v", "libx265", "-x265-params",
                    "log-level=error:ref=\(refs):bframes=\(refs > 1 ? 2 : 0)", "-tag:v", "hvc1",
                ], in: directory)
            let minus1 = try #require(try traced(name, "sps_max_dec_pic_buffering_minus1", in: directory))
            #expect(declared(directory.appendingPathComponent(name).path) == minus1 + 1, "\(name)")
        }
    }

    @Test("the fixtures' H.264 and HEVC: 4 and 5 pictures; VP9 says nothing (its slots are counted by the codec)")
    func fixtures() {
        #expect(declared(TestPaths.fixture("h264_aac_2s.mp4")) == 4)
        #expect(declared(TestPaths.fixture("hevc.mp4")) == 5)
        #expect(declared(TestPaths.fixture("vp9_opus.webm")) == nil)
    }
}
