import BridleJSON
@testable import BridleTemplate
import BridleTestSupport
import Testing

/// Values print as Python prints them.
@Suite struct TemplateValueTests {
    @Test(arguments: [
        (1.0, "1.0"), (0.1, "0.1"), (1e16, "1e+16"), (1234567890123456.0, "1234567890123456.0"), (1e-5, "1e-05"),
        (0.0001, "0.0001"), (-0.0, "-0.0"), (1.5e300, "1.5e+300"), (Double.leastNonzeroMagnitude, "5e-324"), (100.0, "100.0"), (0.30000000000000004, "0.30000000000000004"),
    ])
    func floatsPrintAsPythonsRepr(value: Double, expected: String) {
        #expect(PythonFloat.representation(value) == expected)
    }

    /// Python's repr is the shortest text that reads back exactly: checked on random bit patterns.
    @Test func floatReprReadsBackExactly() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            let text = PythonFloat.representation(value)
            #expect(Double(text) == value, "\(value.bitPattern): \(text)")
        }
    }

    @Test(arguments: [
        ("it's", #""it's""#), ("say \"hi\"", #"'say "hi"'"#), ("both ' and \"", #"'both \' and "'"#), ("tab\t\u{1}é", #"'tab\t\x01é'"#),
    ])
    func stringsInsideContainersUsePythonsRepr(text: String, expected: String) {
        #expect(PythonString.representation(text) == expected)
    }

    @Test func jsonNumbersKeepTheirIntegerOrFloatType() throws {
        let content = try GeneratedContent(json: #"[1, 1.0, 1e2, -0, 18446744073709551616]"#)
        #expect(TemplateValue(content).pythonString == "[1, 1.0, 100.0, 0, 1.8446744073709552e+19]")
    }
}
