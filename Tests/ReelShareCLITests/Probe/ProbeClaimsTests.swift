// Bounded whatever FFmpeg is told: each crafted input Scripts/hostile makes, at full
// size, finishes within its --timeout and half a second and under 200 MB, with a documented exit
// status and never 0 with facts the file does not have; the crafted edit-list, free-box and
// 17-track files are judged like their plain twins; images are decoded reduced to need; doctor,
// profiles and file lists stay linear and bounded; results stream.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("Bounded whatever FFmpeg is told: claims held to the bytes before FFmpeg believes them")
struct ClaimsTests {

    @Test("200,001 free boxes before the index, and the video as a 17th track with a trim: the facts of their plain twins")
    func pastTheOldLimits() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let boxes = try hostile("free-boxes.mp4", in: directory)
        let free = facts(runReelshare(["probe", "--format", "json", boxes], in: directory))
        let plain = facts(runReelshare(["probe", "--format", "json", TestPaths.fixture("h264_aac_2s.mp4")]))
        #expect(free["fastStart"] as? Bool == true && free["container"] as? String == "mp4", "\(free)")
        #expect(free["durationSeconds"] as? Double == plain["durationSeconds"] as? Double)
        let boxesVerdicts = verdicts(
            runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", boxes], in: directory))
        let plainVerdicts = verdicts(
            runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", TestPaths.fixture("h264_aac_2s.mp4")]))
        #expect(boxesVerdicts == plainVerdicts)
        let tracks = try hostile("tracks-17.mp4", in: directory), twin = try hostile("tracks-17-twin.mp4", in: directory)
        #expect(
            facts(runReelshare(["probe", "--format", "json", tracks], in: directory))["editListEffect"] as? String == "trim")
        let seventeen = verdicts(
            runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", tracks], in: directory))
        let two = verdicts(runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", twin], in: directory))
        #expect(seventeen["ig-reels-api"]?.contains("video.edit-list") == true, "\(seventeen)")
        #expect(two["ig-reels-api"]?.contains("video.edit-list") == true, "\(two)")
    }

}

@Suite("Pictures decoded reduced to need")
struct ReducedPicturesTests {

    @Test("a 1x1 animation made a clip is scaled to 2x2, in the fix and in its hint")
    func tinyAnimation() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let apng = try hostile("apng-1x1.png", in: directory)
        let hint = runReelshare(["validate", "--target", "ig-stories", "--as", "video", apng], in: directory)
        #expect(hint.stdout.contains("-vf 'scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2)'"), "\(hint.stdout)")
        let fix = runReelshare(["fix", "--target", "ig-stories", "--as", "video", apng], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let (_, size) = try runCommand(
            ["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "apng-1x1.fixed.mp4"],
            in: directory)
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "2,2")
    }
}

@Suite("doctor, profiles and file lists: linear and bounded; results that stream")
struct LinearAndStreamingTests {

    @Test("a list with CRLF line ends, one whose CR ends a piece of the list read and one empty line of a CR there too")
    func crossingPieces() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The list is read in 1 MiB pieces: a CR at the last byte of the first, its LF the
        // first of the second; then the same with a line that is only a CR.
        for lone in [false, true] {
            let head = "/nonexistent/a\r\n"
            let pad = (1 << 20) - 1 - head.utf8.count - (lone ? 0 : "/nonexistent/b".utf8.count)
            let list =
                head + "/nonexistent/" + String(repeating: "p", count: pad - "/nonexistent/".utf8.count - 2) + "\r\n"
                + (lone ? "" : "/nonexistent/b") + "\r\n/nonexistent/c\r\n"
            try list.write(to: directory.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
            #expect(list.utf8.count > 1 << 20)
            let run = runReelshare(["probe", "--format", "ndjson", "--files-from", "list.txt"], in: directory)
            let paths = run.stdout.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }.compactMap { $0["path"] as? String }
            let expected = lone ? 3 : 4
            #expect(paths.count == expected, "\(paths.map { $0.suffix(20) })")
            #expect(!paths.contains { $0.hasSuffix("\r") || $0.isEmpty })
            #expect(paths.last == "/nonexistent/c" && (lone || paths[2] == "/nonexistent/b"))
        }
    }

    @Test("an --output-dir that is a symbolic-link loop is named as one")
    func linkLoop() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("a").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("b").path, withDestinationPath: "a")
        let run = runReelshare(
            ["fix", "--target", "ig-stories", "--output-dir", "a", TestPaths.fixture("h264_aac_25s.mp4")], in: directory)
        #expect(run.status == 73 && run.stderr.contains("--output-dir a: a symbolic link loop"), "\(run.stderr)")
    }

}
