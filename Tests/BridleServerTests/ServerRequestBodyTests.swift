import Bridle
@testable import BridleServer
import Foundation
import Testing

/// The bodies each engine receives, pinned byte for byte against the engines' documented
/// shapes: llama-server's `/completion` (`prompt`, `n_predict`, `grammar`), vLLM's
/// `/v1/completions` (`structured_outputs.grammar` since 0.10.2; `guided_grammar` before 0.12),
/// SGLang's `/v1/completions` (`ebnf`), and OpenAI's chat completions (`response_format`).
@Suite struct ServerRequestBodyTests {
    static let endpoint = URL(string: "http://127.0.0.1:8080")!
    static let grammar = try! Grammar(gbnf: #"root ::= "yes" | "no""#)
    static let options = GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 42), temperature: 0.7, maximumResponseTokens: 16)
    static let request = GenerationRequest(messages: [.system("Answer."), .user("Ready?")], constraint: try! OutputConstraint(grammar: grammar), options: options)
    static let grammarText = #"root ::= \"yes\" | \"no\"\n"#
    static let prompt = #"Answer.\n\nUser: Ready?\nAssistant:"#

    static func body(_ engine: ServerEngine, model: String? = "gemma", request: GenerationRequest = request) throws -> String {
        try ServerLanguageModel(configuration: ServerConfiguration(endpoints: [endpoint], engine: engine, model: model))
            .requestBody(for: request)
    }

    @Test func llamaServerCompletion() throws {
        let body = try Self.body(.llamaServer)
        #expect(body == #"{"prompt":"\#(Self.prompt)","n_predict":16,"temperature":0.7,"top_k":0,"top_p":0.9,"min_p":0,"seed":42,"stream":true,"cache_prompt":true,"grammar":"\#(Self.grammarText)"}"#)
    }

    /// A written prompt goes as it is to the engines that take text, and is refused by the
    /// chat-only one.
    @Test func aWrittenPromptIsSentAsItIs() throws {
        var request = Self.request
        request.promptText = "Ready? "
        #expect(try Self.body(.llamaServer, request: request).hasPrefix(#"{"prompt":"Ready? ","#))
        #expect(try Self.body(.vLLM, request: request).contains(#""prompt":"Ready? ","#))
        #expect(throws: ServerError.promptTextUnsupported(engine: .openAICompatible)) { try Self.body(.openAICompatible, request: request) }
    }

    /// A lazy constraint is llama-server's lazy grammar, its trigger preserved (a one-token
    /// trigger must be); the other engines have no such field and refuse it.
    @Test func aLazyConstraintIsLlamaServersLazyGrammar() throws {
        var request = Self.request
        let lazy = Grammar(rules: [Rule(name: "root", body: .sequence([.literal("<call>"), .reference("answer")]))] + Self.grammar.rules.map {
            Rule(name: $0.name == "root" ? "answer" : $0.name, body: $0.body)
        })
        request.constraint = try OutputConstraint(grammar: lazy).lazy(trigger: "<call>")
        let body = try Self.body(.llamaServer, request: request)
        #expect(body.hasSuffix(#""grammar_lazy":true,"grammar_triggers":[{"type":1,"value":"<call>"}],"preserved_tokens":["<call>"]}"#), "\(body)")
        for engine in [ServerEngine.vLLM, .sglang, .vLLMGuidedGrammar, .openAICompatible] {
            #expect(throws: ServerError.lazyGrammarUnsupported(trigger: "<call>")) { try Self.body(engine, request: request) }
        }
    }

    @Test func vLLMStructuredOutputs() throws {
        let body = try Self.body(.vLLM)
        #expect(body == #"{"model":"gemma","prompt":"\#(Self.prompt)","max_tokens":16,"temperature":0.7,"top_k":-1,"top_p":0.9,"seed":42,"stream":true,"stream_options":{"include_usage":true},"structured_outputs":{"grammar":"\#(Self.grammarText)"}}"#)
    }

    @Test func vLLMGuidedGrammar() throws {
        let body = try Self.body(.vLLMGuidedGrammar)
        #expect(body == #"{"model":"gemma","prompt":"\#(Self.prompt)","max_tokens":16,"temperature":0.7,"top_k":-1,"top_p":0.9,"seed":42,"stream":true,"stream_options":{"include_usage":true},"guided_grammar":"\#(Self.grammarText)"}"#)
    }

    @Test func sglangEBNF() throws {
        let body = try Self.body(.sglang)
        #expect(body == #"{"model":"gemma","prompt":"\#(Self.prompt)","max_tokens":16,"temperature":0.7,"top_k":-1,"top_p":0.9,"seed":42,"stream":true,"stream_options":{"include_usage":true},"ebnf":"\#(Self.grammarText)"}"#)
    }

    /// Chat-only servers get the schema, strict, and the messages for their own template.
    @Test func openAIChatGetsTheSchema() throws {
        let schema = try GenerationSchema(root: DynamicGenerationSchema(name: "Answer", anyOf: ["yes", "no"]), dependencies: [])
        let request = GenerationRequest(messages: [.user("Ready?")], constraint: try OutputConstraint(schema: schema), options: GenerationOptions(sampling: .greedy))
        let body = try Self.body(.openAICompatible, request: request)
        #expect(body == #"{"model":"gemma","messages":[{"role":"user","content":"Ready?"}],"temperature":0,"stream":true,"stream_options":{"include_usage":true},"response_format":{"type":"json_schema","json_schema":{"name":"answer","strict":true,"schema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"string","title":"Answer","enum":["yes","no"]}}}}"#)
    }

    @Test func openAIChatRefusesAGrammarWithoutSchema() throws {
        #expect(throws: ServerError.grammarUnsupported(engine: .openAICompatible)) {
            try Self.body(.openAICompatible)
        }
    }

    /// Greedy is temperature 0 with top-k 1; no sampling mode turns every filter off; a
    /// request without grammar sends no grammar field.
    @Test(arguments: [
        (SamplingMode.greedy, #""temperature":0,"top_k":1,"min_p":0"#),
        (SamplingMode.random(top: 5, seed: 7), #""temperature":1,"top_k":5,"top_p":1,"min_p":0,"seed":7"#),
    ])
    func samplingModes(mode: SamplingMode, fields: String) throws {
        let request = GenerationRequest(messages: [.user("Hi")], options: GenerationOptions(sampling: mode))
        let body = try Self.body(.llamaServer, request: request)
        #expect(body.contains(fields))
        #expect(!body.contains("grammar"))
    }

    @Test func defaultSamplingTurnsTheServersFiltersOff() throws {
        let body = try Self.body(.llamaServer, request: GenerationRequest(messages: [.user("Hi")]))
        #expect(body.contains(#""temperature":1,"top_k":0,"top_p":1,"min_p":0,"stream""#))
    }

    /// Seeds above 31 bits fold into 31 bits, the same way every time, so llama-server never
    /// reads the "draw a seed" value 0xFFFFFFFF.
    @Test(arguments: [0, 42, 0x7FFF_FFFF, 0xFFFF_FFFF, 0x1_0000_0001, UInt64.max] as [UInt64])
    func seedsFoldInto31Bits(seed: UInt64) {
        let folded = ServerRequestBody.serverSeed(seed)
        #expect(folded <= 0x7FFF_FFFF)
        #expect(folded == ServerRequestBody.serverSeed(seed))
        if seed <= 0x7FFF_FFFF { #expect(UInt64(folded) == seed) }
    }

    /// Excluded tokens: "never" on llama-server, the strongest bias on OpenAI-style endpoints.
    @Test func excludedTokensAreLogitBiases() throws {
        let request = GenerationRequest(messages: [.user("Hi")], options: GenerationOptions(sampling: .greedy))
        let llama = try ServerLanguageModel(configuration: ServerConfiguration(endpoints: [Self.endpoint], excludedTokens: [3, 70]))
        #expect(try llama.requestBody(for: request).contains(#""logit_bias":[[3,false],[70,false]]"#))
        let vLLM = try ServerLanguageModel(configuration: ServerConfiguration(endpoints: [Self.endpoint], engine: .vLLM, excludedTokens: [3, 70]))
        #expect(try vLLM.requestBody(for: request).contains(#""logit_bias":{"3":-100,"70":-100}"#))
    }

    @Test func theSameRequestGivesTheSameBytes() throws {
        let body = try Self.body(.vLLM)
        #expect(try body == Self.body(.vLLM))
    }
}
