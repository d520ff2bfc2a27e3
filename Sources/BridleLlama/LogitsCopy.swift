/// One row of logits copied out of a decoded batch, kept past the next decode; allocated once
/// per request and overwritten at each step.
final class LogitsCopy {
    private let storage: UnsafeMutableBufferPointer<Float>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: 0)
    }

    deinit {
        storage.deallocate()
    }

    var values: UnsafeBufferPointer<Float> { UnsafeBufferPointer(storage) }

    func copy(from row: UnsafePointer<Float>) {
        guard let base = storage.baseAddress else { return }
        base.update(from: row, count: storage.count)
    }
}
