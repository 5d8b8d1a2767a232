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
        // The name is read where it lies, up to its NUL: a directory entry is only as long as its
        // name needs (d_reclen), so copying the whole 256-byte d_name field read past the end of the
        // buffer readdir filled (AddressSanitizer, fuzzing `validate DIR`).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(directory) {
            let start = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: UInt8.self)
            let length = strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))
            let name = PathCoding.decode(UnsafeBufferPointer(start: start, count: length))
            if name == "." || name == ".." { continue }
            let type = Int32(entry.pointee.d_type)
            var isDirectory = type == Int32(DT_DIR)
            if type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN) {
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
