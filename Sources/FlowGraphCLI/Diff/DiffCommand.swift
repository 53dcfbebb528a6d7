import FlowGraph
import FlowModel
import FlowSource
import Foundation

/// `flowgraph diff`: what a change does to an app's navigation map and to the steps its plans play.
public enum DiffCommand: Command {
    /// `diff`.
    public static let name = "diff"
    /// One line for `flowgraph --help`.
    public static let summary = "Compare two versions: screens and calls added or removed, and what deep links now do."
    /// Two sides, or paths at revisions.
    public static let forms = ["BASE HEAD", "--git REV[..REV] [PATH…]"]
    /// `--git REV[..REV]`.
    static let git = CommandOption<String>(
        "--git", valueName: "REV[..REV]", help: "Compare PATHs at REV with the working tree (or at the second REV).")
    /// How the report is written: for a terminal, as Markdown for a pull request, or the map's change as a
    /// Mermaid flowchart.
    enum Format: String {
        case text
        case markdown = "md"
        case mermaid
    }

    /// `-T`, `--format text|md|mermaid`.
    static let format = CommandOption<Format>(
        "-T", alias: "--format", valueName: "text|md|mermaid",
        help: "Report for a terminal (default), as Markdown for a pull request (with the map's change as a "
            + "Mermaid chart), or only that chart.", parse: reportFormat)
    /// `--json`.
    static let json = CommandFlag("--json", help: "Print the report as JSON.")
    /// `-o`, `--output DIR|FILE.md`: where the drawings of the change go, and the Markdown report.
    static let output = CommandOption<String>(
        "-o", alias: "--output", valueName: "DIR|FILE.md",
        help: "Also draw the changes into DIR (map-diff, map-diff-base, timeline-PLAN; .svg, .png, light and "
            + "~dark); FILE.md writes the Markdown report there, its drawings in FILE/ beside it.")
    /// `--fail-on KIND,…`.
    static let failOn = CommandOption<[DiffGate]>(
        "--fail-on", valueName: "KIND,…", help: "Exit 1 when a change of these kinds is found (any: any change).",
        completions: DiffGate.allCases.map(\.rawValue), parse: gates)
    /// The options.
    public static let options =
        [
            git.spec, format.spec, json.spec, output.spec, failOn.spec, SourceLinkOptions.option.spec,
            LimitOptions.option.spec,
            ConventionOptions.quiet.spec,
            DiagnosticsOutput.strict.spec,
        ] + GraphvizAttributeOptions.all
    /// Two sides, or any number of paths with --git.
    public static let maximumPositionals = Int.max
    /// What it compares, and the exit status.
    public static let notes = """
        A side is a plan, a .swift file, or a folder of plans and Swift source. Kinds: added-/removed-screen,
        -stack, -edge, -back (back and dismiss calls), restyled-edge, new-problem, steps-changed, more-updates, slower, platform-split,
        plan-fails, removed-plan, over-budget, any. Exit status: 0; 1 a --fail-on kind found (or --strict, a warning);
        2 usage; 3 a broken Graphviz or font installation; 4 a side could not be read (no such path or revision).
        """
    /// Three examples.
    public static let examples = [
        "flowgraph diff old/checkout.json Plans/checkout.json",
        "flowgraph diff --git main App Plans -T md > navigation.md",
        "flowgraph diff --git HEAD~1..HEAD Samples --fail-on removed-screen,slower,platform-split",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/review.md"

    /// Runs the command; an error reading either side exits 4 (``ComparisonError``), apart from a tripped gate.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        do {
            return try compare(arguments, console: console)
        } catch let error as FlowGraphError {
            throw ComparisonError(error: error)
        }
    }

    /// Compares the two sides, prints the report and applies the gates.
    static func compare(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let gates = try arguments[failOn] ?? []
        let format = try arguments[Self.format] ?? .text
        let limits = try LimitOptions.limits(arguments)
        var report: DiffReport
        if let revisions = try arguments[git] {
            report = try gitReport(
                revisions, paths: arguments.positionals, limits: limits)
        } else {
            guard arguments.positionals.count == 2 else {
                throw ArgumentParser.usageError(
                    "give two sides, BASE and HEAD (plan files or folders), or --git REV with paths")
            }
            // The two sides share most files: each text is parsed once.
            let parses = ParseMemo()
            let (basePath, headPath) = (arguments.positionals[0], arguments.positionals[1])
            var (base, head) = try Beside.both {
                try DiffSide(paths: [basePath], limits: limits, parses: parses)
            } beside: {
                try DiffSide(paths: [headPath], limits: limits, parses: parses)
            }
            // Two plan files are two versions of one plan, whatever their names.
            if base.plans.count == 1, head.plans.count == 1, base.map == nil, head.map == nil {
                base.plans[0].name = head.plans[0].name
            }
            report = DiffReport(
                base: base, head: head, baseName: arguments.positionals[0], headName: arguments.positionals[1])
        }
        report.links = try DiffLinks.asked(arguments, revisions: try arguments[git])
        var images: (folder: String, drawn: DiffImages)?
        if let output = try arguments[output] {
            // `-o review.md`: the report there, its drawings in `review/` beside it, linked from it as such.
            let markdownFile = output.lowercased().hasSuffix(".md") ? output : nil
            let folder = markdownFile.map { String($0.dropLast(3)) } ?? output
            let drawn = try DiffImages(report, limits: limits)
            var files = drawn.files.map { ((folder as NSString).appendingPathComponent($0.name), $0.data) }
            if let markdownFile {
                let linked = (folder as NSString).lastPathComponent
                files.append((markdownFile, Data(report.markdown(images: (linked, drawn)).utf8)))
            }
            let root = markdownFile.map { PathName.folder(of: $0) }.map { $0.isEmpty ? "." : $0 } ?? folder
            try AtomicFiles.write(files, within: root)
            images = (folder, drawn)
        }
        let warnings = ConventionOptions.warnings(arguments, console)
        for warning in report.warnings { warnings.printError(warning.description) }
        if arguments[json] {
            console.print(report.json.rendered(.pretty))
        } else {
            switch format {
            case .text: console.writeOutput(report.text)
            case .markdown: console.writeOutput(report.markdown(images: images))
            case .mermaid: console.writeOutput(report.mermaid ?? MermaidDiagram.noChange(title: report.mermaidTitle))
            }
        }
        let triggered = gates.filter { $0.isTriggered(by: report) }
        if !triggered.isEmpty {
            console.printError("flowgraph diff: \(triggered.map(\.rawValue).joined(separator: ", ")) (--fail-on)")
        }
        return triggered.isEmpty && !(arguments[DiagnosticsOutput.strict] && !report.warnings.isEmpty) ? 0 : 1
    }

    /// The report of `--git A..B` (or `--git A`, against the working tree) over `paths` (none: the whole
    /// repository), each relative to the current folder or absolute. Files are named as the repository names
    /// them, below its top folder; a path that holds no plan or Swift file on either side is an error.
    static func gitReport(_ revisions: String, paths given: [String], limits: Limits) throws -> DiffReport {
        let parts = revisions.components(separatedBy: "..")
        guard parts.count <= 2, !parts.contains(where: \.isEmpty) else {
            throw ArgumentParser.usageError("--git takes REV or REV..REV, not '\(revisions)'")
        }
        let paths = try RepositoryPaths(given)
        let headRevision = parts.count == 2 ? parts[1] : nil
        // Both folders are made (and known to the interrupt cleanup) before the two copies start at once.
        let baseFolder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(baseFolder) }
        let headCopy = try headRevision.map { revision throws(FlowGraphError) in
            (revision: revision, folder: try TemporaryFolder.make())
        }
        defer { headCopy.map { TemporaryFolder.remove($0.folder) } }
        let (base, head) = try Beside.both {
            try GitRevision(parts[0], paths: paths, in: baseFolder)
        } beside: {
            try headCopy.map { try GitRevision($0.revision, paths: paths, in: $0.folder) }
        }
        let headName = parts.count == 2 ? parts[1] : "working tree"
        let headHolds = head?.holdsFiles ?? paths.paths.map { workingTreeHoldsFiles(paths.top, $0) }
        for (index, holds) in zip(base.holdsFiles, headHolds).enumerated() where !holds.0 && !holds.1 {
            // What was listed there and not read (a submodule not checked out) is why, more often than a typo.
            let unread = (base.notRead + (head?.notRead ?? [])).prefix(3).map { "\($0.file ?? ""): \($0.message)" }
            throw FlowGraphError(
                file: paths.given[index],
                message: "holds no plan or Swift file at \(parts[0]) or "
                    + (head == nil ? "in the working tree" : "at \(headName)") + " (read as "
                    + "\(paths.paths[index].isEmpty ? "the repository's top" : paths.paths[index]) "
                    + "in \(paths.top)); "
                    + (unread.isEmpty ? "check the path" : unread.joined(separator: "; ")))
        }
        let names = paths.paths.count > 1 ? paths.paths.map { $0.isEmpty ? "." : $0 } : nil
        /// A path one side lacks is an empty side: everything in it is added (or removed).
        let empty = base.folder.appendingPathComponent("empty").path
        try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        // The two sides share most files: each text is parsed once.
        let parses = ParseMemo()
        @Sendable func side(_ revision: GitRevision?) throws -> DiffSide {
            let root = revision?.root ?? paths.top
            let copies = paths.paths.map { path in
                let copy = RepositoryPaths.path(path, under: root)
                let held = revision?.swiftFiles.contains { $0.path == copy } == true
                return held || FileManager.default.fileExists(atPath: copy) ? copy : empty
            }
            // Its files as the repository names them; in what is printed, prefixed by the revision
            // (`main:App/Cart.swift:12`), never the temporary copy they were read from.
            let shown = revision.map { "\($0.revision):" } ?? ""
            var side: DiffSide
            do {
                side = try DiffSide(
                    paths: copies, names: names, limits: limits, parses: parses, held: revision?.swiftFiles
                )
                .relabelled(root + "/", as: "")
            } catch {
                throw error.relabelled(root + "/", as: shown)
            }
            side.warnings = side.warnings.map { warning in
                var named = warning
                if let file = warning.file, !file.hasPrefix("/") { named.file = shown + file }
                return named
            }
            side.label = revision?.revision
            side.warnings += revision?.notRead ?? []
            return side
        }
        let (baseSide, headSide) = try Beside.both {
            try side(base)
        } beside: {
            try side(head)
        }
        return DiffReport(base: baseSide, head: headSide, baseName: parts[0], headName: headName)
    }

    /// Whether the working tree holds a plan or Swift file at `path` below `top`.
    private static func workingTreeHoldsFiles(_ top: String, _ path: String) -> Bool {
        let full = RepositoryPaths.path(path, under: top)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { return false }
        guard isFolder.boolValue else { return full.hasSuffix(".json") || full.hasSuffix(".swift") }
        var ignored: [Diagnostic] = []
        return !DiffSide.files(below: full, warnings: &ignored).isEmpty
    }

    /// The kinds a `--fail-on` list names.
    static func gates(_ value: String) throws(UsageError) -> [DiffGate] {
        let words = value.split(separator: ",", omittingEmptySubsequences: false)
        guard !words.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw ArgumentParser.usageError(
                "--fail-on takes kinds separated by commas, not '\(value)'; kinds are "
                    + DiffGate.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return try words.map { name throws(UsageError) in
            let word = name.trimmingCharacters(in: .whitespaces)
            guard let gate = DiffGate(rawValue: word) else {
                throw ArgumentParser.usageError(
                    "unknown --fail-on kind '\(word)'; kinds are "
                        + DiffGate.allCases.map(\.rawValue).joined(separator: ", ")
                        + DidYouMean.hint(for: word, among: DiffGate.allCases.map(\.rawValue)))
            }
            return gate
        }
    }

    /// Whether `-T` asks for Markdown.
    static func reportFormat(_ value: String) throws(UsageError) -> Format {
        switch value {
        case "text", "txt": return .text
        case "md", "markdown": return .markdown
        case "mermaid", "mmd": return .mermaid
        default: throw ArgumentParser.usageError("-T takes text, md or mermaid for diff, not '\(value)'")
        }
    }
}
