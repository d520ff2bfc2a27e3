import BridleJSONSchema
import BridleSchema
import Foundation

/// One decision about a tool call the model proposed: the audit trail of a session.
///
/// ```swift
/// for record in session.transcript.audit { print(record) }
/// // films #1 rejected: fromYear: 2032 is after toYear 1985; …
/// // films #2 validated
/// // films called (0.001 s)
/// ```
public struct DispatchRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    public var date: Date
    /// The tool the model named (possibly one that does not exist), or nil when its text named none.
    public var toolName: String?
    /// The id of the call in the transcript, once the call passed its checks.
    public var callID: String?
    /// Which attempt at this call, from 1.
    public var attempt: Int
    public var decision: Decision
    /// For a proposed call (validated or rejected), the constraint's pressure on each value of
    /// the turn's text (`#/arguments/…`), when the session's options measure it
    /// (``GenerationOptions/measuresPressure``): where the model wanted other arguments than the
    /// tool's schema allowed.
    public var pressure: AnswerPressure?

    public init(date: Date, toolName: String?, callID: String? = nil, attempt: Int, decision: Decision, pressure: AnswerPressure? = nil) {
        self.date = date
        self.toolName = toolName
        self.callID = callID
        self.attempt = attempt
        self.decision = decision
        self.pressure = pressure
    }

    public enum Decision: Sendable, Hashable, Codable {
        /// The call was refused before dispatch, for these reasons; the model was asked again.
        case rejected(text: String, problems: [String])
        /// The arguments passed every check; the transcript's call with ``callID`` holds them.
        case validated
        /// The approver let the call run.
        case approved
        /// The approver refused; the model was shown `message` instead of output.
        case denied(message: String)
        /// The approver gave the output itself (the text the model saw); the tool did not run.
        case answeredByApprover(output: String)
        /// The tool ran and returned (`isFailure`: an expected failure it reported).
        case called(seconds: Double, isFailure: Bool)
        /// The tool threw; the request ended with a ``ToolCallError``.
        case threw(error: String)
        /// The model asked for another round past ``ToolPolicy/maximumToolRounds``.
        case roundLimitReached(limit: Int)
    }

    public var description: String {
        let tool = toolName ?? "(no tool)"
        switch decision {
        case .rejected(_, let problems): return "\(tool) #\(attempt) rejected: \(problems.joined(separator: "; "))"
        case .validated: return "\(tool) #\(attempt) validated"
        case .approved: return "\(tool) approved"
        case .denied(let message): return "\(tool) denied: \(message)"
        case .answeredByApprover(let output): return "\(tool) answered by the approver: \(output)"
        case .called(let seconds, let isFailure):
            return "\(tool) called (\(seconds.formatted(.number.precision(.fractionLength(3)))) s)\(isFailure ? ", reported a failure" : "")"
        case .threw(let error): return "\(tool) threw: \(error)"
        case .roundLimitReached(let limit): return "\(tool) refused: the request already used its \(limit) tool rounds"
        }
    }
}
