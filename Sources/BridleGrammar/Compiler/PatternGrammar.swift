import BridleRegex

/// Compiles a JSON Schema `pattern` (an ECMA-262 regular expression) into the grammar of the
/// JSON string *content* (what goes between the quotes, escapes and all) of strings it matches.
///
/// ```swift
/// try PatternGrammar.expression(pattern: "^[A-Z]{3}-[0-9]{4}$")
/// // [A-Z]{3} "-" [0-9]{4}
/// try PatternGrammar.expression(pattern: #"^"[a-z]+"$"#)
/// // "\\\"" [a-z]{1,16} "\\\""        (a quote in the text is \" in the JSON)
/// try PatternGrammar.expression(pattern: "^[a-z]+$", length: 3...5)
/// // [a-z]{3,5}
/// ```
///
/// ## Supported syntax
/// - literals; escaped metacharacters and punctuation (`\.`, `\"`, `\/`…);
///   `\t \n \r \f \v` (U+000B) `\0 \cX \xHH \uHHHH` (a surrogate pair `\uD83D\uDE00` is one character)
///   and `\u{H…}`;
/// - `.` (any character except line terminators), `\d \D \w \W \s \S` (ASCII digits and word
///   characters, as ECMA-262), `\p{…}`/`\P{…}` for general categories (`L`, `Lu`, `Nd`,
///   `Letter`…) and `Any`, `ASCII`, `Alphabetic`, `White_Space`, `Uppercase`, `Lowercase`;
/// - classes `[…]`/`[^…]` with ranges and class escapes (`[\b]` is a backspace, `[^]` any
///   character, `[]` none);
/// - groups `(…)`, `(?:…)`, `(?<name>…)`; alternation `|`;
/// - quantifiers `* + ? {n} {n,} {n,m}` and their lazy forms (`*?`…, the same language);
///   counts up to 10 000;
/// - `^` at the very start and `$` at the very end of the pattern or of a top-level
///   alternative (`^a|b$` is "starts with a, or ends with b"); groups around them are fine
///   where they don't change that (`(^a|^b)`, `(^a)(b$)`).
///
/// ## Rejected, with a ``PatternGrammarError`` that says what to write instead
/// Backreferences (`\1`, `\k<n>`), lookahead and lookbehind, `\b`/`\B`, anchors anywhere else
/// (`a^b`, `(^a|^b)c`, `^(a|$)`), inline modifiers (`(?i)`), unknown `\p{…}` properties, octal escapes,
/// unknown letter escapes (`\q`), `{,n}` (literal in ECMA-262, a quantifier elsewhere) and an
/// unescaped `[` inside a class (a POSIX class elsewhere).
///
/// ## How the language is bounded (every decision narrows, so each admitted string matches)
/// - **Unbounded quantifiers** (`*`, `+`, `{n,}`) repeat at most `max(n, maximumRepeat)` times.
/// - **Unanchored patterns** match anywhere, so a start without `^` is preceded, and an end
///   without `$` followed, by any text of at most `maximumRepeat` characters.
/// - **Character sets** are admitted in one JSON spelling per character: printable characters
///   literally, `"` and `\` as `\"` and `\\`, control characters as `\b \t \n \f \r` where JSON
///   has one or as `\u00XX` (either case of hex digits). `\/` and `\u` escapes of other
///   characters are not admitted. Negated classes, `.`, `\D`, `\W`, `\S` include these escaped
///   forms. Where engines disagree by a few characters Bridle admits only what all agree on:
///   `.` also stops at `\v`, `\f` and U+0085; `\s` leaves out U+FEFF and `\S` U+0085.
/// - **Length**: with `length`, every admitted string's length in Unicode scalars (decoded,
///   not escaped) is within it. Repetitions are narrowed (`[a-z]+` within `3...5` becomes
///   `[a-z]{3,5}`), alternatives that can't fit are dropped, and each part of a sequence gets
///   its own share of the bound, spread evenly, so some fitting strings may be left out
///   (`^"*\*$` within `2...3` keeps `"\` and `""\` but not `""`). The result is never empty
///   when some string of the pattern fits; when none does, the error is
///   ``PatternGrammarError/Kind/lengthConflict``, with the pattern's lengths.
enum PatternGrammar {
    /// The JSON-string content (escaped) of every string the pattern matches, with unbounded
    /// quantifiers capped at `maximumRepeat` and the whole length within `length` scalars.
    ///
    /// - Throws: ``PatternGrammarError`` for syntax errors, unsupported features, a pattern
    ///   that matches nothing, or one that can't meet `length`.
    static func expression(pattern: String, maximumRepeat: Int = 16, length: ClosedRange<Int>? = nil) throws(PatternGrammarError) -> GrammarExpression {
        let tree: RegexNode
        do {
            tree = try RegexParser.parse(pattern)
        } catch {
            throw PatternGrammarError(regexError: error)
        }
        let lowered = try lower(tree, pattern: pattern, maximumRepeat: max(0, maximumRepeat))
        var node = lowered.simplified
        if node.isNothing {
            throw PatternGrammarError(
                kind: .matchesNothing, pattern: pattern, offset: 0,
                message: "the pattern matches no string (an empty class [] or a negated class of everything); remove that part or write the characters it should allow")
        }
        if let length {
            node = try PatternLength.narrow(node, to: length, pattern: pattern, maximumRepeat: max(0, maximumRepeat))
        }
        return PatternEncoding.expression(for: node)
    }

