/// One seed's outcome in a many-seeds run (``LanguageModel/checkedAnswers(to:constraint:seeds:options:)``).
public struct SeededAnswer: Sendable {
    public let seed: UInt64
    /// The checked answer, or why this seed gave none.
    public let result: Result<CheckedAnswer, any Error>
}

/// One seed's typed outcome (``LanguageModel/respond(to:generating:seeds:includeSchemaInPrompt:instructions:options:)``).
public struct SeededResponse<Content> {
    public let seed: UInt64
    /// The response, or why this seed gave none.
    public let result: Result<Response<Content>, any Error>
}

extension SeededResponse: Sendable where Content: Sendable {}
