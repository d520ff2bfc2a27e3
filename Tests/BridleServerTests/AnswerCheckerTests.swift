import Bridle
@testable import BridleServer
import BridleTestSupport
import Testing

/// The answer is checked piece by piece against the grammar before anything is yielded.
@Suite struct AnswerCheckerTests {
    static let grammar = try! Grammar(gbnf: #"root ::= "{\"n\":" [0-9]+ "}""#)

    @Test func validPiecesAreTakenAndTheEndIsChecked() throws {
        var checker = try AnswerChecker(grammar: Self.grammar, limit: nil)
        for piece in [#"{"#, #""n":"#, "4", "2"] {
            #expect(checker.accept(piece) == nil)
        }
        #expect(checker.incompleteness != nil)
        #expect(checker.accept("}") == nil)
        #expect(checker.incompleteness == nil)
        #expect(checker.text.lossyText == #"{"n":42}"#)
    }

    /// A refused piece says where, and leaves the answer as it was.
    @Test func aPieceOutsideTheGrammarIsRefusedWhole() throws {
        var checker = try AnswerChecker(grammar: Self.grammar, limit: nil)
        #expect(checker.accept(#"{"n":"#) == nil)
        let refusal = checker.accept("4x}")
        let reason = try #require(refusal)
        #expect(reason.contains(#""x}""#) && reason.contains("after 6 bytes"))
        #expect(checker.text.lossyText == #"{"n":"#)
        #expect(checker.accept("4}") == nil)
    }

    /// A server that sends more pieces than the token limit allows is refused: each piece is at
    /// least one token.
    @Test func morePiecesThanTokensAreRefused() throws {
        var checker = try AnswerChecker(grammar: nil, limit: 2)
        #expect(checker.accept("a") == nil)
        #expect(checker.accept("") == nil)
        #expect(checker.accept("b") == nil)
        #expect(checker.accept("c")?.contains("more than 2 pieces") == true)
    }

    /// Property: split any sentence of the grammar into random pieces, and every piece is taken;
    /// change one byte to one the grammar can't have there, and that piece is refused.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func randomSplitsOfValidAnswers(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let digits = (0..<Int(random.next() % 12 + 1)).map { _ in String(random.next() % 10) }.joined()
        let answer = Array(#"{"n":\#(digits)}"#.utf8)
        var checker = try AnswerChecker(grammar: Self.grammar, limit: nil)
        var start = 0
        while start < answer.count {
            let end = min(answer.count, start + Int(random.next() % 4) + 1)
            #expect(checker.accept(String(decoding: answer[start..<end], as: UTF8.self)) == nil)
            start = end
        }
        #expect(checker.incompleteness == nil)
        var broken = try AnswerChecker(grammar: Self.grammar, limit: nil)
        #expect(broken.accept(#"{"n":"#) == nil)
        #expect(broken.accept(digits + "a") != nil)
    }
}

/// Under a lazy grammar (llama-server's `grammar_lazy`), text before the trigger is free, and
/// the grammar reads from the trigger on, however the pieces split it.
@Suite struct LazyAnswerCheckerTests {
    static let grammar = try! Grammar(gbnf: #"root ::= "<call>" "{\"n\":" [0-9]+ "}""#)
    static let answer = #"Let me look it up. <call>{"n":42}"#

    @Test(arguments: 0..<40)
    func everySplitIsCheckedFromTheTrigger(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        var checker = try AnswerChecker(grammar: Self.grammar, trigger: "<call>", limit: nil)
        var rest = Substring(Self.answer)
        while !rest.isEmpty {
            let length = 1 + Int(random.next() % 6)
            #expect(checker.accept(String(rest.prefix(length))) == nil)
            rest = rest.dropFirst(length)
        }
        #expect(checker.incompleteness == nil)
        #expect(checker.text.lossyText == Self.answer)
    }

    @Test func freeTextAloneIsAWholeAnswer() throws {
        var checker = try AnswerChecker(grammar: Self.grammar, trigger: "<call>", limit: nil)
        #expect(checker.accept("No call needed: it is sunny.") == nil)
        #expect(checker.incompleteness == nil)
    }

    @Test func afterTheTriggerTheGrammarRules() throws {
        var checker = try AnswerChecker(grammar: Self.grammar, trigger: "<call>", limit: nil)
        #expect(checker.accept("Sure <ca") == nil)
        #expect(checker.accept(#"ll>{"n":x"#) != nil)
        #expect(checker.accept(#"ll>{"n":4"#) == nil)
        #expect(checker.incompleteness != nil)
        #expect(checker.accept("}") == nil)
        #expect(checker.incompleteness == nil)
    }
}
