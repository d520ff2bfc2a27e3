import BridleGeneration
import BridleTestSupport
import Synchronization
import Testing

/// ``RequestGroup``: held requests are handed over once, in place order, whatever order the
/// places' tasks run in; a place that makes no request never keeps the others waiting.
@Suite struct RequestGroupTests {
    /// What a backend was handed, call by call.
    final class Backend: Sendable {
        let calls = Mutex<[[String]]>([])

        func submit(_ requests: [String]) {
            calls.withLock { $0.append(requests) }
        }

        /// Holds `request` in the current task's group, or submits it alone.
        func generate(_ request: String, order: UInt64 = 0) {
            let held = RequestGroup.hold(request, order: order, backend: ObjectIdentifier(self)) { [self] in submit($0) }
            if !held { submit([request]) }
        }

        var handedOver: [[String]] { calls.withLock { $0 } }
    }

    @Test("places' requests are handed over together, in place order, for every order the places run in", arguments: 0..<24)
    func placeOrderWhateverTheTaskOrder(seed: UInt64) async {
        var random = SplitMix64(seed: seed)
        let places = 2 + Int(random.next() % 7)
        let backend = Backend()
        let group = RequestGroup(places: places)
        // The places run one after another, in a random order, each making its one request:
        // nothing is handed over until the last.
        for index in Array(0..<places).shuffled(using: &random) {
            #expect(backend.handedOver.isEmpty)
            await group.run(in: index) { backend.generate("request \(index)") }
        }
        #expect(backend.handedOver == [(0..<places).map { "request \($0)" }])
    }

    @Test func concurrentPlacesAreHandedOverInOneCallInPlaceOrder() async {
        let backend = Backend()
        let group = RequestGroup(places: 16)
        await withTaskGroup(of: Void.self) { tasks in
            for index in 0..<16 {
                tasks.addTask { await group.run(in: index) { backend.generate("request \(index)") } }
            }
        }
        #expect(backend.handedOver == [(0..<16).map { "request \($0)" }])
    }

    @Test func aPlaceThatMakesNoRequestDoesNotHoldTheOthers() async {
        let backend = Backend()
        let group = RequestGroup(places: 3)
        await group.run(in: 2) { backend.generate("c") }
        await group.run(in: 0) {}
        #expect(backend.handedOver.isEmpty)
        await group.run(in: 1) { backend.generate("b") }
        #expect(backend.handedOver == [["b", "c"]])
    }

    @Test func aPlaceHoldsItsQuotaOrderedWithinItAndLaterRequestsGoStraightThrough() async {
        let backend = Backend()
        let group = RequestGroup(places: 2, requestsPerPlace: 2)
        await group.run(in: 1) {
            backend.generate("1, seed 9", order: 9)
            backend.generate("1, seed 8", order: 8)
            // Past its quota (a regeneration): not held.
            backend.generate("1, again", order: 7)
        }
        #expect(backend.handedOver == [["1, again"]])
        await group.run(in: 0) {
            backend.generate("0, seed 5", order: 5)
            // One request short of its quota: the place's end completes the group.
        }
        #expect(backend.handedOver == [["1, again"], ["0, seed 5", "1, seed 8", "1, seed 9"]])
        // After the hand-over, nothing is held.
        await group.run(in: 0) { backend.generate("late") }
        #expect(backend.handedOver.last == ["late"])
    }

    @Test func eachBackendGetsItsOwnRequests() async {
        let (first, second) = (Backend(), Backend())
        let group = RequestGroup(places: 2)
        await group.run(in: 1) { first.generate("first's") }
        await group.run(in: 0) { second.generate("second's") }
        #expect(first.handedOver == [["first's"]])
        #expect(second.handedOver == [["second's"]])
    }

    @Test func outsideAGroupARequestIsNotHeld() {
        let backend = Backend()
        backend.generate("alone")
        #expect(backend.handedOver == [["alone"]])
    }

    @Test func aThrowingPlaceStillEnds() async {
        struct Failure: Error {}
        let backend = Backend()
        let group = RequestGroup(places: 2)
        await #expect(throws: Failure.self) { try await group.run(in: 0) { throw Failure() } }
        await group.run(in: 1) { backend.generate("b") }
        #expect(backend.handedOver == [["b"]])
    }
}
