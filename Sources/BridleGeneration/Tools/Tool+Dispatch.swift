import BridleSchema

/// A call whose arguments passed every check, ready to run. Holding the decoded arguments in
/// a closure keeps `Arguments` out of the session's existential `any Tool`.
struct CheckedCall {
    let arguments: GeneratedContent
    /// The name of the type the tool returns, for the transcript's segments.
    let outputType: String
    let run: () async throws -> ToolOutput
}

extension ToolOutput {
    /// What a tool returned, as the output the model reads: content when it has a JSON form,
    /// otherwise its prompt text.
    init(returned output: some PromptRepresentable) throws {
        switch output {
        case let output as ToolOutput: self = output
        case let output as any ConvertibleToGeneratedContent: self.init(try output.generatedContent)
        default: self.init(output.promptRepresentation.text)
        }
    }
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
        return .success(CheckedCall(arguments: arguments, outputType: String(describing: Output.self)) {
            try ToolOutput(returned: try await call(arguments: decoded))
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
