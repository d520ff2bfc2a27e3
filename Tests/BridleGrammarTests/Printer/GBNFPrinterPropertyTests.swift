import Testing
@testable import BridleGrammar

@Suite("GBNFPrinter properties")
struct GBNFPrinterPropertyTests {
    /// Seeds tried; a few grammars repeat a group too heavy for llama.cpp and are skipped.
    static let seeds: Range<UInt64> = 0..<700

    @Test("parse(print(g)) == g.normalized() for random grammars, and printing is deterministic")
    func roundTrip() throws {
        var printed = 0
        for seed in Self.seeds {
            let grammar = RandomGrammar.make(seed: seed)
            let text: String
            do {
                text = try GBNFPrinter().print(grammar)
            } catch {
                // The only refusals random grammars can earn: they never have invalid names,
                // bounds or empty classes, but may nest heavy or huge repetitions.
                switch error {
                case .repetitionTooComplex, .repetitionTooLarge: continue
                default: Issue.record("seed \(seed): unexpected \(error)")
                }
                continue
            }
            printed += 1
            let parsed = try Grammar(gbnf: text)
            #expect(parsed == grammar.normalized(), "seed \(seed)")
            #expect(grammar.gbnf == text, "seed \(seed)")
            #expect(grammar.normalized().gbnf == text, "seed \(seed)")
            #expect(parsed.gbnf == text, "seed \(seed)")
            #expect(grammar.normalized().normalized() == grammar.normalized(), "seed \(seed)")
            // One line per rule: every line break inside a literal or class was escaped.
            #expect(text.split(separator: "\n").count == grammar.normalized().rules.count, "seed \(seed)")
        }
        #expect(printed >= 500)
    }

    @Test("every printed repetition is inside llama.cpp's limits")
    func withinLimits() throws {
        for seed in UInt64(0)..<200 {
            guard let text = try? GBNFPrinter().print(RandomGrammar.make(seed: seed)) else { continue }
            for rule in try Grammar(gbnf: text).rules {
                rule.body.forEachSubexpression { part in
                    if case .repetition(_, let minimum, let maximum) = part {
                        #expect(minimum <= LlamaRepetitionBudget.threshold, "seed \(seed)")
                        #expect((maximum ?? 0) <= LlamaRepetitionBudget.threshold, "seed \(seed)")
                    }
                }
            }
        }
    }
}
