import BridleTestSupport
import Testing
@testable import BridleJSON

/// `JSONPaths` against an independent labeller: a writer in this file that emits JSON and, for
/// every byte it writes, the pointer the documented rules give it (a scalar's bytes are its own;
/// a property's name, its colon and the space around them are the property's; brackets, commas
/// and the space between elements are the container's).
@Suite struct JSONPathsTests {
    // MARK: - The documented example

    @Test func theDocumentedExample() {
        let paths = JSONPaths(Array(#"{"title": "Up", "tags": ["a"]}"#.utf8))
        #expect(paths.path(atByte: 11) == "#/title")
        #expect(paths.path(atByte: 25) == "#/tags/0")
        #expect(paths.path(atByte: 28) == "#/tags")
        #expect(paths.path(atByte: 0) == "#")
        #expect(paths.path(atByte: 29) == "#")
        #expect(paths.paths == ["#", "#/title", "#/tags", "#/tags/0"])
    }

    @Test(arguments: [
        ("a/b", "a~1b"), ("a~b", "a~0b"), ("~1", "~01"), ("/~", "~1~0"), ("", ""), ("é\"", "é\""),
    ])
    func escapingFollowsRFC6901(key: String, token: String) {
        #expect(JSONPaths.escape(key) == token)
    }

    // MARK: - Whole texts against the independent labeller

    @Test(arguments: 0..<300 as Range<UInt64>)
    func everyByteIsLabelledAsTheRulesSay(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let content = Self.randomContent(&random, depth: 0)
        let pointers = Self.pointers(of: content)
        for style in [Style.compact, .spaced, .pretty, .scattered(seed: seed)] {
            let written = Self.write(content, style: style)
            // The writer is the library's for the three fixed layouts; the scattered one only
            // has to read back as the same value.
            switch style {
            case .compact: #expect(written.text == content.jsonString(layout: .compact))
            case .spaced: #expect(written.text == content.jsonString(layout: .spaced))
            case .pretty: #expect(written.text == content.jsonString(prettyPrinted: true))
            case .scattered: #expect(try GeneratedContent(json: written.text) == content)
            }
            let bytes = Array(written.text.utf8)
            let located = JSONPaths(bytes)
            var mismatches: [String] = []
            for offset in bytes.indices where located.path(atByte: offset) != written.labels[offset] {
                mismatches.append("byte \(offset) (\(Self.show(bytes[offset]))): \(located.path(atByte: offset)) ≠ \(written.labels[offset])")
                if mismatches.count == 5 { break }
            }
            #expect(mismatches.isEmpty, "seed \(seed), \(style): \(written.text)\n\(mismatches.joined(separator: "\n"))")
            #expect(located.paths == pointers, "seed \(seed), \(style)")
            #expect(located.path(atByte: -1) == "#")
            #expect(located.path(atByte: bytes.count) == "#")
        }
    }

    /// A scalar's bytes, re-parsed, are the value at its pointer (with its name, for a property).
    @Test(arguments: 0..<100 as Range<UInt64>)
    func aScalarsBytesReadBackAsItsValue(seed: UInt64) throws {
        var random = SplitMix64(seed: seed ^ 0xA5A5)
        let content = Self.randomContent(&random, depth: 0)
        let bytes = Array(content.jsonString(layout: .spaced).utf8)
        let located = JSONPaths(bytes)
        for (pointer, value, name) in Self.values(of: content) {
            switch value.kind {
            case .array, .structure: continue
            default: break
            }
            let run = bytes.indices.filter { located.path(atByte: $0) == pointer }
            let first = try #require(run.first)
            #expect(run == Array(first..<(first + run.count)), "seed \(seed): \(pointer)'s bytes are not one run")
            let text = String(decoding: bytes[first..<(first + run.count)], as: UTF8.self)
            if let name {
                #expect(try GeneratedContent(json: "{" + text + "}") == GeneratedContent(properties: [(name, value)]), "seed \(seed) at \(pointer)")
            } else {
                #expect(try GeneratedContent(json: text) == value, "seed \(seed) at \(pointer)")
            }
        }
    }

    // MARK: - Truncated texts

    /// A prefix is labelled as the whole text is, except the bytes of a property name whose
    /// closing quote is not yet written: until then they are the object's.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func everyPrefixAgreesWithTheWholeText(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 1000)
        var content = Self.randomContent(&random, depth: 0, maxDepth: 2)
        while content.jsonString(prettyPrinted: true).utf8.count > 300 { content = Self.randomContent(&random, depth: 0, maxDepth: 2) }
        for style in [Style.compact, .pretty, .scattered(seed: seed)] {
            let written = Self.write(content, style: style)
            let bytes = Array(written.text.utf8)
            for length in 0...bytes.count {
                let located = JSONPaths(Array(bytes[..<length]))
                let openKey = written.keys.first { $0.range.lowerBound < length && length < $0.range.upperBound }
                for offset in 0..<length {
                    var expected = written.labels[offset]
                    if let openKey, openKey.range.contains(offset) { expected = openKey.container }
                    if located.path(atByte: offset) != expected {
                        Issue.record("seed \(seed), \(style), prefix \(length) of \(written.text): byte \(offset) is \(located.path(atByte: offset)), expected \(expected)")
                        return
                    }
                }
                #expect(located.path(atByte: length) == "#")
            }
        }
    }

    @Test(arguments: [
        // What follows a syntax error belongs to the last byte located.
        (#"{"a": 1 x}"#, ["#", "#/a", "#/a", "#/a", "#/a", "#/a", "#/a", "#", "#", "#"]),
        (#"[1,,2]"#, ["#", "#/0", "#", "#", "#", "#"]),
        (#"{"a" 1}"#, ["#", "#/a", "#/a", "#/a", "#/a", "#/a", "#/a"]),
        (#"{1}"#, ["#", "#", "#"]),
        (#""ab"cd"#, ["#", "#", "#", "#", "#", "#"]),
        (#"[tru"#, ["#", "#/0", "#/0", "#/0"]),
        (#"{"k":{"#, ["#", "#/k", "#/k", "#/k", "#/k", "#/k"]),
        (#"{"k\""#, ["#", "#", "#", "#", "#"]),
        ("  \t\r\n{}", ["#", "#", "#", "#", "#", "#", "#"]),
        (" [ ] ", ["#", "#", "#", "#", "#"]),
        (#"{"a~/":[{"":0}]}"#, ["#", "#/a~0~1", "#/a~0~1", "#/a~0~1", "#/a~0~1", "#/a~0~1", "#/a~0~1", "#/a~0~1", "#/a~0~1/0", "#/a~0~1/0/", "#/a~0~1/0/", "#/a~0~1/0/", "#/a~0~1/0/", "#/a~0~1/0", "#/a~0~1", "#"]),
        (#"{"\u0041\/":1}"#, ["#"] + Array(repeating: "#/A~1", count: 12) + ["#"]),
    ])
    func handPickedTexts(text: String, labels: [String]) {
        let bytes = Array(text.utf8)
        #expect(bytes.count == labels.count, "the table's row for \(text)")
        let located = JSONPaths(bytes)
        #expect(bytes.indices.map { located.path(atByte: $0) } == labels, "\(text)")
    }

    // MARK: - Garbage

    @Test(arguments: 0..<200 as Range<UInt64>)
    func garbageNeverCrashesAndLabelsEveryByte(seed: UInt64) {
        var random = SplitMix64(seed: seed &* 31 &+ 7)
        let alphabet = Array(#"{}[]",:\ 0123456789-+.eEtrufalsn/~"#.utf8) + [0x0A, 0x09, 0x0D, 0x00, 0xFF, 0xC3, 0xA9, 0x80]
        let length = Int.random(in: 0...200, using: &random)
        let bytes: [UInt8] = (0..<length).map { _ in
            Bool.random(using: &random) ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
        let located = JSONPaths(bytes)
        #expect(located.paths.first == "#")
        for offset in -3..<(length + 3) {
            let path = located.path(atByte: offset)
            if bytes.indices.contains(offset) {
                #expect(located.paths.contains(path), "seed \(seed), byte \(offset)")
            } else {
                #expect(path == "#")
            }
        }
    }

    @Test func emptyTextHasOnlyTheRoot() {
        let located = JSONPaths([])
        #expect(located.paths == ["#"])
        #expect(located.path(atByte: 0) == "#")
    }

    @Test(arguments: ["[", "{\"a\":"])
    func nestingPastTheLimitBelongsToTheValueAtTheLimit(opener: String) {
        let depth = 5_000
        let text = String(repeating: opener, count: depth) + "1" + String(repeating: opener == "[" ? "]" : "}", count: depth)
        let bytes = Array(text.utf8)
        let located = JSONPaths(bytes)
        let step = opener == "[" ? "/0" : "/a"
        let width = opener.utf8.count
        // The opener of the value at depth d starts at d × width; past the limit, everything is that value's.
        #expect(located.path(atByte: 0) == "#")
        #expect(located.path(atByte: 7 * width) == "#" + String(repeating: step, count: 7))
        let atLimit = "#" + String(repeating: step, count: JSONPaths.depthLimit)
        #expect(located.path(atByte: JSONPaths.depthLimit * width) == atLimit)
        #expect(located.path(atByte: bytes.count - 1) == atLimit)
        #expect(located.paths.count == JSONPaths.depthLimit + 1)
    }

    // MARK: - The independent writer

    enum Style: CustomStringConvertible {
        case compact, spaced, pretty
        /// Random whitespace (spaces, tabs, CR, LF) wherever JSON allows it.
        case scattered(seed: UInt64)

        var description: String {
            switch self {
            case .compact: "compact"
            case .spaced: "spaced"
            case .pretty: "pretty"
            case .scattered(let seed): "scattered(\(seed))"
            }
        }
    }

    struct Written {
        var text = ""
        var labels: [String] = []
        /// Each property name's bytes (quotes included) and its object's pointer.
        var keys: [(range: Range<Int>, container: String)] = []

        mutating func emit(_ piece: String, as label: String) {
            text += piece
            labels += Array(repeating: label, count: piece.utf8.count)
        }
    }

    static func write(_ content: GeneratedContent, style: Style) -> Written {
        var written = Written()
        var random: SplitMix64? = if case .scattered(let seed) = style { SplitMix64(seed: seed ^ 0x5EED) } else { nil }
        func space(_ label: String, _ fixed: String = "") {
            guard random != nil else { return written.emit(fixed, as: label) }
            let pieces = [" ", "\t", "\n", "\r", "\r\n", "  "]
            var text = ""
            for _ in 0..<Int.random(in: 0...2, using: &random!) { text += pieces.randomElement(using: &random!)! }
            written.emit(text, as: label)
        }
        let pretty = if case .pretty = style { true } else { false }
        let spaced = if case .spaced = style { true } else { false }
        func newline(_ level: Int, _ label: String) {
            if pretty { written.emit("\n" + String(repeating: "  ", count: level), as: label) } else { space(label) }
        }
        func value(_ content: GeneratedContent, _ pointer: String, _ level: Int) {
            switch content.kind {
            case .array(let elements):
                written.emit("[", as: pointer)
                if elements.isEmpty { space(pointer) }
                for (index, element) in elements.enumerated() {
                    if index > 0 {
                        space(pointer)
                        written.emit(",", as: pointer)
                        if spaced { written.emit(" ", as: pointer) }
                    }
                    newline(level + 1, pointer)
                    value(element, "\(pointer)/\(index)", level + 1)
                }
                if !elements.isEmpty { newline(level, pointer) }
                written.emit("]", as: pointer)
            case .structure:
                let members = content.orderedProperties ?? []
                written.emit("{", as: pointer)
                if members.isEmpty { space(pointer) }
                for (index, member) in members.enumerated() {
                    if index > 0 {
                        space(pointer)
                        written.emit(",", as: pointer)
                        if spaced { written.emit(" ", as: pointer) }
                    }
                    newline(level + 1, pointer)
                    let child = pointer + "/" + escape(member.name)
                    let start = written.text.utf8.count
                    written.emit(GeneratedContent(member.name).jsonString, as: child)
                    written.keys.append((start..<written.text.utf8.count, pointer))
                    space(child)
                    written.emit(":", as: child)
                    if pretty || spaced { written.emit(" ", as: child) } else { space(child) }
                    value(member.value, child, level + 1)
                }
                if !members.isEmpty { newline(level, pointer) }
                written.emit("}", as: pointer)
            default:
                written.emit(content.jsonString, as: pointer)
            }
        }
        space("#")
        value(content, "#", 0)
        space("#")
        return written
    }

    /// RFC 6901, written out independently of `JSONPaths.escape`.
    static func escape(_ key: String) -> String {
        var token = ""
        for character in key {
            switch character {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.append(character)
            }
        }
        return token
    }

    /// Every pointer of `content`, in document order.
    static func pointers(of content: GeneratedContent) -> [String] { values(of: content).map(\.pointer) }

    /// Every value of `content` with its pointer and, for a property, its name; in document order.
    static func values(of content: GeneratedContent, at pointer: String = "#", name: String? = nil)
        -> [(pointer: String, value: GeneratedContent, name: String?)]
    {
        var result = [(pointer, content, name)]
        switch content.kind {
        case .array(let elements):
            for (index, element) in elements.enumerated() { result += values(of: element, at: "\(pointer)/\(index)") }
        case .structure:
            for member in content.orderedProperties ?? [] {
                result += values(of: member.value, at: pointer + "/" + escape(member.name), name: member.name)
            }
        default: break
        }
        return result
    }

    static func show(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }

    // MARK: - Random values

    static let pieces = ["a", "Z", "/", "~", "~1", "~0", "\"", "\\", "é", "日", "😀", "\n", "\t", "\u{1}", "\u{7F}", "\u{2028}", " ", "0", ":", ",", "{", "]"]
    static let numbers = ["0", "-0", "7", "-12", "3.25", "-0.5", "1e5", "2.5E-3", "1E+2", "123456789012345678901234567890", "0.000"]

    static func randomString(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// A random value nested at most `maxDepth` deep; the root (depth 0) is a container three
    /// times in five.
    static func randomContent(_ random: inout SplitMix64, depth: Int, maxDepth: Int = 4) -> GeneratedContent {
        let choice = depth == 0 ? Int.random(in: 4..<9, using: &random) : Int.random(in: 0..<(depth < maxDepth ? 9 : 6), using: &random)
        switch choice {
        case 0: return .null
        case 1: return GeneratedContent(Bool.random(using: &random))
        case 2: return GeneratedContent(JSONNumber(text: numbers.randomElement(using: &random)!)!)
        case 3, 4, 5: return GeneratedContent(randomString(&random))
        case 6: return GeneratedContent(elements: (0..<Int.random(in: 0...4, using: &random)).map { _ in randomContent(&random, depth: depth + 1, maxDepth: maxDepth) })
        default:
            return GeneratedContent(properties: (0..<Int.random(in: 0...4, using: &random)).map { _ in
                (randomString(&random), randomContent(&random, depth: depth + 1, maxDepth: maxDepth))
            })
        }
    }
}
