import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Files a test writes for a subprocess or a reader (a prompt, a model, a log), in one folder
/// per test process that is removed when the process exits, so a run leaves nothing behind in
/// the system's temporary directory.
///
/// ```swift
/// let prompt = ScratchFiles.url("bridle-prompt", extension: "json")
/// try Data(text.utf8).write(to: prompt)
/// ```
public enum ScratchFiles {
    /// `…/bridle-tests-PID/`, made on first use.
    public static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { ScratchFiles.removeFolder() }
        return folder
    }()

    /// A new path in ``folder``: `prefix-UUID.extension`.
    public static func url(_ prefix: String, extension suffix: String? = nil) -> URL {
        folder.appendingPathComponent("\(prefix)-\(UUID().uuidString)" + (suffix.map { ".\($0)" } ?? ""))
    }

    private static func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }
}
