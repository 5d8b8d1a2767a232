// doctor, completions, install: the parts of reelshare that meet the user's own tools.
import Foundation
import ReelShareTestSupport
import Testing

private let app = "Tests/Fixtures/app"

private func rules(_ result: RunResult, path: String, target: String) -> [String] {
    let results = result.json?["results"] as? [[String: Any]] ?? []
    let verdicts = results.first { $0["path"] as? String == path }?["targets"] as? [[String: Any]] ?? []
    let findings = verdicts.first { $0["target"] as? String == target }?["findings"] as? [[String: Any]] ?? []
    return findings.compactMap { $0["rule"] as? String }
}

/// Runs `script` with bash, zsh or fish; returns status and standard output.
private func shell(_ program: String, _ script: String) throws -> (Int32, String) {
    try runCommand([program, "-c", script])
}

@Suite("reelshare doctor (end to end)")
struct DoctorTests {
    @Test("a good Info.plist, XML or binary, and a good manifest pass", arguments: ["Info-good.plist", "Info-good-binary.plist"])
    func good(plist: String) throws {
        let result = try runReelshare([
            "doctor", "--plist", "\(app)/\(plist)", "--manifest", "\(app)/AndroidManifest-good.xml",
            "--app-id", "1234567890123456",
        ])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("2 apps: 2 accepted, 0 rejected (0 errors, 0 warnings)\n"))
    }

    @Test("a forgotten scheme and a bundle identifier as App ID are found, per target")
    func brokenPlist() throws {
        let path = "\(app)/Info-broken.plist"
        let result = try runReelshare(["doctor", "--format", "json", "--plist", path])
        #expect(result.status == 1)
        #expect(rules(result, path: path, target: "ig-stories") == ["ios.query-scheme", "ios.app-id"])
        #expect(rules(result, path: path, target: "ig-reels") == ["ios.app-id"])
        let text = try runReelshare(["doctor", "--plist", path, "--target", "ig-stories"])
        #expect(
            text.stdout.contains(
                "error[ios.query-scheme] ig-stories: LSApplicationQueriesSchemes does not list 'instagram-stories'"))
        #expect(text.stdout.contains("looks") == false)
        #expect(text.stdout.contains("FacebookAppID 'com.example.share' is not a Meta App ID"))
    }

    @Test("a binary plist with neither schemes nor App ID; --app-id must match")
    func emptyBinary() throws {
        let path = "\(app)/Info-empty-binary.plist"
        let result = try runReelshare(["doctor", "--format", "json", "--plist", path, "--target", "fb-reels,fb-stories"])
        // Facebook Stories reads FacebookAppID from Info.plist; Facebook Reels takes it on the pasteboard.
        #expect(rules(result, path: path, target: "fb-stories") == ["ios.query-scheme", "ios.app-id"])
        #expect(rules(result, path: path, target: "fb-reels") == ["ios.query-scheme"])
        let mismatch = try runReelshare(["doctor", "--plist", "\(app)/Info-good.plist", "--app-id", "42"])
        #expect(mismatch.status == 1)
        #expect(mismatch.stdout.contains("FacebookAppID is 1234567890123456, not 42"))
    }

    @Test("a manifest without Facebook in <queries> and with an exported provider")
    func brokenManifest() throws {
        let path = "\(app)/AndroidManifest-broken.xml"
        let result = try runReelshare(["doctor", "--format", "json", "--manifest", path])
        #expect(result.status == 1)
        // Facebook's targets also look for the App ID meta-data Meta's sample declares (a warning).
        #expect(
            rules(result, path: path, target: "fb-stories") == [
                "android.queries", "android.file-provider", "android.file-provider", "android.meta-data",
            ])
        #expect(rules(result, path: path, target: "ig-stories") == ["android.file-provider", "android.file-provider"])
    }

    @Test("Meta's sample apps' manifest and Info.plist pass for the targets they are meant for")
    func metaSamples() throws {
        let manifest = try runReelshare(["doctor", "--manifest", "\(app)/AndroidManifest-meta-sample.xml"])
        #expect(manifest.status == 0, "\(manifest.stdout)")
        #expect(manifest.stdout.contains("accepted by ig-reels, fb-reels, ig-stories, fb-stories"))
        let plist = try runReelshare([
            "doctor", "--plist", "\(app)/Info-meta-reels-sample.plist", "--target", "ig-reels,fb-reels",
        ])
        #expect(plist.status == 0, "\(plist.stdout)")
        #expect(plist.stdout.hasSuffix("1 app: 1 accepted, 0 rejected (0 errors, 0 warnings)\n"))
    }

    /// Writes Info.plist, whose top dictionary holds `body`, in `directory`; returns its name there.
    private func plist(_ body: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("Info.plist").path
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(body)
            </dict></plist>
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return "Info.plist"
    }

    private func schemes(_ entries: [String]) -> String {
        "<key>LSApplicationQueriesSchemes</key><array>" + entries.map { "<string>\($0)</string>" }.joined() + "</array>"
    }

    @Test("why canOpenURL returns false: a scheme written as a URL, the key twice, more than 50 entries")
    func canOpenURL() throws {
        let directory = try scratch("doctor")
        defer { try? FileManager.default.removeItem(at: directory) }
        func check(_ body: String, _ target: String) throws -> RunResult {
            try runReelshare(["doctor", "--plist", try plist(body, in: directory), "--target", target], in: directory)
        }
        let url = try check(schemes(["fbapi", "instagram-stories://share"]), "ig-stories")
        #expect(url.status == 1)
        #expect(
            url.stdout.contains(
                "error[ios.query-scheme] ig-stories: LSApplicationQueriesSchemes entry 2 is 'instagram-stories://share', a URL: it must be the bare scheme 'instagram-stories'"
            ))
        #expect(
            url.stdout.contains(
                "fix (ig-stories): /usr/libexec/PlistBuddy -c 'Set :LSApplicationQueriesSchemes:1 instagram-stories' Info.plist"))
        #expect(try check(schemes(["instagram-reels:"]), "ig-reels").stdout.contains("entry 1 is 'instagram-reels:', a URL"))

        let twice = try check(schemes(["instagram-stories"]) + schemes(["fbapi"]), "ig-stories")
        #expect(twice.status == 1)
        #expect(
            twice.stdout.contains(
                "warning[ios.query-scheme] ig-stories: the key LSApplicationQueriesSchemes appears more than once: iOS reads only the last array (fbapi); merge them into one"
            ))
        #expect(twice.stdout.contains("does not list 'instagram-stories'"))
        #expect(twice.stdout.contains("only the last array counts"))
        let lastCounts = try check(schemes(["fbapi"]) + schemes(["instagram-stories"]), "ig-stories")
        #expect(lastCounts.status == 0 && lastCounts.stdout.contains("appears more than once"))

        let filler = (1...55).map { "app\($0)" }
        let late = try check(schemes(filler + ["facebook-reels"]), "fb-reels")
        #expect(late.status == 1)
        #expect(
            late.stdout.contains(
                "error[ios.query-scheme] fb-reels: 'facebook-reels' is entry 56 of 56 in LSApplicationQueriesSchemes: apps linked on iOS 15 or later are limited to 50"
            ))
        #expect(late.stdout.contains("remove 6 entries the app does not query, or list 'facebook-reels' among the first 50"))
        #expect(!late.stdout.contains("fix (fb-reels)"), "no mechanical fix: which entries go is the developer's call")
        let early = try check(schemes(["facebook-reels"] + filler), "fb-reels")
        #expect(early.status == 0)
        #expect(early.stdout.contains("warning[ios.query-scheme] fb-reels: LSApplicationQueriesSchemes has 56 entries"))
        let iOS27 = try check(schemes(Array(filler.prefix(30)) + ["facebook-reels"]), "fb-reels")
        #expect(
            iOS27.status == 0
                && iOS27.stdout.contains(
                    "entry 31 in LSApplicationQueriesSchemes: apps linked on iOS 27 or later are limited to 25")
        )
    }

    @Test("FacebookAppID is required only where the target reads it from Info.plist")
    func facebookAppId() throws {
        let directory = try scratch("doctor")
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = schemes(["instagram-reels", "facebook-reels", "instagram-stories", "facebook-stories"])
        let none = try runReelshare(["doctor", "--format", "json", "--plist", try plist(all, in: directory)], in: directory)
        #expect(none.status == 1)
        for target in ["ig-reels", "fb-reels", "ig-stories"] { #expect(rules(none, path: "Info.plist", target: target).isEmpty) }
        #expect(rules(none, path: "Info.plist", target: "fb-stories") == ["ios.app-id"])
        #expect(none.stdout.contains("FacebookAppID is missing: fb-stories reads the App ID from Info.plist"))
        let wrong = try runReelshare(
            ["doctor", "--plist", try plist(all + "<key>FacebookAppID</key><string>com.example</string>", in: directory)],
            in: directory)
        #expect(
            wrong.stdout.contains(
                "warning[ios.app-id] ig-reels, fb-reels, ig-stories: FacebookAppID 'com.example' is not a Meta App ID"))
        #expect(wrong.stdout.contains("error[ios.app-id] fb-stories: FacebookAppID 'com.example' is not a Meta App ID"))
        // A number is not read as the App ID (the SDK reads a string); a build setting is checked later.
        let number = try runReelshare(
            ["doctor", "--plist", try plist(all + "<key>FacebookAppID</key><integer>1234</integer>", in: directory)],
            in: directory)
        #expect(number.status == 1)
        #expect(number.stdout.contains("error[ios.app-id] fb-stories: FacebookAppID must be a <string>, not the <integer> 1234"))
        for setting in ["$(FACEBOOK_APP_ID)", "${FACEBOOK_APP_ID}"] {
            let built = try runReelshare(
                ["doctor", "--plist", try plist(all + "<key>FacebookAppID</key><string>\(setting)</string>", in: directory)],
                in: directory)
            #expect(built.status == 0, "\(built.stdout)")
            #expect(built.stdout.contains("info[ios.app-id] fb-stories: FacebookAppID is the build setting \(setting)"))
        }
    }

    @Test("manifests: a provider <queries> entry makes Facebook visible; only the FileProvider is held to its rules")
    func manifests() throws {
        let directory = try scratch("doctor")
        defer { try? FileManager.default.removeItem(at: directory) }
        func manifest(_ queries: String, _ providers: String) throws -> RunResult {
            let path = directory.appendingPathComponent("AndroidManifest.xml").path
            try """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
            <queries>\(queries)</queries><application>\(providers)</application></manifest>
            """.write(toFile: path, atomically: true, encoding: .utf8)
            return try runReelshare(["doctor", "--format", "json", "--manifest", "AndroidManifest.xml"], in: directory)
        }
        let fileProvider = """
            <provider android:name="androidx.core.content.FileProvider" android:authorities="com.example.files" \
            android:exported="false" android:grantUriPermissions="true">\
            <meta-data android:name="android.support.FILE_PROVIDER_PATHS" android:resource="@xml/paths"/></provider>
            """
        let sdk =
            #"<provider android:name="com.facebook.FacebookContentProvider" android:authorities="com.facebook.app.FacebookContentProvider1" android:exported="true"/>"#
        let provider = #"<provider android:authorities="com.facebook.katana.provider.PlatformProvider"/>"#
        let good = try manifest(provider + #"<package android:name="com.instagram.android"/>"#, fileProvider + sdk)
        #expect(good.status == 0, "\(good.stdout)")
        let noFacebook = try manifest(#"<package android:name="com.instagram.android"/>"#, fileProvider)
        #expect(rules(noFacebook, path: "AndroidManifest.xml", target: "fb-reels") == ["android.queries", "android.meta-data"])
        #expect(noFacebook.stdout.contains("nor the provider com.facebook.katana.provider.PlatformProvider"))
        #expect(rules(noFacebook, path: "AndroidManifest.xml", target: "ig-reels").isEmpty)
        // A provider named like a FileProvider without its paths is no FileProvider, and says why.
        // Authorities may be several, split by ';' across lines.
        let split = try manifest(
            "<provider android:authorities=\"a.b ;\n   com.facebook.katana.provider.PlatformProvider\"/>"
                + #"<package android:name="com.instagram.android"/>"#,
            fileProvider)
        #expect(split.status == 0, "\(split.stdout)")
        let named = try manifest(
            provider + #"<package android:name="com.instagram.android"/>"#,
            #"<provider android:name="com.example.MyFileProvider" android:authorities="a" android:exported="false"/>"#)
        #expect(named.status == 1)
        #expect(named.stdout.contains("com.example.MyFileProvider has no android.support.FILE_PROVIDER_PATHS meta-data"))
    }

    @Test(
        "files that are not plists or manifests, or not there, are clear errors (65 malformed, 66 missing), never crashes",
        arguments: [
            ("--plist", "Tests/Fixtures/media/h264_aac_2s.mp4", "not a property list", 65),
            ("--plist", "\(app)/AndroidManifest-good.xml", "not a property list", 65),
            ("--manifest", "\(app)/Info-good.plist", "not an AndroidManifest.xml", 65),
            ("--manifest", "Tests/Fixtures/media/not_media.txt", "not an AndroidManifest.xml", 65),
            ("--plist", "\(app)/missing.plist", "no such file or directory", 66),
            ("--manifest", "Tests", "is a directory, not a file", 66),
        ] as [(String, String, String, Int32)])
    func notConfigFiles(option: String, path: String, says: String, status: Int32) throws {
        let result = try runReelshare(["doctor", option, path])
        #expect(result.status == status)
        #expect(result.stdout.contains(says), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("reelshare: error: \(path): \(says)"), "\(result.stderr)")
    }

    @Test("github annotations, and usage errors")
    func formats() throws {
        let github = try runReelshare([
            "doctor", "--format", "github", "--manifest", "\(app)/AndroidManifest-broken.xml", "--target", "fb-reels",
        ])
        #expect(github.stdout.hasPrefix("::error file=\(app)/AndroidManifest-broken.xml,title=android.queries (fb-reels)::"))
        #expect(try runReelshare(["doctor", "--format", "yaml"]).status == 64)
        #expect(try runReelshare(["doctor", "--target", "ig-reel", "."]).status == 64)
    }
}

@Suite("Shell completions")
struct CompletionTests {
    @Test("bash completes commands, options, values and target lists (compgen)")
    func bash() throws {
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let script = """
                source <('\(try TestPaths.binary())' completions bash)
                COMP_WORDS=(reelshare \(quoted)); COMP_CWORD=\(words.count); _reelshare
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let (status, out) = try shell("bash", script)
            #expect(status == 0)
            return out.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["va"]) == ["validate"])
        #expect(try complete(["validate", "--target", "ig-s"]) == ["ig-stories", "ig-stories-api"])
        #expect(try complete(["validate", "--target", "ig-reels,fb-s"]) == ["ig-reels,fb-stories"])
        #expect(try complete(["validate", "--format", "j"]) == ["json", "junit"])
        #expect(try complete(["build", "--layout", ""]) == ["single", "per-key"])
        #expect(try complete(["probe", "--de"]) == ["--deep", "--decode"])
        #expect(try complete(["completions", "f"]) == ["fish"])
    }

    @Test("TAB in an interactive bash completes a target name (tmux)")
    func tmuxTab() throws {
        // A server of our own (-L), so the test starts one as it does on a fresh CI machine, and
        // never touches the developer's sessions.
        let socket = "reelshare-test-\(UUID().uuidString.prefix(8))"
        let binDirectory = URL(fileURLWithPath: try TestPaths.binary()).deletingLastPathComponent().path
        let setup = "PATH='\(binDirectory)':$PATH; PS1='$ '; source <(reelshare completions bash)"
        /// Runs tmux with an empty signal mask and every inherited descriptor above 2 closed. The
        /// server the first command forks outlives it and inherits both: with Foundation's
        /// descriptors open, `Process.waitUntilExit` (it watches a socket the child inherits)
        /// waits for the server's end, and with the spawning thread's mask (most signals blocked)
        /// the server never hears of its pane's exit nor the pane of SIGHUP, so it never ends.
        @discardableResult
        func tmux(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
            try runCommand(
                [
                    "perl", "-MPOSIX", "-e",
                    "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die; POSIX::close($_) for 3..1023; exec @ARGV or die",
                    "tmux", "-L", socket,
                ] + arguments)
        }
        /// Asks `done` every 0.1 s until it says yes or `seconds` (generous, for a loaded machine) pass.
        func poll(_ seconds: Double, _ done: () throws -> Bool) rethrows -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while try !done() {
                if Date() > deadline { return false }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return true
        }
        try #require(
            try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "20", "bash --norc --noprofile"]).status == 0)
        defer { _ = try? tmux(["kill-server"]) }
        try tmux(["send-keys", setup, "Enter"])
        Thread.sleep(forTimeInterval: 0.5)
        try tmux(["send-keys", "reelshare validate --target ig-sto", "Tab"])
        var screen = ""
        _ = try poll(10) {
            screen = try tmux(["capture-pane", "-p"]).stdout
            return screen.contains("--target ig-stories")
        }
        #expect(screen.contains("reelshare validate --target ig-stories"), "\(screen)")

        // The server goes when told: nothing of the test is left running.
        try tmux(["kill-server"])
        #expect(try poll(5) { try tmux(["has-session"]).status != 0 })
    }

    @Test("the zsh and fish scripts parse, and fish completes target names")
    func zshAndFish() throws {
        let zsh = try shell(
            "zsh",
            "'\(try TestPaths.binary())' completions zsh > \"${TMPDIR:-/tmp}/_reelshare.$$\" && zsh -n \"${TMPDIR:-/tmp}/_reelshare.$$\"; s=$?; rm -f \"${TMPDIR:-/tmp}/_reelshare.$$\"; exit $s"
        )
        #expect(zsh.0 == 0)
        let fish = try shell(
            "fish", "'\(try TestPaths.binary())' completions fish | source; complete -C 'reelshare build --target fb-'")
        #expect(fish.0 == 0)
        #expect(
            fish.1.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } == [
                "fb-reels", "fb-reels-api", "fb-stories",
            ])
        #expect(try runReelshare(["completions", "tcsh"]).status == 64)
    }
}

@Suite("Install and uninstall")
struct InstallTests {
    @Test("Scripts/install puts the binary, man page and completions under a prefix; uninstall removes exactly those")
    func installUninstall() throws {
        let prefix = TestPaths.packageRoot.appendingPathComponent(".build/test-scratch/prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let marker = prefix.appendingPathComponent("share/man/man1/other.1")
        try FileManager.default.createDirectory(at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "not ours".write(to: marker, atomically: true, encoding: .utf8)

        let (status, _) = try shell("bash", "Scripts/install --prefix '\(prefix.path)' --bin '\(try TestPaths.binary())'")
        #expect(status == 0)
        let installed = [
            "bin/reelshare", "share/man/man1/reelshare.1", "share/bash-completion/completions/reelshare",
            "share/zsh/site-functions/_reelshare", "share/fish/vendor_completions.d/reelshare.fish",
        ]
        for file in installed {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        let (versionStatus, version) = try shell("bash", "'\(prefix.path)/bin/reelshare' --version")
        #expect(versionStatus == 0 && version.hasPrefix("reelshare "))
        let (manStatus, page) = try shell(
            "bash", "export LC_ALL=C.UTF-8; MANPATH='\(prefix.path)/share/man' MANWIDTH=80 man reelshare | col -bx")
        #expect(manStatus == 0)
        // groff before 1.24 draws the NAME line as "reelshare — text", 1.24 as "reelshare  —— text".
        let name = page.split(separator: "\n").first { $0.contains("pre-flight checks") } ?? ""
        let words = name.split(separator: " ")
        #expect(
            words.first == "reelshare" && words.dropFirst().first?.allSatisfy({ $0 == "—" }) == true
                && name.contains(" pre-flight checks for sharing"), "\(page.prefix(300))")

        let (removed, _) = try shell("bash", "Scripts/uninstall --prefix '\(prefix.path)'")
        #expect(removed == 0)
        for file in installed { #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path)) }
        #expect(FileManager.default.fileExists(atPath: marker.path), "uninstall removed a file it did not install")
    }
}
