extension Grammar {
    /// Checks the grammar for problems that make llama.cpp reject it, hang on it or produce
    /// nothing, and for likely mistakes.
    ///
    /// Errors: a missing root rule, invalid or duplicate rule names, references to undefined
    /// rules, left recursion (direct or through other rules, including through rules that can
    /// match the empty string), unbounded repetition of something that can match the empty
    /// string, rules that can never finish, parts that match nothing (an empty class,
    /// `.alternatives([])`), and repetition bounds that are invalid or too much for llama.cpp.
    /// Warnings: rules unreachable from the root, and bounded repetition of something that
    /// can match the empty string.
    ///
    /// Findings are grouped by check (the root, names, each rule's parts, left recursion,
    /// unproductive rules, printability, then reachability) and in rule order within a check;
    /// an empty result means none.
    ///
    /// ```swift
    /// let grammar = try Grammar(gbnf: """
    ///     root ::= expr
    ///     expr ::= expr "+" term | term
    ///     term ::= [0-9]+
    ///     """)
    /// grammar.lint().map(\.description)
    /// // ["error: rule 'expr' is left-recursive (expr → expr): …"]
    /// ```
    public func lint() -> [GrammarFinding] {
        GrammarLinter(self).run()
    }
}

/// The checks behind ``Grammar/lint()``.
struct GrammarLinter {
    let grammar: Grammar
    let analysis: GrammarAnalysis
    private var findings: [GrammarFinding] = []

    init(_ grammar: Grammar) {
        self.grammar = grammar
        self.analysis = GrammarAnalysis(grammar)
    }

    consuming func run() -> [GrammarFinding] {
        checkRoot()
        checkNames()
        for rule in grammar.rules {
            checkExpressions(in: rule)
        }
        checkLeftRecursion()
        checkProductivity()
        checkPrintability()
        checkReachability()
        return findings
    }

    private mutating func report(_ severity: GrammarFinding.Severity, _ check: GrammarFinding.Check, _ rule: String, _ message: String) {
        findings.append(GrammarFinding(severity: severity, check: check, ruleName: rule, message: message))
    }

