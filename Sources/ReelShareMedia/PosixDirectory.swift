// The POSIX layer's directory reading (opendir, readdir) and descriptor duplication, for doctor's
// walk of a project and the archive it hands to libzip. Part of the one POSIX layer (Posix.swift).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ReelShareKit

extension Posix {
    /// The names in the directory `path` (not "." or ".."), each with whether it is a directory
    /// (a symbolic link counts as what it leads to), sorted; nil when `path` is not a directory
    /// that can be read.
    public static func entries(_ path: String) -> [AppTreeEntry]? {
        guard let directory = withCPath(path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var result: [AppTreeEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.prefix { $0 != 0 }
                return PathCoding.decode(UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[...]))
            }
            if name == "." || name == ".." { continue }
            var isDirectory = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_LNK) || Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                isDirectory = Posix.isDirectory(path.hasSuffix("/") ? path + name : path + "/" + name)
            }
            result.append(AppTreeEntry(name: name, isDirectory: isDirectory))
        }
        return result.sorted { $0.name < $1.name }
    }

    /// Whether anything (a file, a directory, a link that leads somewhere) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return withCPath(path) { stat($0, &info) } == 0
    }

    /// When the file or directory at `path` last changed (seconds since 1970), following links.
    public static func modified(_ path: String) -> Double? {
        var info = stat()
        guard withCPath(path, { stat($0, &info) }) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// A second descriptor for the file open on `descriptor` (close-on-exec), for a library that
    /// takes over the one it is given; nil on failure.
    public static func duplicate(_ descriptor: Int32) -> Int32? {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        return copy >= 0 ? copy : nil
    }

    /// Closes a descriptor no object owns (one `duplicate` made that a library refused).
    public static func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
}
