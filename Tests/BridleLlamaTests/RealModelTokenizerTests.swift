@testable import BridleLlama
import Bridle
import BridleExampleTypes
import CLlama
import Foundation
import Testing

/// What a real SentencePiece vocabulary brings that the tiny byte-level models do not:
/// control and unused tokens, markers, byte-fallback pieces, no chat template.
@Suite(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
struct RealModelTokenizerTests {
    @Test func controlUnusedAndMarkerTokensAreNeverText() throws {
        let model = try RealModel.gemma.model().model
        let masked = Set(model.tokensNeverInText)
        for marker in ["<start_of_turn>", "<start_of_image>", "<unused0>", "<unused6241>", "<mask>", "<pad>", "[multimodal]"] {
            let tokens = try model.tokenize(marker).filter { $0 != llama_vocab_bos(model.vocabulary) }
            #expect(tokens.count == 1, "\(marker) is one token")
            #expect(tokens.allSatisfy(masked.contains), "\(marker) is masked under a grammar")
        }
        // End of generation stays allowed (once the grammar is complete); ordinary pieces,
        // byte-fallback pieces and runs of newlines are text.
        #expect(!masked.contains(llama_vocab_eos(model.vocabulary)))
        #expect(!masked.contains(llama_vocab_eot(model.vocabulary)))
        for text in ["{\"", " sunset", "\n\n", "Zürich"] {
            let tokens = try model.tokenize(text).filter { $0 != llama_vocab_bos(model.vocabulary) }
            #expect(!tokens.contains(where: masked.contains), "\(text.debugDescription) is text")
        }
        // gemma: 6,242 unused tokens among 6,250 control tokens, plus user-defined markers.
        #expect((6_000...7_000).contains(masked.count))
    }

    @Test func aModelWithoutATemplateGetsAPlainPrompt() throws {
        let model = try RealModel.gemma.model()
        #expect(model.promptTemplateDescription.hasPrefix("none"))
        let prompt = try model.prompt(for: [.system("Reply with JSON."), .user("Dramas from the fifties")])
        #expect(prompt == "Reply with JSON.\n\nUser: Dramas from the fifties\nAssistant:")
        // Every token of the prompt is text the vocabulary spells, apart from the start token.
        let tokens = try model.tokens(for: prompt)
        #expect(tokens.first == llama_vocab_bos(model.model.vocabulary))
        #expect(!tokens.dropFirst().contains(where: Set(model.model.tokensNeverInText).contains))
    }

    @Test func aTemplateCanBeChosenByName() throws {
        let url = try #require(RealModel.gemma.url)
        let model = try LlamaLanguageModel(contentsOf: url, configuration: LlamaConfiguration(contextSize: 256, promptTemplate: try PromptTemplate("gemma")))
        #expect(try model.prompt(for: [.user("Hi")]) == "<start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\n")
        let tokens = try model.tokens(for: try model.prompt(for: [.user("Hi")]))
        #expect(tokens.contains(try #require(model.tokens(for: "<start_of_turn>").last)))
    }

    /// Each value needs pieces that are not ASCII: `ü`, `ã`, CJK characters, and an emoji that
    /// the vocabulary spells with byte-fallback tokens (`<0xF0>` …), one byte at a time.
    @Test func multiByteEnumValuesAndFreeTextSurviveByteFallback() async throws {
        let model = try RealModel.gemma.model()
        let places = ["Zürich", "東京", "São Paulo", "🌍"]
        var seen: Set<String> = []
        for seed in UInt64(0)..<8 {
            // The places not chosen yet (all of them again once each was): the model may
            // prefer one, and every one must come through.
            let offered = places.filter { !seen.contains($0) }.isEmpty ? places : places.filter { !seen.contains($0) }
            let choices = offered.map { GeneratedContent($0).jsonString }.joined(separator: ",")
            let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: """
                {"type":"object","properties":{"place":{"type":"string","enum":[\(choices)]},
                 "note":{"type":"string","pattern":"^[À-ÿ]{2,6} [぀-ゟ一-龥]{1,4}$"}},"required":["place","note"],"additionalProperties":false}
                """))
            let options = GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), temperature: 1.5)
            let response = try await model.respond(to: "Pick a place and write a note.", schema: schema, options: options)
            let place = try #require(response.content[property: "place"].flatMap { try? $0.value(String.self) })
            let note = try #require(response.content[property: "note"].flatMap { try? $0.value(String.self) })
            #expect(places.contains(place))
            #expect(note.unicodeScalars.allSatisfy { $0.value > 0x7F || $0 == " " }, "\(note.debugDescription) is not ASCII")
            seen.insert(place)
        }
        #expect(seen == Set(places), "8 seeds at temperature 1.5 chose \(seen)")
        let emoji = try model.tokens(for: "🌍").filter { $0 != llama_vocab_bos(model.model.vocabulary) }
        #expect(model.bytes(for: emoji) == Array("🌍".utf8))
    }
}
