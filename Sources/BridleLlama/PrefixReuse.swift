import CLlama

/// Where a new request's prompt goes in a context of several sequences, and how much of it the
/// cache already holds: the free sequence whose own cache starts like the prompt, or a copy of
/// a longer prefix another sequence decoded (instructions and tool schemas that every session
/// repeats). Copying is cheap: in llama.cpp's unified cache the copy shares the cells.
///
/// ```swift
/// PrefixReuse.plan(prompt: [1, 2, 3, 4], caches: [[1, 2, 9], [1, 2, 3, 7]], free: [0]) { _, _ in true }
/// // PrefixReuse(sequence: 0, reused: 3, source: 1): sequence 0 starts from sequence 1's [1, 2, 3]
/// ```
struct PrefixReuse: Equatable {
    /// The free sequence the request takes.
    let sequence: Int
    /// Prompt tokens already in the cache, never the last one (sampling needs its logits).
    let reused: Int
    /// Where the reused tokens come from: `sequence` itself, or another sequence to copy them from.
    let source: Int

    var isCopy: Bool { source != sequence && reused > 0 }

    /// - Parameters:
    ///   - caches: each sequence's cached tokens, by sequence id.
    ///   - free: the sequences no request runs on, least recently used first (a tie goes to it).
    ///   - isWhole: whether `source`'s cache still holds everything a prefix of `length` needs
    ///     (a sliding-window cache drops old positions).
    /// - Returns: `nil` when no sequence is free.
    static func plan(
        prompt: [llama_token], caches: [[llama_token]], free: [Int], isWhole: (_ source: Int, _ length: Int) -> Bool
    ) -> PrefixReuse? {
        func usable(_ sequence: Int) -> Int {
            var length = zip(caches[sequence], prompt).prefix(while: { $0 == $1 }).count
            length = min(length, prompt.count - 1)
            return length > 0 && isWhole(sequence, length) ? length : 0
        }
        var chosen: PrefixReuse?
        for sequence in free {
            let own = usable(sequence)
            if own > chosen?.reused ?? -1 { chosen = PrefixReuse(sequence: sequence, reused: own, source: sequence) }
        }
        guard var plan = chosen else { return nil }
        for source in caches.indices where source != plan.sequence {
            let length = usable(source)
            if length > plan.reused { plan = PrefixReuse(sequence: plan.sequence, reused: length, source: source) }
        }
        return plan
    }
}
