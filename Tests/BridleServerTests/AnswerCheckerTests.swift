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
