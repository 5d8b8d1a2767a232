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
        #expect(result.stdout.hasSuffix("2 files: 2 accepted, 0 rejected (0 errors, 0 warnings)\n"))
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
        let result = try runReelshare(["doctor", "--format", "json", "--plist", path, "--target", "fb-reels"])
        #expect(rules(result, path: path, target: "fb-reels") == ["ios.query-scheme", "ios.app-id"])
        let mismatch = try runReelshare(["doctor", "--plist", "\(app)/Info-good.plist", "--app-id", "42"])
        #expect(mismatch.status == 1)
        #expect(mismatch.stdout.contains("FacebookAppID is 1234567890123456, not 42"))
    }

    @Test("a manifest without Facebook in <queries> and with an exported provider")
    func brokenManifest() throws {
        let path = "\(app)/AndroidManifest-broken.xml"
        let result = try runReelshare(["doctor", "--format", "json", "--manifest", path])
        #expect(result.status == 1)
        #expect(
            rules(result, path: path, target: "fb-stories") == [
                "android.queries", "android.file-provider", "android.file-provider",
            ])
        #expect(rules(result, path: path, target: "ig-stories") == ["android.file-provider", "android.file-provider"])
    }

    @Test(
        "files that are not plists or manifests, or not there, are clear errors, never crashes",
        arguments: [
            ("--plist", "Tests/Fixtures/media/h264_aac_2s.mp4", "not a property list"),
            ("--plist", "\(app)/AndroidManifest-good.xml", "not a property list"),
            ("--manifest", "\(app)/Info-good.plist", "not an AndroidManifest.xml"),
            ("--manifest", "Tests/Fixtures/media/not_media.txt", "not an AndroidManifest.xml"),
            ("--plist", "\(app)/missing.plist", "cannot read the file"),
            ("--manifest", "Tests", "cannot read the file"),
        ])
    func notConfigFiles(option: String, path: String, says: String) throws {
        let result = try runReelshare(["doctor", option, path])
        #expect(result.status == 1)
        #expect(result.stdout.contains(says), "\(result.stdout)")
    }

    @Test("github annotations, and usage errors")
    func formats() throws {
        let github = try runReelshare([
            "doctor", "--format", "github", "--manifest", "\(app)/AndroidManifest-broken.xml", "--target", "fb-reels",
        ])
        #expect(github.stdout.hasPrefix("::error file=\(app)/AndroidManifest-broken.xml,title=android.queries (fb-reels)::"))
        #expect(try runReelshare(["doctor"]).status == 64)
        #expect(try runReelshare(["doctor", "Info.plist"]).status == 64)
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
            "bash", "export LC_ALL=C.UTF-8; MANPATH='\(prefix.path)/share/man' MANWIDTH=80 man reelshare | col -b")
        #expect(manStatus == 0)
        #expect(page.contains("reelshare — pre-flight checks"), "\(page.prefix(300))")

        let (removed, _) = try shell("bash", "Scripts/uninstall --prefix '\(prefix.path)'")
        #expect(removed == 0)
        for file in installed { #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path)) }
        #expect(FileManager.default.fileExists(atPath: marker.path), "uninstall removed a file it did not install")
    }
}
