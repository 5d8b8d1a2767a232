// Numbers and names as people read them in findings.
import Foundation

public enum Describe {
    /// Up to three decimals, trailing zeros dropped: 60, 29.97, 0.563.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Seconds with one decimal, or more when one would read as the limit itself (60.0 vs 60).
    static func seconds(_ value: Double, against limit: Double) -> String {
        for places in 1...3 {
            let text = String(format: "%.\(places)f", value)
            if Double(text) != limit { return text + " s" }
        }
        return String(format: "%.3f s", value)
    }

    /// Decimal megabytes, as Meta writes its limits ("50 MB").
    public static func bytes(_ value: Double) -> String {
        value >= 1e6 ? number((value / 1e5).rounded() / 10) + " MB" : number((value / 100).rounded() / 10) + " kB"
    }

    public static func bitRate(_ value: Double) -> String {
        value >= 1e6 ? number((value / 1e4).rounded() / 100) + " Mb/s" : number((value / 100).rounded() / 10) + " kb/s"
    }

    static func codec(_ name: String) -> String {
        ["h264": "H.264", "hevc": "H.265", "vp8": "VP8", "vp9": "VP9", "av1": "AV1", "mpeg4": "MPEG-4 Part 2",
         "h263": "H.263", "prores": "ProRes", "mjpeg": "Motion JPEG"][name] ?? name
    }

    /// Chroma subsampling from an FFmpeg pixel format name.
    static func chroma(_ pixelFormat: String) -> String {
        let f = pixelFormat
        if f.contains("420") || f.hasPrefix("nv12") || f.hasPrefix("nv21") || f.hasPrefix("p010") { return "4:2:0" }
        if f.contains("422") || f.hasPrefix("nv16") || f.hasPrefix("yuyv") || f.hasPrefix("uyvy") { return "4:2:2" }
        if f.contains("444") || f.hasPrefix("gbr") || f.hasPrefix("rgb") || f.hasPrefix("bgr") { return "4:4:4" }
        if f.contains("411") { return "4:1:1" }
        if f.hasPrefix("gray") || f.hasPrefix("ya") { return "4:0:0" }
        return "unknown"
    }
}

/// Edit distance, for "did you mean" suggestions.
public enum Spelling {
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The candidate within a small distance of `word`, if any.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
        return scored.min { $0.1 < $1.1 }?.0
    }
}
