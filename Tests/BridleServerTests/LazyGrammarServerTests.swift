import Bridle
import BridleServer
import BridleTestSupport
import Foundation
import Testing

/// A lazy constraint (``OutputConstraint/lazy(trigger:)``) on a real llama-server: the server's
/// own lazy grammar leaves the text before the trigger free and applies the grammar from the
/// trigger on, and Bridle checks the answer the same way.
@Suite(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
struct LazyGrammarServerTests {
    @Test func theGrammarStartsAtTheTrigger() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.large.url)
        let model = try ServerLanguageModel(configuration: ServerTestModels.configuration([server.url], serving: ServerTestModels.large))
        let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 12)
        // What the model writes unconstrained, token by token: the trigger is two whole tokens
        // of it, so the same greedy run reaches it.
        var pieces: [String] = []
        do {
            for try await event in model.generate(GenerationRequest(messages: [.user("Hello")], options: options)) {
                if case .text(let piece) = event { pieces.append(piece) }
            }
        } catch ResponseError.exceededMaximumResponseTokens {}
        try #require(pieces.count >= 4)
        let before = pieces[0..<2].joined()
        let trigger = pieces[2..<4].joined()
        try #require(!trigger.isEmpty && !(before + trigger).dropLast().contains(trigger))
        let grammar = Grammar(rules: [Rule(name: "root", body: .sequence([.literal(trigger), .literal("!")]))])
        let constraint = try OutputConstraint(grammar: grammar).lazy(trigger: trigger)
        var lazyOptions = options
        lazyOptions.maximumResponseTokens = 40
        let (text, _, _) = try await model.complete(GenerationRequest(messages: [.user("Hello")], constraint: constraint, options: lazyOptions))
        #expect(text == before + trigger + "!")
    }
}
