import CLlama

/// The process-wide llama.cpp set-up, done once before the first model loads: route the log
/// into ``LlamaLog`` and initialise the backends.
enum LlamaRuntime {
    private static let initialized: Void = {
        llama_log_set({ level, text, _ in
            guard let text else { return }
            LlamaLog.record(level: level, text: String(cString: text))
        }, nil)
        llama_backend_init()
    }()

    static func ensureInitialized() {
        initialized
    }
}
