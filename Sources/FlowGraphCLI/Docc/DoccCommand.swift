import FlowModel
import FlowSource
import Foundation

/// `flowgraph docc`: puts navigation diagrams into a DocC catalog, a page for each type that makes a stack.
public enum DoccCommand: Command {
    /// `docc`.
    public static let name = "docc"
    /// One line for `flowgraph --help`.
    public static let summary = "Write navigation maps and deep-link timelines into a DocC catalog."
    /// A target's sources and its catalog.
    public static let forms = ["SOURCES… --catalog DIR.docc"]
    /// `--catalog DIR`.
    static let catalog = CommandOption<String>(
        "--catalog", valueName: "DIR", help: "The target's .docc catalog to write into (required).")
    /// `--check`.
    static let check = CommandFlag(
        "--check", help: "Write nothing; exit 1 when the catalog's diagrams are stale or missing.")
    /// `--width PX`.
    static let width = CommandOption<Int>(
        "--width", valueName: "PX", help: "Width the timelines are drawn for (default 880)."
    ) { value throws(UsageError) in
        guard let number = Int(value), (320...4_000).contains(number) else {
            throw ArgumentParser.usageError("--width takes a whole number of pixels from 320 to 4000, not '\(value)'")
        }
        return number
    }
    /// The symbols the catalog is built with, as DocC's minimum access level.
    enum Symbols: String, CaseIterable, Sendable {
        /// DocC's default symbol graph: public and open symbols only.
        case `public`
        /// A symbol graph built with `-symbol-graph-minimum-access-level internal`.
        case `internal`
    }
    /// `--symbols public|internal`.
    static let symbols = CommandOption<Symbols>.choice(
        "--symbols",
        help: "The access level the docs are built with (default public, DocC's): types under it get an article.")
    /// The options.
    public static let options =
        [
            catalog.spec, check.spec, width.spec, symbols.spec, SourceLinkOptions.option.spec,
            LimitOptions.option.spec, CacheOptions.noCache.spec, ConventionOptions.quiet.spec,
            DiagnosticsOutput.strict.spec,
        ] + GraphvizAttributeOptions.all
    /// Any number of source paths.
    public static let maximumPositionals = Int.max
    /// What it writes.
    public static let notes = """
        Writes DIR.docc/FlowGraph/: each stack-making type's map and deep-link timelines as @2x PNGs (light and
        ~dark) and a page TYPE.md that shows them. Exit status: 0; 1 stale (--check) or unreadable; 2 usage.
        """
    /// Three examples.
    public static let examples = [
        "flowgraph docc Samples/FlowStacksApp --catalog Samples/FlowStacksApp/FlowStacksApp.docc",
        "flowgraph docc Samples/FlowStacksApp --catalog Samples/FlowStacksApp/FlowStacksApp.docc --check",
        "swift package --allow-writing-to-package-directory flowgraph docc Sources/App --catalog Sources/App/App.docc",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/docc.md"

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw ArgumentParser.usageError("missing SOURCES, the Swift files or folders to read")
        }
        guard let catalog = try arguments[Self.catalog] else {
            throw ArgumentParser.usageError("missing --catalog DIR.docc, the DocC catalog to write into")
        }
        let width = try arguments[Self.width] ?? 880
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: catalog, isDirectory: &isFolder), isFolder.boolValue else {
            throw FlowGraphError(
                file: catalog, message: "no such DocC catalog folder; create it or name the target's .docc folder")
        }
        var warnings: [Diagnostic] = []
        let limits = try LimitOptions.limits(arguments)
        let scan = try ScanCommand.scanSources(
            arguments.positionals, limits: limits, warnings: &warnings, reuse: CacheOptions.reuse(arguments))
        let warningConsole = ConventionOptions.warnings(arguments, console)
        for warning in warnings { warningConsole.printError(warning.description) }
        guard !scan.map.owners.isEmpty else {
            throw FlowGraphError(
                message:
                    "no FlowStack, RouterView or NavigationStackView found in \(arguments.positionals.joined(separator: ", "))"
            )
        }
        let generated = try DoccCatalog(
            scan: scan, width: width, symbols: try arguments[symbols] ?? .public,
            links: try SourceLinkOptions.links(arguments), limits: limits)
        let folder = DoccFolder(catalog: catalog)
        if arguments[check] {
            let stale = try folder.differences(from: generated.files)
            for line in stale { console.printError(line) }
            console.printError(
                stale.isEmpty ? "\(folder.path): up to date" : "run flowgraph docc to update \(folder.path)")
            return stale.isEmpty ? 0 : 1
        }
        try folder.write(generated.files)
        let pages = generated.files.filter { $0.name.hasSuffix(".md") }.count
        ConventionOptions.notes(arguments, console).printError(
            "wrote \(pages) page\(pages == 1 ? "" : "s") and \(generated.files.count - pages - 1) images to \(folder.path)"
        )
        return arguments[DiagnosticsOutput.strict] && !warnings.isEmpty ? 1 : 0
    }
}
