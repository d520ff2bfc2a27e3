import Bridle
import BridleExampleTypes
import BridleServer
import Foundation
import Testing

/// Many sessions at once on two replicas with four slots each: every answer arrives, decodes
/// and is its seed's answer; both replicas serve.
@Suite(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
struct ServerLoadTests {
    static let requests = 200

    @Test(arguments: [ReplicaChoice.roundRobin, .leastBusy])
    func concurrentRequestsAcrossTwoReplicas(choice: ReplicaChoice) async throws {
        let first = try await LlamaServerProcess(model: ServerTestModels.small, slots: 4, contextPerSlot: 1024)
        let second = try await LlamaServerProcess(model: ServerTestModels.small, slots: 4, contextPerSlot: 1024)
        // Untouched forwarding, to count the requests each replica receives.
        let counters = [try await FaultInjectingProxy(upstream: first.url, faults: []), try await FaultInjectingProxy(upstream: second.url, faults: [])]
        var configuration = ServerConfiguration(endpoints: counters.map(\.url))
        configuration.replicaChoice = choice
        let model = try ServerLanguageModel(configuration: configuration)
        let answers = try await withThrowingTaskGroup(of: (Int, Contacts.Arguments).self) { group in
            for index in 0..<Self.requests {
                group.addTask {
                    let session = LanguageModelSession(model: model)
                    let response = try await session.respond(
                        to: "Which contacts, request \(index)?", generating: Contacts.Arguments.self,
                        options: ServerTestModels.options(seed: UInt64(index)))
                    return (index, response.content)
                }
            }
            var answers: [Int: Contacts.Arguments] = [:]
            for try await (index, answer) in group { answers[index] = answer }
            return answers
        }
        #expect(answers.count == Self.requests, "no request lost")
        #expect(await model.load == [0, 0])
        let served = counters.map(\.requestCount)
        #expect(served.allSatisfy { $0 > 0 }, "both replicas served: \(served)")
        #expect(served.reduce(0, +) == Self.requests, "no retries were needed: \(served)")
        for counter in counters { await counter.stop() }
    }
}
