import BridleGeneration
import Testing

@Suite struct GenerationRequestTests {
    @Test func withoutTheRequestTheLastUserMessageIsEmptied() {
        let request = GenerationRequest(messages: [
            .system("Call get_weather."), .user("Weather in Oslo?"), .assistant("{}"), .user("And in Bergen?"),
        ])
        #expect(request.messagesWithoutRequest == [.system("Call get_weather."), .user("Weather in Oslo?"), .assistant("{}"), .user("")])
    }

    @Test func withoutAUserMessageThereIsNoRequestToLeaveOut() {
        #expect(GenerationRequest(messages: [.system("Say hello.")]).messagesWithoutRequest == nil)
    }
}
