internal import SwiftSyntax

/// A call as the map and warnings quote it (``NavigationRecognizer/callText(_:)``), made the first time it is
/// read.
///
/// Every call in a scanned body is offered to each library, and most make no edge and no warning, so they
/// are never quoted; quoting is what costs, since the text of a call deep in a modifier chain starts at the
/// chain's first token (4,000 `.padding()` calls each walked the chain below them). Interpolated into a
/// message (`"\(text): …"`), it reads as the quoted text.
final class QuotedCall: CustomStringConvertible {
    /// What makes the text, until it is made.
    private var make: (() -> String)?
    private var quoted = ""

    /// A call, not quoted yet.
    init(_ call: FunctionCallExprSyntax) { make = { NavigationRecognizer.callText(call) } }

    /// Text already quoted (an assignment's).
    init(text: String) { quoted = text }

    /// The quoted text, made once.
    var value: String {
        if let make {
            quoted = make()
            self.make = nil
        }
        return quoted
    }

    /// The quoted text, as `value`.
    var description: String { value }
}
