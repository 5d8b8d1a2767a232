// Format detection by content, never by extension: the first bytes of a file decide which decoder
// reads it. Formats reelshare cannot decode (GIF, WebP, HEIC, AVIF) are still named, with their
// dimensions (and, for HEIF, the rotation its primary item is shown with), because targets refuse
// them by name. Every read goes through ByteReader: no byte of a file can trap.

public enum SniffedFormat: Sendable, Equatable {
    /// Decoded in full by libpng.
    case png
    /// Decoded in full by libjpeg.
    case jpeg
    /// Recognised from its header only.
    case headerOnlyImage(ImageMedia)
    /// Recognised, and impossible: a GIF of width 0, say.
    case invalid(format: ImageFileFormat, reason: String)
    /// Anything else goes to FFmpeg, which probes by content too.
    case other
}

public enum FormatSniffer {
    /// How many leading bytes `sniff` wants to see (it works with fewer).
    public static let prefixLength = 4096
    /// How many a HEIF's header may take: a phone's meta box lists dozens of tiles, a depth map, a
    /// gain map and their properties (an iPhone 15's runs past 4 KiB).
    public static let heifPrefixLength = 256 << 10

    public static func sniff(_ bytes: [UInt8]) -> SniffedFormat {
        let b = ByteReader(bytes)
        if b.starts(with: pngSignature) { return .png }
        if let reason = damagedPNGSignature(b) { return .invalid(format: .png, reason: reason) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return checked(gif(b)) }
        if b.starts(with: Array("RIFF".utf8)), b.ascii(8, 4) == "WEBP" { return checked(webp(b)) }
        if let image = heif(b) { return image }
        return .other
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// What is wrong with a PNG whose signature is damaged (its IHDR chunk follows within a few
    /// bytes, and its first four are 0x89 "PNG" but for a bit, a letter or a letter's case): line endings
    /// changed by a transfer as text (PngSuite's xcrn0g04, xlfn0g04), or a byte changed (xs1n0g01…).
    /// nil for anything else.
    private static func damagedPNGSignature(_ b: ByteReader) -> String? {
        guard let head = b.bytes(0, 8), (8...12).contains(where: { b.ascii($0, 4) == "IHDR" }) else { return nil }
        // "PNG" but for one letter, or for a letter's case.
        let letters = zip(head[1..<4], Array("PNG".utf8)).filter { $0.0 & 0xDF != $0.1 }.count
        guard head[0] & 0x7F == 0x09, letters <= 1 else { return nil }
        let changed = (0..<8).filter { head[$0] != pngSignature[$0] }
        // The signature's CR LF and LF are there to show a transfer that rewrites line endings.
        if changed.allSatisfy({ $0 >= 4 && (head[$0] == 0x0D || head[$0] == 0x0A) }) {
            return "invalid png: its signature's line endings were rewritten (copied as text?)"
        }
        let bytes = changed.map { String($0 + 1) }.joined(separator: ", ")
        return "invalid png: its signature is damaged (byte\(changed.count == 1 ? "" : "s") \(bytes) of 8)"
    }

    /// The number of frames of a GIF or WebP read whole: a GIF's image descriptors, a WebP's ANMF
    /// chunks (1 for a still WebP). nil for other formats, or where the blocks run past the end
    /// before a second frame.
    public static func frameCount(format: ImageFileFormat, _ bytes: [UInt8]) -> Int? {
        let b = ByteReader(bytes)
        switch format {
        case .gif: return gifFrames(b)
        case .webp: return webpFrames(b)
        default: return nil
        }
    }

    /// Walks the GIF block structure: after the header and global colour table, extensions (0x21)
    /// and image descriptors (0x2C, each followed by its colour table and data sub-blocks) until
    /// the trailer (0x3B).
    private static func gifFrames(_ b: ByteReader) -> Int? {
        guard let flags = b.u8(10) else { return nil }
        var at = 13 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0)
        var frames = 0
        /// Skips data sub-blocks from `at`; false when they run past the end.
        func skipSubBlocks() -> Bool {
            while let length = b.u8(at) {
                at += 1
                if length == 0 { return true }
                at += Int(length)
            }
            return false
        }
        while let marker = b.u8(at) {
            switch marker {
            case 0x2C:  // image descriptor: 9 bytes, a local colour table, LZW code size, data
                guard let local = b.u8(at + 9) else { return frames > 0 ? frames : nil }
                frames += 1
                at += 10 + (local & 0x80 != 0 ? 3 << (Int(local & 7) + 1) : 0) + 1
                if !skipSubBlocks() { return frames }
            case 0x21:  // extension: label, then sub-blocks
                at += 2
                if !skipSubBlocks() { return frames > 0 ? frames : nil }
            case 0x3B:
                return frames
            default:
                return frames > 0 ? frames : nil
            }
        }
        return frames > 0 ? frames : nil
    }

