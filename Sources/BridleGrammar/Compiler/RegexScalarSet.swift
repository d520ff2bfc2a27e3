/// A set of Unicode scalar values as sorted, disjoint, non-adjacent inclusive ranges within
/// `0...0x10FFFF`. Surrogate code points (`D800…DFFF`) may be in a set (a complement contains
/// them) but never occur in text; ``withoutSurrogates`` drops them.
///
/// ```swift
/// RegexScalarSet(ranges: [0x61...0x7A, 0x30...0x39]).ranges   // [0x30...0x39, 0x61...0x7A]
/// RegexScalarSet(ranges: [0x30...0x39]).complement.contains(0x35)   // false
/// ```
struct RegexScalarSet: Sendable, Hashable {
    static let maximumScalar: UInt32 = 0x10FFFF
    static let surrogates: ClosedRange<UInt32> = 0xD800...0xDFFF

    /// Sorted, disjoint and non-adjacent.
    private(set) var ranges: [ClosedRange<UInt32>]

    init(ranges: [ClosedRange<UInt32>]) {
        let sorted = ranges
            .compactMap { range -> ClosedRange<UInt32>? in
                range.lowerBound > Self.maximumScalar ? nil : range.lowerBound...min(range.upperBound, Self.maximumScalar)
            }
            .sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    init(scalar: UInt32) { self.init(ranges: [scalar...scalar]) }

    init(scalars: [UInt32]) { self.init(ranges: scalars.map { $0...$0 }) }

    static let empty = RegexScalarSet(ranges: [])
    static let all = RegexScalarSet(ranges: [0...maximumScalar])

    var isEmpty: Bool { ranges.isEmpty }

    /// The one scalar in the set, if it has exactly one.
    var singleScalar: UInt32? {
        ranges.count == 1 && ranges[0].lowerBound == ranges[0].upperBound ? ranges[0].lowerBound : nil
    }

    func contains(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar {
                low = middle + 1
            } else if ranges[middle].lowerBound > scalar {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    func union(_ other: RegexScalarSet) -> RegexScalarSet {
        RegexScalarSet(ranges: ranges + other.ranges)
    }

    var complement: RegexScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound == Self.maximumScalar { return RegexScalarSet(ranges: result) }
            next = range.upperBound + 1
        }
        result.append(next...Self.maximumScalar)
        return RegexScalarSet(ranges: result)
    }

    func intersection(_ other: RegexScalarSet) -> RegexScalarSet {
        complement.union(other.complement).complement
    }

    func subtracting(_ other: RegexScalarSet) -> RegexScalarSet {
        intersection(other.complement)
    }

    /// The set less the surrogate code points, which never occur as scalars.
    var withoutSurrogates: RegexScalarSet {
        subtracting(RegexScalarSet(ranges: [Self.surrogates]))
    }
}

// MARK: - ECMA-262 character class escapes

/// What a class escape (`\d`, `\s`, `.`, a negated class…) matches, as two sets: `inner`, what
/// Bridle admits, and `outer`, everything any mainstream engine might take it to match.
///
/// The two differ where engines disagree with ECMA-262: `\s` (ECMA-262 counts U+FEFF as white
/// space, Unicode-aware engines such as Python's count U+001C–U+001F and U+0085), `\d` and
/// `\w` (Unicode-aware engines take every decimal digit, letter and mark) and `.` (ECMA-262
/// stops at `\n \r U+2028 U+2029`, others also at `\v \f U+0085`). Admitting the narrower `inner`
/// keeps every admitted string a match in all of them; a negated class admits the complement
/// of the *outer* set, so negation narrows as well.
struct RegexScalarApproximation: Sendable, Hashable {
    var inner: RegexScalarSet
    var outer: RegexScalarSet

    init(inner: RegexScalarSet, outer: RegexScalarSet) {
        self.inner = inner
        self.outer = outer
    }

    init(exactly set: RegexScalarSet) {
        self.init(inner: set, outer: set)
    }

    var negated: RegexScalarApproximation {
        RegexScalarApproximation(inner: outer.complement, outer: inner.complement)
    }

