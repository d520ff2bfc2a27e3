import BridleGrammar
import BridleJSON
import BridleScaleInputs
import Testing

/// The scale harness, small: every input dimension through every stage it has, as
/// `scale-benchmarks` runs them to 10⁵ (there timed, in a child process each; here only the
/// outcome). At 100 each stage ends in its answer; past the nesting limits the deep ones end in
/// the limit's typed error.
@Suite("Scale harness inputs, small")
struct ScaleInputsTests {
    @Test(arguments: ScaleDimension.allCases)
    func everyStageAnswers(_ dimension: ScaleDimension) throws {
        for stage in dimension.stages {
            try ScaleInput(dimension: dimension, size: 100).run(stage) { try $0() }
        }
    }

    @Test("nesting past the limits is a typed error naming the limit")
    func deepInputsStopAtLimits() throws {
        // Objects and arrays nest JSON past the parser's 512 levels; a $ref chain passes the
        // parser and stops at the compiler's maximumNestingDepth.
        for dimension in [ScaleDimension.objectDepth, .arrayDepth] {
            #expect(throws: JSONSyntaxError.self) { try ScaleInput(dimension: dimension, size: 1_000).run(.compile) { try $0() } }
        }
        let error = try #require(throws: GrammarCompileError.self) {
            try ScaleInput(dimension: .referenceDepth, size: 1_000).run(.compile) { try $0() }
        }
        #expect(error.limit == "maximumNestingDepth")
    }
}
