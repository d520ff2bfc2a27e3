import Testing
@testable import BridleGrammar

private typealias F = MatchFixtures

/// The matcher's work budget, checked by counting work (Earley items, `GrammarMatcher.work`),
/// never by timing.
@Suite("GrammarMatcher: work budget")
struct GrammarMatcherBudgetTests {
    /// The grammar of the libFuzzer input that hung the matcher for minutes
    /// (`Fuzz/Corpus/FuzzMatcher/hang-ambiguous-sample`): every run of "(" is a sentence, in
    /// so many ways that matching costs work cubic in its length.
    static let hangGBNF = "root ::= s\ns ::= s s s s |  \"(\" root*\n"

    static func parens(_ count: Int) -> String { String(repeating: "(", count: count) }

    /// The byte at which `matches` gave up, or `nil` if it answered.
    static func budgetExceededOffset(_ grammar: Grammar, _ text: String, workBudget: Int) throws -> Int? {
        do {
            _ = try GrammarMatcher.matches(grammar, text, workBudget: workBudget)
            return nil
        } catch {
            switch error {
            case .workBudgetExceeded(let budget, let byteOffset):
                #expect(budget == workBudget)
                return byteOffset
            default:
                throw error
            }
        }
    }

    /// About ten items a byte: a JSON document `count` records long.
    static func records(_ count: Int) -> String {
        let record = #"{"id": 12, "name": "x \"y\" \u00e9", "tags": ["a", "bc"], "score": -3.25e3, "ok": true, "next": null}"#
        return "[" + Array(repeating: record, count: count).joined(separator: ", ") + "]"
    }

    @Test("the fuzz input that hung: its sampled sentence ends with the budget error, not minutes later")
    func fuzzHang() throws {
        let grammar = try Grammar(gbnf: Self.hangGBNF)
        // What FuzzTargets.checkSample does with the 200-byte input.
        let sentence = try SentenceGenerator(grammar, maximumDepth: 8, workBudget: 20_000).sample(seed: 200)
        #expect(sentence.unicodeScalars.count > 1_000)
        let offset = try #require(try Self.budgetExceededOffset(grammar, sentence, workBudget: 10_000_000))
        #expect(offset < 300)
    }

    @Test("work on the ambiguous grammar is cubic: a short text stays under its bound, a long one exceeds it")
    func cubicWork() throws {
        let grammar = try Grammar(gbnf: Self.hangGBNF)
        // Measured: 1,082 items for 10 "(", 6,857 for 20, 48,507 for 40, 364,207 for 80.
        let short = try GrammarMatcherComplexityTests.work(grammar, Self.parens(40))
        #expect(short <= 50_000)
        let double = try GrammarMatcherComplexityTests.work(grammar, Self.parens(80))
        #expect(double <= 400_000)
        #expect(Double(double) / Double(short) <= 8.4)
        let offset = try #require(try Self.budgetExceededOffset(grammar, Self.parens(20_000), workBudget: 400_000))
        #expect((80..<100).contains(offset))
        // The default budget, at the same rate, is reached after about 500 bytes.
        #expect(Double(GrammarMatcher.defaultWorkBudget) / Double(double) * 80 * 80 * 80 < 520 * 520 * 520)
    }

    @Test("ordinary grammars are far from the budget: JSON costs about ten items a byte")
    func linearGrammarsAreUnaffected() throws {
        let text = Self.records(300)
        let work = try GrammarMatcherComplexityTests.work(F.json, text)
        #expect(work <= 12 * text.utf8.count)
        // So a megabyte costs about a tenth of the default budget.
        #expect(12 * 1_000_000 < GrammarMatcher.defaultWorkBudget / 8)
        #expect(try GrammarMatcher.matches(F.json, text))
        #expect(try !GrammarMatcher.matches(F.json, text + "]"))
    }

    @Test("the budget is exact: the work a text needs is enough, one item less is not")
    func exactBudget() throws {
        let text = Self.records(3)
        let needed = try GrammarMatcherComplexityTests.work(F.json, text)
        #expect(try GrammarMatcher.matches(F.json, text, workBudget: needed))
        let offset = try #require(try Self.budgetExceededOffset(F.json, text, workBudget: needed - 1))
        #expect(offset < text.utf8.count)
    }

    @Test("past its budget a matcher refuses every byte, and says it gave up")
    func exhaustedMatcher() throws {
        let grammar = try Grammar(gbnf: Self.hangGBNF)
        var matcher = try GrammarMatcher(grammar, workBudget: 5_000)
        let snapshot = matcher
        let rejectedAt = matcher.accept(bytes: Self.parens(100).utf8)
        let offset = try #require(rejectedAt)
        #expect(matcher.hasExceededWorkBudget)
        #expect(matcher.work > matcher.workBudget)
        #expect(!matcher.allows(UInt8(ascii: "(")))
        let acceptedAfter = matcher.accept(UInt8(ascii: "("))
        #expect(!acceptedAfter)
        #expect(!matcher.canContinue)
        // The budget is counted along the text: a copy made before goes its own way.
        var copy = snapshot
        let copyRejectedAt = copy.accept(bytes: Self.parens(offset).utf8)
        #expect(copyRejectedAt == nil)
        #expect(!copy.hasExceededWorkBudget)
        // A byte the grammar refuses is not the budget's doing.
        let acceptedX = copy.accept(UInt8(ascii: "x"))
        #expect(!acceptedX)
        #expect(!copy.hasExceededWorkBudget)
    }

    @Test("a matcher tells the budget's stop from the grammar's", arguments: ["(", "é", "😀"])
    func stoppedByWorkBudget(character: String) throws {
        let gbnf = Self.hangGBNF.replacingOccurrences(of: #""(""#, with: "\"\(character)\"")
        let grammar = try Grammar(gbnf: gbnf)
        var matcher = try GrammarMatcher(grammar, workBudget: 5_000)
        #expect(!matcher.isStoppedByWorkBudget)
        // Up to the last character whose step fits: every byte of it was accepted.
        let text = String(repeating: character, count: 100)
        var accepted = 0
        for scalar in text.unicodeScalars {
            var trial = matcher
            guard trial.accept(bytes: String(scalar).utf8) == nil else { break }
            matcher = trial
            accepted += 1
        }
        #expect(accepted > 1 && accepted < 100)
        #expect(!matcher.hasExceededWorkBudget)
        #expect(matcher.isStoppedByWorkBudget)

        let finished = try GrammarMatcher(Grammar(gbnf: #"root ::= "a""#))
        var ended = finished
        ended.accept(UInt8(ascii: "a"))
        #expect(!ended.isStoppedByWorkBudget, "the grammar ends here")
        #expect(!finished.isStoppedByWorkBudget)
    }

    @Test("the error says where, how much, and what to do")
    func description() {
        let text = GrammarMatcherError.workBudgetExceeded(budget: 1_000, byteOffset: 42).description
        #expect(text.contains("byte 42"))
        #expect(text.contains("1000"))
        #expect(text.contains("workBudget"))
    }
}
