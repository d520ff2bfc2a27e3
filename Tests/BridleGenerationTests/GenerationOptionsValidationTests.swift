import BridleGeneration
import BridleTestSupport
import Testing

/// Options are checked in one place: each bad value names its option, a request emphasis that
/// needs what the model lacks is refused, and the answer loop refuses before the model sees
/// anything.
@Suite struct GenerationOptionsValidationTests {
    static let plain = LanguageModelCapabilities([.guidedGeneration, .toolCalling])
    static let emphasising = LanguageModelCapabilities([.guidedGeneration, .toolCalling, .requestEmphasis])

    static func options(_ change: (inout GenerationOptions) -> Void) -> GenerationOptions {
        var options = GenerationOptions()
        change(&options)
        return options
    }

    @Test(arguments: [
        (options { $0.temperature = -0.5 }, [GenerationOptions.Option.temperature]),
        (options { $0.temperature = .nan }, [.temperature]),
        (options { $0.sampling = .random(top: 0) }, [.sampling]),
        (options { $0.sampling = .random(probabilityThreshold: 1.5) }, [.sampling]),
        (options { $0.maximumResponseTokens = -1 }, [.maximumResponseTokens]),
        (options { $0.requestEmphasis = RequestEmphasis(weight: -1) }, [.requestEmphasis]),
        (options { $0.maximumAnswerAttempts = 0 }, [.maximumAnswerAttempts]),
        (options { $0.bestOf = 0 }, [.bestOf]),
        (options { $0.bestOf = 2; $0.sampling = .greedy }, [.bestOf]),
        (options { $0.temperature = -1; $0.bestOf = 0 }, [.temperature, .bestOf]),
        (options { $0.requestEmphasis = RequestEmphasis(weight: 1) }, []),
        (options { $0.maximumResponseTokens = 0; $0.temperature = 0 }, []),
    ])
    func eachBadValueNamesItsOption(options: GenerationOptions, expected: [GenerationOptions.Option]) {
        #expect(options.problems(for: Self.emphasising).map(\.option) == expected)
    }

    /// A reasoning level reads as a budget of tokens (FoundationModels' custom level as a
    /// number), needs a model that can reason before its answer unless it is 0, and a level
    /// Bridle can't read is refused, naming the option.
    @Test(arguments: [
        (ReasoningLevel.light, 32, true, false),
        (.moderate, 128, true, false),
        (.deep, 512, true, false),
        (.custom(" 48 "), 48, true, false),
        (.custom("lots"), nil, false, false),
        (.custom("-3"), nil, false, false),
        (.tokens(0), 0, true, true),
        (.tokens(9), 9, true, false),
    ] as [(ReasoningLevel, Int?, Bool, Bool)])
    func reasoningLevelsAreBudgets(level: ReasoningLevel, budget: Int?, acceptedWith: Bool, acceptedWithout: Bool) {
        let options = Self.options { $0.reasoningLevel = level }
        let reasoning = LanguageModelCapabilities([.guidedGeneration, .reasoning])
        #expect(level.budget == budget)
        #expect(options.problems(for: reasoning).isEmpty == acceptedWith)
        #expect(options.problems(for: Self.plain).isEmpty == acceptedWithout)
        #expect(options.problems(for: Self.plain).allSatisfy { $0.option == .reasoningLevel })
    }

    /// Emphasis set by hand needs a model that weighs requests; automatic emphasis and weight 1
    /// (off) never do.
    @Test(arguments: [
        (RequestEmphasis.standard, false),
        (RequestEmphasis(weight: 2), false),
        (RequestEmphasis.automatic, true),
        (RequestEmphasis(weight: 1), true),
    ])
    func emphasisNeedsTheCapabilityOnlyWhenRequiredAndActive(emphasis: RequestEmphasis, acceptedWithout: Bool) throws {
        let options = Self.options { $0.requestEmphasis = emphasis }
        #expect(options.problems(for: Self.emphasising).isEmpty)
        #expect(options.problems(for: Self.plain).isEmpty == acceptedWithout)
        if !acceptedWithout {
            #expect(throws: ResponseError.self) { try options.validate(for: Self.plain) }
            let message = try #require(options.problems(for: Self.plain).first?.message)
            #expect(message.contains("sequences: 2") && message.contains("RequestEmphasis.automatic"))
        }
    }

    @Test func theAnswerLoopRefusesBeforeTheModelIsAsked() async throws {
        let model = ScriptedModel("never")
        await #expect {
            _ = try await model.checkedAnswer(to: [.user("Hi")], constraint: nil, options: Self.options { $0.temperature = -1 })
        } throws: { error in
            guard case .invalidOptions(let message) = error as? ResponseError else { return false }
            return message.contains("temperature")
        }
        #expect(model.requests.isEmpty)
    }
}
