// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// The modules a token's path runs through, optimized in debug builds too when
/// `BRIDLE_OPTIMIZE_HOT_PATH=1` (scripts/demo.sh and scripts/test.sh set it): the demo then
/// shows Bridle's speed, not the debug build's, without a release build of everything (swift-
/// syntax's takes longer than the whole demo), and the tests exercise the code as it ships.
/// Never set for packages that depend on Bridle, which refuse unsafe flags.
let hotPathSettings: [SwiftSetting] =
    Context.environment["BRIDLE_OPTIMIZE_HOT_PATH"] == "1" ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let exampleDependencies: [Target.Dependency] = [
    "Bridle",
    "BridleExampleTypes",
    "ExampleSupport",
    .product(name: "ArgumentParser", package: "swift-argument-parser"),
]

/// libFuzzer entry points, one per input format: `bash scripts/fuzz.sh` builds them with
/// `swift build --sanitize=fuzzer --product FuzzX --scratch-path .build-fuzz` and runs them.
/// Their bodies live in BridleFuzzing, which the tests call on the saved corpus.
let fuzzTargets = [
    "FuzzJSON", "FuzzSchema", "FuzzGBNF", "FuzzRegex", "FuzzGGUF", "FuzzMatcher", "FuzzValueRules", "FuzzBridleKeywords",
    "FuzzCandidates", "FuzzTemplate",
]

