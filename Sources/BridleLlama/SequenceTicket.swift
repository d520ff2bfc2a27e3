import BridleBackend
import Synchronization

/// A request handed to a ``LlamaContext``: what to generate, where its events go, and whether
/// its consumer has gone. Sendable, so it can cross from the caller to the context's thread;
/// the context's own state for the request lives in a ``RunningSequence``.
final class SequenceTicket: Sendable {
    let request: GenerationRequest
    let continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation
    private let cancelled = Atomic<Bool>(false)

    init(request: GenerationRequest, continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation) {
        self.request = request
        self.continuation = continuation
    }

    /// Marks the request as no longer wanted; the context frees its sequence before its next step.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
