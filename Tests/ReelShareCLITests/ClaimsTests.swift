// Bounded whatever FFmpeg is told (issue 27): each crafted input Scripts/hostile makes, at full
// size, finishes within its --timeout and half a second and under 200 MB, with a documented exit
// status and never 0 with facts the file does not have; the crafted edit-list, free-box and
// 17-track files are judged like their plain twins; images are decoded reduced to need; doctor,
// profiles and file lists stay linear and bounded; results stream.
import Foundation
import ReelShareTestSupport
import Testing

/// The crafted input `name` at full size, made in `directory` by Scripts/hostile.
private func hostile(_ name: String, in directory: URL) throws -> String {
    let (status, _) = try runCommand(
        [
            TestPaths.packageRoot.appendingPathComponent("Scripts/hostile").path, name,
            directory.appendingPathComponent(name).path,
        ],
        in: directory)
    try #require(status == 0, "Scripts/hostile \(name) failed")
    return name
}

/// Runs `arguments` measured and holds them to the bounds: within `seconds` (the --timeout
/// given, plus half a second), under 200 MB, no crash.
private func bounded(
    _ arguments: [String], in directory: URL, seconds: Double, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Measured {
    let run = try measured(arguments, in: directory)
    #expect(!run.result.crashed, "\(arguments) crashed", sourceLocation: sourceLocation)
    #expect(run.seconds <= seconds, "\(arguments): \(run.seconds) s", sourceLocation: sourceLocation)
    #expect(run.peak(under: 200), "\(arguments): \(run.megabytes) MB", sourceLocation: sourceLocation)
    return run
}

private func facts(_ result: RunResult) -> [String: Any] {
    (result.json?["files"] as? [[String: Any]])?.first ?? [:]
}

/// Each target's verdict (accepted, and its findings' rules) of a validate --format json run.
private func verdicts(_ result: RunResult) -> [String: String] {
    let targets = (result.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]] ?? []
    var out: [String: String] = [:]
    for target in targets {
        let rules = (target["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }.sorted()
        out[target["target"] as? String ?? ""] = "\(target["accepted"] as? Bool ?? false) \(rules.joined(separator: ","))"
    }
    return out
}

@Suite("Bounded whatever FFmpeg is told: claims held to the bytes before FFmpeg believes them")
struct ClaimsTests {
    @Test(
        "a sample table, a fragment, segment indexes, tags, cues and programme tables that claim more than the file holds are refused at once",
        arguments: [
            ("trun-samples.mp4", "a movie fragment (trun) claims 60000000 samples"),
            ("stsz-samples.mp4", "its sample table (stsz) claims 50000000 samples of 1000 bytes"),
            ("sidx-flood.mp4", "219999 of its 220000 segment indexes (sidx) point back"),
            ("mkv-tags.mkv", "tags (SimpleTag), more than the 4096"),
            ("mkv-cues.mkv", "299999 of its 300000 cue points (Cues) come before one listed earlier"),
            ("ts-programs.ts", "its programme tables declare 250 programmes and 1000 streams"),
        ])
    func claims(name: String, says: String) throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try hostile(name, in: directory)
        for command in [["probe"], ["probe", "--decode"], ["validate"]] {
            let run = try bounded(command + ["--timeout", "2", file], in: directory, seconds: 2.5)
            // 65 for the file; validate reports it as a finding (1).
            #expect(run.result.status == (command[0] == "validate" ? 1 : 65), "\(command): \(run.result.stderr)")
            #expect(run.result.stderr.contains(says), "\(command): \(run.result.stderr)")
        }
    }

    @Test(
        "400,000 edits: read whole by the walker, left alone by FFmpeg; an edit list that cuts under 89,999 empty ones is judged as its one-edit twin"
    )
    func editLists() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let many = try hostile("elst-entries.mp4", in: directory)
        for command in [["probe", "--format", "json"], ["probe", "--decode"], ["validate"]] {
            let run = try bounded(command + ["--timeout", "5", many], in: directory, seconds: 5.5)
            #expect(run.result.status <= 1, "\(command): \(run.result.stderr)")
        }
        #expect(
            facts(try runReelshare(["probe", "--format", "json", many], in: directory))["editListEffect"] as? String == "complex")
        let cut = try hostile("elst-cut.mp4", in: directory), twin = try hostile("elst-cut-twin.mp4", in: directory)
        _ = try bounded(["probe", "--decode", "--timeout", "5", cut], in: directory, seconds: 5.5)
        let judged = try runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", cut], in: directory)
        let plain = try runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", twin], in: directory)
        // Both refused by the publishing API for their edit list (the crafted one's is complex).
        #expect(verdicts(judged)["ig-reels-api"]?.hasPrefix("false ") == true)
        #expect(verdicts(judged)["ig-reels-api"]?.contains("video.edit-list") == true, "\(verdicts(judged))")
        #expect(verdicts(plain)["ig-reels-api"]?.contains("video.edit-list") == true, "\(verdicts(plain))")
        // The share targets, which take edit lists, judge the two alike.
        let shares = try runReelshare(["validate", "--format", "json", cut], in: directory)
        let twinShares = try runReelshare(["validate", "--format", "json", twin], in: directory)
        #expect(verdicts(shares) == verdicts(twinShares))
    }

    @Test("200,001 free boxes before the index, and the video as a 17th track with a trim: the facts of their plain twins")
    func pastTheOldLimits() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let boxes = try hostile("free-boxes.mp4", in: directory)
        let free = facts(try runReelshare(["probe", "--format", "json", boxes], in: directory))
        let plain = facts(try runReelshare(["probe", "--format", "json", TestPaths.fixture("h264_aac_2s.mp4")]))
        #expect(free["fastStart"] as? Bool == true && free["container"] as? String == "mp4", "\(free)")
        #expect(free["durationSeconds"] as? Double == plain["durationSeconds"] as? Double)
        let boxesVerdicts = verdicts(
            try runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", boxes], in: directory))
        let plainVerdicts = verdicts(
            try runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", TestPaths.fixture("h264_aac_2s.mp4")]))
        #expect(boxesVerdicts == plainVerdicts)
        let tracks = try hostile("tracks-17.mp4", in: directory), twin = try hostile("tracks-17-twin.mp4", in: directory)
        #expect(
            facts(try runReelshare(["probe", "--format", "json", tracks], in: directory))["editListEffect"] as? String == "trim")
        let seventeen = verdicts(
            try runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", tracks], in: directory))
        let two = verdicts(try runReelshare(["validate", "--format", "json", "--target", "ig-reels-api", twin], in: directory))
        #expect(seventeen["ig-reels-api"]?.contains("video.edit-list") == true, "\(seventeen)")
        #expect(two["ig-reels-api"]?.contains("video.edit-list") == true, "\(two)")
    }

    @Test("more than 10,000,000 boxes (an 80 MB file of empty ones) are refused by name, within the timeout")
    func boxFlood() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let flood = try hostile("box-flood.mp4", in: directory)
        let run = try bounded(["probe", "--timeout", "20", flood], in: directory, seconds: 20.5)
        #expect(run.result.status == 65 && run.result.stderr.contains("it has more than 10000000 boxes"), "\(run.result.stderr)")
    }

    @Test("a budget spent in the box walk or inside FFmpeg's open is the timeout error, never facts")
    func budgetSpentEarly() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let boxes = try hostile("free-boxes.mp4", in: directory)
        let run = try bounded(["probe", "--format", "json", "--timeout", "0.01", boxes], in: directory, seconds: 1)
        let file = facts(run.result)
        #expect(run.result.status == 65, "\(run.result.stderr)")
        #expect((file["error"] as? [String: Any])?["code"] as? String == "timeout", "\(file)")
        #expect(file["container"] == nil || file["container"] is NSNull, "\(file)")
    }

    @Test(
        "400,000 samples at one offset, served from FFmpeg's buffer: --decode ends at its --timeout, a deep probe at its byte budget"
    )
    func samplesAtOneOffset() throws {
        let directory = try scratch("claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try hostile("samples-one-offset.mp4", in: directory)
        let decode = try bounded(["probe", "--decode", "--timeout", "2", file], in: directory, seconds: 2.5)
        #expect(
            decode.result.status == 65 && decode.result.stderr.contains("longer than its time budget"), "\(decode.result.stderr)")
        let deep = try bounded(["probe", "--deep", "--timeout", "5", file], in: directory, seconds: 5.5)
        #expect(
            deep.result.status == 65 && deep.result.stderr.contains("more than three times its bytes"), "\(deep.result.stderr)")
    }
}

