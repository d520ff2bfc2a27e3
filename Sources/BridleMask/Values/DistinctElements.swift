import BridleGrammar

/// The elements already written in an array whose elements must differ (or the values a node
/// excludes, ``init(excluding:)``): their canonical texts,
/// to refuse a repeat, and how each was written (without layout), in a byte trie, so that
/// whether every completion of a prefix differs from all of them takes one walk along the
/// prefix, however many there are.
///
/// Elements completed since the last commit stay apart (``settle()``). A cursor copied to try
/// a token, or to search the continuations after it, shares the settled ones with the
/// committed cursor, so completing elements there copies none of them: trying a token costs
/// the same with ten earlier elements as with ten thousand.
///
/// ```swift
/// var elements = DistinctElements()
/// elements.insert(canonical: #""ab""#, text: Array(#""ab""#.utf8))   // true
/// elements.allDiffer(from: Array(#""ac"#.utf8))                       // true: differs at "c"
/// elements.allDiffer(from: Array(#""a"#.utf8))                        // false: may become "ab"
/// ```
struct DistinctElements: Sendable {
    private var canonicals: Set<String> = []
    private var texts = ByteTrie()
    private var unsettled: [(canonical: String, text: [UInt8])] = []

    var isEmpty: Bool { unsettled.isEmpty && canonicals.isEmpty }

    init() {}

    /// The values a node excludes, settled: a value being written must differ from them as
    /// an element must differ from the earlier ones.
    init(excluding values: [ValueRules.ExcludedValue]) {
        for value in values { _ = insert(canonical: value.canonical, text: ValueCursor.withoutLayout(value.text)) }
        settle()
    }

    /// Whether a value of canonical text `canonical` is here.
    func contains(canonical: String) -> Bool {
        canonicals.contains(canonical) || unsettled.contains { $0.canonical == canonical }
    }

    /// Records an element; `false`, recording nothing, when an equal one was written before.
    mutating func insert(canonical: String, text: [UInt8]) -> Bool {
        guard !canonicals.contains(canonical), !unsettled.contains(where: { $0.canonical == canonical }) else { return false }
        unsettled.append((canonical, text))
        return true
    }

    /// Moves the elements completed since the last commit in with the others.
    mutating func settle() {
        for element in unsettled {
            canonicals.insert(element.canonical)
            texts.insert(element.text)
        }
        unsettled = []
    }

    /// Whether every value starting with `text` differs from each element, as
    /// ``ValueCursor/differsInString(_:_:)`` judges one.
    func allDiffer(from text: [UInt8]) -> Bool {
        unsettled.allSatisfy { ValueCursor.differsInString(text, $0.text) } && texts.allDiffer(from: text)
    }

    /// The ends of the elements that continue `prefix`, cut to `length` bytes: a token that
    /// spells the start of one of them is one that may complete a repeat.
    func continuations(of prefix: [UInt8], upTo length: Int) -> [[UInt8]] {
        var result = texts.continuations(of: prefix, upTo: length)
        for element in unsettled where element.text.count > prefix.count && element.text.starts(with: prefix) {
            result.append(Array(element.text[prefix.count...].prefix(length)))
        }
        return result
    }
}

/// Byte strings as a trie: per node the number of strings below it (itself included) and of
/// strings ending there; edges by (node, byte).
private struct ByteTrie: Sendable {
    private var below: [Int32] = [0]
    private var ending: [Int32] = [0]
    private var firstChild: [Int32] = [-1]
    private var nextSibling: [Int32] = [-1]
    private var byte: [UInt8] = [0]
    private var edges: [Int: Int32] = [:]

    private func child(_ node: Int, _ byte: UInt8) -> Int? {
        edges[node << 8 | Int(byte)].map(Int.init)
    }

    mutating func insert(_ text: [UInt8]) {
        var node = 0
        below[0] += 1
        for next in text {
            if let existing = child(node, next) {
                node = existing
            } else {
                let created = below.count
                below.append(0)
                ending.append(0)
                firstChild.append(-1)
                nextSibling.append(firstChild[node])
                byte.append(next)
                firstChild[node] = Int32(created)
                edges[node << 8 | Int(next)] = Int32(created)
                node = created
            }
            below[node] += 1
        }
        ending[node] += 1
    }

    /// ``DistinctElements/allDiffer(from:)`` for the strings here: walks `text`; at each depth
    /// the strings that leave the walk there must first differ from `text` at a plain character
    /// inside a string, and none may end before `text` does or continue it.
    func allDiffer(from text: [UInt8]) -> Bool {
        var node = 0
        var inString = false
        var escaped = false
        for current in text {
            guard below[node] > 0 else { return true }   // the root, with no strings
            if ending[node] > 0 { return false }
            let next = child(node, current)
            let leaving = below[node] - ending[node] - (next.map { below[$0] } ?? 0)
            if leaving > 0 {
                let backslash = UInt8(ascii: "\\")
                guard inString, !escaped, current != backslash, child(node, backslash) == nil else { return false }
            }
            guard let next else { return true }
            if inString {
                if escaped { escaped = false } else if current == UInt8(ascii: "\\") { escaped = true } else if current == UInt8(ascii: "\"") { inString = false }
            } else if current == UInt8(ascii: "\"") {
                inString = true
            }
            node = next
        }
        return below[node] == 0
    }

    /// The strings that continue `prefix` past it, each cut to `length` bytes after it; one
    /// per distinct cut (a cut that starts another is left out).
    func continuations(of prefix: [UInt8], upTo length: Int) -> [[UInt8]] {
        var node = 0
        for current in prefix {
            guard let next = child(node, current) else { return [] }
            node = next
        }
        var result: [[UInt8]] = []
        var stack: [(node: Int, path: [UInt8])] = []
        var child = firstChild[node]
        while child >= 0 {
            stack.append((Int(child), [byte[Int(child)]]))
            child = nextSibling[Int(child)]
        }
        while let (node, path) = stack.popLast() {
            if firstChild[node] < 0 || path.count == length {
                result.append(path)
                continue
            }
            var child = firstChild[node]
            while child >= 0 {
                stack.append((Int(child), path + [byte[Int(child)]]))
                child = nextSibling[Int(child)]
            }
        }
        return result
    }
}
