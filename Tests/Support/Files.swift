// Files the tests make and look at: a directory's listing, a committed fixture's bytes, a large
// clip made at once.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The names in `directory`, sorted (empty when it cannot be read).
public func listing(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

/// The bytes of the committed fixture Tests/Fixtures/media/NAME.
public func fixtureData(_ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture(name)))
}

/// NAME in `directory`: the 10 s fixture clip followed by a 1 GB free box, sparse on disk: a large
/// payload made at once.
public func sparseClip(_ name: String, in directory: URL) throws {
    var small = try fixtureData("h264_aac_10s.mp4")
    let free = 1 << 30
    small.append(contentsOf: [UInt8(free >> 24), UInt8(free >> 16 & 0xFF), UInt8(free >> 8 & 0xFF), UInt8(free & 0xFF)])
    small.append(contentsOf: Array("free".utf8))
    let big = directory.appendingPathComponent(name)
    try small.write(to: big)
    guard truncate(big.path, off_t(small.count + free - 8)) == 0 else {
        throw BinaryError(message: "cannot make \(name) sparse: errno \(errno)")
    }
}
