import Foundation

/// Ids for calls in a model's own format: nine letters and digits, the one shape every chat
/// template accepts (Mistral's raise an exception for any other length).
///
/// ```swift
/// ToolCallID.make()   // "3f9a1c0b7"
/// ```
enum ToolCallID {
    static func make() -> String {
        String(UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(9))
    }
}
