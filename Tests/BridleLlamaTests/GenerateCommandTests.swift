import Bridle
import BridleTestSupport
import Foundation
import Testing

/// `bridle grammar` and `bridle generate` with a schema whose grammar admits more than the
/// schema (`uniqueItems`): the gap is declared, `--strict` refuses it, and an answer that
/// falls into it is never printed as a success.
@Suite struct GenerateCommandTests {
    /// Two elements from two values, all different: the grammar admits `["a","a"]`.
    static let schema = #"{"type":"object","properties":{"words":{"type":"array","items":{"enum":["a","b"]},"minItems":2,"maxItems":2,"uniqueItems":true}},"required":["words"]}"#

    private func schemaFile() throws -> URL {
        let file = TestModels.folder.appendingPathComponent("unique-words.schema.json")
        try Data(Self.schema.utf8).write(to: file)
        return file
    }

    @Test func grammarWarnsOfEveryPostCheckAndStrictRefuses() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let file = try schemaFile()
        let warning = "#/properties/words/uniqueItems: the grammar admits arrays with repeated elements; Bridle checks them after generation (in-process decoding enforces it while writing)"
        let plain = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["grammar", "--json-schema", file.path])
        #expect(plain.status == 0)
        #expect(plain.errors.contains("warning: \(file.path): \(warning)"))
        #expect(plain.output.hasPrefix("# warning: \(warning)\n"))
        let strict = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["grammar", "--json-schema", file.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.output.isEmpty)
        #expect(strict.errors.contains("#/properties/words/uniqueItems"))
    }

    /// `--reasoning N`: standard output holds the answer alone, valid JSON of the schema;
    /// `--show-reasoning` puts the reasoning on standard error, and without `--reasoning` is a
    /// usage error.
    @Test func reasoningStaysOffStandardOutput() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let base = ["generate", "--model", TestModels.large.path, "--json-schema", try schemaFile().path, "--prompt", "Two words", "--seed", "3"]
        let run = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--reasoning", "6", "--show-reasoning", "--statistics"])
        #expect(run.status == 0, "\(run.errors)")
        let answer = try GeneratedContent(json: run.output)
        #expect(try answer.value([String].self, forProperty: "words").count == 2)
        #expect(run.errors.contains("reasoning: ") && run.errors.contains(ReasoningStyle.trigger), "\(run.errors)")
        #expect(run.errors.contains("tokens before the answer"), "\(run.errors)")
        let unasked = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--show-reasoning"])
        #expect(unasked.status != 0)
        #expect(unasked.errors.contains("--show-reasoning"))
    }

    /// `--statistics` with `--model` measures the constraint's pressure and names each value it
    /// pressed on, by JSON pointer, and the answer's end apart (the tiny model's flat
    /// distribution gives no refused token 1% of the probability, so none is named).
    @Test func statisticsReportPressureByPath() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let run = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
            "generate", "--model", TestModels.large.path, "--json-schema", try schemaFile().path, "--prompt", "Two words", "--seed", "3", "--statistics",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("pressure #/words"), "\(run.errors)")
        #expect(run.errors.contains("pressure the end: "), "\(run.errors)")
    }

    /// `bridle match --json-schema` judges an input as every answer is judged: the grammar
    /// (in the chosen layout), then the checks the grammar leaves to after generation.
    @Test(arguments: [
        (#"{"words": ["a", "b"]}"#, [String](), Int32(0), "match"),
        (#"{"words": ["a", "a"]}"#, [], 1, "no match: #/words: has equal items"),
        (#"{"words":["a","b"]}"#, [], 1, "no match: byte 9"),
        (#"{"words":["a","b"]}"#, ["--layout", "compact"], 0, "match"),
        (#"{"words": ["a", "c"]}"#, [], 1, "no match: byte 17"),
    ])
    func matchJudgesByGrammarAndPostChecks(input: String, extra: [String], status: Int32, printed: String) throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let inputFile = TestModels.folder.appendingPathComponent("unique-words-\(UUID().uuidString).json")
        try Data(input.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let run = try BuiltExecutable.runCapturingErrors(
            bridle, arguments: ["match", "--json-schema", try schemaFile().path, "--input", inputFile.path] + extra)
        #expect(run.status == status, "\(run.output) \(run.errors)")
        #expect(run.output.hasPrefix(printed), "\(run.output)")
    }

    /// With one attempt a refused answer fails the run and is never printed; with more it is
    /// shown back to the model and generated again, as in a session. The grammar of an
    /// overlapping `oneOf` admits values matching both branches (an integer of at least 0), which
    /// only the check after generation refuses: one attempt fails some seeds of a random model,
    /// three rescue some of them. Distinct elements are enforced while decoding: never refused.
    @Test func generateNeverPrintsAnAnswerItsSchemaRejects() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let overlapping = #"{"type":"object","properties":{"n":{"oneOf":[{"type":"integer"},{"type":"number","minimum":0}]}},"required":["n"],"additionalProperties":false}"#
        let overlappingFile = TestModels.folder.appendingPathComponent("overlapping-\(UUID().uuidString).json")
        try Data(overlapping.utf8).write(to: overlappingFile)
        defer { try? FileManager.default.removeItem(at: overlappingFile) }
        let cases: [(name: String, file: URL, schema: String, attempts: String, prompt: String, error: String)] = [
            ("oneOf, 1 attempt", overlappingFile, overlapping, "1", "A number", "exactly one is required"),
            ("oneOf, 3 attempts", overlappingFile, overlapping, "3", "A number", "exactly one is required"),
            ("distinct, 1 attempt", try schemaFile(), Self.schema, "1", "Two words", "has equal items"),
        ]
        var answered: [String: Int] = [:]
        for testCase in cases {
            let schema = try GenerationSchema(jsonSchema: testCase.schema)
            for seed in 0..<8 {
                let run = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
                    "generate", "--model", TestModels.large.path, "--json-schema", testCase.file.path, "--prompt", testCase.prompt,
                    "--seed", String(seed), "--attempts", testCase.attempts,
                ])
                if run.status == 0 {
                    let answer = try GeneratedContent(json: run.output)
                    #expect(schema.violations(of: answer).isEmpty, "\(testCase.name), seed \(seed): \(run.output) printed as a success")
                    answered[testCase.name, default: 0] += 1
                } else {
                    #expect(run.status == 1)
                    #expect(run.output.isEmpty, "\(testCase.name), seed \(seed): a refused answer was printed: \(run.output)")
                    #expect(run.errors.contains("error: the answer breaks its schema: #/"), "\(testCase.name), seed \(seed): \(run.errors)")
                    #expect(run.errors.contains(testCase.error), "\(testCase.name), seed \(seed): \(run.errors)")
                }
            }
        }
        #expect(answered["oneOf, 1 attempt", default: 0] < 8)
        #expect(answered["oneOf, 3 attempts", default: 0] > answered["oneOf, 1 attempt", default: 0])
        #expect(answered["distinct, 1 attempt"] == 8, "the mask never lets an element repeat")
    }

    @Test func includeSchemaShowsTheSchemaToTheModel() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let file = try schemaFile()
        func promptTokens(_ extra: [String]) throws -> Int? {
            let run = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
                "generate", "--model", TestModels.large.path, "--json-schema", file.path, "--prompt", "Two words", "--seed", "1", "--statistics",
            ] + extra)
            guard let line = run.errors.split(separator: "\n").first(where: { $0.hasPrefix("prompt: ") }) else { return nil }
            return Int(line.dropFirst("prompt: ".count).prefix(while: \.isNumber))
        }
        let plain = try #require(try promptTokens([]))
        let shown = try #require(try promptTokens(["--include-schema"]))
        // The schema's JSON text, at least a token a byte pair, is in the prompt.
        #expect(shown > plain + Self.schema.utf8.count / 4)
        let refused = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
            "generate", "--model", TestModels.large.path, "--prompt", "x", "--include-schema",
        ])
        #expect(refused.status != 0)
        #expect(refused.errors.contains("--include-schema shows the --json-schema to the model"))
    }

    /// `--emphasis 1` is emphasis off, as the help says: it answers as the default does where
    /// emphasis can't run (one sequence). Emphasis on one sequence is refused naming the flags
    /// that fix it.
    @Test func emphasisOneIsOffAndEmphasisOnOneSequenceNamesTheFlags() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let base = ["generate", "--model", TestModels.large.path, "--json-schema", try schemaFile().path, "--prompt", "Two words", "--seed", "3"]
        let plain = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--batch-size", "1"])
        let off = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--emphasis", "1"])
        let offOneSequence = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--emphasis", "1", "--batch-size", "1"])
        #expect(off.status == 0, "\(off.errors)")
        #expect(off.output == plain.output)
        #expect(offOneSequence.output == plain.output)
        let refused = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--emphasis", "1.5", "--batch-size", "1"])
        #expect(refused.status != 0)
        #expect(refused.errors.contains("give --batch-size 2 or more"))
        #expect(!refused.errors.contains("LlamaConfiguration"))
    }

    /// A value the options refuse is told by the flag that set it, before the model runs.
    @Test(arguments: [(["--temperature=-1"], "--temperature: temperature must be"), (["--max-tokens=-3"], "--max-tokens: maximumResponseTokens must be")])
    func aBadValueNamesItsFlag(flags: [String], message: String) throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let run = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
            "generate", "--model", TestModels.large.path, "--json-schema", try schemaFile().path, "--prompt", "Two words",
        ] + flags)
        #expect(run.status != 0)
        #expect(run.errors.contains(message), "\(run.errors)")
    }

    /// `--count N`: N answers, one a line in seed order, each the answer that seed gives alone
    /// (the tiny f32 model is batch-invariant); `--batch-size 1` decodes them one at a time.
    @Test func countPrintsOneAnswerPerSeedDecodedTogether() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let base = ["generate", "--model", TestModels.large.path, "--json-schema", try schemaFile().path, "--prompt", "Two words", "--top-k", "40"]
        let together = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--seed", "5", "--count", "4", "--statistics"])
        let apart = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--seed", "5", "--count", "4", "--batch-size", "1"])
        #expect(together.status == 0, "\(together.errors)")
        let lines = together.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4)
        for line in lines {
            let words = try GeneratedContent(json: String(line)).value(forProperty: "words").elements()
            #expect(Set(words).count == 2)
        }
        #expect(apart.output == together.output)
        #expect(together.errors.contains("4 answers in"))
        let alone = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--seed", "7"])
        #expect(alone.output + "\n" == String(lines[2]) + "\n")
    }

    @Test func bestOfListsEveryCandidateAndGreedyCountIsRefused() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let base = ["generate", "--model", TestModels.large.path, "--json-schema", try schemaFile().path, "--prompt", "Two words"]
        let best = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--seed", "1", "--best-of", "3", "--statistics"])
        #expect(best.status == 0, "\(best.errors)")
        #expect(best.errors.components(separatedBy: "candidate ").count - 1 == 3)
        #expect(best.errors.contains("chosen"))
        let greedy = try BuiltExecutable.runCapturingErrors(bridle, arguments: base + ["--greedy", "--count", "2"])
        #expect(greedy.status != 0)
        #expect(greedy.errors.contains("--greedy"))
    }
}
