import Synchronization

/// A count shared between tasks.
final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
