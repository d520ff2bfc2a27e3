import Testing

import BridleRegex

/// Budgets count states and steps, so exceeding one is a typed error, the same on every run.
@Suite("ECMA-262 regex budgets")
struct ECMARegexBudgetTests {
    @Test func tooManyStatesIsATypedError() {
        #expect {
            try ECMARegex("(?:a{1000}){1000}")
        } throws: { error in
            guard let error = error as? ECMARegexError else { return false }
            return error.kind == .budgetExceeded && error.message.contains("more than 100000 matcher states")
                && error.pattern == "(?:a{1000}){1000}" && error.offset == 0
        }
    }

    @Test func countedRepetitionsUnrollWithinTheBudget() throws {
        // Each copy of a one-scalar item is one state, each optional copy one more.
        #expect(try ECMARegex("a{10}").stateCount == 11)
        #expect(try ECMARegex("a{0,10}").stateCount == 21)
        #expect(throws: ECMARegexError.self) { try ECMARegex("a{0,10}", budget: ECMARegexBudget(maximumStates: 20)) }
        #expect(try ECMARegex("[a-z]{10000}").stateCount == 10_001)
    }

    @Test func tooManyStepsIsATypedError() throws {
        let regex = try ECMARegex("(a*)*b", budget: ECMARegexBudget(maximumSteps: 1_000))
        #expect(try !regex.containsMatch(in: String(repeating: "a", count: 10)))
        #expect {
            try regex.containsMatch(in: String(repeating: "a", count: 1_000))
        } throws: { error in
            guard let error = error as? ECMARegexError else { return false }
            return error.kind == .budgetExceeded && error.message.contains("more than 1000 matcher steps")
        }
    }

    @Test func stepsGrowLinearlyWithTheText() throws {
        // A judgment takes at most 2 × states × (scalars + 1) steps, whatever the pattern.
        let pattern = "^(a|aa|a?a)*(b|c?c)*$"
        func fits(_ length: Int, steps: Int) throws -> Bool {
            let regex = try ECMARegex(pattern, budget: ECMARegexBudget(maximumSteps: steps))
            do {
                _ = try regex.matchesWhole(String(repeating: "a", count: length) + "!")
                return true
            } catch {
                #expect(error.kind == .budgetExceeded)
                return false
            }
        }
        let states = try ECMARegex(pattern).stateCount
        for length in [10, 100, 1_000] {
            #expect(try fits(length, steps: 2 * states * (length + 2)))
        }
    }

    @Test func standardBudget() {
        #expect(ECMARegexBudget.standard.maximumStates == 100_000)
        #expect(ECMARegexBudget.standard.maximumSteps == 50_000_000)
    }
}