    /// Counts ANMF chunks in the RIFF chunk list; a WebP without them is one frame.
    private static func webpFrames(_ b: ByteReader) -> Int? {
        var at = 12
        var frames = 0
        while let type = b.ascii(at, 4), let size = b.le32(at + 4) {
            if type == "ANMF" { frames += 1 }
            at += 8 + size + size % 2
        }
        return max(frames, 1)
    }

    /// An image whose header states a width or height of 0 is not an image.
    private static func checked(_ image: ImageMedia) -> SniffedFormat {
        if image.width == 0 { return .invalid(format: image.format, reason: "invalid \(image.format): its width is 0") }
        if image.height == 0 { return .invalid(format: image.format, reason: "invalid \(image.format): its height is 0") }
        return .headerOnlyImage(image)
    }

    // MARK: GIF

    private static func gif(_ b: ByteReader) -> ImageMedia {
        var image = ImageMedia(format: .gif)
        image.width = b.le16(6)
        image.height = b.le16(8)
        image.colorType = .palette
        return image
    }

    // MARK: WebP

    private static func webp(_ b: ByteReader) -> ImageMedia {
        var image = ImageMedia(format: .webp)
        switch b.ascii(12, 4) {
        case "VP8 ":  // lossy: frame header after the start code 9d 01 2a
            if b.bytes(23, 3) == [0x9D, 0x01, 0x2A] {
                image.width = b.le16(26).map { $0 & 0x3FFF }
                image.height = b.le16(28).map { $0 & 0x3FFF }
            }
            image.hasAlpha = false
        case "VP8L":  // lossless: 14-bit width-1 and height-1 after the 0x2f signature
            if b.u8(20) == 0x2F, let bits = b.le32(21) {
                image.width = (bits & 0x3FFF) + 1
                image.height = ((bits >> 14) & 0x3FFF) + 1
                image.hasAlpha = (bits >> 28) & 1 == 1
            }
        case "VP8X":  // extended: 24-bit canvas width-1 and height-1
            if let flags = b.u8(20), let width = b.le24(24), let height = b.le24(27) {
                image.width = width + 1
                image.height = height + 1
                image.hasAlpha = flags & 0x10 != 0
            }
        default:
            break
        }
        return image
    }

    // MARK: HEIF (HEIC, AVIF)

    private static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    private static let avifBrands: Set<String> = ["avif", "avis"]
    /// HEIF's structural brands, and those of its other codecs (JPEG, H.264, H.266, JPEG 2000).
    private static let heifBrands: Set<String> = [
        "mif1", "mif2", "msf1", "miaf", "jpeg", "jpgs", "avci", "avcs", "vvic", "vvcs", "j2ki", "j2is",
    ]
    /// Item types (ISO/IEC 23008-12), as the codec names reelshare reports.
    private static let itemCodecs: [String: String] = [
        "hvc1": "hevc", "hev1": "hevc", "av01": "av1", "jpeg": "jpeg", "avc1": "h264", "vvc1": "vvc", "j2k1": "jpeg2000",
        "unci": "uncompressed",
    ]

    private static func heif(_ b: ByteReader) -> SniffedFormat? {
        guard b.ascii(4, 4) == "ftyp", let size = b.be32(0), size >= 16, let ftyp = b.window(8, size - 8) else { return nil }
        var brands: [String] = []
        if let major = ftyp.ascii(0, 4) { brands.append(major) }
        var at = 8  // after the major brand and minor version
        while let brand = ftyp.ascii(at, 4) {
            brands.append(brand)
            at += 4
        }
        guard var major = brands.first else { return nil }
        // The low-overhead form (a 'mini' box, HEIF's 2024 amendment) puts its codec's brand where
        // the minor version is.
        if major == "mif3", let brand = ftyp.ascii(4, 4) { major = brand }
        let item = primaryItem(b)
        let format: ImageFileFormat
        switch item?.codec {
        case "hevc": format = .heic
        case "av1": format = .avif
        case "jpeg", "h264", "vvc", "jpeg2000", "uncompressed": format = .heif
        default:
            // A grid of tiles, or an item not found in the first bytes: the brands say.
            if avifBrands.contains(major) || (!heicBrands.contains(major) && brands.contains { avifBrands.contains($0) }) {
                format = .avif
            } else if heicBrands.contains(major) || brands.contains(where: { heicBrands.contains($0) }) {
                format = .heic
            } else if heifBrands.contains(major) || brands.contains("mif1") || brands.contains("msf1") {
                format = .heif
            } else {
                return nil
            }
        }
        var image = ImageMedia(format: format)
        if let item {
            image.width = item.width
            image.height = item.height
            image.orientation = item.orientation
            image.codec = item.codec.flatMap { itemCodecs.values.contains($0) ? $0 : nil }
            if item.alpha { image.hasAlpha = true }
        }
        return checked(image)
    }

