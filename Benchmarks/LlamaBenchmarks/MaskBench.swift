import Bridle
import BridleGrammar
import BridleLlama
import BridleMask
import CLlama
import Foundation

/// MaskBench's replay (JSONSchemaBench's method) on one vocabulary: for schemas of the shared
/// Glaive and GitHub-easy splits, each valid test instance in Bridle's canonical layout is
/// tokenized by the model's tokenizer, and at every step the full mask is timed and checked to
/// allow the instance's next token. llama.cpp's grammar sampler is timed on an evenly spread sample of
/// the same steps (it takes tens of milliseconds a step at 262k tokens).
struct MaskBench {
    let model: LlamaLanguageModel
    let shared: URL
    /// Schemas taken from each split (evenly spread over its sorted files), and instances per
    /// schema.
    var schemasPerSplit = 40
    var instancesPerSchema = 2
    var llamaSteps = 300
    /// Replays of each instance; a step's time is its fastest.
    var passes = 3

    struct Step {
        var replay: Int
        var index: Int
    }

    func run() throws {
        let llama = model.model
        let vocabularyStart = ContinuousClock.now
        let vocabulary = llama.tokenVocabulary
        let vocabularyMilliseconds = milliseconds(ContinuousClock.now - vocabularyStart)

        var replays: [(name: String, grammar: Grammar, gbnf: String, tokens: [Int32])] = []
        var skipped = 0
        for split in ["Glaiveai2K", "Github_easy"] {
            let folder = shared.appendingPathComponent("conformance/jsonschemabench/\(split)")
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() else {
                print("(MaskBench: \(folder.path) not found)")
                return
            }
            // Every k-th file, then the rest in order, until enough compile.
            let stride = max(files.count / schemasPerSplit, 1)
            let order = files.indices.sorted { ($0 % stride, $0) < ($1 % stride, $1) }
            var taken = 0
            for file in order.map({ files[$0] }) where taken < schemasPerSplit {
                guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                    let document = try? GeneratedContent(jsonData: data), let json = document[property: "schema"],
                    let schema = try? GenerationSchema(jsonSchema: json), let compiled = try? schema.grammar(),
                    let gbnf = try? GBNFPrinter().print(compiled.grammar),
                    case .array(let tests)? = document[property: "tests"]?.kind
                else { continue }
                var used = 0
                for test in tests where used < instancesPerSchema {
                    guard test[property: "valid"] == true, let instance = test[property: "data"] else { continue }
                    let text = Array(schema.canonicalText(of: instance).utf8)
                    guard (try? GrammarMatcher.matches(compiled.grammar, String(decoding: text, as: UTF8.self))) == true,
                        let tokens = llama.tokenize(plainText: text)
                    else {
                        skipped += 1
                        continue
                    }
                    replays.append(("\(split)/\(file)", compiled.grammar, gbnf, tokens))
                    used += 1
                }
                if used > 0 { taken += 1 }
            }
        }

        // Each replay runs `passes` times with a fresh masker; a step's time is its fastest, so
        // a busy machine's stalls don't count against the engine. The first pass alone gives
        // the cold figures: time to the first mask, and views of text classes built on first use.
        var maskMicroseconds: [Double] = []
        var coldMicroseconds: [Double] = []
        var firstMaskMilliseconds: [Double] = []
        var masked = 0, allowedTotal = 0
        for replay in replays {
            var fastest = [Double](repeating: .infinity, count: replay.tokens.count)
            for pass in 0..<passes {
                let start = ContinuousClock.now
                guard var masker = try? TokenMasker(replay.grammar, vocabulary: vocabulary) else { continue }
                for (index, token) in replay.tokens.enumerated() {
                    let stepStart = ContinuousClock.now
                    let mask = masker.mask()
                    let elapsed = microseconds(ContinuousClock.now - stepStart)
                    fastest[index] = min(fastest[index], elapsed)
                    if pass == 0 {
                        coldMicroseconds.append(elapsed)
                        if index == 0 { firstMaskMilliseconds.append(milliseconds(ContinuousClock.now - start)) }
                        allowedTotal += mask.count
                        if !mask.contains(token) { masked += 1 }
                    }
                    masker.accept(token)
                }
            }
            maskMicroseconds += fastest
        }

        // llama.cpp's grammar sampler on every k-th of the same steps.
        let stepCount = replays.reduce(0) { $0 + $1.tokens.count }
        let every = max(stepCount / max(llamaSteps, 1), 1)
        let sampled = Set(Swift.stride(from: 0, to: stepCount, by: every))
        var llamaMicroseconds: [Double] = []
        var bridleOnSample: [Double] = []
        var candidates = [llama_token_data](repeating: llama_token_data(id: 0, logit: 0, p: 0), count: vocabulary.count)
        var global = 0
        for replay in replays {
            let firstStep = global
            global += replay.tokens.count
            guard (firstStep..<global).contains(where: sampled.contains) else { continue }
            guard let grammar = llama_sampler_init_grammar(llama.vocabulary, replay.gbnf, "root") else { continue }
            defer { llama_sampler_free(grammar) }
            for (index, token) in replay.tokens.enumerated() {
                if sampled.contains(firstStep + index) {
                    for id in candidates.indices { candidates[id] = llama_token_data(id: llama_token(id), logit: 0, p: 0) }
                    let start = ContinuousClock.now
                    candidates.withUnsafeMutableBufferPointer { buffer in
                        var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
                        llama_sampler_apply(grammar, &array)
                    }
                    llamaMicroseconds.append(microseconds(ContinuousClock.now - start))
                    bridleOnSample.append(coldMicroseconds[firstStep + index])
                }
                llama_sampler_accept(grammar, token)
            }
        }

        print("MaskBench replay: \(replays.count) instances of \(schemasPerSplit) + \(schemasPerSplit) schemas (Glaive, GitHub-easy), \(stepCount) steps"
            + (skipped > 0 ? " (\(skipped) instances left out: not in canonical layout or not tokenized back to their bytes)" : ""))
        print("  vocabulary view built in \(format(vocabularyMilliseconds, 1)) ms (once per model)")
        print("  Bridle full mask, µs, fastest of \(passes): " + summary(maskMicroseconds) + "; next token masked at \(masked) steps; mean \(allowedTotal / max(stepCount, 1)) tokens allowed")
        print("  Bridle full mask, µs, first pass: " + summary(coldMicroseconds))
        print("  Bridle time to first mask (compile + mask), ms: " + summary(firstMaskMilliseconds))
        // Steps over 1 ms by schema, and the slowest step of the five slowest schemas.
        var steps: [(microseconds: Double, replay: Int, step: Int)] = []
        var offset = 0
        for (replayIndex, replay) in replays.enumerated() {
            for index in replay.tokens.indices { steps.append((maskMicroseconds[offset + index], replayIndex, index)) }
            offset += replay.tokens.count
        }
        var slowBySchema: [String: Int] = [:]
        for step in steps where step.microseconds > 1000 { slowBySchema[replays[step.replay].name, default: 0] += 1 }
        print("  steps over 1 ms: \(slowBySchema.values.reduce(0, +)), in \(slowBySchema.count) schemas: "
            + slowBySchema.sorted { $0.value > $1.value }.prefix(8).map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        var shown: Set<String> = []
        for step in steps.sorted(by: { $0.microseconds > $1.microseconds }) where shown.count < 5 {
            let replay = replays[step.replay]
            guard shown.insert(replay.name).inserted else { continue }
            let before = String(decoding: model.bytes(for: Array(replay.tokens.prefix(step.step))), as: UTF8.self)
            print("  slowest in \(replay.name): \(format(step.microseconds / 1000, 1)) ms after …\(String(before.suffix(50)).debugDescription)")
        }
        print("  llama.cpp grammar sampler on \(llamaMicroseconds.count) sampled steps, µs: " + summary(llamaMicroseconds))
        let ratio = percentile(llamaMicroseconds, 0.5) / max(percentile(bridleOnSample, 0.5), 1e-9)
        print("  on those steps (both single passes) Bridle's p50 is \(format(percentile(bridleOnSample, 0.5), 0)) µs: llama.cpp/Bridle = \(format(ratio, 1))× at p50,"
            + " \(format(mean(llamaMicroseconds) / max(mean(bridleOnSample), 1e-9), 1))× in mean")
    }

    private func summary(_ values: [Double]) -> String {
        "mean \(format(mean(values), 1)), p50 \(format(percentile(values, 0.5), 1)), p99 \(format(percentile(values, 0.99), 1)), max \(format(values.max() ?? 0, 1))"
    }
}