    /// The tree without anchors, unanchored ends padded with bounded runs of any text, and
    /// unbounded repetitions capped.
    private static func lower(_ tree: RegexNode, pattern: String, maximumRepeat: Int) throws(PatternGrammarError) -> PatternNode {
        let anyText = PatternNode.repetition(.set(.all), minimum: 0, maximum: maximumRepeat)
        let branches: [RegexNode]
        if case .alternation(let alternatives) = tree { branches = alternatives } else { branches = [tree] }
        var bodies: [(startAnchored: Bool, endAnchored: Bool, body: PatternNode)] = []
        for branch in branches {
            var items = flattened(branch)
            var startAnchored = false
            var endAnchored = false
            while case .startAnchor? = items.first {
                startAnchored = true
                items.removeFirst()
            }
            while case .endAnchor? = items.last {
                endAnchored = true
                items.removeLast()
            }
            var parts: [PatternNode] = []
            for item in items { parts.append(try lowerInner(item, pattern: pattern, maximumRepeat: maximumRepeat)) }
            bodies.append((startAnchored, endAnchored, .sequence(parts)))
        }
        func padded(_ body: PatternNode, startAnchored: Bool, endAnchored: Bool) -> PatternNode {
            .sequence((startAnchored ? [] : [anyText]) + [body] + (endAnchored ? [] : [anyText]))
        }
        if let first = bodies.first, bodies.allSatisfy({ $0.startAnchored == first.startAnchored && $0.endAnchored == first.endAnchored }) {
            return padded(.alternation(bodies.map(\.body)), startAnchored: first.startAnchored, endAnchored: first.endAnchored)
        }
        return .alternation(bodies.map { padded($0.body, startAnchored: $0.startAnchored, endAnchored: $0.endAnchored) })
    }

    /// The items of a sequence, nested sequences (groups) spliced in: `(^a)(b$)` is `^ab$`.
    private static func flattened(_ node: RegexNode) -> [RegexNode] {
        guard case .sequence(let parts) = node else { return [node] }
        return parts.flatMap(flattened)
    }

