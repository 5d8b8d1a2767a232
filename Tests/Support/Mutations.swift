// The hostile sweep's inputs: every fixture, regression input and corpus file, cut and
// bit-flipped the same way on every run, and the odd kinds of path.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The fixtures, the regression inputs and, when present, the shared corpus.
public func sourceFiles() throws -> [URL] {
    var roots = [
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/media"),
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/app"),
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/regressions"),
    ]
    if TestPaths.corpusAvailable { roots.append(TestPaths.corpus) }
    var files: [URL] = []
    for root in roots {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                url.lastPathComponent != "manifest.tsv",
                url.pathExtension != "md"
            {
                files.append(url)
            }
        }
    }
    return files.sorted { $0.path < $1.path }
}

/// Writes truncations and bit-flipped copies of every source file into `directory`.
public func mutations(into directory: URL) throws -> [String] {
    var random = XorShift(seed: 0x5EED_CAFE_F00D_1234)
    var paths: [String] = []
    for (number, source) in try sourceFiles().enumerated() {
        let bytes = [UInt8](try Data(contentsOf: source))
        guard bytes.count > 1 else { continue }
        let stem = "\(number)-\(source.deletingPathExtension().lastPathComponent)"
        let ext = source.pathExtension
        var cuts = Set([1, 7, 16, 64, 512, bytes.count / 4, bytes.count / 2, bytes.count * 3 / 4, bytes.count - 1])
        cuts = cuts.filter { $0 > 0 && $0 < bytes.count }
        for cut in cuts.sorted() {
            let path = directory.appendingPathComponent("\(stem)-cut\(cut).\(ext)").path
            try Data(bytes[0..<cut]).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        for flip in 0..<6 {
            var copy = bytes
            for _ in 0..<(1 + flip) {
                let at = Int(random.next() % UInt64(copy.count))
                copy[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
            }
            // Half the flips land in the first 4 KiB, where the headers are.
            if flip % 2 == 0, copy.count > 64 {
                let at = Int(random.next() % UInt64(min(copy.count, 4096)))
                copy[at] = UInt8(truncatingIfNeeded: random.next())
            }
            let path = directory.appendingPathComponent("\(stem)-flip\(flip).\(ext)").path
            try Data(copy).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
    }
    return paths
}

/// Paths that are not ordinary files: empty, a directory, a FIFO, unreadable, a symlink loop, a
/// 4 GiB sparse file, and missing.
public func oddPaths(in directory: URL) throws -> [String] {
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data().write(to: URL(fileURLWithPath: path("empty.mp4")))
    try FileManager.default.createDirectory(atPath: path("directory.mp4"), withIntermediateDirectories: true)
    _ = mkfifo(path("fifo.mp4"), 0o644)
    try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: path("unreadable.mp4")))
    _ = chmod(path("unreadable.mp4"), 0)
    try? FileManager.default.createSymbolicLink(atPath: path("loop-a.mp4"), withDestinationPath: path("loop-b.mp4"))
    try? FileManager.default.createSymbolicLink(atPath: path("loop-b.mp4"), withDestinationPath: path("loop-a.mp4"))
    let sparse = open(path("sparse-4GiB.mp4"), O_CREAT | O_WRONLY, 0o644)
    _ = ftruncate(sparse, 4 << 30)
    close(sparse)
    return ["empty.mp4", "directory.mp4", "fifo.mp4", "unreadable.mp4", "loop-a.mp4", "sparse-4GiB.mp4", "missing.mp4"].map(path)
}

public func nulList(_ paths: [String]) -> Data { Data(paths.joined(separator: "\0").utf8) + Data([0]) }
