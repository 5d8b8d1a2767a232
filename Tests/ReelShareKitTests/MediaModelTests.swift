import Testing
@testable import ReelShareKit

@Suite("Media model")
struct MediaModelTests {
    @Test(
        "a quarter turn swaps the display size",
        arguments: [(0, 1080, 1920), (90, 1920, 1080), (180, 1080, 1920), (270, 1920, 1080)])
    func displaySize(rotation: Int, width: Int, height: Int) {
        let stream = VideoStream(width: 1080, height: 1920, rotation: rotation)
        #expect(stream.displayWidth == width)
        #expect(stream.displayHeight == height)
    }

    @Test("HLG and PQ transfer functions are HDR; BT.709 is not")
    func hdr() {
        #expect(VideoStream(colorTransfer: "arib-std-b67").hdr == "hlg")
        #expect(VideoStream(colorTransfer: "smpte2084").hdr == "pq")
        #expect(VideoStream(colorTransfer: "bt709").hdr == nil)
        #expect(VideoStream().hdr == nil)
    }

    @Test("kind follows the content")
    func kind() {
        #expect(
            ProbeReport(path: "a", sizeBytes: 1, content: .av(AVMedia(container: "mp4", family: .isoBMFF, video: VideoStream())))
                .kind == .video)
        #expect(
            ProbeReport(path: "a", sizeBytes: 1, content: .av(AVMedia(container: "m4a", family: .isoBMFF, audio: AudioStream())))
                .kind == .audio)
        #expect(ProbeReport(path: "a", sizeBytes: 1, content: .image(ImageMedia(format: .png))).kind == .image)
        #expect(
            ProbeReport(path: "a", sizeBytes: nil, content: .failure(ProbeFailure(.notFound, "no such file"))).kind == .unknown)
    }

    @Test("the wire form of a video report has every key, null when unknown")
    func wireKeys() {
        let report = ProbeReport(
            path: "clip.mp4", sizeBytes: 10,
            content: .av(AVMedia(container: "mp4", family: .isoBMFF, video: VideoStream(codec: "h264"))))
        #expect(
            ProbeJSON.file(report).serialized == """
                {"audio":null,"bitRate":null,"container":"mp4","decode":null,"deep":null,"durationSeconds":null,\
                "editList":null,"editListEffect":null,"fastStart":null,"fragmented":null,"image":null,"kind":"video","leadingJunkBytes":null,\
                "otherStreams":[],"path":"clip.mp4","sizeBytes":10,"startSeconds":null,"trailer":null,"trailingBytes":null,"truncated":false,\
                "video":{"bitDepth":null,"bitRate":null,"codec":"h264","codecTag":null,"colorMatrix":null,"colorPrimaries":null,\
                "colorRange":null,"colorTransfer":null,"containerColor":null,"displayHeight":null,"displayWidth":null,"durationSeconds":null,"fieldOrder":null,\
                "frameRate":null,"hasAlpha":false,"hdr":null,"height":null,"mirrored":false,"pixelFormat":null,"profile":null,"rotation":0,\
                "sampleAspectRatio":null,"streamCount":1,"width":null}}
                """)
        let failed = ProbeReport(path: "x", sizeBytes: nil, content: .failure(ProbeFailure(.corrupt, "bad")))
        #expect(
            ProbeJSON.file(failed).serialized
                == #"{"error":{"code":"corrupt","message":"bad"},"kind":"unknown","path":"x","sizeBytes":null}"#)
    }

    @Test("displayed sizes: pixels' aspect first, then a quarter turn; EXIF orientation 5 to 8 swaps an image")
    func displayedSizes() {
        let sar = VideoStream(width: 1080, height: 1920, sampleAspectRatio: PixelRatio(4, 3))
        #expect(sar.displayWidth == 1440 && sar.displayHeight == 1920)
        let turned = VideoStream(width: 1920, height: 1080, rotation: 90, sampleAspectRatio: PixelRatio(4, 3))
        #expect(turned.displayWidth == 1080 && turned.displayHeight == 2560)
        #expect(VideoStream(width: 10, height: 10, sampleAspectRatio: PixelRatio(1, 1)).sampleAspectRatio == nil)
        for orientation in 1...8 {
            let image = ImageMedia(format: .jpeg, width: 1280, height: 720, orientation: orientation)
            let swapped = orientation >= 5
            #expect(image.displayWidth == (swapped ? 720 : 1280) && image.displayHeight == (swapped ? 1280 : 720))
        }
    }
}
