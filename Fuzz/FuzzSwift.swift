// libFuzzer targets for the Swift code that reads user-supplied text and bytes. Built by
// Scripts/fuzz with `swiftc -sanitize=fuzzer,address` together with the Swift sources of
// ReelShareKit, ReelShareMedia and ReelShareCLI (one module) and the C shims; REELSHARE_FUZZ picks
// the target:
//   sniff     FormatSniffer on arbitrary bytes
//   profile   target profile JSON (ProfileSet.decode)
//   plist     Doctor's Info.plist reader
//   manifest  Doctor's AndroidManifest.xml reader
//   axml      an APK's binary XML manifest, then doctor's checks of it
//   arsc      an APK's resource table (resources.arsc)
//   aab       aapt2's protobuf XML and resource table (an .aab's manifest and resources.pb)
//   zip       an archive as doctor reads one (libzip, then the app it holds), from a file in /dev/shm
//   code      a source file as doctor's share-code reader reads it, in each language
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
        _ = FormatSniffer.frameCount(format: .gif, bytes)
        _ = FormatSniffer.frameCount(format: .webp, bytes)
    case "profile":
        _ = try? ProfileSet.decode(bytes)
    case "plist":
        _ = Doctor.checkPlist(Data(bytes), path: "Info.plist", targets: profiles, appId: "123")
        // The same bytes as a project.pbxproj (an ASCII property list).
        _ = ASCIIPropertyList.parse(bytes)
    case "manifest":
        _ = Doctor.checkManifest(Data(bytes), path: "AndroidManifest.xml", targets: profiles)
        // The same bytes as a Gradle build file.
        let build = String(decoding: bytes, as: UTF8.self)
        _ = (GradleBuild.releaseVariants(build), GradleBuild.manifestPlaceholders(build), GradleBuild.targetSdk(build))
    case "axml":
        if let manifest = try? BinaryXML.parse(bytes, origin: "AndroidManifest.xml") {
            let app = AndroidApp(manifest: manifest, file: nil, completeness: .shipped)
            _ = Doctor.check(FoundApp(form: .apk, content: .android(app)), path: "app.apk", targets: profiles, appId: "1")
        }
    case "arsc":
        // The ids doctor asks for: an APK's first strings and xml resources, as a manifest refers to them.
        _ = try? ResourceTable.parse(bytes, wanted: [0x7F01_0000, 0x7F02_0000, 0x7F03_0000, 0x7F03_0001, 0x7F04_0000])
    case "aab":
        _ = try? ProtoXML.parse(bytes, origin: "AndroidManifest.xml")
        _ = try? ProtoResourceTable.parse(bytes, wanted: [0x7F01_0000, 0x7F02_0000, 0x7F03_0000])
    case "zip":
        let path = "/dev/shm/reelshare-fuzz-\(getpid()).zip"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
        defer { try? FileManager.default.removeItem(atPath: path) }
        if let located = try? AppLocator.locate(.any(path)) {
            for found in located.apps { _ = Doctor.check(found.app, path: path, targets: profiles, appId: "1") }
        }
    case "code":
        for language in [ShareCodeReader.Language.apple, .jvm, .dart, .javascript] {
            var code = ShareCode()
            var constants: [String: String] = [:]
            var candidates: [(file: String, line: Int, text: String)] = []
            ShareCodeReader.scan(
                bytes, file: "Share", language: language, targets: profiles, plugins: SharePlugin.builtin, into: &code,
                constants: &constants, feedCandidates: &candidates)
            _ = ShareCodeReader.isGenerated(bytes, language: language)
        }
    case "args":
        // Standard input is an empty one of the invocation's own: "-" reads nothing from the fuzzer's.
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let invocation = Invocation(environment: [:], input: Input([]))
        for command in CommandTable.commands {
            guard let parsed = try? ArgumentParser.parse(arguments, for: command.spec) else { continue }
            _ = try? command.init(parsed, invocation: invocation)
        }
    default:
        fatalError("REELSHARE_FUZZ: unknown target \(target)")
    }
    return 0
}
