extension Grammar {
    /// Parses GBNF text in llama.cpp's dialect.
    ///
    /// What it reads, as llama.cpp's `llama-grammar.cpp` does:
    /// - rules `name ::= body`, names of `a-z A-Z 0-9 -`; a body ends at a line break, except
    ///   right after `::=` or `|` and anywhere inside `( … )`;
    /// - `#` comments to the end of the line, spaces and tabs between items;
    /// - `"…"` literals and `[…]` / `[^…]` classes (with `a-z` ranges) with the escapes
    ///   `\x..`, `\u....`, `\U........`, `\t`, `\r`, `\n`, `\\`, `\"`, `\[`, `\]`, `\-`;
    /// - `.`, rule names, groups, and the suffixes `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`
    ///   (stackable: `x{2}*` repeats `x{2}`).
    ///
    /// The result is in ``normalized()`` form as far as the text allows (groups dissolve into
    /// their sequence or alternatives, `""` and `()` are the empty sequence), so printing it and parsing again gives
    /// the same grammar.
    ///
    /// Where it departs from llama.cpp, it says so rather than guess: it rejects a rule
    /// defined twice (llama.cpp keeps the last), a reversed range such as `[z-a]` (llama.cpp
    /// matches nothing with it), a surrogate or a value past U+10FFFF in a string literal
    /// (a Swift string cannot hold one; classes may), NUL characters (llama.cpp stops reading
    /// at one), and token matches `<…>` (they need a vocabulary). It reads `{0,5000}` as
    /// written, where llama.cpp would drop a maximum above 2000 and reject a minimum above
    /// it; the printer splits such bounds. Rules that are referenced but never defined, and a
    /// missing `root`, are not syntax errors here (llama.cpp rejects the first when parsing
    /// and the second when loading): ``lint()`` reports them.
    ///
    /// ```swift
    /// let grammar = try Grammar(gbnf: """
    ///     root ::= "[" item ("," item)* "]"   # a list
    ///     item ::= [a-z]+
    ///     """)
    /// grammar.rules[1]   // Rule(name: "item", body: .repetition(.characterClass(CharacterClass("a"..."z")), minimum: 1, maximum: nil))
    /// ```
    ///
    /// - Parameters:
    ///   - gbnf: The grammar text.
    ///   - rootName: The rule sentences must match; llama.cpp's default is `root`.
    public init(gbnf: String, rootName: String = "root") throws(GBNFSyntaxError) {
        var parser = GBNFParser(gbnf)
        self.init(rules: try parser.parseGrammar(), rootName: rootName)
    }
}

/// A recursive-descent reader over Unicode scalars that follows llama.cpp's parser step by
/// step, so it accepts the same texts and stops at the same places.
struct GBNFParser {
    /// How deep groups, and expressions (each suffix wraps one more level), may nest. Real
    /// grammars stay far below; the limit keeps recursion here and in the passes that walk
    /// the result from overflowing the stack on hostile input.
    static let maximumNesting = 200

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var groupDepth = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    private var current: Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private func peek(at index: Int) -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private func error(_ message: String, at index: Int? = nil) -> GBNFSyntaxError {
        GBNFSyntaxError(message: message, at: index ?? position, in: scalars)
    }

    // MARK: Rules

    mutating func parseGrammar() throws(GBNFSyntaxError) -> [Rule] {
        if let nul = scalars.firstIndex(of: "\0") {
            throw error("GBNF text cannot contain NUL characters (llama.cpp stops reading at the first one)", at: nul)
        }
        var rules: [Rule] = []
        var definitions: [String: Int] = [:]
        skipSpace(newlines: true)
        while current != nil {
            let start = position
            let rule = try parseRule()
            if let earlierStart = definitions[rule.name] {
                let earlier = GBNFSyntaxError(message: "", at: earlierStart, in: scalars)
                throw error("rule '\(rule.name)' is already defined on line \(earlier.line)", at: start)
            }
            definitions[rule.name] = start
            rules.append(rule)
        }
        return rules
    }

