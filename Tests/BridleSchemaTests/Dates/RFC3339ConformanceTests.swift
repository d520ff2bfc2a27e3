import Foundation
import Testing

@testable import BridleSchema
import BridleTestSupport

@Suite("JSON-Schema-Test-Suite: date, date-time, time, uuid")
struct RFC3339ConformanceTests {
    static let suiteDirectory = Fixtures.jsonSchemaTestSuite

    /// One `format` of the suite and the validator that should agree with it.
    struct Format: Sendable, CustomTestStringConvertible {
        let file: String
        let validate: @Sendable (String) -> Bool
        /// Data strings where we knowingly disagree with the suite's `valid`, each with the reason.
        /// Empty for every format today: keep it that way unless the suite asks for something RFC
        /// 3339 does not say.
        let knownDisagreements: [String: String]
        /// A floor on how many string cases the file must yield, so a renamed key or a truncated
        /// file cannot make the test pass by checking nothing.
        let minimumStringCases: Int

        var testDescription: String { file }

        static let all: [Format] = [
            Format(file: "format-date.json", validate: RFC3339.isValidFullDate, knownDisagreements: [:], minimumStringCases: 60),
            Format(file: "format-date-time.json", validate: RFC3339.isValidDateTime, knownDisagreements: [:], minimumStringCases: 25),
            Format(file: "format-time.json", validate: RFC3339.isValidFullTime, knownDisagreements: [:], minimumStringCases: 40),
            Format(file: "format-uuid.json", validate: RFC3339.isValidUUID, knownDisagreements: [:], minimumStringCases: 20),
        ]
    }

    @Test("every string case agrees with the suite's verdict", arguments: Format.all)
    func agreesWithSuite(_ format: Format) throws {
        let directory = Self.suiteDirectory
        let data = try Data(contentsOf: directory.appendingPathComponent(format.file))
        let groups = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])

        var checked = 0
        for group in groups {
            let tests = try #require(group["tests"] as? [[String: Any]], "\(format.file): a group without tests")
            for test in tests {
                // Numbers, objects, null…: a string format ignores them, and so does our validator's type.
                guard let text = test["data"] as? String else { continue }
                let expected = try #require(test["valid"] as? Bool, "\(format.file): a case without a boolean 'valid'")
                let description = test["description"] as? String ?? "?"
                checked += 1
                if let reason = format.knownDisagreements[text] {
                    #expect(format.validate(text) != expected, "listed disagreement no longer disagrees (\(reason)): \(description)")
                } else {
                    #expect(format.validate(text) == expected, "\(format.file): \(description): \(text.debugDescription)")
                }
            }
        }
        #expect(checked >= format.minimumStringCases, "\(format.file): only \(checked) string cases found")
    }
}
