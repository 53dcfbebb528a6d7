import FlowModel
import FlowSource
import Foundation

/// `flowgraph docc`: puts navigation diagrams into a DocC catalog, a page for each type that makes a stack.
public enum DoccCommand: Command {
    /// `docc`.
    public static let name = "docc"
    /// One line for `flowgraph --help`.
    public static let summary = "Write navigation maps and deep-link timelines into a DocC catalog."
    /// The usage line.
    public static let usage = ["flowgraph docc SOURCES… --catalog DIR.docc [--check] [--width PX]"]
    /// The options.
    public static let options = [
        OptionSpec("--catalog", valueName: "DIR", help: "The target's .docc catalog to write into (required)."),
        OptionSpec("--check", help: "Write nothing; exit 1 when the catalog's diagrams are stale or missing."),
        OptionSpec("--width", valueName: "PX", help: "Width the timelines are drawn for (default 880)."),
        LimitOptions.option,
    ]
    /// Any number of source paths.
    public static let maximumPositionals = Int.max
    /// What it writes.
    public static let discussion = """
        Scans SOURCES as flowgraph scan does. For each type that makes a FlowStack, RouterView or
        NavigationStackView it writes, into DIR.docc/FlowGraph/: TYPE-navigation@2x.png and
        TYPE-navigation~dark@2x.png (its navigation map), TYPE-deeplink-FUNCTION@2x.png (and ~dark) for each
        deep-link handler it has (drawn for an example URL of its first rule), and TYPE.md, a documentation
        extension page (# ``TYPE``) that shows them with a table of the steps. DocC picks the dark images in
        dark mode. Only that folder is written, and only when flowgraph made it; files it made for types that
        are gone are removed. See docs/docc.md.

        examples:
          flowgraph docc Sources/App --catalog Sources/App/App.docc
          flowgraph docc Sources/App --catalog Sources/App/App.docc --check
          swift package --allow-writing-to-package-directory flowgraph docc Sources/App --catalog Sources/App/App.docc
        """

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw ArgumentParser.usageError("missing SOURCES, the Swift files or folders to read")
        }
        guard let catalog = arguments.value("--catalog") else {
            throw ArgumentParser.usageError("missing --catalog DIR.docc, the DocC catalog to write into")
        }
        var width = 880
        if let value = arguments.value("--width") {
            guard let number = Int(value), (320...4_000).contains(number) else {
                throw ArgumentParser.usageError(
                    "--width takes a whole number of pixels from 320 to 4000, not '\(value)'")
            }
            width = number
        }
        guard SourceScanner.isAvailable else { throw FlowGraphError(message: SourceScanner.unavailableReason) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: catalog, isDirectory: &isFolder), isFolder.boolValue else {
            throw FlowGraphError(
                file: catalog, message: "no such DocC catalog folder; create it or name the target's .docc folder")
        }
        var warnings: [Diagnostic] = []
        let scan = try ScanCommand.scanSources(
            arguments.positionals, limits: LimitOptions.limits(arguments), warnings: &warnings)
        for warning in warnings { console.printError(warning.description) }
        guard !scan.map.owners.isEmpty else {
            throw FlowGraphError(
                message:
                    "no FlowStack, RouterView or NavigationStackView found in \(arguments.positionals.joined(separator: ", "))"
            )
        }
        let generated = try DoccCatalog(scan: scan, width: width)
        let folder = DoccFolder(catalog: catalog)
        if arguments.flag("--check") {
            let stale = try folder.differences(from: generated.files)
            for line in stale { console.printError(line) }
            console.printError(
                stale.isEmpty ? "\(folder.path): up to date" : "run flowgraph docc to update \(folder.path)")
            return stale.isEmpty ? 0 : 1
        }
        try folder.write(generated.files)
        let pages = generated.files.filter { $0.name.hasSuffix(".md") }.count
        console.printError(
            "wrote \(pages) page\(pages == 1 ? "" : "s") and \(generated.files.count - pages - 1) images to \(folder.path)"
        )
        return 0
    }
}
