// The human form of a probe report. Not a stable interface: scripts should use --format json.
import FoundationEssentials
import ReelShareKit

enum ProbeText {
    static func render(_ report: ProbeReport, color: Bool) -> String {
        let path = PathCoding.lineText(report.path)
        let name = color ? Terminal.bold(path) : path
        if case .failure(let failure) = report.content {
            let label = color ? Terminal.red("error") : "error"
            return "\(name)\n  \(label)       \(failure.message) [\(failure.code.rawValue)]\n\n"
        }
        var text = name + "\n"
        for (label, value) in rows(report, color: color) {
            text += "  " + Help.pad(label, 12) + value + "\n"
        }
        return text + "\n"
    }

    /// The labelled facts of a report (also the HTML report's); none for a failure.
    static func rows(_ report: ProbeReport, color: Bool) -> [(String, String)] {
        var rows: [(String, String)] = []
        switch report.content {
        case .failure:
            return []
        case .image(let image):
            rows.append(("kind", "image"))
            let kind = image.format == .cgbi ? " (Apple's CgBI PNG, from Xcode: only Apple's decoders read it)" : ""
            let notes = [image.codec, image.decoded ? nil : "header only"].compactMap { $0 }
            rows.append(("format", image.format.rawValue + kind + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")))
            rows.append(("size", dimensions(image.width, image.height) ?? "unknown"))
            var pixels: [String] = []
            if let type = image.colorType { pixels.append(type.rawValue) }
            if let depth = image.bitDepth { pixels.append("\(depth)-bit") }
            if let alpha = image.hasAlpha { pixels.append(alpha ? "alpha" : "no alpha") }
            if image.interlaced == true { pixels.append("interlaced") }
            if image.progressive == true { pixels.append("progressive") }
            if !pixels.isEmpty { rows.append(("pixels", pixels.joined(separator: ", "))) }
            if let frames = image.frameCount, frames > 1 { rows.append(("frames", "\(frames) (animated)")) }
            var colour: [String] = []
            if let c = image.colour {
                colour += [c.primaries, c.transfer, c.matrix].compactMap { $0 }
                if let full = c.fullRange { colour.append(full ? "full range" : "limited range") }
                if let hdr = c.hdr { colour.append("HDR \(hdr.uppercased())") }
            }
            if image.hasColorProfile == true { colour.append("ICC profile") }
            if !colour.isEmpty { rows.append(("colour", colour.joined(separator: ", "))) }
            if let orientation = image.orientation, orientation != 1 {
                let shown = dimensions(image.displayWidth, image.displayHeight) ?? "unknown"
                rows.append(("displayed", "\(shown) (EXIF orientation \(orientation))"))
            }
        case .av(let media):
            rows.append(("kind", report.kind.rawValue))
            var container = media.container
            var facts: [String] = []
            if let fast = media.fastStart { facts.append(fast ? "fast start" : "index at end") }
            if media.editList == true { facts.append(editList(media.editListEffect)) }
            if media.fragmented == true { facts.append("fragmented") }
            if !facts.isEmpty { container += " (" + facts.joined(separator: ", ") + ")" }
            rows.append(("container", container))
            if let duration = media.durationSeconds {
                let from = media.durationFrom.map { $0 == .tail ? " (from the end of the file)" : " (from every packet)" } ?? ""
                let start = media.startSeconds.flatMap { $0 > 0 ? ", the picture from \(Units.duration($0))" : nil } ?? ""
                rows.append(("duration", Units.duration(duration) + from + start))
            } else {
                rows.append(("duration", "unknown" + (media.durationUnknownReason.map { ": \($0)" } ?? "")))
            }
            if let v = media.video { rows += video(v) }
            if let a = media.audio { rows.append(("audio", audio(a))) }
            if let d = media.deep {
                rows.append(
                    (
                        "deep",
                        "\(d.videoPackets) packets, \(d.keyframes) keyframes, max GOP "
                            + Units.number(d.maxKeyframeIntervalSeconds) + " s"
                            + (d.variableFrameRate ? ", variable frame rate" : ", constant frame rate")
                            + (d.firstFrameDecodes ? ", decodes" : ", FIRST FRAME DOES NOT DECODE")
                    ))
            }
            if let d = media.decode {
                var line = "\(d.frames) frames of \(d.packets) packets, \(d.errors) damaged"
                if d.errors > 0 {
                    line += d.firstErrorSeconds.map { ", the first at \(Units.duration($0))" } ?? ""
                    line += d.message.map { ": \($0)" } ?? ""
                    if color { line = Terminal.red(line) }
                }
                rows.append(("decode", line))
            }
            for other in media.otherStreams { rows.append(("unread", "\(other.description): a codec FFmpeg does not know")) }
            if let junk = media.leadingJunkBytes {
                rows.append(
                    ("junk", "\(bytes(junk)) before the first transport packet (read as MPEG-TS, past junk between packets too)"))
            }
            if let trailing = media.trailingBytes {
                rows.append(("trailing data", "\(bytes(trailing)) after the media\(media.trailer.map { " (\($0))" } ?? "")"))
            }
            if media.truncated {
                rows.append(("truncated", color ? Terminal.red("yes: media data is missing") : "yes: media data is missing"))
            }
        }
        if let size = report.sizeBytes { rows.append(("file size", bytes(size))) }
        return rows
    }

    private static func editList(_ effect: EditListEffect?) -> String {
        switch effect {
        case .noChange?: return "edit list that changes nothing"
        case .trim?: return "edit list that trims"
        case .delay?: return "edit list that delays the start"
        case .rate?: return "edit list that changes the rate"
        case .complex?: return "edit list of several edits"
        case nil: return "edit list"
        }
    }

    private static func video(_ v: VideoStream) -> [(String, String)] {
        var parts = [v.codec ?? "unknown codec"]
        if let profile = v.profile { parts[0] += " (\(profile))" }
        if let size = dimensions(v.width, v.height) { parts.append(size) }
        if let fps = v.frameRate { parts.append(Units.frameRate(fps)) }
        if let format = v.pixelFormat { parts.append(format) }
        if let depth = v.bitDepth { parts.append("\(depth)-bit") }
        if let hdr = v.hdr { parts.append("HDR \(hdr.uppercased())") }
        if let rate = v.bitRate { parts.append(bitRate(rate)) }
        if let order = v.fieldOrder, order != .progressive {
            parts.append(order == .tt || order == .tb ? "interlaced (top field first)" : "interlaced (bottom field first)")
        }
        if let tag = v.codecTag { parts.append("tag \(tag)") }
        if v.streamCount > 1 { parts.append("\(v.streamCount) video streams") }
        var rows = [("video", parts.joined(separator: ", "))]
        if v.rotation != 0 || v.mirrored || v.sampleAspectRatio != nil {
            var display = dimensions(v.displayWidth, v.displayHeight) ?? "unknown"
            if let sar = v.sampleAspectRatio { display += ", pixels \(sar)" }
            if v.rotation != 0 { display += ", rotated \(v.rotation)° clockwise" }
            if v.mirrored { display += ", mirrored" }
            rows.append(("display", display))
        }
        if let container = v.containerColour {
            func range(_ full: Bool?) -> String? { full.map { $0 ? "full range" : "limited range" } }
            let fields = [
                ("transfer", v.colorTransfer, container.transfer), ("primaries", v.colorPrimaries, container.primaries),
                ("matrix", v.colorMatrix, container.matrix), ("range", range(v.fullRange), range(container.fullRange)),
            ]
            let differing = fields.compactMap { name, used, said -> String? in
                guard let used, let said, used != said else { return nil }
                return name == "range"
                    ? "\(used) in the bitstream, \(said) in the container"
                    : "\(name) \(used) in the bitstream, \(said) in the container"
            }
            rows.append(
                (
                    "colour",
                    differing.joined(separator: "; ")
                        + ": decoders use the bitstream's, a player that reads the container may not"
                ))
        }
        return rows
    }

    private static func audio(_ a: AudioStream) -> String {
        var parts = [a.codec ?? "unknown codec"]
        if let rate = a.sampleRate { parts.append("\(rate) Hz") }
        if let channels = a.channels { parts.append(channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels") }
        if let rate = a.bitRate { parts.append(bitRate(rate)) }
        if let late = a.startSeconds { parts.append("from \(Units.duration(late)) after the picture") }
        return parts.joined(separator: ", ")
    }

    private static func dimensions(_ width: Int?, _ height: Int?) -> String? {
        guard let width, let height else { return nil }
        return "\(width)x\(height)"
    }

    private static func bitRate(_ bitsPerSecond: Int) -> String { Units.bitRate(Double(bitsPerSecond)) }

    static func bytes(_ count: Int) -> String {
        count < 1000 ? Units.bytes(Double(count)) : "\(Units.bytes(Double(count))) (\(count) bytes)"
    }
}
