// The media values the rule tests judge: a clip, a picture, a rule as a profile states it, and
// one rule's findings on one report.
import Foundation
import Testing
@testable import ReelShareKit

/// A clean 10 s 1080x1920 H.264/AAC MP4 that every share target accepts.
func clip(
    container: String = "mp4", family: ContainerFamily = .isoBMFF, duration: Double? = 10, codec: String = "h264",
    profile: String? = "High",
    codecTag: String? = nil, width: Int = 1080, height: Int = 1920,
    rotation: Int = 0, fps: Double = 30, pixelFormat: String = "yuv420p", chroma: Chroma? = .c420, bitDepth: Int = 8,
    videoBitRate: Int? = 6_000_000,
    audio: AudioStream? = AudioStream(codec: "aac", codecID: .aac, sampleRate: 48000, channels: 2, bitRate: 128_000),
    fastStart: Bool? = true, editList: Bool? = false, editListEffect: EditListEffect? = nil, truncated: Bool = false,
    deep: DeepScan? = nil, size: Int = 8_000_000, path: String = "clip.mp4"
) -> ProbeReport {
    // What the probe's C side names (rs_av_codec_id) for the codecs these tests use.
    let ids: [String: CodecID] = ["h264": .h264, "hevc": .hevc, "vp8": .vp8, "vp9": .vp9, "av1": .av1]
    let video = VideoStream(
        codec: codec, codecID: ids[codec], profile: profile, width: width, height: height, rotation: rotation, frameRate: fps,
        pixelFormat: pixelFormat, chroma: chroma, bitDepth: bitDepth, bitRate: videoBitRate, codecTag: codecTag)
    var media = AVMedia(
        container: container, family: family, durationSeconds: duration, bitRate: nil,
        fastStart: fastStart,
        editList: editList, truncated: truncated, video: video, audio: audio, deep: deep)
    media.editListEffect = editListEffect
    return ProbeReport(path: path, sizeBytes: size, content: .av(media))
}

func picture(
    format: String = "png", width: Int = 640, height: Int = 480, size: Int = 20_000, frames: Int? = nil,
    orientation: Int? = nil, path: String = "sticker.png"
) -> ProbeReport {
    ProbeReport(
        path: path, sizeBytes: size,
        content: .image(
            ImageMedia(
                format: ImageFileFormat(rawValue: format), width: width, height: height, frameCount: frames,
                orientation: orientation)
        ))
}

/// A rule as a profile file states it, decoded as --profile decodes it.
func spec(
    _ rule: String, _ severity: Severity = .error, allowed: [String]? = nil, min: Double? = nil,
    max: Double? = nil, width: Int? = nil, height: Int? = nil, mode: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> RuleSpec {
    var object: [String: JSON] = ["rule": .string(rule), "severity": .string(severity.rawValue), "source": .string("test")]
    if let allowed { object["allowed"] = .array(allowed.map(JSON.string)) }
    if let min { object["min"] = .double(min) }
    if let max { object["max"] = .double(max) }
    if let width { object["width"] = .int(width) }
    if let height { object["height"] = .int(height) }
    if let mode { object["mode"] = .string(mode) }
    do {
        return try JSONDecoder().decode(RuleSpec.self, from: Data(JSON.object(object).serialized.utf8))
    } catch {
        Issue.record("\(rule) does not decode: \(error)", sourceLocation: sourceLocation)
        return RuleSpec(FileTruncated(), severity, source: "test")
    }
}

/// The findings of one rule on one report in `role`.
func check(_ rule: RuleSpec, _ report: ProbeReport, role: Role = .backgroundVideo, strict: Bool = false) -> [Finding] {
    let profile = TargetProfile(id: "t", name: "T", purpose: .publish, summary: "test", roles: [role: [rule]])
    return Rules.evaluate(report, role: role, profile: profile, strict: strict).findings
}

let deepScan = DeepScan(
    videoPackets: 300, keyframes: 5, maxKeyframeIntervalSeconds: 2, variableFrameRate: false,
    firstFrameDecodes: true)
