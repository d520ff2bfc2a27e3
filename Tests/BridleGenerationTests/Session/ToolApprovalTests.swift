import Bridle
import BridleExampleTypes
import Foundation
import Testing
import BridleTestSupport

@Suite struct ToolApprovalTests {
    static let send = #"{"tool":"sendMessage","arguments":{"recipient":"Ada","body":"Hi"}}"#

    private func session(_ approver: ToolApprover?, replies: String...) -> (LanguageModelSession, RecordingSendTool, ScriptedModel) {
        let tool = RecordingSendTool()
        let model = ScriptedModel(replies: replies)
        let session = LanguageModelSession(model: model, tools: [tool], policy: .fixed { $0.approver = approver })
        return (session, tool, model)
    }

    @Test func anApprovedCallRuns() async throws {
        let (session, tool, _) = session({ _ in .approve }, replies: Self.send, Replies.answer("Sent."))
        _ = try await session.respond(to: "Tell Ada hi")
        #expect(tool.messages.map(\.recipient) == ["Ada"])
        #expect(session.transcript.audit.map(\.decision).contains(.approved))
    }

    @Test func aDeniedCallDoesNotRunAndTheModelSeesWhy() async throws {
        let (session, tool, model) = session({ _ in .deny(message: "The user declined.") }, replies: Self.send, Replies.answer("OK."))
        _ = try await session.respond(to: "Tell Ada hi")
        #expect(tool.messages.isEmpty)
        #expect(model.requests[1].messages.last == ChatMessage(role: .tool, content: "The user declined."))
        #expect(session.transcript.audit.map(\.decision).contains(.denied(message: "The user declined.")))
    }

    @Test func anApproverCanAnswerInsteadOfTheTool() async throws {
        let (session, tool, model) = session({ _ in .answer(ToolOutput("Drafted, not sent.")) }, replies: Self.send, Replies.answer("OK."))
        _ = try await session.respond(to: "Tell Ada hi")
        #expect(tool.messages.isEmpty)
        #expect(model.requests[1].messages.last == ChatMessage(role: .tool, content: "Drafted, not sent."))
    }

    @Test func withoutAnApproverACallThatNeedsOneIsDenied() async throws {
        let (session, tool, model) = session(nil, replies: Self.send, Replies.answer("OK."))
        _ = try await session.respond(to: "Tell Ada hi")
        #expect(tool.messages.isEmpty)
        #expect(model.requests[1].messages.last?.content.contains("needs approval") == true)
    }

    @Test func theApproverSeesOnlyValidatedArguments() async throws {
        let requests = RecordedRequests()
        let past = #"{"tool":"sendMessage","arguments":{"recipient":"Ada","body":"Hi","sendAt":"2020-01-01T00:00:00Z"}}"#
        let (session, tool, model) = session({ request in
            await requests.append(request)
            return .approve
        }, replies: past, Self.send, Replies.answer("OK."))
        _ = try await session.respond(to: "Tell Ada hi")
        #expect(await requests.all.map(\.arguments) == [try GeneratedContent(json: #"{"recipient":"Ada","body":"Hi"}"#)])
        #expect(tool.messages.count == 1)
        #expect(model.requests[1].messages.last?.content.contains("sendAt: must be in the future (after 2026-11-22T09:00:00Z)") == true)
    }

    @Test(arguments: [
        ("2026-02-30T09:00:00Z", "is not a valid date-time"),
        ("2026-11-22T25:00:00Z", "is not a valid date-time"),
        ("2026-12-25T09:00:00Z", "sendAt: must be within the next 7 days"),
        ("2026-11-22T08:59:59Z", "sendAt: must be in the future"),
    ])
    func datesMustBeRealAndKeepTheirRulesBeforeApprovalIsAsked(sendAt: String, problem: String) async throws {
        let asked = RecordedRequests()
        let call = #"{"tool":"sendMessage","arguments":{"recipient":"Ada","body":"Hi","sendAt":"\#(sendAt)"}}"#
        let (session, tool, model) = session({ request in
            await asked.append(request)
            return .approve
        }, replies: call, Replies.answer("OK."))
        _ = try await session.respond(to: "Tell Ada hi")
        #expect(await asked.all.isEmpty)
        #expect(tool.messages.isEmpty)
        #expect(model.requests[1].messages.last?.content.contains(problem) == true, "\(model.requests[1].messages.last?.content ?? "")")
    }
}

private actor RecordedRequests {
    var all: [ToolApprovalRequest] = []
    func append(_ request: ToolApprovalRequest) { all.append(request) }
}
