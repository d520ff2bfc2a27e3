import Bridle
import BridleExampleTypes
import BridleGGUF
import BridleLlama
import Foundation

// llama.cpp generation benchmarks, printed as numbers and ratios measured in this one run:
//   bash scripts/llama-benchmarks.sh            (builds llama.cpp and passes the converter)
//   swift run -c release llama-benchmarks CONVERTER [SHARED_DIR] [VOCAB_OR_MODEL...]
// CONVERTER is llama-cpp-python's llama_grammar.py (its json_schema_to_gbnf is llama.cpp's
// JSON Schema converter in Python), which scripts/llama.sh keeps beside the libraries.
//
// For each vocabulary (default 32000 and 128000), on a tiny random model with one thread, and
// for each GGUF file named instead of a vocabulary (the script adds gemma-3-270m, 262,144
// tokens: a real SentencePiece vocabulary):
// 1. MaskBench's replay: Bridle's full mask per step (mean, p50, p99, max µs), time to the
//    first mask, and llama.cpp's grammar sampler on a sample of the same steps; then the value
//    rules' cost on top of the mask, on schemas that have them (ValueRulesBench); what free text
//    before the answer costs per token, and the answer's mask after it (FreeTextBench);
// 2. end to end, top-40 sampling: tokens/s and sampler ms/token unconstrained, and under
//    Bridle's grammars with llama.cpp's grammar sampler (LlamaGrammarRun: its own loop, not Bridle's token path), with Bridle's mask engine, and with
//    Bridle's engine plus fast-forward; and llama.cpp's converter's grammars with its sampler;
// 3. how often llama.cpp's grammar sampler let through a token Bridle's matcher refused;
// 4. a session with three of the example tools: the sampler under its one tool-turn grammar (every
//    tool's arguments or an answer) against the single-schema grammars above, and how much of
//    a request's time the session itself takes (grammar builds, checks, transcript, tools).
// Every run is capped at `tokenCap` tokens: a random model under an unbounded grammar (the
// converter's strings have no maximum length) would otherwise never finish.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let converter = arguments.first else {
    print("usage: llama-benchmarks CONVERTER [SHARED_DIR] [VOCAB...]  (see scripts/llama-benchmarks.sh)")
    exit(2)
}
let shared = arguments.dropFirst().first ?? "../shared"
/// A tiny random model of this vocabulary size, or a GGUF file.
enum ModelChoice {
    case tiny(Int)
    case file(String)
}
let models: [ModelChoice] = arguments.dropFirst(2).compactMap { argument in
    if argument.hasSuffix(".gguf") { return .file(argument) }
    return Int(argument).map(ModelChoice.tiny)
}.nonEmpty ?? [.tiny(32_000), .tiny(128_000)]
/// `BRIDLE_MASKS_ONLY=1` runs MaskBench's replay alone (part 1), for quick work on the engine.
let masksOnly = ProcessInfo.processInfo.environment["BRIDLE_MASKS_ONLY"] == "1"
/// `BRIDLE_SCHEMA_LAB_ONLY=1` runs the schema lab's cost alone (SchemaLabBench).
let schemaLabOnly = ProcessInfo.processInfo.environment["BRIDLE_SCHEMA_LAB_ONLY"] == "1"
let seeds: [UInt64] = [0, 1]
let tokenCap = 96

extension Array {
    var nonEmpty: Self? { isEmpty ? nil : self }
}

struct Workload {
    let name: String
    let schema: GenerationSchema
    let jsonSchema: String
    /// One of the Examples' types (not a JSONSchemaBench schema).
    var isExampleType = false
}

