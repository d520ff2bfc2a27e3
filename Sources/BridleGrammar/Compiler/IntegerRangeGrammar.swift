/// JSON integer text for exactly the integers of a range, as one recursion-free expression.
///
/// The text is RFC 8259's: an optional `-`, no leading zeros, no `+`, no fraction or
/// exponent, and `0` never written `-0`. The expression is built by digit-range
/// decomposition, so its size grows with the number of digits of the bounds, not with the
/// width of the range: numbers of the same length as a bound share that bound's prefix, and
/// the lengths strictly between the bounds' lengths collapse into one repetition.
///
/// ```swift
/// IntegerRangeGrammar.expression(minimum: 123, maximum: 456)
/// // "1" ("2" [3-9] | [3-9] [0-9]) | [2-3] [0-9]{2} | "4" ([0-4] [0-9] | "5" [0-6])
/// IntegerRangeGrammar.expression(minimum: -20, maximum: 7)
/// // "-" ([1-9] | "1" [0-9] | "20") | [0-7]
/// IntegerRangeGrammar.expression(minimum: 0, maximum: nil, maximumDigits: 4)
/// // [0-9] | [1-9] [0-9]{1,3}
/// ```
enum IntegerRangeGrammar {
    /// The integers in `minimum...maximum` as JSON text, or `nil` when the range is empty.
    ///
    /// A missing bound reaches as far as `maximumDigits` digits do (`nil...nil` with 18 digits
    /// is ±999 999 999 999 999 999), or as far as the other bound's digits if those are more,
    /// so that a satisfiable range never comes back empty. Narrowing an unbounded side this
    /// way is sound: every text the expression admits still satisfies the schema, and
    /// grammars need a finite language to keep models from writing digits forever. Given
    /// bounds are always honoured exactly, however many digits they have.
    static func expression(minimum: Int128?, maximum: Int128?, maximumDigits: Int = 18) -> GrammarExpression? {
        if let minimum, let maximum, minimum > maximum { return nil }
        let reach = Swift.max(maximumDigits, 1)
        var parts: [GrammarExpression] = []
        // Negative numbers are "-" and a magnitude; a larger magnitude is a smaller number,
        // so the magnitudes run from the upper bound to the lower one. Zero is left to the
        // non-negative part, which keeps "-0" out.
        if minimum.map({ $0 < 0 }) ?? true {
            let smallest = maximum.flatMap { $0 < 0 ? digits(of: $0.magnitude) : nil } ?? [1]
            let largest = minimum.map { digits(of: $0.magnitude) }
            if let magnitudes = naturals(from: smallest, through: largest, maximumLength: Swift.max(reach, smallest.count)) {
                parts.append(.all([.literal("-"), magnitudes]))
            }
        }
        if maximum.map({ $0 >= 0 }) ?? true {
            let smallest = minimum.flatMap { $0 > 0 ? digits(of: $0.magnitude) : nil } ?? [0]
            let largest = maximum.map { digits(of: $0.magnitude) }
            if let naturals = naturals(from: smallest, through: largest, maximumLength: Swift.max(reach, smallest.count)) {
                parts.append(naturals)
            }
        }
        return parts.isEmpty ? nil : .either(parts)
    }

    // MARK: - Digit strings (shared with NumberRangeGrammar)

    /// Decimal digit values, most significant first; canonical forms have no leading zeros
    /// and write zero as `[0]`.
    typealias Digits = [UInt8]

    static func digits(of value: UInt128) -> Digits {
        String(value).utf8.map { $0 &- UInt8(ascii: "0") }
    }

