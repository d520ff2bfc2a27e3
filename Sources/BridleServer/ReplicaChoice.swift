/// How a ``ServerLanguageModel`` picks the endpoint for each request among its replicas.
public enum ReplicaChoice: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each request goes to the next endpoint in turn.
    case roundRobin
    /// Each request goes to the endpoint with the fewest requests this model has in flight,
    /// taking turns on a tie: slow replicas (longer prompts, a busier machine) get less.
    case leastBusy
}
