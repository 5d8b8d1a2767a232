// Which outside tools this machine has, for the tests that need them: a test whose tool is missing
// is enabled only where it is (`.enabled(if: Tool.aapt, "…")`), so Scripts/test counts it as
// skipped with the reason, never as passed. Scripts/bootstrap installs them all, and CI's
// Scripts/test --no-skips fails on any skip.
import Foundation

public enum Tool {
    /// Debian's framework resources, which aapt compiles an APK against.
    public static let frameworkResources = "/usr/share/android-framework-res/framework-res.apk"

    /// Debian's aapt, with the framework resources it needs.
    public static let aapt: Bool =
        FileManager.default.fileExists(atPath: frameworkResources) && (try? runCommand(["aapt", "version"]))?.status == 0

    /// Whether `program` is on PATH.
    public static func has(_ program: String) -> Bool {
        (try? runCommand(["sh", "-c", "command -v \"$0\" >/dev/null", program]))?.status == 0
    }

    public static let tmux = has("tmux")
    public static let zsh = has("zsh")
    public static let fish = has("fish")
}
