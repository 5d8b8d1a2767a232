// The two trees doctor reads apps from (ReelShareKit's AppTree): a directory on disk, through the
// POSIX layer, and a zip archive (.apk, .aab, .ipa), through libzip (CReelShareZip). An archive's
// entries are read into memory only, each held to the limit its reader sets before anything is
// inflated; its names are data, never paths on this disk.
import CReelShareZip
import ReelShareKit

/// A directory: paths are relative to `root`, or absolute (a Flutter plugin in the pub cache).
public struct DirectoryTree: AppTree {
    public let root: String

    public init(root: String) { self.root = root }

    public var isArchive: Bool { false }

    func full(_ path: String) -> String {
        path.hasPrefix("/") ? path : path.isEmpty ? root : AppPath.join(root, path)
    }

    public func read(_ path: String, limit: Int) throws(AppFileError) -> [UInt8]? {
        // Regular files only: a FIFO or device inside a project (named package.json, say) would
        // block the read; only a path given on the command line may be a FIFO.
        do throws(FileError) {
            let file = try ReadableFile.open(full(path))
            defer { file.close() }
            guard file.size <= limit else { throw FileError.tooLarge(file.size) }
            return try file.read(count: file.size)
        } catch {
            switch error {
            case .notFound, .directory: return nil
            case .tooLarge(let size): throw AppFileError("\(path): \(size) bytes, more than the \(limit >> 20) MB doctor reads")
            default: throw AppFileError("\(path): cannot read it: \(error)")
            }
        }
    }

    public func list(_ path: String) -> [AppTreeEntry]? { Posix.entries(full(path)) }

    public func exists(_ path: String) -> Bool { Posix.exists(full(path)) }

    public func modified(_ path: String) -> Double? { Posix.modified(full(path)) }

    public func identity(of path: String) -> String? { Posix.identity(full(path)).map { "\($0.device):\($0.inode)" } }

    public func archive(_ path: String) throws(AppFileError) -> AppTree? {
        try ArchiveTree.open(full(path), shown: path)
    }
}

/// A zip archive's entries.
public final class ArchiveTree: AppTree {
    /// An entry as the central directory states it.
    struct Entry {
        var index: Int64
        var size: UInt64
    }

    /// The most entries an archive may have: more than any app holds (Android's framework-res.apk
    /// has 7,600; a large game some tens of thousands), few enough that libzip's index of them and
    /// this tree's stay under 200 MB (122 MB measured at 199,000 empty entries).
    static let maxEntries = 200_000

    private let zip: OpaquePointer
    /// How the archive is named in errors.
    private let shown: String
    private let entries: [String: Entry]

    /// The zip archive at `path`; nil when the file is not a zip archive at all (its first bytes
    /// are not a zip's). An archive that is cut short or malformed throws, naming `shown`.
    public static func open(_ path: String, shown: String) throws(AppFileError) -> ArchiveTree? {
        let file: ReadableFile
        do throws(FileError) {
            file = try ReadableFile.open(path)
        } catch {
            if error == .notFound { return nil }
            throw AppFileError("\(shown): cannot read it: \(error)")
        }
        defer { file.close() }
        guard let head = try? file.read(count: min(4, file.size)), isZip(head) else { return nil }
        guard let descriptor = Posix.duplicate(file.descriptor) else {
            throw AppFileError("\(shown): cannot read it: too many open files")
        }
        var message = [CChar](repeating: 0, count: 256)
        guard let zip = rs_zip_open(descriptor, Int64(maxEntries), &message, message.count) else {
            Posix.closeDescriptor(descriptor)
            throw AppFileError("\(shown): a damaged zip archive: \(Posix.text(message))")
        }
        let tree = try ArchiveTree(zip: zip, shown: shown)
        // An installer reads each entry through its local header: one that names another file, or
        // gives other sizes or another method than the central directory, or entries that share
        // bytes, are refused there.
        if let refusal = ZipLayout.refusal(size: file.size, maxEntries: maxEntries, read: { try? file.read(count: $1, from: $0) })
        {
            throw AppFileError("\(shown): \(refusal)")
        }
        return tree
    }

    /// The longest entry name read, in bytes, and the most parts ("/"-separated) it may have: more
    /// than any app's paths (Android's own limit for a path is 4,096 bytes), few enough that the
    /// tree's directories stay small.
    static let maxNameBytes = 4_096
    static let maxNameParts = 256

