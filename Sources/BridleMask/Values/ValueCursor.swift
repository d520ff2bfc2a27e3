import BridleGrammar
import BridleSchema

/// Follows the JSON text of a response byte by byte, for the rules in ``ValueRules``: where the
/// text stands (the containers open around it, and the rule node of each), the values a rule
/// needs (elements of an array whose elements must differ, properties that a relation compares,
/// values that must differ from excluded ones), and whether a rule is broken.
///
/// For rules over tool calls (``ValueRules/calls``) the text is free but for the arguments of
/// each call: the cursor scans it for a call's start, reads the tool's name up to its end, and
/// follows the JSON value after it with that tool's rules, until the value ends.
///
/// The grammar guarantees the text is JSON, so the cursor reads it leniently and never
/// reports a syntax error; it only tells when a completed value breaks a rule, and what is
/// still owed (``hasObligations``): a value being written, or about to be, that a rule will
/// judge, or a property a later property must still be compared with.
///
/// ```swift
/// var cursor = ValueCursor(rules: ValueRules(schema))   // {"terms": [string], uniqueItems}
/// cursor.read(Array(#"{"terms": ["a", "a"#.utf8))   // true: nothing broken yet
/// cursor.read(Array(#"""#.utf8))                     // false: "a" repeats "a"
/// ```
struct ValueCursor: Sendable {
    let rules: ValueRules

    private enum Syntax: Sendable {
        case value
        case valueOrEnd
        case keyOrEnd
        case key
        case keyText(escaped: Bool)
        case colon
        case string(escaped: Bool)
        case number
        case literal
        case afterValue
        case done
    }

    /// Where the text stands with respect to the framing of tool calls (``ValueRules/calls``).
    private enum Framing: Sendable {
        /// In the JSON value the rules judge: the whole text, without calls.
        case json
        /// Free text, with `matched` bytes of a call's start just read.
        case text(matched: Int)
        /// A tool's name, its bytes so far.
        case name([UInt8])
    }

    private struct Frame: Sendable {
        let isObject: Bool
        /// The rule node of this container; for a choice of shapes, the choice's until the
        /// first property tells which shape it is.
        var node: Int?
        var isChoosing = false
        /// The current key's bytes, as written between the quotes, and decoded once whole.
        var keyBytes: [UInt8] = []
        var key = ""
        /// Completed values of properties a relation compares, by key.
        var values: [String: GeneratedContent] = [:]
        /// Completed elements, for arrays whose elements must differ.
        var elements = DistinctElements()
    }

    /// A value being written that a rule will judge: its bytes so far, and which container
    /// (`depth` frames open) holds it.
    struct Capture: Sendable {
        var bytes: [UInt8]
        let depth: Int
        /// The direction that makes a rule likelier to hold (see ``PropertyRelation/Comparison/Direction``).
        let direction: PropertyRelation.Comparison.Direction
        /// Whether its container's rule takes it in (an element that must differ, a compared
        /// property, the first property of a choice), as opposed to its own exclusions only.
        let isInSlot: Bool
        /// Whether completing it runs a check of its container's rule that may fail (an element
        /// with earlier ones, a property whose partner is known), rather than only recording it.
        let checksSlot: Bool
        /// The values it must not equal, when its node excludes some.
        let excluded: DistinctElements?

        /// Whether completing it runs a check that may fail.
        var isChecked: Bool { checksSlot || excluded != nil }
    }

    private var syntax: Syntax = .value
    private var framing: Framing = .json
    /// The rule node of the top-level JSON value: the root's, or the current call's tool's.
    private var rootNode: Int?
    /// The values each node excludes, built once and shared by every copy.
    private let exclusions: [Int: DistinctElements]
    private var frames: [Frame] = []
    private(set) var captures: [Capture] = []
    /// Whether a completed value has broken a rule; from then on every byte is refused.
    private(set) var isBroken = false
    /// Whether the broken rule was an ordered comparison (below, above): a search that
    /// tries the likeliest completion first need try no other.
    private(set) var brokeOrderedComparison = false

