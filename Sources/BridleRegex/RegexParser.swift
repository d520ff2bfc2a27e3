/// Parses the ECMA-262 pattern syntax JSON Schema uses into a ``RegexNode`` tree, rejecting
/// what neither a grammar nor a backtracking-free matcher can express (backreferences,
/// lookaround, word boundaries, modifiers) with an ``ECMARegexError`` that says where and
/// what to write instead. ``ECMARegex`` documents the supported dialect; the grammar compiler
/// and the validator share this one parser, so they refuse the same patterns.
///
/// Parsing recurses once per group level, and groups nest at most ``maximumNesting`` deep.
///
/// ```swift
/// try RegexParser.parse("^a|b+$")
/// // .alternation([.sequence([.startAnchor(offset: 0), .set(a)]),
/// //               .sequence([.repetition(.set(b), minimum: 1, maximum: nil), .endAnchor(offset: 5)])])
/// ```
package struct RegexParser {
    /// The largest count `{n}`, `{n,m}` may give.
    package static let maximumCount = 10_000
    /// The deepest nesting of groups.
    package static let maximumNesting = 100

    private let pattern: String
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var nesting = 0

    private init(pattern: String) {
        self.pattern = pattern
        self.scalars = Array(pattern.unicodeScalars)
    }

    /// The tree of `pattern`, anchors included.
    package static func parse(_ pattern: String) throws(ECMARegexError) -> RegexNode {
        var parser = RegexParser(pattern: pattern)
        let node = try parser.disjunction()
        if parser.position < parser.scalars.count {
            // disjunction() only stops early at a `)` it did not open.
            throw parser.invalid(at: parser.position, "unmatched ')'; remove it or escape it as \\) to match a literal parenthesis")
        }
        return node
    }

    // MARK: Errors

    private func invalid(at offset: Int, _ message: String) -> ECMARegexError {
        ECMARegexError(kind: .invalidSyntax, pattern: pattern, offset: offset, message: message)
    }

    private func unsupported(at offset: Int, _ message: String) -> ECMARegexError {
        ECMARegexError(kind: .unsupported, pattern: pattern, offset: offset, message: message)
    }

    // MARK: Scanning

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func peek(_ ahead: Int) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    private func text(from start: Int, to end: Int) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[max(0, start)..<min(end, scalars.count)])
        return String(result)
    }

    private static func hexValue(_ scalar: Unicode.Scalar?) -> UInt32? {
        guard let scalar else { return nil }
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46: return scalar.value - 0x41 + 10
        case 0x61...0x66: return scalar.value - 0x61 + 10
        default: return nil
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return (0x30...0x39).contains(scalar.value)
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return false
        }
    }

    // MARK: Structure

    private mutating func disjunction() throws(ECMARegexError) -> RegexNode {
        var branches = [try alternative()]
        while current == "|" {
            position += 1
            branches.append(try alternative())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func alternative() throws(ECMARegexError) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            items.append(try term())
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func term() throws(ECMARegexError) -> RegexNode {
        let start = position
        let atom: RegexNode
        switch current {
        case "^":
            position += 1
            try refuseQuantifier(after: "the anchor ^", at: start)
            return .startAnchor(offset: start)
        case "$":
            position += 1
            try refuseQuantifier(after: "the anchor $", at: start)
            return .endAnchor(offset: start)
        case "\\" where peek(1) == "b" || peek(1) == "B":
            let name = peek(1) == "b" ? "word boundary \\b" : "non-boundary \\B"
            throw unsupported(
                at: start,
                "\(name) is not supported: a grammar can't look at the characters around a position; spell the boundary out with the characters on either side (e.g. [^A-Za-z0-9_] between words, ^ or $ at the ends)")
        default:
            atom = try self.atom()
        }
        guard let (minimum, maximum) = try quantifier() else { return atom }
        if let scalar = current, scalar == "*" || scalar == "+" || scalar == "?" || (scalar == "{" && bracedQuantifierEnd(at: position) != nil) {
            let end = (bracedQuantifierEnd(at: position) ?? position) + 1
            throw invalid(
                at: position,
                "a quantifier can't follow another quantifier (\(text(from: start, to: end))); wrap the repeated part in a group, e.g. (?:a{2}){3}")
        }
        return .repetition(atom, minimum: minimum, maximum: maximum)
    }

    private mutating func refuseQuantifier(after what: String, at start: Int) throws(ECMARegexError) {
        if let scalar = current, scalar == "*" || scalar == "+" || scalar == "?" || (scalar == "{" && bracedQuantifierEnd(at: position) != nil) {
            throw invalid(at: position, "nothing to repeat: \(what) matches no text; quantify a character or a group instead")
        }
    }

    /// Where the `}` of a valid braced quantifier starting at `start` is, if it is one.
    private func bracedQuantifierEnd(at start: Int) -> Int? {
        guard start < scalars.count, scalars[start] == "{" else { return nil }
        var index = start + 1
        var digits = 0
        while index < scalars.count, Self.isDigit(scalars[index]) { index += 1; digits += 1 }
        guard digits > 0, index < scalars.count else { return nil }
        if scalars[index] == "}" { return index }
        guard scalars[index] == "," else { return nil }
        index += 1
        while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
        return index < scalars.count && scalars[index] == "}" ? index : nil
    }

    private func number(from start: Int, to end: Int) throws(ECMARegexError) -> Int {
        var value = 0
        for index in start..<end {
            value = value * 10 + Int(scalars[index].value - 0x30)
            if value > Self.maximumCount {
                throw unsupported(
                    at: start,
                    "the count \(text(from: start, to: end)) is larger than the \(Self.maximumCount) a grammar supports; use a smaller count or an unbounded quantifier (* or +)")
            }
        }
        return value
    }

    /// A quantifier at the current position (and a lazy `?` after it), if there is one.
    private mutating func quantifier() throws(ECMARegexError) -> (Int, Int?)? {
        let start = position
        let result: (Int, Int?)
        switch current {
        case "*": result = (0, nil); position += 1
        case "+": result = (1, nil); position += 1
        case "?": result = (0, 1); position += 1
        case "{":
            guard let end = bracedQuantifierEnd(at: position) else {
                if peek(1) == ",", Self.isDigit(peek(2)) {
                    throw invalid(
                        at: start,
                        "{,n} is ambiguous (ECMA-262 reads it as literal text, other engines as 0 to n repetitions); write {0,n} to repeat, or \\{ to match a brace")
                }
                return nil
            }
            var index = start + 1
            while Self.isDigit(scalars[index]) { index += 1 }
            let minimum = try number(from: start + 1, to: index)
            var maximum: Int? = minimum
            if scalars[index] == "," {
                maximum = index + 1 == end ? nil : try number(from: index + 1, to: end)
            }
            if let maximum, maximum < minimum {
                throw invalid(at: start, "the quantifier \(text(from: start, to: end + 1)) has its bounds out of order; write {\(maximum),\(minimum)}")
            }
            position = end + 1
            result = (minimum, maximum)
        default:
            return nil
        }
        if current == "?" { position += 1 }  // lazy: the same language
        return result
    }

    // MARK: Atoms

    private mutating func atom() throws(ECMARegexError) -> RegexNode {
        let start = position
        guard let scalar = current else {
            throw invalid(at: start, "the pattern ends unexpectedly")
        }
        switch scalar {
        case ".":
            position += 1
            return .set(RegexScalarApproximation.dot)
        case "[":
            return .set(try characterClass())
        case "(":
            return try group()
        case "*", "+", "?":
            throw invalid(at: start, "nothing to repeat: \(scalar) needs a character or group before it; escape it as \\\(scalar) to match it literally")
        case "{" where bracedQuantifierEnd(at: start) != nil:
            throw invalid(at: start, "nothing to repeat: a quantifier needs a character or group before it; escape the brace as \\{ to match it literally")
        case "\\":
            switch try escape(inClass: false) {
            case .scalar(let value): return .set(RegexScalarApproximation(exactly: RegexScalarSet(scalar: value)))
            case .set(let approximation): return .set(approximation)
            }
        case "{" where peek(1) == "," && Self.isDigit(peek(2)):
            throw invalid(
                at: start,
                "{,n} is ambiguous (ECMA-262 reads it as literal text, other engines as 0 to n repetitions); write {0,n} to repeat, or \\{ to match a brace")
        default:
            // Includes `]`, `{` and `}` that are not quantifiers: literal, as in ECMA-262 Annex B.
            position += 1
            return .set(RegexScalarApproximation(exactly: RegexScalarSet(scalar: scalar.value)))
        }
    }

    private mutating func group() throws(ECMARegexError) -> RegexNode {
        let start = position
        position += 1
        if current == "?" {
            switch (peek(1), peek(2)) {
            case (":"?, _):
                position += 2
            case ("="?, _), ("!"?, _):
                throw unsupported(
                    at: start,
                    "lookahead \(text(from: start, to: start + 3))…) is not supported: a grammar can't test what follows without consuming it; fold the condition into the pattern (e.g. split it into alternatives) or check it after generation")
            case ("<"?, "="?), ("<"?, "!"?):
                throw unsupported(
                    at: start,
                    "lookbehind \(text(from: start, to: start + 4))…) is not supported: a grammar can't test what precedes; fold the condition into the pattern (e.g. split it into alternatives) or check it after generation")
            case ("<"?, _):
                var index = position + 2
                while index < scalars.count, scalars[index] != ">", scalars[index] != ")" { index += 1 }
                guard index < scalars.count, scalars[index] == ">", index > position + 2 else {
                    throw invalid(at: start, "a named group needs a name and a '>': (?<name>…)")
                }
                position = index + 1
            case ("P"?, _):
                throw invalid(at: start, "(?P…) is Python syntax; write a named group as (?<name>…)")
            default:
                throw unsupported(
                    at: start,
                    "inline modifiers like (?i) or (?i:…) are not supported (JSON Schema patterns have no flags); spell the cases out instead, e.g. [Aa] or [A-Za-z]")
            }
        }
        nesting += 1
        if nesting > Self.maximumNesting {
            throw unsupported(at: start, "groups nest more than \(Self.maximumNesting) deep; flatten the pattern")
        }
        let body = try disjunction()
        nesting -= 1
        guard current == ")" else {
            throw invalid(at: start, "the group opened here is never closed; add a ')' or escape the '(' as \\(")
        }
        position += 1
        return body
    }

    // MARK: Escapes

    private enum Escape {
        case scalar(UInt32)
        case set(RegexScalarApproximation)
    }

    /// The escape at the current `\`; `inClass` selects the class-escape rules (`\b` is a
    /// backspace, `\-` a hyphen).
    private mutating func escape(inClass: Bool) throws(ECMARegexError) -> Escape {
        let start = position
        position += 1
        guard let scalar = current else {
            throw invalid(at: start, "the pattern ends with a lone backslash; write \\\\ to match a backslash")
        }
        position += 1
        switch scalar {
        case "d": return .set(.digit)
        case "D": return .set(RegexScalarApproximation.digit.negated)
        case "w": return .set(.word)
        case "W": return .set(RegexScalarApproximation.word.negated)
        case "s": return .set(.space)
        case "S": return .set(RegexScalarApproximation.space.negated)
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "v": return .scalar(0x0B)
        case "f": return .scalar(0x0C)
        case "r": return .scalar(0x0D)
        case "b" where inClass: return .scalar(0x08)
        case "-" where inClass: return .scalar(0x2D)
        case "0" where !Self.isDigit(current):
            return .scalar(0)
        case "0"..."9":
            if inClass || scalar == "0" {
                throw unsupported(
                    at: start,
                    "octal escapes like \(text(from: start, to: position + (Self.isDigit(current) ? 1 : 0))) are not supported; write the character as \\xHH or \\uHHHH")
            }
            var end = position
            while Self.isDigit(peek(end - position)) { end += 1 }
            throw unsupported(
                at: start,
                "backreference \(text(from: start, to: end)) is not supported: a grammar can't require text to repeat what a group matched; write the group's pattern out again (any match of it, not necessarily the same text) or list the alternatives")
        case "k" where current == "<":
            throw unsupported(
                at: start,
                "named backreference \\k<…> is not supported: a grammar can't require text to repeat what a group matched; write the group's pattern out again or list the alternatives")
        case "c":
            guard let letter = current, (0x41...0x5A).contains(letter.value) || (0x61...0x7A).contains(letter.value) else {
                throw invalid(at: start, "\\c must be followed by a letter (\\cA to \\cZ); write a control character as \\xHH instead")
            }
            position += 1
            return .scalar(letter.value % 32)
        case "x":
            guard let high = Self.hexValue(current), let low = Self.hexValue(peek(1)) else {
                throw invalid(at: start, "\\x needs exactly two hex digits, e.g. \\x41; write \\\\x to match a backslash and an x")
            }
            position += 2
            return .scalar(high * 16 + low)
        case "u":
            return .scalar(try unicodeEscape(start: start))
        case "p", "P":
            guard current == "{" else {
                throw invalid(at: start, "\\\(scalar) needs a property in braces, e.g. \\\(scalar){L}; write \(scalar) alone to match the letter")
            }
            var end = position + 1
            while end < scalars.count, scalars[end] != "}" { end += 1 }
            guard end < scalars.count else {
                throw invalid(at: start, "the property escape \\\(scalar){… is never closed; add a '}'")
            }
            let name = text(from: position + 1, to: end)
            guard let set = RegexUnicodeProperties.scalars(named: name) else {
                throw unsupported(
                    at: start,
                    "the Unicode property \(name) is not supported; use one of \(RegexUnicodeProperties.examples), or a class such as [A-Za-z]")
            }
            position = end + 1
            let approximation = RegexScalarApproximation(exactly: set)
            return .set(scalar == "p" ? approximation : approximation.negated)
        case "B" where inClass:
            throw invalid(at: start, "\\B has no meaning inside a class; remove it, or write \\\\B for a backslash and a B")
        default:
            if Self.isAlphanumeric(scalar) {
                throw invalid(
                    at: start,
                    "\\\(scalar) is not an ECMA-262 escape; write \(scalar) alone to match the letter, or \\\\\(scalar) to match a backslash and the letter")
            }
            // An escaped metacharacter or any other punctuation: itself.
            return .scalar(scalar.value)
        }
    }

    /// The value of a `\uHHHH` (a surrogate pair `\uD83D\uDE00` is one scalar) or `\u{H…}`
    /// escape whose `u` has just been read.
    private mutating func unicodeEscape(start: Int) throws(ECMARegexError) -> UInt32 {
        if current == "{" {
            var end = position + 1
            var value: UInt32 = 0
            while let digit = Self.hexValue(peek(end - position)) {
                value = value * 16 + digit
                end += 1
                if value > RegexScalarSet.maximumScalar { break }
            }
            guard end > position + 1, end < scalars.count, scalars[end] == "}", value <= RegexScalarSet.maximumScalar else {
                throw invalid(at: start, "\\u{…} needs 1 to 6 hex digits naming a code point up to 10FFFF, e.g. \\u{1F600}")
            }
            guard !RegexScalarSet.surrogates.contains(value) else {
                throw unsupported(at: start, "\(text(from: start, to: end + 1)) names a surrogate, which is not a character; write the whole character, e.g. \\u{1F600}")
            }
            position = end + 1
            return value
        }
        guard let first = fourHexDigits(at: position) else {
            throw invalid(at: start, "\\u needs four hex digits (\\u00E9) or braces (\\u{1F600}); write \\\\u to match a backslash and a u")
        }
        position += 4
        switch first {
        case 0xD800...0xDBFF:
            if current == "\\", peek(1) == "u", let second = fourHexDigits(at: position + 2), (0xDC00...0xDFFF).contains(second) {
                position += 6
                return 0x10000 + (first - 0xD800) * 0x400 + (second - 0xDC00)
            }
            fallthrough
        case 0xDC00...0xDFFF:
            throw unsupported(
                at: start,
                "\(text(from: start, to: start + 6)) is half of a surrogate pair, not a character; write the whole pair (\\uD83D\\uDE00) or the code point (\\u{1F600})")
        default:
            return first
        }
    }

    private func fourHexDigits(at index: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard index + offset < scalars.count, let digit = Self.hexValue(scalars[index + offset]) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    // MARK: Classes

    private mutating func characterClass() throws(ECMARegexError) -> RegexScalarApproximation {
        let start = position
        position += 1
        var negated = false
        if current == "^" {
            negated = true
            position += 1
        }
        var result = RegexScalarApproximation.empty
        while true {
            guard let scalar = current else {
                throw invalid(at: start, "the class opened here is never closed; add a ']' or escape the '[' as \\[")
            }
            if scalar == "]" {
                position += 1
                break
            }
            let atomStart = position
            let first = try classAtom()
            if current == "-", let next = peek(1), next != "]" {
                position += 1
                let secondStart = position
                let second = try classAtom()
                guard case .scalar(let low) = first, case .scalar(let high) = second else {
                    let escapeStart = if case .set = first { atomStart } else { secondStart }
                    throw invalid(
                        at: escapeStart,
                        "a range can't start or end with a class like \\d; put '-' first or last in the class, or escape it as \\-, to match a hyphen")
                }
                guard low <= high else {
                    throw invalid(at: atomStart, "the range \(text(from: atomStart, to: position)) is out of order; write the smaller character first")
                }
                result = result.union(RegexScalarApproximation(exactly: RegexScalarSet(ranges: [low...high])))
            } else {
                switch first {
                case .scalar(let value): result = result.union(RegexScalarApproximation(exactly: RegexScalarSet(scalar: value)))
                case .set(let approximation): result = result.union(approximation)
                }
            }
        }
        return negated ? result.negated : result
    }

    private mutating func classAtom() throws(ECMARegexError) -> Escape {
        let start = position
        guard let scalar = current else {
            throw invalid(at: start, "the pattern ends inside a class; add a ']'")
        }
        switch scalar {
        case "\\":
            return try escape(inClass: true)
        case "[":
            throw unsupported(
                at: start,
                "an unescaped '[' inside a class is ambiguous (ECMA-262 reads it as a literal, other engines as a nested or POSIX class like [:alpha:]); escape it as \\[, or write ranges such as [A-Za-z] for POSIX classes")
        default:
            position += 1
            return .scalar(scalar.value)
        }
    }
}
