// Bytes kept in order for a second pass (the HTML report's cards), in memory until they are many.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CReelShareIO
import ReelShareKit

/// Bytes kept on disk rather than in memory until they can be written: a report whose head needs
/// counts known only at the end (validate's HTML page and JUnit file) spools its body here, so
/// memory stays flat over any number of files. An unnamed file in `directory` ($TMPDIR or /tmp),
/// gone when closed; a named one unlinked at once where unnamed files are not available; memory if
/// neither can be made.
public final class Spool {
    private var descriptor: Int32 = -1
    private var memory: [UInt8] = []
    private var buffer: [UInt8] = []
    /// The first write error; replay reports it.
    private var failure: PosixError?

    public init(directory: String) {
        let fd = Posix.withCPath(directory) { rs_unnamed_open($0) }
        if fd >= 0 {
            descriptor = fd
            return
        }
        var template = Array((directory + "/.reelshare-spool-XXXXXX").utf8CString)
        let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if named >= 0 {
            _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
            descriptor = named
        }
        buffer.reserveCapacity(1 << 16)
    }

    deinit { if descriptor >= 0 { _ = systemClose(descriptor) } }

    /// The spool's file, for bytes a C stream writes into it directly (after what was appended);
    /// nil where the spool is in memory.
    public var fileDescriptor: Int32? {
        drain()
        return descriptor >= 0 ? descriptor : nil
    }

    public func append(_ bytes: [UInt8]) {
        guard descriptor >= 0 else {
            memory += bytes
            return
        }
        buffer += bytes
        if buffer.count >= 1 << 16 { drain() }
    }

    private func drain() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        do throws(PosixError) {
            try Posix.write(descriptor, buffer)
        } catch {
            failure = error
        }
    }

    /// Hands everything appended to `body`, in chunks of at most 64 KiB, in order.
    public func replay(_ body: ([UInt8]) -> Void) throws(PosixError) {
        guard descriptor >= 0 else {
            body(memory)
            return
        }
        drain()
        if let failure { throw failure }
        var offset = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { rs_io_read(descriptor, $0.baseAddress!, $0.count, Int64(offset)) }
            if n < 0 { throw PosixError(errno) }
            if n > 0 { body(Array(chunk[..<n])) }
            if n < chunk.count { return }
            offset += n
        }
    }
}
