import BridleGrammar

extension FuzzTargets {
    /// `Grammar(gbnf:)`, then lint, print and parse again: what parses prints to text that
    /// parses back to the same grammar (the parser's result is normalized).
    public static func gbnf(_ bytes: [UInt8]) {
        guard let grammar = try? Grammar(gbnf: text(bytes)) else { return }
        _ = grammar.lint()
        _ = grammar.maximumLength
        guard let printed = try? GBNFPrinter().print(grammar) else { return }
        let again = try? Grammar(gbnf: printed)
        invariant(again != nil, "printed GBNF does not parse:\n\(printed)")
    }
}
