import BridleGeneration
import BridleTestSupport
import Testing

@Suite struct ResponseTextTests {
    private static let alphabet: [String] = ["a", "Z", "\"", "é", "ß", "日", "本", "😀", "\u{0}", " "]

    /// Split valid text into random byte pieces: the complete prefix is always a prefix of the
    /// text made of whole characters, and the whole text comes back at the end.
    @Test(arguments: 0..<200)
    func piecesRejoinIntoTheText(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let text = (0..<Int(random.next() % 12)).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }.joined()
        let bytes = Array(text.utf8)
        var response = ResponseText()
        var index = 0
        while index < bytes.count {
            let length = 1 + Int(random.next() % 4)
            response.append(Array(bytes[index..<min(index + length, bytes.count)]))
            index += length
            let complete = response.completeText
            #expect(text.hasPrefix(complete))
            #expect(!complete.contains("\u{FFFD}"))
            #expect(bytes.count - complete.utf8.count < 4 || index < bytes.count)
        }
        #expect(response.text == text)
        #expect(response.completeText == text)
    }

    @Test func invalidBytesHaveNoTextButALossyOne() {
        var response = ResponseText()
        response.append([0x61, 0xFF, 0x62])
        #expect(response.text == nil)
        #expect(response.lossyText == "a\u{FFFD}b")
    }

    @Test func characterStillArrivingIsHeldBack() {
        var response = ResponseText()
        response.append([0x61, 0xF0, 0x9F])
        #expect(response.completeText == "a")
        response.append([0x98, 0x80])
        #expect(response.completeText == "a😀")
    }
}