    init(rules: ValueRules) {
        self.rules = rules
        var exclusions: [Int: DistinctElements] = [:]
        for (index, node) in rules.nodes.enumerated() where !node.excludedValues.isEmpty {
            exclusions[index] = DistinctElements(excluding: node.excludedValues)
        }
        self.exclusions = exclusions
        if rules.calls == nil {
            rootNode = rules.isEmpty ? nil : 0
        } else {
            awaitCall()
        }
    }

    // MARK: Reading

    /// Reads `bytes`; `false` once a rule is broken.
    @discardableResult
    mutating func read<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        for byte in bytes where !read(byte) { return false }
        return true
    }

    /// Reads one byte; `false` if it completes a value that breaks a rule.
    mutating func read(_ byte: UInt8) -> Bool {
        guard !isBroken else { return false }
        if case .json = framing {} else {
            readFraming(byte)
            return true
        }
        // A number or literal ends at the first byte that cannot continue it.
        switch syntax {
        case .number where Self.continuesNumber(byte):
            append(byte)
            if !integerPrefixHolds() { breakComparison() }
            return !isBroken
        case .literal where Self.isLetter(byte):
            append(byte)
            return true
        case .number, .literal:
            completeValue()
            if isBroken { return false }
            if frames.isEmpty, rules.calls != nil {
                // The arguments ended before this byte: it is the text after them.
                awaitCall()
                readFraming(byte)
                return true
            }
            syntax = frames.isEmpty ? .done : .afterValue
        default:
            break
        }
        append(byte)
        switch syntax {
        case .value, .valueOrEnd:
            if Self.isSpace(byte) { break }
            if byte == UInt8(ascii: "]"), case .valueOrEnd = syntax { closeContainer() } else { startValue(byte) }
        case .keyOrEnd, .key:
            if byte == UInt8(ascii: "\"") {
                frames[frames.count - 1].keyBytes = []
                syntax = .keyText(escaped: false)
            } else if byte == UInt8(ascii: "}"), case .keyOrEnd = syntax {
                closeContainer()
            }
        case .keyText(let escaped):
            if !escaped && byte == UInt8(ascii: "\"") {
                syntax = .colon
                frames[frames.count - 1].key = Self.text(frames[frames.count - 1].keyBytes)
                if frames[frames.count - 1].isChoosing { chooseByKey() }
            } else {
                frames[frames.count - 1].keyBytes.append(byte)
                syntax = .keyText(escaped: !escaped && byte == UInt8(ascii: "\\"))
            }
        case .colon:
            if byte == UInt8(ascii: ":") { syntax = .value }
        case .string(let escaped):
            if !escaped && byte == UInt8(ascii: "\"") {
                completeValue()
                syntax = frames.isEmpty ? .done : .afterValue
            } else {
                syntax = .string(escaped: !escaped && byte == UInt8(ascii: "\\"))
            }
        case .afterValue:
            if byte == UInt8(ascii: ",") {
                syntax = frames.last?.isObject == true ? .key : .value
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                closeContainer()
            }
        case .number, .literal, .done:
            break
        }
        if !isBroken, case .done = syntax, rules.calls != nil { awaitCall() }
        return !isBroken
    }

    // MARK: Calls

    /// Free text until the next call's start.
    private mutating func awaitCall() {
        syntax = .value
        frames = []
        captures = []
        rootNode = nil
        framing = .text(matched: 0)
        if rules.calls?.framing.callStart.isEmpty == true { startName() }
    }

    private mutating func startName() {
        framing = .name([])
        if rules.calls?.framing.nameEnd.isEmpty == true { startArguments(name: []) }
    }

    /// The JSON value of the arguments comes next, judged by the rules of the tool `name`.
    private mutating func startArguments(name: [UInt8]) {
        framing = .json
        syntax = .value
        rootNode = rules.calls?.roots[String(decoding: name, as: UTF8.self)]
    }

    /// Reads a byte of the text around the arguments: free text, or a tool's name.
    private mutating func readFraming(_ byte: UInt8) {
        guard let calls = rules.calls else { return }
        switch framing {
        case .json:
            break
        case .text(let matched):
            let now = calls.matching(matched, byte)
            if now == calls.framing.callStart.count { startName() } else { framing = .text(matched: now) }
        case .name(var name):
            name.append(byte)
            let end = calls.framing.nameEnd
            if name.count >= end.count, name.suffix(end.count).elementsEqual(end) {
                startArguments(name: Array(name.dropLast(end.count)))
            } else {
                framing = .name(name)
            }
        }
    }

    /// Takes the elements completed so far in with the earlier ones, once the text read is
    /// committed: copies made from then on to try tokens share them (see ``DistinctElements``).
    mutating func settle() {
        for index in frames.indices { frames[index].elements.settle() }
    }

    /// Appends `byte` to every value being captured: it is part of each of them.
    private mutating func append(_ byte: UInt8) {
        for index in captures.indices { captures[index].bytes.append(byte) }
    }

    private mutating func startValue(_ byte: UInt8) {
        let node = childNode()
        let slot = slotRule()
        let excluded = exclusions.isEmpty ? nil : node.flatMap { exclusions[$0] }
        if slot != nil || excluded != nil {
            // `append` ran before the value started: its first byte goes in here.
            captures.append(Capture(
                bytes: [byte], depth: frames.count, direction: slot?.direction ?? .apart, isInSlot: slot != nil,
                checksSlot: slot?.isChecked ?? false, excluded: excluded))
        }
        switch byte {
        case UInt8(ascii: "\""): syntax = .string(escaped: false)
        case UInt8(ascii: "{"):
            frames.append(Frame(isObject: true, node: node, isChoosing: node.map { !rules.nodes[$0].choices.isEmpty } ?? false))
            syntax = .keyOrEnd
        case UInt8(ascii: "["):
            frames.append(Frame(isObject: false, node: node))
            syntax = .valueOrEnd
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            syntax = .number
            if !integerPrefixHolds() { breakComparison() }
        default: syntax = .literal
        }
    }

    private mutating func closeContainer() {
        frames.removeLast()
        completeValue()
        syntax = frames.isEmpty ? .done : .afterValue
    }

    /// A choice of shapes learns which one it is from its first key, when only one shape
    /// starts with it; else from that key's value (``completeValue()``).
    private mutating func chooseByKey() {
        let index = frames.count - 1
        guard let node = frames[index].node else { return }
        let key = frames[index].key
        let matching = rules.nodes[node].choices.filter { $0.key == key }
        if matching.count == 1, matching[0].value == nil {
            choose(matching[0].node, at: index)
        } else if matching.isEmpty {
            choose(-1, at: index)
        }
    }

    private mutating func choose(_ node: Int, at index: Int) {
        frames[index].node = node >= 0 ? node : nil
        frames[index].isChoosing = false
    }

    /// The rule node of the value about to start (its container's child), if any.
    private func childNode() -> Int? {
        guard let frame = frames.last else { return rootNode }
        guard let node = frame.node, !frame.isChoosing else { return nil }
        if frame.isObject { return rules.nodes[node].properties[frame.key] ?? rules.nodes[node].otherProperties }
        return rules.nodes[node].items
    }

    /// What a rule makes of the value about to start in the innermost container: nothing,
    /// or a capture (checked, or only recorded for a later comparison).
    private func slotRule() -> (direction: PropertyRelation.Comparison.Direction, isChecked: Bool)? {
        guard let frame = frames.last, let node = frame.node else { return nil }
        if frame.isChoosing { return (.apart, false) }
        let rule = rules.nodes[node]
        if !frame.isObject {
            return rule.uniqueElements ? (.apart, !frame.elements.isEmpty) : nil
        }
        let key = frame.key
        var result: (PropertyRelation.Comparison.Direction, Bool)?
        for relation in rule.relations {
            if relation.property == key {
                // Integers are judged digit by digit from their bounds (``integerPrefixHolds``).
                let checked = frame.values[relation.other] != nil && !Self.comparesIntegers(relation, rule)
                if checked || result == nil { result = (relation.comparison.direction, checked) }
            } else if relation.other == key, result == nil {
                result = (relation.comparison.direction.reversed, false)
            }
        }
        return result
    }

    /// The value that just ended belongs to the innermost container: record it and check the
    /// rules it takes part in.
    private mutating func completeValue() {
        guard let index = captures.lastIndex(where: { $0.depth == frames.count }) else { return }
        let capture = captures.remove(at: index)
        let value = try? GeneratedContent(json: String(decoding: capture.bytes, as: UTF8.self))
        if let excluded = capture.excluded, let value, excluded.contains(canonical: JSONEquality.canonicalText(value)) {
            isBroken = true
            return
        }
        guard capture.isInSlot, let frame = frames.last, let node = frame.node, let value else { return }
        if frame.isChoosing {
            let canonical = JSONEquality.canonicalText(value)
            let key = frame.key
            choose(rules.nodes[node].choices.first { $0.key == key && $0.value == canonical }?.node ?? -1, at: frames.count - 1)
            return
        }
        let rule = rules.nodes[node]
        if !frame.isObject {
            let canonical = JSONEquality.canonicalText(value)
            if !frames[frames.count - 1].elements.insert(canonical: canonical, text: Self.withoutLayout(capture.bytes)) {
                isBroken = true
            }
            return
        }
        let key = frame.key
        frames[frames.count - 1].values[key] = value
        for relation in rule.relations {
            let pair: (GeneratedContent, GeneratedContent)? =
                if relation.property == key { frame.values[relation.other].map { (value, $0) } }
                else if relation.other == key { frame.values[relation.property].map { ($0, value) } }
                else { nil }
            if let (subject, other) = pair, relation.holds(between: subject, and: other) == false {
                isBroken = true
                brokeOrderedComparison = relation.comparison.direction != .apart
                return
            }
        }
        if !integerPrefixHolds(capture.bytes, key: key, in: frames[frames.count - 1], node: node, isWhole: true) { breakComparison() }
    }

    private mutating func breakComparison() {
        isBroken = true
        brokeOrderedComparison = true
    }

    /// Whether the integer being written in the innermost object can still satisfy its
    /// comparisons: as the later side, with the earlier value known; as the earlier side, with
    /// the later one's bounds, if it must come.
    private func integerPrefixHolds() -> Bool {
        guard let capture = captures.last, capture.depth == frames.count, let frame = frames.last, frame.isObject,
            !frame.isChoosing, let node = frame.node
        else { return true }
        return integerPrefixHolds(capture.bytes, key: frame.key, in: frame, node: node)
    }

    private func integerPrefixHolds(_ bytes: [UInt8], key: String, in frame: Frame, node: Int, isWhole: Bool = false) -> Bool {
        let rule = rules.nodes[node]
        guard let bounds = rule.integerBounds[key], let prefix = IntegerPrefix(bytes, isWhole: isWhole) else { return true }
        if !prefix.reaches(bounds) { return false }
        for relation in rule.relations where Self.comparesIntegers(relation, rule) {
            if relation.property == key, let other = frame.values[relation.other].flatMap(Self.integer) {
                if !prefix.reaches(bounds, relation.comparison, other) { return false }
            } else if relation.other == key, frame.values[relation.property] == nil,
                !rule.optionalProperties.contains(relation.property), let later = rule.integerBounds[relation.property]
            {
                // Some later value within its bounds must be able to compare right with this one.
                let room: Bool = switch relation.comparison {
                case .atLeast: later.maximum.map { prefix.reaches(bounds, .atMost, $0) } ?? true
                case .greaterThan: later.maximum.map { prefix.reaches(bounds, .lessThan, $0) } ?? true
                case .atMost: later.minimum.map { prefix.reaches(bounds, .atLeast, $0) } ?? true
                case .lessThan: later.minimum.map { prefix.reaches(bounds, .greaterThan, $0) } ?? true
                case .notEqual:
                    if let only = later.minimum, later.maximum == only { prefix.reaches(bounds, .notEqual, only) } else { true }
                }
                if !room { return false }
            }
        }
        return true
    }

    private static func integer(_ value: GeneratedContent) -> Int128? {
        if case .number(let number) = value.kind { return number.int128 }
        return nil
    }

    private static func comparesIntegers(_ relation: PropertyRelation, _ rule: ValueRules.Node) -> Bool {
        rule.integerBounds[relation.property] != nil && rule.integerBounds[relation.other] != nil
    }

    // MARK: What is owed

    /// Whether a rule still has to be satisfied by text not yet written: a checked value
    /// being written or about to start, or a compared property whose partner comes later in
    /// an object still open.
    var hasObligations: Bool {
        switch framing {
        case .json: break
        case .text: return false
        case .name: return rules.calls?.namesLeadToExclusions == true
        }
        if captures.contains(where: \.isChecked) { return true }
        switch syntax {
        case .value, .valueOrEnd, .colon:
            if let slot = slotRule(), slot.isChecked { return true }
            if !exclusions.isEmpty, let node = childNode(), exclusions[node] != nil { return true }
        default:
            break
        }
        return owesRelation
    }

    /// Whether all that is owed is the next element of an array whose elements must differ,
    /// not yet started.
    var owesOnlyTheNextElement: Bool {
        switch syntax {
        case .value, .valueOrEnd: break
        default: return false
        }
        guard !captures.contains(where: \.isChecked), !owesRelation, let frame = frames.last, !frame.isObject else { return false }
        return slotRule()?.isChecked == true
    }

    /// Whether everything owed is an element that must differ from earlier ones and already
    /// does: its text so far differs from each earlier element's inside a string (see
    /// ``differsInString(_:_:)``), so no completion can equal one. Lets most tokens skip the
    /// search.
    var divergesFromEveryEarlierElement: Bool {
        guard isInsideString, !owesRelation else { return false }
        for capture in captures where capture.isChecked {
            let text = Self.withoutLayout(capture.bytes)
            if let excluded = capture.excluded, !excluded.allDiffer(from: text) { return false }
            guard capture.checksSlot else { continue }
            guard capture.depth > 0, !frames[capture.depth - 1].isObject else { return false }
            if !frames[capture.depth - 1].elements.allDiffer(from: text) { return false }
        }
        return true
    }

    /// Whether every value starting with `text` differs from the one written as `earlier`
    /// (both without layout): they first differ inside a string, at a byte that is a plain
    /// character in both (not an escape, which might spell the other's character).
    static func differsInString(_ text: [UInt8], _ earlier: [UInt8]) -> Bool {
        var inString = false
        var escaped = false
        for index in text.indices {
            guard index < earlier.count else { return false }
            let byte = text[index]
            if byte != earlier[index] {
                return inString && !escaped && byte != UInt8(ascii: "\\") && earlier[index] != UInt8(ascii: "\\")
            }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
        }
        return false
    }

    /// What a token that opens a string here must not spell, when only distinct elements are
    /// owed and a value is about to start: for each element being written (and the one about
    /// to start), its text so far without layout, and the earlier elements' texts. `nil`
    /// when something else is owed.
    var openingString: OpeningString? {
        guard case .json = framing else { return nil }
        switch syntax {
        case .value, .valueOrEnd: break
        default: return nil
        }
        guard !owesRelation else { return nil }
        var elements: [(text: [UInt8], earlier: DistinctElements)] = []
        for capture in captures where capture.isChecked {
            let text = Self.withoutLayout(capture.bytes)
            if let excluded = capture.excluded { elements.append((text, excluded)) }
            guard capture.checksSlot else { continue }
            guard capture.depth > 0, !frames[capture.depth - 1].isObject else { return nil }
            elements.append((text, frames[capture.depth - 1].elements))
        }
        if let slot = slotRule(), slot.isChecked {
            guard let frame = frames.last, !frame.isObject else { return nil }
            elements.append(([], frame.elements))
        }
        if !exclusions.isEmpty, let node = childNode(), let excluded = exclusions[node] { elements.append(([], excluded)) }
        return OpeningString(elements: elements)
    }

    /// See ``openingString``.
    struct OpeningString {
        let elements: [(text: [UInt8], earlier: DistinctElements)]

        /// Whether `bytes` open a string and stay in its text, and thereby make every element
        /// differ from every earlier one: then no rule can fail, whatever follows.
        func diverges(with bytes: some Collection<UInt8>) -> Bool {
            guard bytes.first == UInt8(ascii: "\""), bytes.count > 1,
                !bytes.dropFirst().contains(where: { $0 == UInt8(ascii: "\"") || $0 < 0x20 })
            else { return false }
            return elements.allSatisfy { $0.earlier.allDiffer(from: $0.text + bytes) }
        }
    }

    /// Whether a compared property (not integers: those are judged digit by digit) waits for
    /// its partner in an object still open.
    private var owesRelation: Bool {
        for frame in frames where frame.isObject {
            guard let node = frame.node else { continue }
            for relation in rules.nodes[node].relations where !Self.comparesIntegers(relation, rules.nodes[node]) {
                if (frame.values[relation.property] != nil) != (frame.values[relation.other] != nil) { return true }
            }
        }
        return false
    }

    /// The direction the innermost value being written should lean in, for a search of
    /// completions that tries likely successes first.
    var direction: PropertyRelation.Comparison.Direction {
        if let capture = captures.last { return capture.direction }
        return slotRule()?.direction ?? .apart
    }

    /// Whether the innermost value being written is a number that starts with `-`.
    var isNegativeNumber: Bool {
        if case .number = syntax, let capture = captures.last { return capture.bytes.first == UInt8(ascii: "-") }
        return false
    }

    /// Whether the text stands inside a string value or key.
    var isInsideString: Bool {
        switch syntax {
        case .string, .keyText: true
        default: false
        }
    }

    /// The values being written that must differ from others (an element from the earlier
    /// elements, a value from those its node excludes): each one's bytes so far, without
    /// layout, and how the others were written.
    var valuesBeingWritten: [(bytes: [UInt8], earlier: DistinctElements)] {
        var result: [(bytes: [UInt8], earlier: DistinctElements)] = []
        for capture in captures where capture.isChecked {
            let text = Self.withoutLayout(capture.bytes)
            if let excluded = capture.excluded { result.append((text, excluded)) }
            if capture.checksSlot, capture.depth > 0, !frames[capture.depth - 1].isObject {
                result.append((text, frames[capture.depth - 1].elements))
            }
        }
        return result
    }

    /// Whether the text may end here as far as the rules go: a number or literal still open
    /// at the top ends with the text, and must not equal a value its node excludes.
    var permitsEnd: Bool {
        guard !isBroken else { return false }
        guard let ended = endingTopValue else { return true }
        return !ended.isBroken
    }

    /// Whether ending the text here pays all that is owed: a number or literal at the top,
    /// still open, that the text's end completes, differing from the values it must not equal.
    var isPaidByEnd: Bool {
        guard let ended = endingTopValue else { return false }
        return !ended.isBroken && !ended.hasObligations
    }

    /// This cursor once the text ends, when that completes a value: a number or literal at the top.
    private var endingTopValue: ValueCursor? {
        guard case .json = framing, frames.isEmpty else { return nil }
        switch syntax {
        case .number, .literal: break
        default: return nil
        }
        var ended = self
        ended.completeValue()
        ended.syntax = .done
        return ended
    }

    /// Whether the innermost open container has no rule below it, so that only a token that
    /// closes it can reach a rule.
    var isInUnruledContainer: Bool {
        guard let frame = frames.last else { return false }
        return frame.node == nil
    }

    // MARK: Bytes

    private static func text(_ bytes: [UInt8]) -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        let quoted = String(decoding: [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")], as: UTF8.self)
        if case .string(let decoded)? = (try? GeneratedContent(json: quoted))?.kind { return decoded }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` without whitespace outside strings, so that layouts don't tell equal texts apart.
    static func withoutLayout(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if isSpace(byte) {
                continue
            }
            result.append(byte)
        }
        return result
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}

extension PropertyRelation.Comparison.Direction {
    /// The direction for the other side of a comparison: a smaller earlier value leaves a
    /// later "at least" more room.
    var reversed: Self {
        switch self {
        case .up: .down
        case .down: .up
        case .apart: .apart
        }
    }
}
