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
    /// The usage lines.
    public static let usage = [
        "flowgraph scan PATH… [-o MAP.svg|png|pdf|dot] [--plans DIR] [--json] [--theme light|dark]"
    ]
    /// The options.
    public static let options = [
        OptionSpec(
            "-o", alias: "--output", valueName: "FILE",
            help: "Draw the navigation map; the format follows the extension."),
        OptionSpec(
            "--plans", valueName: "DIR", help: "Write one plan file per function whose route changes are known."),
        OptionSpec("--json", help: "Print screens, edges, plans and problems as JSON."),
        OptionSpec("--theme", valueName: "light|dark", help: "Colour scheme of the map (default light)."),
        LimitOptions.option,
    ]
    /// Any number of paths.
    public static let maximumPositionals = Int.max
    /// What it reads and writes.
    public static let discussion = """
        PATH is a .swift file or a folder searched for them (.build, DerivedData and .git are skipped).
        It recognises FlowStacks (FlowStack, flowDestination, FlowLink, navigator and routes calls, route
        literals assigned, .onOpenURL handlers), SwiftfulRouting (RouterView, router.showScreen, dismiss calls)
        and swiftui-navigation-stack (NavigationStackView, PushView, PopView, navigationStack.push/pop).
        Without -o, --plans or --json it prints a summary. Problems found in the code, and code it cannot
        follow, are printed as FILE:LINE:COLUMN warnings; the exit status is 0 unless the source cannot be
        read (1) or the command line is wrong (2).

        examples:
          flowgraph scan Sources -o map.svg
          flowgraph scan App --plans plans && flowgraph steps plans/NumberCoordinator.goRandom.json
          flowgraph render App/NumberCoordinator.swift --function follow --url myapp://numbers/1/2 -o follow.svg
        """

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw ArgumentParser.usageError("missing PATH, the Swift files or folders to read")
        }
        var theme = Theme.light
        if let value = arguments.value("--theme") {
            guard let chosen = Theme(rawValue: value) else {
                throw ArgumentParser.usageError("unknown theme '\(value)'; use light or dark")
            }
            theme = chosen
        }
        var mapFormat: OutputFormat?
        if let output = arguments.value("-o") {
            let fileExtension = URL(fileURLWithPath: output).pathExtension.lowercased()
            guard let format = OutputFormat(rawValue: fileExtension), format != .json else {
                throw ArgumentParser.usageError(
                    "cannot tell the map's format from '\(output)'; end it in .svg, .png, .pdf or .dot")
            }
            mapFormat = format
        }
        guard SourceScanner.isAvailable else { throw FlowGraphError(message: SourceScanner.unavailableReason) }
        let limits = try LimitOptions.limits(arguments)
        var notRead: [Diagnostic] = []
        let scan = try scanSources(arguments.positionals, limits: limits, warnings: &notRead)
        for warning in notRead { console.printError(warning.description) }

        var files: [(path: String, data: Data)] = []
        if let output = arguments.value("-o"), let mapFormat {
            let drawing = NavigationMapDiagram(map: scan.map, theme: theme)
            try drawing.checkLayoutBudget(limits, file: output)
            do {
                guard let data = try drawing.renderFitted(to: [mapFormat])[mapFormat] else {
                    throw GraphvizError(.renderFailed(format: mapFormat))
                }
                files.append((output, data))
            } catch {
                throw FlowGraphError(file: output, message: "cannot draw the map: \(error)")
            }
        }
        if let folder = arguments.value("--plans") {
            // Each plan's file name is one safe component: a raw identifier such as `/../../x` stays in the folder.
            let names = try SafeFileName.fileNames(for: scan.plans.map(\.name), suffix: ".json", in: folder)
            for (plan, name) in zip(scan.plans, names) {
                files.append((PathName.joined(folder, name), Data((plan.plan.rendered(.pretty) + "\n").utf8)))
            }
        }
        if !files.isEmpty { try AtomicFiles.write(files) }
        for problem in scan.map.problems {
            console.printError("\(problem.location.description): warning: \(problem.message)")
        }
        if arguments.flag("--json") {
            console.print(scan.json().rendered(.pretty))
        } else if files.isEmpty {
            console.print(summary(scan))
        } else if let folder = arguments.value("--plans") {
            console.printError("wrote \(scan.plans.count) plan\(scan.plans.count == 1 ? "" : "s") to \(folder)")
        }
        return 0
    }

    /// Reads and scans the Swift files at `paths`; the entries under folders left out on purpose (links
    /// leading outside them) are added to `warnings`, and any that cannot be read is an error. Each folder
    /// given is one app, scanned on its own so that same-named types of two apps never merge; the files given
    /// by name are one more app.
    static func scanSources(_ paths: [String], limits: Limits, warnings: inout [Diagnostic]) throws(FlowGraphError)
        -> SourceScan
    {
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
        if groups.count <= 1 { return try scanSources(SourceFiles.list(paths), limits: limits, warnings: &warnings) }
        var listings: [SourceFiles.Listing] = []
        for group in groups { listings.append(try SourceFiles.list(group)) }
        try SourceScanner.checkFileCount(listings.flatMap { $0.files.map(\.path) }, limits: limits)
        var scans: [SourceScan] = []
        for listing in listings {
            scans.append(try scanSources(listing, limits: limits, warnings: &warnings))
        }
        return SourceScan.combining(scans)
    }

    /// Reads and scans the files of `listing` as one app, as ``scanSources(_:limits:warnings:)`` does.
    static func scanSources(_ listing: SourceFiles.Listing, limits: Limits, warnings: inout [Diagnostic])
        throws(FlowGraphError) -> SourceScan
    {
        try listing.refuseFailures()
        try SourceScanner.checkFileCount(listing.files.map(\.path), limits: limits)
        warnings += listing.warnings
        var sources: [(path: String, text: String)] = []
        for file in listing.files {
            let origin: InputFile.Origin = file.root.map { .found(within: $0) } ?? .named
            let bytes = try InputFile.read(file.path, limit: limits.fileSize, origin: origin)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw FlowGraphError(file: file.path, message: "not UTF-8 text, so not a Swift source file")
            }
            sources.append((file.path, text))
        }
        return try SourceScanner.scan(sources, limits: limits)
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
                    $0.from == screen.id && [.push, .sheet, .cover, .replace].contains($0.style)
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
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        lines.append(
            [
                count(map.coordinators.count, "stack"), count(map.screens.count, "screen"),
                count(map.edges.count, "call"), count(scan.plans.count, "plan"), count(map.problems.count, "problem"),
            ].joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
