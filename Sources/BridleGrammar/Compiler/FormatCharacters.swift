/// Character classes the format grammars share, built from ASCII characters.
enum FormatCharacters {
    /// A class of exactly these ASCII characters.
    static func of(_ characters: String) -> GrammarExpression {
        .characterClass(CharacterClass(ranges: characters.unicodeScalars.map { $0.value...$0.value }))
    }

    static let digit = GrammarExpression.characterClass(CharacterClass("0"..."9"))
    static let nonZeroDigit = GrammarExpression.characterClass(CharacterClass("1"..."9"))
    static let letter = GrammarExpression.characterClass(CharacterClass(ranges: [0x41...0x5A, 0x61...0x7A]))
    static let alphanumeric = GrammarExpression.characterClass(CharacterClass(ranges: [0x30...0x39, 0x41...0x5A, 0x61...0x7A]))
    static let lowerHexDigit = GrammarExpression.characterClass(CharacterClass(ranges: [0x30...0x39, 0x61...0x66]))

    /// Letters, digits and `extra`.
    static func alphanumeric(plus extra: String) -> GrammarExpression {
        .characterClass(CharacterClass(ranges: [0x30...0x39, 0x41...0x5A, 0x61...0x7A] + extra.unicodeScalars.map { $0.value...$0.value }))
    }
}
