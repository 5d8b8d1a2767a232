// The composer's canvas as data, and the plan of one preview. Meta documents little of how the
// composer lays a share out ("the background layer fills the screen", a 640x480 sticker
// recommended, a gradient from the two colours): every fact here carries its source and says
// whether it is documented or an approximation of what the apps are seen to do. The plan is pure
// arithmetic on sizes; the media layer draws it.

/// One layout fact: its value, the document it rests on, and whether Meta documents it.
public struct LayoutFact<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var source: String
    /// true when Meta does not document it and the value approximates what the apps do.
    public var approximation: Bool

    public init(_ value: Value, source: String, approximation: Bool) {
        self.value = value
        self.source = source
        self.approximation = approximation
    }
}

/// How a background whose shape is not the canvas's is made to fill it.
public enum BackgroundFit: String, Sendable, CaseIterable, ProfileEnum {
    /// Scaled to cover the canvas, the overflow cropped evenly (CSS object-fit: cover).
    case fill
    /// Scaled to fit inside, the rest of the canvas the background colours.
    case fit
}

/// Where the sticker is first placed, as fractions of the canvas: scaled (up or down) to fit a
/// box `width` x `height` of the canvas, centred on (`centerX`, `centerY`).
public struct StickerPlacement: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var centerX: Double
    public var centerY: Double

    public init(width: Double, height: Double, centerX: Double, centerY: Double) {
        self.width = width
        self.height = height
        self.centerX = centerX
        self.centerY = centerY
    }
}

/// The bands of the canvas the app's own interface covers, as fractions of its height (top,
/// bottom) and width (left, right).
public struct SafeZones: Sendable, Equatable {
    public var top: Double
    public var bottom: Double
    public var left: Double
    public var right: Double

    public init(top: Double, bottom: Double, left: Double = 0, right: Double = 0) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }
}

/// A share target's composer canvas.
public struct CanvasLayout: Sendable, Equatable {
    public var background: LayoutFact<BackgroundFit>
    /// The colours (#RRGGBB) of a share without a background asset and without colours.
    public var colors: LayoutFact<ColorPair>
    public var sticker: LayoutFact<StickerPlacement>
    public var safeZones: LayoutFact<SafeZones>

    public init(
        background: LayoutFact<BackgroundFit>, colors: LayoutFact<ColorPair>, sticker: LayoutFact<StickerPlacement>,
        safeZones: LayoutFact<SafeZones>
    ) {
        self.background = background
        self.colors = colors
        self.sticker = sticker
        self.safeZones = safeZones
    }
}

public struct ColorPair: Sendable, Equatable {
    public var top: String
    public var bottom: String

    public init(top: String, bottom: String) {
        self.top = top
        self.bottom = bottom
    }

    /// "#RRGGBB" as 0xRRGGBB; nil when it is not that.
    public static func rgb(_ text: String) -> UInt32? {
        let hex = text.dropFirst()
        guard text.hasPrefix("#"), hex.count == 6, hex.allSatisfy(\.isHexDigit) else { return nil }
        return UInt32(hex, radix: 16)
    }
}

/// A rectangle in canvas or picture pixels.
public struct PixelRect: Sendable, Equatable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height) at \(x),\(y)" }

    public func intersects(_ other: PixelRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    var json: JSON { .object(["x": .int(x), "y": .int(y), "width": .int(width), "height": .int(height)]) }
}

/// What one preview draws, in canvas pixels.
public struct CanvasPlan: Sendable, Equatable {
    public enum Background: Sendable, Equatable {
        /// The part `crop` of the background picture, scaled into `into`, over the colours.
        case picture(crop: PixelRect, into: PixelRect, scale: Double)
        /// No background asset: the colours alone.
        case colors
    }

    public var width: Int
    public var height: Int
    /// The colours under (or instead of) the background picture, 0xRRGGBB.
    public var top: UInt32
    public var bottom: UInt32
    public var background: Background
    public var sticker: PixelRect?
    public var stickerScale: Double?
    /// Named bands the app's interface covers.
    public var safeZones: [(name: String, rect: PixelRect)]
    /// What the plan found: a sticker under the interface.
    public var findings: [Finding]

    public static func == (a: CanvasPlan, b: CanvasPlan) -> Bool {
        a.width == b.width && a.height == b.height && a.top == b.top && a.bottom == b.bottom && a.background == b.background
            && a.sticker == b.sticker && a.safeZones.map(\.name) == b.safeZones.map(\.name)
            && a.safeZones.map(\.rect) == b.safeZones.map(\.rect) && a.findings == b.findings
    }
}

