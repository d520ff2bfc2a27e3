/// Summaries the benchmark's parts print: percentiles (nearest rank) and durations in
/// microseconds.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[Int((Double(sorted.count - 1) * min(max(fraction, 0), 1)).rounded())]
}

func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }

func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}

func milliseconds(_ duration: Duration) -> Double { microseconds(duration) / 1000 }
