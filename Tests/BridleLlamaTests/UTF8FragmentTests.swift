@testable import BridleLlama
import BridleTestSupport
import Testing

@Suite struct UTF8FragmentTests {
    private static let alphabet: [String] = ["a", "\"", "é", "ß", "日", "本", "😀", "\u{0}", "\u{7F}", "\u{10FFFF}", "\u{E000}"]

    /// Every slice of valid UTF-8 is a possible fragment.
    @Test(arguments: 0..<200)
    func slicesOfTextArePossible(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let text = (0..<8).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }.joined()
        let bytes = Array(text.utf8)
        let start = Int(random.next() % UInt64(bytes.count))
        let end = start + Int(random.next() % UInt64(bytes.count - start + 1))
        #expect(UTF8Fragment.isPossible(bytes[start..<end]), "\(bytes[start..<end])")
    }

    @Test(arguments: [
        [0xC1, 0x2E],             // C1 never appears (it would be an overlong ".")
        [0xC0, 0x80],             // overlong NUL
        [0x78, 0xD5, 0x63],       // a lead byte followed by ASCII
        [0xC4, 0xC2, 0x31],       // a lead byte followed by a lead byte
        [0xE0, 0x80, 0x80],       // overlong three-byte form
        [0xED, 0xA0, 0x80],       // a surrogate
        [0xF4, 0x90, 0x80, 0x80], // beyond U+10FFFF
        [0xF8],                   // never a lead byte
        [0x80, 0x80, 0x80, 0x80], // four continuation bytes cannot follow one lead
    ] as [[UInt8]])
    func bytesNoTextContainsAreNot(bytes: [UInt8]) {
        #expect(!UTF8Fragment.isPossible(bytes))
    }

    @Test func theTinyModelsOddTokensAreMaskedAndOrdinaryOnesKept() throws {
        let model = try LlamaModel(path: TestModels.large.path)
        let masked = Set(model.tokensNeverInText)
        #expect(!masked.isEmpty)
        for token in masked {
            #expect(!UTF8Fragment.isPossible(model.bytes(of: token)))
        }
        for text in ["{\"", "\":", "é", "a"] {
            for token in try model.tokenize(text) { #expect(!masked.contains(token)) }
        }
    }
}
