import BridleTestSupport
import Foundation
import Testing

@testable import BridleSchema

/// RFC 3339 appendix A durations, as JSON Schema 2020-12 defines the format.
@Suite("duration format")
struct DurationFormatTests {
    @Test(arguments: ["P4DT12H30M5S", "P1Y", "P1Y2M", "P1Y2M3D", "P2M", "P2M1D", "P3D", "PT1H", "PT1H2M", "PT1H2M3S", "PT2M3S", "PT36S", "P4W", "P1DT1H", "P0D"])
    func accepts(_ text: String) {
        #expect(DurationFormat.isValid(text), "\(text)")
    }

    @Test(arguments: ["", "P", "PT", "P1", "1D", "P1D2H", "P1YT", "P1Y1D", "PT1H1S", "P1W1D", "P2D1Y", "PT1D", "P1.5D", "p1d", "P1d", "P১D", "P1DT", "PT1HT1M", "P-1D"])
    func rejects(_ text: String) {
        #expect(!DurationFormat.isValid(text), "\(text)")
    }
}

/// The validator against JSON-Schema-Test-Suite's duration cases: it agrees with every flag.
@Suite("duration format vs JSON-Schema-Test-Suite")
struct DurationFormatSuiteTests {
    @Test func validatorAgreesWithTheSuite() throws {
        let directory = Fixtures.jsonSchemaTestSuite
        let groups = try GeneratedContent(jsonData: Data(contentsOf: directory.appendingPathComponent("format-duration.json"))).elements()
        var checked = 0
        for group in groups {
            for test in try group[property: "tests"]?.elements() ?? [] {
                guard case .string(let text)? = test[property: "data"]?.kind, case .bool(let valid)? = test[property: "valid"]?.kind else { continue }
                checked += 1
                #expect(DurationFormat.isValid(text) == valid, "\(text.debugDescription): expected \(valid)")
            }
        }
        #expect(checked > 30)
    }
}
