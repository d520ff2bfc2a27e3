import Bridle
import BridleTestSupport
import Foundation
import Testing

/// FoundationModels 27-style code (Porting27.swift) on scripted models.
struct Porting27Tests {
    static let soup = #"{"name":"Tomato soup","minutes":20}"#

    @Test func bridleModelsCallToolsAndFollowSchemas() {
        #expect(Pantry.canUseTools(ScriptedModel()))
        #expect(!ScriptedModel().capabilities.contains(.vision))
    }

    /// `.required`: the first turn's grammar admits only calls, so even a model that wants
    /// to answer at once calls the tool; the answer comes after.
    @Test func aRequiredToolCallComesFirstAndUsageCountsEveryTurn() async throws {
        let model = ScriptedModel(#"{"tool":"FindRecipes","arguments":{"ingredient":"tomato"}}"#, #"{"response":\#(Self.soup)}"#)
        let session = Pantry.session(model: model)
        let (recipe, usage) = try await Pantry.mustLookUp("tomato", in: session)
        #expect(recipe.name == "Tomato soup")
        let firstGrammar = try #require(model.requests.first?.constraint?.gbnf)
        #expect(!firstGrammar.contains("response"), "the first turn admits only calls")
        #expect(model.requests.last?.constraint?.gbnf.contains("response") == true)
        #expect(usage.input.totalTokenCount == 2 && usage.output.totalTokenCount == 58 + 48, "one token a byte, both turns")
        #expect(usage.totalTokenCount == 2 + 106 && usage.output.reasoningTokenCount == 0)
        #expect(session.usage == usage)
    }

    @Test func aDisallowedToolCallLeavesOnlyTheAnswer() async throws {
        let model = ScriptedModel("Hello!")
        let session = Pantry.session(model: model)
        #expect(try await Pantry.answerDirectly(in: session) == "Hello!")
        #expect(model.requests.first?.constraint == nil, "no tool grammar: a plain answer")
        #expect(session.usage.output.totalTokenCount == 6)
    }

    @Test func contextSizeExceededCarriesTheCounts() async {
        let message = await Pantry.message {
            _ = try await Pantry.session(model: OverfullModel()).respond(to: "Hi")
        }
        #expect(message == "too long: 5000 of 4096")
    }

    @Test func anUnsupportedGuideNamesTheTool() async {
        let message = await Pantry.message {
            var policy = ToolPolicy()
            policy.errors = .foundationModels27
            _ = try await LanguageModelSession(model: ScriptedModel(), tools: [ImpossibleTool()], policy: policy).respond(to: "Hi")
        }
        #expect(message == "unsupported guide in ImpossibleTool")
    }
}

/// A model whose context is always too small for the prompt.
private struct OverfullModel: LanguageModel {
    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { $0.finish(throwing: ResponseError.exceededContextWindowSize(promptTokens: 5000, contextSize: 4096)) }
    }
}

/// A tool whose arguments no grammar can express (an empty range).
private struct ImpossibleTool: Tool {
    let description = "Asks for a number in an empty range"
    var parameters: GenerationSchema {
        GenerationSchema(root: .object(ObjectShape(properties: [
            SchemaProperty(name: "n", node: .integer(IntegerConstraints(minimum: 5, maximum: 1))),
        ])))
    }

    func call(arguments: GeneratedContent) async throws -> String { "" }
}
