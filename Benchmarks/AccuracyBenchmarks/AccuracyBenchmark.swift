import ArgumentParser
import BridleGeneration
import BridleGrammar
import BridleLlama
import BridleSchema
import Foundation

/// `bash scripts/accuracy-benchmarks.sh`: how often each system's answer to a BFCL "live
/// simple" task (or, with `--category multiple`, a "live multiple" one) is right, on real models, with the same prompt text for every system. Numbers
/// only; nothing is asserted.
@main
struct AccuracyBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accuracy-benchmarks",
        abstract: "Accuracy of constrained function calls on BFCL live-simple and live-multiple tasks.")

    @Option(help: "The folder with BFCL_v4_live_simple.json, BFCL_v4_live_multiple.json and their possible answers.")
    var bfcl: String

    @Option(help: "The tasks: simple (one function a task) or multiple (several; the answer names one).")
    var category = "simple"

    @Option(help: "A model as NAME=FILE.gguf; repeat it.")
    var model: [String]

    @Option(help: "A system: bridle/LAYOUT[/no-ff][/as-written][/best-of-N][/emphasis-γ[-α] or /no-emphasis][/reasoning-N or /draft-N]/RENDERING, llama-json-schema/RENDERING, llama-bridle-gbnf/LAYOUT[/required-first]/RENDERING or unconstrained/RENDERING (RENDERING: fields or json-schema); repeat it.")
    var system: [String] = [
        "bridle/spaced/json-schema", "bridle/spaced/no-emphasis/json-schema", "bridle/compact/no-emphasis/json-schema",
        "bridle/spaced/fields", "llama-json-schema/json-schema", "unconstrained/json-schema",
    ]

    @Option(help: "How many tasks, from the first (default: all).")
    var limit: Int?

    @Option(help: "Take every n-th task only (tasks of one function come in runs; a stride samples them all).")
    var every = 1

    @Option(help: "Temperature-0.7 runs with seeds 0..<N, besides greedy.")
    var seeds = 0

    @Option(name: .customLong("llama-server"), help: "llama-server's binary, for the llama-json-schema systems.")
    var llamaServer: String?

    @Option(help: "Append one JSON line per answer to this file.")
    var output: String?

    @Option(help: "Threads for llama.cpp, in-process and server alike.")
    var threads = 2

    static let maximumTokens = 256
    static let unconstrainedTokens = 128

    func run() async throws {
        let systems = try system.map { text in
            guard let parsed = AnswerSystem(text) else { throw ValidationError("unknown system \(text)") }
            return parsed
        }
        guard let category = FunctionCallCase.Category(rawValue: category) else {
            throw ValidationError("--category takes \(FunctionCallCase.Category.allCases.map(\.rawValue).joined(separator: " or ")), not \(category)")
        }
        var tasks = try FunctionCallCase.load(from: URL(fileURLWithPath: bfcl), category: category)
        tasks = tasks.enumerated().filter { $0.offset % max(every, 1) == 0 }.map(\.element)
        if let limit { tasks = Array(tasks.prefix(limit)) }
        let log = output.map { path -> FileHandle? in
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        } ?? nil
        let runs: [Double?] = [nil] + Array(repeating: 0.7, count: seeds)
        print("tasks: \(tasks.count) BFCL live-\(category.rawValue)\(every > 1 ? " (every \(every)th)" : ""); greedy\(seeds > 0 ? " and temperature 0.7 with seeds 0..<\(seeds)" : ""); at most \(Self.maximumTokens) tokens")
        for entry in model {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--model takes NAME=FILE.gguf, not \(entry)") }
            var tallies: [String: Tally] = [:]
            // One model at a time in memory: in-process first, then the server on its own.
            do {
                let llama = try LlamaLanguageModel(
                    contentsOf: URL(fileURLWithPath: parts[1]), configuration: LlamaConfiguration(threads: threads))
                for (index, task) in tasks.enumerated() {
                    for system in systems where !system.engine.runsOnServer {
                        for (seed, temperature) in runs.enumerated() where temperature != nil || !system.samplesOnly {
                            let key = Self.key(system, temperature: temperature)
                            // Each answer from an empty cache: a prompt read in one batch or after a
                            // reused prefix moves the logits' low bits, and so a greedy answer would
                            // depend on the tasks and systems before it.
                            await llama.clearCache()
                            let result = await Self.answer(task, system: system, llama: llama, temperature: temperature, seed: UInt64(seed))
                            tallies[key, default: Tally()].add(result)
                            Self.write(result, task: task, model: parts[0], key: key, to: log)
                        }
                    }
                    if (index + 1) % 25 == 0 { print("  \(parts[0]): \(index + 1) tasks in process") }
                }
            }
            if systems.contains(where: \.engine.runsOnServer) {
                guard let llamaServer else { throw ValidationError("the llama-json-schema systems need --llama-server") }
                let prompter = try LlamaLanguageModel(
                    contentsOf: URL(fileURLWithPath: parts[1]), configuration: LlamaConfiguration(contextSize: 512, threads: 1))
                let server = try await LlamaServerCompletion(binary: llamaServer, model: parts[1], port: 18_000 + Int.random(in: 0..<2000), threads: threads)
                defer { server.stop() }
                for task in tasks {
                    for system in systems where system.engine.runsOnServer {
                        for (seed, temperature) in runs.enumerated() {
                            let key = Self.key(system, temperature: temperature)
                            let schema = try? GenerationSchema(jsonSchema: task.answerSchema)
                            let prompt = try prompter.prompt(for: system.messages(for: task, schema: schema))
                            let start = ContinuousClock.now
                            var result: Outcome
                            do {
                                let constraint: LlamaServerCompletion.Constraint
                                if case .llamaBridleGrammar(let layout, let requiredFirst) = system.engine {
                                    let parameters = requiredFirst ? FunctionCallCase.requiredFirst(task.answerSchema) : task.answerSchema
                                    var options = GrammarOptions()
                                    options.layout = layout
                                    constraint = .grammar(try OutputConstraint(schema: GenerationSchema(jsonSchema: parameters), options: options).gbnf)
                                } else {
                                    constraint = .jsonSchema(task.answerSchema)
                                }
                                let text = try await server.complete(
                                    prompt: prompt, constraint: constraint, temperature: temperature, seed: UInt64(seed), maximumTokens: Self.maximumTokens)
                                result = Outcome(text: text, task: task)
                            } catch {
                                result = Outcome(failure: "\(error)")
                            }
                            result.seconds = (ContinuousClock.now - start).seconds
                            tallies[key, default: Tally()].add(result)
                            Self.write(result, task: task, model: parts[0], key: key, to: log)
                        }
                    }
                }
            }
            print("")
            print("model \(parts[0]) (\(parts[1]))")
            print("system                                      accuracy   right/asked   failed   s/answer   off-split tokens")
            for system in systems {
                for temperature in runs.uniqued() {
                    let key = Self.key(system, temperature: temperature)
                    guard let tally = tallies[key] else { continue }
                    print(String(
                        format: "%-44@%8.3f   %5d/%-6d  %6d   %8.2f   %@", key as NSString, tally.accuracy, tally.right, tally.asked, tally.failed,
                        tally.seconds / Double(max(tally.asked, 1)),
                        tally.tokens > 0
                            ? String(format: "%d of %d (forced: %d of %d)", tally.offSplitTokens, tally.tokens, tally.forcedOffSplitTokens, tally.forcedTokens) as NSString
                            : "—" as NSString))
                }
            }
        }
        try log?.close()
    }

    private static func key(_ system: AnswerSystem, temperature: Double?) -> String {
        temperature.map { "\(system) t=\($0)" } ?? "\(system) greedy"
    }

    private static func answer(_ task: FunctionCallCase, system: AnswerSystem, llama: LlamaLanguageModel, temperature: Double?, seed: UInt64) async -> Outcome {
        let start = ContinuousClock.now
        var result: Outcome
        do {
            let schema = try? GenerationSchema(jsonSchema: task.answerSchema)
            var options = GenerationOptions(sampling: temperature == nil ? .greedy : .random(probabilityThreshold: 1, seed: seed), temperature: temperature)
            options.maximumResponseTokens = maximumTokens
            var request = GenerationRequest(messages: system.messages(for: task, schema: schema), options: options)
            switch system.engine {
            case .bridle(let layout, let fastForward, let bestOf, let emphasis, let reasoning, let style, let asWritten):
                guard let schema else { throw BenchmarkFailure("Bridle cannot import the schema") }
                request.options.grammar.layout = layout
                request.options.grammar.readsDescribedFormats = !asWritten
                request.options.fastForward = fastForward
                request.options.requestEmphasis = emphasis
                if reasoning > 0 {
                    request.options.reasoningLevel = .tokens(reasoning)
                    request.options.reasoningStyle = style
                    request.options.maximumResponseTokens = maximumTokens + reasoning + 16
                }
                request.constraint = try OutputConstraint(schema: schema, options: request.options.grammar)
                if bestOf > 1 {
                    // Candidates decoded together; one attempt, as the single-answer rows have.
                    request.options.bestOf = bestOf
                    request.options.maximumAnswerAttempts = 1
                    let answer = try await llama.checkedAnswer(to: request.messages, constraint: request.constraint, options: request.options)
                    result = Outcome(text: answer.text, task: task)
                    break
                }
                let (text, tokens, forced, reasoning) = try await response(llama.generate(request), stopAtObject: false)
                result = Outcome(text: text, task: task)
                result.reasoning = reasoning
                let off = offSplit(tokens, model: llama)
                result.offSplitTokens = off.count
                result.tokens = tokens.count
                result.forcedTokens = forced.count
                result.forcedOffSplitTokens = off.intersection(forced).count
                // Each off-split token in context: the text before it, the token in brackets
                // (forced ones marked !), for reading why the split differs.
                result.offSplitPieces = off.sorted().map { index in
                    let before = String(decoding: tokens[..<index].flatMap(\.bytes).suffix(12), as: UTF8.self)
                    return "\(before)[\(forced.contains(index) ? "!" : "")\(String(decoding: tokens[index].bytes, as: UTF8.self))]"
                }
            case .unconstrained:
                // Its first JSON object is the answer: a reply that has none by then has none.
                request.options.maximumResponseTokens = Self.unconstrainedTokens
                result = Outcome(text: try await response(llama.generate(request), stopAtObject: true).text, task: task)
            case .llamaJSONSchema, .llamaBridleGrammar:
                throw BenchmarkFailure("runs on llama-server")
            }
        } catch {
            result = Outcome(failure: "\(error)")
        }
        result.seconds = (ContinuousClock.now - start).seconds
        return result
    }

    /// The response's text and tokens; an unconstrained one ends at its first complete JSON object.
    private static func response(
        _ stream: AsyncThrowingStream<GenerationEvent, any Error>, stopAtObject: Bool
    ) async throws -> (text: String, tokens: [(id: Int32, bytes: [UInt8])], forced: Set<Int>, reasoning: String?) {
        var bytes: [UInt8] = []
        var tokens: [(id: Int32, bytes: [UInt8])] = []
        var forced: Set<Int> = []
        var answerStart = 0
        for try await event in stream {
            if case .finished(let statistics) = event { forced = Set(statistics.forcedTokenIndices) }
            if case .answerBegins(let count) = event { answerStart = count }
            guard case .token(let id, let piece) = event else { continue }
            bytes += piece
            tokens.append((id, piece))
            if stopAtObject, piece.contains(UInt8(ascii: "}")), ArgumentScore.firstObject(in: String(decoding: bytes, as: UTF8.self)) != nil { break }
        }
        let reasoning = answerStart > 0 ? String(decoding: bytes.prefix(answerStart), as: UTF8.self) : nil
        return (String(decoding: bytes.dropFirst(answerStart), as: UTF8.self), tokens, forced, reasoning)
    }

    /// The indices of the `tokens` the model's tokenizer would not have produced: tokens whose
    /// byte span is not a token's span in the tokenizer's own split of the whole response. A
    /// model was trained on that split; a response written in another one is text it rarely saw.
    private static func offSplit(_ tokens: [(id: Int32, bytes: [UInt8])], model: LlamaLanguageModel) -> Set<Int> {
        let bytes = tokens.flatMap(\.bytes)
        guard let canonical = model.model.tokenize(plainText: bytes) else { return [] }
        var spans: Set<[Int]> = []
        var offset = 0
        for token in canonical {
            let length = model.bytes(for: [token]).count
            spans.insert([offset, offset + length])
            offset += length
        }
        offset = 0
        var off: Set<Int> = []
        for (index, token) in tokens.enumerated() {
            if !spans.contains([offset, offset + token.bytes.count]) { off.insert(index) }
            offset += token.bytes.count
        }
        return off
    }

    private static func write(_ outcome: Outcome, task: FunctionCallCase, model: String, key: String, to log: FileHandle?) {
        guard let log else { return }
        let line = GeneratedContent(properties: [
            ("model", GeneratedContent(model)), ("system", GeneratedContent(key)), ("id", GeneratedContent(task.id)),
            ("right", GeneratedContent(outcome.isRight)), ("text", GeneratedContent(outcome.text ?? "")),
            ("reasoning", GeneratedContent(outcome.reasoning ?? "")),
            ("tokens", GeneratedContent(outcome.tokens)), ("offSplit", GeneratedContent(outcome.offSplitTokens)),
            ("forced", GeneratedContent(outcome.forcedTokens)), ("offSplitPieces", GeneratedContent(elements: outcome.offSplitPieces.map { GeneratedContent($0) })), ("forcedOffSplit", GeneratedContent(outcome.forcedOffSplitTokens)),
            ("failure", outcome.failure.map { GeneratedContent($0) } ?? .null), ("seconds", GeneratedContent(outcome.seconds)),
        ]).jsonString
        log.write(Data((line + "\n").utf8))
    }
}

