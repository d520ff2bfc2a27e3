import Foundation
import Testing

/// The project's shared test data (`../shared` beside the repository, or `$BRIDLE_SHARED`),
/// which is not part of the repository: tests that need it are skipped when it is absent.
public enum SharedData {
    /// The folder `relativePath` inside shared/, if it exists.
    public static func directory(_ relativePath: String) -> URL? {
        let fileManager = FileManager.default
        if let shared = ProcessInfo.processInfo.environment["BRIDLE_SHARED"], !shared.isEmpty {
            let directory = URL(fileURLWithPath: shared).appendingPathComponent(relativePath)
            return fileManager.fileExists(atPath: directory.path) ? directory : nil
        }
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            let directory = folder.appendingPathComponent("shared").appendingPathComponent(relativePath)
            if fileManager.fileExists(atPath: directory.path) { return directory }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    public static let missingMessage: Comment =
        "shared/ test data not found: set BRIDLE_SHARED to the shared/ folder, or keep it next to the repository"
}
