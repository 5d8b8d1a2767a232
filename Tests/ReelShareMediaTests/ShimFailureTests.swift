// The C shims and the POSIX layer on their failure paths, called directly: bad descriptors, closed
// pipes, full disks, files that are not files, truncated and oversized images.
import CReelShareAV
import CReelShareIO
import CReelShareImage
import CReelShareStream
import Foundation
import ReelShareKit
import ReelShareMedia
import ReelShareTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

private func text(_ buffer: [CChar]) -> String { Posix.text(buffer) }

@Suite("C shims and POSIX layer: failure paths")
struct ShimFailureTests {
    init() { Posix.setUpSignals() }  // a closed pipe is an error from write(), as in reelshare

    @Test("rs_stream_base64: an unreadable input, a full disk, a closed pipe")
    func stream() throws {
        var result = rs_stream_result()
        var message = [CChar](repeating: 0, count: 256)
        #expect(rs_stream_base64(-1, -1, &result, &message, message.count) == RS_STREAM_INPUT)
        #expect(text(message) == "bad file descriptor")

        let input = try ReadableFile.open(TestPaths.fixture("h264_aac_2s.mp4"))
        defer { input.close() }
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        #expect(rs_stream_base64(input.descriptor, full, &result, &message, message.count) == RS_STREAM_OUTPUT)
        #expect(text(message) == "no space left on device")

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #expect(lseek(input.descriptor, 0, SEEK_SET) == 0)
        #expect(rs_stream_base64(input.descriptor, ends[1], &result, &message, message.count) == RS_STREAM_CLOSED)
    }

    @Test("rs_stream_base64 hashes exactly the bytes it encodes")
    func hashOfEncoded() throws {
        let path = TestPaths.fixture("h264_aac_10s.mp4")
        let input = try ReadableFile.open(path)
        defer { input.close() }
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputPath = directory.appendingPathComponent("out.b64").path
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var result = rs_stream_result()
        var message = [CChar](repeating: 0, count: 256)
        #expect(rs_stream_base64(input.descriptor, output, &result, &message, message.count) == RS_STREAM_OK)
        close(output)
        let encoded = try String(contentsOfFile: outputPath, encoding: .utf8)
        let decoded = try #require(Data(base64Encoded: encoded))
        #expect(decoded == (try Data(contentsOf: URL(fileURLWithPath: path))))
        var digest = result.sha256
        let hex = withUnsafeBytes(of: &digest) { String(decoding: $0.prefix(64), as: UTF8.self) }
        #expect(hex == (try sha256(path)))
        #expect(Int(result.bytes) == decoded.count)
    }

    /// rs_sha256 of `bytes` fed in pieces of `piece` bytes (all at once for 0), scalar or not.
    static func digest(_ bytes: [UInt8], scalar: Bool, piece: Int = 0) -> String {
        var context = rs_sha256()
        rs_sha256_init(&context, scalar ? 1 : 0)
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            repeat {
                let count = piece == 0 ? buffer.count : min(piece, buffer.count - offset)
                rs_sha256_update(&context, buffer.baseAddress.map { $0 + offset }, count)
                offset += count
            } while offset < buffer.count
        }
        var out = [UInt8](repeating: 0, count: 32)
        rs_sha256_final(&context, &out)
        return out.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test("rs_sha256: FIPS 180-4's examples, with the CPU's SHA instructions and with the scalar rounds")
    func sha256Examples() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let examples: [([UInt8], String)] = [
            ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (million, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        ]
        for (message, expected) in examples {
            #expect(Self.digest(message, scalar: true) == expected, "scalar, \(message.count) bytes")
            #expect(Self.digest(message, scalar: false) == expected, "instructions, \(message.count) bytes")
            #expect(Self.digest(message, scalar: false, piece: 7) == expected, "7 bytes at a time, \(message.count) bytes")
        }
        // This machine's CPU says whether the instructions run; on x86-64 here they are expected to.
        #if os(Linux) && arch(x86_64)
            let flags = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
            #expect((rs_sha256_uses_instructions() == 1) == flags.contains(" sha_ni"))
        #endif
    }

