// ig-feed, Instagram's "Sharing to Feed": a target added as one profile file (45-ig-feed.json),
// held to its page through validate, fix, build and doctor.
import Foundation
import ReelShareTestSupport
import Testing

/// An app fixture's path (Tests/Fixtures/app).
private func appFixture(_ name: String) -> String {
    TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/app/\(name)").path
}

/// A clip of `size` lasting `seconds`, H.264 (or `codec`) with AAC.
private func clip(_ name: String, size: String, seconds: Int, codec: [String] = ["-c:v", "libx264"], in directory: URL) throws {
    try makeWithFFmpeg(
        name,
        ["-f", "lavfi", "-i", "testsrc2=s=\(size):r=30:d=\(seconds)", "-f", "lavfi", "-i", "sine=d=\(seconds)"] + codec + [
            "-pix_fmt", "yuv420p", "-c:a", "aac",
        ], in: directory)
}

/// The rules of `file`'s errors for ig-feed (`extra`: more options), and the exit status.
private func errors(_ file: String, _ extra: [String] = [], in directory: URL) throws -> (rules: [String], status: Int32) {
    let result = runReelshare(["validate", "--format", "json", "--target", "ig-feed"] + extra + ["--", file], in: directory)
    let findings =
        ((result.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first?["findings"]
        as? [[String: Any]] ?? []
    return (findings.filter { $0["severity"] as? String == "error" }.compactMap { $0["rule"] as? String }, result.status)
}

@Suite("ig-feed: Instagram's Sharing to Feed")
struct FeedTargetTests {
    @Test(
        "validate holds videos and images to the Sharing to Feed page, on Android only: MP4 or MKV, 3 s to 10 min, 640x640, JPEG, GIF or PNG"
    )
    func validate() throws {
        let directory = try scratch("feed")
        defer { try? FileManager.default.removeItem(at: directory) }
        try clip("square.mp4", size: "720x720", seconds: 4, in: directory)
        try makeWithFFmpeg("square.mkv", ["-i", "square.mp4", "-c", "copy"], in: directory)
        try makeWithFFmpeg("square.mov", ["-i", "square.mp4", "-c", "copy"], in: directory)
        try clip("wide.mp4", size: "640x360", seconds: 4, in: directory)
        try clip("short.mp4", size: "720x720", seconds: 2, in: directory)
        // HEVC tagged hev1 plays on Android (an iPhone would refuse it): ig-feed is Android's.
        try clip(
            "hev1.mp4", size: "720x720", seconds: 4, codec: ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hev1"],
            in: directory)
        try makeWithFFmpeg("photo.png", ["-f", "lavfi", "-i", "testsrc2=s=1080x1080", "-frames:v", "1"], in: directory)
        try makeWithFFmpeg("photo.gif", ["-i", "photo.png"], in: directory)
        try makeWithFFmpeg("photo.webp", ["-i", "photo.png"], in: directory)
        for accepted in ["square.mp4", "square.mkv", "hev1.mp4", "photo.png", "photo.gif"] {
            let verdict = try errors(accepted, in: directory)
            #expect(verdict.rules.isEmpty && verdict.status == 0, "\(accepted): \(verdict)")
        }
        #expect(try errors("square.mov", in: directory).rules == ["video.container"])
        #expect(try errors("wide.mp4", in: directory).rules == ["video.resolution"])
        #expect(try errors("short.mp4", in: directory).rules == ["video.duration.min"])
        #expect(try errors("photo.webp", in: directory).rules == ["image.format"])
        // Asked for iOS only, it says it takes nothing there.
        #expect(try errors("square.mp4", ["--platform", "ios"], in: directory).rules == ["media.role"])
        // Its sources are Meta's page.
        let listing = runReelshare(["targets"], in: directory)
        #expect(listing.stdout.contains("Instagram Sharing to Feed") && listing.stdout.contains("no App ID"), "\(listing.stdout)")
    }

    @Test("fix makes a MOV and a WebP pass ig-feed: an MP4 copied, a PNG")
    func fix() throws {
        let directory = try scratch("feed")
        defer { try? FileManager.default.removeItem(at: directory) }
        try clip("clip.mov", size: "720x720", seconds: 4, in: directory)
        try makeWithFFmpeg("photo.webp", ["-f", "lavfi", "-i", "testsrc2=s=800x800", "-frames:v", "1"], in: directory)
        for (name, fixed) in [("clip.mov", "clip.fixed.mp4"), ("photo.webp", "photo.fixed.png")] {
            let fix = runReelshare(["fix", "--target", "ig-feed", "--", name], in: directory)
            #expect(fix.status == 0, "\(name): \(fix.stderr)")
            let again = runReelshare(["validate", "--strict", "--target", "ig-feed", "--", fixed], in: directory)
            #expect(again.status == 0, "\(fixed): \(again.stdout)")
        }
    }

    @Test("build writes an Android share intent with the file in EXTRA_STREAM and no App ID, without --app-id")
    func build() throws {
        let directory = try scratch("feed")
        defer { try? FileManager.default.removeItem(at: directory) }
        try clip("square.mp4", size: "720x720", seconds: 4, in: directory)
        let built = runReelshare(["build", "--target", "ig-feed", "--video", "square.mp4"], in: directory)
        #expect(built.status == 0, "\(built.stderr)")
        let json = try #require(built.json, "\(built.stdout)")
        #expect(json["platform"] as? String == "android")
        let intent = try #require(json["intent"] as? [String: Any])
        #expect(intent["action"] as? String == "android.intent.action.SEND")
        #expect(intent["package"] as? String == "com.instagram.android")
        #expect(intent["type"] as? String == "video/*")
        let extras = try #require(intent["extras"] as? [String: Any])
        #expect(Array(extras.keys) == ["android.intent.extra.STREAM"], "\(extras)")
        #expect(json["queries"] as? [String] == ["com.instagram.android"])
        let ios = runReelshare(["build", "--target", "ig-feed", "--platform", "ios", "--video", "square.mp4"], in: directory)
        #expect(ios.status != 0 && ios.stderr.contains("ig-feed has no iOS share envelope"), "\(ios.stderr)")
    }

    @Test("doctor checks an Android app for ig-feed (queries, FileProvider) and says an iOS app has nothing to check")
    func doctor() throws {
        let good = runReelshare(["doctor", "--target", "ig-feed", "--manifest", appFixture("AndroidManifest-good.xml")])
        #expect(good.status == 0 && good.stdout.contains("accepted by ig-feed"), "\(good.stdout)")
        let broken = runReelshare([
            "doctor", "--format", "json", "--target", "ig-feed", "--manifest", appFixture("AndroidManifest-broken.xml"),
        ])
        let findings =
            ((broken.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first?["findings"]
            as? [[String: Any]] ?? []
        #expect(broken.status == 1 && findings.contains { $0["rule"] as? String == "android.file-provider" }, "\(findings)")
        // A manifest that cannot see Instagram: no <queries> entry for it.
        let directory = try scratch("feed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let blind = try String(contentsOfFile: appFixture("AndroidManifest-good.xml"), encoding: .utf8)
            .replacingOccurrences(of: "<package android:name=\"com.instagram.android\" />", with: "")
        try Data(blind.utf8).write(to: directory.appendingPathComponent("AndroidManifest.xml"))
        let unseen = runReelshare(["doctor", "--target", "ig-feed", "--manifest", "AndroidManifest.xml"], in: directory)
        #expect(unseen.status == 1 && unseen.stdout.contains("com.instagram.android"), "\(unseen.stdout)")
        let plist = runReelshare(["doctor", "--target", "ig-feed", "--plist", appFixture("Info-good.plist")])
        #expect(plist.stdout.contains("nothing to check"), "\(plist.stdout)")
    }
}