    /// Why an installer would refuse the entry `name` after `earlier`, or nil: a name twice
    /// (Android's installer has refused duplicate entries since the 2013 "Master Key" bugs, where
    /// the verifier checked one copy and the installer ran the other), or a name too long.
    static func refusal(of name: String, in earlier: [String: Entry]) -> String? {
        if earlier[name] != nil {
            return
                "the entry \"\(Quoted.short(name))\" appears twice: an installer refuses an archive with two entries of one name (which of them would run is ambiguous)"
        }
        if name.utf8.count > maxNameBytes {
            return "an entry's name is \(name.utf8.count) bytes, more than the \(maxNameBytes) a path may have"
        }
        if name.utf8.lazy.filter({ $0 == UInt8(ascii: "/") }).count >= maxNameParts {
            return "the entry \"\(Quoted.short(name))\" has more than \(maxNameParts) parts"
        }
        return nil
    }

    /// A zip's local header ("PK\3\4") or an empty archive's end record ("PK\5\6").
    public static func isZip(_ head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B && (head[2], head[3]) == (3, 4) || head == [0x50, 0x4B, 5, 6]
    }

    private init(zip: OpaquePointer, shown: String) throws(AppFileError) {
        self.zip = zip
        self.shown = shown
        let count = rs_zip_count(zip)
        guard count >= 0, count <= Self.maxEntries else {
            rs_zip_close(zip)
            throw AppFileError("\(shown): claims \(count) entries, more than an app holds")
        }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(Int(count))
        var message = [CChar](repeating: 0, count: 256)
        for index in 0..<count {
            var entry = rs_zip_entry()
            guard rs_zip_describe(zip, index, &entry, &message, message.count) == 0, let raw = entry.name else {
                rs_zip_close(zip)
                throw AppFileError("\(shown): entry \(index + 1) is unreadable: \(Posix.text(message))")
            }
            let name = String(cString: raw)
            if let refusal = Self.refusal(of: name, in: entries) {
                rs_zip_close(zip)
                throw AppFileError("\(shown): \(refusal)")
            }
            entries[name] = Entry(index: index, size: entry.size)
        }
        self.entries = entries
    }

    /// Each directory's names, derived from the entries' names ("" is the top) when first asked
    /// for. Names that would climb or start at the root are left out: no entry is ever a path, but
    /// a listing of them would mislead.
    private lazy var directories: [String: [AppTreeEntry]] = {
        var children: [String: [String: Bool]] = [:]
        for name in entries.keys {
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard name.first != "/", !parts.contains(".."), !name.utf8.contains(UInt8(ascii: "\\")) else { continue }
            var directory = ""
            for (position, part) in parts.enumerated() where !part.isEmpty {
                let isLast = position == parts.count - 1
                children[directory, default: [:]][String(part)] = (children[directory]?[String(part)] ?? false) || !isLast
                directory = AppPath.join(directory, String(part))
            }
        }
        return children.mapValues { names in
            names.map { AppTreeEntry(name: $0.key, isDirectory: $0.value) }.sorted { $0.name < $1.name }
        }
    }()

    deinit { rs_zip_close(zip) }

    public var isArchive: Bool { true }

    public func read(_ path: String, limit: Int) throws(AppFileError) -> [UInt8]? {
        guard let entry = entries[path] else { return nil }
        guard entry.size <= UInt64(limit) else {
            throw AppFileError("\(path): declares \(entry.size) bytes inflated, more than the \(limit >> 20) MB doctor reads")
        }
        let size = Int(entry.size)
        var message = [CChar](repeating: 0, count: 256)
        var status: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            status = rs_zip_read(zip, entry.index, buffer.baseAddress, size, &message, message.count)
            initialized = status == 0 ? size : 0
        }
        guard status == 0 else { throw AppFileError("\(path): \(Posix.text(message))") }
        return bytes
    }

    public func list(_ path: String) -> [AppTreeEntry]? { directories[path] }

    public func exists(_ path: String) -> Bool { entries[path] != nil || directories[path] != nil }

    public func modified(_ path: String) -> Double? { nil }

    public func identity(of path: String) -> String? { exists(path) ? AppPath.normalized(path) : nil }

    public func archive(_ path: String) throws(AppFileError) -> AppTree? { nil }
}
