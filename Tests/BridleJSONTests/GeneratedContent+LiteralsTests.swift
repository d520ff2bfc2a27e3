import Testing
@testable import BridleJSON

@Suite("GeneratedContent literals")
struct GeneratedContentLiteralsTests {
    @Test("scalar literals")
    func scalars() {
        let string: GeneratedContent = "text"
        let integer: GeneratedContent = -42
        let float: GeneratedContent = 2.5
        let bool: GeneratedContent = false
        let null: GeneratedContent = nil
        #expect(string.kind == .string("text"))
        #expect(integer.jsonString == "-42")
        #expect(float.jsonString == "2.5")
        #expect(bool.kind == .bool(false))
        #expect(null == .null)
    }

    @Test("float literals use the shortest text")
    func floatLiteralText() {
        let tenth: GeneratedContent = 0.1
        let whole: GeneratedContent = 3.0
        let large: GeneratedContent = 1e300
        #expect(tenth.jsonString == "0.1")
        #expect(whole.jsonString == "3")
        #expect(large.jsonString == "1e+300")
    }

    @Test("array literals")
    func arrays() {
        let content: GeneratedContent = [1, "two", [3], nil, true]
        #expect(content.jsonString == #"[1,"two",[3],null,true]"#)
    }

    @Test("dictionary literals keep their order")
    func dictionaryOrder() {
        let content: GeneratedContent = ["zeta": 1, "alpha": 2, "mu": ["inner": 3, "a": 4]]
        #expect(content.jsonString == #"{"zeta":1,"alpha":2,"mu":{"inner":3,"a":4}}"#)
        let empty: GeneratedContent = [:]
        #expect(empty.jsonString == "{}")
    }

    @Test("a repeated literal key replaces the value in the first position")
    func dictionaryDuplicates() {
        let content: GeneratedContent = ["a": 1, "b": 2, "a": 3]
        #expect(content.jsonString == #"{"a":3,"b":2}"#)
    }
}
