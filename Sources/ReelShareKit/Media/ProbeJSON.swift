// The wire form of a probe report (schemaVersion 1). Every key is always present for its kind of
// file, null when unknown, so `jq` filters need no existence checks. The man page lists every key.

public enum ProbeJSON {
    public static let schemaVersion = 1

    /// One file object, as it appears in `files` (json) or on its own line (ndjson).
    public static func file(_ report: ProbeReport) -> JSON {
        var object: [String: JSON] = [
            "path": .string(report.path),
            "kind": .string(report.kind.rawValue),
            "sizeBytes": .from(report.sizeBytes),
        ]
        switch report.content {
        case .failure(let failure):
            object["error"] = error(failure)
        case .image(let image):
            object["image"] = self.image(image)
            object["video"] = .null
            object["audio"] = .null
        case .av(let media):
            object["container"] = .string(media.container)
            object["durationSeconds"] = .from(media.durationSeconds)
            object["bitRate"] = .from(media.bitRate)
            object["fastStart"] = .from(media.fastStart)
            object["editList"] = .from(media.editList)
            object["editListEffect"] = .from(media.editListEffect?.rawValue)
            object["fragmented"] = .from(media.fragmented)
            object["startSeconds"] = .from(media.startSeconds)
            object["decode"] = media.decode.map(decode) ?? .null
            object["truncated"] = .bool(media.truncated)
            object["trailingBytes"] = .from(media.trailingBytes)
            object["trailer"] = .from(media.trailer)
            object["leadingJunkBytes"] = .from(media.leadingJunkBytes)
            object["otherStreams"] = .array(
                media.otherStreams.map {
                    .object([
                        "index": .int($0.index), "kind": .from($0.kind?.rawValue), "tag": .from($0.tag), "codec": .null,
                    ])
                })
            object["video"] = media.video.map(video) ?? .null
            object["audio"] = media.audio.map(audio) ?? .null
            object["image"] = .null
            object["deep"] = media.deep.map(deep) ?? .null
        }
        return .object(object)
    }

    /// A failure's `error` object: its code and message.
    public static func error(_ failure: ProbeFailure) -> JSON {
        .object(["code": .string(failure.code.rawValue), "message": .string(failure.message)])
    }

    static func video(_ v: VideoStream) -> JSON {
        .object([
            "codec": .from(v.codec),
            "profile": .from(v.profile),
            "width": .from(v.width),
            "height": .from(v.height),
            "rotation": .int(v.rotation),
            "mirrored": .bool(v.mirrored),
            "displayWidth": .from(v.displayWidth),
            "displayHeight": .from(v.displayHeight),
            "frameRate": .from(v.frameRate),
            "pixelFormat": .from(v.pixelFormat),
            "bitDepth": .from(v.bitDepth),
            "bitRate": .from(v.bitRate),
            "colorTransfer": .from(v.colorTransfer),
            "colorPrimaries": .from(v.colorPrimaries),
            "colorMatrix": .from(v.colorMatrix),
            "colorRange": .from(v.fullRange.map { $0 ? "full" : "limited" }),
            "containerColor": v.containerColour.map(colour) ?? .null,
            "hdr": .from(v.hdr),
            "streamCount": .int(v.streamCount),
            "codecTag": .from(v.codecTag),
            "sampleAspectRatio": .from(v.sampleAspectRatio?.description),
            "fieldOrder": .from(v.fieldOrder?.rawValue),
            "durationSeconds": .from(v.durationSeconds),
            "hasAlpha": .bool(v.hasAlpha),
        ])
    }

    static func colour(_ c: VideoColour) -> JSON {
        .object([
            "transfer": .from(c.transfer), "primaries": .from(c.primaries), "matrix": .from(c.matrix),
            "range": .from(c.fullRange.map { $0 ? "full" : "limited" }),
        ])
    }

    static func audio(_ a: AudioStream) -> JSON {
        .object([
            "codec": .from(a.codec),
            "sampleRate": .from(a.sampleRate),
            "channels": .from(a.channels),
            "bitRate": .from(a.bitRate),
            "streamCount": .int(a.streamCount),
            "durationSeconds": .from(a.durationSeconds),
            "primingSamples": .from(a.primingSamples),
            "startSeconds": .from(a.startSeconds),
        ])
    }

    static func image(_ i: ImageMedia) -> JSON {
        .object([
            "format": .string(i.format.rawValue),
            "width": .from(i.width),
            "height": .from(i.height),
            "displayWidth": .from(i.displayWidth),
            "displayHeight": .from(i.displayHeight),
            "bitDepth": .from(i.bitDepth),
            "colorType": .from(i.colorType?.rawValue),
            "colorSpace": .from(i.colorSpace?.rawValue),
            "hasAlpha": .from(i.hasAlpha),
            "allTransparent": .from(i.allTransparent),
            "colorProfileIgnored": .from(i.colorProfileIgnored),
            "interlaced": .from(i.interlaced),
            "progressive": .from(i.progressive),
            "frameCount": .from(i.frameCount),
            "orientation": .from(i.orientation),
            "decoded": .bool(i.decoded),
            "codec": .from(i.codec),
            "colorTransfer": .from(i.colour?.transfer),
            "colorPrimaries": .from(i.colour?.primaries),
            "colorMatrix": .from(i.colour?.matrix),
            "colorRange": .from(i.colour?.fullRange.map { $0 ? "full" : "limited" }),
            "hdr": .from(i.colour?.hdr),
            "hasColorProfile": .from(i.hasColorProfile),
        ])
    }

    static func decode(_ d: DecodeResult) -> JSON {
        .object([
            "packets": .int(d.packets), "frames": .int(d.frames), "errors": .int(d.errors),
            "firstErrorSeconds": .from(d.firstErrorSeconds),
            "message": .from(d.message),
        ])
    }

    static func deep(_ d: DeepScan) -> JSON {
        .object([
            "videoPackets": .int(d.videoPackets),
            "keyframes": .int(d.keyframes),
            "openKeyframes": .int(d.openKeyframes),
            "maxKeyframeIntervalSeconds": .double(d.maxKeyframeIntervalSeconds),
            "variableFrameRate": .bool(d.variableFrameRate),
            "firstFrameDecodes": .bool(d.firstFrameDecodes),
        ])
    }
}