public enum CanvasPlanner {
    /// Plans a canvas of `width` x `height` for `layout`: the background picture of `background`
    /// pixels (nil: the colours), the sticker of `sticker` pixels, the request's colours (nil:
    /// the layout's).
    public static func plan(
        _ layout: CanvasLayout, width: Int, height: Int, background: (width: Int, height: Int)?,
        sticker: (width: Int, height: Int)?, colors: ColorPair?
    ) -> CanvasPlan {
        let pair = colors ?? layout.colors.value
        let top = ColorPair.rgb(pair.top) ?? 0x222222
        let bottom = ColorPair.rgb(pair.bottom) ?? top
        let W = Double(width), H = Double(height)

        var drawn = CanvasPlan.Background.colors
        if let background, background.width > 0, background.height > 0 {
            let bw = Double(background.width), bh = Double(background.height)
            switch layout.background.value {
            case .fill:
                // Cover: the scale that fills both sides; the source's middle part that shows.
                let scale = max(W / bw, H / bh)
                let shownWidth = min(bw, W / scale), shownHeight = min(bh, H / scale)
                let crop = PixelRect(
                    x: Int(((bw - shownWidth) / 2).rounded()), y: Int(((bh - shownHeight) / 2).rounded()),
                    width: max(1, Int(shownWidth.rounded())), height: max(1, Int(shownHeight.rounded())))
                drawn = .picture(crop: crop, into: PixelRect(x: 0, y: 0, width: width, height: height), scale: scale)
            case .fit:
                let scale = min(W / bw, H / bh)
                let w = max(1, Int((bw * scale).rounded())), h = max(1, Int((bh * scale).rounded()))
                drawn = .picture(
                    crop: PixelRect(x: 0, y: 0, width: background.width, height: background.height),
                    into: PixelRect(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h), scale: scale)
            }
        }

        var stickerRect: PixelRect?
        var stickerScale: Double?
        if let sticker, sticker.width > 0, sticker.height > 0 {
            let place = layout.sticker.value
            let scale = min(place.width * W / Double(sticker.width), place.height * H / Double(sticker.height))
            let w = max(1, Int((Double(sticker.width) * scale).rounded()))
            let h = max(1, Int((Double(sticker.height) * scale).rounded()))
            stickerRect = PixelRect(
                x: Int((place.centerX * W - Double(w) / 2).rounded()), y: Int((place.centerY * H - Double(h) / 2).rounded()),
                width: w, height: h)
            stickerScale = scale
        }

        let zones = layout.safeZones.value
        var bands: [(name: String, rect: PixelRect)] = []
        func band(_ name: String, _ rect: PixelRect) { if rect.width > 0, rect.height > 0 { bands.append((name, rect)) } }
        let topHeight = Int((zones.top * H).rounded()), bottomHeight = Int((zones.bottom * H).rounded())
        let leftWidth = Int((zones.left * W).rounded()), rightWidth = Int((zones.right * W).rounded())
        band("top", PixelRect(x: 0, y: 0, width: width, height: topHeight))
        band("bottom", PixelRect(x: 0, y: height - bottomHeight, width: width, height: bottomHeight))
        band("left", PixelRect(x: 0, y: topHeight, width: leftWidth, height: height - topHeight - bottomHeight))
        band(
            "right", PixelRect(x: width - rightWidth, y: topHeight, width: rightWidth, height: height - topHeight - bottomHeight))

        var findings: [Finding] = []
        if let stickerRect {
            let covered = bands.filter { $0.rect.intersects(stickerRect) }.map(\.name)
            if !covered.isEmpty {
                findings.append(
                    Finding(
                        rule: .own(.previewSafeZone), severity: .warning,
                        message:
                            "the sticker (\(stickerRect)) reaches into the \(covered.joined(separator: " and ")) band\(covered.count > 1 ? "s" : "") the app's interface covers",
                        actual: stickerRect.json, limit: .array(bands.filter { covered.contains($0.name) }.map { $0.rect.json }),
                        source: layout.safeZones.source))
            }
        }
        return CanvasPlan(
            width: width, height: height, top: top, bottom: bottom, background: drawn, sticker: stickerRect,
            stickerScale: stickerScale, safeZones: bands, findings: findings)
    }
}
