@testable import BridleJSON
import Testing

/// JSON equality compares strings by code point, as JSON Schema does, where Swift's `String ==`
/// compares by canonical equivalence.
@Suite struct JSONEqualityTests {
    @Test func canonicallyEquivalentStringsAreDifferentValues() throws {
        let composed = try GeneratedContent(json: #""\u00e9""#)
        let decomposed = try GeneratedContent(json: #""e\u0301""#)
        #expect(!JSONEquality.equal(composed, decomposed))
        #expect(!JSONEquality.hasDuplicates([composed, decomposed]), "uniqueItems holds for é and e + U+0301")
        #expect(JSONEquality.hasDuplicates([composed, try GeneratedContent(json: #""é""#)]))
    }
}
