import BridleGeneration
import Foundation
import Testing

@Suite struct RequestEmphasisTests {
    /// Options emphasise the request by default where the backend can; a value set by hand
    /// is required, so a backend that cannot must refuse it.
    @Test func theDefaultIsAutomaticAndValuesSetByHandAreRequired() {
        #expect(GenerationOptions().requestEmphasis == .automatic)
        #expect(RequestEmphasis.automatic.isRequired == false)
        #expect(RequestEmphasis.automatic.weight == RequestEmphasis.standard.weight)
        #expect(RequestEmphasis.automatic.plausibility == RequestEmphasis.standard.plausibility)
        #expect(RequestEmphasis.standard.isRequired)
        #expect(RequestEmphasis(weight: 2).isRequired)
        #expect(!RequestEmphasis(weight: 1).isActive)
    }

    @Test(arguments: [RequestEmphasis.standard, .automatic, RequestEmphasis(weight: 0, plausibility: 1)])
    func encodingRoundTrips(_ emphasis: RequestEmphasis) throws {
        let data = try JSONEncoder().encode(emphasis)
        #expect(try JSONDecoder().decode(RequestEmphasis.self, from: data) == emphasis)
    }

    /// Written before `isRequired` existed, every value was required.
    @Test func aValueWithoutIsRequiredReadsAsRequired() throws {
        let emphasis = try JSONDecoder().decode(RequestEmphasis.self, from: Data(#"{"weight":2,"plausibility":0.2}"#.utf8))
        #expect(emphasis == RequestEmphasis(weight: 2, plausibility: 0.2))
        #expect(emphasis.isRequired)
    }
}
