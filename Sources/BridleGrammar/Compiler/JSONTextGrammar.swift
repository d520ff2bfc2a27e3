/// Pieces of JSON text syntax that several compilers share.
enum JSONTextGrammar {
    static let hexDigit = GrammarExpression.characterClass(CharacterClass(ranges: [0x30...0x39, 0x41...0x46, 0x61...0x66]))

    /// One character of a JSON string's content: a literal scalar other than `"`, `\` and
    /// controls, or an escape. `\u` escapes never name a lone surrogate (Swift's decoders
    /// reject those), only a scalar or a whole surrogate pair.
    static let stringCharacter: GrammarExpression = {
        let plain = GrammarExpression.characterClass(CharacterClass(ranges: [0x22...0x22, 0x5C...0x5C, 0x00...0x1F], isNegated: true))
        let simple = GrammarExpression.characterClass(CharacterClass(ranges: [
            0x22...0x22, 0x5C...0x5C, 0x2F...0x2F, 0x62...0x62, 0x66...0x66, 0x6E...0x6E, 0x72...0x72, 0x74...0x74,
        ]))
        let notSurrogate = GrammarExpression.either([
            .all([.characterClass(CharacterClass(ranges: [0x30...0x39, 0x41...0x43, 0x45...0x46, 0x61...0x63, 0x65...0x66])), hexDigit.repeated(3, 3)]),
            .all([.characterClass(CharacterClass(ranges: [0x44...0x44, 0x64...0x64])), .characterClass(CharacterClass("0"..."7")), hexDigit.repeated(2, 2)]),
        ])
        let highSurrogate = GrammarExpression.all([
            .characterClass(CharacterClass(ranges: [0x44...0x44, 0x64...0x64])),
            .characterClass(CharacterClass(ranges: [0x38...0x39, 0x41...0x42, 0x61...0x62])), hexDigit.repeated(2, 2),
        ])
        let lowSurrogate = GrammarExpression.all([
            .characterClass(CharacterClass(ranges: [0x44...0x44, 0x64...0x64])),
            .characterClass(CharacterClass(ranges: [0x43...0x46, 0x63...0x66])), hexDigit.repeated(2, 2),
        ])
        let unicode = GrammarExpression.either([notSurrogate, .all([highSurrogate, .literal("\\u"), lowSurrogate])])
        return .either([plain, .all([.literal("\\"), .either([simple, .all([.literal("u"), unicode])])])])
    }()
}
