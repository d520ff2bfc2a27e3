/// The text tokens' bytes as a trie, laid out flat in depth-first order so a walk is a loop
/// over arrays: a node that rejects its byte is skipped with its whole subtree by jumping to
/// ``end``. Independent of any grammar; how its tokens read as text of a class is
/// ``TextClassView``'s.
///
/// ```swift
/// // tokens "a", "ab", "b" → nodes a(0) b(1) b(2); depth 1, 2, 1; end 2, 2, 3
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
    }

    /// The positions in ``tokens`` of the tokens in `node`'s subtree (those ending at it first).
    func tokenRange(ofSubtree node: Int) -> Range<Int> {
        let end = Int(self.end[node])
        return Int(firstToken[node])..<(end < nodeCount ? Int(firstToken[end]) : tokens.count)
    }

    /// The tokens whose bytes are a prefix of `bytes` (non-empty ones), found by walking down
    /// the trie along them.
    func tokens(prefixing bytes: some Collection<UInt8>) -> [Int32] {
        var result: [Int32] = []
        var node = 0
        var level = 1
        for byte in bytes {
            // The children of the current path are the nodes at this depth up to its end.
            var found: Int?
            var candidate = node
            let limit = level == 1 ? nodeCount : Int(end[node - 1])
            while candidate < limit {
                if Int(depth[candidate]) == level && nodeByte[candidate] == byte {
                    found = candidate
                    break
                }
                candidate = Int(depth[candidate]) == level ? Int(end[candidate]) : candidate + 1
            }
            guard let match = found else { break }
            let first = Int(firstToken[match])
            result += tokens[first..<(first + Int(endingTokenCount[match]))]
            node = match + 1
            level += 1
        }
        return result
    }
}
