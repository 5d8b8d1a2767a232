// The payload's base64 encoder (C, two characters per table lookup) against Foundation's.
import Foundation
import ReelShareMedia
import ReelShareTestSupport
import Testing

@Suite("Payload encoder")
struct EncoderTests {
    @Test("base64 matches Foundation for every length up to 300 and every remainder")
    func matchesFoundation() {
        var generator = XorShift(seed: 0xBA5E_64)
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(PayloadWriter.base64(bytes) == Data(bytes).base64EncodedString(), "length \(length)")
        }
        let all = (0..<3 * 256).map { UInt8($0 % 256) }
        #expect(PayloadWriter.base64(all) == Data(all).base64EncodedString())
    }
}
