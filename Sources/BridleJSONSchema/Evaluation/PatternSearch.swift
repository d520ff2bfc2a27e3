import BridleSchema
import BridleRegex

/// A JSON Schema `pattern`, compiled once by ``ECMARegex`` (the dialect the grammar compiler
/// reads): finds whether it matches anywhere in a string (JSON Schema patterns are not
/// anchored). A pattern Bridle can't read, or can't judge within its budget, leaves the
/// evaluator undecided: an error naming the keyword, never a guess.
struct PatternSearch {
    private let regex: ECMARegex

    init(_ pattern: String, at pointer: String) throws(JSONSchemaEvaluationError) {
        do {
            regex = try ECMARegex(pattern)
        } catch {
            throw Self.undecided(error, at: pointer)
        }
    }

    func finds(in text: String, at pointer: String) throws(JSONSchemaEvaluationError) -> Bool {
        do {
            return try regex.containsMatch(in: text)
        } catch {
            throw Self.undecided(error, at: pointer)
        }
    }

    private static func undecided(_ error: ECMARegexError, at pointer: String) -> JSONSchemaEvaluationError {
        JSONSchemaEvaluationError(pointer: pointer, message: "the pattern \(error.pattern) can't be judged: \(error.message)")
    }
}
