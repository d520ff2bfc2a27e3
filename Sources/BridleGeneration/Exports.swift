// The backend interface (LanguageModel, GenerationRequest, OutputConstraint, options,
// statistics) is a module of its own, so backends depend on it alone; the façade re-exports it,
// so `import BridleGeneration` (and `import Bridle`) sees both.
@_exported import BridleBackend
