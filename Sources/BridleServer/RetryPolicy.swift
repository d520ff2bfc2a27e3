/// When a ``ServerLanguageModel`` sends a request again.
///
/// A request is retried, on the next endpoint the ``ReplicaChoice`` gives, when it fails before
/// the answer's first byte has been yielded: the connection could not be made or broke, the
/// server answered 429 (too many requests) or 503 (unavailable, for example every slot busy),
/// or its first piece was outside the grammar. After the first byte a failure is thrown as
/// ``ServerError/interrupted(endpoint:partialText:reason:)``: two generations are never spliced.
///
/// ```swift
/// RetryPolicy(maximumAttempts: 4, initialBackoff: .milliseconds(50))
/// // waits 50 ms, 100 ms, 200 ms between the four attempts
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included; at least 1.
    public var maximumAttempts: Int
    /// The wait before the second attempt; each later wait doubles, up to ``maximumBackoff``.
    public var initialBackoff: Duration
    public var maximumBackoff: Duration

    public init(maximumAttempts: Int = 3, initialBackoff: Duration = .milliseconds(100), maximumBackoff: Duration = .seconds(2)) {
        self.maximumAttempts = maximumAttempts
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    /// The wait before attempt `attempt` (0 is the first, which does not wait).
    func backoff(before attempt: Int) -> Duration {
        guard attempt > 0 else { return .zero }
        var wait = initialBackoff
        for _ in 1..<attempt where wait < maximumBackoff { wait *= 2 }
        return min(wait, maximumBackoff)
    }
}
