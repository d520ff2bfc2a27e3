import BridleSchema

/// The constraint's pressure on one value of an answer (``GenerationOptions/measuresPressure``),
/// by the value's JSON pointer (``JSONPaths``).
///
/// ```swift
/// answer.pressure.first { $0.path == "#/dateKind" }?.pressure.mean   // 0.62
/// ```
public struct PathPressure: Sendable, Hashable, Codable {
    public var path: String
    public var pressure: PressureSummary
}

/// Over the sampled tokens that wrote a value, how much of the model's probability the
/// constraint took away, on average and at most, and the refused tokens the model wanted most.
/// A high mean says the schema, its descriptions or the prompt disagree with the model there.
public struct PressureSummary: Sendable, Hashable, Codable {
    /// Sampled tokens that started in the value.
    public var tokens: Int
    /// Their mean removed probability (``TokenPressure/removedProbability``).
    public var mean: Double
    /// The highest.
    public var max: Double
    /// The refused tokens the model wanted most here, most probability in all first (at most
    /// ``refusedKept``; a token is counted where it was the likeliest refused one and had at
    /// least ``refusedThreshold`` of the probability).
    public var refused: [RefusedToken]

    /// A token the constraint refused where the model wanted it.
    public struct RefusedToken: Sendable, Hashable, Codable {
        public var text: String
        /// Tokens at which it was the likeliest refused one.
        public var count: Int
        /// Its mean probability at those tokens.
        public var meanProbability: Double
    }

    public static let refusedKept = 5
    public static let refusedThreshold = 0.01
}

/// The constraint's pressure on one answer: on each of its values, and at its end.
///
/// ```swift
/// answer.pressure?.paths.first { $0.path == "#/dateKind" }?.pressure.mean   // 0.62
/// answer.pressure?.end?.mean   // how much the model wanted to go on once the answer was complete
/// ```
public struct AnswerPressure: Sendable, Hashable, Codable {
    /// Each value's, in the order the values first appear.
    public var paths: [PathPressure]
    /// The choice of ending once the answer was complete (the end of generation, the only
    /// token then allowed): a base model continuing its dialogue wants a newline there, an
    /// instruct model that wants to go on may have more to say than the schema holds. Kept
    /// apart from the values, which it would otherwise dominate; `nil` when the answer was cut
    /// before its end.
    public var end: PressureSummary?

    /// The pressure of `answer` from its own records (those of one response, offsets counted
    /// from the answer's start): a record at the answer's end is the ending's.
    public static func of(_ records: [TokenPressure], in answer: String) -> AnswerPressure {
        var tally = PathPressure.Tally()
        tally.add(records, in: answer)
        return AnswerPressure(paths: tally.pressures, end: tally.end)
    }

    /// The mean over every measured token of the values (the ending left out); 0 when none was.
    public var mean: Double {
        let tokens = paths.reduce(0) { $0 + $1.pressure.tokens }
        return tokens > 0 ? paths.reduce(0) { $0 + $1.pressure.mean * Double($1.pressure.tokens) } / Double(tokens) : 0
    }
}

extension PathPressure {
    /// Sums of pressure per path over one answer or many (the schema report's seeds).
    struct Tally {
        /// The key of the ending's sums: no JSON pointer is empty.
        private static let end = ""
        private var order: [String] = []
        private var sums: [String: Sums] = [:]

        private struct Sums {
            var tokens = 0
            var total = 0.0
            var max = 0.0
            var refused: [String: (count: Int, mass: Double)] = [:]
        }

        mutating func add(_ records: [TokenPressure], in answer: String) {
            guard !records.isEmpty else { return }
            let bytes = Array(answer.utf8)
            let located = JSONPaths(bytes)
            for record in records {
                let path = record.answerOffset >= bytes.count ? Self.end : located.path(atByte: record.answerOffset)
                if sums[path] == nil { order.append(path) }
                var entry = sums[path] ?? Sums()
                entry.tokens += 1
                entry.total += record.removedProbability
                entry.max = Swift.max(entry.max, record.removedProbability)
                if let favourite = record.refusedFavourite, record.refusedFavouriteProbability >= PressureSummary.refusedThreshold {
                    let seen = entry.refused[favourite] ?? (0, 0)
                    entry.refused[favourite] = (seen.count + 1, seen.mass + record.refusedFavouriteProbability)
                }
                sums[path] = entry
            }
        }

        /// Adds one answer's pressure, already summed by path.
        mutating func add(_ pressure: AnswerPressure) {
            for item in pressure.paths + (pressure.end.map { [PathPressure(path: Self.end, pressure: $0)] } ?? []) {
                if sums[item.path] == nil { order.append(item.path) }
                var entry = sums[item.path] ?? Sums()
                entry.tokens += item.pressure.tokens
                entry.total += item.pressure.mean * Double(item.pressure.tokens)
                entry.max = Swift.max(entry.max, item.pressure.max)
                for token in item.pressure.refused {
                    let seen = entry.refused[token.text] ?? (0, 0)
                    entry.refused[token.text] = (seen.count + token.count, seen.mass + token.meanProbability * Double(token.count))
                }
                sums[item.path] = entry
            }
        }

        /// The summary of one path; `nil` when no token of it was measured.
        func summary(of path: String) -> PressureSummary? {
            guard let entry = sums[path], entry.tokens > 0 else { return nil }
            let refused = entry.refused.sorted { $0.value.mass > $1.value.mass || ($0.value.mass == $1.value.mass && $0.key < $1.key) }
                .prefix(PressureSummary.refusedKept)
                .map { PressureSummary.RefusedToken(text: $0.key, count: $0.value.count, meanProbability: $0.value.mass / Double($0.value.count)) }
            return PressureSummary(tokens: entry.tokens, mean: entry.total / Double(entry.tokens), max: entry.max, refused: refused)
        }

        /// Each value's summary, the ending left out.
        var pressures: [PathPressure] {
            order.compactMap { path in path == Self.end ? nil : summary(of: path).map { PathPressure(path: path, pressure: $0) } }
        }

        /// The ending's summary.
        var end: PressureSummary? { summary(of: Self.end) }

        /// The mean over every token of the values measured (the ending left out); 0 when none was.
        var mean: Double {
            let values = sums.filter { $0.key != Self.end }.values
            let tokens = values.reduce(0) { $0 + $1.tokens }
            return tokens > 0 ? values.reduce(0) { $0 + $1.total } / Double(tokens) : 0
        }
    }
}
