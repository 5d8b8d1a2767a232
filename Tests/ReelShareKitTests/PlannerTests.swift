// The pure planners, without files: how a clip too long is split, how a canvas is laid out, what
// a share request may hold, and what payload document it becomes. Each expectation is worked
// out from the inputs (or from Meta's documents for the keys), not read back from the output.
import Testing

@testable import ReelShareKit

private let profiles = ProfileSet.builtin

private func target(_ id: String) throws -> TargetProfile { try #require(profiles.profile(id)) }

@Suite("Split planner")
struct SplitPlannerTests {
    @Test("parts of at most the longest span, each cut at the last keyframe that fits, together the whole clip")
    func parts() throws {
        // 50 s, a keyframe every 2 s, parts of at most 14.9 s: cuts at 14, 28 and 42.
        let keys = stride(from: 0.0, to: 50, by: 2).map { $0 }
        let parts = try #require(SplitPlanner.parts(duration: 50, keyframes: keys, longest: 14.9))
        #expect(parts.map(\.start) == [0, 14, 28, 42])
        #expect(parts.map(\.end) == [14, 28, 42, nil])
        for (part, next) in zip(parts, parts.dropFirst()) { #expect(part.end == next.start) }
        for part in parts { #expect((part.end ?? 50) - part.start <= 14.9) }
    }

    @Test("a clip within the limit is one part; keyframes too far apart, or no span, give no plan")
    func edges() {
        let one = SplitPlanner.parts(duration: 10, keyframes: [0, 5], longest: 14.9)
        #expect(one?.count == 1 && one?.first?.start == 0 && one?.first?.end == nil)
        // The only keyframe after 0 is at 20 s: no cut within 14.9 s of the start.
        #expect(SplitPlanner.parts(duration: 40, keyframes: [0, 20], longest: 14.9) == nil)
        #expect(SplitPlanner.parts(duration: 40, keyframes: [0, 10, 20, 30], longest: 0) == nil)
        // Keyframes past the end, unsorted, or repeated do not change the cuts.
        let messy = SplitPlanner.parts(duration: 30, keyframes: [20, 10, 10, 45, 0], longest: 12)
        #expect(messy?.map(\.start) == [0, 10, 20])
    }

    @Test("the longest part is the target's limit less a frame and an audio packet")
    func longest() throws {
        let stories = try target("ig-stories")
        var media = AVMedia(container: "mp4", family: .isoBMFF, video: VideoStream(codec: "h264", frameRate: 25))
        media.audio = AudioStream(codec: "aac", sampleRate: 48_000)
        // Instagram Stories: 20 s; a frame at 25 fps is 0.04 s; an AAC packet pair at 48 kHz 2048/48000 s.
        // On iOS the app posts the first 15 s of a longer video (its advisory): parts that long.
        func less(_ limit: Double) -> Double { ((limit - 0.04 - 2048.0 / 48_000) * 1000).rounded(.down) / 1000 }
        #expect(SplitPlanner.longest(stories, media: media, platforms: [.android]) == less(20))
        #expect(SplitPlanner.longest(stories, media: media, platforms: [.ios]) == less(15))
        #expect(SplitPlanner.longest(stories, media: media) == less(15))
        // The Graph API's 15 minutes give a longest part too; without a duration limit, none.
        #expect(SplitPlanner.longest(try target("ig-reels-api"), media: media) == less(900))
        var unlimited = stories
        unlimited.roles[.backgroundVideo]?.removeAll { $0.rule == .videoDurationMax }
        #expect(SplitPlanner.longest(unlimited, media: media, platforms: [.android]) == nil)
    }

    @Test("part names keep the directory and take the container's extension")
    func names() {
        #expect(SplitPlanner.partPath("dir/clip.mov", number: 2) == "dir/clip.part2.mp4")
        #expect(SplitPlanner.partPath("clip.webm", number: 1, extension: "webm") == "clip.part1.webm")
        #expect(SplitPlanner.partPath("no-extension", number: 3) == "no-extension.part3.mp4")
    }
}

@Suite("Canvas planner")
struct CanvasPlannerTests {
    private func layout(_ fit: BackgroundFit, zones: SafeZones = SafeZones(top: 0.1, bottom: 0.2)) -> CanvasLayout {
        CanvasLayout(
            background: LayoutFact(fit, source: "s", approximation: true),
            colors: LayoutFact(ColorPair(top: "#112233", bottom: "#445566"), source: "s", approximation: true),
            sticker: LayoutFact(
                StickerPlacement(width: 0.5, height: 0.25, centerX: 0.5, centerY: 0.5), source: "s", approximation: true),
            safeZones: LayoutFact(zones, source: "s", approximation: true))
    }

    @Test("fill covers the canvas and crops the middle of a landscape picture")
    func fill() {
        let plan = CanvasPlanner.plan(
            layout(.fill), width: 1080, height: 1920, background: (1920, 1080), sticker: nil, colors: nil)
        // Scale 1920/1080 fills the height; 1080 / (16/9) = 607.5 source columns show, centred.
        guard case .picture(let crop, let into, let scale) = plan.background else {
            Issue.record("no picture: \(plan.background)")
            return
        }
        #expect(abs(scale - 1920.0 / 1080) < 1e-9)
        #expect(crop == PixelRect(x: 656, y: 0, width: 608, height: 1080))
        #expect(into == PixelRect(x: 0, y: 0, width: 1080, height: 1920))
        #expect(plan.top == 0x112233 && plan.bottom == 0x445566)
    }

    @Test("fit shows the whole picture, centred, the colours around it")
    func fit() {
        let plan = CanvasPlanner.plan(
            layout(.fit), width: 1080, height: 1920, background: (1920, 1080), sticker: nil,
            colors: ColorPair(top: "#FF0000", bottom: "#00FF00"))
        guard case .picture(let crop, let into, let scale) = plan.background else {
            Issue.record("no picture: \(plan.background)")
            return
        }
        #expect(scale == 0.5625)
        #expect(crop == PixelRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(into == PixelRect(x: 0, y: 656, width: 1080, height: 608))
        #expect(plan.top == 0xFF0000 && plan.bottom == 0x00FF00)
    }

    @Test("the sticker is scaled into its box and centred; inside the bands it gets a finding")
    func sticker() {
        // A 640x480 sticker into a box of 540x480 (half the width, a quarter of the height): scale 0.84375.
        let centred = CanvasPlanner.plan(
            layout(.fill), width: 1080, height: 1920, background: nil, sticker: (640, 480), colors: nil)
        #expect(centred.background == .colors)
        #expect(centred.sticker == PixelRect(x: 270, y: 758, width: 540, height: 405))
        #expect(centred.stickerScale == 0.84375)
        #expect(centred.safeZones.map(\.name) == ["top", "bottom"])
        #expect(
            centred.safeZones.map(\.rect) == [
                PixelRect(x: 0, y: 0, width: 1080, height: 192), PixelRect(x: 0, y: 1536, width: 1080, height: 384),
            ])
        #expect(centred.findings.isEmpty)
        // Bands so deep that the centred sticker reaches into both.
        let covered = CanvasPlanner.plan(
            layout(.fill, zones: SafeZones(top: 0.45, bottom: 0.45, left: 0.1)), width: 1080, height: 1920, background: nil,
            sticker: (640, 480), colors: nil)
        #expect(covered.findings.map(\.rule) == [.own(.previewSafeZone)])
        #expect(covered.findings.first?.message.contains("top and bottom bands") == true)
        #expect(covered.safeZones.map(\.name) == ["top", "bottom", "left"])
    }

    @Test("a picture of no pixels is no picture, and a colour that is not #RRGGBB falls back")
    func degenerate() {
        let plan = CanvasPlanner.plan(
            layout(.fill), width: 1080, height: 1920, background: (0, 1080), sticker: (0, 0),
            colors: ColorPair(top: "red", bottom: "#00000G"))
        #expect(plan.background == .colors && plan.sticker == nil)
        #expect(plan.top == 0x222222 && plan.bottom == 0x222222)
    }
}

@Suite("Share request rules")
struct ShareRequestRuleTests {
    @Test("colours are #RRGGBB; one alone becomes a solid pair; beside a background they are ignored")
    func colors() throws {
        #expect(throws: ShareRequestError("invalid colour 'blue' for --top-color: expected #RRGGBB, like #1A2B3C")) {
            try ShareRules.checkColor("blue", option: "--top-color")
        }
        #expect(try ShareRules.checkColor("#1A2B3C", option: "--top-color") == "#1A2B3C")
        let alone = ShareRules.colors(top: "#123456", bottom: nil, hasBackground: false)
        #expect(alone.top == "#123456" && alone.bottom == "#123456")
        #expect(alone.findings.map(\.rule) == [.own(.buildColorPair)])
        let ignored = ShareRules.colors(top: "#123456", bottom: "#654321", hasBackground: true)
        #expect(ignored.findings.map(\.rule) == [.own(.buildColorsIgnored)])
        #expect(ignored.findings.first?.message.contains("are ignored") == true)
        #expect(ShareRules.colors(top: "#123456", bottom: "#654321", hasBackground: false).findings.isEmpty)
        #expect(ShareRules.colors(top: nil, bottom: nil, hasBackground: false).top == nil)
    }

    @Test("an App ID is decimal digits; a bundle id and a client token are named as what they are")
    func appId() throws {
        let stories = try target("ig-stories")
        #expect(try ShareRules.checkAppId("1234567890", target: stories, platform: .ios) == "1234567890")
        for (given, guess) in [("com.example.app", "bundle identifier"), ("0123456789abcdef0123456789abcdef", "client token")] {
            do throws(ShareRequestError) {
                _ = try ShareRules.checkAppId(given, target: stories, platform: .ios)
                Issue.record("\(given) passed")
            } catch {
                #expect(error.message.contains(guess), "\(error)")
                #expect(error.message.contains("source_application"), "\(error)")  // where Instagram Stories reads it
            }
        }
        #expect(throws: ShareRequestError.self) { try ShareRules.checkAppId(nil, target: stories, platform: .ios) }
    }

    @Test("Android application ids follow the build tools' rule")
    func package() throws {
        #expect(try ShareRules.checkPackage("com.example.app_2") == "com.example.app_2")
        for bad in ["com", "com..app", "com.1app", "com.ex-ample"] {
            #expect(throws: ShareRequestError.self, "\(bad)") { try ShareRules.checkPackage(bad) }
        }
    }

    @Test("layers: what each target takes and needs, in the profile's words")
    func layers() throws {
        let shareTargets = profiles.shareTargets
        func check(_ id: String, _ layers: ShareRules.Layers, on platform: Platform = .ios) throws -> String? {
            let profile = try target(id)
            do throws(ShareRequestError) {
                try ShareRules.checkLayers(layers, target: profile, platform: platform, shareTargets: shareTargets)
                return nil
            } catch {
                return error.message
            }
        }
        let sticker = ShareRules.Layers(backgrounds: [], sticker: true, colors: false)
        #expect(try check("ig-stories", sticker) == nil)
        // Instagram Reels needs a background: on iOS only a video is one, on Android an image too.
        #expect(try check("ig-reels", sticker) == "ig-reels needs a background on iOS: pass --video FILE")
        #expect(
            try check("ig-reels", sticker, on: .android)
                == "ig-reels needs a background on Android: pass --video FILE or --background-image FILE")
        #expect(try check("fb-reels", sticker) == "fb-reels needs a background video: pass --video FILE")
        let two = ShareRules.Layers(backgrounds: [.backgroundVideo, .backgroundImage], sticker: false, colors: false)
        #expect(
            try check("ig-stories", two)?.hasPrefix("ig-stories takes a background video or a background image, not both") == true
        )
        #expect(try check("ig-reels-api", sticker)?.contains("validate-only publishing profile") == true)
        let colorsOnly = ShareRules.Layers(backgrounds: [], sticker: false, colors: true)
        #expect(try check("ig-stories", colorsOnly)?.contains("colours alone are not enough") == true)
        let reelsWithColors = ShareRules.Layers(backgrounds: [.backgroundVideo], sticker: false, colors: true)
        #expect(try check("ig-reels", reelsWithColors)?.hasPrefix("ig-reels takes no --top-color or --bottom-color") == true)
    }
}