let package = Package(
    name: "Bridle",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Bridle", targets: ["Bridle"]),
        // The llama.cpp backend. Needs llama.cpp installed where pkg-config finds `llama.pc`
        // (scripts/llama.sh builds the pinned version); the Bridle product does not.
        .library(name: "BridleLlama", targets: ["BridleLlama"]),
        // Inference servers (llama-server, vLLM, SGLang, OpenAI-compatible) over HTTP.
        .library(name: "BridleServer", targets: ["BridleServer"]),
        // Tools from Model Context Protocol servers, offered to sessions like native tools.
        .library(name: "BridleMCP", targets: ["BridleMCP"]),
        // Any LanguageModel behind an OpenAI-compatible HTTP endpoint.
        .library(name: "BridleEndpoint", targets: ["BridleEndpoint"]),
        // A model's own Jinja chat template, rendered as Hugging Face renders it.
        .library(name: "BridleTemplate", targets: ["BridleTemplate"]),
        .executable(name: "bridle", targets: ["BridleCommand"]),
    ] + fuzzTargets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // Already under AsyncHTTPClient; named for the tests' fault-injecting HTTP proxy.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // `swift package generate-documentation --target Bridle` (the DocC catalog in
        // Sources/Bridle/Bridle.docc; scripts/test.sh builds it with warnings as errors).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
        // The Model Context Protocol's Swift SDK: its client, stdio and HTTP transports.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-system", exact: "1.8.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // JSON text: GeneratedContent (the value), its parser and writer, numbers as written,
        // layouts. Depends on nothing but Foundation.
        .target(name: "BridleJSON"),

        // The schema model: Generable, GenerationSchema, guides, Generable coding, the schema's
        // validator and its JSON Schema rendering. Depends on nothing but Foundation,
        // BridleJSON (which it re-exports) and BridleRegex, so every higher layer can use it.
        .target(name: "BridleSchema", dependencies: ["BridleJSON", "BridleRegex"]),

        // JSON Schema from anyone: the reader (drafts 4 to 2020-12, $ref, the composition
        // algebra that imports a document into the schema model) and the evaluator that judges
        // an instance by the document itself.
        .target(name: "BridleJSONSchema", dependencies: ["BridleSchema", "BridleRegex"]),

        // Chat templates: a Jinja renderer that writes a model's own prompt byte for byte as
        // Python's jinja2 does under Hugging Face's settings. Depends on BridleJSON only.
        .target(name: "BridleTemplate", dependencies: ["BridleJSON"]),

        // JSON Schema `pattern`: the one ECMA-262 parser and a backtracking-free matcher with
        // work budgets, shared by the grammar compiler and the validator so both judge a
        // pattern alike. Depends on nothing.
        .target(name: "BridleRegex", swiftSettings: hotPathSettings),

        // GBNF grammars: a typed IR, the schema → grammar compiler, printer, parser, lint,
        // matcher and sampler. Knows nothing of llama.cpp.
        .target(name: "BridleGrammar", dependencies: ["BridleSchema", "BridleRegex"], swiftSettings: hotPathSettings),

        // The mask engine: which tokens may come next under a grammar, exactly, from a byte
        // trie of the vocabulary walked with the grammar's matcher. Knows bytes, tokens and
        // grammars, not llama.cpp.
        .target(name: "BridleMask", dependencies: ["BridleGrammar"], swiftSettings: hotPathSettings),

        // The backend interface: the LanguageModel protocol, GenerationRequest with its
        // OutputConstraint, options and their checks, events and statistics. What a backend
        // depends on, and nothing of sessions.
        .target(name: "BridleBackend", dependencies: ["BridleSchema", "BridleJSONSchema", "BridleGrammar", "BridleTemplate"]),

        // The FoundationModels façade over any backend: typed responses, checked answers and
        // best of N, sessions, tools, the transcript. Re-exports BridleBackend.
        .target(name: "BridleGeneration", dependencies: ["BridleBackend", "BridleSchema", "BridleJSONSchema", "BridleGrammar"]),

        // GGUF files: a reader for typed load errors, a writer, and the seeded tiny models
        // that tests and the demo run. Knows nothing of llama.cpp.
        .target(name: "BridleGGUF"),

        // llama.cpp's C API, through pkg-config.
        .systemLibrary(name: "CLlama", pkgConfig: "llama"),
        // The llama.cpp backend: models, contexts, grammar-constrained sampling.
        .target(
            name: "BridleLlama", dependencies: ["CLlama", "BridleBackend", "BridleGrammar", "BridleMask", "BridleGGUF", "BridleTemplate"], swiftSettings: hotPathSettings),

        // The same LanguageModel over HTTP: Bridle's grammar in each engine's request field, the
        // answer checked as it streams, replicas with retries before the first byte.
        .target(
            name: "BridleServer",
            dependencies: [
                "BridleBackend",
                "BridleGrammar",
                "BridleSchema",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Its server-sent-events parser (mattt/EventSource reads only URLSession's
                // bytes, which Linux's Foundation lacks).
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),

        // Bridle's engine behind an OpenAI-compatible endpoint (`bridle serve`): any
        // LanguageModel, its answers under Bridle's constraint, for any HTTP client.
        .target(
            name: "BridleEndpoint",
            dependencies: [
                "BridleGeneration", "BridleSchema", "BridleJSONSchema", "BridleGrammar",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),

        // MCP servers' tools as session tools: arguments compiled from each tool's
        // `inputSchema`, checked before `tools/call`; stdio child processes and HTTP.
        .target(
            name: "BridleMCP",
            dependencies: [
                "BridleGeneration", "BridleSchema", "BridleJSONSchema",
                .product(name: "MCP", package: "swift-sdk"),
                // FileDescriptor, for the stdio transport to a child process.
                .product(name: "SystemPackage", package: "swift-system"),
                // Logger, which MCP's Transport protocol names.
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // What @Generable and @Guide do, as a plain library over swift-syntax (unit-tested).
        .target(
            name: "BridleMacroSupport",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        // The compiler plug-in: a thin shell over BridleMacroSupport.
        .macro(
            name: "BridleMacros",
            dependencies: [
                "BridleMacroSupport",
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // The public face: re-exports the schema layer and declares the macros.
        .target(name: "Bridle", dependencies: ["BridleSchema", "BridleJSONSchema", "BridleGrammar", "BridleGeneration", "BridleMacros"]),

        // The types of the Examples (FoundationModels articles' types), shared by the
        // examples, the demo and the tests.
        .target(name: "BridleExampleTypes", dependencies: ["Bridle"], path: "Examples/ExampleTypes"),
        // What every example program shares: options, model loading with the cached tiny
        // model (the demo's too), and the report of a session's transcript and audit trail.
        .target(
            name: "ExampleSupport",
            dependencies: [
                "Bridle",
                "BridleLlama",
                "BridleGGUF",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/ExampleSupport"
        ),
        // The examples: `swift run films` (or `bash scripts/example.sh films`), one session each.
        .executableTarget(name: "current-date", dependencies: exampleDependencies, path: "Examples/CurrentDate"),
        .executableTarget(name: "reminders", dependencies: exampleDependencies, path: "Examples/Reminders"),
        .executableTarget(name: "contacts", dependencies: exampleDependencies, path: "Examples/Contacts"),
        .executableTarget(name: "search-suggestions", dependencies: exampleDependencies, path: "Examples/SearchSuggestions"),
        .executableTarget(name: "films", dependencies: exampleDependencies, path: "Examples/Films"),
        .executableTarget(name: "send-message", dependencies: exampleDependencies, path: "Examples/SendMessage"),
        .executableTarget(
            name: "mcp-tasks", dependencies: exampleDependencies + ["BridleMCP", .product(name: "MCP", package: "swift-sdk")],
            path: "Examples/MCPTasks"),

        .executableTarget(
            name: "BridleCommand",
            dependencies: [
                "Bridle",
                "BridleExampleTypes",
                "BridleLlama",
                "BridleGGUF",
                "BridleServer",
                "BridleEndpoint",
                "BridleTemplate",
                "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Numbers, not assertions: `swift run -c release grammar-benchmarks ../shared`.
        .executableTarget(name: "grammar-benchmarks", dependencies: ["Bridle"], path: "Benchmarks/GrammarBenchmarks"),
        // `bash scripts/llama-benchmarks.sh`: tokens/s and sampler ms/token, unconstrained vs
        // Bridle's grammars vs llama.cpp's converter's grammars, at 32k and 128k vocabularies.
        .executableTarget(
            name: "llama-benchmarks",
            dependencies: ["Bridle", "BridleLlama", "BridleMask", "BridleGrammar", "BridleGGUF", "BridleExampleTypes", "CLlama"],
            path: "Benchmarks/LlamaBenchmarks"
        ),

        // `bash scripts/scale-benchmarks.sh`: time and peak memory of every stage as each input
        // dimension grows through 10², 10³, 10⁴ and 10⁵ (hostile inputs), one child process a cell.
        .executableTarget(
            name: "scale-benchmarks",
            dependencies: ["BridleScaleInputs"],
            path: "Benchmarks/ScaleBenchmarks"
        ),

        // `bash scripts/soak.sh [MINUTES]`: 64 concurrent mixed requests (valid, over budget,
        // cancelled, at the token limit, value rules) in rounds on gemma; outcomes and memory.
        .executableTarget(
            name: "soak-benchmarks", dependencies: ["BridleScaleInputs", "BridleLlama", "BridleGeneration"],
            path: "Benchmarks/SoakBenchmarks"
        ),

        // `bash scripts/accuracy-benchmarks.sh`: how often answers to BFCL function-call tasks
        // are right on gemma-3-270m and SmolLM2, per layout, fast-forward and schema rendering,
        // against llama.cpp's own JSON-Schema grammar (llama-server) and the model unconstrained.
        .executableTarget(
            name: "accuracy-benchmarks",
            dependencies: [
                "BridleSchema", "BridleGrammar", "BridleGeneration", "BridleLlama",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/AccuracyBenchmarks"
        ),

        // `bash scripts/server-benchmarks.sh`: requests/s and p50/p99 latency per number of
        // concurrent sessions, in-process against llama-server with 1 and 2 replicas.
        .executableTarget(
            name: "server-benchmarks",
            dependencies: [
                "Bridle", "BridleLlama", "BridleServer", "BridleEndpoint", "BridleExampleTypes",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Benchmarks/ServerBenchmarks"
        ),

        // What each fuzz target does with one input, as a plain library (Fuzz/BridleFuzzing), so
        // the tests replay the saved corpus (Fuzz/Corpus) without libFuzzer.
        .target(
            name: "BridleFuzzing", dependencies: ["BridleSchema", "BridleJSONSchema", "BridleGrammar", "BridleMask", "BridleGeneration", "BridleGGUF", "BridleTemplate"],
            path: "Fuzz/BridleFuzzing"),
    ] + fuzzTargets.map {
        .executableTarget(name: $0, dependencies: ["BridleFuzzing"], path: "Fuzz/\($0)")
    } + [
        // Seeded randomness, the shared/ test data locator, and slow references (every valid
        // sentence of a small language), for every test target.
        .target(name: "BridleTestSupport", dependencies: ["BridleGrammar", "BridleMask", "BridleGeneration"], path: "Tests/BridleTestSupport"),
        // The scale harness's inputs (each dimension grown to n) and stages, shared by the
        // benchmark (`scale-benchmarks`, to 10⁵) and the tests (small sizes, every stage).
        .target(
            name: "BridleScaleInputs", dependencies: ["BridleSchema", "BridleJSONSchema", "BridleGrammar", "BridleMask", "BridleGeneration"],
            path: "Tests/BridleScaleInputs"),
        // The session checks every backend must pass on random-weight models (in-process and
        // server), with the recording tools they use.
        .target(name: "BridleSessionChecks", dependencies: ["Bridle", "BridleExampleTypes"], path: "Tests/BridleSessionChecks"),
        .testTarget(name: "BridleJSONTests", dependencies: ["BridleJSON", "BridleTestSupport"]),
        .testTarget(name: "BridleTemplateTests", dependencies: ["BridleTemplate", "BridleJSON", "BridleGGUF", "BridleTestSupport"]),
        .testTarget(name: "BridleSchemaTests", dependencies: ["BridleSchema", "BridleJSONSchema", "BridleTestSupport"]),
        .testTarget(name: "BridleJSONSchemaTests", dependencies: ["BridleJSONSchema", "BridleSchema", "BridleTestSupport"]),
        .testTarget(name: "BridleRegexTests", dependencies: ["BridleRegex", "BridleTestSupport"]),
        .testTarget(name: "BridleGrammarTests", dependencies: ["BridleGrammar", "BridleSchema", "BridleJSONSchema", "BridleRegex", "BridleTestSupport"]),
        .testTarget(
            name: "BridleMacroSupportTests",
            dependencies: [
                "BridleMacroSupport",
                "BridleMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "BridleTests", dependencies: ["Bridle", "BridleExampleTypes"]),
        .testTarget(name: "BridleGenerationTests", dependencies: ["BridleGeneration", "Bridle", "BridleExampleTypes", "BridleTestSupport"]),
        .testTarget(name: "BridleGGUFTests", dependencies: ["BridleGGUF", "BridleTestSupport"]),
        .testTarget(name: "BridleFuzzingTests", dependencies: ["BridleFuzzing", "BridleGGUF", "BridleTestSupport"]),
        .testTarget(name: "BridleMaskTests", dependencies: ["BridleMask", "BridleGrammar", "BridleSchema", "BridleJSONSchema", "BridleGGUF", "BridleTestSupport", "BridleScaleInputs"]),
        // FoundationModels-style code that must keep compiling with only `import Bridle`, and
        // its tests on scripted models.
        // Warnings are errors here, so a lost `@discardableResult` fails too.
        .testTarget(
            name: "FoundationModelsPortingTests", dependencies: ["Bridle", "BridleTestSupport"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
        .testTarget(name: "BridleLlamaTests", dependencies: ["BridleLlama", "BridleGGUF", "Bridle", "BridleExampleTypes", "BridleTestSupport", "BridleSessionChecks", "BridleScaleInputs"]),
        // Real MCP servers: PyPI's `mcp` (a FastMCP script over stdio and HTTP, scripts/mcp.sh
        // installs it) and the Swift SDK's own server in-process.
        .testTarget(
            name: "BridleMCPTests",
            dependencies: ["BridleMCP", "Bridle", "BridleGrammar", "BridleTestSupport", .product(name: "MCP", package: "swift-sdk")]
        ),
        // `bridle serve` over real HTTP: llama.cpp with tiny and real models, PyPI's `openai`
        // client (scripts/openai.sh installs it), Bridle's own server backend.
        .testTarget(
            name: "BridleEndpointTests",
            dependencies: [
                "BridleEndpoint", "BridleLlama", "BridleServer", "BridleGGUF", "Bridle", "BridleTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Real llama-server processes on loopback (scripts/llama-server.sh builds the binary).
        .testTarget(
            name: "BridleServerTests",
            dependencies: [
                "BridleServer", "Bridle", "BridleGGUF", "BridleExampleTypes", "BridleTestSupport", "BridleSessionChecks",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ]
)
