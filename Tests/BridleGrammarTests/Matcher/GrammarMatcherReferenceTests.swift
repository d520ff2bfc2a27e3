import Testing
import BridleGrammar
import BridleTestSupport

private typealias F = MatchFixtures

/// Differential tests: on short random texts the matcher must agree with the naive
/// ``ReferenceRecognizer`` about what is a sentence, and every sentence's every prefix must
/// be accepted byte by byte.
@Suite("GrammarMatcher: agrees with a reference recogniser")
struct GrammarMatcherReferenceTests {
    static let grammars: [(String, Grammar, String)] = [
        ("arithmetic", F.arithmetic, "1+*()"),
        ("ambiguous", F.ambiguous, "ab"),
        ("nullable", F.nullable, "xcy"),
        ("right recursive", F.rightRecursive, "ab,"),
        ("bounded repetitions", F.root(F.seq(F.rep(F.alt(F.lit("ab"), F.lit("a")), 1, 3), F.rep(F.lit("b"), 0, 2))), "abc"),
        ("nullable repetition bodies", F.root(F.seq(F.rep(F.seq(F.opt(F.lit("a")), F.opt(F.lit("b"))), 2, 3), F.lit("c"))), "abc"),
        ("nested repetitions", F.root(F.rep(F.seq(F.lit("a"), F.rep(F.lit("b"), 1, 2)), 0, 2)), "abc"),
        ("negated and any", F.root(F.seq(F.chars("a", negated: true), .anyCharacter, F.star(F.lit("a")))), "abé"),
        ("non-ASCII", F.root(F.star(F.alt(F.set("α"..."γ"), F.lit("é😀")))), "αβδé😀"),
        ("hidden left recursion", F.grammar([
            "root": F.alt(F.seq(F.ref("e"), F.ref("root"), F.lit("x")), F.lit("y")),
            "e": F.opt(F.lit("e")),
        ]), "exy"),
        ("mutual recursion", F.grammar([
            "root": F.alt(F.seq(F.lit("("), F.ref("list"), F.lit(")")), F.lit("a")),
            "list": F.alt(F.seq(F.ref("list"), F.lit(","), F.ref("root")), F.ref("root"), F.lit("")),
        ]), "(),a"),
        ("origins stacked three deep", F.grammar([
            "root": F.seq(F.lit("x"), F.ref("b"), F.lit("1")),
            "b": F.alt(F.seq(F.lit("y"), F.ref("c")), F.seq(F.lit("y"), F.ref("c"), F.lit("2"))),
            "c": F.alt(F.lit("z"), F.seq(F.lit("z"), F.lit("3"))),
        ]), "xyz123"),
        // Eighty rules predicted at once: more symbols and scan items than the small-set
        // fast paths handle.
        ("many alternatives", Grammar(rules: [Rule(name: "root", body: .alternatives((0..<80).map { F.ref("k\($0)") }))]
            + (0..<80).map { index in
                let letters = Array("abc")
                return Rule(name: "k\(index)", body: F.seq(
                    F.lit(String(letters[index % 3])), F.lit(String(letters[index / 3 % 3])),
                    F.rep(F.lit(String(letters[index / 9 % 3])), 0, index / 27)))
            }), "abc"),
        ("empty-language parts", F.grammar([
            "root": F.alt(F.seq(F.lit("a"), F.ref("never")), F.seq(F.lit("a"), F.star(F.ref("never")), F.lit("b"))),
            "never": F.seq(F.lit("n"), F.ref("never")),
        ]), "abn"),
    ]

    @Test("same sentences as the reference on random texts", arguments: grammars)
    func agreesOnRandomTexts(name: String, grammar: Grammar, alphabet: String) throws {
        let reference = ReferenceRecognizer(grammar)
        let generator = try SentenceGenerator(grammar, maximumDepth: 4)
        let scalars = Array(alphabet.unicodeScalars)
        var random = SplitMix64(seed: 0x5EED)
        var sentences = 0
        for round in 0..<400 {
            // Half random texts, half samples with one scalar changed or not: random texts
            // alone are rarely sentences of the stricter grammars.
            var text = Array(generator.sample(seed: UInt64(round)).unicodeScalars)
            if round.isMultiple(of: 2) || text.count > 10 {
                text = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    scalars[Int.random(in: 0..<scalars.count, using: &random)]
                }
            } else if Bool.random(using: &random) {
                let position = Int.random(in: 0...text.count, using: &random)
                let replacement = scalars[Int.random(in: 0..<scalars.count, using: &random)]
                if position < text.count, Bool.random(using: &random) {
                    text[position] = replacement
                } else {
                    text.insert(replacement, at: position)
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text)
            let string = String(view)
            let expected = reference.matches(string)
            #expect(try GrammarMatcher.matches(grammar, string) == expected, "\(name): \(string.debugDescription)")
            if expected { sentences += 1 }
        }
        #expect(sentences >= 20, "\(name): too few sentences among the texts; the test is too weak")
    }

    @Test("a rejected byte really ends every sentence", arguments: grammars)
    func rejectionIsFinal(name: String, grammar: Grammar, alphabet: String) throws {
        // If the matcher refuses the byte at offset k, no text that starts with those
        // k + 1 bytes may be a sentence; check the short ones against the reference.
        let reference = ReferenceRecognizer(grammar)
        let scalars = Array(alphabet.unicodeScalars)
        var random = SplitMix64(seed: 0xBAD)
        for _ in 0..<150 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                text.append(scalars[Int.random(in: 0..<scalars.count, using: &random)])
            }
            var matcher = try GrammarMatcher(grammar)
            let bytes = Array(String(text).utf8)
            guard let offset = matcher.accept(bytes: bytes) else { continue }
            // Only whole-scalar cuts make texts; extend the rejected prefix's scalars.
            let cut = String(decoding: bytes[...offset], as: UTF8.self)
            guard cut.utf8.count == offset + 1 else { continue }
            for suffixLength in 0...2 {
                for suffix in Self.words(of: suffixLength, over: scalars) {
                    #expect(!reference.matches(cut + suffix), "\(name): \((cut + suffix).debugDescription)")
                }
            }
        }
    }

    private static func words(of length: Int, over scalars: [Unicode.Scalar]) -> [String] {
        guard length > 0 else { return [""] }
        return words(of: length - 1, over: scalars).flatMap { word in scalars.map { word + String($0) } }
    }
}