struct Outcome {
    var text: String?
    var isRight = false
    var failure: String?
    var seconds = 0.0
    /// Response tokens, and those off the tokenizer's own split (Bridle's systems only); the
    /// same for the tokens the grammar forced.
    var tokens = 0
    var offSplitTokens = 0
    var forcedTokens = 0
    var forcedOffSplitTokens = 0
    var offSplitPieces: [String] = []
    /// What the model reasoned before its answer, under a reasoning system.
    var reasoning: String?

    init(text: String, task: FunctionCallCase) {
        self.text = text
        isRight = ArgumentScore.firstObject(in: text).map(task.isRight) ?? false
    }

    init(failure: String) {
        self.failure = failure
    }
}

struct Tally {
    var asked = 0
    var right = 0
    var failed = 0
    var seconds = 0.0
    var tokens = 0
    var offSplitTokens = 0
    var forcedTokens = 0
    var forcedOffSplitTokens = 0

    mutating func add(_ outcome: Outcome) {
        tokens += outcome.tokens
        offSplitTokens += outcome.offSplitTokens
        forcedTokens += outcome.forcedTokens
        forcedOffSplitTokens += outcome.forcedOffSplitTokens
        asked += 1
        if outcome.isRight { right += 1 }
        if outcome.failure != nil { failed += 1 }
        seconds += outcome.seconds
    }

    var accuracy: Double { Double(right) / Double(max(asked, 1)) }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
