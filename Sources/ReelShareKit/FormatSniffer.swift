// Format detection by content, never by extension: the first bytes of a file decide which decoder
// reads it. Formats reelshare cannot decode (GIF, WebP, HEIC, AVIF) are still named, with their
// dimensions where the header carries them, because targets refuse them by name.

public enum SniffedFormat: Sendable, Equatable {
    /// Decoded in full by libpng.
    case png
    /// Decoded in full by libjpeg.
    case jpeg
    /// Recognised from its header only.
    case headerOnlyImage(ImageMedia)
    /// Anything else goes to FFmpeg, which probes by content too.
    case other
}

public enum FormatSniffer {
    /// How many leading bytes `sniff` wants to see (it works with fewer).
    public static let prefixLength = 4096

    public static func sniff(_ bytes: [UInt8]) -> SniffedFormat {
        let b = bytes
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) {
            return .headerOnlyImage(gif(b))
        }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
            return .headerOnlyImage(webp(b))
        }
        if let image = heif(b) { return .headerOnlyImage(image) }
        return .other
    }

    // MARK: GIF

    private static func gif(_ b: [UInt8]) -> ImageMedia {
        var image = ImageMedia(format: "gif")
        if b.count >= 10 {
            image.width = Int(le16(b, 6))
            image.height = Int(le16(b, 8))
        }
        image.colorType = "palette"
        return image
    }

    // MARK: WebP

    private static func webp(_ b: [UInt8]) -> ImageMedia {
        var image = ImageMedia(format: "webp")
        guard b.count >= 30 else { return image }
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":  // lossy: frame header after the start code 9d 01 2a
            if b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A {
                image.width = Int(le16(b, 26) & 0x3FFF)
                image.height = Int(le16(b, 28) & 0x3FFF)
            }
            image.hasAlpha = false
        case "VP8L":  // lossless: 14-bit width-1 and height-1 after the 0x2f signature
            if b[20] == 0x2F {
                let bits = UInt32(b[21]) | UInt32(b[22]) << 8 | UInt32(b[23]) << 16 | UInt32(b[24]) << 24
                image.width = Int(bits & 0x3FFF) + 1
                image.height = Int((bits >> 14) & 0x3FFF) + 1
                image.hasAlpha = (bits >> 28) & 1 == 1
            }
        case "VP8X":  // extended: 24-bit canvas width-1 and height-1
            let flags = b[20]
            image.width = Int(le24(b, 24)) + 1
            image.height = Int(le24(b, 27)) + 1
            image.hasAlpha = flags & 0x10 != 0
        default:
            break
        }
        return image
    }

    // MARK: HEIF (HEIC, AVIF)

    private static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    private static let avifBrands: Set<String> = ["avif", "avis"]

    private static func heif(_ b: [UInt8]) -> ImageMedia? {
        guard b.count >= 16, Array(b[4..<8]) == Array("ftyp".utf8) else { return nil }
        let size = Int(be32(b, 0))
        guard size >= 16, size <= b.count else { return nil }
        var brands = [String(decoding: b[8..<12], as: UTF8.self)]
        var at = 16
        while at + 4 <= size {
            brands.append(String(decoding: b[at..<(at + 4)], as: UTF8.self))
            at += 4
        }
        let format: String
        if avifBrands.contains(brands[0]) || (brands[0] == "mif1" && brands.contains { avifBrands.contains($0) }) {
            format = "avif"
        } else if heicBrands.contains(brands[0]) || (brands[0] == "mif1" || brands[0] == "msf1") {
            format = "heic"
        } else {
            return nil
        }
        var image = ImageMedia(format: format)
        if let (width, height) = primaryItemExtent(b) {
            image.width = width
            image.height = height
        }
        return image
    }

    /// A box header inside `b`: type, where its payload starts, where it ends.
    private struct Box {
        let type: String
        let payload: Int
        let end: Int
    }

    private static func boxes(_ b: [UInt8], from start: Int, to end: Int) -> [Box] {
        var result: [Box] = []
        var at = start
        while at + 8 <= end {
            let size = Int(be32(b, at))
            let type = String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self)
            guard size >= 8, at + size <= end else { break }
            result.append(Box(type: type, payload: at + 8, end: at + size))
            at += size
        }
        return result
    }

    /// The width and height of the primary item: pitm names it, ipma lists its properties, and
    /// one of those is its 'ispe' (image spatial extent). A grid image's tiles have their own.
    private static func primaryItemExtent(_ b: [UInt8]) -> (Int, Int)? {
        guard let meta = boxes(b, from: 0, to: b.count).first(where: { $0.type == "meta" }) else { return nil }
        let children = boxes(b, from: meta.payload + 4, to: meta.end)  // meta is a full box
        guard let pitm = children.first(where: { $0.type == "pitm" }), pitm.payload + 6 <= pitm.end,
            let iprp = children.first(where: { $0.type == "iprp" })
        else { return nil }
        let primary = b[pitm.payload] == 0 ? Int(be16(b, pitm.payload + 4)) : Int(be32(b, pitm.payload + 4))
        let properties = boxes(b, from: iprp.payload, to: iprp.end)
        guard let ipco = properties.first(where: { $0.type == "ipco" }),
            let ipma = properties.first(where: { $0.type == "ipma" }), ipma.payload + 8 <= ipma.end
        else { return nil }
        let items = boxes(b, from: ipco.payload, to: ipco.end)
        let version = b[ipma.payload], wideIndex = b[ipma.payload + 3] & 1 == 1
        var at = ipma.payload + 8
        for _ in 0..<be32(b, ipma.payload + 4) {
            let idSize = version < 1 ? 2 : 4
            guard at + idSize + 1 <= ipma.end else { return nil }
            let item = idSize == 2 ? Int(be16(b, at)) : Int(be32(b, at))
            let count = Int(b[at + idSize])
            at += idSize + 1
            for _ in 0..<count {
                guard at + (wideIndex ? 2 : 1) <= ipma.end else { return nil }
                let index = wideIndex ? Int(be16(b, at) & 0x7FFF) : Int(b[at] & 0x7F)
                at += wideIndex ? 2 : 1
                guard item == primary, index >= 1, index <= items.count else { continue }
                let property = items[index - 1]
                if property.type == "ispe", property.payload + 12 <= property.end {
                    return (Int(be32(b, property.payload + 4)), Int(be32(b, property.payload + 8)))
                }
            }
        }
        return nil
    }

    // MARK: Bytes

    private static func le16(_ b: [UInt8], _ at: Int) -> UInt16 {
        UInt16(b[at]) | UInt16(b[at + 1]) << 8
    }

    private static func be16(_ b: [UInt8], _ at: Int) -> UInt16 {
        UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }

    private static func le24(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16
    }

    private static func be32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

}
