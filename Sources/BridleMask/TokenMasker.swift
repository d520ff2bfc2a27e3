import BridleGrammar

/// Which tokens may come next under a grammar: the mask engine's state for one response.
///
/// A token is allowed exactly when its bytes extend the text so far to the beginning of a
/// sentence of the grammar (as ``GrammarMatcher`` reads it: strict UTF-8), and an
/// end-of-generation token exactly when the text so far is a whole sentence. The mask is
/// found by walking the vocabulary's byte trie with the matcher: a byte the grammar rejects
/// prunes every token that starts with the bytes so far, and a matcher snapshot per depth
/// makes backing out of a branch free. Inside text (a string value, a pattern's `[0-9a-f]`),
/// where much of the vocabulary may be allowed, the matcher first finds how many characters
/// of the class the grammar treats alike it takes in a row; every token of at most that many
/// such characters is then allowed from a table built once per (vocabulary, class), and the
/// walk only steps through tokens that leave the class (`",`, `\n`). The same holds below
/// any node of the trie: the text after `"` in a token `"Hello` is a run of its own, found
/// once for all such tokens. A mask is computed once per position and reused until a token
/// is accepted.
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
        // Inside a run of text, every token of the run's class that fits the run is allowed:
        // all of them go in at once, from the view's table for the run's length.
        let (run, representative) = rootRun()
        let view = vocabulary.view(of: run.textClass)
        if run.reach > 0, !view.tokensWithin.isEmpty { mask.formUnion(view.tokensWithin[min(run.reach, view.tokensWithin.count - 1)]) }
        walk(into: &mask, view: view, rootRun: run, representative: representative)
        if matcher.isComplete {
            for token in vocabulary.endOfGenerationTokens { mask.insert(token) }
        }
        cached = (mask, matcher)
        return mask
    }

    /// The run of text from here, and a scalar of its class. The class is the JSON string
    /// text that leads where `a` leads (all of it in a plain string; less where a pattern tells
    /// some characters apart, as `(.+/)?.+:.+` does `/` and `:`), else where `A` or `0` leads.
    /// As the run goes on, the class may narrow to what later positions still treat alike, as
    /// long as it keeps its letters and digits (the bulk of a vocabulary's text tokens). A class
    /// of fewer than eight letters (a digit of a date, one letter of an enum value) holds too
    /// few tokens to be worth a view of the vocabulary: the walk steps them.
    private func rootRun() -> (TextRun, UInt32) {
        for representative in [0x61, 0x41, 0x30] as [UInt32] {
            guard let alike = matcher.scalars(like: representative, within: TextClass.jsonText.ranges) else { continue }
            let textClass = TextClass(ranges: alike)
            guard textClass == .jsonText || Self.letters.count(where: textClass.contains) >= 8 else { continue }
            let run = TextRun(
                from: matcher, of: textClass, like: representative, limit: vocabulary.longestTextCharacters,
                narrowingIf: { wider, narrower in
                    let (wider, narrower) = (TextClass(ranges: wider), TextClass(ranges: narrower))
                    return Self.lettersAndDigits.allSatisfy { !wider.contains($0) || narrower.contains($0) }
                },
                using: workspace)
            return (run, representative)
        }
        return (TextRun(from: matcher, of: .jsonText, like: 0x61, limit: 0, using: workspace), 0x61)
    }

    private static let letters: [UInt32] = Array(0x41...0x5A) + Array(0x61...0x7A)
    private static let lettersAndDigits: [UInt32] = Array(0x30...0x39) + letters

    /// Where runs of one class of text lead from one position: `positions[k]` is where any
    /// `k` characters of the class lead (see
    /// ``GrammarMatcher/uniformRun(over:representative:limit:narrowingIf:using:)``).
    private struct TextRun {
        let textClass: TextClass
        let positions: [GrammarMatcher]
        /// Whether the last position rejects every character of the class, so longer runs fail.
        let rejectsMore: Bool
        var reach: Int { positions.count - 1 }

        init(
            from matcher: GrammarMatcher, of textClass: TextClass, like representative: UInt32, limit: Int,
            narrowingIf mayNarrow: ([ClosedRange<UInt32>], [ClosedRange<UInt32>]) -> Bool = { _, _ in false },
            using workspace: MatcherWorkspace
        ) {
            let run = matcher.uniformRun(
                over: textClass.ranges, representative: representative, limit: limit, narrowingIf: mayNarrow, using: workspace)
            self.textClass = TextClass(ranges: run.ranges)
            positions = run.positions
            rejectsMore = run.rejectsMore
        }
    }

    /// Walks the trie depth first from the current position. A node's bytes after its anchor
    /// (the root, or a node whose byte leaves the class, like `"`) are not stepped when the
    /// anchor's run covers them: the node's position is the run's for its length. Subtrees of
    /// class text that fit the run, or that the run rejects, are taken or skipped whole. Tokens
    /// of class text from the root within its run are in the mask already (the view's table);
    /// runs from deeper anchors are found when the walk accepts the anchor, where its subtree
    /// is larger than the run could be long (else stepping is as cheap).
    private mutating func walk(into mask: inout TokenMask, view: TextClassView, rootRun: TextRun, representative: UInt32) {
        let trie = vocabulary.trie
        let depths = trie.maximumDepth + 1
        stack[0] = matcher
        // The run from the anchor at each depth on the current path: its reach (-1 if none
        // was found), whether it rejects more, and its positions.
        var runReach = [Int](repeating: -1, count: depths)
        var runRejectsMore = [Bool](repeating: false, count: depths)
        var runPositions = [[GrammarMatcher]](repeating: [], count: depths)
        (runReach[0], runRejectsMore[0], runPositions[0]) = (rootRun.reach, rootRun.rejectsMore, rootRun.positions)
        // Where each depth's matcher is: the position after `k` characters of the run of the
        // anchor at depth `a`, as `a * 128 + k` (read from the run, never copied to `stack`,
        // since most such nodes need no step), or -1 for `stack`. Steps from run positions are
        // kept per anchor (the first byte after `ing` in `ing,`, `ing)`, … is tried once, not
        // once per token), keyed by `k * 256 + byte`.
        var origin = [Int](repeating: -1, count: depths)
        var steps = [[Int: GrammarMatcher?]](repeating: [:], count: depths)
        var node = 0
        let nodeCount = trie.nodeCount
        func insertTokens(_ range: Range<Int>) {
            for index in range { mask.insert(trie.tokens[index]) }
        }
        func endingTokens(at node: Int) -> Range<Int> {
            let first = Int(trie.firstToken[node])
            return first..<(first + Int(trie.endingTokenCount[node]))
        }
        while node < nodeCount {
            let depth = Int(trie.depth[node])
            let characters = Int(view.characters[node])
            let anchor = Int(view.anchorDepth[node])
            if characters >= 0, runReach[anchor] >= 0 {
                let reach = runReach[anchor]
                let subtree = Int(view.subtreeCharacters[node])
                if subtree >= 0 && subtree <= reach {
                    if anchor > 0 { insertTokens(trie.tokenRange(ofSubtree: node)) }
                    node = Int(trie.end[node])
                    continue
                }
                if characters > reach && runRejectsMore[anchor] {
                    node = Int(trie.end[node])
                    continue
                }
                if characters <= reach, !view.endsMidCharacter[node] {
                    origin[depth] = anchor * 128 + characters
                    if anchor > 0 { insertTokens(endingTokens(at: node)) }
                    node += 1
                    continue
                }
            }
            let byte = trie.nodeByte[node]
            let from = origin[depth - 1]
            let stepped: GrammarMatcher?
            if from >= 0, let known = steps[from / 128][from % 128 * 256 + Int(byte)] {
                stepped = known
            } else {
                var next = from >= 0 ? runPositions[from / 128][from % 128] : stack[depth - 1]
                stepped = next.accept(byte, using: workspace) ? next : nil
                if from >= 0 { steps[from / 128][from % 128 * 256 + Int(byte)] = .some(stepped) }
            }
            guard let next = stepped else {
                node = Int(trie.end[node])
                continue
            }
            // Tokens of class text from the root within its run are in the mask already.
            if !(anchor == 0 && characters >= 0 && characters <= rootRun.reach) { insertTokens(endingTokens(at: node)) }
            let subtreeSize = Int(trie.end[node]) - node - 1
            if subtreeSize > 0 {
                // A node with children hands its matcher down; an anchor also its run.
                stack[depth] = next
                origin[depth] = -1
                if characters < 0 {
                    let longest = Int(view.longestBelow[node])
                    if longest > 0 && subtreeSize > longest {
                        let run = TextRun(from: next, of: view.textClass, like: representative, limit: longest, using: workspace)
                        (runReach[depth], runRejectsMore[depth], runPositions[depth]) = (run.reach, run.rejectsMore, run.positions)
                    } else {
                        runReach[depth] = -1
                    }
                    steps[depth].removeAll(keepingCapacity: true)
                }
            }
            node += 1
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

    /// Moves past `bytes` if the grammar allows them all: text that reaches the grammar inside a
    /// token (a token that spans the trigger ending a free segment).
    ///
    /// - Returns: `false`, with the masker unchanged, if a byte is not allowed.
    public mutating func accept(text bytes: some Sequence<UInt8>) -> Bool {
        var next = matcher
        for byte in bytes where !next.accept(byte, using: workspace) { return false }
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
