import BridleGGUF
import Foundation

/// The tiny random-weight models that the examples and `bridle demo` run when no model is
/// given: written once into the cache, then reused.
public enum TinyModelCache {
    /// The path of the tiny model for this vocabulary, writing it first when it is missing.
    ///
    /// - Parameter willCreate: Told the path before a model is written (a few seconds), so a
    ///   command can say why it is waiting.
    public static func path(vocabularySize: Int, willCreate: (String) -> Void = { _ in }) throws -> String {
        let folder = cacheFolder.appendingPathComponent("models")
        let file = folder.appendingPathComponent("tiny-\(vocabularySize)-seed1-r\(TinyModel.revision).gguf")
        if FileManager.default.fileExists(atPath: file.path) { return file.path }
        willCreate(file.path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Written beside and moved into place, so an interrupted run leaves no half file.
        let partial = folder.appendingPathComponent("\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
        try TinyModel(vocabularySize: vocabularySize, seed: 1).write(to: partial)
        // Another process may have finished first; its file is the same bytes.
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: partial)
        } else {
            try FileManager.default.moveItem(at: partial, to: file)
        }
        return file.path
    }

    /// `$BRIDLE_CACHE`, else `bridle` in the XDG cache folder: where scripts/llama.sh keeps llama.cpp too.
    private static var cacheFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["BRIDLE_CACHE"] { return URL(fileURLWithPath: cache) }
        return URL(fileURLWithPath: environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache").appendingPathComponent("bridle")
    }
}
