// FoundationModels 27-style code: the error types, tool-calling modes, capabilities and usage
// as code written for OS 27 uses them.
import Bridle
import Foundation

enum Pantry {
    /// A session as 27 code makes it: the one line Bridle needs is the error convention.
    static func session(model: any LanguageModel) -> LanguageModelSession {
        var policy = ToolPolicy()
        policy.errors = .foundationModels27
        return LanguageModelSession(model: model, tools: [FindRecipes()], instructions: "You plan dinners.", policy: policy)
    }

    /// What the model can do, as 27 code checks it before offering tools.
    static func canUseTools(_ model: any LanguageModel) -> Bool {
        model.capabilities.contains(.toolCalling) && model.capabilities.contains(.guidedGeneration)
    }

    static func mustLookUp(_ ingredient: String, in session: LanguageModelSession) async throws -> (Recipe, LanguageModelSession.Usage) {
        let options = GenerationOptions(temperature: 0.5, toolCallingMode: .required)
        let response = try await session.respond(to: "Find a recipe with \(ingredient)", generating: Recipe.self, options: options)
        return (response.content, response.usage)
    }

    static func answerDirectly(in session: LanguageModelSession) async throws -> String {
        let options = GenerationOptions(samplingMode: .greedy, toolCallingMode: .disallowed)
        return try await session.respond(to: "Say hello", options: options).content
    }

    /// The 27 error cases a ported app handles.
    static func message(for work: () async throws -> Void) async -> String {
        do {
            try await work()
            return "ok"
        } catch let error as LanguageModelError {
            switch error {
            case .contextSizeExceeded(let exceeded):
                return "too long: \(exceeded.tokenCount) of \(exceeded.contextSize)"
            case .unsupportedGenerationGuide(let guide):
                return "unsupported guide in \(guide.schemaName ?? "the answer")"
            case .rateLimited, .refusal, .guardrailViolation, .unsupportedCapability, .unsupportedLanguageOrLocale,
                .unsupportedTranscriptContent, .timeout:
                return "other: \(error.localizedDescription)"
            }
        } catch LanguageModelSession.Error.concurrentRequests {
            return "busy"
        } catch SystemLanguageModel.Error.assetsUnavailable {
            return "no model"
        } catch {
            return "unexpected: \(error)"
        }
    }
}
