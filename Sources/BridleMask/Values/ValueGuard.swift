import BridleGrammar
import BridleSchema

/// The rules of a response that depend on values already written (``ValueRules``: elements
/// that must differ, properties compared with earlier ones), enforced token by token on top
/// of the grammar.
///
/// A token the grammar allows is allowed here exactly when some continuation of the text with
/// it satisfies both the grammar and the rules: its bytes must not complete a value that
/// breaks a rule, and while a rule is still owed (``ValueCursor/hasObligations``) a search of
/// the grammar's continuations, byte by byte, must find one that pays it. The search tries the
/// likeliest successes first: for a value that must be at least another, the largest digits;
/// for one at most another, the smallest; for an element that must differ (or a value that must
/// differ from the ones its node excludes), the shortest endings. For integers and Bridle's dates the first completion found in that order is the
/// extreme one, so a failed comparison there ends the search. For distinct elements, a search
/// ends at the first element that completes distinct: it doesn't go on to write every element
/// a `minItems` still asks for, so a schema whose items run out before that count is caught
/// only by the check after generation. A search that runs past its budget allows the token
/// (``searchesOverBudget`` counts them; the check after generation remains).
///
/// ```swift
/// var guard = ValueGuard(rules: compiled.valueRules)!   // toYear ≥ fromYear
/// // after {"fromYear": 2015, "toYear": 
/// guard.permits(Array("19".utf8), from: matcher)   // false: no year 19xx is at least 2015
/// guard.permits(Array("20".utf8), from: matcher)   // true: 2015…2099 are
/// ```
public struct ValueGuard: Sendable {
    private(set) var cursor: ValueCursor
    /// How many searches ran out of budget and allowed their token undecided.
    public private(set) var searchesOverBudget = 0

    /// Bytes one search may feed the matcher (bytes the grammar refuses at once are free).
    static let searchBudget = 4_096
    /// Masks with at most this many tokens are checked token by token; larger ones (free
    /// text) only where a token can leave the text it is in.
    static let checkEveryTokenUpTo = 2_048

    /// `nil` when there are no rules to enforce.
    public init?(rules: ValueRules) {
        guard !rules.isEmpty else { return nil }
        cursor = ValueCursor(rules: rules)
    }

    /// Moves past `bytes`, which the step accepted.
    public mutating func advance(_ bytes: some Sequence<UInt8>) {
        cursor.read(bytes)
        cursor.settle()
    }

    /// Whether `bytes`, which the grammar allows after `matcher`'s position, leave the rules
    /// satisfiable.
    package mutating func permits(_ bytes: some Collection<UInt8>, from matcher: GrammarMatcher, using workspace: MatcherWorkspace) -> Bool {
        var next = cursor
        guard next.read(bytes) else { return false }
        guard next.hasObligations, !next.divergesFromEveryEarlierElement else { return true }
        var position = matcher
        for byte in bytes where !position.accept(byte, using: workspace) { return false }
        var budget = Self.searchBudget
        switch Self.search(from: position, next, budget: &budget, using: workspace) {
        case .found: return true
        case .exhausted, .impossible: return false
        case .undecided:
            searchesOverBudget += 1
            return true
        }
    }

    /// Whether the text may end here: a value still open at the end (a number, a literal)
    /// must not equal one its node excludes.
    public var permitsEnd: Bool { cursor.permitsEnd }

    /// ``permits(_:from:using:)`` with scratch memory of its own.
    public mutating func permits(_ bytes: some Collection<UInt8>, from matcher: GrammarMatcher) -> Bool {
        permits(bytes, from: matcher, using: matcher.makeWorkspace())
    }

