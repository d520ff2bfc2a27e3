import BridleSchema
import BridleTestSupport
import Foundation
import Testing

@testable import BridleGrammar

/// The date, date-time, time and uuid grammars against JSON-Schema-Test-Suite's string
/// cases: the grammar never admits a string the suite calls invalid, and rejects a valid one
/// only for a documented, deliberate restriction.
@Suite("Format grammars vs JSON-Schema-Test-Suite")
struct FormatGrammarConformanceTests {

    /// Why the grammar may refuse a string the suite accepts: Bridle writes one canonical form.
    static func deliberateRestriction(_ text: String, format: StringFormat) -> String? {
        switch format {
        case .uuid:
            return text != text.lowercased() ? "UUIDs are written in lowercase" : nil
        case .date:
            return text.hasPrefix("0000") ? "years start at 0001" : nil
        case .dateTime, .time:
            if text.contains("60") && (text.contains(":59:60") || text.contains(":60")) { return "no leap seconds" }
            if text.contains("t") || text.contains("z") { return "uppercase T and Z only" }
            if text.contains("+") || text.range(of: #"\d-\d\d:\d\d$"#, options: .regularExpression) != nil { return "UTC (Z) only" }
            if let fraction = text.range(of: #"\.\d+"#, options: .regularExpression), text[fraction].count - 1 > 3 {
                return "at most 3 fraction digits"
            }
            return nil
        case .duration:
            // Numbers are written 0…9999 without leading zeros.
            return text.range(of: #"(^|[^0-9])0[0-9]|[0-9]{5}"#, options: .regularExpression) != nil ? "numbers 0…9999, no leading zeros" : nil
        default:
            return nil
        }
    }

    @Test(arguments: [("format-date.json", StringFormat.date), ("format-date-time.json", .dateTime), ("format-time.json", .time), ("format-uuid.json", .uuid), ("format-duration.json", .duration)])
    func grammarAgreesWithTheSuite(_ file: String, _ format: StringFormat) throws {
        let directory = Fixtures.jsonSchemaTestSuite
        let groups = try GeneratedContent(jsonData: Data(contentsOf: directory.appendingPathComponent(file))).elements()
        let compiled = try GenerationSchema(root: .string(StringConstraints(format: format))).grammar()
        var checked = 0
        for group in groups {
            for test in try group[property: "tests"]?.elements() ?? [] {
                guard case .string(let text)? = test[property: "data"]?.kind, case .bool(let valid)? = test[property: "valid"]?.kind else { continue }
                checked += 1
                let admitted = try GrammarMatcher.matches(compiled.grammar, GeneratedContent(text).jsonString)
                if admitted {
                    #expect(valid, "\(file): the grammar admits the invalid \(text)")
                } else if valid {
                    #expect(Self.deliberateRestriction(text, format: format) != nil, "\(file): the grammar rejects the valid \(text)")
                }
            }
        }
        #expect(checked > 15)
    }
}
