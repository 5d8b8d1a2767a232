// doctor --evaluate on an Expo project configured in code: it runs the project's own
// `npx expo config --json --type prebuild` and judges what prebuild would write. The npx here is a
// stand-in on PATH that prints what Expo's CLI prints (its config plugins' introspected Info.plist
// and manifest under _internal.modResults) and records how it was run; it fails, hangs or is
// absent where a test says so.
import Foundation
import ReelShareTestSupport
import Testing

@Suite("doctor --evaluate: an Expo app.config.js judged by what its own npx expo config prints")
struct DoctorEvaluateTests {
    /// The config Expo's CLI prints for an app whose plugins list the Stories schemes and
    /// declare <queries> for Instagram, with a Facebook App ID in both.
    static let printed = #"""
        {"name":"demo","ios":{"bundleIdentifier":"com.example.demo"},"android":{"package":"com.example.demo"},
        "_internal":{"modResults":{"ios":{"infoPlist":{"CFBundleIdentifier":"com.example.demo","FacebookAppID":"1234567890123456",
        "LSApplicationQueriesSchemes":["instagram-stories","facebook-stories"]}},
        "android":{"manifest":{"manifest":{"$":{"xmlns:android":"http://schemas.android.com/apk/res/android","package":"com.example.demo"},
        "queries":[{"package":[{"$":{"android:name":"com.instagram.android"}}]}],
        "application":[{"$":{"android:name":".MainApplication"},
        "meta-data":[{"$":{"android:name":"com.facebook.sdk.ApplicationId","android:value":"fb1234567890123456"}}]}]}}}}}}
        """#

    /// An Expo project configured in code, and an npx that runs `body` (shell) after recording
    /// its directory and arguments in ran.txt. Returns the project and the PATH to run with.
    private func project(npx body: String) throws -> (URL, [String: String]) {
        let directory = try scratch("doctor-evaluate")
        try write(
            [
                "app/package.json": #"{"name":"demo","dependencies":{"expo":"~52.0.0"}}"#,
                "app/app.config.js": "module.exports = () => ({ name: 'demo', plugins: ['./share-plugin'] });\n",
                "bin/npx":
                    "#!/bin/sh\npwd > \"$(dirname \"$0\")/../ran.txt\"\necho \"$*\" >> \"$(dirname \"$0\")/../ran.txt\"\n\(body)\n",
            ], in: directory)
        chmod(directory.appendingPathComponent("bin/npx").path, 0o755)
        let path = directory.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        return (directory, ["PATH": path])
    }

    private func ran(_ directory: URL) -> String? {
        try? String(contentsOf: directory.appendingPathComponent("ran.txt"), encoding: .utf8)
    }

    @Test("what the config plugins write is judged, with certainty where the build adds nothing more")
    func evaluated() throws {
        let (directory, environment) = try project(npx: "cat <<'EOF'\n\(Self.printed)\nEOF")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = directory.appendingPathComponent("app")
        let result = try runBinary(
            ["doctor", "--evaluate", "--format", "json", "--target", "ig-stories,ig-reels"], in: app, environment: environment)
        // Run once for both platforms, in the project, as the user would type it.
        #expect(ran(directory) == "\(app.resolvingSymlinksInPath().path)\n--no expo config --json --type prebuild\n")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        // iOS: the plugin listed instagram-stories, not instagram-reels: an error, no hedge.
        #expect(findingLines(result, severity: "error") == ["ig-reels ios.query-scheme app.config.js"])
        // Android: <queries> for Instagram came from the plugin; no FileProvider anywhere, and
        // expo itself is not installed, so that is said as a warning naming it.
        #expect(
            findingLines(result, severity: "warning") == [
                "ig-reels android.file-provider app.config.js", "ig-stories android.file-provider app.config.js",
            ])
        #expect(result.stdout.contains("expo (not installed)"))
        #expect(
            result.stdout.contains("add 'instagram-reels' to expo.ios.infoPlist.LSApplicationQueriesSchemes in app.config.js"))
    }

    @Test("the project's command runs as a shell would run it: SIGPIPE at its default, not ignored as reelshare has it")
    func signals() throws {
        // The stand-in reports its SIGPIPE disposition (field SigIgn of /proc/self/status, bit 13)
        // on its errors and fails, so that doctor quotes it.
        let (directory, environment) = try project(
            npx: "mask=$(awk '/^SigIgn/ {print $2}' /proc/$$/status)\necho \"SigIgn $mask\" >&2\nexit 9")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            ["doctor", "--evaluate"], in: directory.appendingPathComponent("app"), environment: environment)
        let said = try #require(result.stderr.range(of: "SigIgn "), "\(result.stderr)")
        let mask = try #require(UInt64(result.stderr[said.upperBound...].prefix(16), radix: 16), "\(result.stderr)")
        #expect(mask & (1 << 12) == 0, "SIGPIPE ignored in the program: \(result.stderr)")
    }

    @Test("without --evaluate the project's code is not run, and the finding says how to judge it")
    func notEvaluated() throws {
        let (directory, environment) = try project(npx: "cat <<'EOF'\n\(Self.printed)\nEOF")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            ["doctor", "--target", "ig-reels"], in: directory.appendingPathComponent("app"), environment: environment)
        #expect(ran(directory) == nil)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("which doctor runs only with --evaluate (npx --no expo config --json --type prebuild)"))
    }

    @Test("a config that fails to evaluate is 65 naming the command, its status and its last words")
    func failed() throws {
        let (directory, environment) = try project(
            npx:
                "echo 'Starting project' >&2\nprintf '\\033[31mError: Cannot find module \\047expo/config\\047\\033[0m\\n' >&2\nexit 3"
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            ["doctor", "--evaluate", "--format", "json"], in: directory.appendingPathComponent("app"), environment: environment)
        #expect(result.status == 65)
        // Said once as the app's finding and once on standard error, on one line each.
        #expect(Set(findingLines(result).map { $0.split(separator: " ")[1] }) == ["app.unreadable"], "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[1] == "reelshare: error: 1 file is malformed", "\(result.stderr)")
        #expect(
            lines[0].contains(
                "--evaluate: npx --no expo config --json --type prebuild exited with status 3: ?[31mError: Cannot find module 'expo/config'?[0m"
            ),
            "\(result.stderr)")
    }

    @Test("no npx on PATH: 65, saying Node.js is needed")
    func noNode() throws {
        let (directory, _) = try project(npx: "exit 0")
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try runBinary(
            ["doctor", "--evaluate"], in: directory.appendingPathComponent("app"), environment: ["PATH": empty.path])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains("npx could not be started (no such file or directory): is Node.js installed?"),
            "\(result.stderr)")
    }

    @Test("a config that never ends is stopped with its processes at --timeout: 65, no verdict")
    func hangs() throws {
        let (directory, environment) = try project(npx: "sleep 30 &\necho $! > \"$(dirname \"$0\")/../child.txt\"\nwait")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try measured(
            ["doctor", "--evaluate", "--timeout", "1"], in: directory.appendingPathComponent("app"), environment: environment)
        #expect(run.result.status == 65, "\(run.result.stderr)")
        #expect(run.result.stderr.contains("gave up: it took longer than its time budget (--timeout)"), "\(run.result.stderr)")
        #expect(run.within(1.5), "\(run.seconds) s")
        // The program's own child went with it (gone, or a zombie waiting for init).
        let child = try String(contentsOf: directory.appendingPathComponent("child.txt"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2)
            .first
        #expect(state == nil || state == "Z", "sleep \(child) is \(state ?? "?")")
    }
}
