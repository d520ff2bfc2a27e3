/// A format that a string's description names in words rather than with `format` or
/// `pattern`: "The date, in the format 'YYYY-MM-DD'", "The city, in the format 'City, State'".
/// Tool schemas in the wild say it this way far more often than with a keyword, and a small
/// model asked for such a value copies the request's wording ("April 25th 2023", "San
/// Francisco") unless the grammar holds it to the format. ``GrammarOptions/readsDescribedFormats``
/// decides whether the compiler reads it.
///
/// A description names a format when it holds one template, written within a few words after
/// "format" ("in the format of", "formatted as", "24-hour format") and, where it opens with a
/// quote or a parenthesis, closed right after:
/// - a date or time: units `YYYY`, `YY`, `MM`, `DD`, `HH`, `mm`, `SS` in either case, joined by
///   one of `- / : . T` or a space, an optional trailing `Z`;
/// - or quoted placeholders between commas (`'City, State (abbr)'`, `'Street Address, City'`:
///   capitalised words, perhaps a lowercase note in parentheses): as many parts of text,
///   joined by `", "`. Several such templates with as many parts (`'City, State'` …
///   `'City, Country'`) ask for the same shape.
///
/// Anything less certain reads as no format: two date templates ("'HH:MM' or 'HH:MM:SS'"), word
/// templates of different lengths, a date template beside a word template, a template inside
/// a longer quotation ("'YYYY-MM-DD to YYYY-MM-DD'"), one named only as an example ("formats
/// such as 'MM/DD/YYYY'"), or a unit Bridle doesn't know (`MMM`, `AM/PM`).
///
/// ```swift
/// DescribedFormat(description: "The date, in the format 'YYYY-MM-DD'.")?.template   // "YYYY-MM-DD"
/// DescribedFormat(description: "in the format of 'City, State'")?.template           // "City, State"
/// DescribedFormat(description: "Either 'HH:MM' or 'HH:MM:SS'.")                    // nil
/// ```
public struct DescribedFormat: Sendable, Hashable {
    /// One field of a template, or the text between fields.
    public enum Part: Sendable, Hashable {
        case year, shortYear, month, day, hour, minute, second
        /// A part of a word template ("City" in `'City, State'`): text without a comma.
        case text
        case literal(String)
    }

    /// The template as the description writes it.
    public let template: String
    public let parts: [Part]

    /// The format `description` names, or `nil` when it names none for certain.
    public init?(description: String?) {
        guard let description else { return nil }
        let text = Array(description.unicodeScalars)
        var found: [(template: String, parts: [Part], start: Int, end: Int)] = []
        var index = 0
        while index < text.count {
            if index == 0 || !Self.isWordScalar(text[index - 1]), let match = Self.template(in: text, at: index) {
                found.append(match)
                index = match.end
            } else {
                index += 1
            }
        }
        let words = Self.wordTemplates(in: text)
        if found.isEmpty, let first = words.first {
            // 'City, State' and 'City, Country' ask for the same shape: parts between commas.
            guard words.allSatisfy({ $0.parts == first.parts }),
                words.contains(where: { Self.followsTheWordFormat(text, start: $0.start, end: $0.end) })
            else { return nil }
            template = first.template
            parts = first.parts
            return
        }
        guard words.isEmpty, let first = found.first, found.allSatisfy({ $0.template == first.template }) else { return nil }
        guard found.contains(where: { Self.followsTheWordFormat(text, start: $0.start, end: $0.end) }) else { return nil }
        template = first.template
        parts = first.parts
    }

