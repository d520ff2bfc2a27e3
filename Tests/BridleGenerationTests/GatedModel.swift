import BridleGeneration
import Synchronization

/// A model whose response waits until the test writes to it or opens the gate, and counts
/// its requests.
final class GatedModel: LanguageModel {
    private let state = Mutex<(waiting: AsyncThrowingStream<GenerationEvent, any Error>.Continuation?, requests: Int)>((nil, 0))

    var isWaiting: Bool { state.withLock { $0.waiting != nil } }
    var requests: Int { state.withLock { $0.requests } }

    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: GenerationEvent.self)
        state.withLock {
            $0.waiting = continuation
            $0.requests += 1
        }
        return stream
    }

    /// Writes `text` as one token and keeps the response open.
    func write(_ text: String) {
        state.withLock { $0.waiting }?.yield(.token(id: 0, bytes: Array(text.utf8)))
    }

    func open(with text: String) {
        guard let continuation = state.withLock({ $0.waiting }) else { return }
        continuation.yield(.token(id: 0, bytes: Array(text.utf8)))
        continuation.yield(.finished(.zero))
        continuation.finish()
    }
}
