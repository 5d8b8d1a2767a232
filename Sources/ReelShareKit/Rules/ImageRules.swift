// The rules about a sticker or a background image, as displayed (EXIF orientation applied).

/// image.format: the image format is one of allowed.
struct ImageFormat: Rule {
    static let id = RuleID.imageFormat
    static let roles = Role.images
    static let summary = "image format is one of allowed"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.allowed, true)]
    let allowed: [String]

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) { allowed = limits.allowed ?? [] }
    var limits: [String: JSON] { allowed.allowedJSON }
    var limitsText: String { allowed.joined(separator: ", ") }

    func check(_ s: Subject) -> Outcome {
        guard let image = s.image else { return .unknown("not an image") }
        // The JPEG apps read is 8 bits a sample, baseline or progressive (Android's supported
        // formats say "Base+progressive"); 12-bit (extended DCT) and lossless JPEG are other codings.
        if image.format == .jpeg, allowed.contains(ImageFileFormat.jpeg.rawValue), let depth = image.bitDepth, depth != 8 {
            return .fail(
                "a \(depth)-bit JPEG: apps decode JPEG of 8-bit samples only (baseline or progressive)",
                actual: .string("jpeg, \(depth)-bit"), limit: .array(allowed.map(JSON.string)),
                fix: FixHint.eightBitJPEG(s, image: image))
        }
        guard !allowed.contains(image.format.rawValue) else { return .pass }
        if image.format == .cgbi {
            return .fail(
                "an Apple CgBI PNG (Xcode's \"Compress PNG Files\" output: premultiplied BGRA, raw deflate), which only Apple's decoders read: not a standard PNG (accepted: \(allowed.map { $0.uppercased() }.joined(separator: ", ")))",
                actual: .string(image.format.rawValue), limit: .array(allowed.map(JSON.string)),
                fix: FixHint.converted(s, image: image, allowed: allowed))
        }
        if image.format.isHEIF, let hdr = image.colour?.hdr {
            return .fail(
                "an HDR (\(hdr.uppercased())) \(image.format.rawValue.uppercased()) is not accepted (accepted: \(allowed.map { $0.uppercased() }.joined(separator: ", "))), and reelshare does not tone-map pictures: export it as an SDR JPEG",
                actual: .string(image.format.rawValue), limit: .array(allowed.map(JSON.string)), fix: nil)
        }
        return .fail(
            "\(image.format.rawValue.uppercased()) is not accepted (accepted: \(allowed.map { $0.uppercased() }.joined(separator: ", ")))",
            actual: .string(image.format.rawValue), limit: .array(allowed.map(JSON.string)),
            fix: FixHint.converted(s, image: image, allowed: allowed))
    }
}

/// image.dimensions: the displayed size against width x height, by mode (max, min, exact).
struct ImageDimensions: Rule {
    static let id = RuleID.imageDimensions
    static let roles = Role.images
    static let summary = "displayed size against width x height, by mode (max, min, exact)"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.width, true), (.height, true), (.mode, false)]
    let width: Int
    let height: Int
    let mode: DimensionMode

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) {
        guard let width = limits.width, let height = limits.height, width > 0, height > 0 else {
            throw RuleLimits.Invalid(.width, "width and height must be whole numbers from 1")
        }
        self.width = width
        self.height = height
        mode = limits.mode ?? .max
    }

    var limits: [String: JSON] { ["width": .int(width), "height": .int(height), "mode": .string(mode.rawValue)] }
    var limitsText: String { "\(mode.rawValue) \(width)x\(height)" }

    func check(_ s: Subject) -> Outcome {
        guard let image = s.image, let shownWidth = image.displayWidth, let shownHeight = image.displayHeight else {
            return .unknown("image size unknown")
        }
        let size = "\(shownWidth)x\(shownHeight)", limit = "\(width)x\(height)"
        switch mode {
        case .min:
            guard shownWidth < width || shownHeight < height else { return .pass }
            return .fail("\(size) is smaller than \(limit)", actual: .string(size), limit: .string(limit), fix: nil)
        case .exact:
            guard shownWidth != width || shownHeight != height else { return .pass }
            return .fail("\(size) is not \(limit)", actual: .string(size), limit: .string(limit), fix: nil)
        case .max:
            guard shownWidth > width || shownHeight > height else { return .pass }
            return .fail(
                "\(size) is larger than the recommended \(limit)", actual: .string(size), limit: .string(limit),
                fix: FixHint.shrink(s, width: width, height: height))
        }
    }
}

/// image.aspect: the displayed width:height is one of allowed (within 1%).
struct ImageAspect: Rule {
    static let id = RuleID.imageAspect
    static let roles = Role.images
    static let summary = "displayed width:height is one of allowed (within 1%)"
    static let parameters: [(key: RuleParameter, required: Bool)] = [(.allowed, true)]
    let allowed: [AspectRatio]

    init(_ limits: RuleLimits) throws(RuleLimits.Invalid) {
        var ratios: [AspectRatio] = []
        for text in limits.allowed ?? [] {
            guard let ratio = AspectRatio(text) else { throw RuleLimits.Invalid(.allowed, "'\(text)' is not a ratio like 9:16") }
            ratios.append(ratio)
        }
        allowed = ratios
    }

    var limits: [String: JSON] { allowed.map(\.description).allowedJSON }
    var limitsText: String { allowed.map(\.description).joined(separator: ", ") }

    func check(_ s: Subject) -> Outcome {
        guard let image = s.image, let width = image.displayWidth, let height = image.displayHeight, width > 0, height > 0 else {
            return .unknown("image size unknown")
        }
        let ratio = Double(width) / Double(height)
        guard !allowed.contains(where: { abs(ratio - $0.value) <= Slack.imageAspect * $0.value }) else { return .pass }
        let names = allowed.map(\.description)
        return .fail(
            "\(width)x\(height) is not \(names.joined(separator: " or "))", actual: .double(ratio),
            limit: .array(names.map(JSON.string)), fix: nil)
    }
}

/// image.animated: a still image: an animated one shows its first frame only.
struct ImageAnimated: Requirement {
    static let id = RuleID.imageAnimated
    static let roles = Role.images
    static let summary = "a still image (an animated one shows its first frame only)"
    var limitsText: String { "a still picture" }

    func check(_ s: Subject) -> Outcome {
        guard let image = s.image, let frames = image.frameCount, frames > 1 else { return .pass }
        return .fail(
            "an animated \(image.format.rawValue.uppercased()) of \(frames) frames: the composer shows its first frame only (--as video makes it a video clip)",
            actual: .int(frames), limit: .int(1), fix: FixHint.firstFrame(s, image: image))
    }
}

/// image.visible: some pixel of the image shows (alpha above 0). A sticker whose every pixel is
/// transparent is shared as nothing.
struct ImageVisible: Requirement {
    static let id = RuleID.imageVisible
    static let roles = Role.images
    static let summary = "some pixel shows (not every pixel transparent)"
    var limitsText: String { "a visible pixel" }

    func check(_ s: Subject) -> Outcome {
        guard let image = s.image, image.allTransparent == true else { return .pass }
        return .fail(
            "every pixel is fully transparent (alpha 0): the \(image.format.rawValue.uppercased()) shows nothing",
            actual: .bool(false), limit: .bool(true), fix: nil)
    }
}
