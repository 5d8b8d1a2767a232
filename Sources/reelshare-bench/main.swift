// Measures the payload encoder in-process, for Scripts/bench: streams FILE's base64 (with its
// SHA-256 on a second thread, as `build` does) to standard output, which the caller points at
// /dev/null, and prints the best throughput of a few runs to standard error.
import Foundation
import ReelShareKit
import ReelShareMedia

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write("usage: reelshare-bench FILE > /dev/null\n".data(using: .utf8)!)
    exit(64)
}
let path = arguments[1]
let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
var best = Double.infinity
for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    do {
        try PayloadWriter.write(
            [.base64(0)], media: [PayloadMedia(role: .backgroundVideo, path: path, format: "mp4")],
            to: .stream(1))
    } catch {
        FileHandle.standardError.write("reelshare-bench: \(error)\n".data(using: .utf8)!)
        exit(70)
    }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
FileHandle.standardError.write(
    String(format: "%.0f MB/s (%d bytes in %.1f ms)\n", Double(size) / best / 1e6, size, best * 1000).data(using: .utf8)!)
