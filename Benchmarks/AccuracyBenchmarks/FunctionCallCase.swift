import BridleGeneration
import BridleSchema
import Foundation

/// One BFCL "live simple" task: a conversation asking for one call of one function, the
/// function's parameters as a JSON Schema, and the accepted argument values.
struct FunctionCallCase {
    let id: String
    let functionName: String
    let functionDescription: String
    /// The parameters in standard JSON Schema (BFCL's dialect translated).
    let parameters: GeneratedContent
    let messages: [ChatMessage]
    /// Parameter name → accepted values (`""` among them: the parameter may be left out).
    let accepted: [String: [GeneratedContent]]

    /// The cases of `folder` (BFCL_v4_live_simple.json and its possible answers), in file order.
    static func load(from folder: URL) throws -> [FunctionCallCase] {
        let questions = try lines(of: folder.appendingPathComponent("BFCL_v4_live_simple.json"))
        let answers = try lines(of: folder.appendingPathComponent("possible_answer_BFCL_v4_live_simple.json"))
        var acceptedByID: [String: [String: [GeneratedContent]]] = [:]
        for answer in answers {
            guard case .string(let id)? = answer[property: "id"]?.kind, case .array(let truths)? = answer[property: "ground_truth"]?.kind,
                case .structure(let calls, _)? = truths.first?.kind, let call = calls.values.first,
                case .structure(let parameters, _) = call.kind
            else { continue }
            acceptedByID[id] = parameters.mapValues { value in
                if case .array(let values) = value.kind { return values }
                return [value]
            }
        }
        return questions.compactMap { question in
            guard case .string(let id)? = question[property: "id"]?.kind, let accepted = acceptedByID[id],
                case .array(let turns)? = question[property: "question"]?.kind, case .array(let turn)? = turns.first?.kind,
                case .array(let functions)? = question[property: "function"]?.kind, let function = functions.first,
                case .string(let name)? = function[property: "name"]?.kind, let parameters = function[property: "parameters"]
            else { return nil }
            var description = ""
            if case .string(let text)? = function[property: "description"]?.kind { description = text }
            let messages: [ChatMessage] = turn.compactMap { message in
                guard case .string(let role)? = message[property: "role"]?.kind, case .string(let content)? = message[property: "content"]?.kind
                else { return nil }
                return switch role {
                case "system": .system(content)
                case "assistant": .assistant(content)
                default: .user(content)
                }
            }
            return FunctionCallCase(
                id: id, functionName: name, functionDescription: description, parameters: standardSchema(parameters),
                messages: messages, accepted: accepted)
        }
    }

    private static func lines(of url: URL) throws -> [GeneratedContent] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { try GeneratedContent(json: String($0)) }
    }

    /// BFCL's parameter dialect as JSON Schema: `dict` is `object`, `float` `number`, `tuple`
    /// `array`, `any` no type at all. `default` stays (an annotation in JSON Schema).
    static func standardSchema(_ node: GeneratedContent) -> GeneratedContent {
        switch node.kind {
        case .structure(let properties, let keys):
            var entries: [(String, GeneratedContent)] = []
            for key in keys {
                guard let value = properties[key] else { continue }
                if key == "type", case .string(let type) = value.kind {
                    switch type {
                    case "dict": entries.append((key, GeneratedContent("object")))
                    case "float": entries.append((key, GeneratedContent("number")))
                    case "tuple": entries.append((key, GeneratedContent("array")))
                    case "any": continue
                    default: entries.append((key, value))
                    }
                } else if key == "properties", case .structure(let members, let order) = value.kind {
                    entries.append((key, GeneratedContent(properties: order.compactMap { name in members[name].map { (name, standardSchema($0)) } })))
                } else if key == "items" || key == "additionalProperties" {
                    entries.append((key, standardSchema(value)))
                } else {
                    entries.append((key, value))
                }
            }
            return GeneratedContent(properties: entries)
        default:
            return node
        }
    }
}

extension FunctionCallCase {
    /// `schema` with each object's required properties first, then the others, each group in
    /// its own order: the order llama.cpp's JSON-Schema converter writes them in.
    static func requiredFirst(_ schema: GeneratedContent) -> GeneratedContent {
        switch schema.kind {
        case .structure(let properties, let keys):
            var required: Set<String> = []
            if case .array(let names)? = properties["required"]?.kind {
                for case .string(let name) in names.map(\.kind) { required.insert(name) }
            }
            let entries = keys.compactMap { key -> (String, GeneratedContent)? in
                guard let value = properties[key] else { return nil }
                guard key == "properties", case .structure(let members, let order) = value.kind else { return (key, requiredFirst(value)) }
                let sorted = order.filter(required.contains) + order.filter { !required.contains($0) }
                return (key, GeneratedContent(properties: sorted.compactMap { name in members[name].map { (name, requiredFirst($0)) } }))
            }
            return GeneratedContent(properties: entries)
        case .array(let elements):
            return GeneratedContent(elements: elements.map(requiredFirst))
        default:
            return schema
        }
    }
}
