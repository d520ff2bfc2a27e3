import Bridle
import BridleExampleTypes
import Foundation
import Synchronization

/// A film lookup that remembers every call, to prove what reached `call` and what did not.
final class RecordingFilmsTool: Tool {
    let name = "findFilms"
    let description = "Finds films of a genre from one year to another."
    let requiresApproval: Bool
    private let received = Mutex<[Films.Arguments]>([])
    private let output: @Sendable (Films.Arguments) throws -> ToolOutput

    init(requiresApproval: Bool = false, output: @escaping @Sendable (Films.Arguments) throws -> ToolOutput = { _ in ToolOutput("Ran (1985)") }) {
        self.requiresApproval = requiresApproval
        self.output = output
    }

    var calls: [Films.Arguments] { received.withLock { $0 } }

    func call(arguments: Films.Arguments) async throws -> ToolOutput {
        received.withLock { $0.append(arguments) }
        return try output(arguments)
    }
}

/// A second tool, so a turn's grammar has a choice to make.
struct ContactsLookup: Tool {
    let name = "findContacts"
    let description = "Finds contacts by generation."

    func call(arguments: Contacts.Arguments) async throws -> String {
        "Ada"
    }
}

/// A message sender with a relative-date rule on its arguments, and a record of what it sent.
final class RecordingSendTool: Tool {
    let name = "sendMessage"
    let description = "Sends a message."
    let requiresApproval = true
    private let sent = Mutex<[SendMessage.Arguments]>([])

    var messages: [SendMessage.Arguments] { sent.withLock { $0 } }

    func call(arguments: SendMessage.Arguments) async throws -> String {
        sent.withLock { $0.append(arguments) }
        return "Sent."
    }
}

struct ToolFailure: Error, Equatable {}

/// Valid and invalid calls and answers, as a model would write them.
enum Replies {
    static let validFilms = #"{"tool":"findFilms","arguments":{"genre":"drama","fromYear":1980,"toYear":1989,"keywords":[]}}"#
    static let reversedYears = #"{"tool":"findFilms","arguments":{"genre":"drama","fromYear":2032,"toYear":1985,"keywords":[]}}"#
    static func answer(_ text: String) -> String { #"{"response":"\#(text)"}"# }
}

extension Date {
    /// The fixed "now" of the session tests: 2026-11-22T09:00:00Z.
    static let sessionNow = Date(timeIntervalSince1970: 1_795_338_000)
}

extension ToolPolicy {
    static func fixed(_ change: (inout ToolPolicy) -> Void = { _ in }) -> ToolPolicy {
        var policy = ToolPolicy()
        policy.clock = { .sessionNow }
        change(&policy)
        return policy
    }
}

/// Arguments whose date rule names a property that is no date, which a session must report.
@Generable
struct MisdatedArguments: ValidatableArguments {
    let generation: String

    static let dateRules: [String: [DateRule]] = ["generation": [.inFuture]]
}
