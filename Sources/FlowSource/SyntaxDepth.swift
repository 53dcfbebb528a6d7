internal import SwiftSyntax

/// How deep a syntax tree nests, measured without recursion before anything else walks it.
///
/// Every walk over a tree (diagnostics, location lookups, the scanner's own) recurses once per level, so a
/// tree deeper than ``maximum`` is refused with the place where it gets that deep, instead of overflowing
/// the stack. The parser builds such trees without recursing: 100,000 postfix `!` or a chain of 100,000
/// modifiers parse, but nest 100,000 and 200,000 levels deep.
enum SyntaxDepth {
    /// The deepest tree scanned: a chain of about 5,000 modifiers, 4,000 `else if` or 10,000 postfix `!`.
    /// Walks at this depth use well under ``LargeStack/size`` of stack.
    static let maximum = 10_000

    /// The first node (in source order) that lies deeper than ``maximum``, if any.
    static func firstTooDeep(in tree: some SyntaxProtocol) -> Syntax? {
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
        var found: Syntax?
        while let (node, depth) = pending.popLast() {
            if depth > maximum {
                if found == nil || node.position < found!.position { found = node }
                continue
            }
            for child in node.children(viewMode: .sourceAccurate) { pending.append((child, depth + 1)) }
        }
        return found
    }
}
