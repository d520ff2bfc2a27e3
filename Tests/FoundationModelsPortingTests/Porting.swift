// FoundationModels-style code: the session API as ported apps use it.
import Bridle
import Foundation

enum Kitchen {
    static func availabilityMessage() -> String {
        switch SystemLanguageModel.default.availability {
        case .available:
            "ready"
        case .unavailable(.deviceNotEligible):
            "device not eligible"
        case .unavailable(.appleIntelligenceNotEnabled):
            "Apple Intelligence is off"
        case .unavailable(.modelNotReady):
            "model not ready"
        }
    }

    static func planDinner(with ingredient: String, brief: Bool) async throws -> Recipe {
        let session = LanguageModelSession(tools: [FindRecipes()]) {
            "You plan dinners."
            if brief {
                "Keep it short."
            }
        }
        session.prewarm()
        let response = try await session.respond(generating: Recipe.self) {
            "Plan a dinner with"
            ingredient
        }
        return response.content
    }

    static func chat(_ prompts: [String]) async throws -> [String] {
        let session = LanguageModelSession(instructions: Instructions("You chat about food."))
        var answers: [String] = []
        for prompt in prompts {
            let response = try await session.respond(to: Prompt(prompt))
            answers.append(response.content)
        }
        try await session.respond(to: "Thanks!")
        return answers
    }

    static func streamDinner() async throws -> (snapshots: Int, last: Recipe.PartiallyGenerated?, final: Recipe) {
        let session = LanguageModelSession()
        let stream = session.streamResponse(generating: Recipe.self) {
            "Plan a dinner"
        }
        var snapshots = 0
        var last: Recipe.PartiallyGenerated?
        for try await partial in stream {
            snapshots += 1
            last = partial.content
        }
        let final = try await stream.collect()
        return (snapshots, last, final.content)
    }

    /// Reads what the tools returned, as FoundationModels' transcript segments.
    static func toolResults(of session: LanguageModelSession) throws -> [String] {
        var results: [String] = []
        for entry in session.transcript {
            if case .toolOutput(let output) = entry {
                for segment in output.segments {
                    switch segment {
                    case .structure(let structure):
                        if structure.source == "Recipe" {
                            results.append("recipe: " + (try structure.content.value(Recipe.self)).name)
                        } else {
                            results.append("\(structure.source): \(structure.content.jsonString)")
                        }
                    case .text(let text):
                        results.append("text: " + text.content)
                    }
                }
            }
            if case .toolCalls(let calls) = entry {
                for call in calls {
                    results.append("call: \(call.toolName) \(call.arguments.jsonString)")
                }
            }
        }
        return results
    }

    /// Turns errors into the messages an app shows, by FoundationModels' types and cases.
    static func message(for request: () async throws -> Void) async -> String {
        do {
            try await request()
            return "ok"
        } catch let error as LanguageModelSession.GenerationError {
            switch error {
            case .exceededContextWindowSize(let context):
                return "too long: \(context.debugDescription)"
            case .assetsUnavailable:
                return "no model"
            case .decodingFailure:
                return "unreadable"
            case .guardrailViolation, .refusal, .unsupportedLanguageOrLocale:
                return "refused"
            case .concurrentRequests:
                return "busy"
            default:
                return "failed: \(error.localizedDescription)"
            }
        } catch let error as LanguageModelSession.ToolCallError {
            return "tool \(error.tool.name) failed: \(error.underlyingError)"
        } catch {
            return "other: \(error)"
        }
    }

    static func describe(_ recipe: Recipe) -> GeneratedContent {
        GeneratedContent(recipe)
    }
}
