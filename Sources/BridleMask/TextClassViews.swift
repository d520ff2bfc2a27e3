import Synchronization

/// A vocabulary's views of the text classes its grammars have used, so that each class is
/// read once per vocabulary. A class is a character class of some pattern, so there are few;
/// at most ``capacity`` are kept, the least recently used forgotten first, so that a grammar
/// with many classes costs time rather than memory.
final class TextClassViews: Sendable {
    static let capacity = 8
    private let views = Mutex<[TextClass: (view: TextClassView, lastUse: Int)]>([:])
    private let clock = Atomic<Int>(0)

    func view(of textClass: TextClass, building build: () -> TextClassView) -> TextClassView {
        let now = clock.add(1, ordering: .relaxed).newValue
        if let found = views.withLock({ views -> TextClassView? in
            guard let found = views[textClass] else { return nil }
            views[textClass] = (found.view, now)
            return found.view
        }) {
            return found
        }
        // Built outside the lock, so masks of other classes wait for no one.
        let built = build()
        views.withLock { views in
            views[textClass] = (built, now)
            if views.count > Self.capacity, let oldest = views.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                views[oldest.key] = nil
            }
        }
        return built
    }
}
