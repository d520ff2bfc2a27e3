/// How the vocabulary's tokens read as text of one ``TextClass``, per node of the trie, built
/// once per (vocabulary, class) and shared by every grammar.
///
/// Each node's bytes are read from its *anchor*: the nearest node on its path whose own byte
/// leaves the class (`"` in `"hello` for JSON text, `:` in `nginx:latest` for a class
/// without `:`), or the root. A walk that knows where a run of class text leads from an anchor
/// takes the nodes below it to their positions without stepping through their bytes.
///
/// ```swift
/// // tokens "\"ab" and "x" under TextClass.jsonText:
/// // node  "   a   b   x
/// // anchorDepth 1, 1, 1, 0; characters -1, 1, 2, 1
/// ```
struct TextClassView: Sendable {
    let textClass: TextClass
    /// Per node: the depth of its anchor (0 for the root; its own depth for an anchor).
    let anchorDepth: [UInt16]
    /// Per node: how many characters of the class the bytes after its anchor make, counting
    /// one still arriving; -1 for an anchor.
    let characters: [Int16]
    /// Per node: whether the bytes after its anchor end partway through a character.
    let endsMidCharacter: [Bool]
    /// Per node: the most ``characters`` of any node in its subtree (itself included), or -1
    /// if the subtree holds an anchor.
    let subtreeCharacters: [Int16]
    /// Per anchor: the most ``characters`` of the nodes anchored at it (0 if none).
    let longestBelow: [Int16]
    /// `tokensWithin[n]`: the tokens that are text of the class from the root, of at most `n`
    /// characters, for `n` up to the longest such token or ``characterLimit``.
    let tokensWithin: [TokenMask]
    /// Longer tokens than this are walked like any other.
    static let characterLimit = 64

    init(_ textClass: TextClass, trie: TokenTrie, vocabularySize: Int) {
        self.textClass = textClass
        let nodeCount = trie.nodeCount
        var anchorDepth = [UInt16](repeating: 0, count: nodeCount)
        var characters = [Int16](repeating: -1, count: nodeCount)
        var endsMidCharacter = [Bool](repeating: false, count: nodeCount)
        var longestBelow = [Int16](repeating: 0, count: nodeCount)
        var parent = [Int32](repeating: -1, count: nodeCount)
        // Per depth on the current path: the reading since the anchor, the anchor's depth,
        // and the node.
        var readingAt = [TextClass.Reading](repeating: TextClass.Reading(), count: trie.maximumDepth + 1)
        var anchorAt = [UInt16](repeating: 0, count: trie.maximumDepth + 1)
        var nodeAt = [Int](repeating: -1, count: trie.maximumDepth + 1)
        for node in 0..<nodeCount {
            let level = Int(trie.depth[node])
            nodeAt[level] = node
            parent[node] = level > 1 ? Int32(nodeAt[level - 1]) : -1
            let reading = readingAt[level - 1].after(trie.nodeByte[node], in: textClass)
            if reading.isInClass {
                readingAt[level] = reading
                anchorAt[level] = anchorAt[level - 1]
                characters[node] = reading.characters
                endsMidCharacter[node] = reading.endsMidCharacter
                let anchor = Int(anchorAt[level])
                if anchor > 0 {
                    longestBelow[nodeAt[anchor]] = max(longestBelow[nodeAt[anchor]], reading.characters)
                }
            } else {
                // Out of the class: this node anchors what follows, read afresh from here.
                readingAt[level] = TextClass.Reading()
                anchorAt[level] = UInt16(level)
            }
            anchorDepth[node] = anchorAt[level]
        }
        var subtree = characters
        for node in (0..<nodeCount).reversed() where parent[node] >= 0 {
            let up = Int(parent[node])
            subtree[up] = subtree[up] < 0 || subtree[node] < 0 ? -1 : max(subtree[up], subtree[node])
        }
        self.anchorDepth = anchorDepth
        self.characters = characters
        self.endsMidCharacter = endsMidCharacter
        self.longestBelow = longestBelow
        subtreeCharacters = subtree

        var exactly = [TokenMask](repeating: TokenMask(vocabularySize: vocabularySize), count: Self.characterLimit + 1)
        var longest = 0
        for node in 0..<nodeCount where trie.endingTokenCount[node] > 0 && anchorDepth[node] == 0 {
            let count = Int(characters[node])
            guard count >= 0, count <= Self.characterLimit else { continue }
            longest = max(longest, count)
            let first = Int(trie.firstToken[node])
            for index in first..<(first + Int(trie.endingTokenCount[node])) { exactly[count].insert(trie.tokens[index]) }
        }
        var within = Array(exactly.prefix(longest + 1))
        for count in within.indices.dropFirst() { within[count].formUnion(within[count - 1]) }
        tokensWithin = within
    }
}
