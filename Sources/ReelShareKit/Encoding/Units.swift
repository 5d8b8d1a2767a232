// Numbers, units and names as people read them: the one formatter for findings, probe text and
// help. Decimal units throughout, as Meta writes its limits ("50 MB", "25 Mbps").
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public enum Units {
    /// Up to three decimals, trailing zeros dropped: 60, 29.97, 0.563.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        var text = fixed(value, places: 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Seconds with one decimal, or more when one would read as the limit itself (60.0 vs 60).
    public static func seconds(_ value: Double, against limit: Double) -> String {
        for places in 1...3 {
            let text = fixed(value, places: places)
            if Double(text) != limit { return text + " s" }
        }
        return fixed(value, places: 3) + " s"
    }

    /// `value` with exactly `places` decimals (0 to 17), as C's printf writes it ("%.6f"): the C
    /// library's own rounding, not Foundation's (whose String(format:) links ICU).
    public static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return String(value) }
        let places = Int32(max(0, min(places, 17)))
        // "%.*f" of a double: at most 309 digits before the point, 17 after, a sign and a NUL.
        var buffer = [CChar](repeating: 0, count: 336)
        let written = buffer.withUnsafeMutableBufferPointer { out in
            withVaList([places, value]) { vsnprintf(out.baseAddress, out.count, "%.*f", $0) }
        }
        guard written > 0 else { return String(value) }
        return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A duration for people: "12.345 s".
    public static func duration(_ seconds: Double) -> String { fixed(seconds, places: 3) + " s" }

    /// A frame rate: "29.97 fps", "30 fps".
    public static func frameRate(_ fps: Double) -> String { number((fps * 100).rounded() / 100) + " fps" }

    /// Decimal megabytes, as Meta writes its limits ("50 MB").
    public static func bytes(_ value: Double) -> String {
        if value < 1000 { return number(value) + " bytes" }
        return value >= 1e6 ? number((value / 1e5).rounded() / 10) + " MB" : number((value / 100).rounded() / 10) + " kB"
    }

    public static func bitRate(_ value: Double) -> String {
        value >= 1e6 ? number((value / 1e4).rounded() / 100) + " Mb/s" : number((value / 100).rounded() / 10) + " kb/s"
    }

    public static func codec(_ name: String) -> String {
        [
            "h264": "H.264", "hevc": "H.265", "vp8": "VP8", "vp9": "VP9", "av1": "AV1", "mpeg4": "MPEG-4 Part 2",
            "h263": "H.263", "prores": "ProRes", "mjpeg": "Motion JPEG",
        ][name] ?? name
    }

}

/// Edit distance, for "did you mean" suggestions.
public enum Spelling {
    /// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
    /// of neighbours ("mxa" is one step from "max") each cost one.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The candidate within a small distance of `word`, if any. A candidate whose length alone
    /// puts it past that distance is not measured (an 8 MB key against the known ones would fill a
    /// table of millions of cells for each).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let length = word.count, limit = max(2, length / 3)
        let scored = candidates.filter { abs($0.count - length) <= limit }.map { ($0, distance(word, $0)) }
            .filter { $0.1 <= limit && $0.1 < length }
        return scored.min { $0.1 < $1.1 }?.0
    }
}

/// Text a file gave, quoted in a message at a readable length.
public enum Quoted {
    /// `text` whole up to 80 characters; past that its first 60, an ellipsis and its length.
    /// Counted in Unicode scalars, not grapheme clusters: a letter followed by a million
    /// combining marks is one cluster, and a million scalars.
    public static func short(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 80 else { return text }
        var head = String.UnicodeScalarView()
        head.append(contentsOf: scalars.prefix(60))
        return "\(String(head))… (\(scalars.count) characters)"
    }
}