@Suite("Payload document")
struct PayloadDocumentTests {
    private func text(_ parts: [PayloadPart]) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .base64(let index): return "<base64 \(index)>"
            case .byteCount(let index): return "<bytes \(index)>"
            case .sha256(let index): return "<sha256 \(index)>"
            }
        }.joined()
    }

    @Test("Facebook Stories on iOS: the sticker and the App ID under Meta's pasteboard keys, the URL without a query")
    func facebookStories() throws {
        let request = ShareRequest(
            target: try target("fb-stories"), platform: .ios,
            media: [PayloadMedia(role: .sticker, path: "/s.png", format: "png", sizeBytes: 10)], appId: "42")
        let parts = PayloadDocument.parts(request, warnings: [])
        #expect(parts.contains(.base64(0)))
        #expect(!parts.contains(.base64(1)))
        let document = text(parts)
        // Meta, Facebook Sharing to Stories (iOS): com.facebook.sharedSticker.stickerImage and .appID.
        #expect(document.contains(#""com.facebook.sharedSticker.stickerImage""#))
        #expect(document.contains(#""com.facebook.sharedSticker.appID":"42""#))
        #expect(PayloadDocument.url(request) == "facebook-stories://share")
    }

    @Test("Instagram Stories takes the App ID in the URL query, not on the pasteboard")
    func instagramStories() throws {
        let request = ShareRequest(
            target: try target("ig-stories"), platform: .ios,
            media: [PayloadMedia(role: .sticker, path: "/s.png", format: "png")], appId: "42")
        #expect(PayloadDocument.url(request) == "instagram-stories://share?source_application=42")
        let document = text(PayloadDocument.parts(request, warnings: []))
        #expect(document.contains(#""com.instagram.sharedSticker.stickerImage""#))
        #expect(!document.contains("appID"))
    }

    @Test("a plist document carries the media as <data> and escapes what XML cannot hold as text")
    func plist() throws {
        let request = ShareRequest(
            target: try target("fb-stories"), platform: .ios,
            media: [PayloadMedia(role: .sticker, path: "/s.png", format: "png")], appId: "42", format: .plist)
        let warning = BuildWarning(
            path: "/a&b<c>.png", finding: Finding(.buildColorPair, severity: .warning, message: "x < y & z", source: "s"))
        let document = text(PayloadDocument.parts(request, warnings: [warning]))
        #expect(document.hasPrefix("<?xml"))
        #expect(document.contains("<key>com.facebook.sharedSticker.stickerImage</key>"))
        // The media's bytes go between <data> and </data>, nowhere else.
        let data = try #require(document.range(of: "<data>")?.upperBound)
        let end = try #require(document.range(of: "</data>")?.lowerBound)
        #expect(document[data..<end].trimmingCharacters(in: .whitespacesAndNewlines) == "<base64 0>")
        #expect(document.contains("<string>/a&amp;b&lt;c&gt;.png</string>"))
        #expect(document.contains("<string>x &lt; y &amp; z</string>"))
        #expect(XMLText.escape("a&b<c>\"\u{1}") == "a&amp;b&lt;c&gt;&quot;\u{FFFD}")
        #expect(XMLText.escape("a\tb", attribute: true) == "a&#9;b")
    }
}
