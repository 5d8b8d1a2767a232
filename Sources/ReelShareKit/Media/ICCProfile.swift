// The ICC profile a picture written from a HEIF or AVIF carries when its colour is stated only as
// nclx code points (ITU-T H.273): JPEG and PNG readers know ICC, not nclx. A display profile
// (ICC.1:2022, version 4.3): its primaries' colorants adapted to D50 by Bradford, its transfer as
// a parametric curve, and the chromatic adaptation it used.

public enum ICCProfile {
    /// Chromaticities (x, y) of red, green, blue and white, by FFmpeg's name of the primaries.
    private static let primaries: [String: (r: (Double, Double), g: (Double, Double), b: (Double, Double), w: (Double, Double))] =
        [
            "smpte432": ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.3127, 0.3290)),  // Display P3
            "bt2020": ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), (0.3127, 0.3290)),
        ]
    private static let names = ["smpte432": "Display P3", "bt2020": "BT.2020"]

    /// The profile of pixels in `colour`, where JPEG's and PNG's default (sRGB) would show them
    /// wrong: wide-gamut primaries (Display P3, BT.2020) in SDR. nil for sRGB and BT.709 primaries
    /// (shown right untagged), for HDR transfers (which no profile here describes) and for
    /// primaries it does not know.
    public static func display(for colour: VideoColour) -> [UInt8]? {
        guard colour.hdr == nil, let name = colour.primaries, let p = primaries[name], let title = names[name] else { return nil }
        // The transfer: BT.709's (also BT.601's and BT.2020's) inverse OETF, linear, a pure gamma,
        // else sRGB's; as Y = (aX + b)^g above d, cX below.
        let curve: [Double], transfer: String
        switch colour.transfer ?? "" {
        case "bt709", "smpte170m", "bt2020-10", "bt2020-12":
            (curve, transfer) = ([1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081], " (BT.709 transfer)")
        case "linear": (curve, transfer) = ([1, 1, 0, 1, 0], " (linear)")
        case "gamma22", "bt470m": (curve, transfer) = ([2.2, 1, 0, 1, 0], " (gamma 2.2)")
        case "gamma28", "bt470bg": (curve, transfer) = ([2.8, 1, 0, 1, 0], " (gamma 2.8)")
        default: (curve, transfer) = ([2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045], "")
        }
        let matrix = rgbToXYZ(p.r, p.g, p.b, white: p.w)
        let adapt = bradford(from: xyz(p.w), to: d50)
        let adapted = multiply(adapt, matrix)
        var tags: [(String, [UInt8])] = [
            ("desc", mluc(title + transfer)),
            ("cprt", mluc("No copyright, use freely")),
            ("wtpt", xyzType(d50)),
            ("rXYZ", xyzType((adapted[0][0], adapted[1][0], adapted[2][0]))),
            ("gXYZ", xyzType((adapted[0][1], adapted[1][1], adapted[2][1]))),
            ("bXYZ", xyzType((adapted[0][2], adapted[1][2], adapted[2][2]))),
            ("chad", sf32(adapt.flatMap { $0 })),
        ]
        let trc = para(curve)
        tags += [("rTRC", trc), ("gTRC", trc), ("bTRC", trc)]
        return assemble(tags)
    }

    // MARK: Colorimetry

    private typealias Matrix = [[Double]]
    private static let d50 = (0.9642, 1.0, 0.8249)

    private static func xyz(_ c: (Double, Double)) -> (Double, Double, Double) { (c.0 / c.1, 1, (1 - c.0 - c.1) / c.1) }

    private static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    private static func inverse(_ m: Matrix) -> Matrix {
        let det =
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        func c(_ r0: Int, _ r1: Int, _ c0: Int, _ c1: Int) -> Double { m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0] }
        return [
            [c(1, 2, 1, 2), -c(0, 2, 1, 2), c(0, 1, 1, 2)],
            [-c(1, 2, 0, 2), c(0, 2, 0, 2), -c(0, 1, 0, 2)],
            [c(1, 2, 0, 1), -c(0, 2, 0, 1), c(0, 1, 0, 1)],
        ].map { $0.map { $0 / det } }
    }

    /// RGB to XYZ: the primaries' XYZ scaled so that RGB (1, 1, 1) is the white.
    private static func rgbToXYZ(_ r: (Double, Double), _ g: (Double, Double), _ b: (Double, Double), white: (Double, Double))
        -> Matrix
    {
        let (rx, gx, bx) = (xyz(r), xyz(g), xyz(b))
        let m: Matrix = [[rx.0, gx.0, bx.0], [rx.1, gx.1, bx.1], [rx.2, gx.2, bx.2]]
        let w = xyz(white)
        let inv = inverse(m)
        let s = (0..<3).map { i in inv[i][0] * w.0 + inv[i][1] * w.1 + inv[i][2] * w.2 }
        return m.map { row in (0..<3).map { row[$0] * s[$0] } }
    }

    /// The Bradford chromatic adaptation from one white to another.
    private static func bradford(from source: (Double, Double, Double), to target: (Double, Double, Double)) -> Matrix {
        let b: Matrix = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
        func cone(_ v: (Double, Double, Double)) -> [Double] { b.map { $0[0] * v.0 + $0[1] * v.1 + $0[2] * v.2 } }
        let (s, t) = (cone(source), cone(target))
        let scale: Matrix = [[t[0] / s[0], 0, 0], [0, t[1] / s[1], 0], [0, 0, t[2] / s[2]]]
        return multiply(inverse(b), multiply(scale, b))
    }

    // MARK: Encoding

    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    private static func fixed(_ v: Double) -> [UInt8] { be32(UInt32(bitPattern: Int32((v * 65536).rounded()))) }
    private static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    private static func xyzType(_ v: (Double, Double, Double)) -> [UInt8] {
        ascii("XYZ ") + [0, 0, 0, 0] + fixed(v.0) + fixed(v.1) + fixed(v.2)
    }

    private static func sf32(_ values: [Double]) -> [UInt8] { ascii("sf32") + [0, 0, 0, 0] + values.flatMap(fixed) }

    /// A parametric curve of type 3: Y = (aX + b)^g for X >= d, else cX.
    private static func para(_ p: [Double]) -> [UInt8] { ascii("para") + [0, 0, 0, 0] + [0, 3, 0, 0] + p.flatMap(fixed) }

    /// A multi-localized Unicode text, in English.
    private static func mluc(_ text: String) -> [UInt8] {
        let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return ascii("mluc") + [0, 0, 0, 0] + be32(1) + be32(12) + ascii("enUS") + be32(UInt32(utf16.count)) + be32(28) + utf16
    }

    /// The header, the tag table and the tags, each on a 4-byte boundary.
    private static func assemble(_ tags: [(String, [UInt8])]) -> [UInt8] {
        let tableEnd = 128 + 4 + 12 * tags.count
        var data: [UInt8] = []
        var table = be32(UInt32(tags.count))
        var offsets: [[UInt8]: Int] = [:]  // a tag shared (the three TRCs) is stored once
        for (signature, body) in tags {
            let offset: Int
            if let shared = offsets[body] {
                offset = shared
            } else {
                offset = tableEnd + data.count
                offsets[body] = offset
                data += body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
            }
            table += ascii(signature) + be32(UInt32(offset)) + be32(UInt32(body.count))
        }
        let size = tableEnd + data.count
        var header = be32(UInt32(size)) + [0, 0, 0, 0] + [0x04, 0x30, 0, 0] + ascii("mntr") + ascii("RGB ") + ascii("XYZ ")
        header += [0x07, 0xEA, 0, 12, 0, 7, 0, 0, 0, 0, 0, 0]  // 2026-12-07: when these profiles were first written
        header += ascii("acsp") + [UInt8](repeating: 0, count: 24)  // platform, flags, manufacturer, model, attributes
        header += be32(0) + fixed(d50.0) + fixed(d50.1) + fixed(d50.2)  // perceptual intent; the PCS illuminant
        header += [UInt8](repeating: 0, count: 128 - header.count)  // creator, profile ID, reserved
        return header + table + data
    }
}
