import BridleGeneration
import BridleSchema

/// What answers a task in the benchmark: Bridle in this process (a layout, fast-forward on or
/// off), llama-server with llama.cpp's own JSON-Schema grammar, or the model unconstrained
/// (its first JSON object is the answer); and how the prompt shows the function's arguments.
struct AnswerSystem: Hashable, CustomStringConvertible {
    enum Engine: Hashable {
        /// `bestOf` above 1: the likeliest valid of that many sampled candidates (sampled runs only).
        case bridle(layout: JSONLayout, fastForward: Bool, bestOf: Int)
        case llamaJSONSchema
        case unconstrained
    }

    /// How the prompt shows the arguments' schema.
    enum Rendering: String, CaseIterable {
        /// ``GenerationSchema/fieldList``.
        case fields
        /// The JSON Schema document, compact.
        case jsonSchema = "json-schema"
    }

    let engine: Engine
    let rendering: Rendering

    /// Best-of-N systems sample; they have no greedy run.
    var samplesOnly: Bool {
        if case .bridle(_, _, let bestOf) = engine { return bestOf > 1 }
        return false
    }

    /// `bridle/LAYOUT[/no-ff][/best-of-N]/RENDERING`, `llama-json-schema/RENDERING` or `unconstrained/RENDERING`.
    init?(_ text: String) {
        var parts = text.split(separator: "/").map(String.init)
        var bestOf = 1
        if parts.count > 2, let option = parts.dropLast().last, option.hasPrefix("best-of-") {
            guard let count = Int(option.dropFirst("best-of-".count)), count > 1 else { return nil }
            bestOf = count
            parts.remove(at: parts.count - 2)
        }
        guard let last = parts.last, let rendering = Rendering(rawValue: last) else { return nil }
        self.rendering = rendering
        switch parts.first {
        case "bridle":
            guard parts.count == 3 || (parts.count == 4 && parts[2] == "no-ff"), let layout = JSONLayout(rawValue: parts[1]) else { return nil }
            engine = .bridle(layout: layout, fastForward: parts.count == 3, bestOf: bestOf)
        case "llama-json-schema" where parts.count == 2 && bestOf == 1: engine = .llamaJSONSchema
        case "unconstrained" where parts.count == 2 && bestOf == 1: engine = .unconstrained
        default: return nil
        }
    }

    var description: String {
        switch engine {
        case .bridle(let layout, let fastForward, let bestOf):
            "bridle/\(layout.rawValue)\(fastForward ? "" : "/no-ff")\(bestOf > 1 ? "/best-of-\(bestOf)" : "")/\(rendering.rawValue)"
        case .llamaJSONSchema: "llama-json-schema/\(rendering.rawValue)"
        case .unconstrained: "unconstrained/\(rendering.rawValue)"
        }
    }

    /// The conversation every system gets for `task`: the task's own messages after a system
    /// message that names the function and shows its arguments.
    func messages(for task: FunctionCallCase, schema: GenerationSchema?) -> [ChatMessage] {
        var system = ["You call functions for the user. The function is \(task.functionName): \(task.functionDescription)"]
        switch rendering {
        case .fields:
            system.append("Its arguments:\n" + (schema?.fieldList ?? task.parameters.jsonString))
        case .jsonSchema:
            system.append("Its arguments, as a JSON Schema: " + task.parameters.jsonString)
        }
        system.append("Reply with the arguments only, as one JSON object.")
        var messages: [ChatMessage] = []
        var text = system.joined(separator: "\n")
        for message in task.messages where message.role == .system { text = message.content + "\n\n" + text }
        messages.append(.system(text))
        messages += task.messages.filter { $0.role != .system }
        return messages
    }
}
