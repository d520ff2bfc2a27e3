/// The text tokens' bytes as a trie, laid out flat in depth-first order so a walk is a loop
/// over arrays: a node that rejects its byte is skipped with its whole subtree by jumping to
/// ``end``. Independent of any grammar.
///
/// Each node also says how its bytes read as ``PlainText``, counted from its *anchor*: the
/// nearest node on its path whose own byte is not plain text (`"` in `"hello`), or the root.
/// A walk that knows where free text runs from an anchor can then take the plain nodes below
/// it to their positions without stepping through their bytes.
///
/// ```swift
/// // tokens "a", "ab", "b" → nodes a(0) b(1) b(2); depth 1, 2, 1; end 2, 2, 3
/// // token "\"ab": nodes " a b; anchorDepth 1, 1, 1; plainCharacters -1, 1, 2
/// ```
struct TokenTrie: Sendable {
    /// Per node: the byte on the edge into it, its depth (1 for the root's children), and
    /// the index just past its subtree.
    let nodeByte: [UInt8]
    let depth: [UInt16]
    let end: [Int32]
    /// Per node: the tokens whose bytes end exactly there are
    /// `tokens[firstToken[n] ..< firstToken[n] + endingTokenCount[n]]`.
    let firstToken: [Int32]
    let endingTokenCount: [UInt16]
    /// Token IDs in byte order.
    let tokens: [Int32]
    let maximumDepth: Int
    /// Per node: the depth of its anchor (0 for the root; its own depth for an anchor).
    let anchorDepth: [UInt16]
    /// Per node: how many characters of plain text the bytes after its anchor make, counting
    /// one still arriving; -1 for an anchor.
    let plainCharacters: [Int16]
    /// Per node: whether the bytes after its anchor end partway through a character.
    let endsMidCharacter: [Bool]
    /// Per node: the most ``plainCharacters`` of any node in its subtree (itself included),
    /// or -1 if the subtree holds an anchor.
    let plainSubtreeCharacters: [Int16]
    /// Per anchor: the most ``plainCharacters`` of the nodes anchored at it (0 if none).
    let longestPlainBelow: [Int16]

    var nodeCount: Int { nodeByte.count }
    var tokenCount: Int { tokens.count }

    init(tokens allTokens: [[UInt8]], including: (Int) -> Bool) {
        let sorted = allTokens.indices.filter(including).sorted { allTokens[$0].lexicographicallyPrecedes(allTokens[$1]) }
        var nodeByte: [UInt8] = []
        var depth: [UInt16] = []
        var end: [Int32] = []
        var firstToken: [Int32] = []
        var endingTokenCount: [UInt16] = []
        var path: [Int] = []   // node index at each depth of the current token
        var previous: [UInt8] = []
        for (position, token) in sorted.enumerated() {
            let bytes = allTokens[token]
            let shared = zip(previous, bytes).prefix { $0 == $1 }.count
            while path.count > shared {
                end[path.removeLast()] = Int32(nodeByte.count)
            }
            if shared == bytes.count, let last = path.last {
                // Same bytes as the previous token: it ends at the same node.
                endingTokenCount[last] += 1
            } else {
                for offset in shared..<bytes.count {
                    path.append(nodeByte.count)
                    nodeByte.append(bytes[offset])
                    depth.append(UInt16(offset + 1))
                    end.append(0)
                    firstToken.append(Int32(position))
                    endingTokenCount.append(0)
                }
                endingTokenCount[nodeByte.count - 1] = 1
            }
            previous = bytes
        }
        while let node = path.popLast() { end[node] = Int32(nodeByte.count) }
        self.nodeByte = nodeByte
        self.depth = depth
        self.end = end
        self.firstToken = firstToken
        self.endingTokenCount = endingTokenCount
        self.tokens = sorted.map(Int32.init)
        maximumDepth = Int(depth.max() ?? 0)

        var anchorDepth = [UInt16](repeating: 0, count: nodeByte.count)
        var plainCharacters = [Int16](repeating: -1, count: nodeByte.count)
        var endsMidCharacter = [Bool](repeating: false, count: nodeByte.count)
        var longestPlainBelow = [Int16](repeating: 0, count: nodeByte.count)
        var parent = [Int](repeating: -1, count: nodeByte.count)
        // Per depth on the current path: the plain text read since the anchor, the anchor's
        // depth, and the node.
        var pathAt = [PlainText.Path](repeating: PlainText.Path(), count: maximumDepth + 1)
        var anchorAt = [UInt16](repeating: 0, count: maximumDepth + 1)
        var nodeAt = [Int](repeating: -1, count: maximumDepth + 1)
        for node in nodeByte.indices {
            let level = Int(depth[node])
            nodeAt[level] = node
            parent[node] = level > 1 ? nodeAt[level - 1] : -1
            let path = pathAt[level - 1].after(nodeByte[node])
            if path.isPlain {
                pathAt[level] = path
                anchorAt[level] = anchorAt[level - 1]
                plainCharacters[node] = path.characters
                endsMidCharacter[node] = path.endsMidCharacter
                let anchor = Int(anchorAt[level])
                if anchor > 0 {
                    longestPlainBelow[nodeAt[anchor]] = max(longestPlainBelow[nodeAt[anchor]], path.characters)
                }
            } else {
                // Not plain: this node anchors what follows, read afresh from here.
                pathAt[level] = PlainText.Path()
                anchorAt[level] = UInt16(level)
            }
            anchorDepth[node] = anchorAt[level]
        }
        var subtree = plainCharacters
        for node in nodeByte.indices.reversed() where parent[node] >= 0 {
            let up = parent[node]
            subtree[up] = subtree[up] < 0 || subtree[node] < 0 ? -1 : max(subtree[up], subtree[node])
        }
        self.anchorDepth = anchorDepth
        self.plainCharacters = plainCharacters
        self.endsMidCharacter = endsMidCharacter
        self.longestPlainBelow = longestPlainBelow
        plainSubtreeCharacters = subtree
    }

    /// The positions in ``tokens`` of the tokens in `node`'s subtree (those ending at it first).
    func tokenRange(ofSubtree node: Int) -> Range<Int> {
        let end = Int(self.end[node])
        return Int(firstToken[node])..<(end < nodeCount ? Int(firstToken[end]) : tokens.count)
    }
}
