/// A growable list of plain values for the recogniser's per-set scratch lists: emptying
/// it is `count = 0`, and elements are read and written through a raw pointer.
///
/// Swift's `Array` checks uniqueness on every write and bounds on every access; in the
/// recogniser's inner loop those checks cost more than the work. This type has reference
/// semantics underneath (copies share the buffer), which is safe only because each list
/// lives in one ``EarleyRecognizer`` that is itself never copied (it sits in an
/// ``EarleyWorkspace`` box); indices are checked by assertions in debug builds.
///
/// ```swift
/// var list = ScratchArray<UInt64>()
/// list.append(7)
/// list[0]            // 7
/// list.removeAll()   // capacity kept, nothing destroyed
/// ```
struct ScratchArray<Element: BitwiseCopyable> {
    /// Owns the memory; immutable, so reading it needs no exclusivity check. Growing
    /// replaces it.
    private final class Storage {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit {
            base.deallocate()
        }
    }

    private var storage: Storage
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        storage = Storage(capacity: max(capacity, 1))
        base = storage.base
        self.capacity = storage.capacity
    }

    /// A list of `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        base[count] = element
        count += 1
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "ScratchArray index out of range")
            return base[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count, "ScratchArray index out of range")
            base[index] = newValue
        }
    }

    @inline(__always)
    mutating func removeAll() {
        count = 0
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    func withUnsafeMutableBufferPointer<Result>(
        _ body: (UnsafeMutableBufferPointer<Element>) throws -> Result
    ) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeMutableBufferPointer(start: base, count: count)) }
    }

    private mutating func grow() {
        let larger = Storage(capacity: capacity * 2)
        larger.base.initialize(from: base, count: count)
        storage = larger
        base = larger.base
        capacity = larger.capacity
    }
}
