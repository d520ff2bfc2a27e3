import BridleJSONSchema
import BridleTestSupport
import Foundation
import Testing

@testable import BridleGrammar
@testable import BridleSchema

/// Formats that descriptions name in words: which descriptions name one for certain, and
/// that the grammar admits exactly the texts of that format (against brute force over every
/// field's two-digit values and against the calendar), or the schema's default.
@Suite struct DescribedFormatTests {
    @Test(arguments: [
        ("The date for which to retrieve the weather, in the format 'YYYY-MM-DD'. If not provided, the current date is used.", "YYYY-MM-DD"),
        ("The date of the train journey, in the format 'MM/DD/YYYY', e.g., '04/25/2023'.", "MM/DD/YYYY"),
        ("The end, in the format of 'YYYY-MM-DD HH:mm:ss'. A default value of 'null' means none.", "YYYY-MM-DD HH:mm:ss"),
        ("The end date and time in the format of 'YYYY-MM-DDTHH:MM:SSZ', such as '2023-03-15T23:59:59Z'.", "YYYY-MM-DDTHH:MM:SSZ"),
        ("The new date and time, in ISO-8601 format (YYYY-MM-DDTHH:MM:SS), without a timezone offset.", "YYYY-MM-DDTHH:MM:SS"),
        ("The departure time, specified in the format of 'dd/mm/yyyy HH:MM'.", "dd/mm/yyyy HH:MM"),
        ("The start time of the train journey, in 24-hour format 'HH:MM'.", "HH:MM"),
        ("The countdown duration, expected in the format 'MM:SS', where MM is minutes.", "MM:SS"),
        ("The period, formatted as \"YYYY-MM\".", "YYYY-MM"),
        ("The location, in the format of 'City, State', such as 'San Francisco, CA'; 'City, Country' if there is no state.", "City, State"),
        ("The address, in the format 'Street, City, State, Zip'.", "Street, City, State, Zip"),
        ("The location, in the format of 'City, State (abbr)', such as 'San Francisco, CA'. 'City, Country' if there is no state.", "City, State (abbr)"),
        ("The address, in the format 'Street Address, City, State/Country'.", "Street Address, City, State/Country"),
    ] as [(String, String)])
    func aFormatNamedOnceIsRead(description: String, template: String) {
        #expect(DescribedFormat(description: description)?.template == template)
    }

    @Test(arguments: [
        "The alarm time in 24-hour format ('HH:MM' or 'HH:MM:SS') or 12-hour format ('HH:MM AM/PM').",
        "The date range for the news search, formatted as 'YYYY-MM-DD to YYYY-MM-DD'.",
        "The expected output format for dates, such as 'MM/DD/YYYY' or 'DD-MM-YYYY'.",
        "The output format for dates, such as 'MM/DD/YYYY'.",
        "The date of the movie. The format expected is 'DD MMM' (e.g., '24 Feb').",
        "The date, YYYY-MM-DD.",
        "A unit such as 'm/s' or 'mph'; the format of the report.",
        "The day, in the format 'YYYY-MM-DDX'.",
        "The place, in the format 'City, State' or 'Street, City, State'.",
        "The place, in the format 'City, State', on the date 'YYYY-MM-DD'.",
        "The place, such as 'City, State'.",
        "The day, in the format 'DD MMM, YYYY'.",
        "The place, in the format 'Los Angeles, CA'.",
        "",
    ])
    func anythingLessCertainIsNoFormat(description: String) {
        #expect(DescribedFormat(description: description) == nil)
    }

    @Test func minutesAreMinutesBesideHoursAndSeconds() throws {
        let parts = try #require(DescribedFormat(description: "in the format 'dd/mm/yyyy HH:mm'")).parts
        #expect(parts == [.day, .literal("/"), .month, .literal("/"), .year, .literal(" "), .hour, .literal(":"), .minute])
        #expect(try #require(DescribedFormat(description: "format 'MM:SS'")).parts == [.minute, .literal(":"), .second])
    }

    /// A word template's parts are text without a comma, the first without a leading space,
    /// joined by ", ": against brute force over short texts of letters, spaces and commas.
    @Test func aWordTemplateWritesItsPartsBetweenCommas() throws {
        let format = try #require(DescribedFormat(description: "in the format 'City, State'"))
        #expect(format.parts == [.text, .literal(", "), .text])
        let regex = try RegexSource.regex(for: format.expression(partLength: 8))
        let reference = try Regex("[^ ,][^,]{0,7}, [^ ,][^,]{0,7}")
        let alphabet = ["a", "B", " ", ","]
        var texts = [""]
        for _ in 0..<6 { texts = texts + texts.flatMap { text in alphabet.map { text + $0 } }.filter { $0.count <= 6 } }
        for text in Set(texts) {
            #expect((try regex.wholeMatch(in: text) != nil) == (try reference.wholeMatch(in: text) != nil), "\(text)")
        }
        #expect(try regex.wholeMatch(in: "San Fran, CA") != nil)
    }