    private mutating func parseRule() throws(GBNFSyntaxError) -> Rule {
        guard let name = parseName() else {
            switch current {
            case "|":
                throw error("expected a rule name; to continue the previous rule on this line, end the previous line with '|' instead")
            case "\"", "[", "(", ".":
                // The usual cause: a body continued on the next line, which GBNF allows only
                // after '|' or inside parentheses.
                throw error("expected a rule name; a rule continues on the next line only after '|' or inside '( … )'")
            default:
                throw error("expected a rule name")
            }
        }
        try rejectMisspelledName()
        skipSpace(newlines: false)
        guard current == ":", peek(at: position + 1) == ":", peek(at: position + 2) == "=" else {
            throw error("expected '::=' after the rule name")
        }
        position += 3
        skipSpace(newlines: true)
        let (body, _) = try parseAlternatives(nested: false)
        switch current {
        case nil:
            break
        case "\n":
            position += 1
        case "\r":
            position += peek(at: position + 1) == "\n" ? 2 : 1
        case ")":
            throw error("unexpected ')': there is no '(' for it to close")
        case let other?:
            try rejectMisspelledName()
            throw error("unexpected '\(Self.display(other))' in the rule body")
        }
        skipSpace(newlines: true)
        return Rule(name: name, body: body)
    }

    /// `my_rule` and `règle` read as the name `my` or `r` followed by junk; say what is
    /// really wrong when the junk sticks to a name.
    private func rejectMisspelledName() throws(GBNFSyntaxError) {
        guard let scalar = current, position > 0, GBNFName.isNameScalar(scalars[position - 1]),
              scalar == "_" || (!scalar.isASCII && scalar.properties.isAlphabetic)
        else { return }
        throw error("'\(scalar)' cannot appear in a rule name: use only ASCII letters, digits and '-'")
    }

