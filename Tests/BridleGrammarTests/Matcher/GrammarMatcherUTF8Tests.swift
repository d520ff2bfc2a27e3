import Testing
import BridleGrammar

private typealias F = MatchFixtures

@Suite("GrammarMatcher: UTF-8 input")
struct GrammarMatcherUTF8Tests {
    @Test("a four-byte scalar fed byte by byte is a prefix until its last byte")
    func emojiByteByByte() throws {
        var matcher = try GrammarMatcher(F.root(F.lit("😀")))
        let bytes: [UInt8] = [0xF0, 0x9F, 0x98, 0x80]
        for byte in bytes.dropLast() {
            let accepted = matcher.accept(byte)
            #expect(accepted)
            #expect(!matcher.isComplete)
            #expect(matcher.canContinue)
        }
        let last = matcher.accept(0x80)
        #expect(last)
        #expect(matcher.isComplete)
        #expect(!matcher.canContinue)
    }

    @Test("a partial scalar only continues towards allowed scalars")
    func partialScalarIsChecked() throws {
        var matcher = try GrammarMatcher(F.root(F.lit("😀")))   // F0 9F 98 80
        let steps: [(byte: UInt8, accepted: Bool, why: Comment)] = [
            (0xF0, true, "starts a four-byte scalar"),
            (0x41, false, "not a continuation byte"),
            (0x90, false, "U+10000…: a continuation, but not towards 😀"),
            (0x9F, true, "U+1F000…"),
            (0x99, false, "U+1F640…: past 😀"),
            (0x98, true, "U+1F600…"),
            (0x81, false, "U+1F601 is 😁"),
            (0x80, true, "U+1F600 is 😀"),
        ]
        for step in steps {
            let accepted = matcher.accept(step.byte)
            #expect(accepted == step.accepted, step.why)
        }
        #expect(matcher.isComplete)
    }

    @Test("malformed UTF-8 is rejected", arguments: [
        ([0x80], 0),                  // lone continuation byte
        ([0xBF], 0),
        ([0xC0, 0x80], 0),            // overlong lead bytes
        ([0xC1, 0xBF], 0),
        ([0xF5, 0x80], 0),            // past U+10FFFF
        ([0xFF], 0),
        ([0xE0, 0x80, 0x80], 1),      // overlong three-byte form
        ([0xF0, 0x80, 0x80, 0x80], 1),// overlong four-byte form
        ([0xED, 0xA0, 0x80], 1),      // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], 1),// U+110000
        ([0xC3, 0x41], 1),            // truncated sequence
        ([0x61, 0xE6, 0x97, 0x61], 3),
    ] as [([UInt8], Int)])
    func malformed(bytes: [UInt8], offset: Int) throws {
        var matcher = try GrammarMatcher(F.root(F.star(.anyCharacter)))
        let rejectedAt = matcher.accept(bytes: bytes)
        #expect(rejectedAt == offset)
    }

    @Test("any character takes every well-formed scalar length", arguments: ["a", "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}", "日", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}", "\u{2028}"])
    func anyScalar(text: String) throws {
        #expect(try MatchOutcome(F.root(.anyCharacter), text) == .sentence)
    }

    @Test("a pending sequence is not complete, even where the grammar could stop")
    func pendingIsNotComplete() throws {
        var matcher = try GrammarMatcher(F.root(F.star(.anyCharacter)))
        #expect(matcher.isComplete)
        let accepted = matcher.accept(0xE6)
        #expect(accepted)
        #expect(!matcher.isComplete)
        #expect(matcher.canContinue)
        let rejectedAt = matcher.accept(bytes: [0x97, 0xA5])
        #expect(rejectedAt == nil)
        #expect(matcher.isComplete)
    }

    @Test("multi-byte literals", arguments: [
        ("日本", MatchOutcome.sentence),
        ("日", .prefix),
        ("日日", .rejected(at: 4)),    // E6 could still start 本; 97 cannot
        ("日本語", .rejected(at: 6)),
    ])
    func multiByteLiteral(text: String, outcome: MatchOutcome) throws {
        #expect(try MatchOutcome(F.root(F.lit("日本")), text) == outcome)
    }
}
