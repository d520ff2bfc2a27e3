/// How a model's native tool-call format frames each call's JSON arguments in text: the bytes
/// that open a call, up to its tool's name, and the bytes that end the name, right before the
/// arguments. What comes after the arguments (the call's end, a separator, the section's end)
/// needs no description: the arguments end where their JSON does.
///
/// ```swift
/// // <tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>
/// let hermes = CallFraming(callStart: Array("<tool_call>\n{\"name\": \"".utf8), nameEnd: Array("\", \"arguments\": ".utf8))
/// ```
public struct CallFraming: Sendable, Hashable {
    /// The bytes right before a tool's name. Empty: the text opens with a name, and each
    /// call's arguments are followed by the next name right away.
    public var callStart: [UInt8]
    /// The bytes right after a tool's name; tool names never contain them. Empty: names are empty.
    public var nameEnd: [UInt8]

    public init(callStart: [UInt8], nameEnd: [UInt8]) {
        self.callStart = callStart
        self.nameEnd = nameEnd
    }
}

extension ValueRules {
    /// Text made of tool calls: how they are framed, and which node holds each tool's rules.
    public struct Calls: Sendable, Hashable {
        public let framing: CallFraming
        /// The root node of each tool's arguments, by tool name; a tool without rules has none.
        public let roots: [String: Int]
        /// Whether some tool's arguments exclude values at their root: a name can then lead
        /// to arguments that can't be written, so the name is owed a search too.
        public let namesLeadToExclusions: Bool
        /// For each length of `callStart` matched, the longest proper prefix of it that is
        /// also its suffix (Knuth–Morris–Pratt): text is scanned for a call's start a byte at
        /// a time without looking back.
        let startFallback: [Int]

        init(framing: CallFraming, roots: [String: Int], namesLeadToExclusions: Bool) {
            self.framing = framing
            self.roots = roots
            self.namesLeadToExclusions = namesLeadToExclusions
            let pattern = framing.callStart
            var fallback = [Int](repeating: 0, count: pattern.count)
            var length = 0
            for index in pattern.indices.dropFirst() {
                while length > 0 && pattern[index] != pattern[length] { length = fallback[length - 1] }
                if pattern[index] == pattern[length] { length += 1 }
                fallback[index] = length
            }
            startFallback = fallback
        }

        /// How much of `callStart` is matched after `byte`, with `matched` bytes of it (fewer
        /// than all) matched before.
        package func matching(_ matched: Int, _ byte: UInt8) -> Int {
            let pattern = framing.callStart
            guard !pattern.isEmpty else { return 0 }
            var length = min(matched, pattern.count - 1)
            while length > 0 && pattern[length] != byte { length = startFallback[length - 1] }
            return pattern[length] == byte ? length + 1 : length
        }
    }

    /// Rules for text made of calls: after each `framing.callStart`, the bytes up to
    /// `framing.nameEnd` are a tool's name, and the JSON value right after `nameEnd` (leading
    /// JSON whitespace allowed) is checked by `rules[name]`; a tool with no entry, or no rules,
    /// is free, and so is everything outside those values. After a value ends, the next
    /// `callStart` opens the next call. ``none`` when no tool has rules: the text then costs the
    /// mask engine nothing.
    ///
    /// The rules of each tool are taken from its root: rules that are themselves for calls
    /// frame nothing more here.
    ///
    /// ```swift
    /// let rules = ValueRules.calls(["get_weather": ValueRules(weather.parameters)], framing: hermes)
    /// MaskedConstraint(masker: masker, valueRules: rules)   // the whole tool-call section
    /// ```
    public static func calls(_ rules: [String: ValueRules], framing: CallFraming) -> ValueRules {
        var nodes: [Node] = []
        var roots: [String: Int] = [:]
        var namesLeadToExclusions = false
        // Sorted by name: equal inputs give equal (hashable) rules.
        for name in rules.keys.sorted() {
            guard let tool = rules[name], !tool.nodes.isEmpty else { continue }
            let offset = nodes.count
            roots[name] = offset
            namesLeadToExclusions = namesLeadToExclusions || !tool.nodes[0].excludedValues.isEmpty
            for var node in tool.nodes {
                node.properties = node.properties.mapValues { $0 + offset }
                node.otherProperties = node.otherProperties.map { $0 + offset }
                node.items = node.items.map { $0 + offset }
                node.choices = node.choices.map { Choice(key: $0.key, value: $0.value, node: $0.node >= 0 ? $0.node + offset : $0.node) }
                nodes.append(node)
            }
        }
        guard !nodes.isEmpty else { return .none }
        return ValueRules(nodes: nodes, calls: Calls(framing: framing, roots: roots, namesLeadToExclusions: namesLeadToExclusions))
    }
}
