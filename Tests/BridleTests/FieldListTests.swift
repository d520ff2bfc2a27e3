import Bridle
import BridleExampleTypes
import Testing

/// `GenerationSchema.fieldList`, the schema as the accuracy benchmark shows it to a model,
/// pinned for the Examples' types: a change to the wording is a change to every prompt.
@Suite("The schema as a field list")
struct FieldListTests {
    @Test func reminders() {
        #expect(Reminders.Arguments.generationSchema.fieldList == """
            A JSON object with these fields:
            - "status" (required): one of "all", "completed", "incomplete". Filter by status
            - "count" (optional): an integer from 1 to 10. How many reminders to return
            - "dueBefore" (optional): a date and time, ISO 8601 (YYYY-MM-DDThh:mm:ssZ). Only reminders due on or before this moment (ISO 8601).
            """)
    }

    @Test func films() {
        #expect(Films.Arguments.generationSchema.fieldList == """
            A JSON object with these fields:
            - "genre" (required): one of "comedy", "drama", "horror", "science fiction". A genre
            - "fromYear" (required): an integer from 1888 to 2100. The first year
            - "toYear" (required): an integer from 1888 to 2100, at least "fromYear". The last year
            - "keywords" (required): a list of at most 3 strings of 1 to 24 characters, all different. Keywords to match
            """)
    }

    @Test func nestedObjectsIndentTheirFields() {
        #expect(SearchSuggestions.generationSchema.fieldList == """
            A JSON object with these fields:
            - "searchTerms" (required): a list of exactly 4 different objects with these fields. A list of suggested search terms
              - "searchTerm" (required): a string. A 2 or 3 word search term, like 'Beautiful sunsets'
            """)
    }

    @Test func importedSchema() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type":"object","properties":{
              "unit":{"enum":["celsius","fahrenheit"],"description":"Temperature unit"},
              "rating":{"type":"number","minimum":0,"maximum":5},
              "tags":{"type":"array","items":{"type":"string"},"uniqueItems":true},
              "open":{"type":"boolean"}},
             "required":["unit"]}
            """#)
        #expect(schema.fieldList == """
            A JSON object with these fields:
            - "unit" (required): one of "celsius", "fahrenheit". Temperature unit
            - "rating" (optional): a number from 0 to 5
            - "tags" (optional): a list of strings, all different
            - "open" (optional): true or false
            """)
    }

    @Test func aValueThatIsNotAnObject() {
        #expect(GenerationSchema(root: .integer(IntegerConstraints(minimum: 1))).fieldList == "A JSON value: an integer of at least 1.")
    }
}
