import Foundation

/// The replicas of one ``ServerLanguageModel`` and the requests it has in flight on each,
/// shared by all its copies.
///
/// At most `capacity` requests are in flight on each endpoint; a request that finds every
/// endpoint full waits here, in order, rather than in the HTTP client's connection pool, whose
/// wait is bounded by the connect timeout.
actor ReplicaPool {
    private let endpoints: [URL]
    private let choice: ReplicaChoice
    private let capacity: Int
    private var inFlight: [Int]
    private var next = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(endpoints: [URL], choice: ReplicaChoice, capacity: Int) {
        self.endpoints = endpoints
        self.choice = choice
        self.capacity = capacity
        inFlight = Array(repeating: 0, count: endpoints.count)
    }

    /// The endpoint for the next attempt, counted as busy until ``release(_:)``.
    func acquire() async -> (index: Int, url: URL) {
        while !inFlight.contains(where: { $0 < capacity }) {
            await withCheckedContinuation { waiting.append($0) }
        }
        let order = (0..<endpoints.count).map { (next + $0) % endpoints.count }.filter { inFlight[$0] < capacity }
        let index: Int
        switch choice {
        case .roundRobin:
            index = order.first ?? 0
        case .leastBusy:
            // Ties go round-robin too, so idle replicas share the load.
            let fewest = order.map { inFlight[$0] }.min() ?? 0
            index = order.first { inFlight[$0] == fewest } ?? 0
        }
        next = (index + 1) % endpoints.count
        inFlight[index] += 1
        return (index, endpoints[index])
    }

    func release(_ index: Int) {
        inFlight[index] -= 1
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }

    /// Requests in flight per endpoint, in configuration order.
    var load: [Int] { inFlight }
}
