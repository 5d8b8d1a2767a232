// A directory given to probe, validate or fix: which of its files are media, by their first bytes
// (never their names: a clip called .mov.txt is a clip, a README is not), and which directories a
// walk leaves out (hidden ones, installed dependencies, build outputs), as rg and fd leave them.

public enum MediaTree {
    /// How many leading bytes `isMedia` looks at.
    public static let prefixLength = 200
    /// How deep a walk goes below the directory it was given.
    public static let maxDepth = 32

    /// Directories a walk does not enter besides hidden ones: installed dependencies and build
    /// outputs, whose media are not the project's own.
    public static let skippedDirectories: Set<String> = [
        "node_modules", "Pods", "Carthage", "build", "DerivedData", "vendor",
    ]

    /// Whether a walk enters the directory `name`.
    public static func enters(_ name: String) -> Bool { !name.hasPrefix(".") && !skippedDirectories.contains(name) }

    /// Whether a walk looks at the file `name` (hidden files, .DS_Store and .gitkeep, are not).
    public static func looksAt(_ name: String) -> Bool { !name.hasPrefix(".") }

    /// Whether a file starting with `prefix` is a container or image format reelshare reads: the
    /// ISO family (MP4, MOV, 3GP, M4A, HEIF, AVIF: an `ftyp`, or a QuickTime file's first atom),
    /// Matroska and WebM, MPEG-TS, AVI, WAVE, Ogg, FLAC, MP3, AAC (ADTS), FLV, PNG, JPEG, GIF, WebP.
    public static func isMedia(_ prefix: [UInt8]) -> Bool {
        let b = ByteReader(prefix)
        func ascii(_ offset: Int, _ text: String) -> Bool { b.ascii(offset, text.utf8.count) == text }
        if ascii(4, "ftyp") { return true }
        // A QuickTime file without ftyp starts with one of these atoms.
        if ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(where: { ascii(4, $0) }), let size = b.be32(0),
            size >= 8 || size == 1
        {
            return true
        }
        if b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return true }  // EBML: Matroska, WebM
        // MPEG-TS: two sync bytes 188 apart (M2TS: 192, after a 4-byte time code).
        if b.u8(0) == 0x47 && b.u8(188) == 0x47 || b.u8(4) == 0x47 && b.u8(196) == 0x47 { return true }
        if ascii(0, "RIFF"), ["AVI ", "WAVE", "WEBP"].contains(where: { ascii(8, $0) }) { return true }
        if ascii(0, "OggS") || ascii(0, "fLaC") || ascii(0, "ID3") || ascii(0, "FLV") { return true }
        if ascii(0, "GIF87a") || ascii(0, "GIF89a") { return true }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) || b.starts(with: [0xFF, 0xD8, 0xFF]) { return true }
        // An MPEG audio frame (MP3) or an ADTS (AAC) header: 11 or 12 sync bits, then a valid layer.
        guard b.u8(0) == 0xFF, let second = b.u8(1) else { return false }
        return second & 0xE0 == 0xE0 && second & 0x06 != 0 || second & 0xF6 == 0xF0
    }
}
