import BridleBackend

/// What `GET /metrics` reports, in Prometheus' text format: requests by route and status,
/// tokens, answers in flight, and the time spent decoding and computing token masks.
actor EndpointMetrics {
    private var requests: [Route: Int] = [:]
    private var promptTokens = 0
    private var completionTokens = 0
    private var maskSeconds = 0.0
    private var responseSeconds = 0.0
    private var promptSeconds = 0.0

    struct Route: Hashable, Comparable {
        let path: String
        let status: Int
        static func < (a: Route, b: Route) -> Bool { (a.path, a.status) < (b.path, b.status) }
    }

    func record(path: String, status: Int) {
        requests[Route(path: path, status: status), default: 0] += 1
    }

    func record(_ statistics: [GenerationStatistics]) {
        for statistics in statistics {
            promptTokens += statistics.promptTokens
            completionTokens += statistics.responseTokens
            maskSeconds += statistics.maskMicroseconds.reduce(0, +) / 1_000_000
            responseSeconds += statistics.responseSeconds
            promptSeconds += statistics.promptSeconds
        }
    }

    func text(answersInFlight: Int) -> String {
        var lines = [
            "# HELP bridle_requests_total HTTP requests answered, by path and status.",
            "# TYPE bridle_requests_total counter",
        ]
        for (route, count) in requests.sorted(by: { $0.key < $1.key }) {
            lines.append("bridle_requests_total{path=\"\(route.path)\",status=\"\(route.status)\"} \(count)")
        }
        lines += [
            "# HELP bridle_answers_in_flight Answers decoding or waiting for a sequence (the queue's depth).",
            "# TYPE bridle_answers_in_flight gauge",
            "bridle_answers_in_flight \(answersInFlight)",
            "# HELP bridle_prompt_tokens_total Prompt tokens of every answer, cached ones included.",
            "# TYPE bridle_prompt_tokens_total counter",
            "bridle_prompt_tokens_total \(promptTokens)",
            "# HELP bridle_completion_tokens_total Tokens generated.",
            "# TYPE bridle_completion_tokens_total counter",
            "bridle_completion_tokens_total \(completionTokens)",
            "# HELP bridle_prompt_seconds_total Time reading prompts.",
            "# TYPE bridle_prompt_seconds_total counter",
            "bridle_prompt_seconds_total \(promptSeconds)",
            "# HELP bridle_response_seconds_total Time generating answers.",
            "# TYPE bridle_response_seconds_total counter",
            "bridle_response_seconds_total \(responseSeconds)",
            "# HELP bridle_mask_seconds_total Time computing token masks (part of the response time).",
            "# TYPE bridle_mask_seconds_total counter",
            "bridle_mask_seconds_total \(maskSeconds)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
