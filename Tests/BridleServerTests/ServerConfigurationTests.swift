@testable import BridleServer
import Foundation
import Testing

/// A configuration that can't work is refused before any request, saying which value and why.
@Suite struct ServerConfigurationTests {
    @Test(arguments: [
        ([], "no endpoints"),
        (["ftp://127.0.0.1:8080"], "not an http(s) URL"),
        (["http:///completion"], "not an http(s) URL"),
    ] as [([String], String)])
    func unusableEndpoints(endpoints: [String], fragment: String) {
        let configuration = ServerConfiguration(endpoints: endpoints.compactMap(URL.init(string:)))
        #expect {
            try ServerLanguageModel(configuration: configuration)
        } throws: { error in
            "\(error)".contains(fragment)
        }
    }

    @Test func retriesCountTheFirstAttempt() {
        var configuration = ServerConfiguration(endpoints: [URL(string: "http://127.0.0.1:8080")!])
        configuration.retry.maximumAttempts = 0
        #expect(throws: ServerError.invalidConfiguration("retry.maximumAttempts is 0; it counts the first attempt, so it must be at least 1")) {
            try ServerLanguageModel(configuration: configuration)
        }
    }

    /// The waits double from the first up to the maximum; the first attempt doesn't wait.
    @Test func backoffDoublesUpToItsMaximum() {
        let policy = RetryPolicy(maximumAttempts: 8, initialBackoff: .milliseconds(50), maximumBackoff: .milliseconds(300))
        #expect((0..<6).map(policy.backoff(before:)) == [.zero, .milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(300), .milliseconds(300)])
    }

    /// Round robin takes the replicas in turn; least busy takes the one with the fewest
    /// requests in flight, and ties go on round robin, so idle replicas share the load.
    @Test func replicaChoice() async {
        let endpoints = (0..<3).map { URL(string: "http://127.0.0.1:\(8080 + $0)")! }
        let roundRobin = ReplicaPool(endpoints: endpoints, choice: .roundRobin, capacity: 8)
        var order: [Int] = []
        for _ in 0..<4 { order.append(await roundRobin.acquire().index) }
        #expect(order == [0, 1, 2, 0])

        let leastBusy = ReplicaPool(endpoints: endpoints, choice: .leastBusy, capacity: 8)
        #expect(await leastBusy.acquire().index == 0)
        #expect(await leastBusy.acquire().index == 1)
        await leastBusy.release(0)
        #expect(await leastBusy.acquire().index == 2)
        #expect(await leastBusy.acquire().index == 0)
        #expect(await leastBusy.load == [1, 1, 1])
    }

    /// A full endpoint is skipped; when all are full, requests wait and go in order as
    /// requests finish.
    @Test func fullEndpointsMakeRequestsWait() async throws {
        let endpoints = (0..<2).map { URL(string: "http://127.0.0.1:\(8080 + $0)")! }
        let pool = ReplicaPool(endpoints: endpoints, choice: .roundRobin, capacity: 1)
        #expect(await pool.acquire().index == 0)
        #expect(await pool.acquire().index == 1)
        let waiting = Task { await pool.acquire().index }
        try await Task.sleep(for: .milliseconds(50))
        #expect(await pool.load == [1, 1])
        await pool.release(1)
        #expect(await waiting.value == 1)
        #expect(await pool.load == [1, 1])
    }
}
