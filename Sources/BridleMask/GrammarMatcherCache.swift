import BridleGrammar
import Synchronization

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
    private struct Entries {
        var matchers: [Grammar: (matcher: GrammarMatcher, lastUse: Int)] = [:]
        var clock = 0
        var hits = 0
    }

    public let capacity: Int
    private let entries = Mutex(Entries())

    public init(capacity: Int = 32) {
        self.capacity = max(capacity, 1)
    }

    /// A matcher at the start of `grammar`, compiled on first use.
    ///
    /// - Throws: ``GrammarMatcherError`` if the grammar cannot be compiled (then nothing is kept).
    public func matcher(for grammar: Grammar) throws(GrammarMatcherError) -> GrammarMatcher {
        let found = entries.withLock { entries -> GrammarMatcher? in
            guard let found = entries.matchers[grammar] else { return nil }
            entries.clock += 1
            entries.hits += 1
            entries.matchers[grammar] = (found.matcher, entries.clock)
            return found.matcher
        }
        if let found { return found }
        // Compiled outside the lock, so other requests wait for no one's compile.
        let compiled = try GrammarMatcher(grammar)
        entries.withLock { entries in
            entries.clock += 1
            entries.matchers[grammar] = (compiled, entries.clock)
            if entries.matchers.count > capacity, let oldest = entries.matchers.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries.matchers[oldest.key] = nil
            }
        }
        return compiled
    }

    /// How many lookups found their grammar compiled already.
    public var hits: Int { entries.withLock { $0.hits } }
}
