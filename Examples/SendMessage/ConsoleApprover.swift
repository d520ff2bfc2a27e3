import ArgumentParser
import Bridle
import Foundation

/// Decides whether a validated call may run: the user decides on a terminal; otherwise a
/// flag does, since there is nobody to ask.
struct ConsoleApprover: Sendable {
    enum Decision: String, EnumerableFlag {
        case approve
        case deny
    }

    /// The decision given on the command line, which wins over asking.
    let decision: Decision?

    func decide(_ request: ToolApprovalRequest) async -> ToolApprovalDecision {
        print("approval needed: \(request.toolName) \(request.arguments.jsonString)")
        switch decision ?? (isatty(STDIN_FILENO) == 1 ? askUser() : nil) {
        case .approve:
            print("  approved")
            return .approve
        case .deny:
            print("  denied")
            return .deny(message: "The user did not allow this message to be sent.")
        case nil:
            print("  denied: standard input is not a terminal, so nobody could be asked (a real app would ask the user); pass --approve to send")
            return .deny(message: "Nobody could be asked to approve this message, so it was not sent.")
        }
    }

    private func askUser() -> Decision {
        print("  send it? [y/N] ", terminator: "")
        // nil flushes every stream: the question has no newline to flush it.
        fflush(nil)
        let reply = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        return reply == "y" || reply == "yes" ? .approve : .deny
    }
}
