// A directory given to probe or validate: which of its files are media, by their first bytes
// (never their names: a clip called .mov.txt is a clip, a README is not), and which directories a
// walk leaves out (hidden ones, installed dependencies, build outputs), as rg and fd leave them.

public enum MediaTree {
    /// How many leading bytes `isMedia` looks at.
    public static let prefixLength = 400
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
        // A QuickTime file without ftyp starts with one of these atoms, its size under 16 MB but
        // for mdat's (text such as "The free ..." has printable size bytes).
        if ["moov", "wide", "free", "skip", "pnot"].contains(where: { ascii(4, $0) }), let size = b.be32(0), size >= 8,
            size < 1 << 24
        {
            return true
        }
        if ascii(4, "mdat"), let size = b.be32(0), size == 1 || size >= 8 && size < 1 << 29 { return true }
        if b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return true }  // EBML: Matroska, WebM
        // MPEG-TS: three sync bytes 188 apart (M2TS: 192, after a 4-byte time code).
        if [0, 188, 376].allSatisfy({ b.u8($0) == 0x47 }) || [4, 196, 388].allSatisfy({ b.u8($0) == 0x47 }) { return true }
        if ascii(0, "RIFF"), ["AVI ", "WAVE"].contains(where: { ascii(8, $0) }) { return true }
        if ascii(0, "OggS") || ascii(0, "fLaC") || ascii(0, "ID3") || ascii(0, "FLV") { return true }
        // The images, as the probe's own sniffer tells them (a damaged PNG too: it is reported).
        if case .other = FormatSniffer.sniff(prefix) {} else { return true }
        return audioFrame(b)
    }

    /// An MPEG audio frame header (MP3: 11 sync bits, a version, a layer, a bit rate and a sample
    /// rate that exist) or an ADTS one (AAC: 12 sync bits, layer 0, a sample rate index under 13).
    /// A UTF-16 text's byte order mark (FF FE) is neither.
    private static func audioFrame(_ b: ByteReader) -> Bool {
        guard b.u8(0) == 0xFF, let second = b.u8(1), let third = b.u8(2), second & 0xE0 == 0xE0, second < 0xFE else {
            return false
        }
        if second & 0xF6 == 0xF0 { return (third >> 2) & 0x0F < 13 }  // ADTS
        let version = (second >> 3) & 3, layer = (second >> 1) & 3
        let bitRate = third >> 4, sampleRate = (third >> 2) & 3
        return version != 1 && layer != 0 && bitRate != 15 && sampleRate != 3
    }
}
