import FlowGraph
import FlowModel
import FlowSource
import Foundation
import Graphviz

/// `flowgraph scan`: reads an app's Swift source and draws its navigation map, or writes the plans in it.
public enum ScanCommand: Command {
    /// `scan`.
    public static let name = "scan"
    /// One line for `flowgraph --help`.
    public static let summary =
        "Read navigation from Swift source: the app's navigation map, and plans in its functions."
    /// Source files and folders.
    public static let forms = ["PATH…"]
    /// `-o`, `--output FILE`.
    static let output = CommandOption<String>(
        "-o", alias: "--output", valueName: "FILE",
        help: "Draw the navigation map to FILE (its extension, or -T, gives the format; with several, a base name).")
    /// `-T`, `--format FORMATS`.
    static let format = CommandOption<[ScanRequest.MapFormat]>(
        "-T", alias: "--format", valueName: "FORMATS",
        help: "The map's formats: svg,png,pdf,dot,mermaid (several: -T svg,png).",
        completions: ["svg", "png", "pdf", "dot", "mermaid"]
    ) { text throws(UsageError) in
        var formats: [ScanRequest.MapFormat] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = ScanRequest.MapFormat(name: name) else {
                throw ArgumentParser.usageError(
                    "-T: unknown map format '\(part)'; expected svg, png, pdf, dot or mermaid "
                        + "(--json prints the scan as JSON)")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
    /// `--plans DIR`.
    static let plans = CommandOption<String>(
        "--plans", valueName: "DIR", help: "Write one plan file per function whose route changes are known.")
    /// `--json`.
    static let json = CommandFlag("--json", help: "Print screens, edges, plans and problems as JSON.")
    /// The options.
    public static let options =
        [
            output.spec, format.spec, plans.spec, json.spec, ThemeOption.option.spec, LimitOptions.option.spec,
            SourceLinkOptions.option.spec, CacheOptions.noCache.spec, ConventionOptions.quiet.spec,
            DiagnosticsOutput.strict.spec,
        ] + GraphvizAttributeOptions.all
    /// Any number of paths.
    public static let maximumPositionals = Int.max
    /// The arguments and the exit status.
    public static let notes = """
        PATH is a .swift file or a folder searched for them; each folder given is one app. Without -o, --plans
        or --json it prints a summary. Exit status: 0; 1 unreadable source (or --strict and a warning); 2 usage.
        """
    /// Three examples.
    public static let examples = [
        "flowgraph scan Samples/FlowStacksApp -o map.svg --theme light,dark",
        "flowgraph scan Samples/FlowStacksApp --plans plans && flowgraph check plans",
        "flowgraph scan Samples/FlowStacksApp --json > navigation.json",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/scan.md"

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let request = try ScanRequest(arguments)
        let links = try SourceLinkOptions.links(arguments)
        let warnings = request.warnings(console)
        var notRead: [Diagnostic] = []
        let scan = try scanSources(
            request.paths, limits: request.limits, warnings: &notRead, reuse: CacheOptions.reuse(arguments))
        for warning in notRead { warnings.printError(warning.description) }

        var (files, pageNote) = try mapFiles(of: scan, request, links: links)
        if let folder = request.plansFolder {
            // Each plan's file name is one safe component: a raw identifier such as `/../../x` stays in the folder.
            let names = try SafeFileName.fileNames(for: scan.plans.map(\.name), suffix: ".json", in: folder)
            for (plan, name) in zip(scan.plans, names) {
                files.append((PathName.joined(folder, name), Data((plan.plan.rendered(.pretty) + "\n").utf8)))
            }
        }
        if !files.isEmpty { try AtomicFiles.write(files) }
        if let pageNote { request.notes(console).printError(pageNote) }
        for problem in scan.map.problems {
            warnings.printError("\(problem.location.description): warning: \(problem.message)")
        }
        if request.json {
            console.print(scan.json().rendered(.pretty))
        } else if files.isEmpty {
            console.print(summary(scan))
        } else if let folder = request.plansFolder {
            request.notes(console).printError(
                "wrote \(scan.plans.count) plan\(scan.plans.count == 1 ? "" : "s") to \(folder)")
        }
        if request.themes.count > 1,
            let light = request.maps.first(where: { $0.format == .graphviz(.svg) || $0.format == .graphviz(.png) })
        {
            console.print(PictureSnippet.html(light: light.path, alt: "Navigation map"))
        }
        let warned = !notRead.isEmpty || !scan.map.problems.isEmpty
        return request.strict && warned ? 1 : 0
    }

    /// The map drawn in every theme to every file the request names (none without `-o`); a Mermaid map once. A
    /// map too wide to read at 880 px is an overview and one map per stack (``NavigationMapPages``), said in
    /// the note returned.
    private static func mapFiles(of scan: SourceScan, _ request: ScanRequest, links: SourceLinks?) throws -> (
        files: [(path: String, data: Data)], note: String?
    ) {
        var files: [(path: String, data: Data)] = request.maps.filter { $0.format == .mermaid }.map {
            ($0.path, Data(MermaidDiagram.map(scan.map).utf8))
        }
        let drawn = request.maps.compactMap { map -> (path: String, format: OutputFormat)? in
            guard case .graphviz(let format) = map.format else { return nil }
            return (map.path, format)
        }
        guard let first = drawn.first else { return (files, nil) }
        do {
            let drawing = try MapJob.draw(
                scan.map, themes: request.themes, files: drawn, limits: request.limits, links: links)
            files += drawing.files
            let note =
                drawing.stackPages.isEmpty
                ? nil : MapJob.pagingNote(overview: first.path, stackPages: drawing.stackPages)
            return (files, note)
        } catch let error as GraphvizError {
            throw FlowGraphError(file: first.path, message: "cannot draw the map: \(error)")
        }
    }

    /// Reads and scans the Swift files at `paths`; the entries under folders left out on purpose (links
    /// leading outside them) are added to `warnings`, and any that cannot be read is an error. Each folder
    /// given is one app, scanned on its own so that same-named types of two apps never merge; the files given
    /// by name are one more app. `reuse` says what earlier work the scan may take (``ScanReuse``).
    static func scanSources(
        _ paths: [String], limits: Limits, warnings: inout [Diagnostic], reuse: ScanReuse = .nothing
    ) throws(FlowGraphError) -> SourceScan {
        var groups: [[String]] = []
        var loose: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                groups.append([path])
            } else {
                loose.append(path)
            }
        }
        if !loose.isEmpty { groups.append(loose) }
        if groups.count <= 1 {
            return try scanSources(SourceFiles.list(paths), limits: limits, warnings: &warnings, reuse: reuse)
        }
        var listings: [SourceFiles.Listing] = []
        for group in groups { listings.append(try SourceFiles.list(group)) }
        try SourceScanner.checkFileCount(listings.flatMap { $0.files.map(\.path) }, limits: limits)
        var scans: [SourceScan] = []
        for listing in listings {
            scans.append(try scanSources(listing, limits: limits, warnings: &warnings, reuse: reuse))
        }
        return SourceScan.combining(scans)
    }

