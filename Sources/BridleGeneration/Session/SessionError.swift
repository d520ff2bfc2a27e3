/// Why a session request could not run or could not finish; tool failures are
/// ``ToolCallError``s and generation failures ``ResponseError``s.
public enum SessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A request was made while another was still running; a session takes one at a time.
    case concurrentRequests
    /// Two of the session's tools share a name.
    case duplicateToolName(String)
    /// The request's tool selection names tools the session does not have.
    case unknownTools([String], available: [String])
    /// Two tools' argument types (or a tool's and the answer's) define the named type
    /// differently, so they cannot share one grammar.
    case conflictingDefinitions(String)
    /// A tool's argument schema cannot be compiled to a grammar.
    case invalidToolSchema(tool: String, reason: String)
    /// The model asked for another tool call after `limit` rounds in one request.
    case toolRoundLimitExceeded(limit: Int)

    public var description: String {
        switch self {
        case .concurrentRequests:
            "The session is already responding; await the running request (check isResponding) or use another session."
        case .duplicateToolName(let name):
            "Two tools are named \"\(name)\"; give each tool of a session a unique name."
        case .unknownTools(let names, let available):
            "The request allows \(names.map { "\"\($0)\"" }.joined(separator: ", ")), which the session does not have; its tools are \(available.map { "\"\($0)\"" }.joined(separator: ", "))."
        case .conflictingDefinitions(let name):
            "Two schemas in this request define \"\(name)\" differently; rename one of the types."
        case .invalidToolSchema(let tool, let reason):
            "The arguments of the tool \"\(tool)\" cannot be generated: \(reason)"
        case .toolRoundLimitExceeded(let limit):
            "The model asked for more than \(limit) tool calls in one request; raise ToolPolicy.maximumToolRounds or set answerAfterLastRound."
        }
    }
}
