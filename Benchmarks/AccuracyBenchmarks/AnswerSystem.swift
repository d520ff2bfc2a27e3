import BridleGeneration
import BridleSchema

/// What answers a task in the benchmark: Bridle in this process (a layout, fast-forward on or
/// off), llama-server with llama.cpp's own JSON-Schema grammar, or the model unconstrained
/// (its first JSON object is the answer); and how the prompt shows the function's arguments.
struct AnswerSystem: Hashable, CustomStringConvertible {
    enum Engine: Hashable {
        /// `bestOf` above 1: the likeliest valid of that many sampled candidates (sampled runs only).
        /// `emphasis`: ``GenerationOptions/requestEmphasis`` (its default unless the system names one).
        /// `reasoning`: tokens of free text first (``GenerationOptions/reasoningLevel``; 0 is off),
        /// spent as `style` says.
        /// `asWritten`: descriptions' formats not read (``GrammarOptions/readsDescribedFormats`` off).
        case bridle(layout: JSONLayout, fastForward: Bool, bestOf: Int, emphasis: RequestEmphasis?, reasoning: Int, style: ReasoningStyle, asWritten: Bool = false)
        case llamaJSONSchema
        /// llama-server with Bridle's GBNF for the schema in a layout, its properties in the
        /// schema's order or required ones first (as llama.cpp's converter orders them):
        /// Bridle's grammar on llama.cpp's engine and sampler.
        case llamaBridleGrammar(JSONLayout, requiredFirst: Bool)
        case unconstrained

        /// Whether llama-server answers (not this process).
        var runsOnServer: Bool {
            switch self {
            case .llamaJSONSchema, .llamaBridleGrammar: true
            case .bridle, .unconstrained: false
            }
        }
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
        if case .bridle(_, _, let bestOf, _, _, _, _) = engine { return bestOf > 1 }
        return false
    }

    /// `bridle/LAYOUT[/no-ff][/as-written][/best-of-N][/emphasis-γ[-α] or /no-emphasis][/reasoning-N or /draft-N]/RENDERING`, `llama-json-schema/RENDERING`
    /// or `unconstrained/RENDERING`.
    init?(_ text: String) {
        let parts = text.split(separator: "/").map(String.init)
        guard parts.count >= 2, let rendering = Rendering(rawValue: parts[parts.count - 1]) else { return nil }
        self.rendering = rendering
        switch parts[0] {
        case "bridle":
            guard parts.count >= 3, let layout = JSONLayout(rawValue: parts[1]) else { return nil }
            var fastForward = true
            var bestOf = 1
            var reasoning = 0
            var style = ReasoningStyle.thinkFirst
            var emphasis = GenerationOptions().requestEmphasis
            var asWritten = false
            for option in parts[2..<(parts.count - 1)] {
                if option == "no-ff" {
                    fastForward = false
                } else if option == "as-written" {
                    asWritten = true
                } else if option == "no-emphasis" {
                    emphasis = nil
                } else if option.hasPrefix("reasoning-"), let count = Int(option.dropFirst("reasoning-".count)), count > 0 {
                    reasoning = count
                } else if option.hasPrefix("draft-"), let count = Int(option.dropFirst("draft-".count)), count > 0 {
                    (reasoning, style) = (count, .draftFirst)
                } else if option.hasPrefix("best-of-"), let count = Int(option.dropFirst("best-of-".count)), count > 1 {
                    bestOf = count
                } else if option.hasPrefix("emphasis-") {
                    // emphasis-γ or emphasis-γ-α
                    let values = option.dropFirst("emphasis-".count).split(separator: "-").compactMap { Double($0) }
                    guard (1...2).contains(values.count) else { return nil }
                    emphasis = RequestEmphasis(weight: values[0], plausibility: values.count == 2 ? values[1] : RequestEmphasis.standard.plausibility)
                } else {
                    return nil
                }
            }
            engine = .bridle(
                layout: layout, fastForward: fastForward, bestOf: bestOf, emphasis: emphasis, reasoning: reasoning, style: style, asWritten: asWritten)
        case "llama-json-schema" where parts.count == 2: engine = .llamaJSONSchema
        case "llama-bridle-gbnf" where (3...4).contains(parts.count):
            guard let layout = JSONLayout(rawValue: parts[1]), parts.count == 3 || parts[2] == "required-first" else { return nil }
            engine = .llamaBridleGrammar(layout, requiredFirst: parts.count == 4)
        case "unconstrained" where parts.count == 2: engine = .unconstrained
        default: return nil
        }
    }

    var description: String {
        switch engine {
        case .bridle(let layout, let fastForward, let bestOf, let emphasis, let reasoning, let style, let asWritten):
            "bridle/\(layout.rawValue)\(fastForward ? "" : "/no-ff")\(asWritten ? "/as-written" : "")\(bestOf > 1 ? "/best-of-\(bestOf)" : "")\(Self.name(of: emphasis))"
                + (reasoning > 0 ? "/\(style == .draftFirst ? "draft" : "reasoning")-\(reasoning)" : "") + "/\(rendering.rawValue)"
        case .llamaJSONSchema: "llama-json-schema/\(rendering.rawValue)"
        case .llamaBridleGrammar(let layout, let requiredFirst):
            "llama-bridle-gbnf/\(layout.rawValue)\(requiredFirst ? "/required-first" : "")/\(rendering.rawValue)"
        case .unconstrained: "unconstrained/\(rendering.rawValue)"
        }
    }

    /// Nothing for the options' default, `/no-emphasis` for none, `/emphasis-γ-α` otherwise.
    private static func name(of emphasis: RequestEmphasis?) -> String {
        guard let emphasis else { return "/no-emphasis" }
        if emphasis == GenerationOptions().requestEmphasis { return "" }
        return "/emphasis-\(emphasis.weight)-\(emphasis.plausibility)"
    }

    /// The conversation every system gets for `task`: the task's own messages after a system
    /// message that names the function and shows its arguments.
    func messages(for task: FunctionCallCase, schema: GenerationSchema?) -> [ChatMessage] {
        var system: [String]
        if task.functions.count == 1, let function = task.functions.first {
            system = ["You call functions for the user. The function is \(function.name): \(function.description)"]
            switch rendering {
            case .fields:
                system.append("Its arguments:\n" + (schema?.fieldList ?? function.parameters.jsonString))
            case .jsonSchema:
                system.append("Its arguments, as a JSON Schema: " + function.parameters.jsonString)
            }
            system.append("Reply with the arguments only, as one JSON object.")
        } else {
            system = ["You call functions for the user. Choose the one function that does what the user asks. The functions:"]
            for function in task.functions {
                system.append("- \(function.name): \(function.description)")
                switch rendering {
                case .fields:
                    let fields = (try? GenerationSchema(jsonSchema: function.parameters))?.fieldList ?? function.parameters.jsonString
                    system.append("  Its arguments:\n" + fields)
                case .jsonSchema:
                    system.append("  Its arguments, as a JSON Schema: " + function.parameters.jsonString)
                }
            }
            system.append(#"Reply with the call only, as one JSON object: {"name": the function's name, "arguments": its arguments}."#)
        }
        var messages: [ChatMessage] = []
        var text = system.joined(separator: "\n")
        for message in task.messages where message.role == .system { text = message.content + "\n\n" + text }
        messages.append(.system(text))
        messages += task.messages.filter { $0.role != .system }
        return messages
    }
}