@Suite("Pictures decoded reduced to need")
struct ReducedPicturesTests {
    @Test("a 12000x9000 JPEG fixed for a story, and drawn as its background, under 200 MB")
    func bigJPEG() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = try hostile("jpeg-108mp.jpg", in: directory)
        let fix = try bounded(["fix", "--strict", "--target", "ig-stories", photo], in: directory, seconds: 30)
        #expect(fix.result.status == 0, "\(fix.result.stderr)")
        let fixed = try runReelshare(["validate", "--strict", "--target", "ig-stories", "jpeg-108mp.fixed.jpg"], in: directory)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        _ = try bounded(
            ["preview", "--target", "ig-stories", "--background-image", photo, "--force", "-o", "p.png"], in: directory,
            seconds: 30)
    }

    @Test(
        "a 10000x10000 interlaced PNG is reduced pass by pass, holding only its blocks; a progressive JPEG past the coefficient budget is refused by name"
    )
    func interlacedAndProgressive() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = try hostile("png-interlaced.png", in: directory)
        let preview = try bounded(
            ["preview", "--target", "ig-stories", "--sticker", png, "--force", "-o", "p.png"], in: directory, seconds: 30)
        #expect(preview.result.status == 0, "\(preview.result.stderr)")
        let fix = try bounded(["fix", "--target", "ig-stories", png], in: directory, seconds: 30)
        #expect(fix.result.status == 0, "\(fix.result.stderr)")
        let progressive = try hostile("jpeg-progressive.jpg", in: directory)
        let probe = try bounded(["probe", progressive], in: directory, seconds: 30)
        #expect(probe.result.status == 65, "\(probe.result.stderr)")
        #expect(probe.result.stderr.contains("decoding it needs more than 144 MiB (a progressive JPEG this large)"))
    }

    @Test("a progressive 4:2:0 JPEG of 49 megapixels, its coefficients just within 144 MiB: probed and fixed under 200 MB")
    func progressiveWithin() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = try hostile("jpeg-progressive-49mp.jpg", in: directory)
        let probe = try bounded(["probe", "--format", "json", photo], in: directory, seconds: 30)
        #expect(probe.result.status == 0, "\(probe.result.stderr)")
        #expect((facts(probe.result)["image"] as? [String: Any])?["width"] as? Int == 7000)
        let fix = try bounded(["fix", "--strict", "--target", "ig-stories", photo], in: directory, seconds: 30)
        #expect(fix.result.status == 0, "\(fix.result.stderr)")
    }

    @Test(
        "an interlaced 6000x4000 PNG reduced for a story comes out as its twin that is not interlaced, pixel for pixel, and no smaller"
    )
    func interlacedAsItsTwin() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let interlaced = try hostile("png-adam7.png", in: directory), twin = try hostile("png-adam7-twin.png", in: directory)
        var pixels: [Data] = []
        for (file, fixed) in [(interlaced, "png-adam7.fixed.png"), (twin, "png-adam7-twin.fixed.png")] {
            let fix = try bounded(["fix", "--strict", "--target", "ig-stories", file], in: directory, seconds: 30)
            #expect(fix.result.status == 0, "\(fix.result.stderr)")
            let (_, size) = try runCommand(
                ["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", fixed], in: directory)
            #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "640,427", "\(fixed): \(size)")
            pixels.append(try Data(contentsOf: directory.appendingPathComponent(fixed)))
        }
        #expect(pixels.count == 2 && pixels[0] == pixels[1])
    }

    @Test("a 1x1 animation made a clip is scaled to 2x2, in the fix and in its hint")
    func tinyAnimation() throws {
        let directory = try scratch("reduced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let apng = try hostile("apng-1x1.png", in: directory)
        let hint = try runReelshare(["validate", "--target", "ig-stories", "--as", "video", apng], in: directory)
        #expect(hint.stdout.contains("-vf 'scale=max(2\\,trunc(iw/2)*2):max(2\\,trunc(ih/2)*2)'"), "\(hint.stdout)")
        let fix = try runReelshare(["fix", "--target", "ig-stories", "--as", "video", apng], in: directory)
        #expect(fix.status == 0, "\(fix.stderr)")
        let (_, size) = try runCommand(
            ["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "apng-1x1.fixed.mp4"],
            in: directory)
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "2,2")
    }
}

