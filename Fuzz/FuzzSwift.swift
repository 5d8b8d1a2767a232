// libFuzzer targets for the Swift code that reads user-supplied text and bytes. Built by
// Scripts/fuzz with `swiftc -sanitize=fuzzer,address` together with the sources it exercises;
// REELSHARE_FUZZ picks the target:
//   sniff     FormatSniffer on arbitrary bytes
//   profile   target profile JSON (ProfileSet.decode)
//   plist     Doctor's Info.plist reader
//   manifest  Doctor's AndroidManifest.xml reader
//   args      the argument parser, every command, NUL-separated arguments
import Foundation

private let target = ProcessInfo.processInfo.environment["REELSHARE_FUZZ"] ?? "sniff"
private let profiles = ProfileSet.builtin.shareTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    switch target {
    case "sniff":
        _ = FormatSniffer.sniff(bytes)
    case "profile":
        _ = try? ProfileSet.decode(Data(bytes))
    case "plist":
        _ = Doctor.checkPlist(Data(bytes), path: "Info.plist", targets: profiles, appId: "123")
    case "manifest":
        _ = Doctor.checkManifest(Data(bytes), path: "AndroidManifest.xml", targets: profiles)
    case "args":
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        for command in CommandTable.commands { _ = try? ArgumentParser.parse(arguments, for: command) }
    default:
        fatalError("REELSHARE_FUZZ: unknown target \(target)")
    }
    return 0
}
