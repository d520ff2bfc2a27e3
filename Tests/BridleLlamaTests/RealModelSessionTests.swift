import Bridle
import BridleExampleTypes
import Synchronization
import BridleLlama
import Foundation
import Testing
import BridleTestSupport

/// Sessions, streaming and reproducibility on gemma-3-270m.
@Suite(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
struct RealModelSessionTests {
    /// Looks up the user's agenda for one day: a tool whose argument is a `Date`.
    struct AgendaTool: Tool {
        @Generable
        struct Arguments: Equatable, Sendable {
            /// The day to look up (ISO 8601).
            let day: Date
        }

        let name = "agenda"
        let description = "Lists the user's appointments on a day."
        let calls: Calls

        final class Calls: Sendable {
            let days = Mutex<[Date]>([])
        }

        func call(arguments: Arguments) async throws -> String {
            calls.days.withLock { $0.append(arguments.day) }
            return "Dentist at 09:00; lunch with Ada at 12:30."
        }
    }

    static let instructions = """
        You help with the user's calendar and contacts. Call a tool when you need its answer, then answer in one sentence.
        User: What do I have on 2026-12-10?
        Assistant: {"tool":"agenda","arguments":{"day":"2026-12-10T00:00:00Z"}}
        Tool result: Team meeting at 10:00.
        Assistant: {"response":"You have a team meeting at 10:00."}
        """

    static let now = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22T09:00:00Z

    @Test func aSessionCallsADateToolWithValidArgumentsAndAnswers() async throws {
        let model = try RealModel.gemma.model()
        var policy = ToolPolicy()
        policy.maximumToolRounds = 2
        policy.answerAfterLastRound = true
        policy.clock = { Self.now }
        var calledDays: [Date] = []
        var answers = 0
        var transcripts: [[String]] = []
        for seed in UInt64(0)..<3 {
            let agenda = AgendaTool(calls: AgendaTool.Calls())
            let session = LanguageModelSession(model: model, tools: [agenda, ContactsTool()], instructions: Self.instructions, policy: policy)
            var grammar = GrammarOptions()
            grammar.maximumStringLength = 48
            let options = GenerationOptions(sampling: .random(top: 40, seed: seed), temperature: 0.3, grammar: grammar)
            let response = try await session.respond(to: "Look up my agenda: what do I have on 2026-12-03?", options: options)
            #expect(!response.content.isEmpty)
            answers += 1
            transcripts.append(session.transcript.entries.map { "\($0)" } + session.transcript.audit.map(\.description))
            let days = agenda.calls.days.withLock { $0 }
            calledDays += days
            // Neither tool has rules of its own, so the grammar alone must have made every
            // proposed call valid: none was refused, and each one that ran was recorded.
            #expect(!session.transcript.audit.contains { if case .rejected = $0.decision { true } else { false } })
            let agendaCalls = session.transcript.audit.filter { record in
                guard record.toolName == "agenda", case .called = record.decision else { return false }
                return true
            }
            #expect(agendaCalls.count == days.count)
        }
        #expect(answers == 3)
        #expect(!calledDays.isEmpty, "gemma called the agenda tool in none of 3 seeds; last transcript: \(transcripts.last ?? [])")
    }

    @Test func streamedSnapshotsDecode() async throws {
        let model = try RealModel.gemma.model()
        let session = LanguageModelSession(model: model, instructions: """
            Turn the user's request into a film search.
            User: Eighties comedies about school.
            Assistant: {"genre":"comedy","fromYear":1980,"toYear":1989,"keywords":["school"]}
            """)
        let options = GenerationOptions(sampling: .random(top: 40, seed: 3), temperature: 0.3)
        var snapshots = 0
        var last: GeneratedContent?
        for try await snapshot in session.streamResponse(to: "Dramas from the fifties.", generating: Films.Arguments.self, includeSchemaInPrompt: false, options: options) {
            snapshots += 1
            if snapshot.isComplete {
                last = snapshot.rawContent
            } else if snapshots > 3 {
                #expect(snapshot.content != nil, "a partial value reads as Films.Arguments.PartiallyGenerated")
            }
        }
        #expect(snapshots > 3)
        let whole = try #require(last)
        _ = try Films.Arguments(whole)
    }

    @Test func theSameSeedGivesTheSameBytesInTwoProcesses() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let model = try #require(RealModel.gemma.url)
        let schema = TestModels.folder.appendingPathComponent("films-gemma.schema.json")
        try Data(Films.Arguments.generationSchema.jsonSchemaString(prettyPrinted: false).utf8).write(to: schema)
        func generate(_ seed: UInt64) throws -> (status: Int32, output: String) {
            try BuiltExecutable.run(bridle, arguments: [
                "generate", "--model", model.path, "--json-schema", schema.path, "--prompt", "Dramas from the fifties",
                "--seed", String(seed), "--temperature", "1.5", "--context", "512",
            ])
        }
        let first = try generate(5)
        let second = try generate(5)
        #expect(first.status == 0)
        #expect(!first.output.isEmpty)
        #expect(first.output == second.output)
        #expect(throws: Never.self) { _ = try Films.Arguments(GeneratedContent(json: first.output)) }
    }
}
