import Testing
@testable import BridleSchema

@Suite("GeneratedContentError")
struct GeneratedContentErrorTests {
    @Test("messages say what was found and what to do")
    func messages() {
        let notObject = GeneratedContentError.notAStructure(found: "the string \"x\"").description
        #expect(notObject.contains("Expected a JSON object but found the string \"x\""))
        #expect(notObject.contains("check `kind`"))

        let notArray = GeneratedContentError.notAnArray(found: "null").description
        #expect(notArray.contains("Expected a JSON array but found null"))

        let missing = GeneratedContentError.missingProperty("na\"me").description
        #expect(missing.contains(#"no property "na\"me""#))
        #expect(missing.contains("spelling"))
    }

    @Test("thrown by the readers with a summary of the value")
    func thrownByReaders() throws {
        let string: GeneratedContent = "hello"
        #expect(throws: GeneratedContentError.notAStructure(found: "the string \"hello\"")) {
            try string.properties()
        }
        let object: GeneratedContent = ["a": 1, "b": 2]
        #expect(throws: GeneratedContentError.notAnArray(found: "an object with keys \"a\", \"b\"")) {
            try object.elements()
        }
        #expect(throws: GeneratedContentError.missingProperty("c")) {
            try object.value(forProperty: "c")
        }
        #expect(throws: GeneratedContentError.notAStructure(found: "an array of 2 elements")) {
            try ([1, 2] as GeneratedContent).value(forProperty: "c")
        }
    }
}
