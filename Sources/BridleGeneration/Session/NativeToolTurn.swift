import BridleGrammar
import BridleSchema
import Foundation

/// A turn in which tools are offered to a model that has a tool-call format of its own
/// (``LanguageModel/toolCallFormat``): its template shows the tools, and the model writes calls
/// as it was trained to, for example
///
/// ```text
/// <tool_call>
/// {"name": "films", "arguments": {"genre": "drama", "fromYear": 1980}}
/// </tool_call>
/// ```
///
/// One grammar covers the calls: the format's markers as literal text, each name one of the
/// offered tools, and after it that tool's own argument grammar (with its value rules), so a
/// name cannot be misspelt nor an argument malformed; several calls where the format has a
/// separator. Where the model may answer instead, a text answer is free prose until the
/// format's trigger (a lazy constraint), and a schema's answer is one more alternative of the
/// grammar.
package struct NativeToolTurn {
    package let format: ToolCallFormat
    package let tools: [OfferedTool]
    package let answer: AnswerFormat
    /// `nil` for an answer in free text with no call allowed: no constraint at all.
    package let constraint: OutputConstraint?

    /// - Parameters:
    ///   - tools: The tools the turn may call; empty for the turn that must answer.
    ///   - callsOnly: The turn must call (``GenerationOptions/ToolCallingMode/required``).
    package init(
        format: ToolCallFormat, tools: [OfferedTool], answer: AnswerFormat, options: GrammarOptions, now: Date, callsOnly: Bool = false
    ) throws {
        self.format = format
        self.tools = tools
        self.answer = answer
        let answerConstraint: OutputConstraint? = if case .schema(let schema, _) = answer {
            try OutputConstraint(schema: schema, options: options, now: now)
        } else {
            nil
        }
        guard !tools.isEmpty else {
            constraint = answerConstraint
            return
        }
        // Arguments as the template writes them, so the model continues what it was trained on.
        var argumentOptions = options
        argumentOptions.layout = format.argumentsLayout
        var arguments: [(name: String, constraint: OutputConstraint)] = []
        for offered in tools {
            do {
                arguments.append((offered.tool.name, try OutputConstraint(schema: offered.parameters, options: argumentOptions, now: now)))
            } catch {
                throw SessionError.invalidToolSchema(tool: offered.tool.name, reason: error.description)
            }
        }
        let calls = Self.callGrammar(format: format, arguments: arguments.map { ($0.name, $0.constraint.grammar) })
        let rules = ValueRules.calls(
            Dictionary(arguments.map { ($0.name, $0.constraint.valueRules) }, uniquingKeysWith: { first, _ in first }),
            framing: Self.framing(of: format))
        if callsOnly {
            constraint = try OutputConstraint(grammar: calls, valueRules: rules)
        } else if let answerConstraint {
            let joined = Self.either(calls, or: answerConstraint.grammar)
            constraint = try OutputConstraint(grammar: joined, valueRules: rules)
        } else {
            constraint = try OutputConstraint(grammar: calls, valueRules: rules).lazy(trigger: format.trigger)
        }
    }

    /// The calls' text: `sectionStart call (separator call)* sectionEnd`, each call
    /// `callStart NAME nameEnd ARGUMENTS callEnd`, each tool's grammar renamed apart, and a
    /// made-up id where the template writes one. Whitespace before the first marker is left
    /// out, so the text begins with the trigger a lazy constraint waits for.
    static func callGrammar(format: ToolCallFormat, arguments: [(name: String, grammar: Grammar)]) -> Grammar {
        var rules: [Rule] = [Rule(name: "call-id", body: .repetition(.characterClass(idCharacters), minimum: 9, maximum: 9))]
        var named: [GrammarExpression] = []
        for (index, (name, grammar)) in arguments.enumerated() {
            let renamed = grammar.prefixingRuleNames(with: "tool\(index)-")
            rules += renamed.rules
            named.append(.sequence([.literal(name)] + piece(.nameEnd, of: format) + [.reference(renamed.rootName)]))
        }
        rules.append(Rule(name: "call-body", body: .sequence([.alternatives(named)] + piece(.callEnd, of: format))))
        let first: [GrammarExpression]
        if let slot = format.callID, slot.piece == .callStart {
            first = text(format.sectionStart) + piece(.callStart, of: format)
        } else {
            first = text(String((format.sectionStart + format.callStart).drop { $0.isWhitespace }))
        }
        var parts = first + [.reference("call-body")]
        if let separator = format.callSeparator {
            let next = GrammarExpression.sequence(text(separator) + piece(.callStart, of: format) + [.reference("call-body")])
            parts.append(.repetition(next, minimum: 0, maximum: nil))
        }
        parts += text(format.sectionEnd)
        return Grammar(rules: [Rule(name: "calls", body: .sequence(parts))] + rules, rootName: "calls")
    }

    /// Letters and digits: a made-up call id (nine of them, as Mistral's templates require).
    private static let idCharacters = CharacterClass(ranges: [0x30...0x39, 0x41...0x5A, 0x61...0x7A])

    /// Text as grammar parts; empty text is left out rather than written as "", which GBNF
    /// engines differ on.
    private static func text(_ text: String) -> [GrammarExpression] {
        text.isEmpty ? [] : [.literal(text)]
    }

    /// One of a call's pieces, with the id where the template writes it.
    private static func piece(_ which: ToolCallIDSlot.Piece, of format: ToolCallFormat) -> [GrammarExpression] {
        let literal = switch which {
        case .callStart: format.callStart
        case .nameEnd: format.nameEnd
        case .callEnd: format.callEnd
        }
        guard let slot = format.callID, slot.piece == which else { return text(literal) }
        let bytes = Array(literal.utf8)
        let offset = min(max(slot.offset, 0), bytes.count)
        return text(String(decoding: bytes[..<offset], as: UTF8.self)) + [.reference("call-id")]
            + text(String(decoding: bytes[offset...], as: UTF8.self))
    }

    /// Where the value rules find each call's name and arguments: the opening's text after any
    /// id (and without leading whitespace, as the grammar writes the first), and the text
    /// between name and arguments up to any id.
    static func framing(of format: ToolCallFormat) -> CallFraming {
        var start = Array(String(format.callStart.drop { $0.isWhitespace }).utf8)
        var end = Array(format.nameEnd.utf8)
        if let slot = format.callID {
            switch slot.piece {
            case .callStart: start = Array(Array(format.callStart.utf8).dropFirst(slot.offset))
            case .nameEnd: end = Array(end.prefix(slot.offset))
            case .callEnd: break
            }
        }
        return CallFraming(callStart: start, nameEnd: end)
    }

    /// `calls` or `answer`, one grammar.
    static func either(_ calls: Grammar, or answer: Grammar) -> Grammar {
        let renamed = answer.prefixingRuleNames(with: "answer-")
        let root = Rule(name: "turn", body: .alternatives([.reference(calls.rootName), .reference(renamed.rootName)]))
        return Grammar(rules: [root] + calls.rules + renamed.rules, rootName: "turn")
    }

    /// What the model wrote: calls to offered tools (with any prose before them), or the answer.
    package func read(_ text: String) -> ToolTurn.Outcome {
        // The turn that must answer in free text has no grammar to keep calls out: whatever the
        // model writes is its answer.
        if tools.isEmpty, case .text = answer { return .answer(GeneratedContent(text)) }
        let parsed: ParsedToolCalls
        do {
            parsed = try format.parse(text)
        } catch {
            return .unreadable(toolName: nil, arguments: nil, problem: "the calls can't be read: \(error.description)")
        }
        guard !parsed.calls.isEmpty else {
            switch answer {
            case .text:
                return .answer(GeneratedContent(parsed.content))
            case .schema:
                do {
                    return .answer(try GeneratedContent(json: text))
                } catch {
                    return .unreadable(toolName: nil, arguments: nil, problem: "the answer is not JSON: \(error.description)")
                }
            }
        }
        var calls: [ToolTurn.ProposedCall] = []
        for call in parsed.calls {
            guard let tool = tools.first(where: { $0.tool.name == call.name })?.tool else {
                let names = tools.map { "\"\($0.tool.name)\"" }.joined(separator: ", ")
                return .unreadable(toolName: call.name, arguments: call.arguments, problem: "there is no tool named \"\(call.name)\"; the tools are \(names)")
            }
            calls.append(ToolTurn.ProposedCall(tool: tool, arguments: call.arguments))
        }
        return .calls(calls)
    }

    /// `tools` as the model's template shows them.
    package static func declarations(of tools: [OfferedTool]) -> [ToolDeclaration] {
        tools.map { ToolDeclaration(name: $0.tool.name, description: $0.tool.description, parameters: SessionPrompt.schemaDocument($0.parameters)) }
    }
}
