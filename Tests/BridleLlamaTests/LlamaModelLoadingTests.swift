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
        let formatter = ChatFormatter(.automatic, model: model)
        #expect(model.chatTemplate != nil)
        #expect(formatter.description == "the model's own chat template")
        #expect(try formatter.prompt(for: messages) == "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n")
    }

    @Test func aChosenTemplateOverridesTheModels() throws {
        let model = try LlamaModel(path: TestModels.small.path)
        let messages: [ChatMessage] = [.system("Be brief."), .user("Hi")]
        #expect(try ChatFormatter(.plain, model: model).prompt(for: messages) == PlainPrompt.text(for: messages))
        #expect(try ChatFormatter(.builtin("gemma"), model: model).prompt(for: [.user("Hi")]) == "<start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\n")
    }

    @Test(arguments: [("auto", PromptTemplate.automatic), ("none", .plain), ("plain", .plain), ("chatml", .builtin("chatml")), ("gemma", .builtin("gemma"))])
    func templatesAreReadByName(name: String, expected: PromptTemplate) throws {
        #expect(try PromptTemplate(name) == expected)
        #expect(try PromptTemplate(expected.description) == expected)
    }

    @Test func anUnknownTemplateNameSaysWhichExist() {
        #expect {
            try PromptTemplate("chatlm")
        } throws: { error in
            guard case LlamaError.unknownPromptTemplate("chatlm", let known) = error else { return false }
            return known.contains("chatml") && known.contains("none") && "\(error)".contains("gemma")
        }
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
        #expect(try model.prompt(for: [.user("Hi")]) == "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n")
    }
}