    /// What the header says of the primary item.
    private struct PrimaryItem {
        /// Its item type, as a codec name (a grid's: its first tile's).
        var codec: String?
        var width: Int?
        var height: Int?
        var orientation: Int?
        /// An alpha auxiliary item refers to it (iref 'auxl', auxC naming alpha).
        var alpha = false
        /// The code points of its colr box of colour type 'nclx', if it has one.
        var nclx: CICP?
        /// Its chroma format as HEVC numbers it (0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4), from its
        /// (or its first tile's) hvcC or av1C.
        var chroma: Int?
    }

    /// The primary item's codec (its item type) and properties: pitm names it, iinf types it,
    /// ipma lists its properties by index into ipco; 'ispe' is its size, 'irot' and 'imir' how it
    /// is turned and flipped on display.
    private static func primaryItem(_ b: ByteReader) -> PrimaryItem? {
        guard let meta = b.boxes().first(where: { $0.type == "meta" }), let metaChildren = meta.payload.rest(from: 4) else {
            return nil
        }
        let children = metaChildren.boxes()  // meta is a full box: version and flags first
        guard let pitm = children.first(where: { $0.type == "pitm" })?.payload,
            let pitmVersion = pitm.u8(0),
            let primary = pitmVersion == 0 ? pitm.be16(4) : pitm.be32(4)
        else { return nil }
        var result = PrimaryItem()
        let iinf = children.first(where: { $0.type == "iinf" })?.payload
        let references = children.first(where: { $0.type == "iref" }).map { itemReferences($0.payload) } ?? []
        var type = iinf.flatMap { itemType(primary, iinf: $0) }
        var coded = primary  // the item whose codec configuration says how it is coded
        // A grid is coded as its tiles are: the first item it is derived from (iref 'dimg').
        if type == "grid", let iinf, let tile = references.first(where: { $0.type == "dimg" && $0.from == primary })?.to.first {
            type = itemType(tile, iinf: iinf) ?? type
            coded = tile
        }
        result.codec = type.map { itemCodecs[$0] ?? $0 }
        guard let iprp = children.first(where: { $0.type == "iprp" })?.payload,
            let ipco = iprp.boxes().first(where: { $0.type == "ipco" })?.payload,
            let ipma = iprp.boxes().first(where: { $0.type == "ipma" })?.payload
        else { return result }
        let properties = ipco.boxes()
        let associations = itemProperties(ipma)
        var rotation = 0, mirror: Int?
        // A transformation is applied whether or not it is marked essential, as libheif applies it
        // (MIAF requires the mark and libavif refuses a file without it; libheif wrote irot
        // unmarked until 2025, strukturag/libheif #1496).
        for index in associations[primary] ?? [] where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            switch property.type {
            case "ispe":
                result.width = property.payload.be32(4)
                result.height = property.payload.be32(8)
            case "irot": rotation = Int(property.payload.u8(0) ?? 0) & 3
            case "imir": mirror = Int(property.payload.u8(0) ?? 0) & 1
            case "colr" where property.payload.ascii(0, 4) == "nclx":
                if let primaries = property.payload.be16(4), let transfer = property.payload.be16(6),
                    let matrix = property.payload.be16(8), let flags = property.payload.u8(10)
                {
                    result.nclx = CICP(primaries: primaries, transfer: transfer, matrix: matrix, fullRange: flags & 0x80 != 0)
                }
            default: break
            }
        }
        result.orientation = orientation(rotation: rotation, mirror: mirror)
        for index in associations[coded] ?? [] where index >= 1 && index <= properties.count {
            if let chroma = chromaFormat(properties[index - 1]) { result.chroma = chroma }
        }
        // An auxiliary item for the primary one whose auxC says alpha (AVIF's and HEVC's URNs).
        for reference in references where reference.type == "auxl" && reference.to.contains(primary) {
            let auxC = (associations[reference.from] ?? []).compactMap { index in
                index >= 1 && index <= properties.count && properties[index - 1].type == "auxC"
                    ? properties[index - 1].payload : nil
            }
            if auxC.contains(where: { alphaTypes.contains(auxiliaryType($0) ?? "") }) {
                result.alpha = true
            }
        }
        return result
    }

    /// The chroma format an hvcC or av1C states (HEVC's chroma_format_idc numbering); nil for others.
    private static func chromaFormat(_ property: ByteReader.Box) -> Int? {
        switch property.type {
        case "hvcC": return property.payload.u8(16).map { Int($0 & 3) }
        case "av1C":
            guard let flags = property.payload.u8(2) else { return nil }
            if flags & 0x10 != 0 { return 0 }
            return flags & 0x08 == 0 ? 3 : flags & 0x04 == 0 ? 2 : 1
        default: return nil
        }
    }

    /// Colour code points (ITU-T H.273): primaries, transfer characteristics, matrix coefficients
    /// and the full-range flag.
    public struct CICP: Sendable, Equatable {
        public var primaries: Int
        public var transfer: Int
        public var matrix: Int
        public var fullRange: Bool
    }

    /// How a HEIF's primary image is coded, as its header says: what libheif is told to decode it by.
    public struct HEIFCoding: Sendable, Equatable {
        /// Its chroma format (HEVC's numbering: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4), from the
        /// codec configuration of it or its first tile; nil when unknown.
        public var chroma: Int?
        /// The code points of its colr box of type nclx, read from the box: what libheif says
        /// where there is none, or where the box leaves them unspecified, changes with its release
        /// (1.15's and 1.23's differ on libavif's own files).
        public var nclx: CICP?
    }

    /// How a HEIF's primary image is coded; nil when the header names none.
    public static func heifCoding(_ prefix: [UInt8]) -> HEIFCoding? {
        primaryItem(ByteReader(prefix)).map { HEIFCoding(chroma: $0.chroma, nclx: $0.nclx) }
    }

    /// The auxiliary types of an alpha plane: AVIF's (MPEG-B CICP) and HEVC's.
    private static let alphaTypes: Set<String> = ["urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", "urn:mpeg:hevc:2015:auxid:1"]

    /// An auxC property's aux_type: the text after its version and flags, up to its NUL.
    private static func auxiliaryType(_ auxC: ByteReader) -> String? {
        guard let text = auxC.rest(from: 4), let bytes = text.bytes(0, min(text.count, 128)) else { return nil }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// ipma's associations: each item's property indices (from 1).
    private static func itemProperties(_ ipma: ByteReader) -> [Int: [Int]] {
        guard let version = ipma.u8(0), let flags = ipma.u8(3), let entries = ipma.be32(4) else { return [:] }
        let wideIndex = flags & 1 == 1
        let idSize = version < 1 ? 2 : 4
        var result: [Int: [Int]] = [:]
        var at = 8
        for _ in 0..<min(entries, ipma.count) {
            guard let item = idSize == 2 ? ipma.be16(at) : ipma.be32(at), let count = ipma.u8(at + idSize) else { break }
            at += idSize + 1
            var list: [Int] = []
            for _ in 0..<Int(count) {
                guard let raw = wideIndex ? ipma.be16(at) : ipma.u8(at).map(Int.init) else { return result }
                at += wideIndex ? 2 : 1
                list.append(wideIndex ? raw & 0x7FFF : raw & 0x7F)  // the top bit marks it essential
            }
            result[item, default: []] += list
        }
        return result
    }

    /// iref's references: each one's type ('dimg', 'auxl', 'thmb'…), from one item to others.
    private static func itemReferences(_ iref: ByteReader) -> [(type: String, from: Int, to: [Int])] {
        guard let version = iref.u8(0), let boxes = iref.rest(from: 4)?.boxes() else { return [] }
        let size = version >= 1 ? 4 : 2
        return boxes.compactMap { box in
            let r = box.payload
            guard let from = r.bigEndian(0, size), let count = r.be16(size) else { return nil }
            let to = (0..<min(count, r.count)).compactMap { r.bigEndian(size + 2 + $0 * size, size).map { Int($0) } }
            return (box.type, Int(from), to)
        }
    }

    /// The item type of item `id` in an iinf box: its infe entries of version 2 or 3 (item_ID,
    /// protection index, item_type).
    private static func itemType(_ id: Int, iinf: ByteReader) -> String? {
        guard let version = iinf.u8(0), let entries = iinf.rest(from: version == 0 ? 6 : 8) else { return nil }
        for entry in entries.boxes() where entry.type == "infe" {
            let infe = entry.payload
            guard let infeVersion = infe.u8(0), infeVersion >= 2 else { continue }
            let wide = infeVersion >= 3
            guard let item = wide ? infe.be32(4) : infe.be16(4), item == id else { continue }
            return infe.ascii(wide ? 10 : 8, 4)
        }
        return nil
    }

    /// Whether a HEIF is in the low-overhead form of HEIF's 2024 amendment: ftyp 'mif3' and a
    /// 'mini' box instead of 'meta'.
    public static func isLowOverheadHEIF(_ prefix: [UInt8]) -> Bool {
        let b = ByteReader(prefix)
        return b.ascii(8, 4) == "mif3" && b.boxes().contains { $0.type == "mini" }
    }

    /// Whether a HEIF's ftyp names an image sequence brand (AVIF's avis, HEIF's msf1, hevs, avcs,
    /// vvcs, jpgs, j2is): then `heifSequence` is worth reading the file for.
    public static func namesHEIFSequence(_ prefix: [UInt8]) -> Bool {
        let b = ByteReader(prefix)
        guard b.ascii(4, 4) == "ftyp", let size = b.be32(0), size >= 16, let ftyp = b.window(8, size - 8) else { return false }
        let sequences: Set<String> = ["avis", "msf1", "hevs", "avcs", "vvcs", "jpgs", "j2is"]
        var at = 0
        while let brand = ftyp.ascii(at, 4) {
            if sequences.contains(brand) { return true }
            at += at == 0 ? 8 : 4  // the minor version follows the major brand
        }
        return false
    }

    /// A HEIF image sequence (AVIF's avis, HEIF's msf1): its first picture track's sample count and
    /// size, from moov (trak, tkhd, mdia's hdlr 'pict' or 'vide', stbl's stsz or stz2). nil when the
    /// file holds no such track in `bytes`.
    public static func heifSequence(_ bytes: [UInt8]) -> (frames: Int, width: Int?, height: Int?)? {
        let b = ByteReader(bytes)
        guard let moov = b.boxes().first(where: { $0.type == "moov" }) else { return nil }
        for trak in moov.payload.boxes() where trak.type == "trak" {
            let parts = trak.payload.boxes()
            guard let mdia = parts.first(where: { $0.type == "mdia" })?.payload.boxes(),
                let handler = mdia.first(where: { $0.type == "hdlr" })?.payload.ascii(8, 4),
                handler == "pict" || handler == "vide",
                let minf = mdia.first(where: { $0.type == "minf" })?.payload.boxes(),
                let stbl = minf.first(where: { $0.type == "stbl" })?.payload.boxes(),
                let sizes = stbl.first(where: { $0.type == "stsz" || $0.type == "stz2" })?.payload,
                let frames = sizes.be32(8)
            else { continue }
            var width: Int?, height: Int?
            if let tkhd = parts.first(where: { $0.type == "tkhd" })?.payload, let version = tkhd.u8(0) {
                let at = version == 1 ? 88 : 76
                width = tkhd.be32(at).map { $0 >> 16 }
                height = tkhd.be32(at + 4).map { $0 >> 16 }
            }
            return (frames, width, height)
        }
        return nil
    }

    /// HEIF's irot (quarter turns anticlockwise) and imir (mirror axis: 0 vertical, 1 horizontal),
    /// as the EXIF orientation that shows the same picture; nil for none.
    static func orientation(rotation: Int, mirror: Int?) -> Int? {
        switch (rotation, mirror) {
        case (0, nil): return nil
        case (1, nil): return 8
        case (2, nil): return 3
        case (3, nil): return 6
        // imir is applied after irot; a flip about the vertical axis (0) is EXIF's mirror.
        case (0, 0?): return 2
        case (0, 1?): return 4
        case (1, 0?): return 7
        case (1, 1?): return 5
        case (2, 0?): return 4
        case (2, 1?): return 2
        case (3, 0?): return 5
        case (3, 1?): return 7
        default: return nil
        }
    }
}
