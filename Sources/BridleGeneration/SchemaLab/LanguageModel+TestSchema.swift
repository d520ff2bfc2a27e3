import Foundation
import BridleGrammar
import BridleSchema

extension LanguageModel {
    /// Answers `prompt` under `schema` once per seed, all at once, and reports what the schema did
    /// (``SchemaReport``): validity, retries and failures, distinct answers, each path's values and
    /// the constraint's pressure on it (measured wherever the backend can:
    /// ``LanguageModelCapabilities/Capability/constraintPressure``), and which branches of the
    /// schema no answer took. Each seed follows the one answer policy of
    /// ``checkedAnswers(to:constraint:seeds:options:)``, so a seed's answer is the one
    /// `bridle generate --seed` gives with the same options and batch size.
    ///
    /// ```swift
    /// @Test func filmsSchemaHolds() async throws {
    ///     let report = try await model.testSchema(Films.Arguments.self, prompt: "Dramas from the fifties", seeds: 0..<32)
    ///     #expect(report.validShare == 1)
    ///     #expect(report.totals.highestPathPressure < 0.5)
    /// }
    /// ```
    ///
    /// - Throws: ``ResponseError/invalidOptions(_:)`` for greedy sampling or no seeds;
    ///   `GrammarCompileError` for a schema that doesn't compile; `CancellationError`.
    public func testSchema(
        _ schema: GenerationSchema, prompt: String, seeds: some Collection<UInt64> & Sendable, instructions: String? = nil,
        includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions()
    ) async throws -> SchemaReport {
        let constraint = try OutputConstraint(schema: schema, options: options.grammar, now: options.referenceDate ?? Date())
        let system = SessionPrompt.systemText(instructions: instructions, tools: nil, answer: .schema(schema, includeInPrompt: includeSchemaInPrompt))
        return try await testConstraint(
            constraint, messages: Self.messages(prompt: prompt, instructions: system), seeds: seeds,
            settings: SchemaReport.Settings(
                model: nil, prompt: prompt, instructions: instructions, seeds: Array(seeds), options: options,
                schemaInPrompt: includeSchemaInPrompt, schema: schema.jsonSchema),
            options: options)
    }

    /// ``testSchema(_:prompt:seeds:instructions:includeSchemaInPrompt:options:)`` for a
    /// ``Generable`` type's schema.
    public func testSchema<Content: Generable>(
        _ type: Content.Type, prompt: String, seeds: some Collection<UInt64> & Sendable, instructions: String? = nil,
        includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions()
    ) async throws -> SchemaReport {
        try await testSchema(
            Content.generationSchema, prompt: prompt, seeds: seeds, instructions: instructions, includeSchemaInPrompt: includeSchemaInPrompt,
            options: options)
    }

    /// The report's run for any constraint (a GBNF grammar has no schema, so no coverage):
    /// the messages as given, `settings` as the caller describes them.
    package func testConstraint(
        _ constraint: OutputConstraint, messages: [ChatMessage], seeds: some Collection<UInt64> & Sendable, settings: SchemaReport.Settings,
        options: GenerationOptions
    ) async throws -> SchemaReport {
        guard !seeds.isEmpty else { throw ResponseError.invalidOptions("a schema test needs at least one seed") }
        var measured = options
        measured.measuresPressure = capabilities.contains(.constraintPressure)
        var settings = settings
        // Automatic emphasis runs only where the model can (a second sequence): say what ran.
        if options.requestEmphasis?.isAutomatic == true, !capabilities.contains(.requestEmphasis) { settings.emphasis = nil }
        let answers = try await checkedAnswers(to: messages, constraint: constraint, seeds: seeds, options: measured)
        return SchemaReport(constraint: constraint, settings: settings, outcomes: answers.map(SchemaReport.Outcome.init))
    }
}

extension OutputConstraint {
    /// The report of ``LanguageModel/testSchema(_:prompt:seeds:instructions:includeSchemaInPrompt:options:)``
    /// with no model: one sentence of the grammar per seed, drawn uniformly among the grammar's
    /// choices (``SentenceGenerator``), each checked as an answer is. It shows what the schema
    /// itself admits (its coverage), against which a model's report can be read.
    ///
    /// ```swift
    /// let report = try OutputConstraint(schema: schema).testGrammar(seeds: 0..<100)
    /// report.coverage.filter { $0.answers == 0 }   // branches even the grammar alone never drew
    /// ```
    public func testGrammar(seeds: some Collection<UInt64>, settings: SchemaReport.Settings) throws -> SchemaReport {
        guard !seeds.isEmpty else { throw ResponseError.invalidOptions("a schema test needs at least one seed") }
        let generator = try SentenceGenerator(grammar)
        var settings = settings
        settings.model = nil
        settings.sampling = "uniform over the grammar's choices"
        settings.temperature = nil
        settings.emphasis = nil
        let outcomes = seeds.map { seed in
            let text = generator.sample(seed: seed)
            do throws(ResponseError) {
                let content = try content(ofAnswer: text)
                let violations = violations(of: content)
                return SchemaReport.Outcome(
                    seed: seed, text: text, content: violations.isEmpty ? content : nil,
                    error: violations.isEmpty ? nil : violations.map(\.description).joined(separator: "; "), retries: 0, pressure: nil)
            } catch {
                return SchemaReport.Outcome(seed: seed, text: text, content: nil, error: error.description, retries: 0, pressure: nil)
            }
        }
        return SchemaReport(constraint: self, settings: settings, outcomes: outcomes)
    }
}
