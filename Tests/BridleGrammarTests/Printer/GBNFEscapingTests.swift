import Testing
@testable import BridleGrammar

@Suite("GBNFEscaping")
struct GBNFEscapingTests {
    @Test("literals escape quotes, backslashes and non-printing scalars")
    func literal() {
        #expect(GBNFEscaping.literal("say \"hi\"\n", escapesNonASCII: false) == #"say \"hi\"\n"#)
        #expect(GBNFEscaping.literal("[a-z]^", escapesNonASCII: false) == "[a-z]^")
        #expect(GBNFEscaping.literal("\u{8}\u{1B}", escapesNonASCII: false) == #"\x08\x1B"#)
        #expect(GBNFEscaping.literal("Ω", escapesNonASCII: true) == #"\u03A9"#)
    }

    @Test("class members escape ], \\, - everywhere and ^ only first; never \\^")
    func classMember() {
        #expect(GBNFEscaping.classMember(0x5E, isFirst: true, escapesNonASCII: false) == #"\x5E"#)
        #expect(GBNFEscaping.classMember(0x5E, isFirst: false, escapesNonASCII: false) == "^")
        #expect(GBNFEscaping.classMember(0x5D, isFirst: false, escapesNonASCII: false) == #"\]"#)
        #expect(GBNFEscaping.classMember(0x2D, isFirst: true, escapesNonASCII: false) == #"\-"#)
        #expect(GBNFEscaping.classMember(0x5C, isFirst: false, escapesNonASCII: false) == #"\\"#)
        #expect(GBNFEscaping.classMember(0x5B, isFirst: false, escapesNonASCII: false) == "[")
        #expect(GBNFEscaping.classMember(0x22, isFirst: false, escapesNonASCII: false) == "\"")
        #expect(GBNFEscaping.classMember(0xFFFF_FFFF, isFirst: false, escapesNonASCII: false) == #"\UFFFFFFFF"#)
        #expect(GBNFEscaping.classMember(0xDC00, isFirst: false, escapesNonASCII: false) == #"\uDC00"#)
    }

    @Test("every escape the printer writes is one llama.cpp's parse_char knows")
    func onlyKnownEscapes() throws {
        let known: Set<Character> = ["x", "u", "U", "t", "r", "n", "\\", "\"", "[", "]", "-"]
        for seed in UInt64(0)..<200 {
            guard let text = try? GBNFPrinter().print(RandomGrammar.make(seed: seed)) else { continue }
            var iterator = text.unicodeScalars.makeIterator()
            while let scalar = iterator.next() {
                guard scalar == "\\" else { continue }
                let escaped = iterator.next().map(Character.init)
                #expect(escaped.map(known.contains) == true, "seed \(seed): \\\(escaped.map(String.init) ?? "")")
            }
        }
    }
}
