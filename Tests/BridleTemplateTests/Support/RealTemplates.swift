import BridleJSON
import BridleTestSupport
import Foundation
import Testing

/// The real chat templates in the pinned llama.cpp source that `scripts/llama.sh` unpacks into
/// the cache (never committed), and the fixed conversations they are rendered with.
enum RealTemplates {
    static let directory = CachedArtifact.url(
        environment: "BRIDLE_CHAT_TEMPLATES",
        cachePath: "llama-cpp-python-0.3.36/llama-cpp-python-0.3.36/vendor/llama.cpp/models/templates")
    static let missing: Comment = "llama.cpp's chat templates not found: run `bash scripts/llama.sh` (or set BRIDLE_CHAT_TEMPLATES to models/templates)"

    /// Each template's file stem and text.
    static func all() throws -> [(name: String, source: String)] {
        let folder = try #require(directory, missing)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jinja") }.sorted().map {
            (String($0.dropLast(".jinja".count)), try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Tests/Fixtures/chat-templates/conversations: each stem and its context, with the special
    /// tokens every case gets.
    static func conversations() throws -> [(name: String, context: GeneratedContent)] {
        let folder = Fixtures.directory("chat-templates/conversations")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted().map { file in
            let conversation = try GeneratedContent(json: String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            let properties = (conversation.orderedProperties ?? []).map { ($0.name, $0.value) }
            let context = GeneratedContent(properties: properties + [("bos_token", GeneratedContent("<s>")), ("eos_token", GeneratedContent("</s>"))])
            return (String(file.dropLast(".json".count)), context)
        }
    }
}