@Suite("doctor, profiles and file lists: linear and bounded; results that stream")
struct LinearAndStreamingTests {
    @Test(
        "an Info.plist of 150,000 keys twice, a binary plist of 50,000 references to one string, a manifest of 150,000 providers, a profile key of 8 MB"
    )
    func floods() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = try hostile("plist-repeated-keys.plist", in: directory)
        let plist = try bounded(["doctor", "--plist", keys], in: directory, seconds: 20)  // 52 s before (release)
        #expect(plist.result.status == 1, "\(plist.result.stderr)")
        let shared = try hostile("bplist-shared-string.plist", in: directory)
        _ = try bounded(["doctor", "--plist", shared], in: directory, seconds: 5)  // 541 MB before
        let providers = try hostile("manifest-providers.xml", in: directory)
        let manifest = try bounded(["doctor", "--format", "json", "--manifest", providers], in: directory, seconds: 20)
        #expect(
            manifest.result.status == 65 && manifest.result.stderr.contains("more than 50000 elements"),
            "\(manifest.result.stderr)")
        let profile = try hostile("profile-long-key.json", in: directory)
        let long = try bounded(["validate", "--profile", profile, "x.mp4"], in: directory, seconds: 5)
        #expect(long.result.status == 64)
        #expect(
            long.result.stderr.count < 1_000 && long.result.stderr.contains("… (8388608 characters)"),
            "\(long.result.stderr.count)")
    }

    @Test("repeated findings are one line that counts them: a manifest of 40,000 exported FileProviders")
    func repeatedFindings() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = #"<provider android:name="androidx.core.content.FileProvider" android:exported="true"/>"#
        try
            (#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="x"><application>"#
            + String(repeating: provider, count: 40_000) + "</application></manifest>").write(
                to: directory.appendingPathComponent("m.xml"), atomically: true, encoding: .utf8)
        let run = try bounded(
            ["doctor", "--format", "json", "--target", "ig-reels", "--manifest", "m.xml"], in: directory, seconds: 20)
        let findings =
            ((run.result.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first?["findings"]
            as? [[String: Any]] ?? []
        // 3 findings a provider: 20 listed, and one that counts the other 119,980.
        let providers = findings.filter { $0["rule"] as? String == "android.file-provider" }
        #expect(providers.count == 21)
        #expect(
            (providers.last?["message"] as? String)?.hasPrefix("and 119980 more android.file-provider findings") == true,
            "\(providers.last ?? [:])")
        #expect(providers.last?["actual"] as? Int == 120_000)
    }

    @Test("long lists of missing paths from --files-from, as ndjson: the list is indexed, not held, and results go as they come")
    func longList() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try measured(["probe", "--format", "ndjson", "/nonexistent"], in: directory)
        // 350,000 paths held 1.09 GB and growing (3 KB a file) before; the list's offsets are 8
        // bytes a path now. (Fewer for validate, whose work per file is longer.)
        for (command, count) in [("probe", 150_000), ("validate", 30_000)] {
            let list = (0..<count).map { "/nonexistent/dir/file\($0).mp4\n" }.joined()
            try list.write(to: directory.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
            let run = try measured([command, "--format", "ndjson", "--files-from", "list.txt"], in: directory)
            #expect(run.result.stdout.split(separator: "\n").count == count)
            #expect(run.peak(under: baseline.megabytes + 8), "\(command): \(run.megabytes) MB, one file \(baseline.megabytes) MB")
        }
    }

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
            let run = try runReelshare(["probe", "--format", "ndjson", "--files-from", "list.txt"], in: directory)
            let paths = run.stdout.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }.compactMap { $0["path"] as? String }
            let expected = lone ? 3 : 4
            #expect(paths.count == expected, "\(paths.map { $0.suffix(20) })")
            #expect(!paths.contains { $0.hasSuffix("\r") || $0.isEmpty })
            #expect(paths.last == "/nonexistent/c" && (lone || paths[2] == "/nonexistent/b"))
        }
    }

    @Test("a file list over 256 MiB or of more than 10,000,000 paths is refused with 66, from a file and from standard input")
    func listTooLong() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.txt")
        try Data().write(to: big)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: (256 << 20) + 1)
        try handle.close()
        let file = try measured(["probe", "--files-from", "big.txt"], in: directory)
        #expect(
            file.result.status == 66 && file.result.stderr.contains("cannot read the file list big.txt"), "\(file.result.stderr)")
        #expect(file.seconds < 1)
        let (status, output) = try runCommand(
            ["bash", "-c", "head -c 268435457 /dev/zero | \"$0\" probe --files-from - -0 2>&1", try TestPaths.binary()],
            in: directory)
        #expect(status == 66 && output.contains("cannot read the file list on standard input"), "\(output)")
        // Within the size, more than 10,000,000 paths (8 bytes each to note): 66 too.
        try Data(String(repeating: "a\n", count: 10_000_001).utf8).write(to: big)
        let many = try measured(["probe", "--files-from", "big.txt"], in: directory)
        #expect(
            many.result.status == 66 && many.result.stderr.contains("big.txt: it names more than 10000000 paths"),
            "\(many.result.stderr)")
        #expect(many.peak(under: 200))
    }

    @Test("an --output-dir that is a symbolic-link loop is named as one")
    func linkLoop() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("a").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("b").path, withDestinationPath: "a")
        let run = try runReelshare(
            ["fix", "--target", "ig-stories", "--output-dir", "a", TestPaths.fixture("h264_aac_25s.mp4")], in: directory)
        #expect(run.status == 73 && run.stderr.contains("--output-dir a: a symbolic link loop"), "\(run.stderr)")
    }

    @Test("a quick file's ndjson line reaches its reader while a slow file after it is still at work")
    func streams() throws {
        let directory = try scratch("linear")
        defer { try? FileManager.default.removeItem(at: directory) }
        let slow = try hostile("samples-one-offset.mp4", in: directory)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TestPaths.binary())
        process.arguments = [
            "probe", "--decode", "--format", "ndjson", "--jobs", "1", "--timeout", "4", TestPaths.fixture("h264_aac_2s.mp4"),
            slow,
        ]
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        // The first line, as soon as it is there.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        let firstAt = Date().timeIntervalSince(start)
        process.waitUntilExit()
        let total = Date().timeIntervalSince(start)
        #expect(String(decoding: first, as: UTF8.self).contains("h264_aac_2s.mp4"))
        #expect(total >= 3.5 && firstAt < total - 2, "first line after \(firstAt) s, the run took \(total) s")
    }
}
