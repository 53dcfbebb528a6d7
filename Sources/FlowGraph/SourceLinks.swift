import FlowModel
import Foundation
import Graphviz

/// Links from a drawing or a report to the line of source something was read from, on the forge that hosts
/// the repository: `https://github.com/OWNER/REPO/blob/{rev}/{file}#L{line}` filled in for each place.
///
/// `{file}` is always the file's path relative to the repository's top folder, each part percent-encoded; a
/// file outside that folder (or not found under it once symbolic links are resolved) gets no link, so no
/// drawing ever names a path of the machine it was made on.
public struct SourceLinks: Hashable, Sendable, Codable {
    /// The address with `{file}`, `{line}` and `{rev}` to fill in.
    public var template: String
    /// The repository's top folder, absolute, symbolic links resolved.
    public var root: String
    /// The revision `{rev}` names when a place does not say its own: a commit, as `git rev-parse` gives it.
    public var revision: String?
    /// The folder relative file names are read from (the command's working folder).
    public var workingFolder: String

    /// The placeholders a template may hold.
    public static let placeholders = ["{file}", "{line}", "{rev}"]

    /// Links filled in from `template`, for files below `root`; check the template first with
    /// ``problem(with:hasRevision:)``.
    public init(template: String, root: String, revision: String?, workingFolder: String) {
        self.template = template
        self.root = Self.resolved(root)
        self.revision = revision
        self.workingFolder = workingFolder
    }

    /// What is wrong with `template`, in a sentence, or `nil`: it must be an `https://` or `http://` address
    /// that holds `{file}`, names no other `{…}`, and uses `{rev}` only when there is a revision.
    public static func problem(with template: String, hasRevision: Bool) -> String? {
        let lowercased = template.lowercased()
        guard lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://") else {
            return "expected an https:// address such as "
                + "https://github.com/OWNER/REPO/blob/{rev}/{file}#L{line}, or 'git', not '\(template)'"
        }
        guard template.contains("{file}") else { return "the address holds no {file}: '\(template)'" }
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return "a '{' is not closed: '\(template)'" }
            let name = String(rest[open...close])
            guard placeholders.contains(name) else {
                return "unknown placeholder \(name); known are " + placeholders.joined(separator: ", ")
            }
            if name == "{rev}", !hasRevision {
                return "the address uses {rev}, and there is no commit to take it from (the folder is in no git "
                    + "repository, or it has no commit yet); name the revision in the address instead"
            }
            rest = rest[rest.index(after: close)...]
        }
        let example = fill(template, file: "App/Cart.swift", line: 1, revision: "0")
        guard Link(example) != nil else {
            return "'\(example)' is not an address a drawing can link to (no spaces, quotes or braces)"
        }
        return nil
    }

    /// The link to line `line` of `file` (absolute, or relative to ``workingFolder``) at `revision` (the
    /// links' own when `nil`); `nil` for a file outside the repository.
    public func link(file: String, line: Int, revision: String? = nil) -> Link? {
        let path = Self.resolved(file.hasPrefix("/") ? file : workingFolder + "/" + file)
        let top = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(top) else { return nil }
        let relative = String(path.dropFirst(top.count))
        guard !relative.isEmpty, !relative.split(separator: "/").contains("..") else { return nil }
        return Link(fill(file: relative, line: line, revision: revision ?? self.revision ?? ""))
    }

    /// The link to a place of a map, at the links' own revision.
    public func link(_ location: NavigationMap.Location) -> Link? {
        link(file: location.file, line: location.line)
    }

    private func fill(file: String, line: Int, revision: String) -> String {
        Self.fill(template, file: file, line: line, revision: revision)
    }

    private static func fill(_ template: String, file: String, line: Int, revision: String) -> String {
        template.replacingOccurrences(of: "{file}", with: encoded(file))
            .replacingOccurrences(of: "{line}", with: String(line))
            .replacingOccurrences(of: "{rev}", with: encoded(revision))
    }

    /// `path` with each part percent-encoded: only letters, digits, `-._~` and `/` kept as they are.
    static func encoded(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }

    /// An absolute path standardized, with its symbolic links resolved.
    public static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
