import CLlama
import Foundation
import Synchronization

/// llama.cpp's log, kept in memory instead of written to stderr: a library must not print.
/// Warnings and errors are kept (the most recent ``capacity``) so typed errors can quote what
/// llama.cpp said; debug and info messages are dropped.
enum LlamaLog {
    static let capacity = 64

    private struct State {
        var entries: [(sequence: Int, text: String)] = []
        var nextSequence = 0
        var lastLevelKept = false
    }

    private static let state = Mutex(State())

    /// A position in the log; ``messages(since:)`` returns what came after it.
    static func mark() -> Int {
        state.withLock { $0.nextSequence }
    }

    static func messages(since mark: Int) -> [String] {
        state.withLock { state in
            state.entries.filter { $0.sequence >= mark }.map(\.text)
        }
    }

    static func record(level: ggml_log_level, text: String) {
        state.withLock { state in
            let kept: Bool
            switch level {
            case GGML_LOG_LEVEL_WARN, GGML_LOG_LEVEL_ERROR: kept = true
            case GGML_LOG_LEVEL_CONT: kept = state.lastLevelKept
            default: kept = false
            }
            state.lastLevelKept = kept
            guard kept else { return }
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { return }
            if level == GGML_LOG_LEVEL_CONT, let last = state.entries.indices.last {
                state.entries[last].text += " " + line
                return
            }
            state.entries.append((state.nextSequence, line))
            state.nextSequence += 1
            if state.entries.count > capacity { state.entries.removeFirst(state.entries.count - capacity) }
        }
    }
}
