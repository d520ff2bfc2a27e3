import Bridle
import BridleLlama
import Foundation

/// Many seeds of one request, as `bridle generate --count 8` runs them: answered one at a time
/// (`--batch-size 1`, or 2 with request emphasis, whose answers each decode a second row) against
/// all together (8 rows, or 16), with the same emphasis setting on both sides. Wall time for the
/// answers after a warm-up answer on each model, so loading and first-touch costs stay out.
struct ManySeedsBench {
    /// One request: a prompt and the JSON Schema its answers follow.
    struct Request {
        let name: String
        let prompt: String
        let schema: String
    }

    /// Short answers (22–40 tokens, a third of them forced) and long ones (a review of 200–400
    /// characters): how much a batch gains depends on how long and how even its answers are.
    static let requests = [
        Request(
            name: "a film (short answers)", prompt: "A film from 1985",
            schema: """
                {"type":"object","properties":{"title":{"type":"string","maxLength":40},\
                "year":{"type":"integer","minimum":1900,"maximum":2030},"genres":{"type":"array","items":{"type":"string",\
                "enum":["drama","comedy","action","horror","romance","science fiction","thriller","animation"]},"maxItems":3}},\
                "required":["title","year","genres"],"additionalProperties":false}
                """),
        Request(
            name: "a review (long answers)", prompt: "A review of a film from 1985",
            schema: """
                {"type":"object","properties":{"title":{"type":"string","maxLength":40},\
                "year":{"type":"integer","minimum":1900,"maximum":2030},"review":{"type":"string","minLength":200,"maxLength":400}},\
                "required":["title","year","review"],"additionalProperties":false}
                """),
    ]

    let modelPath: String
    let threads: Int
    let seeds: ClosedRange<UInt64> = 1...8

    /// One run of every seed on `model`: seconds, and each answer's response tokens.
    func answer(_ request: Request, on model: LlamaLanguageModel, emphasis: Bool) async throws -> (seconds: Double, tokens: [Int]) {
        let constraint = try OutputConstraint(schema: try GenerationSchema(jsonSchema: request.schema))
        var options = GenerationOptions()
        if !emphasis { options.requestEmphasis = nil }
        await model.clearCache()
        let start = ContinuousClock.now
        let answers = try await model.checkedAnswers(to: [.user(request.prompt)], constraint: constraint, seeds: seeds, options: options)
        let elapsed = seconds(ContinuousClock.now - start)
        return (elapsed, try answers.map { try $0.result.get().statistics.responseTokens })
    }

    /// Alternated rounds of one request and emphasis setting: one at a time, then together.
    func measure(_ request: Request, emphasis: Bool, rounds: Int) async throws -> String {
        let rows = emphasis ? 2 : 1
        let alone = try LlamaLanguageModel(
            contentsOf: URL(fileURLWithPath: modelPath), configuration: LlamaConfiguration(threads: threads, sequences: rows))
        let together = try LlamaLanguageModel(
            contentsOf: URL(fileURLWithPath: modelPath), configuration: LlamaConfiguration(threads: threads, sequences: rows * seeds.count))
        _ = try await answer(request, on: alone, emphasis: emphasis)
        _ = try await answer(request, on: together, emphasis: emphasis)
        var (aloneSeconds, togetherSeconds): ([Double], [Double]) = ([], [])
        var (aloneTokens, togetherTokens): ([Int], [Int]) = ([], [])
        for _ in 0..<rounds {
            let one = try await answer(request, on: alone, emphasis: emphasis)
            let all = try await answer(request, on: together, emphasis: emphasis)
            aloneSeconds.append(one.seconds)
            togetherSeconds.append(all.seconds)
            (aloneTokens, togetherTokens) = (one.tokens, all.tokens)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let ratios = zip(aloneSeconds, togetherSeconds).map { String(format: "%.2f", $0 / $1) }.joined(separator: ", ")
        // The rows a batch keeps busy: its answers' mean length over its longest, which it waits for.
        let busy = Double(togetherTokens.reduce(0, +)) / Double(togetherTokens.count) / Double(max(togetherTokens.max() ?? 1, 1))
        // Answers differ between batch sizes (a batch rounds logits differently), and so do their
        // lengths: the tokens/s ratio sets that apart from the time's.
        let (aloneCount, togetherCount) = (aloneTokens.reduce(0, +), togetherTokens.reduce(0, +))
        let rates = (Double(togetherCount) / median(togetherSeconds)) / (Double(aloneCount) / median(aloneSeconds))
        return String(
            format: "| %@ | %@ | %.2f s (%d tokens) | %.2f s (%d tokens) | %.2f× (%@) | %.2f× | %.0f%% |", request.name, emphasis ? "on" : "off",
            median(aloneSeconds), aloneCount, median(togetherSeconds), togetherCount,
            median(aloneSeconds) / median(togetherSeconds), ratios, rates, busy * 100)
    }
}
