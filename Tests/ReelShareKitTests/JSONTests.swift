import Testing
@testable import ReelShareKit

@Suite("JSON writer")
struct JSONTests {
    @Test("keys are sorted and nulls are kept")
    func sortedKeysAndNulls() {
        let value = JSON.object(["b": .int(1), "a": .null, "c": .array([.bool(true), .string("x")])])
        #expect(value.serialized == #"{"a":null,"b":1,"c":[true,"x"]}"#)
    }

    @Test("strings escape quotes, backslashes and control characters, not slashes or Unicode")
    func escaping() {
        let value = JSON.string("a\"b\\c/d\ne\u{01}é😀")
        #expect(value.serialized == #""a\"b\\c/d\ne\u0001é😀""#)
    }

    @Test(
        "text that needs no escape is copied whole; each escape is found wherever it is",
        arguments: [
            ("plain/path name.mp4", #""plain/path name.mp4""#), ("tab\tlast", #""tab\tlast""#),
            ("\u{1F}first", #""\u001ffirst""#), ("end\"", #""end\"""#),
            ("a\u{10FF80}b", "\"a\u{FFFD}b\""),  // an undecodable byte of a file name (PathCoding)
            ("\u{100000}", "\"\u{100000}\""),  // the same lead byte, a real character: kept
        ])
    func fastPath(text: String, expected: String) {
        #expect(JSON.string(text).serialized == expected)
    }

    @Test(
        "doubles keep a decimal point; non-finite values become null",
        arguments: [
            (2.0, "2.0"), (1.024, "1.024"), (29.97002997002997, "29.97002997002997"),
            (Double.nan, "null"), (Double.infinity, "null"), (-0.5, "-0.5"),
        ])
    func doubles(value: Double, expected: String) {
        #expect(JSON.double(value).serialized == expected)
    }
}
