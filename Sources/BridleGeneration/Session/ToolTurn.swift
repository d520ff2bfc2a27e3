import Foundation
import BridleGrammar
import BridleSchema

/// The one grammar of a turn in which tools are offered: the model writes exactly one of
///
/// ```json
/// {"tool":"films","arguments":{"genre":"drama","fromYear":1980,"toYear":1989,"keywords":[]}}
/// {"response":"Here are three dramas…"}
/// ```
///
/// with `tool` one of the offered names, `arguments` that tool's schema and `response` the
/// answer's schema, so a name cannot be misspelt nor an argument malformed.
package struct ToolTurn {
    package static let toolKey = "tool"
    package static let argumentsKey = "arguments"
    package static let responseKey = "response"

    package let tools: [OfferedTool]
    package let schema: GenerationSchema
    package let constraint: OutputConstraint

    /// A call the model wrote, before its checks.
    package struct ProposedCall {
        package let tool: any Tool
        package let arguments: GeneratedContent
    }

    /// What the model wrote on one turn.
    package enum Outcome {
        /// One call, or several in a model's own format that writes them in parallel.
        case calls([ProposedCall])
        case answer(GeneratedContent)
        /// Text that is not a call to an offered tool nor an answer (possible only when the
        /// backend ignores the grammar), with what could be read of it.
        case unreadable(toolName: String?, arguments: GeneratedContent?, problem: String)
    }

    /// With no tools the grammar admits only `{"response": …}`: the turn after the last
    /// allowed round, in the same format as the turns before it. With `callsOnly` it admits
    /// only calls (``GenerationOptions/ToolCallingMode/required``).
    package init(tools: [OfferedTool], answer: AnswerFormat, options: GrammarOptions, now: Date, callsOnly: Bool = false) throws {
        self.tools = tools
        var definitions: [String: SchemaNode] = [:]
        func merge(_ schema: GenerationSchema) throws(SessionError) {
            for (name, node) in schema.definitions {
                if let known = definitions[name], known != node { throw .conflictingDefinitions(name) }
                definitions[name] = node
            }
        }
        var alternatives: [SchemaNode] = []
        for offered in tools {
            try merge(offered.parameters)
            alternatives.append(SchemaNode(.object(ObjectShape(properties: [
                SchemaProperty(name: Self.toolKey, node: SchemaNode(.enumeration([GeneratedContent(offered.tool.name)]))),
                SchemaProperty(name: Self.argumentsKey, node: offered.parameters.root),
            ])), description: offered.tool.description))
        }
        if !callsOnly {
            let answerSchema = answer.schema
            try merge(answerSchema)
            alternatives.append(.object(ObjectShape(properties: [SchemaProperty(name: Self.responseKey, node: answerSchema.root)])))
        }
        schema = GenerationSchema(root: SchemaNode(.anyOf(alternatives)), definitions: definitions)
        do {
            constraint = try OutputConstraint(schema: schema, options: options, now: now)
        } catch {
            throw Self.culprit(of: error, tools: tools, options: options)
        }
    }

    /// The error for a turn whose grammar failed to compile: the first offered tool whose
    /// schema fails alone, named; otherwise the answer's schema is at fault and the error stays
    /// as it was.
    private static func culprit(of error: GrammarCompileError, tools: [OfferedTool], options: GrammarOptions) -> any Error {
        guard let (tool, reason) = failingTool(among: tools, options: options) else { return error }
        return SessionError.invalidToolSchema(tool: tool.tool.name, reason: reason.description)
    }

    /// The first of `tools` whose schema fails to compile alone, and why (its pointer into that
    /// schema). Compiled again only when a turn failed, so a turn that works compiles once.
    package static func failingTool(among tools: [OfferedTool], options: GrammarOptions) -> (tool: OfferedTool, error: GrammarCompileError)? {
        for offered in tools {
            do {
                _ = try offered.parameters.grammar(options: options)
            } catch {
                return (offered, error)
            }
        }
        return nil
    }

    package func read(_ text: String) -> Outcome {
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: text)
        } catch {
            return .unreadable(toolName: nil, arguments: nil, problem: "the reply is not JSON: \(error.description)")
        }
        guard case .structure(let properties, let keys) = content.kind else {
            return .unreadable(toolName: nil, arguments: nil, problem: Self.shapeProblem)
        }
        if keys == [Self.responseKey], let answer = properties[Self.responseKey] {
            return .answer(answer)
        }
        guard Set(keys) == [Self.toolKey, Self.argumentsKey], let arguments = properties[Self.argumentsKey],
            case .string(let name)? = properties[Self.toolKey]?.kind
        else {
            return .unreadable(toolName: nil, arguments: nil, problem: Self.shapeProblem)
        }
        guard let tool = tools.first(where: { $0.tool.name == name })?.tool else {
            let names = tools.map { "\"\($0.tool.name)\"" }.joined(separator: ", ")
            return .unreadable(toolName: name, arguments: arguments, problem: "there is no tool named \"\(name)\"; the tools are \(names)")
        }
        return .calls([ProposedCall(tool: tool, arguments: arguments)])
    }

    private static let shapeProblem =
        #"the reply must be {"tool":NAME,"arguments":{…}} to call a tool or {"response":…} to answer"#
}
