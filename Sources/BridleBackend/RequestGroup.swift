import Synchronization

/// Requests made together, each in a place of its own: a backend that decodes requests side by
/// side takes them all at once, in place order, so that the same requests are decoded in the
/// same batches, and so give the same answers, from run to run.
///
/// Without it, concurrent requests reach a backend in whatever order their tasks happen to run:
/// the first one in reads the shared prompt whole, the others copy it, and a forward pass over
/// a different batch rounds the logits differently. Many seeds of one request
/// (``LanguageModel/checkedAnswers(to:constraint:seeds:options:)``, `bridle generate --count`)
/// then gave different answers for the same seeds.
///
/// ```swift
/// let together = RequestGroup(places: seeds.count)
/// for (index, seed) in seeds.enumerated() {
///     tasks.addTask {
///         await together.run(in: index) {
///             for try await event in model.generate(GenerationRequest(messages: messages, options: options(seed))) { … }
///         }
///     }
/// }
/// ```
///
/// A place holds the first ``requestsPerPlace`` requests its work makes (best-of-N candidates are
/// several); the group hands every held request over once each place holds that many or its
/// work has ended, so a place that fails before generating never keeps the others waiting.
/// Later requests (a regeneration after a failed check) go to the backend as they come.
/// A backend that decodes one request at a time has nothing to order and never holds one.
public final class RequestGroup: Sendable {
    /// The group and place the current task's requests belong to.
    @TaskLocal public static var place: (group: RequestGroup, index: Int)?

    public let places: Int
    public let requestsPerPlace: Int
    private let state: Mutex<State>

    public init(places: Int, requestsPerPlace: Int = 1) {
        self.places = max(places, 0)
        self.requestsPerPlace = max(requestsPerPlace, 1)
        state = Mutex(State(arrived: Array(repeating: 0, count: max(places, 0))))
    }

    /// Runs `work` as place `index`: the requests it makes are held with the group's others.
    /// The place is done when `work` returns or throws.
    public func run<T>(in index: Int, _ work: () async throws -> T) async rethrows -> T {
        defer { finish(index) }
        return try await Self.$place.withValue((self, index)) { try await work() }
    }

    /// Holds `request` for the current task's group, when it has one and its place still takes
    /// requests; `submit` then receives every request held for the same `backend`, in place
    /// order (then by `order`, such as a seed), once the group is complete. `false` when the
    /// caller should submit `request` itself, now.
    public static func hold<Request: Sendable>(
        _ request: Request, order: UInt64, backend: ObjectIdentifier, submit: @escaping @Sendable ([Request]) -> Void
    ) -> Bool {
        guard let (group, index) = place else { return false }
        return group.hold(request, place: index, order: order, backend: backend, submit: submit)
    }

    private func hold<Request: Sendable>(
        _ request: Request, place: Int, order: UInt64, backend: ObjectIdentifier, submit: @escaping @Sendable ([Request]) -> Void
    ) -> Bool {
        let (held, ready) = state.withLock { state -> (Bool, [any HeldRequests]) in
            guard !state.isHandedOver, state.arrived.indices.contains(place), state.arrived[place] < requestsPerPlace,
                !state.finished.contains(place)
            else { return (false, []) }
            state.arrived[place] += 1
            let pending = state.pending[backend] as? Held<Request> ?? Held(submit: submit)
            pending.requests.append((place, order, request))
            state.pending[backend] = pending
            return (true, state.takeIfComplete(requestsPerPlace: requestsPerPlace))
        }
        ready.forEach { $0.handOver() }
        return held
    }

    /// Marks place `index` as done: it will hold no more requests.
    private func finish(_ index: Int) {
        let ready = state.withLock { state in
            state.finished.insert(index)
            return state.takeIfComplete(requestsPerPlace: requestsPerPlace)
        }
        ready.forEach { $0.handOver() }
    }

    private struct State: Sendable {
        var arrived: [Int]
        var finished: Set<Int> = []
        var pending: [ObjectIdentifier: any HeldRequests] = [:]
        var isHandedOver = false

        /// Every backend's held requests once no place can add one; empty before.
        mutating func takeIfComplete(requestsPerPlace: Int) -> [any HeldRequests] {
            guard !isHandedOver, arrived.indices.allSatisfy({ arrived[$0] >= requestsPerPlace || finished.contains($0) }) else { return [] }
            isHandedOver = true
            defer { pending = [:] }
            return pending.values.sorted { $0.firstPlace < $1.firstPlace }
        }
    }
}

private protocol HeldRequests: AnyObject, Sendable {
    var firstPlace: Int { get }
    func handOver()
}

/// One backend's held requests. Touched only under the group's lock until handed over, and
/// then only by `handOver`, once.
private final class Held<Request: Sendable>: HeldRequests, @unchecked Sendable {
    var requests: [(place: Int, order: UInt64, request: Request)] = []
    let submit: @Sendable ([Request]) -> Void

    init(submit: @escaping @Sendable ([Request]) -> Void) {
        self.submit = submit
    }

    var firstPlace: Int { requests.map(\.place).min() ?? 0 }

    func handOver() {
        submit(requests.sorted { ($0.place, $0.order) < ($1.place, $1.order) }.map(\.request))
    }
}
