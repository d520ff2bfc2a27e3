@testable import BridleServer
import BridleTestSupport
import Foundation
import Testing

@Suite struct ServerProbeTests {
    @Test(arguments: [
        ("0.9.2", ServerEngine.vLLMGuidedGrammar), ("0.10.1.1", .vLLMGuidedGrammar), ("0.10.2", .vLLM),
        ("0.11.0rc2", .vLLM), ("0.12.0", .vLLM), ("1.0.0", .vLLM), ("v0.8", .vLLMGuidedGrammar),
    ])
    func vLLMVersionsPickTheGrammarField(version: String, engine: ServerEngine) {
        #expect(ServerProbe.vLLMEngine(version: version) == engine)
    }

    @Test func nothingListeningIsATypedError() async throws {
        let closed = try LoopbackPort.refusing()
        let url = URL(string: "http://127.0.0.1:\(closed.port)")!
        await #expect {
            _ = try await ServerProbe.engine(at: url)
        } throws: { error in
            guard case .probeFailed(let endpoint, _)? = error as? ServerError else { return false }
            return endpoint == url.absoluteString
        }
        withExtendedLifetime(closed) {}
    }

    @Test(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
    func llamaServerIsRecognised() async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.small.url)
        #expect(try await ServerProbe.engine(at: server.url) == .llamaServer)
    }
}
