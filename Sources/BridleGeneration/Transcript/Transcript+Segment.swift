import BridleSchema
import Foundation

extension Transcript {
    /// A piece of an entry, in FoundationModels' shape: text, or structured content with the
    /// name of what it came from.
    ///
    /// ```swift
    /// for case .toolOutput(let output) in session.transcript {
    ///     for segment in output.segments {
    ///         switch segment {
    ///         case .text(let text): print(text.content)                              // "Ran (1985)"
    ///         case .structure(let structure): print(structure.source, structure.content)  // "Films", {…}
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Bridle's entries keep their text and content as properties and derive their segments
    /// from them: one segment per entry, a string as ``TextSegment`` and anything else as a
    /// ``StructuredSegment``.
    public enum Segment: Sendable, Hashable, Identifiable {
        case text(TextSegment)
        case structure(StructuredSegment)

        public var id: String {
            switch self {
            case .text(let segment): segment.id
            case .structure(let segment): segment.id
            }
        }

        /// The segment for `content`: text for a string, structure for anything else.
        static func of(_ content: GeneratedContent, source: String, entryID: String) -> Segment {
            if case .string(let text) = content.kind {
                return .text(TextSegment(id: entryID + "-0", content: text))
            }
            return .structure(StructuredSegment(id: entryID + "-0", source: source, content: content))
        }
    }

    public struct TextSegment: Sendable, Hashable, Identifiable {
        public var id: String
        public var content: String

        public init(id: String = UUID().uuidString, content: String) {
            self.id = id
            self.content = content
        }
    }

    public struct StructuredSegment: Sendable, Hashable, Identifiable {
        public var id: String
        /// What produced the content: the Swift type's name for a ``Generable`` value.
        public var source: String
        public var content: GeneratedContent

        public init(id: String = UUID().uuidString, source: String, content: GeneratedContent) {
            self.id = id
            self.source = source
            self.content = content
        }
    }
}
