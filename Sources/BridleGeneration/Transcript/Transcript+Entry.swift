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
    }

    /// The tool calls of one model turn (Bridle's grammar admits one call per turn).
    public struct ToolCalls: Sendable, Hashable, Codable, Identifiable {
        public var id: String
        public var calls: [ToolCall]
        /// The model's text, exactly as generated.
        public var text: String
        /// When generation began, and how long it took (rejected attempts included).
        public var date: Date
        public var seconds: Double

        public init(id: String = UUID().uuidString, calls: [ToolCall], text: String, date: Date, seconds: Double) {
            self.id = id
            self.calls = calls
            self.text = text
            self.date = date
            self.seconds = seconds
        }
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
        public var isFailure: Bool
        /// When the dispatch began (approval included), and how long it took.
        public var date: Date
        public var seconds: Double

        public init(
            id: String = UUID().uuidString, callID: String, toolName: String, content: GeneratedContent,
            isFailure: Bool, date: Date, seconds: Double
        ) {
            self.id = id
            self.callID = callID
            self.toolName = toolName
            self.content = content
            self.isFailure = isFailure
            self.date = date
            self.seconds = seconds
        }

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
        public var date: Date
        public var seconds: Double

        public init(id: String = UUID().uuidString, text: String, content: GeneratedContent, date: Date, seconds: Double) {
            self.id = id
            self.text = text
            self.content = content
            self.date = date
            self.seconds = seconds
        }
    }
}
