import Foundation

/// The replicas of one ``ServerLanguageModel`` and the requests it has in flight on each,
/// shared by all its copies.
actor ReplicaPool {
    private let endpoints: [URL]
    private let choice: ReplicaChoice
    private var inFlight: [Int]
    private var next = 0

    init(endpoints: [URL], choice: ReplicaChoice) {
        self.endpoints = endpoints
        self.choice = choice
        inFlight = Array(repeating: 0, count: endpoints.count)
    }

    /// The endpoint for the next attempt, counted as busy until ``release(_:)``.
    func acquire() -> (index: Int, url: URL) {
        let index: Int
        switch choice {
        case .roundRobin:
            index = next
            next = (next + 1) % endpoints.count
        case .leastBusy:
            // Ties go round-robin too, so idle replicas share the load.
            let fewest = inFlight.min() ?? 0
            let start = next
            index = (0..<endpoints.count).map { (start + $0) % endpoints.count }.first { inFlight[$0] == fewest } ?? 0
            next = (index + 1) % endpoints.count
        }
        inFlight[index] += 1
        return (index, endpoints[index])
    }

    func release(_ index: Int) {
        inFlight[index] -= 1
    }

    /// Requests in flight per endpoint, in configuration order.
    var load: [Int] { inFlight }
}
