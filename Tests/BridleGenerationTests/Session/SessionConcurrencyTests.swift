import Bridle
import Foundation
import Synchronization
import Testing

@Suite struct SessionConcurrencyTests {
    @Test func aSecondRequestWhileOneRunsIsRefused() async throws {
        let model = GatedModel()
        let session = LanguageModelSession(model: model)
        let first = Task { try await session.respond(to: "one") }
        while !model.isWaiting { await Task.yield() }
        #expect(session.isResponding)
        await #expect(throws: SessionError.concurrentRequests) { try await session.respond(to: "two") }
        model.open(with: "done")
        #expect(try await first.value.content == "done")
        #expect(session.isResponding == false)
        #expect(session.transcript.count == 2)
    }

    @Test func cancellingARequestFreesTheSession() async throws {
        let model = GatedModel()
        let session = LanguageModelSession(model: model)
        let request = Task { try await session.respond(to: "one") }
        while !model.isWaiting { await Task.yield() }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(session.isResponding == false)
    }
}

/// A model whose response waits until the test opens the gate.
private final class GatedModel: LanguageModel {
    private let state = Mutex<(waiting: AsyncThrowingStream<GenerationEvent, any Error>.Continuation?, Void)>((nil, ()))

    var isWaiting: Bool { state.withLock { $0.waiting != nil } }

    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: GenerationEvent.self)
        state.withLock { $0.waiting = continuation }
        return stream
    }

    func open(with text: String) {
        guard let continuation = state.withLock({ $0.waiting }) else { return }
        continuation.yield(.token(id: 0, bytes: Array(text.utf8)))
        continuation.yield(.finished(.zero))
        continuation.finish()
    }
}