func workloads() -> [Workload] {
    func typed<Value: Generable>(_ type: Value.Type) -> Workload {
        Workload(name: String(reflecting: type).split(separator: ".").dropFirst().joined(separator: "."),
                 schema: Value.generationSchema, jsonSchema: Value.generationSchema.jsonSchemaString(prettyPrinted: false),
                 isExampleType: true)
    }
    var all = [
        typed(SearchSuggestions.self), typed(CurrentDate.Arguments.self), typed(Reminders.Arguments.self),
        typed(Contacts.Arguments.self), typed(Films.Arguments.self),
    ]
    let folder = URL(fileURLWithPath: shared).appendingPathComponent("conformance/jsonschemabench/Glaiveai2K")
    for name in ["book_flight_05dcf13f", "search_hotels_7d83ff70", "calculate_area_544de1a7", "generate_invoice_8ea90960", "create_calendar_event_667f096c"] {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("\(name).json").path),
              let document = try? GeneratedContent(jsonData: data), let schema = document[property: "schema"],
              let imported = try? GenerationSchema(jsonSchema: schema)
        else {
            print("(skipping \(name): not found under \(shared))")
            continue
        }
        all.append(Workload(name: name, schema: imported, jsonSchema: schema.jsonString))
    }
    return all
}

/// The grammar llama.cpp's own converter writes for `jsonSchema`.
func convertedGrammar(_ jsonSchema: String) throws -> Grammar {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-benchmark-schema.json")
    try Data(jsonSchema.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", """
        import importlib.util, sys
        spec = importlib.util.spec_from_file_location("llama_grammar", sys.argv[1])
        module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
        print(module.json_schema_to_gbnf(open(sys.argv[2]).read()), end="")
        """, converter, file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ConverterFailure(status: process.terminationStatus) }
    return try Grammar(gbnf: String(decoding: data, as: UTF8.self))
}

struct ConverterFailure: Error {
    let status: Int32
}

struct Totals {
    var tokens = 0
    var seconds = 0.0
    var samplingSeconds = 0.0
    var refused = 0
    var completed = 0
    var runs = 0
    var promptTokens = 0
    var promptSeconds = 0.0
    var forced = 0

    mutating func add(_ other: Totals) {
        tokens += other.tokens
        seconds += other.seconds
        samplingSeconds += other.samplingSeconds
        refused += other.refused
        completed += other.completed
        runs += other.runs
        promptTokens += other.promptTokens
        promptSeconds += other.promptSeconds
        forced += other.forced
    }

    mutating func add(_ statistics: GenerationStatistics, completed: Bool) {
        forced += statistics.forcedTokens
        promptTokens += statistics.promptTokens - statistics.reusedPromptTokens
        promptSeconds += statistics.promptSeconds
        tokens += statistics.responseTokens
        seconds += statistics.responseSeconds
        samplingSeconds += statistics.samplingSeconds
        refused += statistics.refusedTokens
        self.completed += completed ? 1 : 0
        runs += 1
    }

    var tokensPerSecond: Double { seconds > 0 ? Double(tokens) / seconds : 0 }
    var samplerMillisecondsPerToken: Double { tokens > 0 ? samplingSeconds * 1000 / Double(tokens) : 0 }
    var promptMillisecondsPerToken: Double { promptTokens > 0 ? promptSeconds * 1000 / Double(promptTokens) : 0 }
}

/// How a run is constrained: not at all, or by a grammar under Bridle's mask engine.
struct Constraint {
    var grammar: Grammar?
    var fastForward = false
}

func run(_ model: LlamaLanguageModel, _ constraint: Constraint, seed: UInt64) async throws -> (GenerationStatistics, Bool) {
    // Unconstrained runs decode the whole prompt, so they also measure its cost; the others
    // reuse the cached prompt, as a chat would.
    if constraint.grammar == nil { await model.clearCache() }
    let options = GenerationOptions(
        sampling: .random(top: 40, seed: seed), maximumResponseTokens: tokenCap, fastForward: constraint.fastForward)
    let request = GenerationRequest(
        messages: [.user("Call the function.")], constraint: try constraint.grammar.map(OutputConstraint.init(grammar:)), options: options)
    var completed = true
    do {
        _ = try await model.complete(request)
    } catch ResponseError.exceededMaximumResponseTokens {
        completed = false
    }
    guard let statistics = await model.lastStatistics else { throw ConverterFailure(status: -1) }
    return (statistics, completed)
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-llama-benchmarks")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let cases = workloads()
var converted: [String: Grammar] = [:]
for workload in cases {
    do {
        converted[workload.name] = try convertedGrammar(workload.jsonSchema)
    } catch {
        print("(llama.cpp's converter failed on \(workload.name): \(error))")
    }
}
print("\(cases.count) schemas, seeds \(seeds), at most \(tokenCap) tokens per run, 1 thread, top-40 sampling")

for choice in models {
    let url: URL
    switch choice {
    case .tiny(let vocabulary):
        url = folder.appendingPathComponent("tiny-\(vocabulary).gguf")
        if !FileManager.default.fileExists(atPath: url.path) {
            try TinyModel(vocabularySize: vocabulary, seed: 1).write(to: url)
        }
    case .file(let path):
        url = URL(fileURLWithPath: path)
    }
    let model = try LlamaLanguageModel(contentsOf: url, configuration: LlamaConfiguration(threads: 1))
    print("\n== vocabulary \(model.vocabularySize): \(url.lastPathComponent) (prompt template: \(model.promptTemplateDescription))")
    if schemaLabOnly {
        try await SchemaLabBench(url: url).run()
        continue
    }
    try MaskBench(model: model, shared: URL(fileURLWithPath: shared)).run()
    try ValueRulesBench(model: model).run()
    try FreeTextBench(model: model).run()
    if masksOnly { continue }
    try await SchemaLabBench(url: url).run()

    let llamaGrammar = LlamaGrammarRun(model: model, tokenCap: tokenCap)
    var none = Totals(), llama = Totals(), ours = Totals(), forward = Totals(), theirs = Totals()
    var examplesOurs = Totals(), examplesForward = Totals()
    print("sampler ms/token, top-40        | llama.cpp | Bridle engine | + fast-forward | converter, llama.cpp | done (llama, Bridle, forward, converter)")
    for workload in cases {
        var here = (llama: Totals(), ours: Totals(), forward: Totals(), theirs: Totals())
        let grammar = try workload.schema.grammar().grammar
        for seed in seeds {
            let (plain, plainDone) = try await run(model, Constraint(), seed: seed)
            none.add(plain, completed: plainDone)
            here.llama.add(try llamaGrammar.run(grammar, seed: seed))
            let (bridle, bridleDone) = try await run(model, Constraint(grammar: grammar), seed: seed)
            here.ours.add(bridle, completed: bridleDone)
            let (forwarded, forwardDone) = try await run(model, Constraint(grammar: grammar, fastForward: true), seed: seed)
            here.forward.add(forwarded, completed: forwardDone)
            if let theirGrammar = converted[workload.name] {
                here.theirs.add(try llamaGrammar.run(theirGrammar, seed: seed))
            }
        }
        llama.add(here.llama)
        ours.add(here.ours)
        forward.add(here.forward)
        if workload.isExampleType {
            examplesOurs.add(here.ours)
            examplesForward.add(here.forward)
        }
        theirs.add(here.theirs)
        print(workload.name.padding(toLength: 31, withPad: " ", startingAt: 0)
            + " | \(format(here.llama.samplerMillisecondsPerToken).padding(toLength: 9, withPad: " ", startingAt: 0))"
            + " | \(format(here.ours.samplerMillisecondsPerToken).padding(toLength: 13, withPad: " ", startingAt: 0))"
            + " | \(format(here.forward.samplerMillisecondsPerToken).padding(toLength: 14, withPad: " ", startingAt: 0))"
            + " | \(format(here.theirs.samplerMillisecondsPerToken).padding(toLength: 20, withPad: " ", startingAt: 0))"
            + " | \(here.llama.completed)/\(here.llama.runs), \(here.ours.completed)/\(here.ours.runs), \(here.forward.completed)/\(here.forward.runs), \(here.theirs.completed)/\(here.theirs.runs)")
    }
    print("prompt: \(format(none.promptMillisecondsPerToken, 3)) ms/token (\(none.promptTokens / max(none.runs, 1)) tokens, decoded whole in each unconstrained run)")
    func line(_ name: String, _ totals: Totals) -> String {
        "\(name): \(format(totals.tokensPerSecond, 1)) tokens/s (\(format(totals.tokensPerSecond / max(none.tokensPerSecond, 1e-9), 2))× unconstrained),"
            + " sampler \(format(totals.samplerMillisecondsPerToken, 3)) ms/token"
    }
    print(line("unconstrained", none))
    print(line("Bridle grammars, llama.cpp's grammar sampler", llama) + ", \(llama.refused) of \(llama.tokens) choices refused by Bridle's matcher")
    print(line("Bridle grammars, Bridle's mask engine", ours) + " (\(format(llama.samplerMillisecondsPerToken / max(ours.samplerMillisecondsPerToken, 1e-9), 1))× faster than llama.cpp's)")
    print(line("Bridle grammars, Bridle's engine + fast-forward", forward) + ", \(forward.forced) of \(forward.tokens) tokens forced")
    print(line("  the Examples' types alone, Bridle's engine", examplesOurs))
    print(line("  the Examples' types alone, Bridle's engine + fast-forward", examplesForward) + ", \(examplesForward.forced) of \(examplesForward.tokens) tokens forced")
    print(line("converter grammars, llama.cpp's grammar sampler", theirs) + ", \(theirs.refused) of \(theirs.tokens) choices refused by Bridle's matcher")
    try await benchmarkSession(model, singleSchemaSampler: ours.samplerMillisecondsPerToken)
}

func benchmarkSession(_ model: LlamaLanguageModel, singleSchemaSampler: Double) async throws {
    // Three tools: with all five, the instructions plus one round outgrow the tiny model's
    // 2,048-token context at 32k (its tokenizer splits JSON Schema finely).
    let tools: [any Tool] = [ContactsTool(), FilmsTool(), SendMessageTool()]
    var policy = ToolPolicy()
    policy.maximumToolRounds = 1
    policy.answerAfterLastRound = true
    policy.approver = { _ in .approve }
    var grammar = GrammarOptions()
    grammar.maximumStringLength = 24
    var totals = Totals()
    var requestSeconds = 0.0, generationSeconds = 0.0
    var failures: [String] = []
    for seed in UInt64(0)..<8 {
        let session = LanguageModelSession(model: model, tools: tools, policy: policy)
        let options = GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), grammar: grammar)
        let started = Date()
        do {
            let response = try await session.respond(to: "Dramas from the fifties, and remind Ada.", options: options)
            requestSeconds += Date().timeIntervalSince(started)
            generationSeconds += response.statistics.promptSeconds + response.statistics.responseSeconds
            totals.add(response.statistics, completed: true)
        } catch {
            failures.append(error is LanguageModelSession.ToolCallError ? "ToolCallError" : "\(error)")
        }
    }
    let overhead = requestSeconds > 0 ? (requestSeconds - generationSeconds) / requestSeconds : 0
    let failed = failures.isEmpty ? "" : " (\(failures.count) more failed: \(Set(failures).sorted().joined(separator: "; ")))"
    print("session, \(tools.count) tools, \(totals.runs) requests answered\(failed): sampler \(format(totals.samplerMillisecondsPerToken, 3)) ms/token"
        + " under the tool-turn grammar (\(format(totals.samplerMillisecondsPerToken / max(singleSchemaSampler, 1e-9), 2))× the single-schema grammars);"
        + " the session's own work is \(format(overhead * 100, 1))% of request time")
}
