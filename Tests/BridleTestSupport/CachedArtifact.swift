import Foundation

/// Files the project's scripts fetch or build into the cache outside the clone (gemma,
/// llama-server), found where `scripts/test.sh` says or where the scripts put them.
public enum CachedArtifact {
    /// The path in the environment variable `variable` when it is set (`nil` when nothing usable
    /// is there), else `relativePath` below the cache (`BRIDLE_CACHE`, or `~/.cache/bridle`).
    public static func url(environment variable: String, cachePath relativePath: String, executable: Bool = false) -> URL? {
        let environment = ProcessInfo.processInfo.environment
        let usable: (String) -> Bool = {
            executable ? FileManager.default.isExecutableFile(atPath: $0) : FileManager.default.fileExists(atPath: $0)
        }
        if let path = environment[variable], !path.isEmpty {
            return usable(path) ? URL(fileURLWithPath: path) : nil
        }
        let cache = environment["BRIDLE_CACHE"] ?? (environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache") + "/bridle"
        let path = cache + "/" + relativePath
        return usable(path) ? URL(fileURLWithPath: path) : nil
    }
}
