import BridleBackend
import Synchronization

/// A model that writes one token and then holds its answer open until ``release()``, or until
/// its consumer cancels: for what happens while answers are in flight (the bound, clients that
/// hang up), without timing.
final class HeldModel: LanguageModel {
    private let state = Mutex(State())

    private struct State {
        var waiting: [AsyncThrowingStream<GenerationEvent, any Error>.Continuation] = []
        var started = 0
        var cancelled = 0
    }

    var started: Int { state.withLock { $0.started } }
    var cancelled: Int { state.withLock { $0.cancelled } }

    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GenerationEvent, any Error>.makeStream()
        continuation.onTermination = { [self] termination in
            if case .cancelled = termination { state.withLock { $0.cancelled += 1 } }
        }
        continuation.yield(.token(id: 1, bytes: Array("a".utf8)))
        state.withLock {
            $0.started += 1
            $0.waiting.append(continuation)
        }
        return stream
    }

    /// Finishes every held answer.
    func release() {
        let waiting = state.withLock { state in
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting {
            continuation.yield(.finished(GenerationStatistics(
                promptTokens: 1, reusedPromptTokens: 0, responseTokens: 1, promptSeconds: 0, responseSeconds: 0, samplingSeconds: 0)))
            continuation.finish()
        }
    }
}
