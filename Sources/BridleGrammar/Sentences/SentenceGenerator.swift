/// Random sentences of a ``Grammar``, reproducible from a seed: test data for everything
/// downstream of a grammar (every sample is accepted by ``GrammarMatcher``).
///
/// Samples lean towards the edges of the language: repetitions take their minimum or
/// maximum count half the time, character classes their range ends, and negated classes
/// and `.` a pool of awkward scalars (quotes, backslashes, control characters, non-ASCII,
/// emoji, U+2028). Below `maximumDepth` nested rule references the generator picks
/// alternatives uniformly; past it, and once a sample grows very long or has taken many
/// steps, it takes only the quickest way to finish, so sampling always ends. Its work is
/// bounded too: alternatives whose quickest sentence needs more than `workBudget` steps are
/// never chosen, and a grammar whose root needs more is refused.
///
/// The same seed gives the same text on every run and platform: the generator uses its own
/// generator and integer arithmetic only.
///
/// ```swift
/// let generator = try SentenceGenerator(Grammar(rules: [Rule(name: "root", body: .repetition(
///     .characterClass(CharacterClass("a"..."z")), minimum: 2, maximum: 5))]))
/// generator.sample(seed: 7)                 // e.g. "azqz"
/// generator.samples(seed: 7, count: 100)    // 100 of them, also reproducible
/// ```
public struct SentenceGenerator: Sendable {
    /// Past this many scalars a sample stops choosing freely and finishes as quickly as
    /// it can, so a repetition of recursive rules cannot explode.
    static let lengthBudget = 100_000
    /// Past this many steps (nodes visited plus scalars written) a sample finishes as quickly
    /// as it can, even if it wrote nothing (`("" | "a"){0,1000000000}`).
    static let stepBudget = 1_000_000
    /// The default most work the quickest sentence of a chosen alternative may need.
    public static let defaultWorkBudget = 1_000_000

    private let program: SentenceProgram
    private let maximumDepth: Int

    /// Prepares `grammar` for sampling.
    ///
    /// - Parameter maximumDepth: how deep rule references may nest before the generator
    ///   steers towards finishing.
    /// - Throws: ``GrammarMatcherError`` for the grammars ``GrammarMatcher`` refuses, and
    ///   ``GrammarMatcherError/noFiniteDerivation(_:)`` if the root rule has no finite
    ///   sentence at all (alternatives that cannot finish are simply never chosen), and
    ///   ``GrammarMatcherError/sentenceTooCostly(_:budget:)`` if even its quickest sentence
    ///   needs more than `workBudget` steps (the GBNF chain `r0 ::= r1 r1`, `r1 ::= r2 r2`, …
    ///   forty deep); alternatives that need more are never chosen.
    ///   - workBudget: the most steps (rule nodes visited plus scalars written) the quickest
    ///     sentence of any alternative may need.
    public init(
        _ grammar: Grammar, maximumDepth: Int = 32, workBudget: Int = SentenceGenerator.defaultWorkBudget
    ) throws(GrammarMatcherError) {
        program = try SentenceProgram(grammar, workBudget: max(1, workBudget))
        self.maximumDepth = max(0, maximumDepth)
    }

    /// The sentence for `seed`.
    public func sample(seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        return sample(using: &random)
    }

    /// `count` sentences drawn one after another from one generator seeded with `seed`;
    /// the first is ``sample(seed:)``.
    public func samples(seed: UInt64, count: Int) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<max(0, count)).map { _ in sample(using: &random) }
    }

    private func sample(using random: inout SeededRandom) -> String {
        var emission = Emission(random: random)
        emit(program.rules[program.rootIndex], depth: 0, into: &emission)
        random = emission.random
        return String(emission.output)
    }

    private struct Emission {
        var random: SeededRandom
        var output = String.UnicodeScalarView()
        var length = 0
        var steps = 0

        mutating func append(_ scalar: Unicode.Scalar) {
            output.append(scalar)
            length += 1
            steps += 1
        }

        var isOverBudget: Bool { length >= SentenceGenerator.lengthBudget || steps >= SentenceGenerator.stepBudget }
    }

    private func emit(_ node: SentenceProgram.Node, depth: Int, into emission: inout Emission) {
        emission.steps += 1
        switch node {
        case .text(let scalars):
            for scalar in scalars { emission.append(scalar) }
        case .scalar(let choice):
            emission.append(choice.pick(using: &emission.random))
        case .sequence(let parts):
            for part in parts { emit(part, depth: depth, into: &emission) }
        case .choice(let options, let costs, let cheapest):
            guard !options.isEmpty else { return }
            if isFinishing(depth: depth, emission) {
                let candidates = costs.indices.filter { costs[$0] == cheapest }
                let pick = candidates[emission.random.uniform(below: candidates.count)]
                emit(options[pick], depth: depth, into: &emission)
            } else {
                emit(options[emission.random.uniform(below: options.count)], depth: depth, into: &emission)
            }
        case .repetition(let body, let minimum, let maximum):
            let count = isFinishing(depth: depth, emission)
                ? minimum : repetitionCount(minimum: minimum, maximum: maximum, using: &emission.random)
            var done = 0
            while done < count {
                if done >= minimum, emission.isOverBudget { break }
                emit(body, depth: depth, into: &emission)
                done += 1
            }
        case .rule(let index):
            emit(program.rules[index], depth: depth + 1, into: &emission)
        }
    }

    private func isFinishing(depth: Int, _ emission: Emission) -> Bool {
        depth >= maximumDepth || emission.isOverBudget
    }

    /// A quarter of draws take the minimum and (when bounded) a quarter the maximum, since
    /// bugs cluster at the bounds; the rest are uniform between them, or for unbounded
    /// repetitions a few more than the minimum (geometrically distributed).
    private func repetitionCount(minimum: Int, maximum: Int?, using random: inout SeededRandom) -> Int {
        if let maximum {
            guard maximum > minimum else { return minimum }
            switch random.uniform(below: 4) {
            case 0: return minimum
            case 1: return maximum
            // In UInt64 so that even {0,Int.max} cannot overflow.
            default: return minimum + Int(random.uniform(below: UInt64(maximum - minimum) + 1))
            }
        }
        guard random.uniform(below: 4) != 0 else { return minimum }
        var extra = 1
        while extra < 8, random.uniform(below: 2) == 0 {
            extra += 1
        }
        return minimum > Int.max - extra ? minimum : minimum + extra
    }
}
