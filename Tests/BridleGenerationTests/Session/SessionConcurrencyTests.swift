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
        await #expect {
            try await session.respond(to: "two")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.concurrentRequests = error else { return false }
            return true
        }
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
