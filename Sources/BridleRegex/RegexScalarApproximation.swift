/// What a class escape (`\d`, `\s`, `.`, a negated class…) matches, as three sets: `exact`,
/// what ECMA-262 says (the validator's ``ECMARegex`` matches by it), `inner`, what the grammar
/// admits, and `outer`, everything any mainstream engine might take it to match
/// (`inner ⊆ exact ⊆ outer`).
///
/// The two differ where engines disagree with ECMA-262: `\s` (ECMA-262 counts U+FEFF as white
/// space, Unicode-aware engines such as Python's count U+001C–U+001F and U+0085), `\d` and
/// `\w` (Unicode-aware engines take every decimal digit, letter and mark) and `.` (ECMA-262
/// stops at `\n \r U+2028 U+2029`, others also at `\v \f U+0085`). Admitting the narrower `inner`
/// keeps every admitted string a match in all of them; a negated class admits the complement
/// of the *outer* set, so negation narrows as well.
package struct RegexScalarApproximation: Sendable, Hashable {
    /// What every mainstream engine matches: the grammar admits these.
    package var inner: RegexScalarSet
    /// What ECMA-262 (with the `u` flag, over scalars) matches: the validator judges by these.
    package var exact: RegexScalarSet
    /// What some mainstream engine may match.
    package var outer: RegexScalarSet

    package init(inner: RegexScalarSet, exact: RegexScalarSet, outer: RegexScalarSet) {
        self.inner = inner
        self.exact = exact
        self.outer = outer
    }

    package init(exactly set: RegexScalarSet) {
        self.init(inner: set, exact: set, outer: set)
    }

    package var negated: RegexScalarApproximation {
        RegexScalarApproximation(inner: outer.complement, exact: exact.complement, outer: inner.complement)
    }

    package func union(_ other: RegexScalarApproximation) -> RegexScalarApproximation {
        RegexScalarApproximation(inner: inner.union(other.inner), exact: exact.union(other.exact), outer: outer.union(other.outer))
    }

    package static let empty = RegexScalarApproximation(exactly: .empty)

    /// `\d`: ASCII digits; Unicode-aware engines (Python's `re`) also take every decimal
    /// digit (`Nd`), so `\D` excludes those too.
    package static let digit: RegexScalarApproximation = {
        let ascii = RegexScalarSet(ranges: [0x30...0x39])
        return RegexScalarApproximation(inner: ascii, exact: ascii, outer: ascii.union(RegexUnicodeProperties.scalars(named: "Nd") ?? .empty))
    }()
    /// `\w`: ASCII letters, digits and `_`; Unicode-aware engines also take letters, marks,
    /// numbers and connector punctuation, so `\W` excludes all of those.
    package static let word: RegexScalarApproximation = {
        let ascii = RegexScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
        let unicode = ["L", "M", "N", "Pc"].compactMap(RegexUnicodeProperties.scalars(named:)).reduce(ascii) { $0.union($1) }
        return RegexScalarApproximation(inner: ascii, exact: ascii, outer: unicode)
    }()
    /// `\s`: ECMA-262 white space and line terminators, less U+FEFF; U+0085 is outside.
    package static let space: RegexScalarApproximation = {
        let ecma = RegexScalarSet(ranges: [
            0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
            0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
        ])
        // Python's `re` also counts the information separators U+001C–U+001F.
        let unicode = ecma.subtracting(RegexScalarSet(scalar: 0xFEFF)).union(RegexScalarSet(ranges: [0x1C...0x1F, 0x85...0x85]))
        return RegexScalarApproximation(inner: ecma.intersection(unicode), exact: ecma, outer: ecma.union(unicode))
    }()
    /// `.`: any scalar but line terminators (ECMA-262's four, and `\v \f U+0085` too).
    package static let dot: RegexScalarApproximation = {
        let ecmaTerminators = RegexScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])
        let otherTerminators = RegexScalarSet(ranges: [0x0B...0x0C, 0x85...0x85])
        return RegexScalarApproximation(
            inner: ecmaTerminators.union(otherTerminators).complement,
            exact: ecmaTerminators.complement,
            outer: ecmaTerminators.complement)
    }()
}
