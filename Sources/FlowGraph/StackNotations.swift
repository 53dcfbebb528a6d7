import FlowModel

/// A stack's route notation (`[.push(A), .sheet(B)]`, as `[PlanRoute].notation` writes it) made from the last
/// stack's: the routes it shares at the bottom with the one before keep their notation, only those above are
/// written again.
///
/// A timeline's tooltips name the whole stack after every moment, and one moment differs from the one before
/// by a route or two: on 1,000 steps of 40 screens this writes 40 routes once instead of 40 per moment.
struct StackNotations {
    private var routes: [PlanRoute] = []
    private var notations: [String] = []

    /// `stack.notation`, reusing what the previous call wrote for the routes the two stacks share.
    mutating func notation(of stack: [PlanRoute]) -> String {
        var shared = 0
        while shared < min(routes.count, stack.count), routes[shared] == stack[shared] { shared += 1 }
        notations.removeSubrange(shared...)
        notations.append(contentsOf: stack[shared...].map(\.notation))
        routes = stack
        return "[" + notations.joined(separator: ", ") + "]"
    }
}
