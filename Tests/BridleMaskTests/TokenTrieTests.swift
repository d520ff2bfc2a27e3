@testable import BridleMask
import Testing

struct TextClassViewTests {
    /// Text is counted from each node's anchor: the root, or the nearest byte on its path
    /// that leaves the class (`"`, `\`, a control, a byte UTF-8 cannot have there).
    @Test func textIsCountedFromTheNearestAnchor() {
        let tokens = [#""ab"#, #"x"y"#, "é", #"\n"#].map { Array($0.utf8) }
        let trie = TokenTrie(tokens: tokens, including: { _ in true })
        let view = TextClassView(.jsonText, trie: trie, vocabularySize: tokens.count)
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
            #expect(Int(view.anchorDepth[index]) == anchor, "\(path.debugDescription)")
            #expect(Int(view.characters[index]) == plain, "\(path.debugDescription)")
        }
        #expect(view.longestBelow[node("\"")] == 2)
        #expect(view.subtreeCharacters[node("x")] == -1)
        #expect(view.subtreeCharacters[node("\"a")] == 2)
        // Tokens of text from the root, by length: "é" (one character) and nothing longer.
        #expect(view.tokensWithin.map(\.tokens) == [[], [2]])
    }

    /// A narrower class makes more anchors: `:` leaves `[a-z]`, and so does a character
    /// whose first bytes can only begin scalars outside the class.
    @Test func aCharacterOutsideTheClassIsAnAnchor() {
        let tokens = ["ab:c", "é", "日"].map { Array($0.utf8) }
        let trie = TokenTrie(tokens: tokens, including: { _ in true })
        let view = TextClassView(TextClass(ranges: [0x61...0x7A, 0xE9...0xE9]), trie: trie, vocabularySize: tokens.count)
        let characters = trie.nodeByte.indices.map { Int(view.characters[$0]) }
        // Nodes in byte order: a b : c, then 0xC3 0xA9 (é), then 0xE6 0x97 0xA5 (日).
        #expect(characters == [1, 2, -1, 1, 1, 1, -1, -1, -1])
        #expect(view.tokensWithin.map(\.tokens) == [[], [1]])
    }
}

struct TextClassTests {
    /// A character still arriving is in the class when some completion of its bytes is;
    /// the smallest and largest completions follow UTF-8's limits on the second byte.
    @Test(arguments: [
        ([0xC3], [0xE0...0xFF], true),        // C3 begins U+00C0…U+00FF
        ([0xC3], [0x100...0x200], false),
        ([0xE0], [0x100...0x7FF], false),     // E0 begins U+0800…U+0FFF, never less
        ([0xE0], [0x800...0x800], true),
        ([0xED], [0xE000...0xFFFF], false),   // ED stops before the surrogates: U+D000…U+D7FF
        ([0xF4, 0x8F], [0x10FFFF...0x10FFFF], true),
        ([0xF4, 0x90], [0x0...0x10FFFF], false),  // past U+10FFFF: malformed
    ] as [([UInt8], [ClosedRange<UInt32>], Bool)])
    func partialCharactersAreInTheClassWhenACompletionIs(_ bytes: [UInt8], _ ranges: [ClosedRange<UInt32>], _ expected: Bool) {
        let textClass = TextClass(ranges: ranges)
        let reading = bytes.reduce(TextClass.Reading()) { $0.after($1, in: textClass) }
        #expect(reading.isInClass == expected)
        #expect(!expected || reading.endsMidCharacter)
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