    /// Removes from `mask` (the grammar's, at `matcher`'s position) the tokens the rules forbid.
    package mutating func restrict(_ mask: inout TokenMask, vocabulary: TokenVocabulary, from matcher: GrammarMatcher, using workspace: MatcherWorkspace) {
        let candidates: [Int32]
        if mask.count <= Self.checkEveryTokenUpTo || !cursor.isInsideString {
            candidates = mask.tokens
        } else {
            // Inside string text a token without a quote, backslash or control byte only adds
            // text: it breaks no rule unless the element being written could become equal to
            // an earlier one, which only tokens spelling out the rest of one can bring about.
            let unruled = cursor.isInUnruledContainer
            var chosen = vocabulary.stringLeavingTokens.filter { token in
                mask.contains(token) && (!unruled || vocabulary.bytes(of: token).contains { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "}") })
            }
            var continuing = Set<Int32>()
            for element in cursor.valuesBeingWritten {
                for rest in element.earlier.continuations(of: element.bytes, upTo: vocabulary.trie.maximumDepth) {
                    continuing.formUnion(vocabulary.trie.tokens(prefixing: rest))
                }
            }
            chosen += continuing.filter { mask.contains($0) }.sorted()
            candidates = chosen
        }
        if !cursor.permitsEnd {
            for token in vocabulary.endOfGenerationTokens { mask.remove(token) }
        }
        // At the start of a string, most tokens spell text no earlier element starts with.
        let opening = cursor.openingString
        for token in candidates where vocabulary.kind(of: token) == .text {
            let bytes = vocabulary.bytes(of: token)
            if opening?.diverges(with: bytes) == true { continue }
            if !permits(bytes, from: matcher, using: workspace) { mask.remove(token) }
        }
    }

    private enum Outcome {
        case found
        /// No continuation below this point pays what is owed; others may.
        case exhausted
        /// An ordered comparison failed on the extreme completion: none can succeed.
        case impossible
        case undecided
    }

    /// Depth first over the continuations the grammar allows, in the order most likely to pay
    /// what the cursor owes.
    private static func search(from matcher: GrammarMatcher, _ cursor: ValueCursor, budget: inout Int, using workspace: MatcherWorkspace) -> Outcome {
        // A number at the top ends with the text: the text may end here, paying what it owes.
        if cursor.isPaidByEnd && matcher.isComplete { return .found }
        for byte in order(cursor.direction, negative: cursor.isNegativeNumber) where matcher.allows(byte) {
            guard budget > 0 else { return .undecided }
            budget -= 1
            var position = matcher
            guard position.accept(byte, using: workspace) else { continue }
            var next = cursor
            guard next.read(byte) else {
                if next.brokeOrderedComparison { return .impossible }
                continue
            }
            // One more distinct element is proof enough: the search doesn't go on to write
            // every element a minimum count still asks for.
            if !next.hasObligations || next.owesOnlyTheNextElement && !cursor.owesOnlyTheNextElement { return .found }
            switch search(from: position, next, budget: &budget, using: workspace) {
            case .exhausted: continue
            case let outcome: return outcome
            }
        }
        return .exhausted
    }

    private static func order(_ direction: PropertyRelation.Comparison.Direction, negative: Bool) -> [UInt8] {
        switch (direction, negative) {
        case (.up, false), (.down, true): upward
        case (.down, false), (.up, true): downward
        case (.apart, _): shortest
        }
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Every byte once: `first`, then printable ASCII, then the rest.
    private static func ordering(_ first: [UInt8]) -> [UInt8] {
        var seen = Set(first)
        var result = first
        for byte in Array(0x20...0x7E) + Array(0x80...0xFF) + Array(0x00...0x1F) + [0x7F] where seen.insert(UInt8(byte)).inserted {
            result.append(UInt8(byte))
        }
        return result
    }

    /// Largest first: more digits, higher digits, a fraction before its end, `-` last.
    private static let upward = ordering(bytes("9876543210.:T\"Z}],"))
    /// Smallest first: `-` first, then endings, then low digits.
    private static let downward = ordering(bytes("-\"Z}], \n0123456789.:T"))
    /// Shortest first: endings, then digits and letters; layout late, since a search that
    /// tried it first would only pile up spaces.
    private static let shortest = ordering(bytes("\"}],0123456789abcdefghijklmnopqrstuvwxyz"))
}
