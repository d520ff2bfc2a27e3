import BridleJSON
import BridleTemplate
import BridleTestSupport
import Foundation
import Testing

/// Python's jinja2 as Hugging Face renders chat templates (Tests/Fixtures/chat-templates/render.py),
/// the reference every rendering is compared with byte for byte.
enum ReferenceJinja {
    /// The venv's Python: `scripts/test.sh` sets `BRIDLE_JINJA_PYTHON` (from `scripts/jinja.sh`)
    /// and `BRIDLE_REQUIRE_JINJA=1`, so CI runs these tests rather than skipping them.
    static let python = CachedArtifact.url(environment: "BRIDLE_JINJA_PYTHON", cachePath: "jinja-python", executable: true)
    static var isAvailable: Bool { python != nil || ProcessInfo.processInfo.environment["BRIDLE_REQUIRE_JINJA"] == "1" }
    static let missing: Comment = "PyPI's jinja2 not found: run `bash scripts/jinja.sh` and set BRIDLE_JINJA_PYTHON to the path it prints"

    /// The fixed clock both renderers read through `strftime_now`: 2026-11-28 10:30 local time.
    static let nowText = "2026-11-28T10:30:00"
    static var now: Date {
        Calendar(identifier: .gregorian).date(from: DateComponents(year: 2026, month: 11, day: 28, hour: 10, minute: 30)) ?? Date()
    }

    struct Case {
        let id: String
        let template: String
        let context: GeneratedContent
    }

    enum Outcome: Equatable {
        case output(String)
        case error(type: String, message: String)
    }

    /// Renders every case in one Python process.
    static func render(_ cases: [Case]) throws -> [String: Outcome] {
        let python = try #require(python, missing)
        let request = GeneratedContent(properties: [
            ("now", GeneratedContent(nowText)),
            ("cases", GeneratedContent(elements: cases.map {
                GeneratedContent(properties: [("id", GeneratedContent($0.id)), ("template", GeneratedContent($0.template)), ("context", $0.context)])
            })),
        ])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-jinja-\(UUID().uuidString).json")
        try Data(request.jsonString.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = Fixtures.directory("chat-templates/render.py")
        let (status, output, errors) = try BuiltExecutable.runCapturingErrors(python, arguments: [script.path, file.path])
        try #require(status == 0, "render.py failed: \(errors)")
        let results = try GeneratedContent(json: output)
        var outcomes: [String: Outcome] = [:]
        for result in try results.elements() {
            guard let id = result[property: "id"]?.text else { continue }
            if let text = result[property: "output"]?.text {
                outcomes[id] = .output(text)
            } else if let error = result[property: "error"] {
                outcomes[id] = .error(type: error[property: "type"]?.text ?? "", message: error[property: "message"]?.text ?? "")
            }
        }
        return outcomes
    }

    /// Bridle's rendering of one case, with the same variables render.py passes.
    static func bridle(_ testCase: Case) -> Result<String, TemplateError> {
        Result { () throws(TemplateError) -> String in
            let template = try ChatTemplate(source: testCase.template)
            return try template.render(input(testCase.context))
        }
    }

    static func input(_ context: GeneratedContent) -> ChatTemplateInput {
        var variables: [String: GeneratedContent] = [:]
        var input = ChatTemplateInput(messages: context[property: "messages"] ?? GeneratedContent(elements: []), now: now)
        for (key, value) in context.orderedProperties ?? [] {
            switch key {
            case "messages": break
            case "tools": input.tools = value
            case "documents": input.documents = value
            case "add_generation_prompt": input.addsGenerationPrompt = value.flag ?? false
            case "bos_token": input.bosToken = value.text ?? ""
            case "eos_token": input.eosToken = value.text ?? ""
            default: variables[key] = value
            }
        }
        input.variables = variables
        return input
    }
}

extension GeneratedContent {
    var text: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    var flag: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }
}
