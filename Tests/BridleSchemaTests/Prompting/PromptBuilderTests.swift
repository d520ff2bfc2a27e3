import Testing

@testable import BridleSchema

/// A type that writes its prompt with the builder, as FoundationModels code does.
private struct Topic: PromptRepresentable, InstructionsRepresentable {
    let name: String
    let details: [String]

    var promptRepresentation: Prompt {
        "Topic: \(name)"
        for detail in details {
            detail
        }
    }

    var instructionsRepresentation: Instructions {
        "Talk about \(name) only."
    }
}

@Suite struct PromptBuilderTests {
    @Test(arguments: [true, false])
    func partsAreLinesInOrderWithConditionsAndLoops(_ brief: Bool) {
        let prompt = Prompt {
            "Suggest films."
            if brief {
                "One line."
            } else {
                "A paragraph."
            }
            for year in [1950, 1960] {
                "From \(year)."
            }
            Topic(name: "noir", details: ["shadows"])
        }
        #expect(prompt.text == "Suggest films.\n\(brief ? "One line." : "A paragraph.")\nFrom 1950.\nFrom 1960.\nTopic: noir\nshadows")
    }

    @Test func aStringIsItsTextAndContentIsJSON() {
        #expect(Prompt("plain \"quoted\"").text == "plain \"quoted\"")
        #expect(Prompt(GeneratedContent(properties: ["a": 1, "b": "x"])).text == #"{"a":1,"b":"x"}"#)
        #expect(Prompt(GeneratedContent("text content")).text == "text content")
        #expect(Prompt(["one", "two"]).text == "one\ntwo")
    }

    @Test func anOptionalPartThatIsAbsentAddsNoLine() {
        let extra: String? = nil
        let prompt = Prompt {
            "Only this."
            if let extra { extra }
        }
        #expect(prompt.parts == ["Only this."])
    }

    @Test func instructionsComposeTheSameWay() {
        let instructions = Instructions {
            "You recommend films."
            Topic(name: "noir", details: [])
        }
        #expect(instructions.text == "You recommend films.\nTalk about noir only.")
        #expect(Instructions("x").parts == ["x"])
    }

    @Test func aValueWithoutAJSONFormSaysSoInsteadOfVanishing() {
        let content = GeneratedContent(properties: ["ratio": Double.nan, "count": 2])
        guard case .string(let marker)? = content[property: "ratio"]?.kind else {
            Issue.record("expected the marker string, got \(content)")
            return
        }
        #expect(marker.hasPrefix("<no JSON form:"))
        #expect(content[property: "count"] == 2)
    }
}
