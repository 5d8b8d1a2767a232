// The colour a decoder uses, read from the bitstream (H.264 and HEVC VUI, AV1's sequence header)
// where the container is silent or contradicts it; the container's said where it disagrees.
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

@Suite("Colour from the bitstream")
struct ColourTests {
    private let prober = MediaProber()

    private func video(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> VideoStream? {
        guard case .av(let media) = prober.probe(path).content else {
            Issue.record("\(path): not read as audio/video", sourceLocation: sourceLocation)
            return nil
        }
        return media.video
    }

    private func thirdParty(_ name: String) -> String {
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/thirdparty/mp4parse/\(name)").path
    }

    @Test("an HLG clip whose second colr box says BT.2020 SDR is HLG, as mp4parse's test, ffprobe and mediainfo say")
    func twoColrBoxes() throws {
        let v = try #require(video(thirdParty("video_colr_nclx_two_colr.mp4")))
        #expect(v.colorTransfer == "arib-std-b67")
        #expect(v.hdr == "hlg")
        #expect(v.colorPrimaries == "bt2020" && v.colorMatrix == "bt2020nc" && v.fullRange == false)
        #expect(v.containerColour?.transfer == "bt2020-10")
    }

    @Test("full range and PQ, from the colr box and the VUI alike (mp4parse's hdr10_full_range)")
    func fullRange() throws {
        let v = try #require(video(thirdParty("video_colr_nclx_hdr10_full_range.mp4")))
        #expect(v.hdr == "pq" && v.fullRange == true)
        #expect(v.containerColour == nil)
    }

    @Test("HEVC's VUI read through its SPS: a colr box saying PQ over a BT.709 bitstream is not HDR")
    func hevcContradicted() throws {
        let v = try #require(video(TestPaths.fixture("hevc_colr_contradicts.mp4")))
        #expect(v.colorTransfer == "bt709" && v.colorPrimaries == "bt709" && v.colorMatrix == "bt709")
        #expect(v.hdr == nil)
        #expect(
            v.containerColour == VideoColour(transfer: "smpte2084", primaries: "bt2020", matrix: "bt2020nc", fullRange: false))
    }

    @Test("colour said by the bitstream alone: HEVC PQ in MP4, H.264 HLG in MPEG-TS, AV1 PQ in Matroska")
    func bitstreamOnly() throws {
        let hevc = try #require(video(TestPaths.fixture("hevc_pq_vui.mp4")))
        #expect(hevc.hdr == "pq" && hevc.colorPrimaries == "bt2020")
        let ts = try #require(video(TestPaths.fixture("h264_hlg_vui.ts")))
        #expect(ts.hdr == "hlg" && ts.fullRange == true && ts.colorMatrix == "bt2020nc")
        let av1 = try #require(video(TestPaths.fixture("av1_pq.mkv")))
        #expect(av1.hdr == "pq" && av1.colorPrimaries == "bt2020" && av1.colorMatrix == "bt2020nc")
        #expect([hevc, ts, av1].allSatisfy { $0.containerColour == nil })
    }

    @Test("the decision: the bitstream's field where it says one, else the container's")
    func decided() {
        let container = VideoColour(transfer: "bt2020-10", primaries: "bt2020", matrix: nil, fullRange: false)
        let bitstream = VideoColour(transfer: "arib-std-b67", primaries: nil, matrix: "bt2020nc", fullRange: nil)
        let used = VideoColour.decoded(container: container, bitstream: bitstream)
        #expect(used == VideoColour(transfer: "arib-std-b67", primaries: "bt2020", matrix: "bt2020nc", fullRange: false))
        #expect(container.contradicts(bitstream))
        #expect(!VideoColour(transfer: "bt709").contradicts(VideoColour(primaries: "bt709")))
    }
}