    func union(_ other: RegexScalarApproximation) -> RegexScalarApproximation {
        RegexScalarApproximation(inner: inner.union(other.inner), outer: outer.union(other.outer))
    }

    static let empty = RegexScalarApproximation(exactly: .empty)

    /// `\d`: ASCII digits; Unicode-aware engines (Python's `re`) also take every decimal
    /// digit (`Nd`), so `\D` excludes those too.
    static let digit: RegexScalarApproximation = {
        let ascii = RegexScalarSet(ranges: [0x30...0x39])
        return RegexScalarApproximation(inner: ascii, outer: ascii.union(RegexUnicodeProperties.scalars(named: "Nd") ?? .empty))
    }()
    /// `\w`: ASCII letters, digits and `_`; Unicode-aware engines also take letters, marks,
    /// numbers and connector punctuation, so `\W` excludes all of those.
    static let word: RegexScalarApproximation = {
        let ascii = RegexScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
        let unicode = ["L", "M", "N", "Pc"].compactMap(RegexUnicodeProperties.scalars(named:)).reduce(ascii) { $0.union($1) }
        return RegexScalarApproximation(inner: ascii, outer: unicode)
    }()
    /// `\s`: ECMA-262 white space and line terminators, less U+FEFF; U+0085 is outside.
    static let space: RegexScalarApproximation = {
        let ecma = RegexScalarSet(ranges: [
            0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
            0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
        ])
        // Python's `re` also counts the information separators U+001C–U+001F.
        let unicode = ecma.subtracting(RegexScalarSet(scalar: 0xFEFF)).union(RegexScalarSet(ranges: [0x1C...0x1F, 0x85...0x85]))
        return RegexScalarApproximation(inner: ecma.intersection(unicode), outer: ecma.union(unicode))
    }()
    /// `.`: any scalar but line terminators (ECMA-262's four, and `\v \f U+0085` too).
    static let dot: RegexScalarApproximation = {
        let ecmaTerminators = RegexScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])
        let otherTerminators = RegexScalarSet(ranges: [0x0B...0x0C, 0x85...0x85])
        return RegexScalarApproximation(
            inner: ecmaTerminators.union(otherTerminators).complement,
            outer: ecmaTerminators.complement)
    }()
}

// MARK: - Unicode properties

/// The Unicode properties `\p{…}` and `\P{…}` accept: general categories (`L`, `Lu`,
/// `Letter`, `Uppercase_Letter`, `gc=Nd`, `General_Category=Decimal_Number`…), and the
/// binary properties `Any`, `ASCII`, `Alphabetic`, `White_Space`, `Uppercase`, `Lowercase`.
/// Tables come from the Swift standard library's Unicode data and are built once, on first use.
enum RegexUnicodeProperties {
    /// The names a message lists as examples.
    static let examples = "L, Lu, Ll, Lt, Lm, Lo, M, N, Nd, P, S, Sc, Z, Zs, C, Cc (or their long names: Letter, Uppercase_Letter…), Any, ASCII, Alphabetic, White_Space, Uppercase, Lowercase"

    /// The scalars with the property `name`, or nil when Bridle doesn't know it.
    static func scalars(named name: String) -> RegexScalarSet? {
        var key = name
        for prefix in ["General_Category=", "gc="] where key.hasPrefix(prefix) {
            key = String(key.dropFirst(prefix.count))
        }
        switch key {
        case "Any": return .all
        case "ASCII": return RegexScalarSet(ranges: [0...0x7F])
        case "Alphabetic", "Alpha": return tables.alphabetic
        case "White_Space", "space", "WSpace": return tables.whiteSpace
        case "Uppercase", "Upper": return tables.uppercase
        case "Lowercase", "Lower": return tables.lowercase
        default: break
        }
        guard let categories = categoryNames[key] else { return nil }
        return categories.reduce(RegexScalarSet.empty) { $0.union(tables.categories[$1] ?? .empty) }
    }

