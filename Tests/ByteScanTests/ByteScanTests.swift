import ByteScan
import Testing

@Suite("ByteScan")
struct ByteScanTests {
    @Test("hasPrefix(_:ascii:) answers as String.hasPrefix, on the bytes when they are ASCII")
    func hasASCIIPrefix() {
        let cases = [
            "data-id", "data", "dat", "", "Data-x", "data-\u{E9}", "on", "on\u{301}click",
            "\u{212A}ey", "o\u{301}n", "onclick", "#fnref:1", "#\u{301}x", "mailto:a@b.c",
        ]
        for s in cases {
            for prefix: StaticString in ["data-", "on", "K", "#", "#fnref", "mailto:"] {
                #expect(
                    ByteScan.hasPrefix(s, ascii: prefix) == s.hasPrefix(prefix.description),
                    "\(s) \(prefix)")
            }
        }
        let long = String(repeating: "a", count: 40)
        #expect(ByteScan.hasPrefix(long + "x", ascii: "aaaa"))
        #expect(!ByteScan.hasPrefix("a" + long, ascii: "b"))
    }

    @Test("firstIndex(ofByteInLongBuffer:) finds the first byte or returns the count")
    func firstIndexInLongBuffer() {
        let text: [UInt8] = Array((String(repeating: "x", count: 100) + "\r" + "y\r").utf8)
        text.withUnsafeBufferPointer { b in
            #expect(ByteScan.firstIndex(ofByteInLongBuffer: 0x0D, b) == 100)
            #expect(ByteScan.firstIndex(ofByteInLongBuffer: 0x00, b) == text.count)
        }
        let empty: [UInt8] = []
        empty.withUnsafeBufferPointer {
            #expect(ByteScan.firstIndex(ofByteInLongBuffer: 0x0D, $0) == 0)
        }
    }

    @Test("finds the first match in the 8-byte blocks, in the tail, or returns the count")
    func firstIndex() {
        let text: [UInt8] = Array("abcdefgh<ijklmnop\nqr<".utf8)
        text.withUnsafeBufferPointer { b in
            #expect(ByteScan.firstIndex(of: UInt8(ascii: "<"), in: b, from: 0) == 8)
            #expect(ByteScan.firstIndex(of: UInt8(ascii: "<"), in: b, from: 9) == 20)
            #expect(ByteScan.firstIndex(of: 0x0A, in: b, from: 0) == 17)
            #expect(ByteScan.firstIndex(of: UInt8(ascii: "z"), in: b, from: 3) == text.count)
            #expect(
                ByteScan.firstIndex(of: UInt8(ascii: "a"), in: b, from: text.count) == text.count)
        }
        // A byte 0x80 above a match must not hide it (the borrow case of the zero-byte test).
        let high: [UInt8] = [0x01, 0x81, 0x00, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41]
        high.withUnsafeBufferPointer { b in
            #expect(ByteScan.firstIndex(of: 0x00, in: b, from: 0) == 2)
            #expect(ByteScan.firstIndex(of: 0x01, in: b, from: 0) == 0)
        }
    }

    /// Random buffers biased towards the bytes the tests look for (and their neighbours,
    /// where borrows make false flags), each scan checked against a byte loop.
    @Test("the word tests and scans agree with byte loops")
    func agreesWithByteLoops() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let palette: [UInt8] = [
            0x00, 0x01, 0x0A, 0x0B, 0x1F, 0x20, 0x21, 0x3C, 0x3D, 0x26, 0x5B,
            0x5C, 0x7F, 0x80, 0x81, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF, 0x61,
        ]
        for _ in 0..<3_000 {
            let count = Int(next() % 40)
            let bytes = (0..<count).map { _ in palette[Int(next() % UInt64(palette.count))] }
            let start = count == 0 ? 0 : Int(next() % UInt64(count + 1))
            bytes.withUnsafeBufferPointer { b in
                for target: UInt8 in [0x00, 0x0A, 0x3C, 0x80] {
                    let expected = bytes[start...].firstIndex(of: target) ?? count
                    #expect(ByteScan.firstIndex(of: target, in: b, from: start) == expected)
                }
                guard let base = b.baseAddress else { return }
                let three = bytes[start...].firstIndex { $0 == 0x3C || $0 == 0x26 || $0 == 0 }
                #expect(
                    ByteScan.firstIndex(of: 0x3C, 0x26, 0, in: base, from: start, to: count)
                        == three ?? count)
                let ascii = bytes[start...].allSatisfy { $0 < 0x80 }
                #expect(ByteScan.isASCII(base, start, count) == ascii)
                for utf16 in [false, true] {
                    let units = bytes.reduce(0) {
                        $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) + (utf16 && $1 >= 0xF0 ? 1 : 0)
                    }
                    #expect(ByteScan.units(in: b, utf16: utf16) == units)
                }
                guard count >= 8 else { return }
                let word = ByteScan.word(base, 0)
                let first8 = Array(bytes[0..<8])
                func first(_ mask: UInt64) -> Int? { mask == 0 ? nil : ByteScan.firstFlag(mask) }
                #expect(first(ByteScan.bytes(word, equalTo: 0x20)) == first8.firstIndex(of: 0x20))
                #expect(first(ByteScan.bytes(word, below: 0x20)) == first8.firstIndex { $0 < 0x20 })
                #expect(first(ByteScan.nonASCII(word)) == first8.firstIndex { $0 >= 0x80 })
                let exact = ByteScan.exactBytes(word, equalTo: 0x20)
                for k in 0..<8 {
                    #expect((exact >> (8 * UInt64(k) + 7)) & 1 == (first8[k] == 0x20 ? 1 : 0))
                }
            }
        }
    }

    @Test("UTF-8 unit counts and validated strings")
    func unitsAndStrings() {
        Array("a€😀".utf8).withUnsafeBufferPointer { b in
            #expect(ByteScan.units(in: b, utf16: false) == 3)
            #expect(ByteScan.units(in: b, utf16: true) == 4)
        }
        #expect(ByteScan.string(fromValidUTF8: Array("héllo".utf8)) == "héllo")
        #expect(ByteScan.broadcast(0x2A) == 0x2A2A_2A2A_2A2A_2A2A)
    }
}

