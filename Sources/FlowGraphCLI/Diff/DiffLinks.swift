import FlowGraph
import FlowModel
import Graphviz

/// Where the places of a diff report link to: each side's files at that side's commit, so that a removed
/// call links to the line it was on before the change and an added one to the line it is on now.
struct DiffLinks {
    /// The links, at the head's commit (HEAD's for the working tree).
    var links: SourceLinks
    /// The commit of each side named by a revision (`main` → its commit), as the report prefixes that side's
    /// files (`main:App/Cart.swift`).
    var commits: [String: String] = [:]

    /// The link to a place of the report, or `nil` for a file outside the repository.
    func link(_ location: NavigationMap.Location) -> Link? {
        for (label, commit) in commits where location.file.hasPrefix(label + ":") {
            return links.link(
                file: String(location.file.dropFirst(label.count + 1)), line: location.line, revision: commit)
        }
        return links.link(location)
    }

    /// The links `--source-url` (or `.flowgraph.json`) asks for in a diff of `revisions` (`--git A..B`, or
    /// `nil` for two sides on disk); `nil` when none is asked for. With `--git` the report names files below
    /// the repository's top, whatever the working folder.
    static func asked(_ arguments: ParsedArguments, revisions: String?) throws -> DiffLinks? {
        guard let revisions else { return try SourceLinkOptions.links(arguments).map { DiffLinks(links: $0) } }
        let parts = revisions.components(separatedBy: "..")
        let head = parts.count == 2 ? try SourceLinkOptions.commit(parts[1]) : nil
        guard var links = try SourceLinkOptions.links(arguments, revision: head) else { return nil }
        links.workingFolder = links.root
        var commits = [parts[0]: try SourceLinkOptions.commit(parts[0])]
        if let head { commits[parts[1]] = head }
        return DiffLinks(links: links, commits: commits)
    }
}
