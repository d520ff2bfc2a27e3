import Bridle
import BridleExampleTypes
import Foundation
import Testing

// Types as FoundationModels articles write them: they must compile unchanged against
// `import Bridle`, and their schemas must say what their Codable conformance reads.

@Generable
struct Itinerary {
    @Guide(description: "A title for the trip")
    var title: String
    @Guide(description: "Days of the plan", .count(3))
    var days: [String]
}

@Generable
struct X: Codable {
    var name: String
}

@Suite("FoundationModels-style types")
struct FoundationModelsTypesTests {
    @Test func searchSuggestions() throws {
        #expect(SearchSuggestions.generationSchema.jsonSchemaString(prettyPrinted: true) == #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "type": "object",
              "title": "SearchSuggestions",
              "properties": {
                "searchTerms": {
                  "type": "array",
                  "description": "A list of suggested search terms",
                  "items": {
                    "type": "object",
                    "title": "SearchTerm",
                    "properties": {
                      "searchTerm": {
                        "type": "string",
                        "description": "A 2 or 3 word search term, like 'Beautiful sunsets'"
                      }
                    },
                    "required": [
                      "searchTerm"
                    ],
                    "additionalProperties": false
                  },
                  "minItems": 4,
                  "maxItems": 4,
                  "uniqueItems": true
                }
              },
              "required": [
                "searchTerms"
              ],
              "additionalProperties": false
            }
            """#)
        let value = try SearchSuggestions(GeneratedContent(json: #"{"searchTerms":[{"searchTerm":"a"},{"searchTerm":"b"},{"searchTerm":"c"},{"searchTerm":"d"}]}"#))
        #expect(value.searchTerms.map(\.searchTerm) == ["a", "b", "c", "d"])
        #expect(Set(value.searchTerms.map(\.id)).count == 4)
        // The identity is Bridle's, not the model's: it is not in the JSON.
        #expect(try value.generatedContent.jsonString == #"{"searchTerms":[{"searchTerm":"a"},{"searchTerm":"b"},{"searchTerm":"c"},{"searchTerm":"d"}]}"#)
    }

    @Test func dateKindWithAssociatedValues() throws {
        #expect(CurrentDate.Arguments.generationSchema.jsonSchemaString() == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","title":"Arguments","properties":{"dateKind":{"title":"DateKind","description":"The kind of date to get","anyOf":[{"type":"object","properties":{"now":{"type":"object","additionalProperties":false}},"required":["now"],"additionalProperties":false},{"type":"object","description":"How far back","properties":{"beforeNow":{"type":"object","properties":{"seconds":{"type":"integer","minimum":1,"maximum":31536000}},"required":["seconds"],"additionalProperties":false}},"required":["beforeNow"],"additionalProperties":false},{"type":"object","description":"How far ahead","properties":{"afterNow":{"type":"object","properties":{"seconds":{"type":"integer","minimum":1,"maximum":31536000}},"required":["seconds"],"additionalProperties":false}},"required":["afterNow"],"additionalProperties":false}]}},"required":["dateKind"],"additionalProperties":false}"#)
        for (json, expected) in [
            (#"{"dateKind":{"now":{}}}"#, CurrentDate.DateKind.now),
            (#"{"dateKind":{"beforeNow":{"seconds":3600}}}"#, .beforeNow(seconds: 3600)),
            (#"{"dateKind":{"afterNow":{"seconds":60}}}"#, .afterNow(seconds: 60)),
        ] {
            let content = try GeneratedContent(json: json)
            #expect(CurrentDate.Arguments.generationSchema.conforms(content))
            #expect(try CurrentDate.Arguments(content).dateKind == expected)
            // Foundation's JSONDecoder reads the same JSON through the synthesized Codable.
            #expect(try JSONDecoder().decode(CurrentDate.Arguments.self, from: Data(json.utf8)).dateKind == expected)
        }
        #expect(!CurrentDate.Arguments.generationSchema.conforms(try GeneratedContent(json: #"{"dateKind":{"beforeNow":{"seconds":0}}}"#)))
    }

    @Test func remindersArguments() throws {
        #expect(Reminders.Arguments.generationSchema.jsonSchemaString() == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","title":"Arguments","properties":{"status":{"type":"string","description":"Filter by status","enum":["all","completed","incomplete"]},"count":{"type":"integer","description":"How many reminders to return","minimum":1,"maximum":10},"dueBefore":{"type":"string","description":"Only reminders due on or before this moment (ISO 8601).","format":"date-time"}},"required":["status"],"x-order":["status","count","dueBefore"],"additionalProperties":false}"#)
        let value = try Reminders.Arguments(GeneratedContent(json: #"{"status":"all","dueBefore":"2026-12-24T18:00:00+01:00"}"#))
        #expect(value.status == "all" && value.count == nil)
        #expect(value.dueBefore == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(!Reminders.Arguments.generationSchema.conforms(try GeneratedContent(json: #"{"status":"some"}"#)))
        #expect(!Reminders.Arguments.generationSchema.conforms(try GeneratedContent(json: #"{"status":"all","count":11}"#)))
    }

    @Test func simpleEnumIsItsCaseNames() throws {
        #expect(Contacts.Generation.generationSchema.jsonSchemaString() == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"string","title":"Generation","enum":["babyBoomers","genX","millennial","genZ"]}"#)
        for generation in Contacts.Generation.allCases {
            let content = try generation.generatedContent
            #expect(content.jsonString == "\"\(generation)\"")
            #expect(try Contacts.Generation(content) == generation)
            #expect(try JSONDecoder().decode(Contacts.Generation.self, from: Data(content.jsonString.utf8)) == generation)
        }
        #expect(throws: DecodingError.self) { try Contacts.Generation(GeneratedContent(json: #""boomers""#)) }
    }

    @Test func explicitCodableConformanceStillWorks() throws {
        #expect(jsonBody(X.generationSchema) == #"{"type":"object","title":"X","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}"#)
        #expect(try X(GeneratedContent(json: #"{"name":"x"}"#)).name == "x")
        #expect(jsonBody(Itinerary.generationSchema).contains(#""days":{"type":"array","description":"Days of the plan","items":{"type":"string"},"minItems":3,"maxItems":3}"#))
    }
}

/// The root of a schema as compact JSON Schema, without the `$schema` header.
func jsonBody(_ schema: GenerationSchema) -> String {
    var text = schema.jsonSchemaString()
    let header = #"{"$schema":"https://json-schema.org/draft/2020-12/schema","#
    if text.hasPrefix(header) { text = "{" + text.dropFirst(header.count) }
    return text
}
