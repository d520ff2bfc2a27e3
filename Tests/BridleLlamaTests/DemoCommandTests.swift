import BridleTestSupport
import Foundation
import Testing

/// `bridle demo` checks its options as `bridle generate` does, naming the flag.
@Suite struct DemoCommandTests {
    @Test(arguments: [(["--temperature=-1"], "--temperature: temperature must be"), (["--emphasis=-1"], "--emphasis: requestEmphasis weight must be")])
    func aBadValueNamesItsFlag(flags: [String], message: String) throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let run = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["demo", "--model", TestModels.large.path] + flags)
        #expect(run.status != 0)
        #expect(run.errors.contains(message), "\(run.errors)")
    }
}
