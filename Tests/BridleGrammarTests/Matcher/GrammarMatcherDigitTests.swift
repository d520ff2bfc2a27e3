import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// ``GrammarMatcher/expectsDigit`` against brute force: at every prefix of sampled sentences of
/// schemas with numbers, dates and times, it holds exactly when the text is no sentence yet
/// and every byte the matcher allows next is an ASCII digit.
@Suite struct GrammarMatcherDigitTests {
    @Test(arguments: [
        #"{"type": "object", "properties": {"n": {"type": "integer"}, "x": {"type": "number", "minimum": 0}}, "required": ["n"]}"#,
        #"{"type": "object", "properties": {"day": {"type": "string", "format": "date"}, "at": {"type": "string", "format": "date-time"}}}"#,
        #"{"type": "array", "items": {"type": "string", "description": "in the format 'MM/DD/YYYY HH:mm'"}, "maxItems": 3}"#,
        #"{"type": "object", "properties": {"count": {"type": "integer", "minimum": 10, "maximum": 999}, "name": {"type": "string", "maxLength": 4}}}"#,
    ])
    func agreesWithTheBytesAllowedNext(schema: String) throws {
        let grammar = try GenerationSchema(jsonSchema: schema).grammar().grammar
        let sentences = try SentenceGenerator(grammar).samples(seed: 7, count: 40)
        var digitPositions = 0
        for sentence in sentences {
            var matcher = try GrammarMatcher(grammar)
            for byte in Array(sentence.utf8) + [nil] {
                let allowed = (0...255).map(UInt8.init).filter { matcher.allows($0) }
                let expected = !matcher.isComplete && !allowed.isEmpty && allowed.allSatisfy { (0x30...0x39).contains($0) }
                #expect(matcher.expectsDigit == expected, "\(sentence)")
                if expected { digitPositions += 1 }
                guard let byte else { break }
                let accepted = matcher.accept(byte)
                #expect(accepted)
            }
        }
        #expect(digitPositions > 0)
    }
}
