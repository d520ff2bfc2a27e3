@testable import BridleMask
import Testing

struct TokenTrieTests {
    /// Plain text is counted from each node's anchor: the root, or the nearest byte on its
    /// path that is not plain text (`"`, `\`, a control, a byte UTF-8 cannot have there).
    @Test func plainTextIsCountedFromTheNearestAnchor() {
        let tokens = [#""ab"#, #"x"y"#, "é", #"\n"#].map { Array($0.utf8) }
        let trie = TokenTrie(tokens: tokens, including: { _ in true })
        // The node reached by following `path`'s bytes down from the root, or -1.
        func node(_ path: String) -> Int {
            var children = 0..<trie.nodeCount
            var found = -1
            for (offset, byte) in path.utf8.enumerated() {
                guard let child = children.first(where: { Int(trie.depth[$0]) == offset + 1 && trie.nodeByte[$0] == byte }) else { return -1 }
                found = child
                children = (child + 1)..<Int(trie.end[child])
            }
            return found
        }
        let expected: [(path: String, anchor: Int, plain: Int)] = [
            ("\"", 1, -1), ("\"a", 1, 1), ("\"ab", 1, 2),
            ("x", 0, 1), ("x\"", 2, -1), ("x\"y", 2, 1),
            ("é", 0, 1), ("\\", 1, -1), ("\\n", 1, 1),
        ]
        for (path, anchor, plain) in expected {
            let index = node(path)
            #expect(index >= 0, "\(path.debugDescription)")
            guard index >= 0 else { continue }
            #expect(Int(trie.anchorDepth[index]) == anchor, "\(path.debugDescription)")
            #expect(Int(trie.plainCharacters[index]) == plain, "\(path.debugDescription)")
        }
        #expect(trie.longestPlainBelow[node("\"")] == 2)
        #expect(trie.plainSubtreeCharacters[node("x")] == -1)
        #expect(trie.plainSubtreeCharacters[node("\"a")] == 2)
    }
}

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
