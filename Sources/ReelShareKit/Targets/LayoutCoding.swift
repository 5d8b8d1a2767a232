// A target's canvas layout in the profile schema: each fact with its source and whether it is an
// approximation. Decoded and checked, and written back by the same keys.
import FoundationEssentials

extension CanvasLayout: Decodable {
    private enum Key: String, CodingKey, CaseIterable { case background, colors, sticker, safeZones }
    private enum FactKey: String, CodingKey { case source, approximation }
    private enum BackgroundKey: String, CodingKey, CaseIterable { case fit, source, approximation }
    private enum ColorKey: String, CodingKey, CaseIterable { case top, bottom, source, approximation }
    private enum StickerKey: String, CodingKey, CaseIterable { case width, height, centerX, centerY, source, approximation }
    private enum ZoneKey: String, CodingKey, CaseIterable { case top, bottom, left, right, source, approximation }

    /// A fact's object: its own keys plus source and approximation, both required.
    private static func fact<K: CodingKey & CaseIterable & RawRepresentable, V>(
        _ c: KeyedDecodingContainer<Key>, _ key: Key, _ keys: K.Type, _ value: (KeyedDecodingContainer<K>) throws -> V
    ) throws -> LayoutFact<V> where K.RawValue == String {
        let decoder = try c.superDecoder(forKey: key)
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: K.allCases.map(\.rawValue))
        let facts = try decoder.container(keyedBy: FactKey.self)
        let source = try facts.decode(String.self, forKey: .source)
        guard !source.trimmingSpaces.isEmpty else {
            throw ProfileDecoding.invalid(facts, .source, "must not be empty")
        }
        return LayoutFact(
            try value(try decoder.container(keyedBy: K.self)), source: source,
            approximation: try facts.decode(Bool.self, forKey: .approximation))
    }

    /// A fraction of the canvas, 0 to 1 (`absent` when the key may be left out).
    private static func fraction<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K, absent: Double? = nil) throws -> Double {
        guard let value = try c.decodeIfPresent(Double.self, forKey: key) ?? absent else {
            throw DecodingError.keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: "missing"))
        }
        guard value >= 0, value <= 1 else { throw ProfileDecoding.invalid(c, key, "must be a fraction of the canvas, 0 to 1") }
        return value
    }

    private static func color<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> String {
        let value = try c.decode(String.self, forKey: key)
        guard ColorPair.rgb(value) != nil else { throw ProfileDecoding.invalid(c, key, "'\(value)' must be #RRGGBB") }
        return value
    }

    public init(from decoder: any Decoder) throws {
        try ProfileDecoding.rejectUnknownKeys(in: decoder, known: Key.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        background = try Self.fact(c, .background, BackgroundKey.self) { try $0.decode(BackgroundFit.self, forKey: .fit) }
        colors = try Self.fact(c, .colors, ColorKey.self) {
            ColorPair(top: try Self.color($0, .top), bottom: try Self.color($0, .bottom))
        }
        sticker = try Self.fact(c, .sticker, StickerKey.self) { s in
            let place = StickerPlacement(
                width: try Self.fraction(s, .width), height: try Self.fraction(s, .height),
                centerX: try Self.fraction(s, .centerX),
                centerY: try Self.fraction(s, .centerY))
            guard place.width > 0, place.height > 0 else {
                throw ProfileDecoding.invalid(s, .width, "the sticker box must not be empty")
            }
            return place
        }
        safeZones = try Self.fact(c, .safeZones, ZoneKey.self) { z in
            let zones = SafeZones(
                top: try Self.fraction(z, .top), bottom: try Self.fraction(z, .bottom),
                left: try Self.fraction(z, .left, absent: 0),
                right: try Self.fraction(z, .right, absent: 0))
            guard zones.top + zones.bottom < 1, zones.left + zones.right < 1 else {
                throw ProfileDecoding.invalid(z, .top, "the zones cover the whole canvas")
            }
            return zones
        }
    }

    var json: JSON {
        func fact<K: CodingKey, V>(_ members: KeyValuePairs<K, JSON?>, _ fact: LayoutFact<V>) -> JSON {
            var object = JSON.members(members)
            object[FactKey.source.stringValue] = .string(fact.source)
            object[FactKey.approximation.stringValue] = .bool(fact.approximation)
            return .object(object)
        }
        let place = sticker.value, zones = safeZones.value
        return .keyed([
            Key.background: fact([BackgroundKey.fit: .string(background.value.rawValue)], background),
            .colors: fact([ColorKey.top: .string(colors.value.top), .bottom: .string(colors.value.bottom)], colors),
            .sticker: fact(
                [
                    StickerKey.width: .number(place.width), .height: .number(place.height), .centerX: .number(place.centerX),
                    .centerY: .number(place.centerY),
                ], sticker),
            .safeZones: fact(
                [
                    ZoneKey.top: .number(zones.top), .bottom: .number(zones.bottom), .left: .number(zones.left),
                    .right: .number(zones.right),
                ], safeZones),
        ])
    }
}
