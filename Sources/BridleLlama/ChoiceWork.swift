import Dispatch

/// One request's choice in a step, from its feeds' logits of the batch just decoded. The choices of a
/// step are made on all cores at once (``run(_:)``): between two decodes llama.cpp's threads
/// are idle, and on a 262k vocabulary a choice costs milliseconds.
struct ChoiceWork: @unchecked Sendable {
    // @unchecked: each work item is used by one thread only, and touches only its own sequence
    // (constraint, sampler chain, feeds, continuation) and the model's read-only vocabulary and
    // tokenizer, which llama.cpp allows from several threads. The logits stay valid until the
    // next decode, which waits for `run` to return.
    let sequence: RunningSequence
    /// Tokens the sequence holds in the cache.
    let held: Int

    /// Each item's ``RunningSequence/advance(held:)``, in order, made on `threads` threads of
    /// llama.cpp's own team (``OpenMPTeam``).
    static func run(_ work: [ChoiceWork], threads: Int) -> [Result<RunningSequence.Progress, any Error>] {
        guard work.count > 1 else {
            return work.map { item in Result { try item.sequence.advance(held: item.held) } }
        }
        let results = Results(count: work.count)
        OpenMPTeam.forEach(work.count, threads: threads) { index in
            let item = work[index]
            results.set(index, Result { try item.sequence.advance(held: item.held) })
        }
        return results.values
    }

    /// Slots for results written from several threads, each slot by one thread: raw memory,
    /// since an array property written from two threads at once is an exclusivity violation.
    private final class Results: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Result<RunningSequence.Progress, any Error>?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }

        func set(_ index: Int, _ result: Result<RunningSequence.Progress, any Error>) {
            slots[index] = result
        }

        var values: [Result<RunningSequence.Progress, any Error>] {
            slots.map { $0 ?? .failure(CancellationError()) }
        }
    }
}
