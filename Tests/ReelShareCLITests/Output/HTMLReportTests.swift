// `validate --format html` and `doctor --format html`: the page is parsed (Python's html.parser,
// with a check that every element closes), rendered by a real browser (headless Chromium), and
// compared with a golden file whose volatile parts (thumbnails, version) are normalised.
import Foundation
import ReelShareTestSupport
import Testing

private let media = "Tests/Fixtures/media"

/// What Python's html.parser sees in a page: the count of each start tag, the elements left open
/// or closed out of order, the text of <script> elements, and img elements without alt.
private let inspector = #"""
    import json, sys
    from html.parser import HTMLParser
    VOID = {"meta", "img", "br", "hr", "input", "link"}
    class Inspect(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.stack, self.counts, self.problems, self.scripts, self.unlabelled = [], {}, [], [], 0
            self.classes = []
        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            self.counts[tag] = self.counts.get(tag, 0) + 1
            if tag == "img" and not a.get("alt"): self.unlabelled += 1
            if tag == "article": self.classes.append(a.get("class", ""))
            if tag == "script": self.scripts.append(tag)
            if tag not in VOID: self.stack.append(tag)
        def handle_endtag(self, tag):
            if not self.stack or self.stack[-1] != tag: self.problems.append("unexpected </%s> in %s" % (tag, self.stack[-3:]))
            else: self.stack.pop()
    p = Inspect()
    p.feed(open(sys.argv[1], encoding="utf-8").read()); p.close()
    print(json.dumps({"counts": p.counts, "open": p.stack, "problems": p.problems, "scripts": len(p.scripts),
                      "unlabelled": p.unlabelled, "articles": p.classes}))
    """#

private func inspect(_ path: String) throws -> [String: Any] {
    let (status, output) = try runCommand(["python3", "-c", inspector, path])
    try #require(status == 0, "python3 cannot parse \(path)")
    return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
}

@Suite("HTML report")
struct HTMLReportTests {
    @Test(
        "a report of videos, stickers, a corrupt file and a hostile name: well-formed, one card each, escaped, seen by a browser")
    func report() throws {
        let directory = try scratch("html")
        defer { try? FileManager.default.removeItem(at: directory) }
        let hostile = #"<img src=x onerror=alert(1)><script>alert(2)<\script> & "quoted" 'single'.mp4"#
        try FileManager.default.copyItem(
            atPath: TestPaths.fixture("h264_aac_10s.mp4"), toPath: directory.appendingPathComponent(hostile).path)
        let files = [
            TestPaths.fixture("h264_rotate90.mp4"), TestPaths.fixture("sticker_rgba_640x480.png"),
            TestPaths.fixture("sticker.gif"),
            TestPaths.fixture("crc_error.png"), TestPaths.fixture("audio_only.m4a"), TestPaths.fixture("exif_orientation_6.jpg"),
            hostile, "missing.mp4",
        ]
        let result = runReelshare(["validate", "--format", "html", "--jobs", "4"] + files, in: directory)
        #expect(result.status == 1)
        let page = directory.appendingPathComponent("report.html")
        try result.stdout.write(to: page, atomically: true, encoding: .utf8)
        let parsed = try inspect(page.path)
        #expect((parsed["problems"] as? [String])?.isEmpty == true, "\(parsed["problems"] ?? "")")
        #expect((parsed["open"] as? [String])?.isEmpty == true, "\(parsed["open"] ?? "")")
        #expect(parsed["scripts"] as? Int == 0, "a file name became a script element")
        #expect(parsed["unlabelled"] as? Int == 0)
        let counts = try #require(parsed["counts"] as? [String: Int])
        #expect(counts["article"] == files.count)
        #expect(counts["img"] == 5, "thumbnails: the clip, the PNG, the GIF, the JPEG and the hostile clip, no more")
        #expect(counts["table"] == files.count + 1 && counts["caption"] == files.count + 1)
        #expect(counts["h1"] == 1 && counts["h2"] == files.count)
        #expect(
            result.stdout.contains(
                #"&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;\script&gt; &amp; &quot;quoted&quot; 'single'.mp4"#)
        )
        #expect(
            !result.stdout.contains("http://") && !result.stdout.contains("https://") && !result.stdout.contains("<link"),
            "nothing external")
        let articles = try #require(parsed["articles"] as? [String])
        // Rejected: the corrupt, the audio-only and the missing file (the GIF, no sticker, is a
        // photo ig-feed takes).
        #expect(articles.filter { $0 == "card is-rejected" }.count == 3)

        // The same bytes whatever --jobs says.
        let one = runReelshare(["validate", "--format", "html", "--jobs", "1"] + files, in: directory)
        #expect(one.stdout == result.stdout)

        // A real browser draws it: the screenshot is not blank.
        let shot = directory.appendingPathComponent("shot.png").path
        let (drawn, _) = try runCommand([
            "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1000,1600",
            "--screenshot=\(shot)", "file://" + page.path,
        ])
        #expect(drawn == 0)
        let raw = directory.appendingPathComponent("shot.rgba").path
        let (decoded, _) = try runCommand([
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-i", shot, "-vf", "scale=250:400", "-f", "rawvideo", "-pix_fmt", "rgb24",
            raw,
        ])
        try #require(decoded == 0)
        let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        var colours = Set<UInt32>()
        var inked = 0
        for at in stride(from: 0, to: pixels.count - 2, by: 3) {
            colours.insert(UInt32(pixels[at]) << 16 | UInt32(pixels[at + 1]) << 8 | UInt32(pixels[at + 2]))
            if pixels[at] < 200 || pixels[at + 1] < 200 || pixels[at + 2] < 200 { inked += 1 }
        }
        #expect(colours.count > 200, "the screenshot has \(colours.count) colours")
        #expect(Double(inked) / Double(pixels.count / 3) > 0.03, "the screenshot is nearly blank")
    }

    @Test("the page matches the golden file, thumbnails and version normalised (RECORD_GOLDEN=1 re-records)")
    func golden() throws {
        let files = ["h264_aac_25s.mp4", "sticker.gif", "crc_error.png", "missing, \"quoted\".mp4"].map { "\(media)/\($0)" }
        let result = runReelshare(["validate", "--format", "html", "--target", "ig-reels,ig-stories"] + files)
        let normalised = result.stdout
            .replacingOccurrences(
                of: #"data:image/jpeg;base64,[A-Za-z0-9+/=]+"#, with: "data:image/jpeg;base64,…", options: .regularExpression
            )
            .replacingOccurrences(
                of: #"Written by reelshare [^<]+\."#, with: "Written by reelshare VERSION.", options: .regularExpression)
        try expectGolden(normalised, "validate.html")
    }

    @Test("doctor --format html: the same page for app files, without pictures")
    func doctor() throws {
        let directory = try scratch("html")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runReelshare([
            "doctor", "--format", "html", "--plist", "Tests/Fixtures/app/Info-broken.plist", "--manifest",
            "Tests/Fixtures/app/AndroidManifest-meta-sample.xml",
        ])
        #expect(result.status == 1)
        let page = directory.appendingPathComponent("doctor.html")
        try result.stdout.write(to: page, atomically: true, encoding: .utf8)
        let parsed = try inspect(page.path)
        #expect((parsed["problems"] as? [String])?.isEmpty == true)
        let counts = try #require(parsed["counts"] as? [String: Int])
        #expect(counts["article"] == 2 && counts["img"] == nil)
        #expect(result.stdout.contains("<title>reelshare doctor: 2 files, 1 rejected</title>"))
        #expect(result.stdout.contains("PlistBuddy -c 'Add :LSApplicationQueriesSchemes: string instagram-stories'"))
    }

    @Test("a video that probes but whose frames are gone gets a placeholder saying why, not a silent gap")
    func undrawable() throws {
        let directory = try scratch("html")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Index first (faststart), then the sample data cut off: the header describes frames that are not there.
        let whole = directory.appendingPathComponent("whole.mp4").path
        let (made, _) = try runCommand([
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=s=64x64:r=5:d=1", "-c:v", "libx264",
            "-movflags", "+faststart", whole,
        ])
        try #require(made == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
        let mdat = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(Array("mdat".utf8)) })
        let cut = directory.appendingPathComponent("cut.mp4")
        try Data(bytes[..<(mdat + 14)]).write(to: cut)
        let result = runReelshare(["validate", "--format", "html", "--target", "ig-stories", cut.path])
        #expect(!result.stdout.contains("<img"))
        #expect(result.stdout.contains("aria-label=\"no picture: cannot draw it: no frame of its video decodes\""))
    }
}
