import Bridle
import BridleExampleTypes
import BridleServer
import Foundation
import Testing

/// Many sessions at once on two replicas with four slots each: every answer arrives and
/// decodes, both replicas serve, and every request they saw is accounted for.
@Suite(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
struct ServerLoadTests {
    static let requests = 200

    @Test(arguments: [ReplicaChoice.roundRobin, .leastBusy])
    func concurrentRequestsAcrossTwoReplicas(choice: ReplicaChoice) async throws {
        let first = try await LlamaServerProcess(model: ServerTestModels.small.url, slots: 4, contextPerSlot: 1024)
        let second = try await LlamaServerProcess(model: ServerTestModels.small.url, slots: 4, contextPerSlot: 1024)
        // Untouched forwarding, to count the requests each replica receives.
        let counters = [try await FaultInjectingProxy(upstream: first.url, faults: []), try await FaultInjectingProxy(upstream: second.url, faults: [])]
        var configuration = ServerTestModels.configuration(counters.map(\.url), serving: ServerTestModels.small)
        configuration.replicaChoice = choice
        let model = try ServerLanguageModel(configuration: configuration)
        let answers = try await withThrowingTaskGroup(of: (Int, Contacts.Arguments, Int).self) { group in
            for index in 0..<Self.requests {
                group.addTask {
                    let session = LanguageModelSession(model: model)
                    let response = try await session.respond(
                        to: "Which contacts, request \(index)?", generating: Contacts.Arguments.self,
                        options: ServerTestModels.options(seed: UInt64(index)))
                    return (index, response.content, response.statistics.retries)
                }
            }
            var answers: [Int: (Contacts.Arguments, retries: Int)] = [:]
            for try await (index, answer, retries) in group { answers[index] = (answer, retries) }
            return answers
        }
        #expect(answers.count == Self.requests, "no request lost")
        let retries = answers.values.reduce(0) { $0 + $1.retries }
        #expect(await model.load == [0, 0])
        let served = counters.map(\.requestCount)
        #expect(served.allSatisfy { $0 > 0 }, "both replicas served: \(served)")
        // Every request the replicas saw is an answer or a retry the statistics count: nothing
        // lost, nothing sent twice unseen.
        #expect(served.reduce(0, +) == Self.requests + retries, "served \(served), \(retries) retries")
        for counter in counters { await counter.stop() }
    }

    /// Straight to llama-server with every slot busy and requests waiting: llama-server closes
    /// the connection after each streamed answer, so a request sent on a pooled one would fail
    /// and cost a retry. It is a race: before requests said `Connection: close`, one benchmark
    /// request in 16 lost it, and this test failed in 2 runs of 5.
    @Test func aBusyReplicaNeedsNoRetry() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.small.url, slots: 4, contextPerSlot: 1024)
        var configuration = ServerTestModels.configuration([server.url], serving: ServerTestModels.small)
        configuration.maximumRequestsPerEndpoint = 4
        let model = try ServerLanguageModel(configuration: configuration)
        let retries = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<Self.requests {
                group.addTask {
                    let response = try await LanguageModelSession(model: model).respond(
                        to: "Contacts \(index)", generating: Contacts.Arguments.self, options: ServerTestModels.options(seed: UInt64(index)))
                    return response.statistics.retries
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(retries.count == Self.requests)
        #expect(retries.reduce(0, +) == 0, "retries: \(retries)")
    }
}
