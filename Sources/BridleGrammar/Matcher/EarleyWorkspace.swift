/// The box that gives each matcher its own ``EarleyRecognizer`` scratch memory without
/// copying it along with every snapshot.
///
/// ```swift
/// if !isKnownUniquelyReferenced(&workspace) { workspace = EarleyWorkspace(program) }
/// let outcome = workspace.recognizer.step(chart, scalar: 0x61, pattern: nil, allowance: .max)
/// ```
final class EarleyWorkspace: @unchecked Sendable {
    // @unchecked: a matcher mutates its workspace only while it holds the sole reference
    // (`isKnownUniquelyReferenced`); a snapshot made by copying gets a fresh one first.
    var recognizer: EarleyRecognizer

    init(_ program: EarleyProgram) {
        recognizer = EarleyRecognizer(program)
    }
}

/// Scratch memory for stepping copies of one matcher (see
/// ``GrammarMatcher/accept(_:using:)``). Not for use from two threads at once.
package struct MatcherWorkspace: @unchecked Sendable {
    let earley: EarleyWorkspace
}
