import Bridle
import BridleTestSupport
import Testing

/// Runs the FoundationModels-style code on scripted models through the default model, so
/// the suite is serialized: it is the only one that configures ``SystemLanguageModel``.
@Suite(.serialized) struct PortingTests {
    static let soup = #"{"name":"Tomato soup","minutes":20}"#

    @Test func withoutAConfiguredModelTheDefaultIsUnavailable() async {
        SystemLanguageModel.configure(nil)
        #expect(Kitchen.availabilityMessage() == "model not ready")
        #expect(SystemLanguageModel.default.isAvailable == false)
        let message = await Kitchen.message { _ = try await Kitchen.chat(["Hi"]) }
        #expect(message == "no model")
    }

    @Test func withoutAModelTheSystemModelErrorIsThrownUnder27() async {
        let message = await Pantry.message {
            var policy = ToolPolicy()
            policy.errors = .foundationModels27
            SystemLanguageModel.configure(nil)
            _ = try await LanguageModelSession(model: SystemLanguageModel(useCase: .general), policy: policy).respond(to: "Hi")
        }
        #expect(message == "no model")
    }

    @Test func aSessionWithoutAModelUsesTheConfiguredOne() async throws {
        let model = ScriptedModel(
            #"{"tool":"FindRecipes","arguments":{"ingredient":"tomato"}}"#, #"{"response":\#(Self.soup)}"#)
        SystemLanguageModel.configure(model)
        defer { SystemLanguageModel.configure(nil) }
        #expect(Kitchen.availabilityMessage() == "ready")
        let recipe = try await Kitchen.planDinner(with: "tomato", brief: true)
        #expect(recipe.name == "Tomato soup")
        #expect(model.requests.count == 2)
    }

    @Test func promptsAndInstructionsAreTextAndDiscardedResultsAreFine() async throws {
        SystemLanguageModel.configure(ScriptedModel(#"Hello"#, #"Hi again"#, "Bye"))
        defer { SystemLanguageModel.configure(nil) }
        #expect(try await Kitchen.chat(["Hi", "And?"]) == ["Hello", "Hi again"])
    }

    @Test func aStreamIsOneRequestAndCollectReturnsItsAnswer() async throws {
        let model = ScriptedModel(Self.soup)
        SystemLanguageModel.configure(model)
        defer { SystemLanguageModel.configure(nil) }
        let (snapshots, last, final) = try await Kitchen.streamDinner()
        #expect(snapshots > 2)
        #expect(last?.name == "Tomato soup")
        #expect(final.minutes == 20)
        #expect(model.requests.count == 1)
    }

    @Test func toolOutputReadsBackAsSegments() async throws {
        let model = ScriptedModel(
            #"{"tool":"suggestRecipe","arguments":{"cuisine":"Irish"}}"#,
            #"{"tool":"FindRecipes","arguments":{"ingredient":"leek"}}"#,
            #"{"response":"Stew, then soup."}"#)
        let session = LanguageModelSession(model: model, tools: [SuggestRecipe(), FindRecipes()])
        try await session.respond(to: "Dinner ideas")
        #expect(try Kitchen.toolResults(of: session) == [
            #"call: suggestRecipe {"cuisine":"Irish"}"#,
            "recipe: Irish stew",
            #"call: FindRecipes {"ingredient":"leek"}"#,
            #"GeneratedContent: {"ingredient":"leek","recipes":[{"name":"Leek soup","minutes":20}],"count":1}"#,
        ])
    }

    @Test func errorsArriveAsFoundationModelsTypes() async throws {
        let broken = LanguageModelSession(
            model: ScriptedModel(#"{"tool":"BrokenOven","arguments":{"degrees":180}}"#), tools: [BrokenOven()])
        #expect(await Kitchen.message { try await broken.respond(to: "Preheat") } == "tool BrokenOven failed: OvenError()")
        let cut = LanguageModelSession(model: ScriptedModel(#"{"name":"Tomato"#))
        #expect(await Kitchen.message { try await cut.respond(to: "Dinner", generating: Recipe.self) } == "unreadable")
    }

    @Test func generableValuesAndMixedPropertiesBecomeContent() throws {
        #expect(Kitchen.describe(Recipe(name: "Soup", minutes: 5)).jsonString == #"{"name":"Soup","minutes":5}"#)
    }
}