    private func show(_ expression: GrammarExpression) -> String {
        let text = GBNFPrinter().fragment(expression)
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    // MARK: Rules and names

    private mutating func checkRoot() {
        guard analysis.bodies[grammar.rootName] == nil else { return }
        report(.error, .missingRoot, grammar.rootName,
               "the grammar has no rule '\(grammar.rootName)', where matching starts: add it, or set rootName to the rule to start from")
    }

    private mutating func checkNames() {
        var seen: Set<String> = []
        for rule in grammar.rules {
            if !GBNFName.isValid(rule.name) {
                report(.error, .invalidRuleName, rule.name,
                       "rule name '\(rule.name)' is not valid GBNF: use only letters, digits and '-'")
            }
            if !seen.insert(rule.name).inserted {
                report(.error, .duplicateRule, rule.name,
                       "rule '\(rule.name)' is defined more than once: merge the definitions with '|' or rename one")
            }
        }
    }

    // MARK: Inside each rule

    private mutating func checkExpressions(in rule: Rule) {
        var undefined: [String] = []
        check(rule.body, in: rule, undefined: &undefined)
    }

    /// Parents before children.
    private mutating func check(_ expression: GrammarExpression, in rule: Rule, undefined: inout [String]) {
        switch expression {
        case .literal, .anyCharacter:
            break
        case .reference(let name):
            guard analysis.bodies[name] == nil, !undefined.contains(name) else { break }
            undefined.append(name)
            report(.error, .undefinedReference, rule.name,
                   "rule '\(rule.name)' refers to '\(name)', which is not defined: define '\(name)' or fix the name")
        case .characterClass(let characterClass):
            checkClass(characterClass, in: rule)
        case .sequence(let items):
            for item in items { check(item, in: rule, undefined: &undefined) }
        case .alternatives(let items):
            if items.isEmpty {
                report(.error, .matchesNothing, rule.name,
                       "rule '\(rule.name)' has an empty choice (.alternatives([])), which matches nothing: remove it or give it an alternative")
            }
            for item in items { check(item, in: rule, undefined: &undefined) }
        case .repetition(let operand, let minimum, let maximum):
            checkRepetition(operand, minimum: minimum, maximum: maximum, in: rule)
            check(operand, in: rule, undefined: &undefined)
        }
    }

    private mutating func checkClass(_ characterClass: CharacterClass, in rule: Rule) {
        if characterClass.ranges.isEmpty, characterClass.isNegated {
            report(.error, .matchesNothing, rule.name,
                   "rule '\(rule.name)' has an empty negated class, which matches any character but llama.cpp would read '[^]' as the empty string: use '.'")
        } else if characterClass.matchesNoScalar {
            report(.error, .matchesNothing, rule.name,
                   "rule '\(rule.name)' has a character class that matches no character: give it a range, or remove it")
        }
    }

    private mutating func checkRepetition(_ operand: GrammarExpression, minimum: Int, maximum: Int?, in rule: Rule) {
        let shown = show(.repetition(operand, minimum: minimum, maximum: maximum))
        if minimum < 0 || maximum.map({ $0 < minimum }) == true {
            report(.error, .repetitionBounds, rule.name,
                   "rule '\(rule.name)' repeats `\(shown)` with invalid bounds: the minimum must be at least 0 and at most the maximum")
            return
        }
        let count = max(minimum, maximum ?? 0)
        if count > LlamaRepetitionBudget.largestPrintableBound {
            report(.error, .repetitionBounds, rule.name,
                   GBNFPrintError.repetitionTooLarge(rule: rule.name, count: count).description)
        }
        guard analysis.isNullable(operand), maximum.map({ $0 > 1 }) ?? true else { return }
        if maximum == nil {
            report(.error, .emptyRepetition, rule.name,
                   "rule '\(rule.name)' repeats `\(shown)` without limit, but the repeated part can match the empty string, so a matcher can loop without consuming input: make the repeated part always consume a character (move anything optional out of the repetition)")
        } else {
            report(.warning, .emptyRepetition, rule.name,
                   "rule '\(rule.name)' repeats `\(shown)`, but the repeated part can match the empty string, so each count can be reached many ways, which slows matching: make the repeated part always consume a character")
        }
    }

    // MARK: Across rules

    private mutating func checkLeftRecursion() {
        // Edges from each rule to the rules it can start with. A rule on a cycle of these
        // edges can start with itself; every rule of one strongly connected component is the
        // same recursion, so report each component once, at its first rule.
        var names: [String] = []
        var seen: Set<String> = []
        for rule in grammar.rules where seen.insert(rule.name).inserted { names.append(rule.name) }
        var edges: [String: [String]] = [:]
        for name in names {
            guard let body = analysis.bodies[name] else { continue }
            edges[name] = analysis.leftmostReferences(of: body).filter { analysis.bodies[$0] != nil }
        }
        let component = Self.components(of: names, edges: edges)
        // Only a component of two or more rules, or one rule that can start with itself, has a
        // cycle: looking for one from every rule would search the whole grammar once per rule.
        var sizes: [Int: Int] = [:]
        for id in component.values { sizes[id, default: 0] += 1 }
        var reported: Set<Int> = []
        for name in names {
            guard let id = component[name], !reported.contains(id),
                  sizes[id, default: 0] > 1 || (edges[name] ?? []).contains(name),
                  let cycle = Self.shortestCycle(from: name, edges: edges)
            else { continue }
            reported.insert(id)
            // A cycle through thousands of rules is shown by its ends, not rule by rule.
            let steps = cycle + [name]
            let path = steps.count <= 8 ? steps.joined(separator: " → ")
                : (steps.prefix(4) + ["… \(steps.count - 6) more …"] + steps.suffix(2)).joined(separator: " → ")
            report(.error, .leftRecursion, name,
                   "rule '\(name)' is left-recursive (\(path)): llama.cpp rejects a rule that can start with itself, or runs out of memory when an optional rule hides it; rewrite it with repetition, e.g. `list ::= item (\",\" item)*` instead of `list ::= list \",\" item | item`")
        }
    }

    /// The rules on a shortest path from `start` back to itself, starting with `start`.
    private static func shortestCycle(from start: String, edges: [String: [String]]) -> [String]? {
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in edges[node] ?? [] {
                if next == start {
                    var path = [node]
                    while let before = previous[path[path.count - 1]] { path.append(before) }
                    return path.reversed()
                }
                if next != start, previous[next] == nil {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return nil
    }

    /// Strongly connected components (Kosaraju), as a component number per rule. Iterative,
    /// so a long chain of rules cannot overflow the stack.
    private static func components(of names: [String], edges: [String: [String]]) -> [String: Int] {
        var finished: [String] = []
        var visited: Set<String> = []
        for root in names where visited.insert(root).inserted {
            var stack: [(node: String, next: Int)] = [(root, 0)]
            while let top = stack.popLast() {
                let successors = edges[top.node] ?? []
                if top.next < successors.count {
                    stack.append((top.node, top.next + 1))
                    let successor = successors[top.next]
                    if visited.insert(successor).inserted { stack.append((successor, 0)) }
                } else {
                    finished.append(top.node)
                }
            }
        }
        var reverse: [String: [String]] = [:]
        for (node, successors) in edges {
            for successor in successors { reverse[successor, default: []].append(node) }
        }
        var component: [String: Int] = [:]
        var count = 0
        for root in finished.reversed() where component[root] == nil {
            component[root] = count
            var stack = [root]
            while let node = stack.popLast() {
                for predecessor in reverse[node] ?? [] where component[predecessor] == nil {
                    component[predecessor] = count
                    stack.append(predecessor)
                }
            }
            count += 1
        }
        return component
    }

    private mutating func checkProductivity() {
        var seen: Set<String> = []
        for rule in grammar.rules where seen.insert(rule.name).inserted && !analysis.productiveRules.contains(rule.name) {
            report(.error, .unproductiveRule, rule.name,
                   "rule '\(rule.name)' can never finish: every alternative needs '\(rule.name)' again, or a rule or part that matches nothing; add an alternative that ends without it")
        }
    }

    /// Whatever else keeps the printer from writing the grammar; the checks above predict
    /// every refusal, so this only reports a repetition the printer's own bookkeeping got
    /// wrong.
    private mutating func checkPrintability() {
        do {
            _ = try GBNFPrinter().print(grammar)
        } catch {
            guard case .repetitionTooComplex(let rule) = error else { return }
            report(.error, .repetitionBounds, rule, error.description)
        }
    }

    private mutating func checkReachability() {
        guard analysis.bodies[grammar.rootName] != nil else { return }
        var reached: Set<String> = [grammar.rootName]
        var stack = [grammar.rootName]
        while let name = stack.popLast() {
            guard let body = analysis.bodies[name] else { continue }
            for next in GrammarAnalysis.references(in: body) where reached.insert(next).inserted {
                stack.append(next)
            }
        }
        var seen: Set<String> = []
        for rule in grammar.rules where seen.insert(rule.name).inserted && !reached.contains(rule.name) {
            report(.warning, .unreachableRule, rule.name,
                   "rule '\(rule.name)' is never used from '\(grammar.rootName)': remove it, or refer to it from a rule that is")
        }
    }
}