    private static func lowerInner(_ node: RegexNode, pattern: String, maximumRepeat: Int) throws(PatternGrammarError) -> PatternNode {
        switch node {
        case .set(let set):
            return .set(set.inner)
        case .sequence(let items):
            var parts: [PatternNode] = []
            for item in items { parts.append(try lowerInner(item, pattern: pattern, maximumRepeat: maximumRepeat)) }
            return .sequence(parts)
        case .alternation(let items):
            var parts: [PatternNode] = []
            for item in items { parts.append(try lowerInner(item, pattern: pattern, maximumRepeat: maximumRepeat)) }
            return .alternation(parts)
        case .repetition(let item, let minimum, let maximum):
            return .repetition(
                try lowerInner(item, pattern: pattern, maximumRepeat: maximumRepeat),
                minimum: minimum, maximum: maximum ?? max(minimum, maximumRepeat))
        case .startAnchor(let offset):
            let delimiters = offset == 1 && pattern.hasPrefix("/") ? " (JSON Schema patterns have no /…/ delimiters: drop them)" : ""
            throw PatternGrammarError(
                kind: .unsupported, pattern: pattern, offset: offset,
                message: "^ is only supported at the very start of the pattern or of a top-level alternative\(delimiters); move it there (^(?:a|b) rather than (?:^a|^b)), or escape it as \\^ to match a caret")
        case .endAnchor(let offset):
            throw PatternGrammarError(
                kind: .unsupported, pattern: pattern, offset: offset,
                message: "$ is only supported at the very end of the pattern or of a top-level alternative; move it there ((?:a|b)$ rather than (?:a$|b$)), or escape it as \\$ to match a dollar sign")
        }
    }
}

/// A pattern's language without anchors and with bounded repetitions: what the length
/// narrowing and the encoder work on. Lengths are counted in scalars of the decoded string.
indirect enum PatternNode: Sendable, Hashable {
    /// One scalar from the set (none if it is empty).
    case set(RegexScalarSet)
    /// Each part in turn; `[]` matches the empty string.
    case sequence([PatternNode])
    /// Any one of the parts; `[]` matches nothing.
    case alternation([PatternNode])
    case repetition(PatternNode, minimum: Int, maximum: Int)

    static let nothing = PatternNode.alternation([])
    static let empty = PatternNode.sequence([])

    var isNothing: Bool { self == .nothing }

    /// The same language, with nothing propagated (a sequence with an impossible part is
    /// impossible), nesting flattened, alternatives of single characters merged into one set
    /// and trivial repetitions removed.
    var simplified: PatternNode {
        switch self {
        case .set(let set):
            return set.withoutSurrogates.isEmpty ? .nothing : .set(set)
        case .sequence(let items):
            var parts: [PatternNode] = []
            for item in items {
                let part = item.simplified
                switch part {
                case .alternation([]): return .nothing
                case .sequence(let inner): parts += inner
                default: parts.append(part)
                }
            }
            return parts.count == 1 ? parts[0] : .sequence(parts)
        case .alternation(let items):
            var parts: [PatternNode] = []
            var characters: RegexScalarSet?
            var characterIndex = 0
            for item in items {
                let part = item.simplified
                let inner: [PatternNode]
                if case .alternation(let nested) = part { inner = nested } else { inner = [part] }
                for candidate in inner {
                    if case .set(let set) = candidate {
                        if characters == nil { characterIndex = parts.count }
                        characters = (characters ?? .empty).union(set)
                    } else if !parts.contains(candidate) {
                        parts.append(candidate)
                    }
                }
            }
            if let characters { parts.insert(.set(characters), at: characterIndex) }
            return parts.count == 1 ? parts[0] : .alternation(parts)
        case .repetition(let item, let minimum, let maximum):
            let part = item.simplified
            if maximum == 0 || part == .empty { return .empty }
            if part.isNothing { return minimum == 0 ? .empty : .nothing }
            if minimum == 1 && maximum == 1 { return part }
            return .repetition(part, minimum: minimum, maximum: maximum)
        }
    }
}

/// Spells a ``PatternNode`` as the JSON string content of its strings.
enum PatternEncoding {
    static func expression(for node: PatternNode) -> GrammarExpression {
        switch node {
        case .set(let set):
            return expression(for: set)
        case .sequence(let items):
            var parts: [GrammarExpression] = []
            var text = ""
            func flush() {
                if !text.isEmpty { parts.append(.literal(text)) }
                text = ""
            }
            for item in items {
                if case .set(let set) = item, let scalar = set.withoutSurrogates.singleScalar, scalar >= 0x20 {
                    text += escaped(scalar)
                    continue
                }
                flush()
                let part = expression(for: item)
                if case .sequence(let inner) = part { parts += inner } else { parts.append(part) }
            }
            flush()
            return parts.count == 1 ? parts[0] : .sequence(parts)
        case .alternation(let items):
            return items.count == 1 ? expression(for: items[0]) : .alternatives(items.map { expression(for: $0) })
        case .repetition(let item, let minimum, let maximum):
            if maximum == 0 { return .sequence([]) }
            let part = expression(for: item)
            return minimum == 1 && maximum == 1 ? part : .repetition(part, minimum: minimum, maximum: maximum)
        }
    }

