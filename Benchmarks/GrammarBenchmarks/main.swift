import Bridle
import Foundation

// Grammar benchmarks, printed as numbers and ratios measured in this one run:
//   swift run -c release grammar-benchmarks [SHARED_DIR]
// 1. Compile time per JSONSchemaBench schema (import + compile + print), median and p99.
// 2. Matcher throughput (MB/s) on a ~1 MB JSON document, against a plain parse of it.
// 3. Matcher growth on ambiguous and recursive grammars, and hostile schemas' compile times.

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

let shared = CommandLine.arguments.dropFirst().first ?? "../shared"
let bench = URL(fileURLWithPath: shared).appendingPathComponent("conformance/jsonschemabench")

print("== Compile time per schema (import + compile + print GBNF)")
for split in ["Glaiveai2K", "Github_easy"] {
    let directory = bench.appendingPathComponent(split)
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
        print("\(split): not found under \(shared); pass the shared/ folder as the first argument")
        continue
    }
    var times: [Double] = []
    var sizes: [Int] = []
    var slowest = (file: "", seconds: 0.0)
    for file in files.sorted() where file.hasSuffix(".json") {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path),
            let document = try? GeneratedContent(jsonData: data), let schema = document[property: "schema"]
        else { continue }
        var text = ""
        let elapsed = seconds {
            if let compiled = try? GenerationSchema(jsonSchema: schema).grammar() { text = compiled.gbnf }
        }
        if !text.isEmpty {
            times.append(elapsed)
            sizes.append(text.utf8.count)
            if elapsed > slowest.seconds { slowest = (file, elapsed) }
        }
    }
    times.sort()
    sizes.sort()
    print(String(format: "%@: %d schemas, median %.3f ms, p99 %.3f ms, max %.3f ms (%@); grammar size median %d bytes, p99 %d",
                 split, times.count, percentile(times, 0.5) * 1000, percentile(times, 0.99) * 1000, slowest.seconds * 1000,
                 slowest.file, Int(percentile(sizes.map(Double.init), 0.5)), Int(percentile(sizes.map(Double.init), 0.99))))
}

print("\n== Matcher throughput on a ~1 MB JSON document")
var records: [GeneratedContent] = []
var index = 0
var size = 0
while size < 1_000_000 {
    let record = GeneratedContent(properties: [
        ("id", GeneratedContent(index)), ("name", GeneratedContent("record \(index) \u{e9}\u{1F600}")),
        ("score", GeneratedContent(JSONNumber(text: "\(index % 1000).25")!)), ("tags", GeneratedContent(elements: ["a", "b\"c"])),
        ("active", GeneratedContent(index % 2 == 0)),
    ])
    records.append(record)
    size += record.jsonString.utf8.count + 1
    index += 1
}
var matchOptions = GrammarOptions()
matchOptions.maximumArrayCount = records.count
matchOptions.maximumAnyDepth = 3
// Written in the grammar's own layout, or the grammar would refuse it at the first space.
let document = GeneratedContent(elements: records).jsonString(layout: matchOptions.layout)
let bytes = Array(document.utf8)
let megabytes = Double(bytes.count) / 1_000_000
let grammar = try GeneratedContent.generationSchema.grammar(options: matchOptions).grammar
var matched = false
let matchTime = try seconds {
    var matcher = try GrammarMatcher(grammar)
    matched = matcher.accept(bytes: bytes) == nil && matcher.isComplete
}
let parseTime = try seconds { _ = try GeneratedContent(json: document) }
print(String(format: "%.2f MB, matched: %@; matcher %.1f MB/s, JSON parser %.1f MB/s (matcher takes %.1fx the parser's time)",
             megabytes, matched ? "yes" : "NO", megabytes / matchTime, megabytes / parseTime, matchTime / parseTime))

// The growth GrammarMatcherComplexityTests bounds by counting work, timed here: each case at
// n and 2n, with the ratio (2 linear, 4 quadratic, 8 cubic).
print("\n== Matcher growth (time at n and 2n)")
func grammarOf(_ text: String) throws -> Grammar { try Grammar(gbnf: text) }
let growthCases: [(String, Grammar, Int, (Int) -> String)] = [
    ("redundant alternatives (\"a\" | \"a\" | \"aa\")*", try grammarOf(#"root ::= ("a" | "a" | "aa")*"#), 20_000, { String(repeating: "a", count: $0) }),
    ("left recursion e ::= e \"+\" d | d", try grammarOf("root ::= e\ne ::= e \"+\" [0-9] | [0-9]"), 20_000, { (0..<$0).map { "\($0 % 10)" }.joined(separator: "+") }),
    ("right recursion list ::= item \",\" list | item", try grammarOf("root ::= list\nlist ::= item \",\" list | item\nitem ::= [a-c]+"), 1_000, { Array(repeating: "ab", count: $0).joined(separator: ",") }),
    ("ambiguous s ::= s s | \"a\" | \"\"", try grammarOf("root ::= s\ns ::= s s | \"a\" | \"\""), 60, { String(repeating: "a", count: $0) }),
]
for (name, grammar, n, text) in growthCases {
    var times: [Double] = []
    for size in [n, 2 * n] {
        let input = Array(text(size).utf8)
        times.append(try seconds {
            var matcher = try GrammarMatcher(grammar)
            _ = matcher.accept(bytes: input)
        })
    }
    print(String(format: "%@: n=%d %.3f ms, 2n %.3f ms, ratio %.2f", name, n, times[0] * 1000, times[1] * 1000, times[1] / times[0]))
}

print("\n== Hostile schemas (compile time)")
let hostile: [(String, String)] = [
    ("100,000-value enum", #"{"enum":["# + (0..<100_000).map { "\"v\($0)\"" }.joined(separator: ",") + "]}"),
    ("recursive anyOf in oneOf", ##"{"oneOf":[{"$ref":"#/$defs/D"},{"type":"string"}],"$defs":{"D":{"anyOf":[{"$ref":"#/$defs/D"},{"type":"null"}]}}}"##),
]
for (name, text) in hostile {
    var outcome = "compiled"
    let time = seconds {
        do { _ = try GenerationSchema(jsonSchema: text).grammar() } catch { outcome = "refused" }
    }
    print(String(format: "%@: %@ in %.1f ms", name, outcome, time * 1000))
}