    /// Quoted placeholders between commas, `'City, State (abbr)'` or `"Street, City, Zip"`:
    /// each placeholder a part of the value.
    private static func wordTemplates(in text: [Unicode.Scalar]) -> [(template: String, parts: [Part], start: Int, end: Int)] {
        let closers: [Unicode.Scalar: Unicode.Scalar] = ["'": "'", "\"": "\"", "`": "`", "“": "”", "‘": "’"]
        var found: [(template: String, parts: [Part], start: Int, end: Int)] = []
        for (index, scalar) in text.enumerated() {
            guard let closer = closers[scalar], index == 0 || !isWordScalar(text[index - 1]),
                let end = text[(index + 1)...].prefix(64).firstIndex(of: closer)
            else { continue }
            let quoted = String(String.UnicodeScalarView(text[(index + 1)..<end]))
            let words = quoted.components(separatedBy: ", ")
            guard words.count >= 2, words.allSatisfy(isPlaceholder) else { continue }
            let parts = Array(words.map { _ in [Part.literal(", "), .text] }.joined().dropFirst())
            found.append((quoted, parts, index + 1, end))
        }
        return found
    }

    /// A placeholder: capitalised words joined by spaces or slashes (`City`, `Postal Code`,
    /// `State/Country`), perhaps with a lowercase note in parentheses (`State (abbr)`).
    private static func isPlaceholder(_ part: String) -> Bool {
        var name = Substring(part)
        if name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) {
            let note = name[open.upperBound..<name.index(before: name.endIndex)]
            guard !note.isEmpty, note.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return false }
            name = name[..<open.lowerBound]
        }
        let words = name.split(separator: " ", omittingEmptySubsequences: false).flatMap { $0.split(separator: "/", omittingEmptySubsequences: false) }
        return words.allSatisfy { word in
            guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first), word.unicodeScalars.count >= 2 else { return false }
            return word.unicodeScalars.dropFirst().allSatisfy { ("a"..."z").contains($0) }
        }
    }

    /// The template that starts at `start`: two units or more, each after one separator.
    private static func template(in text: [Unicode.Scalar], at start: Int) -> (template: String, parts: [Part], start: Int, end: Int)? {
        var units: [(unit: String, separator: String)] = []
        var index = start
        var separator = ""
        while let unit = Self.units.first(where: { Self.text(text, at: index, is: $0) }) {
            units.append((unit, separator))
            index += unit.unicodeScalars.count
            guard index + 1 < text.count, Self.separators.contains(text[index]), units.count < 8 else { break }
            separator = String(text[index])
            guard Self.units.contains(where: { Self.text(text, at: index + 1, is: $0) }) else { break }
            index += 1
        }
        var zone = false
        if index < text.count, text[index] == "Z" {
            zone = true
            index += 1
        }
        guard units.count >= 2, index == text.count || !isWordScalar(text[index]) else { return nil }
        var parts: [Part] = []
        for (position, entry) in units.enumerated() {
            if !entry.separator.isEmpty { parts.append(.literal(entry.separator)) }
            parts.append(part(for: entry.unit, in: units, at: position))
        }
        if zone { parts.append(.literal("Z")) }
        return (String(String.UnicodeScalarView(text[start..<index])), parts, start, index)
    }

    /// `MM` is minutes beside an hour or a second (`HH:MM`, `MM:SS`), a month elsewhere.
    private static func part(for unit: String, in units: [(unit: String, separator: String)], at position: Int) -> Part {
        switch unit.uppercased() {
        case "YYYY": return .year
        case "YY": return .shortYear
        case "DD": return .day
        case "HH": return .hour
        case "SS": return .second
        default:
            let afterHour = position > 0 && units[position - 1].unit.uppercased() == "HH" && units[position].separator == ":"
            let beforeSecond = position + 1 < units.count && units[position + 1].unit.uppercased() == "SS" && units[position + 1].separator == ":"
            return afterHour || beforeSecond ? .minute : .month
        }
    }

    /// Whether the word "format" (or "formatted") comes at most a few words before the
    /// template, and a quote or parenthesis before it closes right after it.
    private static func followsTheWordFormat(_ text: [Unicode.Scalar], start: Int, end: Int) -> Bool {
        let openers: [Unicode.Scalar: Unicode.Scalar] = ["'": "'", "\"": "\"", "`": "`", "(": ")", "“": "”", "‘": "’"]
        if start > 0, let closer = openers[text[start - 1]] {
            guard end < text.count, text[end] == closer else { return false }
        }
        let before = String(String.UnicodeScalarView(text[max(0, start - 24)..<start])).lowercased()
        guard let word = before.range(of: "format", options: .backwards) else { return false }
        let gap = before[word.upperBound...]
        return gap.unicodeScalars.count <= 16 && gap.unicodeScalars.allSatisfy { isWordScalar($0) || " '\"`(:“‘".unicodeScalars.contains($0) }
    }

    private static let units = ["YYYY", "yyyy", "YY", "yy", "MM", "mm", "DD", "dd", "HH", "hh", "SS", "ss"]
    private static let separators: Set<Unicode.Scalar> = ["-", "/", ":", ".", "T", " "]

    private static func text(_ text: [Unicode.Scalar], at index: Int, is unit: String) -> Bool {
        let scalars = Array(unit.unicodeScalars)
        guard index + scalars.count <= text.count, Array(text[index..<(index + scalars.count)]) == scalars else { return false }
        // A longer run of the same letter (`MMM`, `YYYYY`) is another unit.
        let next = index + scalars.count
        return next == text.count || text[next] != scalars[0]
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
    }
}

