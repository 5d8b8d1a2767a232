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
        // The first image spatial extent property ('ispe': version/flags, width, height).
        if let at = firstIndex(of: Array("ispe".utf8), in: b), at + 16 <= b.count {
            image.width = Int(be32(b, at + 8))
            image.height = Int(be32(b, at + 12))
        }
        return image
    }

    // MARK: Bytes

    private static func le16(_ b: [UInt8], _ at: Int) -> UInt16 {
        UInt16(b[at]) | UInt16(b[at + 1]) << 8
    }

    private static func le24(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16
    }

    private static func be32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}
