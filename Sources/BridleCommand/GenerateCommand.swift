import ArgumentParser
import Bridle
import BridleEndpoint
import BridleLlama
import BridleServer
import Foundation

/// `bridle generate`: one response from a GGUF model (or an inference server), constrained by a
/// JSON Schema or a GBNF grammar, written to standard output exactly as generated (and nothing
/// else goes there).
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate text with a GGUF model or an inference server, constrained by a JSON Schema or a GBNF grammar.",
        discussion: """
            Give --model for llama.cpp in this process, or --server (once per replica) for \
            llama-server, vLLM, SGLang or an OpenAI-compatible server; the server's API key, if \
            it needs one, is read from BRIDLE_SERVER_API_KEY. Without --json-schema or --grammar \
            the text is unconstrained. Exit status: 1 when the response cannot be completed \
            (token limit, context, a server that failed) or breaks a rule of its JSON Schema that \
            the grammar leaves to a check after generation (uniqueItems, overlapping oneOf) in \
            every one of --attempts answers (named on standard error; such a schema's answer is \
            printed only once checked), 2 when an input is invalid.
            """
    )

    @Option(help: "A GGUF model file (`bridle make-model` writes a tiny one).")
    var model: String?

    @Option(help: "An inference server's base URL, such as http://127.0.0.1:8080; repeat it for replicas.")
    var server: [String] = []

    @Option(name: .customLong("server-engine"), help: "The server's engine: \(ServerEngine.allCases.map(\.rawValue).joined(separator: ", ")); by default, asked of the first server.")
    var serverEngine: ServerEngine?

    @Option(name: .customLong("served-model"), help: "The model name the server serves, which OpenAI-style endpoints require.")
    var servedModel: String?

    @Option(name: .customLong("json-schema"), help: "A JSON Schema file the output must match.")
    var jsonSchema: String?

    @Option(help: "A GBNF grammar file the output must match (root rule: root).")
    var grammar: String?

    @Option(help: "An OpenAI-style tool list (JSON) the model may call: in its own format where its chat template has one, else in Bridle's JSON envelope. Each call is printed as one JSON line {\"name\": …, \"arguments\": {…}}, or the answer's text when the model answers instead. Nothing is run.")
    var tools: String?

    @Option(name: .customLong("tool-choice"), help: "With --tools: auto (the model calls or answers), required (it must call) or none (it must answer).")
    var toolChoice: ToolChoiceFlag = .auto

    enum ToolChoiceFlag: String, ExpressibleByArgument {
        case auto, required, none

        var mode: GenerationOptions.ToolCallingMode {
            switch self {
            case .auto: .allowed
            case .required: .required
            case .none: .disallowed
            }
        }
    }

    @Option(help: "The user's message.")
    var prompt: String

    @Option(help: "Instructions (a system message).")
    var instructions: String?

    @Flag(name: .customLong("include-schema"), help: "Also tell the model the --json-schema in the system message, as a session does by default.")
    var includeSchema = false

    @Option(help: "Seed for random sampling; without it every run differs.")
    var seed: UInt64?

    @Option(help: "Sampling temperature (1 keeps the model's distribution).")
    var temperature: Double?

    @Option(name: .customLong("top-k"), help: "Sample among the k most likely allowed tokens.")
    var topK: Int?

    @Flag(help: "Always take the most likely allowed token.")
    var greedy = false

    @Option(name: .customLong("max-tokens"), help: "Most response tokens; by default enough for the grammar's longest output.")
    var maxTokens: Int?

    @Option(name: .customLong("context"), help: "Context size in tokens (default: the model's, at most 4096).")
    var contextSize: Int?

    @Option(help: "Prompt template: auto (the model's own; plain text when it has none), none, or a llama.cpp template name (chatml, gemma, llama3, …).")
    var template = "auto"


    @Option(help: "Whitespace a --json-schema grammar allows: \(JSONLayout.allCases.map(\.rawValue).joined(separator: ", ")) (default spaced: one space after : and ,; compact: none).")
    var layout: JSONLayout = GrammarOptions().layout

    @Flag(inversion: .prefixedNo, help: "Append the tokens the grammar forces without sampling them.")
    var fastForward = true

    @Option(help: "Answers to generate in all when one breaks a rule of its JSON Schema that the grammar leaves to a check after generation; each retry is shown the reasons and takes the next seed.")
    var attempts = GenerationOptions().maximumAnswerAttempts

    @Option(help: "Answers to generate, with seeds --seed, --seed+1, …, printed one a line in seed order (an answer with a line break as a JSON string); decoded together, as one batch.")
    var count = 1

    @Option(name: .customLong("batch-size"), help: "Most sequences --model decodes together (default: every answer's candidates, at most 16; 1 decodes one at a time).")
    var batchSize: Int?

    @Option(name: .customLong("best-of"), help: "Candidates per answer, sampled together; the valid one the model found likeliest (mean token log-probability) is the answer.")
    var bestOf = 1

    @Option(help: "Request emphasis γ: each token chosen from γ·log p(t | prompt) + (1 − γ)·log p(t | the same without the prompt), which weighs down what the model would write whatever was asked (plausibility cut 0.1; --model only; default: 1.5 where the model can, RequestEmphasis.automatic; 1 is off).")
    var emphasis: Double?

    private var requestEmphasis: RequestEmphasis { emphasis.map { RequestEmphasis(weight: $0) } ?? .automatic }

    @Option(help: "Tokens the model may reason in before its answer (free text, ended by \"\(ReasoningStyle.trigger)\", or by Bridle at the budget); 0 is off. --model only. Only the answer goes to standard output.")
    var reasoning: Int?

    @Flag(name: .customLong("show-reasoning"), help: "Also print the reasoning (with the marker that ended it) to standard error.")
    var showReasoning = false

    @Flag(help: "Print timings and token counts to standard error, and with --model the constraint's pressure on each value (the share of the model's probability it refused).")
    var statistics = false

    func validate() throws {
        if (model == nil) == server.isEmpty {
            throw ValidationError("Give --model (a GGUF file) or --server (an inference server's URL), not both.")
        }
        if !server.isEmpty, contextSize != nil || template != "auto" {
            throw ValidationError("--context and --template apply to --model only: a server has its own.")
        }
        if jsonSchema != nil, grammar != nil {
            throw ValidationError("Give --json-schema or --grammar, not both.")
        }
        if tools == nil, toolChoice != .auto {
            throw ValidationError("--tool-choice says whether the model may call the --tools: give --tools too.")
        }
        if tools != nil, jsonSchema != nil || grammar != nil || count > 1 || bestOf > 1 || (reasoning ?? 0) > 0 {
            throw ValidationError("--tools constrains each call to its tool's schema: it takes no --json-schema, --grammar, --count, --best-of or --reasoning.")
        }
        if includeSchema, jsonSchema == nil {
            throw ValidationError("--include-schema shows the --json-schema to the model; give --json-schema.")
        }
        if attempts < 1 {
            throw ValidationError("--attempts must be at least 1, not \(attempts).")
        }
        if greedy, topK != nil || seed != nil {
            throw ValidationError("--greedy takes no --top-k or --seed: it never samples.")
        }
        if count < 1 || bestOf < 1 {
            throw ValidationError("--count and --best-of must be at least 1.")
        }
        if greedy, count > 1 || bestOf > 1 {
            throw ValidationError("--count and --best-of sample several seeds; --greedy writes one answer for all of them.")
        }
        if let batchSize {
            if batchSize < 1 { throw ValidationError("--batch-size must be at least 1, not \(batchSize).") }
            if model == nil { throw ValidationError("--batch-size applies to --model only: a server batches its own requests.") }
        }
        if emphasis != nil, model == nil {
            throw ValidationError("--emphasis applies to --model only: a server decodes one sequence per request.")
        }
        if let reasoning, reasoning < 0 {
            throw ValidationError("--reasoning must be at least 0 (off), not \(reasoning).")
        }
        if showReasoning, (reasoning ?? 0) == 0 {
            throw ValidationError("--show-reasoning shows what the model reasoned: give --reasoning N (N ≥ 1) too.")
        }
        if let emphasis, emphasis != 1, let batchSize, batchSize < 2 {
            throw ValidationError("--emphasis \(emphasis) decodes each answer beside the conversation without its request: give --batch-size 2 or more, leave --batch-size out, or turn emphasis off with --emphasis 1.")
        }
    }

    func run() async throws {
        var options = GenerationOptions(
            temperature: temperature, maximumResponseTokens: maxTokens, fastForward: fastForward)
        options.sampling = greedy ? .greedy
            : topK.map { .random(top: $0, seed: seed) } ?? .random(probabilityThreshold: 1, seed: seed)
        options.maximumAnswerAttempts = attempts
        options.bestOf = bestOf
        options.requestEmphasis = requestEmphasis
        options.reasoningLevel = reasoning.map { .tokens($0) }
        options.measuresPressure = statistics && model != nil && tools == nil
        if tools != nil { options.toolCallingMode = toolChoice.mode }

        var system = instructions.map { [$0] } ?? []
        var constraint: OutputConstraint?
        if let jsonSchema {
            let (schema, compiled) = try SchemaLoading.compileWithSchema(jsonSchemaFile: jsonSchema, layout: layout)
            if includeSchema { system.append(schema.responseInstructions) }
            for check in compiled.postChecks { Diagnostics.note("\(jsonSchema): note: \(check.warning)") }
            options.grammar = compiled.options
            constraint = OutputConstraint(compiled: compiled, schema: schema)
        } else if let grammar {
            do {
                constraint = try OutputConstraint(grammar: try SchemaLoading.grammar(gbnfFile: grammar))
            } catch let error as OutputConstraintError {
                Diagnostics.error("\(grammar): \(error)")
                throw ExitCode(2)
            }
        }
        let messages = (system.isEmpty ? [] : [ChatMessage.system(system.joined(separator: "\n\n"))]) + [.user(prompt)]

        let model: any LanguageModel = if let model {
            try ModelLoading.load(model, contextSize: contextSize, template: template, sequences: batchSize ?? min(count * bestOf * (requestEmphasis.isActive ? 2 : 1), 16))
        } else {
            try await serverModel()
        }
        try options.checkFlags(for: model)
        if let tools {
            return try await writeCalls(model: model, messages: messages, toolsFile: tools, options: options)
        }
        if count > 1 {
            return try await writeAnswers(model: model, messages: messages, constraint: constraint, options: options)
        }
        // Streamed as generated when the grammar alone is exact; held until checked when it
        // leaves rules to a check after generation, so no refused answer is ever printed.
        let streams = constraint?.postChecks.isEmpty ?? true
        var written = 0
        do {
            let answer = try await model.checkedAnswer(to: messages, constraint: constraint, options: options) { _, response in
                guard streams else { return }
                FileHandle.standardOutput.write(Data(response.bytes[written...]))
                written = response.bytes.count
            }
            if !streams { FileHandle.standardOutput.write(Data(answer.text.utf8)) }
            if showReasoning, let reasoning = answer.reasoning { Diagnostics.note("reasoning: \(reasoning)") }
            if answer.regenerations > 0 {
                Diagnostics.note("\(answer.regenerations) answers broke a rule of the schema and were generated again")
            }
            if statistics {
                Diagnostics.note(Self.describe(answer.statistics))
                for line in Self.describe(answer.pressure) { Diagnostics.note(line) }
                for line in Self.describe(answer.candidates) { Diagnostics.note(line) }
            }
        } catch let error as ResponseError {
            if case .schemaViolation(_, let violations) = error {
                Diagnostics.error("the answer breaks its schema: \(violations.joined(separator: "; "))")
            } else {
                Diagnostics.error(error.description)
            }
            throw ExitCode(1)
        } catch let error as LlamaError {
            Diagnostics.error(error.description)
            throw ExitCode(2)
        } catch let error as ServerError {
            Diagnostics.error(error.description)
            switch error {
            case .interrupted, .invalidAnswer, .allEndpointsFailed: throw ExitCode(1)
            case .invalidConfiguration, .grammarUnsupported, .promptTextUnsupported, .grammarUncheckable, .rejected, .probeFailed, .lazyGrammarUnsupported:
                throw ExitCode(2)
            }
        }
    }

    /// `--count` answers, one per seed, generated together and written one a line in seed
    /// order; exit status 1 when any seed gave no answer (its line is empty, the reason on
    /// standard error).
    private func writeAnswers(
        model: any LanguageModel, messages: [ChatMessage], constraint: OutputConstraint?, options: GenerationOptions
    ) async throws {
        let base = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        if seed == nil { Diagnostics.note("seeds \(base)…\(base &+ UInt64(count - 1))") }
        let seeds = (0..<UInt64(count)).map { base &+ $0 }
        let start = ContinuousClock.now
        let answers = try await model.checkedAnswers(to: messages, constraint: constraint, seeds: seeds, options: options)
        let seconds = (ContinuousClock.now - start).components
        var failed = false
        for answer in answers {
            switch answer.result {
            case .success(let checked):
                let text = checked.text.contains("\n") ? GeneratedContent(checked.text).jsonString : checked.text
                FileHandle.standardOutput.write(Data((text + "\n").utf8))
                if showReasoning, let reasoning = checked.reasoning { Diagnostics.note("seed \(answer.seed) reasoning: \(reasoning)") }
                if statistics { Diagnostics.note("seed \(answer.seed): " + Self.describe(checked.statistics).replacingOccurrences(of: "\n", with: "; ")) }
            case .failure(let error):
                failed = true
                FileHandle.standardOutput.write(Data("\n".utf8))
                Diagnostics.error("seed \(answer.seed): \(error)")
            }
        }
        if statistics {
            let total = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
            Diagnostics.note(String(format: "%d answers in %.2f s (%.2f answers/s)", count, total, Double(count) / total))
        }
        if failed { throw ExitCode(1) }
    }

    /// The calls the model writes to the tools of `toolsFile`, one JSON line each, or its answer's
    /// text; exit status 2 for a tools file that can't be read, 1 when no checked call came.
    private func writeCalls(model: any LanguageModel, messages: [ChatMessage], toolsFile: String, options: GenerationOptions) async throws {
        let tools: [FunctionTool]
        do {
            tools = try FunctionTool.openAITools(try GeneratedContent(json: try InputFile.read(toolsFile)))
        } catch let error as EndpointError {
            Diagnostics.error("\(toolsFile): \(error.description)")
            throw ExitCode(2)
        } catch {
            Diagnostics.error("\(toolsFile): \(error)")
            throw ExitCode(2)
        }
        if statistics {
            Diagnostics.note(model.toolCallFormat.map { "calls in the model's own format, opened by \(String(reflecting: $0.trigger))" } ?? "calls in Bridle's JSON envelope")
        }
        do {
            switch try await model.toolCalls(to: messages, tools: tools, options: options) {
            case .calls(let calls):
                for call in calls {
                    let line = GeneratedContent(properties: [("name", GeneratedContent(call.name)), ("arguments", call.arguments)]).jsonString
                    FileHandle.standardOutput.write(Data((line + "\n").utf8))
                }
            case .answer(let text):
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        } catch let error as ResponseError {
            Diagnostics.error(error.description)
            throw ExitCode(1)
        } catch let error as LlamaError {
            Diagnostics.error(error.description)
            throw ExitCode(2)
        }
    }

    /// One line per value of the answer that the constraint pressed on, and one for its end.
    private static func describe(_ pressure: AnswerPressure?) -> [String] {
        guard let pressure else { return [] }
        let items = pressure.paths.map { ($0.path, $0.pressure) } + (pressure.end.map { [("the end", $0)] } ?? [])
        return items.filter { $0.1.max > 0 }.map { path, summary in
            let refused = summary.refused.prefix(3).map { "\(SchemaReportSummary.visible($0.text)) \(String(format: "%.2f", $0.meanProbability))" }
            return String(format: "pressure %@: mean %.3f, max %.3f over %d tokens", path, summary.mean, summary.max, summary.tokens)
                + (refused.isEmpty ? "" : "; wanted " + refused.joined(separator: ", "))
        }
    }

    /// One line per best-of-N candidate: its score, whether it was chosen, and its problems.
    private static func describe(_ candidates: [CheckedAnswer.Candidate]) -> [String] {
        candidates.enumerated().map { index, candidate in
            let verdict = candidate.isChosen ? "chosen" : candidate.problems.isEmpty ? "valid" : candidate.problems.joined(separator: "; ")
            return String(format: "candidate %d: mean log-probability %.3f, %@", index, candidate.meanLogProbability, verdict)
        }
    }

    private func serverModel() async throws -> ServerLanguageModel {
        var endpoints: [URL] = []
        for text in server {
            guard let url = URL(string: text) else { throw ValidationError("--server \(text) is not a URL; give one such as http://127.0.0.1:8080.") }
            endpoints.append(url)
        }
        do throws(ServerError) {
            var engine = serverEngine
            if engine == nil { engine = try await ServerProbe.engine(at: endpoints[0]) }
            let configuration = ServerConfiguration(
                endpoints: endpoints, engine: engine ?? .llamaServer, model: servedModel,
                apiKey: ProcessInfo.processInfo.environment["BRIDLE_SERVER_API_KEY"])
            return try ServerLanguageModel(configuration: configuration)
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(2)
        }
    }

    private static func describe(_ summary: GenerationStatistics) -> String {
        var lines = [
            String(
                format: "prompt: %d tokens (%d reused) in %.3f s; response: %d tokens in %.3f s (%.1f tokens/s), %d forced; sampling %.3f s",
                summary.promptTokens, summary.reusedPromptTokens, summary.promptSeconds, summary.responseTokens,
                summary.responseSeconds, summary.tokensPerSecond, summary.forcedTokens, summary.samplingSeconds)
        ]
        if summary.reasoningTokens > 0 {
            lines.append("reasoning: \(summary.reasoningTokens) tokens before the answer" + (summary.reasoningCutAtBudget > 0 ? ", ended by Bridle at the budget" : ""))
        }
        if summary.emphasisedTokens > 0 { lines.append("request emphasis: \(summary.emphasisedTokens) tokens chosen with it") }
        if summary.retries > 0 { lines.append("server: \(summary.retries) attempts failed before the answer started and were made again") }
        if let median = summary.maskMicroseconds(percentile: 0.5), let p99 = summary.maskMicroseconds(percentile: 0.99) {
            lines.append(String(
                format: "grammar: compiled in %.1f ms; %d masks, p50 %.0f µs, p99 %.0f µs",
                summary.grammarCompileSeconds * 1000, summary.maskMicroseconds.count, median, p99))
        } else if summary.refusedTokens > 0 {
            lines.append("grammar: \(summary.refusedTokens) choices of llama.cpp's grammar refused by Bridle's matcher")
        }
        return lines.joined(separator: "\n")
    }
}

extension ServerEngine: ExpressibleByArgument {}

enum ModelLoading {
    /// The model at `path`, or exit status 2 with llama.cpp's reason.
    static func load(_ path: String, contextSize: Int? = nil, template: String = "auto", sequences: Int = 1) throws -> LlamaLanguageModel {
        do {
            let configuration = LlamaConfiguration(contextSize: contextSize, promptTemplate: try PromptTemplate(template), sequences: sequences)
            return try LlamaLanguageModel(contentsOf: URL(fileURLWithPath: path), configuration: configuration)
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(2)
        }
    }
}
