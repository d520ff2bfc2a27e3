import BridleGeneration
import BridleGGUF
@testable import BridleLlama
import Foundation
import Testing

@Suite struct LlamaModelLoadingTests {
    @Test func missingFileIsNamed() {
        let path = TestModels.folder.appendingPathComponent("absent.gguf")
        #expect(throws: LlamaError.modelFileNotFound(path: path.path)) {
            _ = try LlamaLanguageModel(contentsOf: path)
        }
    }

    @Test func fileThatIsNotGGUFIsRejectedBeforeLlamaSeesIt() throws {
        let url = TestModels.folder.appendingPathComponent("not-a-model.gguf")
        try Data("{\"this\": \"is JSON\"}".utf8).write(to: url)
        #expect {
            _ = try LlamaLanguageModel(contentsOf: url)
        } throws: { error in
            guard case let .notGGUF(path, reason) = error as? LlamaError else { return false }
            return path == url.path && !reason.isEmpty
        }
    }

    @Test func truncatedModelIsAnError() throws {
        let data = try Data(contentsOf: TestModels.small)
        let url = TestModels.folder.appendingPathComponent("truncated.gguf")
        try data.prefix(data.count / 2).write(to: url)
        #expect {
            _ = try LlamaLanguageModel(contentsOf: url)
        } throws: { error in
            switch error as? LlamaError {
            case .notGGUF, .modelLoadFailed: true
            default: false
            }
        }
    }

    @Test func unknownArchitectureIsNamed() throws {
        let url = TestModels.folder.appendingPathComponent("unknown-architecture.gguf")
        let writer = try GGUFWriter(url: url, metadata: [GGUFMetadataEntry("general.architecture", .string("bridle-unknown"))], tensors: [])
        try writer.finish()
        #expect {
            _ = try LlamaLanguageModel(contentsOf: url)
        } throws: { error in
            guard case let .unsupportedArchitecture(_, architecture, messages) = error as? LlamaError else { return false }
            return architecture == "bridle-unknown" && !messages.isEmpty
        }
    }

    @Test func contextLongerThanTrainingIsRefused() {
        #expect(throws: LlamaError.contextTooLarge(requested: 100_000, trained: 2048)) {
            _ = try LlamaLanguageModel(contentsOf: TestModels.small, configuration: LlamaConfiguration(contextSize: 100_000))
        }
    }

    @Test func loadedModelReportsItsShape() throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        #expect(model.vocabularySize == 32_000)
        #expect(model.contextSize == 2048)
    }

    @Test func tinyModelsCarryChatMLAndLlamaAppliesIt() throws {
        let model = try LlamaModel(path: TestModels.small.path)
        let messages: [ChatMessage] = [.system("Be brief."), .user("Hi")]
        let template = ChatTemplate(template: model.chatTemplate)
        #expect(model.chatTemplate != nil)
        #expect(template.prompt(for: messages) == ChatTemplate.chatML(messages))
        #expect(ChatTemplate.chatML(messages) == "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n")
    }

    @Test func unrecognisedTemplateFallsBackToChatML() {
        let messages: [ChatMessage] = [.user("Hi")]
        #expect(ChatTemplate(template: "{{ nothing llama.cpp knows }}").prompt(for: messages) == ChatTemplate.chatML(messages))
        #expect(ChatTemplate(template: nil).prompt(for: messages) == ChatTemplate.chatML(messages))
    }

    @Test(arguments: [#"{"name":"Ada","born":1815}"#, "héllo 日本 😀", "", "<|im_start|>"])
    func tokensRoundTripToTheSameBytes(text: String) throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large)
        let tokens = try model.tokens(for: text)
        #expect(model.bytes(for: tokens) == Array(text.utf8))
        #expect(tokens.count <= text.utf8.count)
    }

    @Test func promptUsesTheModelsTemplate() throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.small)
        #expect(model.prompt(for: [.user("Hi")]) == "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n")
    }
}
