import BridleGrammar

/// Compiled grammars kept for reuse, so a session that offers the same tools every turn, or
/// a schema asked for again, compiles once. Safe to share between threads; holds at most
/// `capacity` grammars and forgets the least recently used first.
///
/// ```swift
/// let cache = GrammarMatcherCache(capacity: 32)
/// let first = try cache.matcher(for: grammar)    // compiles
/// let again = try cache.matcher(for: grammar)    // the same compiled grammar, at its start
/// cache.hits                                     // 1
/// ```
public final class GrammarMatcherCache: Sendable {
    private let matchers: RecentlyUsedCache<Grammar, GrammarMatcher>

    public init(capacity: Int = 32) {
        matchers = RecentlyUsedCache(capacity: capacity)
    }

    public var capacity: Int { matchers.capacity }

    /// A matcher at the start of `grammar`, compiled on first use.
    ///
    /// - Throws: ``GrammarMatcherError`` if the grammar cannot be compiled (then nothing is kept).
    public func matcher(for grammar: Grammar) throws(GrammarMatcherError) -> GrammarMatcher {
        try matchers.value(for: grammar) { () throws(GrammarMatcherError) in try GrammarMatcher(grammar) }
    }

    /// How many lookups found their grammar compiled already.
    public var hits: Int { matchers.hits }
}
