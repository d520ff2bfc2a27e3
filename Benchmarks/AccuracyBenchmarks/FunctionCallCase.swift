import BridleGeneration
import BridleSchema
import Foundation

/// One BFCL task: a conversation asking for one call, the functions it may call (one in "live
/// simple", several in "live multiple"), their parameters as JSON Schemas, and the accepted
/// call.
struct FunctionCallCase {
    struct Function {
        let name: String
        let description: String
        /// The parameters in standard JSON Schema (BFCL's dialect translated).
        let parameters: GeneratedContent
    }

    /// Which BFCL file the tasks come from.
    enum Category: String, CaseIterable {
        case simple, multiple

        var file: String { "BFCL_v4_live_\(rawValue).json" }
    }

    let id: String
    let functions: [Function]
    let messages: [ChatMessage]
    /// The function the accepted call names.
    let expectedFunction: String
    /// Parameter name → accepted values (`""` among them: the parameter may be left out).
    let accepted: [String: [GeneratedContent]]

    /// What every system's answer is held to: with one function its arguments object; with
    /// several a call, `{"name": …, "arguments": …}`, one `anyOf` branch per function.
    var answerSchema: GeneratedContent {
        guard functions.count > 1 else { return functions[0].parameters }
        return GeneratedContent(properties: [("anyOf", GeneratedContent(elements: functions.map { function in
            GeneratedContent(properties: [
                ("type", GeneratedContent("object")),
                ("properties", GeneratedContent(properties: [
                    ("name", GeneratedContent(properties: [("const", GeneratedContent(function.name))])),
                    ("arguments", function.parameters),
                ])),
                ("required", GeneratedContent(elements: [GeneratedContent("name"), GeneratedContent("arguments")])),
                ("additionalProperties", GeneratedContent(false)),
            ])
        }))])
    }

    /// Whether `answer` (the answer schema's value) is the accepted call.
    func isRight(_ answer: GeneratedContent) -> Bool {
        guard functions.count > 1 else { return ArgumentScore.isCorrect(answer, accepted: accepted) }
        guard case .string(let name)? = answer[property: "name"]?.kind, name == expectedFunction,
            let arguments = answer[property: "arguments"]
        else { return false }
        return ArgumentScore.isCorrect(arguments, accepted: accepted)
    }

    /// The cases of `category` in `folder` (its tasks and their possible answers), in file order.
    static func load(from folder: URL, category: Category) throws -> [FunctionCallCase] {
        let questions = try lines(of: folder.appendingPathComponent(category.file))
        let answers = try lines(of: folder.appendingPathComponent("possible_answer_" + category.file))
        var acceptedByID: [String: (function: String, parameters: [String: [GeneratedContent]])] = [:]
        for answer in answers {
            guard case .string(let id)? = answer[property: "id"]?.kind, case .array(let truths)? = answer[property: "ground_truth"]?.kind,
                case .structure(let calls, let names)? = truths.first?.kind, let name = names.first, let call = calls[name],
                case .structure(let parameters, _) = call.kind
            else { continue }
            acceptedByID[id] = (name, parameters.mapValues { value in
                if case .array(let values) = value.kind { return values }
                return [value]
            })
        }
        return questions.compactMap { question in
            guard case .string(let id)? = question[property: "id"]?.kind, let accepted = acceptedByID[id],
                case .array(let turns)? = question[property: "question"]?.kind, case .array(let turn)? = turns.first?.kind,
                case .array(let listed)? = question[property: "function"]?.kind
            else { return nil }
            let functions = listed.compactMap { function -> Function? in
                guard case .string(let name)? = function[property: "name"]?.kind, let parameters = function[property: "parameters"] else { return nil }
                var description = ""
                if case .string(let text)? = function[property: "description"]?.kind { description = text }
                return Function(name: name, description: description, parameters: standardSchema(parameters))
            }
            guard !functions.isEmpty, functions.count == listed.count else { return nil }
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
                id: id, functions: functions, messages: messages, expectedFunction: accepted.function, accepted: accepted.parameters)
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
