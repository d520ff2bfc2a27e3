import BridleGeneration
import Testing

@Suite struct PlainPromptTests {
    @Test func instructionsThenLabelledTurnsThenTheReplysLabel() {
        let messages: [ChatMessage] = [
            .system("Reply with JSON."), .user("Dramas from the fifties"),
            .assistant(#"{"tool":"findFilms"}"#), ChatMessage(role: .tool, content: "Tokyo Story (1953)"),
        ]
        #expect(PlainPrompt.text(for: messages) == """
            Reply with JSON.

            User: Dramas from the fifties
            Assistant: {"tool":"findFilms"}
            Tool result: Tokyo Story (1953)
            Assistant:
            """)
    }

    @Test func withoutInstructionsThereIsNoEmptyParagraph() {
        #expect(PlainPrompt.text(for: [.user("Hi")]) == "User: Hi\nAssistant:")
    }

    @Test func aSystemMessageAfterTheFirstTurnIsATurn() {
        #expect(PlainPrompt.text(for: [.user("Hi"), .system("Be brief.")]) == "User: Hi\nSystem: Be brief.\nAssistant:")
    }

    @Test func noMarkupEverAppears() {
        let text = PlainPrompt.text(for: [.system("a"), .user("b"), .assistant("c")])
        for marker in ["<|", "|>", "<start_of_turn>", "[INST]"] { #expect(!text.contains(marker)) }
    }
}
