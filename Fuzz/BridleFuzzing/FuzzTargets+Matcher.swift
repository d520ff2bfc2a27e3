import BridleGrammar

extension FuzzTargets {
    /// A GBNF grammar, then (after the first NUL byte) bytes for its matcher: the matcher
    /// accepts or rejects each byte (`allows` agrees, unless the work budget ran out), and
    /// a sample of the grammar is accepted.
    public static func matcher(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
        guard let grammar = try? Grammar(gbnf: text(Array(bytes[..<split]))),
              var matcher = try? GrammarMatcher(grammar, workBudget: matchWorkBudget)
        else { return }
        let input = bytes[min(split + 1, bytes.endIndex)...].prefix(256)
        for byte in input {
            let allowed = matcher.allows(byte)
            let accepted = matcher.accept(byte)
            invariant(
                allowed == accepted || matcher.hasExceededWorkBudget,
                "allows(\(byte)) is \(allowed) but accept is \(accepted)")
        }
        _ = matcher.isComplete
        _ = matcher.canContinue
        checkSample(grammar, seed: UInt64(bytes.count))
    }
}
