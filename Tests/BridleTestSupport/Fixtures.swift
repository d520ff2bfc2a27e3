import Foundation

/// Small test data that lives in the repository (`Tests/Fixtures`), so the tests that read it
/// run on every clone, unlike ``SharedData``.
public enum Fixtures {
    /// The folder `relativePath` inside Tests/Fixtures.
    public static func directory(_ relativePath: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
    }

    /// The JSON-Schema-Test-Suite files (MIT; see Tests/Fixtures/README.md).
    public static let jsonSchemaTestSuite = directory("json-schema-test-suite")
}