    /// Reads and scans the files of `listing` as one app, as ``scanSources(_:limits:warnings:reuse:)`` does.
    static func scanSources(
        _ listing: SourceFiles.Listing, limits: Limits, warnings: inout [Diagnostic], reuse: ScanReuse = .nothing
    ) throws(FlowGraphError) -> SourceScan {
        try listing.refuseFailures()
        try SourceScanner.checkFileCount(listing.files.map(\.path), limits: limits)
        warnings += listing.warnings
        return try scanTexts(readSwiftFiles(listing.files, limit: limits.fileSize), limits: limits, reuse: reuse)
    }

    /// Reads Swift files on every core, in the order given; the first in that order that cannot be read, or is
    /// not UTF-8, is the error (a file each thread opens, checks and reads on its own).
    private static func readSwiftFiles(
        _ files: [SourceFiles.Found], limit: Int
    ) throws(FlowGraphError) -> [(path: String, text: String)] {
        let read = ReadFiles(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            read.store(at: index) { () throws(FlowGraphError) in
                let origin: InputFile.Origin = file.root.map { .found(within: $0) } ?? .named
                return try swiftText(InputFile.read(file.path, limit: limit, origin: origin), of: file.path)
            }
        }
        var sources: [(path: String, text: String)] = []
        for (file, text) in zip(files, read.results) { sources.append((file.path, try text.get())) }
        return sources
    }

