// A target is one data file: the built-in ones are Sources/ReelShareKit/Targets/Profiles/*.json, loaded as
// a user's --profile files are, and a new one written in that schema gets every command: validate,
// fix, build, preview and doctor.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("Target profiles as files")
struct ProfileFileTests {
    static let directory = TestPaths.packageRoot.appendingPathComponent("Sources/ReelShareKit/Targets/Profiles")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("every built-in profile file loads with targets --profile, and changes nothing it replaces")
    func builtinFiles() throws {
        let builtin = runReelshare(["targets", "--format", "json"])
        #expect(Self.files.count >= 8)
        for file in Self.files {
            let result = runReelshare([
                "targets", "--format", "json", "--profile", Self.directory.appendingPathComponent(file).path,
            ])
            #expect(result.status == 0, "\(file): \(result.stderr)")
            #expect(result.stdout == builtin.stdout, "\(file) read as a user profile differs from the built-in one")
        }
        // The listing order is the files' order.
        let ids = (builtin.json?["targets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let named = Self.files.compactMap { file -> String? in
            let stem = file.dropLast(5).split(separator: "-", maxSplits: 1)
            return stem.count == 2 && Int(stem[0]) != nil && stem[1] != "rule-sets" ? String(stem[1]) : nil
        }
        #expect(ids == named)
    }

    /// A new share target: one file in the built-in schema, using the built-in rule sets.
    static let threads = #"""
        {
          "schemaVersion": 3,
          "targets": [
            {
              "id": "threads-stories",
              "name": "Threads Stories",
              "purpose": "share",
              "summary": "A throwaway target: a background video or a sticker, and a key read from Info.plist.",
              "needs": "background-or-sticker",
              "ios": {
                "url": "threads-stories://share",
                "queryScheme": "threads-stories",
                "keyPrefix": "com.threads.sharedSticker.",
                "appId": {"in": "pasteboard", "name": "appID"},
                "keys": {"backgroundVideo": "backgroundVideo", "stickerImage": "stickerImage"},
                "infoPlist": ["ThreadsClientKey"],
                "source": "a test"
              },
              "roles": {
                "backgroundVideo": [
                  {"use": "integrity"},
                  {"use": "share-video", "source": "a test"},
                  {"rule": "video.duration.max", "severity": "error", "source": "a test", "max": 15}
                ],
                "sticker": [{"use": "share-sticker", "source": "a test"}]
              },
              "layout": {
                "background": {"fit": "fit", "source": "a test", "approximation": true},
                "colors": {"top": "#102030", "bottom": "#405060", "source": "a test", "approximation": true},
                "sticker": {"width": 0.5, "height": 0.5, "centerX": 0.5, "centerY": 0.5, "source": "a test", "approximation": true},
                "safeZones": {"top": 0.1, "bottom": 0.2, "source": "a test", "approximation": true}
              }
            }
          ]
        }
        """#

    @Test("a new target is one profile file: validate, fix, build, preview and doctor all take it")
    func newTarget() throws {
        let directory = try scratch("profile")
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("threads.json").path
        try Self.threads.write(toFile: profile, atomically: true, encoding: .utf8)
        let use = ["--profile", profile, "--target", "threads-stories"]
        let ios = use + ["--platform", "ios"]  // it has no Android envelope
        // validate: the rule sets' rules and its own, with the sources it gave.
        let long = runReelshare(["validate", "--format", "json"] + ios + [TestPaths.fixture("h264_aac_25s.mp4")])
        #expect(long.status == 1)
        let findings = ((long.json?["results"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]])?.first?["findings"]
        let rules = (findings as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(rules == ["video.duration.max"], "\(long.stdout)")
        let gif = runReelshare(["validate"] + ios + [TestPaths.fixture("sticker.gif")])
        #expect(gif.status == 1 && gif.stdout.contains("error[image.format] threads-stories") && gif.stdout.contains("(a test)"))
        // fix: cut to 15 s.
        let clip = directory.appendingPathComponent("long.mp4")
        try FileManager.default.copyItem(atPath: TestPaths.fixture("h264_aac_25s.mp4"), toPath: clip.path)
        let fixed = runReelshare(["fix"] + ios + ["long.mp4"], in: directory)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(runReelshare(["validate", "--strict"] + ios + ["long.fixed.mp4"], in: directory).status == 0)
        // build: its URL and keys.
        let built = runReelshare(
            ["build"] + use + ["--video", TestPaths.fixture("h264_aac_10s.mp4"), "--app-id", "1", "--embed", "path"])
        #expect(built.status == 0 && built.json?["url"] as? String == "threads-stories://share", "\(built.stderr)")
        // preview: its layout.
        let preview = runReelshare(
            ["preview"] + use + ["--sticker", TestPaths.fixture("sticker_rgba_640x480.png"), "-o", "p.png"], in: directory)
        #expect(preview.status == 0 && preview.stderr.contains("the 1080x1920 canvas of threads-stories"), "\(preview.stderr)")
        // doctor: its URL scheme and its Info.plist key, as for a built-in target.
        let plist = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/app/Info-good.plist").path
        let doctor = runReelshare(["doctor"] + use + ["--plist", plist])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("error[ios.info-plist] threads-stories: ThreadsClientKey is missing"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("threads-stories"), "\(doctor.stdout)")
        // A rule set it does not know is named with its JSON path.
        try Self.threads.replacingOccurrences(of: "\"share-video\"", with: "\"share-vidoe\"").write(
            toFile: profile, atomically: true, encoding: .utf8)
        let typo = runReelshare(["targets", "--profile", profile])
        #expect(typo.status == 64)
        #expect(
            typo.stderr.contains(
                "targets[0].roles.backgroundVideo[1].use: unknown rule set 'share-vidoe'; did you mean 'share-video'?"),
            "\(typo.stderr)")
    }
}
