import ArgumentParser
import Bridle
import BridleLlama
import Foundation

/// `bridle test`: a schema against a model over fixed seeds, reported (``SchemaReport``) as a
/// summary, JSON or a page, with golden answers and thresholds for CI.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Test a schema against a GGUF model over fixed seeds: validity, values, coverage, and where the constraint overrules the model.",
        discussion: """
            Each seed's answer is the one `bridle generate --seed` gives with the same options and \
            batch size. Pressure is the share of the model's probability the constraint refused \
            at each sampled token, by JSON path. Exit status: 1 when a threshold is missed or \
            --check finds a changed answer, 2 when an input is invalid.
            """
    )

    @Option(help: "A GGUF model file (not needed with --grammar-only).")
    var model: String?

    @Option(name: .customLong("json-schema"), help: "A JSON Schema file the answers must match.")
    var jsonSchema: String?

    @Option(help: "A GBNF grammar file the answers must match (no coverage: a grammar has no schema branches).")
    var grammar: String?

    @Option(help: "One of the Examples' types, with the demo's prompt and instructions (--prompt replaces the prompt): \(DemoCase.all.map(\.name).joined(separator: ", ")).")
    var example: String?

    @Flag(inversion: .prefixedNo, help: "With --example: show the type's example requests and answers, as the demo does; without them, its JSON Schema.")
    var examples = true

    @Option(help: "The user's message.")
    var prompt: String?

    @Option(help: "Instructions (a system message).")
    var instructions: String?

    @Flag(name: .customLong("include-schema"), help: "Also tell the model the --json-schema in the system message, as `bridle generate --include-schema` does.")
    var includeSchema = false

    @Option(help: "How many seeds: --seed, --seed+1, …")
    var seeds: Int

    @Option(help: "The first seed.")
    var seed: UInt64 = 0

    @Option(help: "Sampling temperature (1 keeps the model's distribution).")
    var temperature: Double?

    @Option(name: .customLong("top-k"), help: "Sample among the k most likely allowed tokens.")
    var topK: Int?

    @Option(help: "Whitespace a --json-schema grammar allows: \(JSONLayout.allCases.map(\.rawValue).joined(separator: ", ")).")
    var layout: JSONLayout = GrammarOptions().layout

    @Option(help: "Request emphasis γ, as in `bridle generate` (1 is off).")
    var emphasis: Double?

    @Option(name: .customLong("batch-size"), help: "Most sequences decoded together (default: every seed, at most 16; with --record or --check, 1: one at a time, so each seed's answer reproduces byte for byte).")
    var batchSize: Int?

    @Option(name: .customLong("context"), help: "Context size in tokens (default: the model's, at most 4096).")
    var contextSize: Int?

    @Option(help: "Prompt template: auto, none, or a llama.cpp template name.")
    var template = "auto"

    @Flag(help: "Print the report as JSON on standard output instead of the summary.")
    var json = false

    @Option(name: .customLong("report"), help: "Write the report as one self-contained HTML page to this file.")
    var reportPath: String?

    @Option(help: "Write each seed's answer into this directory as golden files.")
    var record: String?

    @Option(help: "Compare each seed's answer with the golden files in this directory; exit 1 with a diff when one changed.")
    var check: String?

    @Flag(name: .customLong("grammar-only"), help: "Draw the answers from the grammar alone (no model): the schema's own coverage.")
    var grammarOnly = false

    @Option(name: .customLong("min-valid"), help: "Exit 1 unless at least this share of seeds gives a valid first answer (0…1).")
    var minValid: Double?

    @Option(name: .customLong("max-pressure"), help: "Exit 1 when a path's mean pressure is above this (0…1).")
    var maxPressure: Double?

    @Option(name: .customLong("min-distinct"), help: "Exit 1 unless at least this share of the answers differ from each other (0…1).")
    var minDistinct: Double?

    /// The most seeds one run reports: every answer is held, with its text, until the report is written.
    static let maximumSeeds = 100_000

    func validate() throws {
        if [jsonSchema, grammar, example].compactMap({ $0 }).count != 1 {
            throw ValidationError("Give one of --json-schema, --grammar or --example.")
        }
        if let example, !DemoCase.all.contains(where: { $0.name == example }) {
            throw ValidationError("--example \(example) is none of the Examples' types: \(DemoCase.all.map(\.name).joined(separator: ", ")).")
        }
        if seeds < 1 { throw ValidationError("--seeds must be at least 1, not \(seeds): a test needs answers.") }
        if seeds > Self.maximumSeeds {
            throw ValidationError("--seeds is at most \(Self.maximumSeeds), not \(seeds): a report holds every answer; test in several runs with --seed.")
        }
        if record != nil, check != nil { throw ValidationError("Give --record or --check, not both.") }
        if includeSchema, jsonSchema == nil { throw ValidationError("--include-schema shows the --json-schema to the model; give --json-schema.") }
        if grammarOnly {
            if model != nil { throw ValidationError("--grammar-only draws from the grammar alone: leave out --model.") }
        } else {
            if model == nil { throw ValidationError("Give --model (a GGUF file), or --grammar-only to test the grammar alone.") }
            if prompt == nil, example == nil { throw ValidationError("Give --prompt: the request each seed answers.") }
        }
        for (flag, value) in [("--min-valid", minValid), ("--max-pressure", maxPressure), ("--min-distinct", minDistinct)] {
            if let value, !(0...1).contains(value) { throw ValidationError("\(flag) is a share from 0 to 1, not \(value).") }
        }
        if let batchSize, batchSize < 1 { throw ValidationError("--batch-size must be at least 1, not \(batchSize).") }
        if let topK, topK < 1 { throw ValidationError("--top-k must be at least 1, not \(topK).") }
    }

    func run() async throws {
        do {
            let report = try await makeReport()
            try write(report)
            try compareWithGoldenAnswers(report)
            try checkThresholds(report)
        } catch let failure as ValidationFailure {
            Diagnostics.error(failure.description)
            throw ExitCode(2)
        } catch let error as GoldenAnswersError {
            Diagnostics.error(error.description)
            throw ExitCode(2)
        }
    }

    private var options: GenerationOptions {
        var options = GenerationOptions(temperature: temperature)
        options.sampling = topK.map { .random(top: $0, seed: seed) } ?? .random(probabilityThreshold: 1, seed: seed)
        options.grammar.layout = layout
        options.requestEmphasis = emphasis.map { RequestEmphasis(weight: $0) } ?? .automatic
        return options
    }

    private func makeReport() async throws -> SchemaReport {
        var options = options
        let seedList = (0..<UInt64(seeds)).map { seed &+ $0 }
        let constraint: OutputConstraint
        var shownInstructions = instructions
        var prompt = prompt
        var schemaInPrompt = includeSchema
        if let demo = DemoCase.all.first(where: { $0.name == example }) {
            // The demo's settings: its prompt, its instructions (with its examples, unless
            // --no-examples shows the schema instead), strings of at most 32 characters.
            options.grammar.maximumStringLength = 32
            constraint = try OutputConstraint(schema: demo.schema, options: options.grammar)
            prompt = prompt ?? demo.prompt
            shownInstructions = examples ? "\(demo.instructions)\n\n\(demo.examples)" : demo.instructions
            schemaInPrompt = !examples
        } else if let jsonSchema {
            let (schema, compiled) = try SchemaLoading.compileWithSchema(jsonSchemaFile: jsonSchema, layout: layout)
            options.grammar = compiled.options
            constraint = OutputConstraint(compiled: compiled, schema: schema)
        } else {
            let path = grammar ?? ""
            do {
                constraint = try OutputConstraint(grammar: try SchemaLoading.grammar(gbnfFile: path))
            } catch let error as OutputConstraintError {
                throw ValidationFailure("\(path): \(error)")
            }
        }
        let system = (shownInstructions.map { [$0] } ?? []) + (schemaInPrompt ? constraint.schema.map { [$0.responseInstructions] } ?? [] : [])
        let settings = SchemaReport.Settings(
            model: model.map { URL(fileURLWithPath: $0).lastPathComponent }, prompt: prompt, instructions: shownInstructions, seeds: seedList,
            options: options, schemaInPrompt: schemaInPrompt, schema: constraint.schema?.jsonSchema ?? GeneratedContent(constraint.gbnf))
        let start = ContinuousClock.now
        let report: SchemaReport
        if grammarOnly {
            do {
                report = try constraint.testGrammar(seeds: seedList, settings: settings)
            } catch {
                throw ValidationFailure("\(jsonSchema ?? grammar ?? example ?? ""): \(error)")
            }
        } else {
            let loaded = try ModelLoading.load(
                model ?? "", contextSize: contextSize, template: template,
                sequences: sequences(emphasis: options.requestEmphasis))
            try options.checkFlags(for: loaded)
            let messages = (system.isEmpty ? [] : [ChatMessage.system(system.joined(separator: "\n\n"))]) + [.user(prompt ?? "")]
            report = try await loaded.testConstraint(constraint, messages: messages, seeds: seedList, settings: settings, options: options)
        }
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        Diagnostics.note(String(format: "%d seeds in %.2f s", seeds, seconds))
        return report
    }

    /// How many sequences to load: golden answers are decoded one at a time, since a batch's
    /// company (and emphasis's second sequence with it) can move a sampled draw between
    /// near-equal tokens (the README's reproducibility rule).
    private func sequences(emphasis: RequestEmphasis?) -> Int {
        if let batchSize { return batchSize }
        if record != nil || check != nil { return 1 }
        return min(seeds * (emphasis?.isActive == true ? 2 : 1), 16)
    }

    private func write(_ report: SchemaReport) throws {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
        } else {
            print(SchemaReportSummary(report).text, terminator: "")
        }
        if let path = reportPath {
            do {
                try Data(report.html.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                throw ValidationFailure("can't write the report to \(path): \(error.localizedDescription)")
            }
        }
        if let record {
            try GoldenAnswers.record(report, in: URL(fileURLWithPath: record))
            Diagnostics.note("recorded \(report.answers.count) answers in \(record)")
        }
    }

    private func compareWithGoldenAnswers(_ report: SchemaReport) throws {
        guard let check else { return }
        let changes = try GoldenAnswers.changes(in: report, against: URL(fileURLWithPath: check))
        for change in changes { Diagnostics.error(change.description) }
        if !changes.isEmpty {
            Diagnostics.error("\(changes.count) of \(report.answers.count) answers changed since \(check) was recorded")
            throw ExitCode(1)
        }
        Diagnostics.note("all \(report.answers.count) answers match \(check)")
    }

    private func checkThresholds(_ report: SchemaReport) throws {
        var missed: [String] = []
        if let minValid, report.validShare < minValid {
            missed.append(String(format: "--min-valid %g: %.3f of seeds gave a valid first answer", minValid, report.validShare))
        }
        if let maxPressure, report.totals.highestPathPressure > maxPressure {
            let worst = report.paths.max { ($0.pressure?.mean ?? 0) < ($1.pressure?.mean ?? 0) }?.path ?? "#"
            missed.append(String(format: "--max-pressure %g: %@ has a mean pressure of %.3f", maxPressure, worst, report.totals.highestPathPressure))
        }
        if let minDistinct, report.distinctShare < minDistinct {
            missed.append(String(format: "--min-distinct %g: %.3f of the answers are distinct", minDistinct, report.distinctShare))
        }
        for line in missed { Diagnostics.error(line) }
        if !missed.isEmpty { throw ExitCode(1) }
    }
}
