/// The navigation libraries FlowGraph models, listed once: plan decoding finds a plan's library, its keys and
/// its decoder here, so a new library is one conformance added to ``all`` and no edit elsewhere.
enum NavigationLibraries {
    /// Every conformance, the default (FlowStacks) first.
    static let all: [any (NavigationLibrary & LibraryPlanDecoding).Type] = [
        FlowStacksLibrary.self, SwiftfulRoutingLibrary.self, NavigationStackLibrary.self, SwiftUILibrary.self,
    ]

    /// The conformance of a library.
    static func conformance(for library: Library) -> any (NavigationLibrary & LibraryPlanDecoding).Type {
        guard let found = all.first(where: { $0.library == library }) else {
            preconditionFailure("\(library) has no conformance in NavigationLibraries.all")
        }
        return found
    }

    /// The conformance a plan's `library` value names (letter case, spaces, `-` and `_` ignored), if any.
    static func conformance(named name: String) -> (any (NavigationLibrary & LibraryPlanDecoding).Type)? {
        let key = name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        return all.first { $0.library.rawValue == key || $0.aliases.contains(key) }
    }
}

/// How a library's conformance reads its part of a plan file.
protocol LibraryPlanDecoding {
    /// Other names plan files may give the library in `library` (lowercase, without spaces, `-` or `_`).
    static var aliases: [String] { get }
    /// The top-level keys only this library's plans take, with the schemas of their values.
    static var ownKeys: PlanObjectKeys { get }
    /// How the library's plans read the keys every plan has, for the schema: each such key's schema in
    /// plans of this library, `false` for a key it refuses.
    static var sharedKeys: PlanObjectKeys { get }
    /// What the schema says of the library's plans beside ``sharedKeys``, if anything.
    static var schemaNote: String? { get }
    /// Decodes the rest of a plan written for the library; `base` holds the title, root, platform and
    /// navigation stack settings already read. Problems are reported to `decoder`.
    static func decodePlan(_ json: JSONValue, base: Plan, decoder: inout PlanDecoder) -> Plan
}

extension LibraryPlanDecoding {
    /// The names of the top-level keys only this library's plans take.
    static var planKeys: [String] { ownKeys.names }
}
