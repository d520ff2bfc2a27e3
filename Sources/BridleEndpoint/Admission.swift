/// The bound on answers in flight: a request that would pass
/// ``EndpointConfiguration/maximumAnswersInFlight`` is refused at once (429), so a burst can't
/// grow the queue, and its memory, without end.
actor Admission {
    let limit: Int
    private(set) var inFlight = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes room for `count` answers, or says there is none.
    func enter(_ count: Int) -> Bool {
        guard inFlight + count <= limit else { return false }
        inFlight += count
        return true
    }

    func leave(_ count: Int) {
        inFlight -= count
    }
}
