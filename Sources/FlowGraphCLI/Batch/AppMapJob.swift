import FlowGraph
import FlowModel
import FlowSource
import Foundation
import Graphviz

/// A batch job for an app's source folder: its navigation map, as `flowgraph scan FOLDER -o MAP` draws it.
///
/// The map names each file below the batch's input folder (`FlowStacksApp/NumberCoordinator.swift:42` in its
/// tooltips), so its bytes do not depend on how the folder was spelled on the command line; warnings and
/// errors name the files as found. SVG, PNG, PDF and DOT draw the map, Mermaid writes it as a flowchart (once:
/// its host picks the colours), and JSON is `flowgraph scan --json`; the other formats have no map form and
/// are left out with a warning.
enum AppMapJob {
    /// The formats an app renders to.
    static let formats: Set<RenderFormat> = [.svg, .png, .pdf, .dot, .json, .mermaid]

    /// Scans the folder `job.plan`, draws its map in `formats` and writes or compares the files.
    static func render(
        _ job: WorkerJob, app: String, renderer: ThemedRenderer, formats: [RenderFormat], limits: Limits,
        links: SourceLinks? = nil
    ) -> WorkerReply {
        var reply = WorkerReply(id: job.id)
        reply.title = PathName.lastComponent(of: app)
        let folder = job.plan.hasSuffix("/") ? job.plan : job.plan + "/"
        var shownToFound: [String: String] = [:]
        func found(_ text: String) -> String {
            for (shown, path) in shownToFound where text.hasPrefix(shown) {
                return path + text.dropFirst(shown.count)
            }
            return text
        }
        do {
            var sources: [(path: String, text: String)] = []
            // As in `flowgraph scan`: a link leading outside the folder is listed, not read, and an entry that
            // cannot be read fails the app.
            let listing = try SourceFiles.list([job.plan])
            try listing.refuseFailures()
            for found in listing.files {
                let file = found.path
                let bytes = try InputFile.read(file, limit: limits.fileSize, origin: .found(within: job.plan))
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw FlowGraphError(file: file, message: "not UTF-8 text, so not a Swift source file")
                }
                let shown = file.hasPrefix(folder) ? app + "/" + file.dropFirst(folder.count) : file
                shownToFound[shown + ":"] = file + ":"
                sources.append((shown, text))
            }
            let scan = try SourceScanner.scan(sources, limits: limits)
            var warnings = listing.warnings.map(\.description)
            warnings += scan.map.problems.map {
                found("\($0.location.description): ") + "warning: \($0.message)"
            }
            var files: [(path: String, data: Data)] = []
            // A map too wide to read at 880 px: an overview, then one map per stack beside it.
            let drawn = formats.filter { $0 != .json && $0.graphvizFormat != nil }
            // The map names files `APP/…`, so links read them from the folder that holds the app.
            var mapLinks = links
            let appFolder = SourceLinks.resolved(job.plan)
            mapLinks?.workingFolder =
                appFolder.hasSuffix("/" + app)
                ? String(appFolder.dropLast(app.count + 1)) : PathName.folder(of: appFolder)
            files += try MapJob.draw(
                scan.map, themes: renderer.themes,
                files: drawn.compactMap { format in
                    format.graphvizFormat.map { (job.base + "." + format.fileExtension, $0) }
                }, limits: limits, links: mapLinks
            ).files
            if formats.contains(.json) {
                files.append((job.base + ".json", Data((scan.json().rendered(.pretty) + "\n").utf8)))
            }
            if formats.contains(.mermaid) {
                let title = "Navigation map of " + PathName.lastComponent(of: app)
                files.append(
                    (
                        job.base + "." + RenderFormat.mermaid.fileExtension,
                        Data(MermaidDiagram.map(scan.map, title: title).utf8)
                    ))
            }
            for format in formats where !Self.formats.contains(format) {
                warnings.append(
                    "\(job.plan): warning: an app's navigation map has no \(format.rawValue) form; not written")
            }
            reply.warnings = warnings.isEmpty ? nil : warnings
            reply.summary = summary(scan, files: sources.count)
            reply.outputs = try BatchWorker.deliver(files, for: job)
        } catch let error as GraphvizError {
            reply.exitCode = 1
            reply.errors = ["\(job.plan): cannot draw the navigation map: \(error)"]
        } catch let error as FlowGraphError {
            reply.exitCode = error.exitCode
            reply.errors = error.diagnostics.map { found($0.description) }
        } catch {
            reply.exitCode = 1
            reply.errors = ["\(job.plan): \(error)"]
        }
        return reply
    }

    /// The gallery's lines for an app: what was read and found.
    static func summary(_ scan: SourceScan, files: Int) -> [String] {
        let map = scan.map
        var lines = [
            "Navigation map scanned from \(counted(files, "Swift file")) (flowgraph scan): "
                + "\(counted(map.coordinators.count, "stack")), \(counted(map.screens.count, "screen")), "
                + "\(counted(map.edges.count, "call"))"
        ]
        if !scan.plans.isEmpty {
            lines.append("Plans in its functions: " + scan.plans.map(\.name).joined(separator: ", "))
        }
        if let reason = map.emptyReason { lines.append(reason + ".") }
        let cannotFollow = map.problems.filter { $0.message.hasPrefix("cannot follow") }.count
        let problems = map.problems.count - cannotFollow
        if problems > 0 || cannotFollow > 0 {
            lines.append("\(counted(problems, "problem")), \(counted(cannotFollow, "piece")) of code it cannot follow")
        }
        return lines
    }
}
