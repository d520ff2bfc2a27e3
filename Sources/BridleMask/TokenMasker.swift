import BridleGrammar

/// Which tokens may come next under a grammar: the mask engine's state for one response.
///
/// A token is allowed exactly when its bytes extend the text so far to the beginning of a
/// sentence of the grammar (as ``GrammarMatcher`` reads it: strict UTF-8), and an
/// end-of-generation token exactly when the text so far is a whole sentence. The mask is
/// found by walking the vocabulary's byte trie with the matcher: a byte the grammar rejects
/// prunes every token that starts with the bytes so far, and a matcher snapshot per depth
/// makes backing out of a branch free. Inside free text (a string value), where most of the
/// vocabulary is allowed, the matcher first finds how many plain characters the grammar
/// takes in a row whichever they are; every token of at most that many plain characters is
/// then allowed from a table built once per vocabulary, and the walk only steps through
/// tokens that leave the text (`",`, `\n`). A mask is computed once per position and reused
/// until a token is accepted.
///
/// ```swift
/// var masker = try TokenMasker(grammar, vocabulary: vocabulary)
/// let mask = masker.mask()        // the tokens that may start the response
/// masker.accept(token)            // true if `token` was allowed; then the text grew
/// masker.isComplete               // whether end-of-generation is allowed now
/// ```
public struct TokenMasker: Sendable {
    public let vocabulary: TokenVocabulary
    private var matcher: GrammarMatcher
    private let workspace: MatcherWorkspace
    /// The last mask, and the position it was computed at.
    private var cached: (mask: TokenMask, position: GrammarMatcher)?
    // Reused from walk to walk: one matcher per trie depth.
    private var stack: [GrammarMatcher]

    /// - Throws: ``GrammarMatcherError`` if the grammar cannot be compiled.
    public init(_ grammar: Grammar, vocabulary: TokenVocabulary) throws(GrammarMatcherError) {
        try self.init(GrammarMatcher(grammar), vocabulary: vocabulary)
    }

    /// Masks from where `matcher` stands (it may have read a prefix already).
    public init(_ matcher: GrammarMatcher, vocabulary: TokenVocabulary) {
        self.vocabulary = vocabulary
        self.matcher = matcher
        workspace = matcher.makeWorkspace()
        stack = [GrammarMatcher](repeating: matcher, count: vocabulary.trie.maximumDepth + 1)
    }

    /// Whether the text so far is a whole sentence: end-of-generation tokens are allowed.
    public var isComplete: Bool { matcher.isComplete }

    /// The matcher at the current position.
    public var position: GrammarMatcher { matcher }

    /// The tokens allowed next.
    public mutating func mask() -> TokenMask {
        if let cached, cached.position.isAtSamePosition(as: matcher) { return cached.mask }
        var mask = cached?.mask ?? TokenMask(vocabularySize: vocabulary.count)
        cached = nil
        mask.removeAll()
        // Inside free text, a token of plain characters is allowed iff it fits the run: all
        // of them go in at once, from the table for the run's length.
        let table = vocabulary.plainTokensWithin
        let run = matcher.uniformRun(
            over: PlainText.ranges, representative: PlainText.representative, limit: max(table.count - 1, 0), using: workspace)
        if run.positions.count > 1 { mask.formUnion(table[run.positions.count - 1]) }
        walk(into: &mask, run: run)
        if matcher.isComplete {
            for token in vocabulary.endOfGenerationTokens { mask.insert(token) }
        }
        cached = (mask, matcher)
        return mask
    }

    /// Walks the trie depth first from the current position. Nodes whose bytes are plain text
    /// within `run` are not stepped: their position is the run's for their length, and their
    /// tokens are in the mask already; subtrees of plain text that fit the run, or that the
    /// run rejects, are skipped whole.
    private mutating func walk(into mask: inout TokenMask, run: (positions: [GrammarMatcher], rejectsMore: Bool)) {
        let trie = vocabulary.trie
        let reach = run.positions.count - 1
        stack[0] = matcher
        var node = 0
        let nodeCount = trie.nodeCount
        trie.nodeByte.withUnsafeBufferPointer { bytes in
            trie.depth.withUnsafeBufferPointer { depths in
                trie.end.withUnsafeBufferPointer { ends in
                    trie.plainCharacters.withUnsafeBufferPointer { plainCharacters in
                        trie.plainSubtreeCharacters.withUnsafeBufferPointer { plainSubtrees in
                            while node < nodeCount {
                                let depth = Int(depths[node])
                                let plain = Int(plainCharacters[node])
                                if plain >= 0 {
                                    let subtree = Int(plainSubtrees[node])
                                    if (subtree >= 0 && subtree <= reach) || (plain > reach && run.rejectsMore) {
                                        node = Int(ends[node])
                                        continue
                                    }
                                    if plain <= reach, !trie.endsMidCharacter[node] {
                                        stack[depth] = run.positions[plain]
                                        node += 1
                                        continue
                                    }
                                }
                                var next = stack[depth - 1]
                                guard next.accept(bytes[node], using: workspace) else {
                                    node = Int(ends[node])
                                    continue
                                }
                                // Plain tokens within the run are in the mask already.
                                if plain < 0 || plain > reach {
                                    let ending = Int(trie.endingTokenCount[node])
                                    let first = Int(trie.firstToken[node])
                                    for index in first..<(first + ending) { mask.insert(trie.tokens[index]) }
                                }
                                // A node with children hands its matcher down.
                                if Int(ends[node]) > node + 1 { stack[depth] = next }
                                node += 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether `token` may come next, checked on its own: a few matcher steps, for when only
    /// a handful of tokens need an answer (the model's most likely ones).
    public func allows(_ token: Int32) -> Bool {
        position(after: token) != nil
    }

    /// Moves past `token` if it is allowed.
    ///
    /// - Returns: `false`, with the masker unchanged, if `token` is not allowed here.
    @discardableResult
    public mutating func accept(_ token: Int32) -> Bool {
        guard let next = position(after: token) else { return false }
        matcher = next
        return true
    }

    /// Where `token` leads, or `nil` if it is not allowed here.
    private func position(after token: Int32) -> GrammarMatcher? {
        guard token >= 0, Int(token) < vocabulary.count else { return nil }
        switch vocabulary.kind(of: token) {
        case .excluded:
            return nil
        case .endOfGeneration:
            return matcher.isComplete ? matcher : nil
        case .text:
            var next = matcher
            for byte in vocabulary.bytes(of: token) where !next.accept(byte, using: workspace) { return nil }
            return next
        }
    }

    /// The bytes every continuation starts with, as long as they are forced (exactly one
    /// byte allowed, and the text is not yet a sentence): keys, punctuation, the rest of an
    /// enum value. Empty when the next byte is a choice.
    public func forcedBytes(limit: Int = 256) -> [UInt8] {
        var probe = matcher
        var forced: [UInt8] = []
        while forced.count < limit, !probe.isComplete {
            var only: UInt8?
            for byte in UInt8.min...UInt8.max where probe.allows(byte) {
                if only != nil { return forced }
                only = byte
            }
            guard let only, probe.accept(only, using: workspace) else { return forced }
            forced.append(only)
        }
        return forced
    }
}
