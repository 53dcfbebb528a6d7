import FlowGraph
import FlowModel
import Foundation

/// `--source-url TEMPLATE|git`: links from map drawings, diff reports and DocC pages to the line of source each
/// screen and call was read from, on the forge that hosts the repository.
enum SourceLinkOptions {
    /// `--source-url TEMPLATE|git`.
    static let option = CommandOption<String>(
        "--source-url", valueName: "TEMPLATE|git",
        help: "Link screens and calls to their source: https://…/{rev}/{file}#L{line}, or git for the origin "
            + "remote's forge at HEAD (docs/scan.md).", completions: ["git"])

    /// The links `--source-url` asks for, else `.flowgraph.json`'s `"sourceURL"` (found near the first path);
    /// `nil` when neither is given. Files are linked relative to the git repository's top folder (the working
    /// folder outside one), at `revision` (a commit) or else HEAD's.
    static func links(_ arguments: ParsedArguments, revision: String? = nil) throws -> SourceLinks? {
        let given: String
        if let value = try arguments[option] {
            given = value
        } else if let value = try ProjectDefaults.find(near: arguments.positionals.first).sourceURL {
            given = value
        } else {
            return nil
        }
        let folder = FileManager.default.currentDirectoryPath
        let top = try? GitProcess.git(["rev-parse", "--show-toplevel"], failure: "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let commit =
            revision
            ?? top.flatMap { _ in
                try? GitProcess.git(["rev-parse", "--verify", "-q", "HEAD"], failure: "")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
        let template: String
        if given == "git" {
            guard top != nil else {
                throw ArgumentParser.usageError(
                    "--source-url git: \(folder) is in no git repository; give the address: --source-url "
                        + "https://github.com/OWNER/REPO/blob/{rev}/{file}#L{line}")
            }
            guard
                let remote = try? GitProcess.git(["remote", "get-url", "origin"], failure: "")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            else {
                throw ArgumentParser.usageError(
                    "--source-url git: the repository has no remote named origin; give the address: --source-url "
                        + "https://github.com/OWNER/REPO/blob/{rev}/{file}#L{line}")
            }
            guard let forge = forgeTemplate(remote: remote) else {
                throw ArgumentParser.usageError(
                    "--source-url git: cannot tell how \(Self.withoutCredentials(remote)) links to a line "
                        + "(GitHub, GitLab, Bitbucket and Codeberg are known); give the address: --source-url "
                        + "https://HOST/OWNER/REPO/…/{rev}/{file}#L{line}")
            }
            template = forge
        } else {
            template = given
        }
        if let problem = SourceLinks.problem(with: template, hasRevision: commit != nil) {
            throw ArgumentParser.usageError("--source-url: " + problem)
        }
        return SourceLinks(template: template, root: top ?? folder, revision: commit, workingFolder: folder)
    }

    /// The commit `revision` names in the working folder's repository, for links to the files as they were
    /// there.
    static func commit(_ revision: String) throws -> String {
        try GitProcess.git(
            ["rev-parse", "--verify", "-q", revision + "^{commit}"], failure: "\(revision) is no commit",
            naming: option.spec.name
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The template a remote's forge links lines with (`https://github.com/OWNER/REPO/blob/{rev}/{file}#L{line}`
    /// for `git@github.com:OWNER/REPO.git`), or `nil` for a host whose form is not known or a local remote.
    static func forgeTemplate(remote: String) -> String? {
        var text = remote
        if text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        var host: Substring
        var path: Substring
        if let scheme = text.range(of: "://") {
            guard ["https", "http", "ssh", "git"].contains(text[..<scheme.lowerBound].lowercased()) else { return nil }
            let rest = text[scheme.upperBound...]
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            host = rest[..<slash]
            path = rest[rest.index(after: slash)...]
        } else if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            // scp form: `git@github.com:OWNER/REPO`.
            host = text[..<colon]
            path = text[text.index(after: colon)...]
        } else {
            return nil
        }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if let port = host.firstIndex(of: ":") { host = host[..<port] }
        let name = host.lowercased()
        guard !name.isEmpty, !path.isEmpty, path.split(separator: "/").count >= 2 else { return nil }
        let base = "https://\(name)/\(path)"
        if name == "github.com" || name.hasPrefix("github.") { return base + "/blob/{rev}/{file}#L{line}" }
        if name == "gitlab.com" || name.hasPrefix("gitlab.") { return base + "/-/blob/{rev}/{file}#L{line}" }
        if name == "bitbucket.org" { return base + "/src/{rev}/{file}#lines-{line}" }
        if name == "codeberg.org" { return base + "/src/commit/{rev}/{file}#L{line}" }
        return nil
    }

    /// A remote's address with any user and password taken out, to be shown.
    static func withoutCredentials(_ remote: String) -> String {
        guard let scheme = remote.range(of: "://"), let at = remote[scheme.upperBound...].firstIndex(of: "@") else {
            return remote
        }
        return String(remote[..<scheme.upperBound] + remote[remote.index(after: at)...])
    }
}
