import Bridle
import Foundation

/// A session's steps and its audit trail, one line each.
enum TranscriptReport {
    static func print(_ transcript: Transcript) {
        Swift.print("transcript:")
        for entry in transcript.entries {
            if let line = line(for: entry) { Swift.print("  \(line)") }
        }
        Swift.print("audit trail:")
        if transcript.audit.isEmpty { Swift.print("  (no tool call proposed)") }
        for record in transcript.audit { Swift.print("  \(record)") }
    }

    /// Instructions are left out: the example prints its tools and prompt before it runs.
    private static func line(for entry: Transcript.Entry) -> String? {
        switch entry {
        case .instructions:
            return nil
        case .prompt(let prompt):
            return "prompt: \(Example.quoted(prompt.text))"
        case .toolCalls(let turn):
            let calls = turn.calls.map { "\($0.toolName) \($0.arguments.jsonString)" }.joined(separator: ", ")
            return "call: \(calls)\(seconds(turn.seconds))"
        case .toolOutput(let output):
            return "\(output.isFailure ? "failure" : "output") of \(output.toolName): \(output.text)\(seconds(output.seconds))"
        case .response(let response):
            return "response: \(response.content.jsonString)\(seconds(response.seconds))"
        }
    }

    private static func seconds(_ value: Double) -> String {
        String(format: " (%.2f s)", value)
    }
}
