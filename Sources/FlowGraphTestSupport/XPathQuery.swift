import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension XMLNode {
    /// The nodes an XPath query finds, at least one: a query that fails or finds nothing records a test issue
    /// (``atLeastOne(_:_:sourceLocation:)``), so that a check looping over the result cannot pass vacuously.
    /// `allowingNone` is for a query whose empty result is what the test expects.
    package func query(
        _ xpath: String, allowingNone: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [XMLNode] {
        do {
            let found = try nodes(forXPath: xpath)
            return allowingNone ? found : atLeastOne(found, "XPath \(xpath)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("XPath \(xpath) failed: \(error)", sourceLocation: sourceLocation)
            return []
        }
    }
}
