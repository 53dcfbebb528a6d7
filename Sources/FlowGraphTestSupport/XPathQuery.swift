import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension XMLNode {
    /// The nodes an XPath query finds; a query that fails records a test issue instead of finding nothing, so
    /// that a check looping over the result cannot pass vacuously.
    package func query(_ xpath: String, sourceLocation: SourceLocation = #_sourceLocation) -> [XMLNode] {
        do {
            return try nodes(forXPath: xpath)
        } catch {
            Issue.record("XPath \(xpath) failed: \(error)", sourceLocation: sourceLocation)
            return []
        }
    }
}