    /// The non-negative integers from `lower` through `upper`, written without leading zeros,
    /// or `nil` when there are none. `upper == nil` means every number of up to
    /// `maximumLength` digits, without spelling out that many nines.
    ///
    /// ```swift
    /// naturals(from: [7], through: [1, 2, 3, 4], maximumLength: 0)
    /// // [7-9] | [1-9] [0-9]{1,2} | "1" ([0-1] [0-9]{2} | "2" ([0-2] [0-9] | "3" [0-4]))
    /// ```
    static func naturals(from lower: Digits, through upper: Digits?, maximumLength: Int) -> GrammarExpression? {
        let upperLength = upper?.count ?? maximumLength
        guard !lower.isEmpty, lower.count <= upperLength else { return nil }
        if lower.count == upperLength {
            let top = upper ?? nines(upperLength)
            guard compare(lower, top) <= 0 else { return nil }
            return fixedLength(lower[...], top[...], truncatable: false)
        }
        // Every length strictly between the bounds' lengths is complete, and so is a bound's
        // own length when the bound is 10…0 or 9…9; these lengths are consecutive, so one
        // `[1-9] [0-9]{m,n}` covers them all. (Zero is no complete length: `[1-9]` misses it.)
        let lowerIsComplete = lower.first == 1 && lower.dropFirst().allSatisfy { $0 == 0 }
        let upperIsComplete = upper.map { $0.allSatisfy { $0 == 9 } } ?? true
        let completeFrom = lowerIsComplete ? lower.count : lower.count + 1
        let completeThrough = upperIsComplete ? upperLength : upperLength - 1
        var parts: [GrammarExpression] = []
        if !lowerIsComplete {
            parts.append(fixedLength(lower[...], nines(lower.count)[...], truncatable: false))
        }
        if completeFrom <= completeThrough {
            parts.append(.all([digitClass(1, 9), digitClass(0, 9).repeated(completeFrom - 1, completeThrough - 1)]))
        }
        if !upperIsComplete, let upper {
            parts.append(fixedLength(powerOfTen(upperLength)[...], upper[...], truncatable: false))
        }
        return .either(parts)
    }

    /// The digit strings between `lower` and `upper` (equal lengths, `lower <= upper`; leading
    /// zeros are allowed and taken literally).
    ///
    /// When `truncatable`, the strings are a fraction's digits instead: any of length 1 up to
    /// the bounds' length whose zero-padding lies in the range. So `"5"` stands for `500`,
    /// which is how `0.5` and `0.500` are the same number.
    ///
    /// ```swift
    /// fixedLength([1, 2, 3], [4, 5, 6], truncatable: false)
    /// // "1" ("2" [3-9] | [3-9] [0-9]) | [2-3] [0-9]{2} | "4" ([0-4] [0-9] | "5" [0-6])
    /// fixedLength([2, 5, 0], [7, 0, 0], truncatable: true)
    /// // "2" [5-9] [0-9]? | [3-6] [0-9]{0,2} | "7" "0"{0,2}
    /// ```
    static func fixedLength(_ lower: ArraySlice<UInt8>, _ upper: ArraySlice<UInt8>, truncatable: Bool) -> GrammarExpression {
        guard let low = lower.first, let high = upper.first else { return .empty }
        // Callers keep `lower <= upper`; an inverted range holds nothing rather than trapping
        // on digit arithmetic below.
        if low > high { return .either([]) }
        let lowerIsZeros = lower.allSatisfy { $0 == 0 }
        if lowerIsZeros, upper.allSatisfy({ $0 == 9 }) {
            return digitClass(0, 9).repeated(truncatable ? 1 : lower.count, lower.count)
        }
        if truncatable, lowerIsZeros, upper.allSatisfy({ $0 == 0 }) {
            return GrammarExpression.literal("0").repeated(1, lower.count)
        }
        let lowerRest = lower.dropFirst()
        let upperRest = upper.dropFirst()
        if low == high {
            return .all([digitClass(low, low), tail(lowerRest, upperRest, truncatable: truncatable)])
        }
        // Below the first digits' range lies only the lower bound's own first digit, above it
        // only the upper bound's; when the rest of a bound is 0…0 (or 9…9), its first digit
        // admits every tail, so it joins the class in the middle instead of standing apart.
        let lowerRestIsZeros = lowerRest.allSatisfy { $0 == 0 }
        let upperRestIsNines = upperRest.allSatisfy { $0 == 9 }
        var parts: [GrammarExpression] = []
        if !lowerRestIsZeros {
            parts.append(.all([
                digitClass(low, low),
                tail(lowerRest, nines(lowerRest.count)[...], truncatable: truncatable),
            ]))
        }
        let middleLow = lowerRestIsZeros ? low : low + 1
        let middleHigh = upperRestIsNines ? high : high - 1
        if middleLow <= middleHigh {
            parts.append(.all([digitClass(middleLow, middleHigh), anyDigits(lowerRest.count, truncatable: truncatable)]))
        }
        if !upperRestIsNines {
            parts.append(.all([
                digitClass(high, high),
                tail(zeros(upperRest.count)[...], upperRest, truncatable: truncatable),
            ]))
        }
        return .either(parts)
    }

