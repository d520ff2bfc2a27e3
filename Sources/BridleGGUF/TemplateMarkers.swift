/// The special-token markers a chat template spells: the texts a tiny model carrying the
/// template gets as single control tokens, as the real model's tokenizer has them.
///
/// ```swift
/// TemplateMarkers.find(in: "{{ '<|im_start|>' + m.role }}{% if x < 3 %}<tool_call>{% endif %}")
/// // ["<|im_start|>", "<tool_call>"]
/// TemplateMarkers.leading(in: "<|im_end|>\n")   // "<|im_end|>"
/// ```
///
/// The rule, kept simple so that anyone can predict it:
/// - Only text the template can write counts: its raw text and the string literals in its
///   `{{ … }}` and `{% … %}` tags. Expressions (`x < 3`, `a[0]`), `{{`/`{%` themselves and
///   `{# comments #}` never do.
/// - A marker is one of
///   - `<|name|>`, and Gemma 4's one-sided `<|name>` and `<name|>`;
///   - `<｜name｜>` with full-width bars, whose name may hold `▁` (DeepSeek's
///     `<｜tool▁calls▁begin｜>`);
///   - a tag `<name>` or `</name>` (`<tool_call>`, `<think>`, `<start_of_turn>`, `<seed:bos>`);
///   - `[NAME]` or `[/NAME]` in upper case, two characters or more (`[INST]`, `[TOOL_CALLS]`).
/// - A name is ASCII letters, digits, `_` and `:` (a tag's starts with a letter). Hyphens and
///   `=` are left out on purpose: `<function-name>` and `<function=f>` are placeholders in
///   instructions, not tokens. XML-ish headings in a system prompt (`<tools>`, `<ROLE>`) do
///   match; as single tokens they change nothing a test can see.
/// - Markers come in order of first appearance, each once, so the same template always gives
///   the same list.
public enum TemplateMarkers {
    /// Longer than any real marker (Cohere's `<|START_OF_TURN_TOKEN|>` is 24 characters), so a
    /// stray `<` in prose never reads a sentence as one.
    public static let maximumLength = 64

    /// The markers in `source`, a Jinja template, in order of first appearance.
    public static func find(in source: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        for slice in writableText(of: Array(source.unicodeScalars)) {
            let segment = Array(slice)
            var index = 0
            while index < segment.count {
                if let length = markerLength(at: index, in: segment) {
                    let marker = String(String.UnicodeScalarView(segment[index..<index + length]))
                    if seen.insert(marker).inserted { found.append(marker) }
                    index += length
                } else {
                    index += 1
                }
            }
        }
        return found
    }

    /// The marker `text` starts with, if any: how a caller reads what a rendered template wrote
    /// at one place (after an assistant's reply, at the very start).
    public static func leading(in text: Substring) -> String? {
        let scalars = Array(text.unicodeScalars.prefix(maximumLength + 2))
        return markerLength(at: 0, in: scalars).map { String(String.UnicodeScalarView(scalars[0..<$0])) }
    }

    // MARK: - The text a template writes

    /// Raw text between tags, and the contents of string literals inside `{{ }}` and `{% %}`.
    static func writableText(of source: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        var segments: [ArraySlice<Unicode.Scalar>] = []
        var index = 0
        var textStart = 0
        while index + 1 < source.count {
            guard source[index] == "{", ["{", "%", "#"].contains(source[index + 1]) else {
                index += 1
                continue
            }
            segments.append(source[textStart..<index])
            index = source[index + 1] == "#"
                ? endOfComment(after: index + 2, in: source)
                : endOfTag(after: index + 2, in: source, literals: &segments)
            textStart = index
        }
        if textStart < source.count { segments.append(source[textStart...]) }
        return segments
    }

    private static func endOfComment(after start: Int, in source: [Unicode.Scalar]) -> Int {
        var index = start
        while index + 1 < source.count {
            if source[index] == "#", source[index + 1] == "}" { return index + 2 }
            index += 1
        }
        return source.count
    }

    /// Skips a `{{ }}` or `{% %}` tag, collecting its string literals. `}}` inside a dict literal
    /// (`{'a': {'b': 1}}`) doesn't close it: Jinja's lexer balances brackets too.
    private static func endOfTag(after start: Int, in source: [Unicode.Scalar], literals: inout [ArraySlice<Unicode.Scalar>]) -> Int {
        var index = start
        var depth = 0
        while index < source.count {
            let scalar = source[index]
            switch scalar {
            case "'", "\"":
                var end = index + 1
                while end < source.count, source[end] != scalar {
                    end += source[end] == "\\" ? 2 : 1
                }
                literals.append(source[index + 1..<min(end, source.count)])
                index = end + 1
                continue
            case "(", "[", "{":
                depth += 1
            case ")", "]":
                depth = max(0, depth - 1)
            case "}" where depth > 0:
                depth -= 1
            case "}", "%":
                if depth == 0, index + 1 < source.count, source[index + 1] == "}" { return index + 2 }
            default:
                break
            }
            index += 1
        }
        return source.count
    }

    // MARK: - The marker rule

    private static let fullWidthBar: Unicode.Scalar = "\u{FF5C}"
    private static let lowerOneEighthBlock: Unicode.Scalar = "\u{2581}"

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == ":")
    }

    private static func isUpperNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// The length in scalars of the marker starting at `start`, or `nil`.
    static func markerLength(at start: Int, in text: some RandomAccessCollection<Unicode.Scalar>) -> Int? {
        let rest = text.dropFirst(start)
        guard let first = rest.first, first == "<" || first == "[" else { return nil }
        let scalars = Array(rest.prefix(maximumLength))
        guard scalars.count >= 3 else { return nil }
        switch scalars[0] {
        case "<":
            return angleMarkerLength(scalars)
        case "[":
            var index = 1
            if scalars[index] == "/" { index += 1 }
            let nameStart = index
            guard index < scalars.count, ("A"..."Z").contains(scalars[index]) else { return nil }
            while index < scalars.count, isUpperNameScalar(scalars[index]) { index += 1 }
            guard index - nameStart >= 2, index < scalars.count, scalars[index] == "]" else { return nil }
            return index + 1
        default:
            return nil
        }
    }

    private static func angleMarkerLength(_ scalars: [Unicode.Scalar]) -> Int? {
        var index = 1
        if scalars[index] == fullWidthBar {
            index += 1
            let nameStart = index
            while index < scalars.count, isNameScalar(scalars[index]) || scalars[index] == lowerOneEighthBlock { index += 1 }
            guard index > nameStart, index + 1 < scalars.count, scalars[index] == fullWidthBar, scalars[index + 1] == ">" else { return nil }
            return index + 2
        }
        let opensWithBar = scalars[index] == "|"
        let isClosingTag = !opensWithBar && scalars[index] == "/"
        if opensWithBar || isClosingTag { index += 1 }
        let nameStart = index
        while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
        guard index > nameStart, index < scalars.count else { return nil }
        // A tag's name starts with a letter: `<3>` and `<:x>` are text.
        if !opensWithBar, !scalars[nameStart].properties.isAlphabetic { return nil }
        if scalars[index] == "|" {
            // `<|name|>` or `<name|>`; `</name|>` is no marker.
            guard !isClosingTag, index + 1 < scalars.count, scalars[index + 1] == ">" else { return nil }
            return index + 2
        }
        // `<|name>` or a tag.
        return scalars[index] == ">" ? index + 1 : nil
    }
}
