import BridleJSONSchema
import Foundation
import BridleExampleTypes
import BridleGeneration
import BridleGrammar
import BridleSchema
import Testing

/// One value per schema or grammar: what every backend sends or enforces, and what every path
/// checks an answer with.
@Suite struct OutputConstraintTests {
    @Test func aSchemaConstraintHoldsItsCompiledGrammarOnce() throws {
        let schema = SearchSuggestions.generationSchema
        let compiled = try schema.grammar()
        let constraint = try OutputConstraint(schema: schema)
        #expect(constraint.grammar == compiled.grammar)
        #expect(constraint.gbnf == compiled.gbnf)
        #expect(constraint.schema == schema)
        #expect(constraint.maximumResponseTokens == compiled.maximumLength * 4)
        #expect(constraint.grammarOptions == GrammarOptions())
        // `.uniqueElements()`: a post-check for servers, enforced while decoding in-process.
        #expect(constraint.postChecks.map(\.kind) == [.uniqueItems])
        #expect(constraint.valueRules == compiled.valueRules && !constraint.valueRules.isEmpty)
    }

    @Test func datesRelativeToNowAreBoundedAtTheRequestsMoment() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)   // 2026-11-18T11:06:40Z
        let constraint = try OutputConstraint(schema: Reminders.NewReminder.generationSchema, now: now)
        #expect(try GrammarMatcher.matches(constraint.grammar, #"{"title": "x", "due": "2026-11-18T11:06:41Z"}"#))
        #expect(try !GrammarMatcher.matches(constraint.grammar, #"{"title": "x", "due": "2026-11-18T11:06:40Z"}"#))
        #expect(try !GrammarMatcher.matches(constraint.grammar, #"{"title": "x", "due": "2027-11-18T11:06:41Z"}"#), "more than a year ahead")
        #expect(constraint.schema?.hasRelativeDates == false)
    }

    @Test func rulesTheGrammarCannotMakeAreDeclaredAndChecked() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"array","items":{"type":"string"},"uniqueItems":true}"#)
        let constraint = try OutputConstraint(schema: schema)
        #expect(constraint.gbnf.hasPrefix("# warning: #/uniqueItems"))
        #expect(constraint.postChecks.map(\.kind) == [.uniqueItems])
        #expect(try GrammarMatcher.matches(constraint.grammar, #"["a", "a"]"#), "the grammar admits it")
        let issues = try constraint.violations(ofAnswer: #"["a", "a"]"#)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("unique") == true)
        #expect(try constraint.violations(ofAnswer: #"["a", "b"]"#).isEmpty)
    }

    @Test func anAnswerThatIsNotJSONIsUndecodable() throws {
        let constraint = try OutputConstraint(schema: SearchSuggestions.generationSchema)
        #expect {
            _ = try constraint.violations(ofAnswer: "{")
        } throws: { error in
            guard case .undecodableResponse(let text, _) = error as? ResponseError else { return false }
            return text == "{"
        }
    }

    @Test func aGrammarConstraintHasNoSchemaAndAnyOfItsSentencesPasses() throws {
        let constraint = try OutputConstraint(grammar: try Grammar(gbnf: #"root ::= "yes" | "no""#))
        #expect(constraint.schema == nil)
        #expect(constraint.gbnf == "root ::= \"yes\" | \"no\"\n")
        #expect(constraint.maximumResponseTokens == 12)
        #expect(try constraint.violations(ofAnswer: "yes").isEmpty)
        #expect(try constraint.content(ofAnswer: "yes") == GeneratedContent("yes"))
        let unbounded = try OutputConstraint(grammar: try Grammar(gbnf: #"root ::= "a"+"#))
        #expect(unbounded.maximumResponseTokens == nil)
    }

    /// llama.cpp and servers start at the rule named `root`: another start rule gets one that
    /// points to it, and a grammar that already uses `root` for something else is a typed error.
    @Test func theStartRuleIsNamedRoot() throws {
        let answer = try Grammar(gbnf: #"answer ::= "ok""#, rootName: "answer")
        #expect(try OutputConstraint(grammar: answer).gbnf == "root ::= answer\nanswer ::= \"ok\"\n")
        #expect(try OutputConstraint(grammar: answer).grammar == answer)
        let clash = try Grammar(gbnf: "answer ::= root\nroot ::= \"ok\"", rootName: "answer")
        #expect {
            _ = try OutputConstraint(grammar: clash)
        } throws: { error in
            (error as? OutputConstraintError)?.reason.contains("rename that rule") == true
        }
    }

    @Test func aGrammarNoPrinterTakesIsRefusedBeforeAnyBackendSeesIt() throws {
        let broken = Grammar(rules: [Rule(name: "root", body: .reference("missing"))])
        #expect {
            _ = try OutputConstraint(grammar: broken)
        } throws: { error in
            (error as? OutputConstraintError)?.description.contains("missing") == true
        }
    }
}
