import Bridle
import Foundation
import Testing

/// A type that uses the other features `@Generable` supports beyond the articles.
@Generable(description: "A support ticket")
struct Ticket: Equatable {
    enum CodingKeys: String, CodingKey {
        case code = "ticket_code"
        case priority
        case tags
        case related
        case opened
    }

    /// The ticket's code.
    @Guide(/[A-Z]{3}-[0-9]{4}/)
    var code: String

    @Guide(description: "How urgent")
    var priority: Priority

    @Guide(description: "Labels", .maximumCount(2), .element(.anyOf(["bug", "ui", "docs"])))
    var tags: [String]?

    /// Tickets may nest.
    var related: [Ticket]?

    @Guide(.range(Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 4_102_444_800)))
    var opened: Date

    /// Not coded (not in CodingKeys), so not generated.
    var cache: Int = 0

    /// A `let` with a value is never decoded, so it is not generated.
    let version = 1

    var summary: String { "\(code) \(priority)" }
}

@Generable
enum Priority: Int, Equatable {
    case low = 1, medium, high = 10
}

@Generable
enum Mood: String, Equatable {
    /// Quite happy.
    case happy = "😀"
    case sad
}

@Generable
enum Shape: Equatable {
    case circle(radius: Double)
    @Guide(associatedValue: "_0", description: "Width", .range(1...100))
    @Guide(associatedValue: "_1", description: "Height", .range(1...100))
    case rectangle(Int, Int)
    case point
}

@Suite("@Generable features")
struct GenerableMacroTests {
    @Test func ticketSchema() throws {
        let schema = Ticket.generationSchema
        try schema.validate()
        #expect(schema.root == .reference("Ticket"))
        let text = schema.jsonSchemaString()
        #expect(text.contains(#""ticket_code":{"type":"string","description":"The ticket's code.","pattern":"^(?:[A-Z]{3}-[0-9]{4})$"}"#))
        #expect(text.contains(#""priority":{"title":"Priority","description":"How urgent","enum":[1,2,10]}"#))
        #expect(text.contains(#""tags":{"type":"array","description":"Labels","items":{"type":"string","enum":["bug","ui","docs"]},"maxItems":2}"#))
        #expect(text.contains(##""related":{"type":"array","description":"Tickets may nest.","items":{"$ref":"#/$defs/Ticket"}}"##))
        #expect(text.contains(#""opened":{"type":"string","format":"date-time","formatMinimum":"1970-01-01T00:00:00Z","formatMaximum":"2100-01-01T00:00:00Z"}"#))
        #expect(text.contains(#""required":["ticket_code","priority","opened"]"#))
        #expect(!text.contains("cache") && !text.contains("version") && !text.contains("summary"))
    }

    @Test func ticketRoundTrip() throws {
        let json = #"{"ticket_code":"ABC-1234","priority":10,"tags":["ui"],"related":[{"ticket_code":"XYZ-0001","priority":1,"opened":"2001-01-01T00:00:00Z"}],"opened":"2026-11-22T04:38:23Z"}"#
        let content = try GeneratedContent(json: json)
        #expect(Ticket.generationSchema.violations(of: content) == [])
        let ticket = try Ticket(content)
        #expect(ticket.priority == .high)
        #expect(ticket.related?.first?.code == "XYZ-0001")
        #expect(try ticket.generatedContent.jsonString == json)
        for bad in [
            #"{"ticket_code":"abc-1234","priority":1,"opened":"2026-11-22T04:38:23Z"}"#,
            #"{"ticket_code":"ABC-1234","priority":3,"opened":"2026-11-22T04:38:23Z"}"#,
            #"{"ticket_code":"ABC-1234","priority":1,"tags":["ui","ui","ui"],"opened":"2026-11-22T04:38:23Z"}"#,
            #"{"ticket_code":"ABC-1234","priority":1,"opened":"2126-11-22T04:38:23Z"}"#,
        ] {
            #expect(!Ticket.generationSchema.conforms(try GeneratedContent(json: bad)), "\(bad)")
        }
    }

    @Test func stringRawValuesAndCaseDescriptions() throws {
        #expect(jsonBody(Mood.generationSchema) == #"{"title":"Mood","anyOf":[{"type":"string","description":"Quite happy.","const":"😀"},{"type":"string","const":"sad"}]}"#)
        #expect(try Mood.happy.generatedContent.jsonString == #""😀""#)
        #expect(try Mood(GeneratedContent(json: #""sad""#)) == .sad)
    }

    @Test func guidesOnAssociatedValues() throws {
        let schema = Shape.generationSchema
        try schema.validate()
        for value in [Shape.circle(radius: 1.5), .rectangle(3, 4), .point] {
            let content = try value.generatedContent
            #expect(schema.violations(of: content) == [], "\(content)")
            #expect(try Shape(content) == value)
        }
        #expect(try Shape.rectangle(3, 4).generatedContent.jsonString == #"{"rectangle":{"_0":3,"_1":4}}"#)
        #expect(!schema.conforms(try GeneratedContent(json: #"{"rectangle":{"_0":0,"_1":4}}"#)))
        #expect(jsonBody(schema).contains(#""_0":{"type":"integer","description":"Width","minimum":1,"maximum":100}"#))
    }
}
