/// The Unicode properties `\p{…}` and `\P{…}` accept: general categories (`L`, `Lu`,
/// `Letter`, `Uppercase_Letter`, `gc=Nd`, `General_Category=Decimal_Number`…), and the
/// binary properties `Any`, `ASCII`, `Alphabetic`, `White_Space`, `Uppercase`, `Lowercase`.
/// Tables come from the Swift standard library's Unicode data and are built once each, on first use.
package enum RegexUnicodeProperties {
    /// The names a message lists as examples.
    package static let examples = "L, Lu, Ll, Lt, Lm, Lo, M, N, Nd, P, S, Sc, Z, Zs, C, Cc (or their long names: Letter, Uppercase_Letter…), Any, ASCII, Alphabetic, White_Space, Uppercase, Lowercase"

    /// The scalars with the property `name`, or nil when Bridle doesn't know it.
    package static func scalars(named name: String) -> RegexScalarSet? {
        var key = name
        for prefix in ["General_Category=", "gc="] where key.hasPrefix(prefix) {
            key = String(key.dropFirst(prefix.count))
        }
        switch key {
        case "Any": return .all
        case "ASCII": return RegexScalarSet(ranges: [0...0x7F])
        case "Alphabetic", "Alpha": return alphabetic
        case "White_Space", "space", "WSpace": return whiteSpace
        case "Uppercase", "Upper": return uppercase
        case "Lowercase", "Lower": return lowercase
        default: break
        }
        guard let categories = categoryNames[key] else { return nil }
        return categories.reduce(RegexScalarSet.empty) { $0.union(Self.categories[$1] ?? .empty) }
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

    /// The general categories, one pass over every code point on first use. Each binary
    /// property below is its own pass, made only when a pattern names it: the four together
    /// cost four times the categories (a quarter of a second), and `\w` needs none of them.
    private static let categories: [String: RegexScalarSet] = {
        var ranges: [String: [ClosedRange<UInt32>]] = [:]
        ranges["Cs", default: []].append(RegexScalarSet.surrogates)
        for value in UInt32(0)...RegexScalarSet.maximumScalar {
            guard let scalar = Unicode.Scalar(value) else { continue }
            add(value, to: &ranges[shortName(scalar.properties.generalCategory), default: []])
        }
        return ranges.mapValues { RegexScalarSet(ranges: $0) }
    }()
    private static let alphabetic = scalars { $0.isAlphabetic }
    private static let whiteSpace = scalars { $0.isWhitespace }
    private static let uppercase = scalars { $0.isUppercase }
    private static let lowercase = scalars { $0.isLowercase }

    private static func scalars(where holds: (Unicode.Scalar.Properties) -> Bool) -> RegexScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        for value in UInt32(0)...RegexScalarSet.maximumScalar {
            guard let scalar = Unicode.Scalar(value), holds(scalar.properties) else { continue }
            add(value, to: &ranges)
        }
        return RegexScalarSet(ranges: ranges)
    }

    private static func add(_ value: UInt32, to ranges: inout [ClosedRange<UInt32>]) {
        if let last = ranges.last, last.upperBound &+ 1 == value {
            ranges[ranges.count - 1] = last.lowerBound...value
        } else {
            ranges.append(value...value)
        }
    }

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
