import Bridle
import Foundation
import Synchronization

// A tool with a side effect: the session asks an approver before every call, and the send
// time is bounded relative to the session's clock, in the grammar and again before dispatch.
public enum SendMessage {
    @Generable
    public struct Arguments: Equatable, Sendable {
        @Guide(description: "Who receives the message", .anyOf(["Ada", "Grace", "Margaret"]))
        public let recipient: String

        @Guide(description: "The message", .length(1...80))
        public let body: String

        /// When to send it (ISO 8601); now when missing. Must be within the next 7 days.
        public let sendAt: Date?
    }
}

extension SendMessage.Arguments: ValidatableArguments {
    /// Relative to now, so no `@Guide` can hold them: the session bounds each request's grammar
    /// with them and checks them again before the approver is asked.
    public static let dateRules: [String: [DateRule]] = ["sendAt": [.inFuture, .withinNext(days: 7)]]
}

/// "Sends" a message: records it in an outbox the example prints.
public struct SendMessageTool: Tool {
    public let name = "sendMessage"
    public let description = "Sends a text message to one of the user's contacts, now or at a later time."
    public let requiresApproval = true
    public let outbox: Outbox

    /// The messages sent so far.
    public final class Outbox: Sendable {
        private let sent = Mutex<[SendMessage.Arguments]>([])
        public init() {}
        public var messages: [SendMessage.Arguments] { sent.withLock { $0 } }
        func append(_ message: SendMessage.Arguments) { sent.withLock { $0.append(message) } }
    }

    public init(outbox: Outbox = Outbox()) {
        self.outbox = outbox
    }

    public func call(arguments: SendMessage.Arguments) async throws -> String {
        outbox.append(arguments)
        return "Sent to \(arguments.recipient)."
    }
}