    /// The texts concurrent reads give, one slot per file.
    private final class ReadFiles: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [Result<String, FlowGraphError>]

        init(count: Int) { texts = Array(repeating: .success(""), count: count) }

        func store(at index: Int, _ read: () throws(FlowGraphError) -> String) {
            let text = Result<String, FlowGraphError> { () throws(FlowGraphError) in try read() }
            lock.lock()
            defer { lock.unlock() }
            texts[index] = text
        }

        /// Every slot; `concurrentPerform` returns only when each is stored.
        var results: [Result<String, FlowGraphError>] {
            lock.lock()
            defer { lock.unlock() }
            return texts
        }
    }

    /// Scans Swift files held in memory (a git revision's, for `diff --git`), each group one app as
    /// ``scanSources(_:limits:warnings:reuse:)`` takes each folder; a file over `--limit file-size` or not
    /// UTF-8 is an error, as it is when read from disk.
    static func scanHeld(
        _ groups: [[HeldSource]], limits: Limits, reuse: ScanReuse = .nothing
    ) throws(FlowGraphError) -> SourceScan {
        try SourceScanner.checkFileCount(groups.flatMap { $0.map(\.path) }, limits: limits)
        var scans: [SourceScan] = []
        for group in groups {
            var sources: [(path: String, text: String)] = []
            for file in group {
                guard file.bytes.count <= limits.fileSize else {
                    throw InputFile.tooLarge(
                        file.path, size: "\(file.bytes.count) bytes", limit: limits.fileSize, fixedLimit: nil)
                }
                sources.append((file.path, try swiftText(file.bytes, of: file.path)))
            }
            scans.append(try scanTexts(sources, limits: limits, reuse: reuse))
        }
        return scans.count == 1 ? scans[0] : SourceScan.combining(scans)
    }

    /// The text of the Swift file `path`, which must be UTF-8.
    private static func swiftText(_ bytes: some Collection<UInt8>, of path: String) throws(FlowGraphError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FlowGraphError(file: path, message: "not UTF-8 text, so not a Swift source file")
        }
        return text
    }

    /// Scans texts already read as one app, through `reuse`'s cache when it has one.
    private static func scanTexts(
        _ sources: [(path: String, text: String)], limits: Limits, reuse: ScanReuse
    ) throws(FlowGraphError) -> SourceScan {
        try SourceScanner.checkLimits(sources, limits: limits)
        guard let cache = reuse.cache else {
            return try SourceScanner.scan(sources, limits: limits, memo: reuse.parses)
        }
        return try cache.scan(sources) { () throws(FlowGraphError) in
            try SourceScanner.scan(sources, limits: limits, memo: reuse.parses)
        }
    }

    private static func summary(_ scan: SourceScan) -> String {
        var lines: [String] = []
        let map = scan.map
        for coordinator in map.coordinators {
            lines.append(
                "\(coordinator.owner) (\(coordinator.library.displayName), "
                    + "\(coordinator.withNavigation ? "with navigation" : "no navigation"), routes \(coordinator.routes)) "
                    + "at \(coordinator.location.description)")
            for screen in map.screens where screen.coordinator == coordinator.id {
                let outgoing = map.edges.filter {
                    $0.from == screen.id && $0.style.showsScreen
                }
                .compactMap { edge in map.screen(edge.to ?? "").map { "\(edge.style.rawValue) \($0.name)" } }
                var line = "  \(screen.isRoot ? "root " : "")\(screen.name)"
                if let view = screen.view, view != screen.name { line += " → \(view)" }
                let unique = outgoing.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                if !unique.isEmpty { line += ": " + unique.joined(separator: ", ") }
                if !screen.backCalls.isEmpty { line += " (↩ " + screen.backCalls.joined(separator: ", ") + ")" }
                lines.append(line)
            }
        }
        if !scan.plans.isEmpty {
            lines.append("plans: " + scan.plans.map(\.name).joined(separator: ", "))
        }
        if let reason = map.emptyReason { lines.append(reason + ".") }
        lines.append(
            [
                counted(map.coordinators.count, "stack"), counted(map.screens.count, "screen"),
                counted(map.edges.count, "call"), counted(scan.plans.count, "plan"),
                counted(map.problems.count, "problem"),
            ].joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