    /// What may follow a fixed first digit: like `fixedLength`, but for a fraction the tail
    /// may also be left out entirely when the range holds the zero-padded form.
    private static func tail(_ lower: ArraySlice<UInt8>, _ upper: ArraySlice<UInt8>, truncatable: Bool) -> GrammarExpression {
        if lower.isEmpty { return .empty }
        guard truncatable, lower.allSatisfy({ $0 == 0 }) else {
            return fixedLength(lower, upper, truncatable: truncatable)
        }
        if upper.allSatisfy({ $0 == 0 }) {
            return GrammarExpression.literal("0").repeated(0, lower.count)
        }
        if upper.allSatisfy({ $0 == 9 }) {
            return anyDigits(lower.count, truncatable: true)
        }
        return fixedLength(lower, upper, truncatable: true).optional
    }

    /// `count` arbitrary digits, or, for a fraction, up to `count`.
    static func anyDigits(_ count: Int, truncatable: Bool) -> GrammarExpression {
        digitClass(0, 9).repeated(truncatable ? 0 : count, count)
    }

    static func digitClass(_ low: UInt8, _ high: UInt8) -> GrammarExpression {
        if low == high { return .literal(String(low)) }
        let zero = UInt32(UInt8(ascii: "0"))
        return .characterClass(CharacterClass(ranges: [zero + UInt32(low)...zero + UInt32(high)]))
    }

    // MARK: - Digit arithmetic

    static func nines(_ count: Int) -> Digits { Digits(repeating: 9, count: Swift.max(count, 0)) }

    static func zeros(_ count: Int) -> Digits { Digits(repeating: 0, count: Swift.max(count, 0)) }

    /// 1 followed by `length - 1` zeros: the smallest number of `length` digits.
    static func powerOfTen(_ length: Int) -> Digits { [1] + zeros(length - 1) }

    /// Compares canonical digit strings (no leading zeros) numerically.
    static func compare(_ lhs: Digits, _ rhs: Digits) -> Int {
        if lhs.count != rhs.count { return lhs.count < rhs.count ? -1 : 1 }
        for (left, right) in zip(lhs, rhs) where left != right {
            return left < right ? -1 : 1
        }
        return 0
    }

    /// `digits` without leading zeros; zero stays `[0]`.
    static func canonical(_ digits: some Collection<UInt8>) -> Digits {
        let trimmed = Digits(digits.drop { $0 == 0 })
        return trimmed.isEmpty ? [0] : trimmed
    }

    static func successor(_ digits: Digits) -> Digits {
        var result = digits
        var index = result.count - 1
        while index >= 0 {
            if result[index] < 9 {
                result[index] += 1
                return canonical(result)
            }
            result[index] = 0
            index -= 1
        }
        return [1] + result
    }

    /// One less; zero has no predecessor among the naturals and stays zero.
    static func predecessor(_ digits: Digits) -> Digits {
        var result = digits
        var index = result.count - 1
        while index >= 0 {
            if result[index] > 0 {
                result[index] -= 1
                return canonical(result)
            }
            result[index] = 9
            index -= 1
        }
        return [0]
    }
}
