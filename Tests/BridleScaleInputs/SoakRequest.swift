import BridleGeneration
import BridleSchema
import Foundation

/// The requests a soak mixes: what a service in front of a model meets in a day. Each ends in
/// an answer or a typed error; ``outcome(on:index:)`` says which, and "untyped" is a bug.
public enum SoakRequest: String, CaseIterable, Sendable {
    /// A small typed object, which the model answers.
    case valid
    /// A schema whose every value is longer than the shortest-sentence budget (forty levels,
    /// each requiring two of the next): refused at compile time with the budget's error.
    case overBudget = "over-budget"
    /// Cancelled by its caller while it decodes.
    case cancelled
    /// A token limit the answer cannot fit in.
    case tokenLimit = "token-limit"
    /// Distinct elements and a relation, enforced while decoding.
    case valueRules = "value-rules"

    static let validSchema = #"""
        {"type": "object", "properties": {"name": {"type": "string", "maxLength": 12}, "count": {"type": "integer", "minimum": 0, "maximum": 99}},
         "required": ["name", "count"], "additionalProperties": false}
        """#
    static let valueRulesSchema = #"""
        {"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9}, "uniqueItems": true, "minItems": 2, "maxItems": 3},
         "from": {"type": "integer", "minimum": 1990, "maximum": 2030}, "to": {"type": "integer", "minimum": 1990, "maximum": 2030}},
         "required": ["ids", "from", "to"], "additionalProperties": false, "x-bridle-relations": [{"property": "to", "atLeast": "from"}]}
        """#
    static let overBudgetSchema: String = {
        var definitions = (0..<40).map { level in
            "\"L\(level)\": {\"type\": \"object\", \"properties\": {\"a\": {\"$ref\": \"#/$defs/L\(level + 1)\"}, \"b\": {\"$ref\": \"#/$defs/L\(level + 1)\"}}, \"required\": [\"a\", \"b\"]}"
        }
        definitions.append("\"L40\": {\"type\": \"integer\"}")
        return "{\"$ref\": \"#/$defs/L0\", \"$defs\": {\(definitions.joined(separator: ", "))}}"
    }()

    /// How request `index` of this kind ended on `model`: "answer", "cancelled", or the type of
    /// the typed error; "untyped: …" for anything else.
    public func outcome(on model: some LanguageModel, index: Int) async -> String {
        var options = GenerationOptions(sampling: .random(top: 40, seed: UInt64(index)), maximumResponseTokens: 96)
        options.maximumAnswerAttempts = 2
        let schema = switch self {
        case .overBudget: Self.overBudgetSchema
        case .valueRules: Self.valueRulesSchema
        default: Self.validSchema
        }
        if self == .tokenLimit { options.maximumResponseTokens = 3 }
        let messages = [ChatMessage(role: .user, content: "Request \(index): give me one item as JSON.")]
        let request = Task {
            let constraint = try OutputConstraint(schema: try GenerationSchema(jsonSchema: schema), options: options.grammar)
            return try await model.checkedAnswer(to: messages, constraint: constraint, options: options).text
        }
        if self == .cancelled {
            try? await Task.sleep(for: .milliseconds(20 + index % 30))
            request.cancel()
        }
        do {
            _ = try await request.value
            return "answer"
        } catch is CancellationError {
            return "cancelled"
        } catch {
            let type = String(reflecting: Swift.type(of: error))
            return type.hasPrefix("Bridle") ? String(describing: Swift.type(of: error)) : "untyped: \(type): \(error)"
        }
    }
}
