import Bridle
import BridleExampleTypes
import Foundation
import Testing

/// Every example type, and the feature types of these tests, through `SampleGenerator`:
/// sentences of the compiled grammar from fixed seeds decode into the type, satisfy every
/// guide, and survive value → JSON → value unchanged.
@Suite("Sampled values round-trip")
struct SampleGeneratorTests {
    func roundTrips<Value: Generable>(_ type: Value.Type, seeds: Range<UInt64> = 0..<200) throws {
        let generator = try SampleGenerator(type)
        for sample in try generator.samples(seeds: seeds) {
            let encoded = try sample.value.generatedContent
            #expect(Value.generationSchema.violations(of: encoded) == [], "\(sample)")
            // The grammar admits other spellings (escapes, trailing zeros, digits a Double
            // rounds), so compare values, not the sampled text.
            let decoded = try Value(GeneratedContent(json: encoded.jsonString))
            #expect(try decoded.generatedContent == encoded, "\(sample)")
        }
    }

    @Test func searchSuggestions() throws { try roundTrips(SearchSuggestions.self) }
    @Test func currentDate() throws { try roundTrips(CurrentDate.Arguments.self) }
    @Test func reminders() throws { try roundTrips(Reminders.Arguments.self) }
    @Test func contacts() throws { try roundTrips(Contacts.Arguments.self) }
    @Test func films() throws { try roundTrips(Films.Arguments.self) }
    @Test func ticket() throws { try roundTrips(Ticket.self) }
    @Test func shape() throws { try roundTrips(Shape.self) }
    @Test func mood() throws { try roundTrips(Mood.self) }

    @Test func failuresNameTheSeedAndTheText() {
        let failure = SchemaSampleFailure(type: "Arguments", seed: 7, text: "{}", reason: "it breaks the schema")
        #expect(failure.description.contains("seed 7"))
        #expect(failure.description.contains("replay: try SampleGenerator(Arguments.self).sample(seed: 7)"))
    }
}
