import BridleSchema

extension SchemaReport {
    /// One seed's answer as the report reads it.
    package struct Outcome {
        let seed: UInt64
        let text: String?
        /// The answer's value when it passed every check.
        let content: GeneratedContent?
        let error: String?
        let retries: Int
        let pressure: AnswerPressure?

        init(seed: UInt64, text: String?, content: GeneratedContent?, error: String?, retries: Int, pressure: AnswerPressure?) {
            self.seed = seed
            self.text = text
            self.content = content
            self.error = error
            self.retries = retries
            self.pressure = pressure
        }

        init(_ answer: SeededAnswer) {
            switch answer.result {
            case .success(let checked):
                self.init(
                    seed: answer.seed, text: checked.text, content: checked.content, error: nil, retries: checked.regenerations,
                    pressure: checked.pressure)
            case .failure(let error):
                self.init(seed: answer.seed, text: nil, content: nil, error: String(describing: error), retries: 0, pressure: nil)
            }
        }
    }

    /// The report of `outcomes`, in seed order; coverage from `constraint`'s schema, when it has one.
    init(constraint: OutputConstraint?, settings: Settings, outcomes: [Outcome]) {
        var order: [String] = []
        var values: [String: ValueDistribution.Builder] = [:]
        var pressure = PathPressure.Tally()
        var coverage = constraint?.schema.map(SchemaCoverage.init)
        var distinct: Set<String> = []
        for outcome in outcomes {
            if let measured = outcome.pressure { pressure.add(measured) }
            guard let content = outcome.content else { continue }
            distinct.insert(JSONEquality.canonicalText(content))
            coverage?.record(content)
            Self.visit(content, at: "#") { path, value in
                if values[path] == nil { order.append(path) }
                values[path, default: ValueDistribution.Builder()].add(value)
            }
        }
        let measured = outcomes.contains { $0.pressure != nil }
        paths = order.map { path in
            PathReport(path: path, pressure: measured ? pressure.summary(of: path) : nil, values: values[path]?.distribution ?? ValueDistribution.Builder().distribution)
        }
        self.coverage = coverage?.branches ?? []
        self.settings = settings
        end = measured ? pressure.end : nil
        answers = outcomes.map { outcome in
            SeededAnswerReport(
                seed: outcome.seed, text: outcome.text, error: outcome.error, retries: outcome.retries, meanPressure: outcome.pressure?.mean ?? 0)
        }
        let valid = outcomes.filter { $0.content != nil }
        totals = Totals(
            seeds: outcomes.count, validAtFirstAttempt: valid.filter { $0.retries == 0 }.count, validAfterRetries: valid.filter { $0.retries > 0 }.count,
            failed: outcomes.count - valid.count, retries: outcomes.reduce(0) { $0 + $1.retries }, distinctAnswers: distinct.count,
            meanPressure: pressure.mean, highestPathPressure: paths.compactMap { $0.pressure?.mean }.max() ?? 0,
            branchesNeverTaken: self.coverage.filter { $0.answers == 0 }.count)
    }

    /// Calls `body` with every value of `content` and its JSON pointer, in document order.
    private static func visit(_ content: GeneratedContent, at path: String, depth: Int = 0, _ body: (String, GeneratedContent) -> Void) {
        body(path, content)
        guard depth < JSONPaths.depthLimit else { return }
        switch content.kind {
        case .array(let elements):
            for (index, element) in elements.enumerated() { visit(element, at: "\(path)/\(index)", depth: depth + 1, body) }
        case .structure(let properties, let keys):
            for key in keys {
                if let value = properties[key] { visit(value, at: path + "/" + JSONPaths.escape(key), depth: depth + 1, body) }
            }
        default:
            break
        }
    }
}

extension SchemaReport.Settings {
    /// The settings of a run with `options`.
    package init(
        model: String?, prompt: String?, instructions: String?, seeds: [UInt64], options: GenerationOptions, schemaInPrompt: Bool,
        schema: GeneratedContent
    ) {
        let sampling = options.sampling ?? .random(probabilityThreshold: 1)
        let described = switch sampling.strategy {
        case .greedy: "greedy"
        case .topK(let k): "top-k \(k)"
        case .nucleus(let p): p < 1 ? "top-p \(p)" : "full distribution"
        }
        let emphasis = options.requestEmphasis.flatMap { $0.isActive ? $0.weight : nil }
        self.init(
            model: model, prompt: prompt, instructions: instructions, seeds: seeds, sampling: described, temperature: options.temperature,
            emphasis: emphasis, layout: options.grammar.layout.rawValue, schemaInPrompt: schemaInPrompt, schema: schema)
    }
}
