import BridleGrammar
import BridleSchema
import Foundation

/// A tool turn in the format the model writes calls in: Bridle's JSON envelope (``ToolTurn``),
/// or the model's own (``NativeToolTurn``) when its backend derives one from its template.
enum SessionTurn {
    case envelope(ToolTurn)
    case native(NativeToolTurn)

    /// The turn for `tools` (empty: the turn that must answer), with the arguments that failed
    /// before left out of each tool's language, so the model must change something.
    init(
        format: ToolCallFormat?, tools: [OfferedTool], answer: AnswerFormat, options: GrammarOptions, now: Date, callsOnly: Bool,
        excluding failed: [String: [GeneratedContent]]
    ) throws {
        let tools = tools.map { offered in
            guard let values = failed[offered.tool.name], !values.isEmpty else { return offered }
            return OfferedTool(tool: offered.tool, parameters: offered.parameters.excluding(values))
        }
        if let format {
            self = .native(try NativeToolTurn(format: format, tools: tools, answer: answer, options: options, now: now, callsOnly: callsOnly))
        } else {
            self = .envelope(try ToolTurn(tools: tools, answer: answer, options: options, now: now, callsOnly: callsOnly))
        }
    }

    var constraint: OutputConstraint? {
        switch self {
        case .envelope(let turn): turn.constraint
        case .native(let turn): turn.constraint
        }
    }

    var tools: [OfferedTool] {
        switch self {
        case .envelope(let turn): turn.tools
        case .native(let turn): turn.tools
        }
    }

    /// The model's own call format; `nil` in the envelope.
    var callFormat: ToolCallFormat? {
        if case .native(let turn) = self { turn.format } else { nil }
    }

    var isNative: Bool { callFormat != nil }

    func read(_ text: String) -> ToolTurn.Outcome {
        switch self {
        case .envelope(let turn): turn.read(text)
        case .native(let turn): turn.read(text)
        }
    }
}
