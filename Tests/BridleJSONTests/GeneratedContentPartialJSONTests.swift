import Testing

@testable import BridleJSON
import BridleTestSupport

@Suite("GeneratedContent(partialJSON:)")
struct GeneratedContentPartialJSONTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var prefix: String
        var expected: String?
        var testDescription: String { prefix.debugDescription }
        init(_ prefix: String, _ expected: String?) {
            self.prefix = prefix
            self.expected = expected
        }
    }

    @Test("hand-picked prefixes", arguments: [
        // Nothing has started.
        Case("", nil), Case(" \n\t\r ", nil), Case("\u{FEFF}", nil), Case("\u{FEFF}[1,", "[1]"),
        // Objects: a member appears once its value has started.
        Case("{", "{}"), Case(#"{""#, "{}"), Case(#"{"na"#, "{}"), Case(#"{"name""#, "{}"),
        Case(#"{"name" :"#, "{}"), Case(#"{"name": ""#, #"{"name":""}"#), Case(#"{"name": "Ad"#, #"{"name":"Ad"}"#),
        Case(#"{"name": "Ada""#, #"{"name":"Ada"}"#), Case(#"{"name": "Ada","#, #"{"name":"Ada"}"#),
        Case(#"{"name":"Ada","age":3"#, #"{"name":"Ada"}"#), Case(#"{"name":"Ada","age":36 "#, #"{"name":"Ada","age":36}"#),
        Case(#"{"name":"Ada","age":36}"#, #"{"name":"Ada","age":36}"#), Case(#"{"z":1,"a":{"#, #"{"z":1,"a":{}}"#),
        Case(#"{"a":fals"#, "{}"), Case(#"{"a":false"#, #"{"a":false}"#), Case(#"{"a":1,"a"#, #"{"a":1}"#),
        // Arrays: the last element is partial only when it is a string, array or object.
        Case("[", "[]"), Case("[1", "[]"), Case("[1, 2", "[1]"), Case("[1, 2,", "[1,2]"), Case("[1, 2, ", "[1,2]"),
        Case(#"[1, [2, {"a": ["#, #"[1,[2,{"a":[]}]]"#), Case(#"[1, [2, {"a": ["x"#, #"[1,[2,{"a":["x"]}]]"#),
        Case("[[]", "[[]]"), Case("[{}", "[{}]"), Case("[[],{}]", "[[],{}]"), Case("[1.50E+02 ", "[1.50E+02]"),
        // Numbers and literals.
        Case("4", nil), Case("42", nil), Case("42 ", "42"), Case("-0\n", "-0"), Case("-", nil), Case("[-", "[]"),
        Case("[1.", "[]"), Case("[1.5e", "[]"), Case("[1e+", "[]"), Case("[1.5e3,", "[1.5e3]"), Case("[0", "[]"),
        Case("t", nil), Case("tr", nil), Case("true", "true"), Case("null", "null"), Case(" false ", "false"),
        Case("[tr", "[]"), Case("[true", "[true]"), Case("[nul", "[]"), Case("[null", "[null]"),
        // Strings: only complete characters.
        Case(#"""#, #""""#), Case(#""ab"#, #""ab""#), Case(#""ab\"#, #""ab""#), Case(#""ab\u"#, #""ab""#),
        Case(#""ab\u00"#, #""ab""#), Case(#""ab\u00e9"#, #""abé""#), Case(#""ab\n"#, #""ab\n""#),
        Case(#""a\"b"#, #""a\"b""#), Case(#""a\\"#, #""a\\""#), Case(#""\ud83d"#, #""""#), Case(#""\ud83d\"#, #""""#),
        Case(#""\ud83d\u"#, #""""#), Case(#""\ud83d\uDE"#, #""""#), Case(#""\ud83d\ude00"#, #""😀""#),
        Case(#""é😀e\#u{301}"#, #""é😀e\#u{301}""#), Case(#"["x", "\u00"#, #"["x",""]"#),
        // Whitespace as a pretty printer writes it.
        Case("{\n  \"a\": [\n    1,\n", #"{"a":[1]}"#), Case("{\n  \"a\": [\n    1,\n    2\n  ]\n", #"{"a":[1,2]}"#),
        // Text that can't become valid JSON.
        Case("[1 2", nil), Case(#"{"a" 1"#, nil), Case("[1,]", nil), Case("[1,,", nil), Case("{,", nil), Case("{a", nil),
        Case("[01", nil), Case("[-x", nil), Case("[+1", nil), Case("[.5", nil), Case("NaN", nil), Case("[-I", nil),
        Case("[tx", nil), Case("[True", nil), Case("[1}", nil), Case("{]", nil), Case("[1]]", nil), Case("[1] x", nil),
        Case("42 4", nil), Case("[truex", nil), Case(#"{"a":1,"a""#, nil), Case(#"{"a":1,"a":"#, nil), Case(#"{"a":1,"a":2"#, nil),
        Case(#""\x"#, nil), Case(#""a\u12x"#, nil), Case(#""\ud83d""#, nil), Case(#""\ud83dx"#, nil), Case(#""\ud83d\u0041"#, nil),
        Case(#""\udc00"#, nil), Case("\"a\nb", nil), Case("{\"a\nb", nil), Case(#"{"\x"#, nil), Case("'a'", nil), Case("[//", nil),
    ])
    func handPicked(_ example: Case) {
        #expect(GeneratedContent(partialJSON: example.prefix)?.jsonString == example.expected)
    }

    @Test("the doc comment's examples")
    func documentation() {
        #expect(GeneratedContent(partialJSON: #"{"name": "Ad"#)?.jsonString == #"{"name":"Ad"}"#)
        #expect(GeneratedContent(partialJSON: #"{"name": "Ada", "age": 3"#)?.jsonString == #"{"name":"Ada"}"#)
        #expect(GeneratedContent(partialJSON: #"[1, 2, [true, nul"#)?.jsonString == "[1,2,[true]]")
        #expect(GeneratedContent(partialJSON: #""caf\u00"#)?.jsonString == #""caf""#)
        #expect(GeneratedContent(partialJSON: "42") == nil)
        #expect(GeneratedContent(partialJSON: "42 ")?.jsonString == "42")
        #expect(GeneratedContent(partialJSON: #"{"a": 1 "b""#) == nil)
        #expect(GeneratedContent(partialJSON: " ") == nil)
    }

    @Test("keys keep document order")
    func keyOrder() throws {
        let snapshot = try #require(GeneratedContent(partialJSON: #"{"z": 1, "a": 2, "m": ["#))
        #expect(snapshot.orderedProperties?.map(\.name) == ["z", "a", "m"])
    }

    @Test("a string's snapshots only grow")
    func growingString() throws {
        let document = #"{"text": "h\u00e9llo \"w\u00f6rld\" \ud83d\ude00 e\u0301\n", "n": 1}"#
        let final = try GeneratedContent(json: document)
        let finalText = try #require(final[property: "text"].flatMap(Self.string))
        var previous: [Unicode.Scalar] = []
        for prefix in Self.prefixes(of: document) {
            guard let text = GeneratedContent(partialJSON: prefix)?[property: "text"].flatMap(Self.string) else { continue }
            let scalars = Array(text.unicodeScalars)
            #expect(scalars.starts(with: previous), "\(prefix.debugDescription)")
            #expect(finalText.unicodeScalars.starts(with: scalars), "\(prefix.debugDescription)")
            previous = scalars
        }
        #expect(previous == Array(finalText.unicodeScalars))
    }

    @Test("once text can't become valid JSON, no longer prefix can either", arguments: [
        #"{"a": [1, 2 3], "b": "c"}"#, #"{"a": 1, "a": 2}"#, #"["ok", "\q", "more"]"#, "[1, 2,, 3]", #"{"k": tru, "l": 1}"#,
    ])
    func staysInvalid(document: String) {
        var sawInvalid = false
        for prefix in Self.prefixes(of: document) where !prefix.allSatisfy(\.isWhitespace) {
            let snapshot = GeneratedContent(partialJSON: prefix)
            if sawInvalid { #expect(snapshot == nil, "\(prefix.debugDescription)") }
            sawInvalid = sawInvalid || snapshot == nil
        }
        #expect(sawInvalid)
    }

    static let seeds: [UInt64] = Array(0..<128)

    /// Every prefix (by Unicode scalar) of a random document: snapshots exist from the first
    /// bracket or quote on, each extends the previous one, and the whole text gives exactly
    /// what `init(json:)` gives. Documents use random whitespace and random escapes (including
    /// surrogate pairs), so prefixes stop at every kind of place.
    @Test("every prefix of random documents", arguments: seeds)
    func everyPrefix(seed: UInt64) throws {
        var generator = RandomDocument(random: SplitMix64(seed: seed))
        let document = generator.document()
        let final = try GeneratedContent(json: document)
        var previous: GeneratedContent?
        for prefix in Self.prefixes(of: document) {
            let snapshot = GeneratedContent(partialJSON: prefix)
            let context = "seed \(seed): \(prefix.debugDescription)"
            guard let first = prefix.unicodeScalars.first(where: { !" \n\r\t".unicodeScalars.contains($0) }) else {
                #expect(snapshot == nil, "\(context)")
                continue
            }
            if "[{\"".unicodeScalars.contains(first) {
                guard let snapshot else {
                    Issue.record("no snapshot for \(context)")
                    return
                }
                if let previous {
                    #expect(Self.isPrefix(previous, of: snapshot), "\(context): \(previous) then \(snapshot)")
                }
                #expect(Self.isPrefix(snapshot, of: final), "\(context): \(snapshot) vs \(final)")
                previous = snapshot
            } else {
                // A bare number or literal shows only once it is complete and can't grow.
                var expected = try? GeneratedContent(json: prefix)
                if case .number = expected?.kind, !(prefix.last?.isWhitespace ?? false) {
                    expected = nil
                }
                #expect(snapshot?.jsonString == expected?.jsonString, "\(context)")
            }
        }
        let whole = GeneratedContent(partialJSON: document)
        if case .number = final.kind, !(document.last?.isWhitespace ?? false) {
            #expect(whole == nil)
        } else {
            #expect(whole?.jsonString == final.jsonString, "seed \(seed): \(document.debugDescription)")
            #expect(whole == final)
        }
    }

    // MARK: - Helpers

    static func prefixes(of text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return (0...scalars.count).map { count in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[..<count])
            return String(view)
        }
    }

    static func string(_ content: GeneratedContent) -> String? {
        if case .string(let string) = content.kind { return string }
        return nil
    }

    /// Whether `partial` could grow into `whole`: equal, except that the last element or
    /// member value may itself be a prefix, and `whole` may have more after it.
    static func isPrefix(_ partial: GeneratedContent, of whole: GeneratedContent) -> Bool {
        switch (partial.kind, whole.kind) {
        case (.string(let partial), .string(let whole)):
            return whole.unicodeScalars.starts(with: partial.unicodeScalars)
        case (.array(let partial), .array(let whole)):
            return isPrefix(partial, of: whole)
        case (.structure, .structure):
            guard let partial = partial.orderedProperties, let whole = whole.orderedProperties else { return false }
            return partial.map(\.name) == whole.prefix(partial.count).map(\.name)
                && isPrefix(partial.map(\.value), of: whole.map(\.value))
        default:
            return partial == whole
        }
    }

    static func isPrefix(_ partial: [GeneratedContent], of whole: [GeneratedContent]) -> Bool {
        guard partial.count <= whole.count else { return false }
        guard let last = partial.last else { return true }
        return partial.dropLast() == whole.prefix(partial.count - 1) && isPrefix(last, of: whole[partial.count - 1])
    }

    /// Random JSON text, with the variety a model's output has: nesting, escapes of every form,
    /// raw non-ASCII, numbers in every syntax, literals, and whitespace between any tokens.
    struct RandomDocument {
        var random: SplitMix64

        private static let characters: [String] = [
            "a", "b", "Z", " ", "é", "😀", "中", "e\u{301}", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "\u{FFFF}",
        ]
        private static let numbers = ["0", "-0", "7", "42", "-45", "3.25", "1e5", "-2.5E-3", "10E+2", "0.001", "123456789012345678901234567890"]

        mutating func document() -> String {
            let top: String
            switch random.next() % 10 {
            case 0: top = string()
            case 1: top = scalar()
            default: top = random.next() % 2 == 0 ? array(depth: 0) : object(depth: 0)
            }
            return whitespace() + top + whitespace()
        }

        private mutating func pick<T>(_ options: [T]) -> T {
            options[Int(random.next() % UInt64(options.count))]
        }

        private mutating func whitespace() -> String {
            pick(["", "", "", " ", "\n  ", "\t", "\r\n"])
        }

        private mutating func value(depth: Int) -> String {
            switch random.next() % (depth < 3 ? 6 : 4) {
            case 0, 1: return string()
            case 2, 3: return scalar()
            case 4: return array(depth: depth + 1)
            default: return object(depth: depth + 1)
            }
        }

        private mutating func scalar() -> String {
            random.next() % 3 == 0 ? pick(["true", "false", "null"]) : pick(Self.numbers)
        }

        private mutating func array(depth: Int) -> String {
            let elements = (0..<random.next() % 5).map { _ in whitespace() + value(depth: depth) + whitespace() }
            return "[" + (elements.isEmpty ? whitespace() : elements.joined(separator: ",")) + "]"
        }

        private mutating func object(depth: Int) -> String {
            let members = (0..<random.next() % 5).map { index in
                // Distinct decoded keys, however they are spelled.
                whitespace() + string(prefix: "k\(index)") + whitespace() + ":" + whitespace() + value(depth: depth) + whitespace()
            }
            return "{" + (members.isEmpty ? whitespace() : members.joined(separator: ",")) + "}"
        }

        private mutating func string(prefix: String = "") -> String {
            let text = prefix + (0..<random.next() % 8).map { _ in pick(Self.characters) }.joined()
            return "\"" + text.unicodeScalars.map { escaped($0) }.joined() + "\""
        }

        private mutating func escaped(_ scalar: Unicode.Scalar) -> String {
            let short: [Unicode.Scalar: String] = ["\"": #"\""#, "\\": #"\\"#, "\n": #"\n"#, "\t": #"\t"#, "/": #"\/"#]
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            switch random.next() % 3 {
            case 0 where !mustEscape:
                return String(scalar)
            case 1 where short[scalar] != nil:
                return short[scalar] ?? ""
            default:
                let units = String(scalar).utf16.map { unit in
                    let digits = String(unit, radix: 16, uppercase: random.next() % 2 == 0)
                    return #"\u"# + String(repeating: "0", count: 4 - digits.count) + digits
                }
                return units.joined()
            }
        }
    }
}
