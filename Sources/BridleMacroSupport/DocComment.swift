import Foundation
import SwiftSyntax

/// The text of the `///` or `/** */` comment right before a declaration, which becomes the
/// schema description when `@Guide` gives none.
enum DocComment {
    static func text(of trivia: Trivia) -> String? {
        var lines: [String] = []
        for piece in trivia {
            switch piece {
            case .docLineComment(let comment):
                lines.append(String(comment.dropFirst(3)).trimmingLeadingSpace())
            case .docBlockComment(let comment):
                let body = comment.dropFirst(3).dropLast(2)
                lines += body.split(separator: "\n", omittingEmptySubsequences: false).map {
                    String($0).trimmingLeadingSpace().trimmingPrefix("*").trimmingLeadingSpace()
                }
            case .lineComment, .blockComment:
                lines = []
            default:
                continue
            }
        }
        let text = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

extension String {
    fileprivate func trimmingLeadingSpace() -> String {
        String(drop { $0 == " " || $0 == "\t" })
    }

    fileprivate func trimmingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
