import Bridle
import BridleGeneration
@testable import BridleLlama
import BridleTestSupport
import Foundation
import Testing

/// Every grammar Bridle prints is one llama.cpp's own GBNF parser accepts: the shipped
/// grammars, and the grammar of every JSONSchemaBench schema Bridle compiles.
@Suite struct LlamaGrammarAcceptanceTests {
    static let model: LlamaModel? = try? LlamaModel(path: TestModels.small.path)

    private func llamaAccepts(_ gbnf: String) throws -> Bool {
        let model = try #require(Self.model)
        do {
            _ = try LlamaGrammarSampler(model: model, gbnf: gbnf)
            return true
        } catch LlamaError.grammarRejected {
            return false
        }
    }

    @Test func shippedGrammarsAreAccepted() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("grammars")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".gbnf") }.sorted()
        #expect(files.count >= 10)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(try llamaAccepts(text), "llama.cpp rejects grammars/\(file)")
        }
    }

    @Test(.enabled(if: SharedData.directory("conformance/jsonschemabench") != nil, SharedData.missingMessage))
    func everyCompiledBenchmarkSchemaIsAccepted() throws {
        let bench = try #require(SharedData.directory("conformance/jsonschemabench"))
        var compiled = 0
        var rejected: [String] = []
        for split in ["Glaiveai2K", "Github_easy"] {
            let folder = bench.appendingPathComponent(split)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".json") {
                guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                      let document = try? GeneratedContent(jsonData: data), let schema = document[property: "schema"],
                      let grammar = try? GenerationSchema(jsonSchema: schema).grammar()
                else { continue }
                compiled += 1
                if try !llamaAccepts(grammar.gbnf) { rejected.append("\(split)/\(file)") }
            }
        }
        #expect(compiled > 3000)
        #expect(rejected.isEmpty, "llama.cpp rejects \(rejected.count) of \(compiled): \(rejected.prefix(5))")
    }
}
