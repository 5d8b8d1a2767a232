// What doctor reads an app from: a directory (a project, an .app or .xcarchive bundle) or an
// archive's entries (an .ipa, .apk or .aab), behind one read-only interface, so that finding an
// app's files is plain Swift over paths and testable without a disk. ReelShareMedia gives the two
// real ones (a directory through the POSIX layer, an archive through libzip).

/// One name in a directory of a tree.
public struct AppTreeEntry: Sendable, Equatable {
    public var name: String
    public var isDirectory: Bool

    public init(name: String, isDirectory: Bool) {
        self.name = name
        self.isDirectory = isDirectory
    }
}

public protocol AppTree {
    /// The file at `path` (relative, "/"-separated; in a directory tree also absolute), read whole
    /// when it has at most `limit` bytes; nil when there is no such file. A file that cannot be
    /// read, or is larger than `limit`, throws, naming it.
    func read(_ path: String, limit: Int) throws(AppFileError) -> [UInt8]?
    /// The names in the directory `path` ("" for the top), sorted; nil when it is not a directory.
    func list(_ path: String) -> [AppTreeEntry]?
    /// Whether a file or directory is at `path`.
    func exists(_ path: String) -> Bool
    /// When the file at `path` last changed (seconds since 1970); nil when unknown (an archive's
    /// entries) or absent.
    func modified(_ path: String) -> Double?
    /// What `path` reaches, the same for every path that reaches it (a link, `lib/.`,
    /// `a/../lib`): on disk its device and inode, in an archive its normalised name; nil when
    /// nothing is there.
    func identity(of path: String) -> String?
    /// Whether the tree is an archive (its paths are entries, not files on disk).
    var isArchive: Bool { get }
    /// The archive at `path` (an APK a build left in a project) as a tree of its own; nil when
    /// this tree cannot open one (an archive inside an archive is not read).
    func archive(_ path: String) throws(AppFileError) -> AppTree?
}

extension AppTree {
    /// The files named `name` in the directories under `path` that `match` accepts, at most
    /// `depth` levels down, looking into at most `budget` directories (so that a large tree, or one
    /// with a loop, ends). Sorted.
    func find(
        under path: String, depth: Int, budget: Int = 2_000, where match: (_ path: String, _ entry: AppTreeEntry) -> Bool,
        skipping skip: Set<String> = []
    ) -> [String] {
        var found: [String] = []
        var queue: [(String, Int)] = [(path, 0)]
        var next = 0
        while next < queue.count, next < budget {
            let (directory, level) = queue[next]
            next += 1
            guard let entries = list(directory) else { continue }
            for entry in entries {
                let child = AppPath.join(directory, entry.name)
                if match(child, entry) { found.append(child) }
                if entry.isDirectory, level < depth, !skip.contains(entry.name) { queue.append((child, level + 1)) }
            }
        }
        return found.sorted()
    }
}

public enum AppPath {
    /// `a/b` from `a` and `b`; `b` alone when `a` is empty, `b` as it is when absolute.
    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || name.hasPrefix("/") { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The directory part of `path` ("" for a bare name).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path[..<slash].isEmpty ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    public static func name(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `path` with `.` and `..` components folded (in a directory tree, where a plugin's path may
    /// lead out of the project: a pub cache, a hoisted node_modules).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }
}
