import BridleJSONSchema
import BridleSchema
import Foundation

extension Transcript {
    /// One step of a conversation.
    public enum Entry: Sendable, Hashable, Codable, Identifiable {
        case instructions(Instructions)
        case prompt(Prompt)
        case toolCalls(ToolCalls)
        case toolOutput(ToolOutput)
        case response(Response)

        public var id: String {
            switch self {
            case .instructions(let entry): entry.id
            case .prompt(let entry): entry.id
            case .toolCalls(let entry): entry.id
            case .toolOutput(let entry): entry.id
            case .response(let entry): entry.id
            }
        }
    }

    /// What the session was told to do, and the tools it offered.
    public struct Instructions: Sendable, Hashable, Codable, Identifiable {
        public var id: String
        public var text: String
        public var toolDefinitions: [ToolDefinition]

        public init(id: String = UUID().uuidString, text: String, toolDefinitions: [ToolDefinition]) {
            self.id = id
            self.text = text
            self.toolDefinitions = toolDefinitions
        }

        /// The text as one segment (none when there is no text).
        public var segments: [Segment] {
            text.isEmpty ? [] : [.text(TextSegment(id: id + "-0", content: text))]
        }
    }

    /// A tool as the model was shown it.
    public struct ToolDefinition: Sendable, Hashable, Codable {
        public var name: String
        public var description: String
        public var parameters: GenerationSchema

        public init(name: String, description: String, parameters: GenerationSchema) {
            self.name = name
            self.description = description
            self.parameters = parameters
        }
    }

    public struct Prompt: Sendable, Hashable, Codable, Identifiable {
        public var id: String
        public var text: String
        public var date: Date

        public init(id: String = UUID().uuidString, text: String, date: Date) {
            self.id = id
            self.text = text
            self.date = date
        }

        public var segments: [Segment] { [.text(TextSegment(id: id + "-0", content: text))] }
    }

    /// The tool calls of one model turn (Bridle's grammar admits one call per turn); a
    /// collection of them, as in FoundationModels.
    public struct ToolCalls: Sendable, Hashable, Codable, Identifiable, RandomAccessCollection {
        public var id: String
        public var calls: [ToolCall]
        /// The model's text, exactly as generated.
        public var text: String
        /// When generation began, and how long it took (rejected attempts included).
        public var date: Date
        public var seconds: Double
        /// What the model reasoned before the calls (``GenerationOptions/reasoningLevel``), with
        /// the marker that ended it; `nil` when it did not.
        public var reasoning: String?

        public init(
            id: String = UUID().uuidString, calls: [ToolCall], text: String, date: Date, seconds: Double, reasoning: String? = nil
        ) {
            self.id = id
            self.calls = calls
            self.text = text
            self.date = date
            self.seconds = seconds
            self.reasoning = reasoning
        }

        public var startIndex: Int { calls.startIndex }
        public var endIndex: Int { calls.endIndex }
        public subscript(position: Int) -> ToolCall { calls[position] }
    }

    public struct ToolCall: Sendable, Hashable, Codable, Identifiable {
        public var id: String
        public var toolName: String
        /// The validated arguments.
        @JSONTextCoded public var arguments: GeneratedContent

        public init(id: String = UUID().uuidString, toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.toolName = toolName
            self.arguments = arguments
        }
    }

    /// What a call gave back (or what stood in for it: a denial, an approver's answer).
    public struct ToolOutput: Sendable, Hashable, Codable, Identifiable {
        public var id: String
        public var callID: String
        public var toolName: String
        @JSONTextCoded public var content: GeneratedContent
        /// The name of the type the tool returned (`String`, `Films`, `ToolOutput`), when known.
        public var source: String?
        public var isFailure: Bool
        /// When the dispatch began (approval included), and how long it took.
        public var date: Date
        public var seconds: Double

        public init(
            id: String = UUID().uuidString, callID: String, toolName: String, content: GeneratedContent, source: String? = nil,
            isFailure: Bool, date: Date, seconds: Double
        ) {
            self.id = id
            self.callID = callID
            self.toolName = toolName
            self.content = content
            self.source = source
            self.isFailure = isFailure
            self.date = date
            self.seconds = seconds
        }

        /// The output as one segment: text for a string, structure (with ``source``, or the
        /// tool's name) for anything else.
        public var segments: [Segment] { [.of(content, source: source ?? toolName, entryID: id)] }

        /// The text the model reads.
        public var text: String {
            BridleGeneration.ToolOutput(content).text
        }
    }

    public struct Response: Sendable, Hashable, Codable, Identifiable {
        public var id: String
        /// The model's text, exactly as generated.
        public var text: String
        /// The answer: a JSON string for a text answer.
        @JSONTextCoded public var content: GeneratedContent
        /// The name of the answer's type (its schema's title), when it has one.
        public var source: String?
        public var date: Date
        public var seconds: Double
        /// Answers the session refused and regenerated before this one, because they broke
        /// checks no grammar can make (a value matching two `oneOf` branches, repeated items
        /// under `uniqueItems`); `nil` when the first answer passed.
        public var regenerations: Int?
        /// What the model reasoned before the answer (``GenerationOptions/reasoningLevel``), with
        /// the marker that ended it; `nil` when it did not. A property, not FoundationModels 27's
        /// `Transcript.Entry.reasoning` case, so that 26 code's exhaustive switches still compile.
        public var reasoning: String?

        public init(
            id: String = UUID().uuidString, text: String, content: GeneratedContent, source: String? = nil, date: Date, seconds: Double,
            regenerations: Int? = nil, reasoning: String? = nil
        ) {
            self.reasoning = reasoning
            self.id = id
            self.text = text
            self.content = content
            self.source = source
            self.date = date
            self.seconds = seconds
            self.regenerations = regenerations
        }

        /// The answer as one segment: text for a text answer, structure for JSON.
        public var segments: [Segment] { [.of(content, source: source ?? "GeneratedContent", entryID: id)] }
    }
}
