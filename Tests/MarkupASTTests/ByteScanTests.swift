import MarkupAST
import Testing

@Suite("ByteScan")
struct ByteScanTests {
    @Test("finds the first match in the 8-byte blocks, in the tail, or returns the count")
    func firstIndex() {
        let text: [UInt8] = Array("abcdefgh<ijklmnop\nqr<".utf8)
        text.withUnsafeBufferPointer { b in
            #expect(ByteScan.firstIndex(of: UInt8(ascii: "<"), in: b, from: 0) == 8)
            #expect(ByteScan.firstIndex(of: UInt8(ascii: "<"), in: b, from: 9) == 20)
            #expect(ByteScan.firstIndex(of: 0x0A, in: b, from: 0) == 17)
            #expect(ByteScan.firstIndex(of: UInt8(ascii: "z"), in: b, from: 3) == text.count)
            #expect(ByteScan.firstIndex(of: UInt8(ascii: "a"), in: b, from: text.count) == text.count)
        }
        // A byte 0x80 above a match must not hide it (the borrow case of the zero-byte test).
        let high: [UInt8] = [0x01, 0x81, 0x00, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41]
        high.withUnsafeBufferPointer { b in
            #expect(ByteScan.firstIndex(of: 0x00, in: b, from: 0) == 2)
            #expect(ByteScan.firstIndex(of: 0x01, in: b, from: 0) == 0)
        }
    }
}
