import Synchronization

/// A bounded map, safe to share between threads, that forgets its least recently used entry
/// first: what the mask engine keeps per model (compiled grammars) and per vocabulary (views
/// of text classes). A value is made outside the lock, so lookups of other keys never wait
/// for it; two threads may both make a new key's value, and the last one made is kept.
///
/// ```swift
/// let cache = RecentlyUsedCache<String, Int>(capacity: 2)
/// cache.value(for: "a") { 1 }   // 1, made
/// cache.value(for: "a") { 2 }   // 1, found
/// cache.hits                    // 1
/// ```
final class RecentlyUsedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entries: Sendable {
        var values: [Key: (value: Value, lastUse: Int)] = [:]
        var clock = 0
        var hits = 0
    }

    let capacity: Int
    private let entries = Mutex(Entries())

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The value kept for `key`, or the one `make` makes (kept unless it throws).
    func value<Failure: Error>(for key: Key, making make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let found = entries.withLock { entries -> Value? in
            guard let found = entries.values[key] else { return nil }
            entries.clock += 1
            entries.hits += 1
            entries.values[key] = (found.value, entries.clock)
            return found.value
        }
        if let found { return found }
        let made = try make()
        entries.withLock { entries in
            entries.clock += 1
            entries.values[key] = (made, entries.clock)
            if entries.values.count > capacity, let oldest = entries.values.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries.values[oldest.key] = nil
            }
        }
        return made
    }

    /// How many lookups found their key.
    var hits: Int { entries.withLock { $0.hits } }
}
