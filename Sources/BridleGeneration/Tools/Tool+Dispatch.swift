import BridleSchema

/// A call whose arguments passed every check, ready to run. Holding the decoded arguments in
/// a closure keeps `Arguments` out of the session's existential `any Tool`.
struct CheckedCall {
    let arguments: GeneratedContent
    let run: () async throws -> ToolOutput
}

extension Tool {
    /// Runs every check a call must pass before dispatch, in order: the schema (every guide,
    /// calendar-valid dates) and the date rules, decoding, then ``validate(arguments:in:)``.
    /// Returns the reasons for refusal, in words for the model, or the call.
    func check(_ arguments: GeneratedContent, in context: ValidationContext) -> Result<CheckedCall, ToolCallProblems> {
        let problems = parameters.violations(of: arguments).map(\.description) + dateRuleProblems(arguments, in: context)
        guard problems.isEmpty else { return .failure(ToolCallProblems(problems)) }
        let decoded: Arguments
        do {
            decoded = try Arguments(arguments)
        } catch {
            return .failure(ToolCallProblems(["the arguments do not decode: \(error)"]))
        }
        do {
            try validate(arguments: decoded, in: context)
        } catch {
            return .failure(ToolCallProblems(["\(error)"]))
        }
        return .success(CheckedCall(arguments: arguments) {
            let output = try await call(arguments: decoded)
            if let output = output as? ToolOutput { return output }
            return ToolOutput(try output.generatedContent)
        })
    }
}

/// Why a call was refused before dispatch.
struct ToolCallProblems: Error {
    let messages: [String]

    init(_ messages: [String]) {
        self.messages = messages
    }
}