    private mutating func parseName() -> String? {
        let start = position
        while let scalar = current, GBNFName.isNameScalar(scalar) {
            position += 1
        }
        guard position > start else { return nil }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<position])
        return String(view)
    }

    /// Spaces, tabs and comments; line breaks too where llama.cpp allows a rule to continue.
    private mutating func skipSpace(newlines: Bool) {
        while let scalar = current {
            switch scalar {
            case " ", "\t":
                position += 1
            case "\n" where newlines, "\r" where newlines:
                position += 1
            case "#":
                while let scalar = current, scalar != "\n", scalar != "\r" {
                    position += 1
                }
            default:
                return
            }
        }
    }

    // MARK: Expressions

    /// The alternatives, and how deeply the result nests.
    private mutating func parseAlternatives(nested: Bool) throws(GBNFSyntaxError) -> (GrammarExpression, depth: Int) {
        let (first, firstDepth) = try parseSequence(nested: nested)
        var alternatives = [first]
        var depth = firstDepth
        while current == "|" {
            position += 1
            skipSpace(newlines: true)
            let (next, nextDepth) = try parseSequence(nested: nested)
            alternatives.append(next)
            depth = max(depth, nextDepth)
        }
        return (Self.choice(alternatives), alternatives.count > 1 ? depth + 1 : depth)
    }

    private mutating func parseSequence(nested: Bool) throws(GBNFSyntaxError) -> (GrammarExpression, depth: Int) {
        var items: [GrammarExpression] = []
        var depths: [Int] = []
        // Whether the last item left something in llama.cpp's rule for a suffix to apply
        // to: not at the start of an alternative, nor after `""`, `[]` or `x{0}`.
        var canRepeat = false
        loop: while let scalar = current {
            switch scalar {
            case "\"":
                let text = try parseLiteral()
                items.append(text.isEmpty ? .sequence([]) : .literal(text))
                depths.append(1)
                canRepeat = !text.isEmpty
            case "[":
                let characterClass = try parseClass()
                items.append(.characterClass(characterClass))
                depths.append(1)
                canRepeat = !characterClass.ranges.isEmpty
            case "<", "!":
                throw error("token matches ('<…>', '!<…>') are not supported: they depend on a model's vocabulary")
            case ".":
                position += 1
                items.append(.anyCharacter)
                depths.append(1)
                canRepeat = true
            case "(":
                let (group, depth) = try parseGroup()
                items.append(group)
                depths.append(depth)
                canRepeat = true
            case "*", "+", "?", "{":
                let start = position
                let (minimum, maximum) = try parseSuffix(nested: nested)
                guard canRepeat, let last = items.popLast(), let lastDepth = depths.popLast() else {
                    throw error("there is nothing before '\(Self.display(scalar))' for it to repeat", at: start)
                }
                guard lastDepth < Self.maximumNesting else {
                    throw error("expressions are nested more than \(Self.maximumNesting) deep", at: start)
                }
                items.append(.repetition(last, minimum: minimum, maximum: maximum))
                depths.append(lastDepth + 1)
                canRepeat = maximum != 0
                skipSpace(newlines: nested)
                continue loop
            default:
                guard GBNFName.isNameScalar(scalar), let name = parseName() else { break loop }
                items.append(.reference(name))
                depths.append(1)
                canRepeat = true
            }
            skipSpace(newlines: nested)
        }
        let depth = depths.max() ?? 0
        return (Self.sequence(items), items.count > 1 ? depth + 1 : depth)
    }

    private mutating func parseGroup() throws(GBNFSyntaxError) -> (GrammarExpression, depth: Int) {
        let open = position
        groupDepth += 1
        defer { groupDepth -= 1 }
        guard groupDepth <= Self.maximumNesting else {
            throw error("groups are nested more than \(Self.maximumNesting) deep")
        }
        position += 1
        skipSpace(newlines: true)
        let (inner, depth) = try parseAlternatives(nested: true)
        guard depth <= Self.maximumNesting else {
            throw error("expressions are nested more than \(Self.maximumNesting) deep", at: open)
        }
        guard current == ")" else {
            let opening = GBNFSyntaxError(message: "", at: open, in: scalars)
            throw error("expected ')' to close the '(' at \(opening.line):\(opening.column)")
        }
        position += 1
        return (inner, depth)
    }

    /// `*`, `+`, `?` or `{m}`, `{m,}`, `{m,n}` (spaces allowed inside the braces).
    private mutating func parseSuffix(nested: Bool) throws(GBNFSyntaxError) -> (Int, Int?) {
        let start = position
        let scalar = current
        position += 1
        switch scalar {
        case "*": return (0, nil)
        case "+": return (1, nil)
        case "?": return (0, 1)
        default: break
        }
        // Inside braces llama.cpp skips line breaks only where the rule itself may continue
        // over them (inside parentheses).
        skipSpace(newlines: nested)
        guard let minimum = try parseCount() else {
            throw error("expected a number after '{'")
        }
        skipSpace(newlines: nested)
        var maximum: Int? = minimum
        if current == "," {
            position += 1
            skipSpace(newlines: nested)
            maximum = try parseCount()
            skipSpace(newlines: nested)
            guard current == "}" else { throw error("expected '}' to close the repetition") }
        } else if current != "}" {
            throw error("expected ',' or '}' after the repetition count")
        }
        position += 1
        if let maximum, maximum < minimum {
            throw error("the repetition's minimum \(minimum) is greater than its maximum \(maximum)", at: start)
        }
        return (minimum, maximum)
    }

    private mutating func parseCount() throws(GBNFSyntaxError) -> Int? {
        let start = position
        var value = 0
        while let scalar = current, ("0"..."9").contains(scalar) {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int(scalar.value - 0x30))
            guard !overflow1, !overflow2 else { throw error("the repetition count is too large", at: start) }
            value = sum
            position += 1
        }
        return position > start ? value : nil
    }

    // MARK: Literals and classes

    private mutating func parseLiteral() throws(GBNFSyntaxError) -> String {
        let open = position
        position += 1
        var view = String.UnicodeScalarView()
        while current != "\"" {
            guard current != nil else {
                throw error("unterminated string literal: add the closing '\"'", at: open)
            }
            let start = position
            let value = try parseCharacter(unterminated: "unterminated string literal: add the closing '\"'", opening: open)
            guard let scalar = Unicode.Scalar(value) else {
                throw error("'\(Self.escapeText(scalars[start..<position]))' is not a Unicode scalar value, so a string literal cannot contain it", at: start)
            }
            view.append(scalar)
        }
        position += 1
        return String(view)
    }

    private mutating func parseClass() throws(GBNFSyntaxError) -> CharacterClass {
        let open = position
        let unterminated = "unterminated character class: add the closing ']'"
        position += 1
        var isNegated = false
        if current == "^" {
            isNegated = true
            position += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        while current != "]" {
            guard current != nil else { throw error(unterminated, at: open) }
            let start = position
            let lower = try parseCharacter(unterminated: unterminated, opening: open)
            // As in llama.cpp, `-` makes a range unless it is the last thing in the class.
            if current == "-", let next = peek(at: position + 1), next != "]" {
                position += 1
                let upper = try parseCharacter(unterminated: unterminated, opening: open)
                guard lower <= upper else {
                    throw error("the range '\(Self.escapeText(scalars[start..<position]))' is reversed: write its lower end first", at: start)
                }
                ranges.append(lower...upper)
            } else {
                ranges.append(lower...lower)
            }
        }
        position += 1
        return CharacterClass(ranges: ranges, isNegated: isNegated)
    }

    /// One character of a literal or class, escapes decoded, as a code point (classes may
    /// hold any 32-bit value llama.cpp can write).
    private mutating func parseCharacter(unterminated: String, opening: Int) throws(GBNFSyntaxError) -> UInt32 {
        guard let scalar = current else { throw error(unterminated, at: opening) }
        guard scalar == "\\" else {
            position += 1
            return scalar.value
        }
        let start = position
        guard let escape = peek(at: position + 1) else { throw error(unterminated, at: opening) }
        position += 2
        switch escape {
        case "x": return try parseHex(digits: 2, escape: "\\x", start: start)
        case "u": return try parseHex(digits: 4, escape: "\\u", start: start)
        case "U": return try parseHex(digits: 8, escape: "\\U", start: start)
        case "t": return 0x09
        case "r": return 0x0D
        case "n": return 0x0A
        case "\\", "\"", "[", "]", "-": return escape.value
        default:
            throw error("unknown escape '\\\(Self.display(escape))': llama.cpp knows \\x, \\u, \\U, \\t, \\r, \\n, \\\\, \\\", \\[, \\] and \\-", at: start)
        }
    }

    private mutating func parseHex(digits: Int, escape: String, start: Int) throws(GBNFSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = current, let digit = Self.hexValue(scalar) else {
                throw error("expected \(digits) hex digits after '\(escape)'", at: start)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    // MARK: Building normal-form expressions

    /// A sequence with nested sequences spliced in and a single item unwrapped, as
    /// ``Grammar/normalized()`` has it.
    static func sequence(_ items: [GrammarExpression]) -> GrammarExpression {
        var flat: [GrammarExpression] = []
        for item in items {
            if case .sequence(let inner) = item {
                flat.append(contentsOf: inner)
            } else {
                flat.append(item)
            }
        }
        return flat.count == 1 ? flat[0] : .sequence(flat)
    }

    /// Alternatives with nested alternatives spliced in and a single one unwrapped.
    static func choice(_ items: [GrammarExpression]) -> GrammarExpression {
        var flat: [GrammarExpression] = []
        for item in items {
            if case .alternatives(let inner) = item {
                flat.append(contentsOf: inner)
            } else {
                flat.append(item)
            }
        }
        return flat.count == 1 ? flat[0] : .alternatives(flat)
    }

    private static func display(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || scalar.value == 0x7F ? "\\x" + String(scalar.value, radix: 16, uppercase: true) : String(scalar)
    }

    private static func escapeText(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        scalars.map(display).joined()
    }
}
