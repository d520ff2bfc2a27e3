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

extension PathPressure {
    /// The pressure of each value of `answer`, in the order the values first appear, from the
    /// answer's own records (those of one response, offsets counted from the answer's start).
    public static func of(_ records: [TokenPressure], in answer: String) -> [PathPressure] {
        var tally = Tally()
        tally.add(records, in: answer)
        return tally.pressures
    }

    /// Sums of pressure per path over one answer or many (the schema report's seeds).
    struct Tally {
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
            let located = JSONPaths(Array(answer.utf8))
            for record in records {
                let path = located.path(atByte: record.answerOffset)
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
        mutating func add(_ pressures: [PathPressure]) {
            for item in pressures {
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

        var pressures: [PathPressure] {
            order.compactMap { path in summary(of: path).map { PathPressure(path: path, pressure: $0) } }
        }

        /// The mean over every token measured; 0 when none was.
        var mean: Double {
            let tokens = sums.values.reduce(0) { $0 + $1.tokens }
            return tokens > 0 ? sums.values.reduce(0) { $0 + $1.total } / Double(tokens) : 0
        }
    }
}
