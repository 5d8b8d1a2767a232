// libFuzzer targets for the Swift code that reads user-supplied text and bytes. Built by
// Scripts/fuzz with `swiftc -sanitize=fuzzer,address` together with the Swift sources of
// ReelShareKit, ReelShareMedia and ReelShareCLI (one module) and the C shims; REELSHARE_FUZZ picks
// the target:
//   sniff     FormatSniffer on arbitrary bytes
//   profile   target profile JSON (ProfileSet.decode)
//   plist     Doctor's Info.plist reader
//   manifest  Doctor's AndroidManifest.xml reader
//   args      the argument parser and every command's typed options, NUL-separated arguments
import Foundation

private let target = ProcessInfo.processInfo.environment["REELSHARE_FUZZ"] ?? "sniff"
private let profiles = ProfileSet.builtin.shareTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    switch target {
    case "sniff":
        _ = FormatSniffer.sniff(bytes)
        _ = FormatSniffer.frameCount(format: "gif", bytes)
        _ = FormatSniffer.frameCount(format: "webp", bytes)
    case "profile":
        _ = try? ProfileSet.decode(bytes)
    case "plist":
        _ = Doctor.checkPlist(Data(bytes), path: "Info.plist", targets: profiles, appId: "123")
    case "manifest":
        _ = Doctor.checkManifest(Data(bytes), path: "AndroidManifest.xml", targets: profiles)
    case "args":
        // "-" would make --files-from read standard input.
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            .filter { $0 != "-" }
        for command in CommandTable.commands {
            guard let parsed = try? ArgumentParser.parse(arguments, for: command.spec) else { continue }
            _ = try? command.init(parsed, environment: [:])
        }
    default:
        fatalError("REELSHARE_FUZZ: unknown target \(target)")
    }
    return 0
}