/// Where a compiled grammar writes a string in the format its description names
/// (``CompiledGrammar/describedFormats``).
public struct DescribedFormatUse: Sendable, Hashable {
    /// The string's schema, as a JSON pointer.
    public let pointer: String
    /// The template, as the description writes it.
    public let template: String

    /// One line for a reader: `#/properties/date is written as 'YYYY-MM-DD', …`.
    public var note: String {
        "\(pointer) is written as '\(template)', the format its description names (or as its default); GrammarOptions.readsDescribedFormats = false writes any string"
    }
}

extension DescribedFormat {
    /// The texts of the format, without quotes: fields zero-padded to their width, months
    /// 01–12, days 01–31, hours 00–23, minutes and seconds 00–59; a leading `YYYY-MM-DD` is a
    /// real calendar date, as `format: date` is; a word template's parts are text without a
    /// comma, joined by `", "`.
    /// `partLength` bounds each ``Part/text`` part, in Unicode scalars.
    func expression(partLength: Int) -> GrammarExpression {
        var parts = parts[...]
        var pieces: [GrammarExpression] = []
        let isoDate: [Part] = [.year, .literal("-"), .month, .literal("-"), .day]
        if Array(parts.prefix(isoDate.count)) == isoDate, let date = DateTimeGrammar.fullDate(bounds: nil) {
            pieces.append(date)
            parts = parts.dropFirst(isoDate.count)
        }
        for part in parts {
            switch part {
            case .year: pieces.append(DateTimeGrammar.digitRange(0, 9999, width: 4))
            case .shortYear: pieces.append(DateTimeGrammar.digitRange(0, 99, width: 2))
            case .month: pieces.append(DateTimeGrammar.digitRange(1, 12, width: 2))
            case .day: pieces.append(DateTimeGrammar.digitRange(1, 31, width: 2))
            case .hour: pieces.append(DateTimeGrammar.digitRange(0, 23, width: 2))
            case .minute, .second: pieces.append(DateTimeGrammar.digitRange(0, 59, width: 2))
            case .text:
                // Neither a comma (the parts' separator) nor what a JSON string escapes; no
                // space first, since ", " already wrote it.
                let excluded: [ClosedRange<UInt32>] = [0...0x1F, 0x22...0x22, 0x2C...0x2C, 0x5C...0x5C]
                let character = GrammarExpression.characterClass(CharacterClass(ranges: excluded, isNegated: true))
                let first = GrammarExpression.characterClass(CharacterClass(ranges: excluded + [0x20...0x20], isNegated: true))
                pieces.append(.all([first, character.repeated(0, max(0, partLength - 1))]))
            case .literal(let text): pieces.append(.literal(text))
            }
        }
        return .all(pieces)
    }
}
