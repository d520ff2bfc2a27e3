import BridleMask
import Testing

struct TokenVocabularyTests {
    @Test func textTokensAreInTheTrieOnceEach() throws {
        let vocabulary = MaskFixtures.vocabulary32k
        #expect(vocabulary.count == 32_000)
        #expect(vocabulary.textTokenCount == 31_999)
        #expect(vocabulary.kind(of: 31_999) == .endOfGeneration)
    }

    @Test func emptyTextTokensAreExcluded() {
        let vocabulary = TokenVocabulary(tokens: [[0x61], [], [0x61]], kinds: [.text, .text, .text])
        #expect(vocabulary.kind(of: 1) == .excluded)
        #expect(vocabulary.textTokenCount == 2)
        #expect(Array(vocabulary.bytes(of: 2)) == [0x61])
    }
}