    /// A printable scalar as JSON string content: itself, or `\"` and `\\`.
    private static func escaped(_ scalar: UInt32) -> String {
        switch scalar {
        case 0x22: return "\\\""
        case 0x5C: return "\\\\"
        default: return Unicode.Scalar(scalar).map { String($0) } ?? ""
        }
    }

    private static let controls = RegexScalarSet(ranges: [0...0x1F])
    private static let needsEscape = RegexScalarSet(ranges: [0...0x1F, 0x22...0x22, 0x5C...0x5C])
    /// The letter after `\` of JSON's short escapes.
    private static let shortEscapes: [UInt32: UInt32] = [
        0x22: 0x22, 0x5C: 0x5C, 0x08: 0x62, 0x09: 0x74, 0x0A: 0x6E, 0x0C: 0x66, 0x0D: 0x72,
    ]

    /// One scalar of `set`, in each of its JSON spellings (see ``PatternGrammar``).
    static func expression(for set: RegexScalarSet) -> GrammarExpression {
        let set = set.withoutSurrogates
        if let scalar = set.singleScalar, scalar >= 0x20 { return .literal(escaped(scalar)) }
        var options: [GrammarExpression] = []
        let plain = set.subtracting(needsEscape)
        if !plain.isEmpty { options.append(characterClass(plain)) }
        let escapeLetters = shortEscapes.keys.sorted().filter(set.contains).compactMap { shortEscapes[$0] }
        if !escapeLetters.isEmpty {
            options.append(.sequence([.literal("\\"), characterClass(RegexScalarSet(scalars: escapeLetters))]))
        }
        let controlSet = set.intersection(controls)
        for high: UInt32 in 0...1 {
            var digits: [UInt32] = []
            for low: UInt32 in 0...15 where controlSet.contains(high * 16 + low) {
                if low < 10 {
                    digits.append(0x30 + low)
                } else {
                    digits += [0x41 + low - 10, 0x61 + low - 10]
                }
            }
            if !digits.isEmpty {
                options.append(.sequence([.literal("\\u00\(high)"), characterClass(RegexScalarSet(scalars: digits))]))
            }
        }
        return options.count == 1 ? options[0] : .alternatives(options)
    }

    /// One scalar of `set` (no surrogates, nothing that needs escaping) as a literal, a class,
    /// or a negated class, whichever has fewer ranges (negated on a tie when the set runs to
    /// the last scalar: `[^\x00-\x1F"\\]` rather than `[\x20-\x21\x23-\x5B\x5D-\U0010FFFF]`).
    private static func characterClass(_ set: RegexScalarSet) -> GrammarExpression {
        if let scalar = set.singleScalar, let character = Unicode.Scalar(scalar) {
            return .literal(String(character))
        }
        let positive = bridged(set)
        let negative = bridged(set.complement)
        let runsToEnd = set.contains(RegexScalarSet.maximumScalar)
        if negative.ranges.count < positive.ranges.count || (runsToEnd && negative.ranges.count == positive.ranges.count) {
            return .characterClass(CharacterClass(ranges: negative.ranges, isNegated: true))
        }
        return .characterClass(CharacterClass(ranges: positive.ranges))
    }

    /// The set with surrogates (which never occur) included or left out, whichever gives
    /// fewer ranges.
    private static func bridged(_ set: RegexScalarSet) -> RegexScalarSet {
        let without = set.withoutSurrogates
        return without.contains(0xD7FF) && without.contains(0xE000)
            ? without.union(RegexScalarSet(ranges: [RegexScalarSet.surrogates])) : without
    }
}