    @Test("rs_sha256 equals sha256sum at the block edges and at random lengths to 300, whole or in pieces of 1 to 65 bytes")
    func sha256Lengths() throws {
        let directory = try scratch("sha256")
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 300] + (0..<20).map({ _ in Int.random(in: 0...300) }) {
            let message = Array(bytes.prefix(length))
            let path = directory.appendingPathComponent("\(length)").path
            try Data(message).write(to: URL(fileURLWithPath: path))
            let expected = try sha256(path)
            #expect(Self.digest(message, scalar: true) == expected, "scalar, \(length) bytes")
            #expect(Self.digest(message, scalar: false) == expected, "instructions, \(length) bytes")
            let piece = Int.random(in: 1...65)
            #expect(Self.digest(message, scalar: false, piece: piece) == expected, "\(length) bytes by \(piece)")
            #expect(Self.digest(message, scalar: true, piece: piece) == expected, "scalar, \(length) bytes by \(piece)")
        }
    }

    @Test("rs_cleanup_register refuses a path it could not hold whole, and holds several at once")
    func cleanupPath() {
        #expect(rs_cleanup_register(String(repeating: "a", count: 5000)) == 0)
        // Other tests in this process may hold a few slots meanwhile: take 200 of the 1,024 (a
        // long clip split for Stories has more than 64 parts open at once).
        let handles = (0..<200).map { rs_cleanup_register("/tmp/reelshare-never-\($0)") }
        #expect(Set(handles).count == 200 && handles.allSatisfy { $0 > 0 })
        for handle in handles { rs_cleanup_clear(handle) }
    }

    @Test("AtomicFile: the mode of the file it replaces, nothing left by abort, a missing directory")
    func atomicFile() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("old.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: existing)
        let replacing = try AtomicFile(replacing: existing)
        try Posix.write(replacing.descriptor, Array("new".utf8))
        try replacing.commit()
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "new")
        #expect((try FileManager.default.attributesOfItem(atPath: existing)[.posixPermissions] as? Int) == 0o640)

        // While it is written the new file has no name: a process killed then leaves nothing. What
        // was written reads back through readablePath.
        let abandoned = try AtomicFile(replacing: directory.appendingPathComponent("gone.json").path)
        try Posix.write(abandoned.descriptor, Array("partial".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["old.json"])
        let readable = try #require(abandoned.readablePath)
        #expect(try String(contentsOfFile: readable, encoding: .utf8) == "partial")
        abandoned.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["old.json"])

        let missing = directory.appendingPathComponent("no/dir/x").path
        #expect(throws: OutputFailure.system(path: missing, PosixError(ENOENT))) { try AtomicFile(replacing: missing) }
    }

    @Test("ReadableFile: missing, a directory, a FIFO (without blocking), a device, a regular file")
    func readableFile() throws {
        #expect(throws: FileError.notFound) { try ReadableFile.open("/nonexistent/file") }
        #expect(throws: FileError.directory) { try ReadableFile.open(TestPaths.packageRoot.path) }
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileError.notRegular("a pipe")) { try ReadableFile.open(fifo) }
        #expect(throws: FileError.notRegular("a character device")) { try ReadableFile.open("/dev/null") }
        #expect(throws: FileError.notFound) { try ReadableFile.open("./-") }
        let file = try ReadableFile.open(TestPaths.fixture("grey.png"))
        defer { file.close() }
        #expect(try file.read(count: 8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(throws: FileError.shrank) { try file.read(count: 16, from: file.size - 8) }
        #expect(throws: FileError.tooLarge(file.size)) { try Posix.readFile(TestPaths.fixture("grey.png"), limit: 10) }
    }

    @Test("rs_av: a descriptor that is not a regular file, an empty buffer, a buffer of noise")
    func av() throws {
        var info = rs_av_info()
        var message = [CChar](repeating: 0, count: 256)
        let directory = open(TestPaths.packageRoot.path, O_RDONLY)
        defer { close(directory) }
        #expect(rs_av_probe_descriptor(directory, "x.mp4", 0, 5, &info, &message, message.count) == RS_AV_UNREADABLE)
        #expect(text(message) == "not a regular file")
        let empty: [UInt8] = [0]
        #expect(rs_av_probe_memory(empty, 0, 0, 5, &info, &message, message.count) == RS_AV_CORRUPT)
        #expect(text(message) == "empty file")
        var generator = XorShift(seed: 42)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(rs_av_probe_memory(noise, noise.count, 1, 5, &info, &message, message.count) == RS_AV_UNSUPPORTED)
        #expect(text(message) == "not a recognised video, audio or image file")
    }

    @Test("rs_img: a signature only, a cut image, a bomb header, a JPEG without its start marker, an unreadable descriptor")
    func images() throws {
        var limits = rs_img_limits(
            max_width: 1000, max_height: 1000, max_pixels: 100_000, max_decoder_memory: 64 << 20, timeout_seconds: 5)
        var wide = rs_img_limits(
            max_width: 10000, max_height: 10000, max_pixels: 100_000_000, max_decoder_memory: 64 << 20, timeout_seconds: 5)
        var info = rs_img_info()
        var message = [CChar](repeating: 0, count: 256)
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("sticker_rgba_640x480.png"))))
        let signature = Array(png.prefix(8))
        #expect(rs_img_probe_png(-1, signature, signature.count, &limits, &info, &message, message.count) == RS_IMG_CORRUPT)
        #expect(text(message).hasPrefix("invalid png: "))
        let palette = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("palette.png"))))
        let cut = Array(palette.prefix(palette.count / 2))
        #expect(rs_img_probe_png(-1, cut, cut.count, &wide, &info, &message, message.count) == RS_IMG_CORRUPT)
        #expect(text(message).hasPrefix("invalid png: "), "\(text(message))")
        // 640x480 is over this caller's 100,000-pixel limit: refused before decoding.
        #expect(rs_img_probe_png(-1, png, png.count, &limits, &info, &message, message.count) == RS_IMG_TOO_LARGE)
        #expect(text(message) == "image dimensions 640x480: 307200 pixels are above the limit of 100000; refusing to decode")
        let notJPEG: [UInt8] = [0xFF, 0xD9, 0xFF, 0x00]
        #expect(rs_img_probe_jpeg(-1, notJPEG, notJPEG.count, &limits, &info, &message, message.count) == RS_IMG_CORRUPT)
        #expect(text(message) == "invalid jpeg: no start-of-image marker")
        // A descriptor that cannot be read (a directory): nothing decoded, the reason said.
        let directory = open(TestPaths.packageRoot.path, O_RDONLY)
        defer { close(directory) }
        #expect(rs_img_probe_jpeg(directory, nil, 1000, &limits, &info, &message, message.count) == RS_IMG_UNREADABLE)
        #expect(text(message) == "cannot read the file")
    }

    /// An RGB display profile: a v2 header and one private tag of 256 bytes (`length` in its
    /// header: a wrong one makes libpng refuse it).
    static func profile(statedLength: UInt32 = 400, colourSpace: String = "RGB ", tagLength: UInt32 = 256) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 400)
        func put(_ value: UInt32, at offset: Int) { for k in 0..<4 { bytes[offset + k] = UInt8(value >> (24 - 8 * k) & 0xFF) } }
        put(statedLength, at: 0)
        bytes[8] = 2
        bytes[9] = 0x10
        for (offset, tag) in [(12, "mntr"), (16, colourSpace), (20, "XYZ "), (36, "acsp"), (132, "rsts")] {
            bytes.replaceSubrange(offset..<offset + 4, with: Array(tag.utf8))
        }
        put(0xF6D6, at: 68)
        put(0x10000, at: 72)
        put(0xD32D, at: 76)
        put(1, at: 128)
        put(144, at: 136)
        put(tagLength, at: 140)
        for i in 0..<256 { bytes[144 + i] = UInt8((i * 73 + 17) % 251) }
        return bytes
    }

    /// The chunk types of a PNG, in order.
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[at + 4..<at + 8], as: UTF8.self))
            at += 12 + length
        }
        return types
    }

    @Test("rs_img colour profiles: a profile libpng refuses gives sRGB, not an untagged PNG; a malformed JPEG one is left out")
    func colourProfiles() throws {
        let directory = try scratch("icc")
        defer { try? FileManager.default.removeItem(at: directory) }
        let rgba = [UInt8](repeating: 200, count: 4 * 4 * 4)
        var message = [CChar](repeating: 0, count: 256)
        // A size field that disagrees with the profile (libpng 1.6.39 refuses it when set, 1.6.48
        // only when writing, failing the PNG), a tag past the end, a grey profile: sRGB on every libpng.
        let refused = [
            Self.profile(statedLength: 399), Self.profile(tagLength: 257), Self.profile(colourSpace: "GRAY"), [],
        ]
        for (profile, expected) in [(Self.profile(), "iCCP")] + refused.map({ ($0, "sRGB") }) {
            let path = directory.appendingPathComponent("out.png").path
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let status = rs_img_write_png(fd, rgba, 4, 4, profile, profile.count, nil, &message, message.count)
            close(fd)
            #expect(status == RS_IMG_OK, "\(text(message))")
            let types = Self.chunkTypes([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(types.contains(expected) && types.filter { ["iCCP", "sRGB"].contains($0) }.count == 1, "\(types)")
        }
        // A JPEG whose ICC profile is chunk 1 of 2, the second missing: the picture decodes, its
        // profile is left out.
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("grey.jpg"))))
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 2] + Self.profile()
        jpeg.insert(contentsOf: [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body, at: 2)
        let path = directory.appendingPathComponent("bogus.jpg").path
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        let picture = try Pictures.image(path, format: .jpeg, maxSide: 0, timeoutSeconds: 5)
        #expect(picture.colorProfile == nil && picture.width > 0)
        // The same profile whole (1 of 1) is kept.
        jpeg[2 + 4 + 13] = 1
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        #expect(try Pictures.image(path, format: .jpeg, maxSide: 0, timeoutSeconds: 5).colorProfile == Self.profile())
    }
}
