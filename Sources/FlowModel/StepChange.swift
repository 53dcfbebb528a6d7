/// What one step does to the stack before it, for diagrams and people.
public struct StepChange: Hashable, Sendable {
    /// What kind of operation a step performs.
    public enum Kind: String, Hashable, Sendable {
        /// Nothing changed.
        case none
        /// Screen contents changed but the structure did not.
        case updateContents
        /// One or more presentation layers were dismissed.
        case dismiss
        /// Pushed screens were popped.
        case pop
        /// Screens were pushed.
        case push
        /// A screen was presented as a sheet or cover.
        case present
    }

    /// The operation.
    public var kind: Kind
    /// Indices (in the earlier stack) of the routes this step removes.
    public var removed: [Int]
    /// Indices (in the later stack) of the routes this step adds.
    public var added: [Int]
    /// Indices of routes kept in place whose screen contents changed.
    public var updated: [Int]
    /// The operation in words, e.g. `dismiss .sheet(Profile)`, `pop 2`, `push .push(3)`.
    public var summary: String

    /// Describes the step that turns `before` into `after`.
    public init(from before: [PlanRoute], to after: [PlanRoute]) {
        let kept = zip(before, after).prefix { $0.style == $1.style }.count
        let removedRoutes = Array(before[kept...])
        let addedRoutes = Array(after[kept...])
        removed = Array(kept..<before.count)
        added = Array(kept..<after.count)
        updated = (0..<kept).filter { before[$0].screen != after[$0].screen }

        let dismissed = removedRoutes.filter(\.isPresented)
        var parts: [String] = []
        if !dismissed.isEmpty {
            parts.append("dismiss " + dismissed.map(\.notation).joined(separator: ", "))
        } else if !removedRoutes.isEmpty {
            parts.append("pop \(removedRoutes.count)")
        }
        let presented = addedRoutes.filter(\.isPresented)
        if !addedRoutes.isEmpty {
            let verb = presented.isEmpty ? "push" : "present"
            parts.append(verb + " " + addedRoutes.map(\.notation).joined(separator: ", "))
        }
        if !updated.isEmpty {
            parts.insert("update contents", at: 0)
        }

        if !dismissed.isEmpty {
            kind = .dismiss
        } else if !removedRoutes.isEmpty {
            kind = .pop
        } else if !addedRoutes.isEmpty {
            kind = presented.isEmpty ? .push : .present
        } else if !updated.isEmpty {
            kind = .updateContents
        } else {
            kind = .none
        }
        summary = parts.isEmpty ? "no change" : parts.joined(separator: "; ")
    }
}
