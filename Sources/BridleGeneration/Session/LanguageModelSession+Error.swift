extension LanguageModelSession {
    /// A session used the wrong way, in FoundationModels 27's shape (thrown under
    /// ``ErrorConvention/foundationModels27``).
    public enum Error: Swift.Error, Hashable, CustomStringConvertible {
        /// A request while another one runs.
        case concurrentRequests
        /// The transcript was changed while a request ran; Bridle's transcript cannot be
        /// changed from outside, so this is never thrown.
        case transcriptMutationWhileResponding

        public var description: String {
            switch self {
            case .concurrentRequests: SessionError.concurrentRequests.description
            case .transcriptMutationWhileResponding: "the transcript was changed while the session was responding"
            }
        }
    }
}
