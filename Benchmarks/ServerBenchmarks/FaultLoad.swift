import AsyncHTTPClient
import Bridle
import Foundation
import NIOCore

/// The endpoint under load with faults mixed in, on loopback: of every eight requests one is a
/// malformed body, one a schema past the nesting budget, one a stream its client drops after the
/// first piece, and five ordinary requests, which must all come back valid. Resident memory is
/// read before and after: the server's state must not grow with what it refused or lost.
struct FaultLoad {
    let load: ChatCompletionLoad

    struct Outcome {
        var ordinary = 0
        var ordinaryValid = 0
        var refusedAsExpected = 0
        var refusals = 0
        var dropped = 0
        var seconds = 0.0
    }

    enum Kind { case ordinary, malformed, overBudget, dropped }

    static func kind(of index: Int) -> Kind {
        switch index % 8 {
        case 0: .malformed
        case 1: .overBudget
        case 2: .dropped
        default: .ordinary
        }
    }

    func run(requests: Int, sessions: Int) async throws -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        var outcome = try await withThrowingTaskGroup(of: (Kind, Bool).self) { group in
            var next = 0
            var outcome = Outcome()
            func launch() {
                let index = next
                next += 1
                group.addTask { (Self.kind(of: index), try await send(index)) }
            }
            for _ in 0..<min(sessions, requests) { launch() }
            for try await (kind, asExpected) in group {
                switch kind {
                case .ordinary:
                    outcome.ordinary += 1
                    if asExpected { outcome.ordinaryValid += 1 }
                case .malformed, .overBudget:
                    outcome.refusals += 1
                    if asExpected { outcome.refusedAsExpected += 1 }
                case .dropped:
                    outcome.dropped += 1
                }
                if next < requests { launch() }
            }
            return outcome
        }
        outcome.seconds = seconds(clock.now - start)
        return outcome
    }

    /// Whether request `index` was answered as its kind should be.
    private func send(_ index: Int) async throws -> Bool {
        switch Self.kind(of: index) {
        case .ordinary:
            return try await load.send(load.body(index: index))
        case .malformed:
            return try await status(of: #"{"messages":[{"role":"user","content":"#) == 400
        case .overBudget:
            let deep = String(repeating: #"{"type":"array","items":"#, count: 300) + "{}" + String(repeating: "}", count: 300)
            let body = #"{"messages":[{"role":"user","content":"x"}],"response_format":{"type":"json_schema","json_schema":{"name":"x","schema":"# + deep + "}}}"
            return try await status(of: body) == 400
        case .dropped:
            var request = HTTPClientRequest(url: load.url + "/v1/chat/completions")
            request.method = .POST
            request.body = .bytes(ByteBuffer(string: String(load.body(index: index).dropLast()) + #","stream":true}"#))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
            for try await buffer in response.body where String(buffer: buffer).contains(#""content""#) { break }
            return true
        }
    }

    private func status(of body: String) async throws -> Int {
        var request = HTTPClientRequest(url: load.url + "/v1/chat/completions")
        request.method = .POST
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }
}

/// This process's resident memory in megabytes (Linux's /proc/self/status), or 0 where it
/// can't be read.
func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
}
