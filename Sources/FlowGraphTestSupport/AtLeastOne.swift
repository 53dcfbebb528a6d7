import Testing

/// The results of a query a test then checks one by one, after recording an issue when there are none: a loop
/// over an empty result checks nothing, so a query that stops matching (a renamed class, a changed format) fails
/// the test instead of passing it.
///
/// `for id in atLeastOne(ids(svg), "ids in the stack's SVG") { … }`
package func atLeastOne<Results: Collection>(
    _ results: Results, _ query: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
) -> Results {
    if results.isEmpty { Issue.record("\(query()) found nothing", sourceLocation: sourceLocation) }
    return results
}
