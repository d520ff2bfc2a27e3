import Bridle
import BridleGGUF
import BridleServer
import BridleTestSupport
import Foundation
import Testing

/// `bridle serve` as a process: it says where it listens, answers, and refuses bad flags and
/// models with exit status 2 and a reason.
@Suite struct ServeCommandTests {
    static let bridle = BuiltExecutable.url(named: "bridle")

    static func tinyModel() throws -> URL {
        let url = ScratchFiles.url("bridle-serve", extension: "gguf")
        try TinyModel(vocabularySize: 512, seed: 7).write(to: url)
        return url
    }

    @Test func itPrintsWhereItListensAndAnswers() async throws {
        let bridle = try #require(Self.bridle, "bridle was not built")
        let model = try Self.tinyModel()
        let log = ScratchFiles.url("bridle-serve", extension: "out")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = bridle
        process.arguments = ["serve", "--model", model.path, "--port", "0", "--sequences", "2", "--model-id", "tiny"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // Not waited for: the test process is reaped whole when it ends.
            process.terminate()
            try? output.close()
        }
        var port: Int?
        for _ in 0..<300 where port == nil {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on http://127.0.0.1:") }) {
                port = Int(line.dropFirst("listening on http://127.0.0.1:".count).prefix { $0.isNumber })
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let listening = try #require(port, "no \"listening on\" line in 30 s")
        // Bridle's own server backend reads the endpoint as any OpenAI-compatible server.
        let client = try ServerLanguageModel(url: try #require(URL(string: "http://127.0.0.1:\(listening)")), engine: .openAICompatible)
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"answer":{"enum":["yes","no"]}},"required":["answer"]}"#)
        let answer = try await client.checkedAnswer(to: [.user("Yes or no?")], constraint: OutputConstraint(schema: schema))
        #expect(["yes", "no"].contains(answer.content["answer"]?.text))
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Refusal(arguments: ["--model", "/nonexistent.gguf"], says: "/nonexistent.gguf"),
        Refusal(arguments: ["--model", "m.gguf", "--sequences", "0"], says: "--sequences"),
        Refusal(arguments: ["--model", "m.gguf", "--port", "70000"], says: "--port"),
        Refusal(arguments: ["--model", "m.gguf", "--sequences", "1", "--emphasis", "1.5"], says: "--sequences 2"),
    ])
    func badInputExitsWithAReason(_ refusal: Refusal) async throws {
        let bridle = try #require(Self.bridle, "bridle was not built")
        let (status, _, errors) = try await BuiltExecutable.runOffThePool(bridle, arguments: ["serve"] + refusal.arguments)
        #expect(status != 0)
        #expect(errors.contains(refusal.says), "\(errors)")
    }
}
