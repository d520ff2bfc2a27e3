import BridleJSON

/// One way an input can grow: a JSON Schema, a GBNF grammar, a text to match or a vocabulary
/// made `size` large along it, everything else small.
public enum ScaleDimension: String, CaseIterable, Sendable {
    case requiredProperties = "required-properties"
    case optionalProperties = "optional-properties"
    case countedProperties = "counted-properties"
    case enumSize = "enum-size"
    case objectDepth = "object-depth"
    case arrayDepth = "array-depth"
    case prefixItems = "prefix-items"
    case referenceDepth = "ref-depth"
    case anyOfWidth = "anyof-width"
    case patternLength = "pattern-length"
    case uniqueItems = "unique-items"
    case uniqueStrings = "unique-strings"
    case ruleCount = "gbnf-rules"
    case ruleChain = "gbnf-chain"
    case inputLength = "match-input"
    case vocabularySize = "vocabulary"

    /// What grows, in words, for the table.
    public var summary: String {
        switch self {
        case .requiredProperties: "an object of n required integer properties"
        case .optionalProperties: "an object of n optional integer properties"
        case .countedProperties: "an object of n optional integer properties, at most 2 of them (maxProperties)"
        case .enumSize: "a string enum of n values"
        case .objectDepth: "objects nested n deep"
        case .arrayDepth: "arrays nested n deep"
        case .prefixItems: "an array of n prefixItems, each an integer"
        case .referenceDepth: "a chain of n $defs, each referring to the next"
        case .anyOfWidth: "anyOf of n object alternatives, each with its own const tag"
        case .patternLength: "a pattern of n characters"
        case .uniqueItems: "an array of n distinct integers (uniqueItems: a value rule while decoding)"
        case .uniqueStrings: "an array of n distinct strings (uniqueItems: each token of a string checked against earlier ones)"
        case .ruleCount: "a GBNF grammar of n rules, each an alternative of the root"
        case .ruleChain: "a GBNF chain of n rules, rK ::= \"x\" rK+1 | \"y\""
        case .inputLength: "an n-byte input to match"
        case .vocabularySize: "a vocabulary of n tokens"
        }
    }

    public var stages: [ScaleStage] {
        switch self {
        case .ruleCount, .ruleChain: [.parse, .print, .lint, .match, .sample, .mask, .decode]
        case .inputLength: [.match]
        case .vocabularySize: [.vocabulary, .mask, .decode]
        default: ScaleStage.allCases.filter { $0 != .vocabulary }
        }
    }

    /// The JSON Schema document of size `n`, for the schema dimensions.
    public func schema(_ n: Int) -> String? {
        switch self {
        case .requiredProperties, .optionalProperties, .countedProperties:
            let names = (0..<n).map { "\"p\($0)\"" }
            let properties = names.map { "\($0): {\"type\": \"integer\"}" }.joined(separator: ", ")
            let required = self == .requiredProperties ? ", \"required\": [\(names.joined(separator: ", "))]" : ""
            let counted = self == .countedProperties ? ", \"maxProperties\": 2" : ""
            return "{\"type\": \"object\", \"properties\": {\(properties)}\(required)\(counted), \"additionalProperties\": false}"
        case .prefixItems:
            let items = Array(repeating: "{\"type\": \"integer\"}", count: n).joined(separator: ", ")
            return "{\"type\": \"array\", \"prefixItems\": [\(items)], \"items\": false}"
        case .enumSize:
            return "{\"enum\": [\((0..<n).map { "\"value-\($0)\"" }.joined(separator: ", "))]}"
        case .objectDepth:
            var text = "{\"type\": \"integer\"}"
            for _ in 0..<n { text = "{\"type\": \"object\", \"properties\": {\"a\": \(text)}, \"required\": [\"a\"]}" }
            return text
        case .arrayDepth:
            var text = "{\"type\": \"integer\"}"
            for _ in 0..<n { text = "{\"type\": \"array\", \"items\": \(text), \"minItems\": 1, \"maxItems\": 1}" }
            return text
        case .referenceDepth:
            var definitions = (0..<n).map { index in
                "\"d\(index)\": {\"type\": \"object\", \"properties\": {\"next\": {\"$ref\": \"#/$defs/d\(index + 1)\"}}, \"required\": [\"next\"]}"
            }
            definitions.append("\"d\(n)\": {\"type\": \"integer\"}")
            return "{\"$ref\": \"#/$defs/d0\", \"$defs\": {\(definitions.joined(separator: ", "))}}"
        case .anyOfWidth:
            let alternatives = (0..<n).map { index in
                "{\"type\": \"object\", \"properties\": {\"kind\": {\"const\": \"k\(index)\"}, \"v\": {\"type\": \"integer\"}}, \"required\": [\"kind\", \"v\"], \"additionalProperties\": false}"
            }
            return "{\"anyOf\": [\(alternatives.joined(separator: ", "))]}"
        case .patternLength:
            let unit = "a[0-9]"
            return "{\"type\": \"string\", \"pattern\": \"^\(String(repeating: unit, count: max(1, n / unit.count)))$\"}"
        case .uniqueItems:
            return "{\"type\": \"array\", \"items\": {\"type\": \"integer\", \"minimum\": 0}, \"uniqueItems\": true, \"minItems\": \(n), \"maxItems\": \(n)}"
        case .uniqueStrings:
            return "{\"type\": \"array\", \"items\": {\"type\": \"string\", \"maxLength\": 12}, \"uniqueItems\": true, \"minItems\": \(n), \"maxItems\": \(n)}"
        case .ruleCount, .ruleChain, .inputLength, .vocabularySize:
            return nil
        }
    }

    /// The GBNF grammar of size `n`, for the grammar dimensions.
    public func gbnf(_ n: Int) -> String? {
        switch self {
        case .ruleCount:
            let alternatives = (0..<n).map { "r\($0)" }.joined(separator: " | ")
            let rules = (0..<n).map { "r\($0) ::= \"k\($0)=\" [0-9]+" }.joined(separator: "\n")
            return "root ::= \(alternatives)\n\(rules)\n"
        case .ruleChain:
            let rules = (0..<n).map { "r\($0) ::= \"x\" r\($0 + 1) | \"y\"" }.joined(separator: "\n")
            return "root ::= r0\n\(rules)\nr\(n) ::= \"y\"\n"
        case .inputLength:
            return "root ::= \"[\" [0-9]+ (\",\" [0-9]+)* \"]\"\n"
        default:
            return nil
        }
    }

    /// The text to match for the input dimension: `[0,1,2,…]`, `n` bytes or a few more.
    public func input(_ n: Int) -> String? {
        guard self == .inputLength else { return nil }
        var text = "["
        var next = 0
        while text.utf8.count < n {
            if next > 0 { text += "," }
            text += String(next)
            next += 1
        }
        return text + "]"
    }
}