@Suite("ByteScan UTF-8 validation")
struct UTF8ValidationTests {
    /// The standard library's verdict, the reference.
    private func reference(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// `bytes` alone, after seven and after eight ASCII bytes (the word loop's edges), and
    /// followed by ASCII.
    private func agrees(_ bytes: [UInt8]) -> Bool {
        let shapes: [[UInt8]] = [
            bytes, Array("abcdefg".utf8) + bytes, Array("abcdefgh".utf8) + bytes,
            bytes + Array("abcdefghij".utf8),
        ]
        return shapes.allSatisfy { shape in
            shape.withUnsafeBufferPointer { ByteScan.isValidUTF8($0) } == reference(shape)
        }
    }

    @Test("every one- and two-byte sequence, and three-byte leads with boundary bytes")
    func shortSequences() {
        for a in 0...255 {
            #expect(agrees([UInt8(a)]))
            for b in 0...255 where !agrees([UInt8(a), UInt8(b)]) {
                Issue.record("disagrees on \(a) \(b)")
            }
        }
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in 0xE0...0xF7 {
            for b in edges {
                for c in edges {
                    #expect(agrees([UInt8(lead), b, c]))
                    for d in edges { #expect(agrees([UInt8(lead), b, c, d])) }
                }
            }
        }
    }

    @Test("random text mixing ASCII, multi-byte scalars and stray bytes")
    func randomText() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
            Array("xyzxyzxyz".utf8), [0x80], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xE2, 0x82], [0xC0, 0xAF], [0xF0, 0x9F, 0x98],
        ]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(next() % 12) { bytes += pieces[Int(next() % UInt64(pieces.count))] }
            #expect(bytes.withUnsafeBufferPointer { ByteScan.isValidUTF8($0) } == reference(bytes))
        }
        let text = Array("Ünïcödé text, 中文, and emoji 😀 with ASCII runs long enough".utf8)
        #expect(
            text.withUnsafeBufferPointer { ByteScan.string(validatingUTF8: $0) }
                == String(decoding: text, as: UTF8.self))
    }

    @Test("OutputBytes holds the bytes an Array would, through every append and growth")
    func outputBytesMatchesArray() {
        var out = OutputBytes(capacity: 1)
        defer { out.deallocate() }
        var expected: [UInt8] = []
        let source: [UInt8] = Array("0123456789abcdefghijklmnopqrstuvwxyz\u{E9}".utf8)
        for length in 0...source.count {
            source.withUnsafeBufferPointer {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<length]))
            }
            expected += source[0..<length]
            out.append(UInt8(length))
            expected.append(UInt8(length))
        }
        out.append(repeating: 0x2D, count: 70)
        expected += repeatElement(0x2D, count: 70)
        out.append(ascii: "<p>")
        out.append(utf8: "caf\u{E9}")
        out.append(contentsOf: out[2..<5].map { $0 })
        expected += Array("<p>caf\u{E9}".utf8) + expected[2..<5]
        out.insert(0x5C, at: 3)
        expected.insert(0x5C, at: 3)
        out[0] = 0x41
        expected[0] = 0x41
        out.removeLast()
        expected.removeLast()
        #expect(Array(out) == expected)
        #expect(out.last == expected.last)
        out.removeAll()
        #expect(out.isEmpty && out.string().isEmpty)
    }
}
