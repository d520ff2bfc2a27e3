import Bridle
import Foundation

/// What the endpoint does for one chat completion, done in-process: the same messages (the
/// schema's instructions as the system message), constraint and options, one request at a time.
/// The endpoint's latency at one client over this one's is what HTTP and the endpoint add.
struct InProcessBaseline {
    let model: any LanguageModel
    let schema: GenerationSchema
    let options: GenerationOptions

    func run(_ label: String, requests: Int) async throws -> Row {
        let constraint = try OutputConstraint(schema: schema)
        let clock = ContinuousClock()
        let start = clock.now
        var latencies: [Double] = []
        for index in 0..<requests {
            var options = options
            options.sampling = options.sampling?.seeded(UInt64(index))
            let began = clock.now
            _ = try await model.checkedAnswer(
                to: [.system(schema.responseInstructions), .user("Request \(index): which of my contacts are millennials?")],
                constraint: constraint, options: options)
            latencies.append(seconds(clock.now - began))
        }
        return Row(backend: label, sessions: 1, requests: requests, seconds: seconds(clock.now - start), latencies: latencies)
    }
}
