// Protocol Buffers' wire format, read through ByteReader: enough for aapt2's XML and resource
// table (an .aab's manifest and resources.pb). Debian has no Swift protobuf library, and the two
// messages doctor reads need only fields, varints and nested messages. Every length is checked
// against the bytes there; nothing is allocated for what a length merely claims.

/// Why an app file cannot be read: what is wrong and in which part ("binary XML: …").
public struct AppFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// How many fields one reading of a file may visit, all messages together: far more than an app's
/// manifest or the entries a check looks up, few enough that a table of millions of tiny fields
/// (a few bytes of a crafted file inflate to 64 MB of them) is refused at once.
final class ProtoBudget {
    static let fields = 500_000
    var left = ProtoBudget.fields
}

struct ProtoMessage {
    enum Value {
        case varint(UInt64)
        case fixed64(UInt64)
        case fixed32(UInt32)
        case bytes(ByteReader)
    }

    let bytes: ByteReader
    /// The message's name, for errors ("XmlElement").
    let name: String
    let budget: ProtoBudget

    init(_ bytes: ByteReader, name: String, budget: ProtoBudget = ProtoBudget()) {
        self.bytes = bytes
        self.name = name
        self.budget = budget
    }

    /// Every field in order, each read once and handed to `body`, which may stop the reading by
    /// returning false; a field cut short or of a wire type proto3 does not write (groups) is an
    /// error naming the message and the byte, and so is a reading past the budget of fields.
    func forEachField(_ body: (_ number: Int, _ value: Value) throws(AppFileError) -> Bool) throws(AppFileError) {
        var at = 0
        while at < bytes.count {
            budget.left -= 1
            guard budget.left >= 0 else {
                throw AppFileError("\(name): more than \(ProtoBudget.fields) fields, more than an app's files hold")
            }
            let start = at
            guard let key = varint(&at), key >> 3 > 0, key >> 3 <= UInt64(Int32.max) else {
                throw AppFileError("\(name): a malformed field key at byte \(start)")
            }
            let number = Int(key >> 3)
            let value: Value
            switch key & 7 {
            case 0:
                guard let varint = varint(&at) else { throw AppFileError("\(name): field \(number) is cut short") }
                value = .varint(varint)
            case 1:
                guard let fixed = bytes.littleEndian(at, 8) else { throw AppFileError("\(name): field \(number) is cut short") }
                at += 8
                value = .fixed64(fixed)
            case 5:
                guard let fixed = bytes.littleEndian(at, 4) else { throw AppFileError("\(name): field \(number) is cut short") }
                at += 4
                value = .fixed32(UInt32(fixed))
            case 2:
                guard let length = varint(&at), length <= UInt64(bytes.count - at), let window = bytes.window(at, Int(length))
                else { throw AppFileError("\(name): field \(number) claims more bytes than the message has") }
                at += Int(length)
                value = .bytes(window)
            default:
                throw AppFileError("\(name): field \(number) has the wire type \(key & 7), which proto3 does not write")
            }
            guard try body(number, value) else { return }
        }
    }

    /// The fields of a small message (an attribute, a reference), in order.
    func fields() throws(AppFileError) -> [(number: Int, value: Value)] {
        var result: [(Int, Value)] = []
        try forEachField { number, value throws(AppFileError) in
            result.append((number, value))
            return true
        }
        return result
    }

    /// A base-128 varint at `at` (at most 10 bytes), moving `at` past it.
    private func varint(_ at: inout Int) -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 70, by: 7) {
            guard let byte = bytes.u8(at) else { return nil }
            at += 1
            if shift == 63, byte > 1 { return nil }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}

extension ProtoMessage.Value {
    var uint: UInt64? {
        if case .varint(let value) = self { return value }
        return nil
    }

    /// An int32 field (negative values are written as ten-byte varints).
    var int32: Int64? { uint.map { Int64(Int32(truncatingIfNeeded: $0)) } }

    func string(_ message: String, field: Int) throws(AppFileError) -> String {
        guard case .bytes(let window) = self, let bytes = window.bytes(0, window.count),
            let text = String(validating: bytes, as: UTF8.self)
        else { throw AppFileError("\(message): field \(field) is not UTF-8 text") }
        return text
    }

    func message(_ name: String, in parent: ProtoMessage, field: Int) throws(AppFileError) -> ProtoMessage {
        guard case .bytes(let window) = self else {
            throw AppFileError("\(parent.name): field \(field) should hold a \(name) message")
        }
        return ProtoMessage(window, name: name, budget: parent.budget)
    }
}
