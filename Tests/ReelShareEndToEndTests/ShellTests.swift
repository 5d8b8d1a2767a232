// The shells users type reelshare in: completions in bash, zsh and fish, and Scripts/install.
import Foundation
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

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
        // build, preview and doctor take share targets only: not the validate-only publishing profiles.
        #expect(try complete(["build", "--target", "ig-s"]) == ["ig-stories"])
        #expect(try complete(["doctor", "--target", "ig-reels,fb-r"]) == ["ig-reels,fb-reels"])
        #expect(try complete(["validate", "--format", "j"]) == ["json", "junit"])
        #expect(try complete(["build", "--layout", ""]) == ["single", "per-key"])
        #expect(try complete(["probe", "--de"]) == ["--deep", "--decode"])
        #expect(try complete(["completions", "f"]) == ["fish"])
    }

    @Test(
        "TAB in an interactive bash completes a target name (tmux)", .enabled(if: Tool.tmux, "tmux is absent"))
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
        try #require(
            try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "20", "bash --norc --noprofile"]).status == 0)
        defer { _ = try? tmux(["kill-server"]) }
        let server = try #require(
            Int32(try tmux(["display-message", "-p", "#{pid}"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        // Each step tells the test it is done (tmux wait-for): the shell reads keys in order, so
        // the completion of the TAB is on the line before the command that signals runs.
        try tmux(["send-keys", setup + "; tmux -L \(socket) wait-for -S ready", "Enter"])
        try tmux(["wait-for", "ready"])
        try tmux(["send-keys", "reelshare validate --target ig-sto", "Tab"])
        try tmux(["send-keys", " --help > /dev/null; tmux -L \(socket) wait-for -S typed", "Enter"])
        try tmux(["wait-for", "typed"])
        let screen = try tmux(["capture-pane", "-p"]).stdout
        #expect(screen.contains("reelshare validate --target ig-stories"), "\(screen)")

        // The server goes when told: nothing of the test is left running.
        try tmux(["kill-server"])
        #expect(waitForExit(server, seconds: 10), "the tmux server \(server) still runs")
    }

    @Test(
        "the zsh and fish scripts parse, and fish completes target names, inside a list too, and build only share targets",
        .enabled(if: Tool.zsh && Tool.fish, "zsh or fish is absent"))
    func zshAndFish() throws {
        let zsh = try shell(
            "zsh",
            "'\(try TestPaths.binary())' completions zsh > \"${TMPDIR:-/tmp}/_reelshare.$$\" && zsh -n \"${TMPDIR:-/tmp}/_reelshare.$$\"; s=$?; rm -f \"${TMPDIR:-/tmp}/_reelshare.$$\"; exit $s"
        )
        #expect(zsh.0 == 0)
        func fish(_ line: String) throws -> [String] {
            let run = try shell("fish", "'\(try TestPaths.binary())' completions fish | source; complete -C '\(line)'")
            #expect(run.0 == 0)
            return run.1.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try fish("reelshare build --target fb-") == ["fb-reels", "fb-stories"])
        #expect(try fish("reelshare validate --target fb-") == ["fb-reels", "fb-reels-api", "fb-stories"])
        #expect(try fish("reelshare validate --target ig-reels,fb-s") == ["ig-reels,fb-stories"])
        #expect(try runBinary(["completions", "tcsh"]).status == 64)
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
/// Runs `script` with bash, zsh or fish; returns status and standard output.
private func shell(_ program: String, _ script: String) throws -> (Int32, String) {
    try runCommand([program, "-c", script])
}
