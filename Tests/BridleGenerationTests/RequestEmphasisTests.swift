import BridleGeneration
import Foundation
import Testing

@Suite struct RequestEmphasisTests {
    /// Options emphasise the request by default where the backend can; a value set by hand
    /// is not automatic, so a backend that cannot must refuse it.
    @Test func theDefaultIsAutomaticAndValuesSetByHandAreNot() {
        #expect(GenerationOptions().requestEmphasis == .automatic)
        #expect(RequestEmphasis.automatic.isAutomatic)
        #expect(RequestEmphasis.automatic.weight == RequestEmphasis.standard.weight)
        #expect(RequestEmphasis.automatic.plausibility == RequestEmphasis.standard.plausibility)
        #expect(!RequestEmphasis.standard.isAutomatic)
        #expect(!RequestEmphasis(weight: 2).isAutomatic)
        #expect(!RequestEmphasis(weight: 1).isActive)
    }

    @Test(arguments: [RequestEmphasis.standard, .automatic, RequestEmphasis(weight: 0, plausibility: 1)])
    func encodingRoundTrips(_ emphasis: RequestEmphasis) throws {
        let data = try JSONEncoder().encode(emphasis)
        #expect(try JSONDecoder().decode(RequestEmphasis.self, from: data) == emphasis)
        #expect(String(decoding: data, as: UTF8.self).contains("isAutomatic"))
    }

    /// Values written before `isAutomatic`: without a flag they were set by hand; `isRequired`
    /// is its opposite.
    @Test(arguments: [
        (#"{"weight":2,"plausibility":0.2}"#, false), (#"{"weight":2,"plausibility":0.2,"isRequired":true}"#, false),
        (#"{"weight":2,"plausibility":0.2,"isRequired":false}"#, true),
    ])
    func earlierValuesReadAsTheyMeant(_ json: String, _ automatic: Bool) throws {
        let emphasis = try JSONDecoder().decode(RequestEmphasis.self, from: Data(json.utf8))
        #expect(emphasis == RequestEmphasis(weight: 2, plausibility: 0.2, isAutomatic: automatic))
    }
}