    /// Every field against brute force: a two-digit field admits exactly 00–99 within its
    /// range, the others fixed at valid values.
    @Test func eachFieldAdmitsExactlyItsRange() throws {
        let format = try #require(DescribedFormat(description: "in the format 'MM/DD/YYYY HH:mm:ss'"))
        let regex = try RegexSource.regex(for: format.expression(partLength: 8))
        let ranges = [1...12, 1...31, 0...23, 0...59, 0...59]
        for (field, range) in ranges.enumerated() {
            for value in 0...99 {
                var fields = ["04", "25", "11", "30", "59"]
                fields[field] = value < 10 ? "0\(value)" : "\(value)"
                let text = "\(fields[0])/\(fields[1])/2023 \(fields[2]):\(fields[3]):\(fields[4])"
                #expect((try regex.wholeMatch(in: text) != nil) == range.contains(value), "\(text)")
            }
        }
        #expect(try regex.wholeMatch(in: "4/25/2023 11:30:59") == nil)
    }

    /// A leading `YYYY-MM-DD` is a real calendar date: random days of random years, the
    /// impossible ones (February 29 of a common year, April 31) included.
    @Test func anISODateIsARealDay() throws {
        let regex = try RegexSource.regex(for: try #require(DescribedFormat(description: "format 'YYYY-MM-DD HH:MM'")).expression(partLength: 8))
        var random = SplitMix64(seed: 42)
        for _ in 0..<400 {
            let year = 1 + Int(random.next() % 9999)
            let month = 1 + Int(random.next() % 12)
            let day = 1 + Int(random.next() % 31)
            let text = String(format: "%04d-%02d-%02d 09:05", year, month, day)
            let real = CalendarDate(year: year, month: month, day: day) != nil
            #expect((try regex.wholeMatch(in: text) != nil) == real, "\(text)")
        }
    }

    @Test func theGrammarWritesTheFormatOrTheDefault() throws {
        let schema = try GenerationSchema(jsonSchema: try GeneratedContent(json: #"""
            {"type": "object", "properties": {"date": {"type": "string", "default": "dontcare",
             "description": "The date of the event, in the format 'YYYY-MM-DD'. If 'dontcare', any date."}},
             "required": ["date"]}
            """#))
        let compiled = try schema.grammar()
        #expect(compiled.describedFormats == [DescribedFormatUse(pointer: "#/properties/date", template: "YYYY-MM-DD")])
        #expect(compiled.gbnf.hasPrefix("# note: #/properties/date is written as 'YYYY-MM-DD'"))
        let grammar = compiled.grammar
        #expect(try GrammarMatcher.matches(grammar, #"{"date": "2023-04-25"}"#))
        #expect(try GrammarMatcher.matches(grammar, #"{"date": "dontcare"}"#))
        #expect(try !GrammarMatcher.matches(grammar, #"{"date": "April 25th 2023"}"#))
        #expect(try !GrammarMatcher.matches(grammar, #"{"date": "2023-02-30"}"#))
        let asWritten = try schema.grammar(options: .asWritten)
        #expect(try GrammarMatcher.matches(asWritten.grammar, #"{"date": "April 25th 2023"}"#))
        #expect(asWritten.describedFormats.isEmpty)
    }

    @Test func aStringWithItsOwnConstraintsKeepsThem() throws {
        let schema = try GenerationSchema(jsonSchema: try GeneratedContent(json: #"""
            {"type": "string", "maxLength": 20, "description": "in the format 'YYYY-MM-DD'"}
            """#))
        #expect(try GrammarMatcher.matches(try schema.grammar().grammar, #""April 25th 2023""#))
    }

    @Test func theDefaultSurvivesAJSONSchemaRoundTrip() throws {
        let document = try GeneratedContent(json: #"{"type": "string", "description": "a day", "default": "today"}"#)
        let schema = try GenerationSchema(jsonSchema: document)
        #expect(schema.root.defaultValue == GeneratedContent("today"))
        #expect(schema.jsonSchema[property: "default"] == GeneratedContent("today"))
    }
}