    private static let categoryNames: [String: [String]] = {
        let single: [(short: String, long: String)] = [
            ("Lu", "Uppercase_Letter"), ("Ll", "Lowercase_Letter"), ("Lt", "Titlecase_Letter"),
            ("Lm", "Modifier_Letter"), ("Lo", "Other_Letter"), ("Mn", "Nonspacing_Mark"),
            ("Mc", "Spacing_Mark"), ("Me", "Enclosing_Mark"), ("Nd", "Decimal_Number"),
            ("Nl", "Letter_Number"), ("No", "Other_Number"), ("Pc", "Connector_Punctuation"),
            ("Pd", "Dash_Punctuation"), ("Ps", "Open_Punctuation"), ("Pe", "Close_Punctuation"),
            ("Pi", "Initial_Punctuation"), ("Pf", "Final_Punctuation"), ("Po", "Other_Punctuation"),
            ("Sm", "Math_Symbol"), ("Sc", "Currency_Symbol"), ("Sk", "Modifier_Symbol"),
            ("So", "Other_Symbol"), ("Zs", "Space_Separator"), ("Zl", "Line_Separator"),
            ("Zp", "Paragraph_Separator"), ("Cc", "Control"), ("Cf", "Format"), ("Cs", "Surrogate"),
            ("Co", "Private_Use"), ("Cn", "Unassigned"),
        ]
        var names: [String: [String]] = [:]
        for (short, long) in single {
            names[short] = [short]
            names[long] = [short]
        }
        let groups: [(short: String, long: String, members: [String])] = [
            ("L", "Letter", ["Lu", "Ll", "Lt", "Lm", "Lo"]),
            ("LC", "Cased_Letter", ["Lu", "Ll", "Lt"]),
            ("M", "Mark", ["Mn", "Mc", "Me"]),
            ("N", "Number", ["Nd", "Nl", "No"]),
            ("P", "Punctuation", ["Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po"]),
            ("S", "Symbol", ["Sm", "Sc", "Sk", "So"]),
            ("Z", "Separator", ["Zs", "Zl", "Zp"]),
            ("C", "Other", ["Cc", "Cf", "Cs", "Co", "Cn"]),
        ]
        for (short, long, members) in groups {
            names[short] = members
            names[long] = members
        }
        names["Letter_Cased"] = names["LC"]
        names["Combining_Mark"] = names["M"]
        names["punct"] = names["P"]
        names["cntrl"] = names["Cc"]
        names["digit"] = names["Nd"]
        return names
    }()

    private struct Tables: Sendable {
        var categories: [String: RegexScalarSet]
        var alphabetic: RegexScalarSet
        var whiteSpace: RegexScalarSet
        var uppercase: RegexScalarSet
        var lowercase: RegexScalarSet
    }

    /// One pass over every code point.
    private static let tables: Tables = {
        var categories: [String: [ClosedRange<UInt32>]] = [:]
        var alphabetic: [ClosedRange<UInt32>] = []
        var whiteSpace: [ClosedRange<UInt32>] = []
        var uppercase: [ClosedRange<UInt32>] = []
        var lowercase: [ClosedRange<UInt32>] = []
        func add(_ value: UInt32, to ranges: inout [ClosedRange<UInt32>]) {
            if let last = ranges.last, last.upperBound &+ 1 == value {
                ranges[ranges.count - 1] = last.lowerBound...value
            } else {
                ranges.append(value...value)
            }
        }
        categories["Cs", default: []].append(RegexScalarSet.surrogates)
        for value in UInt32(0)...RegexScalarSet.maximumScalar {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            add(value, to: &categories[shortName(properties.generalCategory), default: []])
            if properties.isAlphabetic { add(value, to: &alphabetic) }
            if properties.isWhitespace { add(value, to: &whiteSpace) }
            if properties.isUppercase { add(value, to: &uppercase) }
            if properties.isLowercase { add(value, to: &lowercase) }
        }
        return Tables(
            categories: categories.mapValues { RegexScalarSet(ranges: $0) },
            alphabetic: RegexScalarSet(ranges: alphabetic), whiteSpace: RegexScalarSet(ranges: whiteSpace),
            uppercase: RegexScalarSet(ranges: uppercase), lowercase: RegexScalarSet(ranges: lowercase))
    }()

    private static func shortName(_ category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "Cn"
        }
    }
}
