import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// What `flowgraph scan` is asked, made once from its typed options: the sources, the map files to draw in
/// each theme, where plans go, and what to print.
struct ScanRequest: Sendable {
    /// A map's format: one Graphviz draws, or Mermaid's text.
    enum MapFormat: Hashable, Sendable {
        /// SVG, PNG, PDF or DOT, drawn by Graphviz in each theme.
        case graphviz(OutputFormat)
        /// A Mermaid flowchart (`.mmd`), written once: Mermaid's host picks its colours.
        case mermaid

        /// The format a `-T` name or a file extension names (`svg`, `mermaid`, `mmd`), if it is a map's.
        init?(name: String) {
            if name == "mermaid" || name == "mmd" {
                self = .mermaid
            } else if let format = OutputFormat(rawValue: name), format != .json {
                self = .graphviz(format)
            } else {
                return nil
            }
        }

        /// The usual file name extension.
        var fileExtension: String {
            switch self {
            case .graphviz(let format): format.fileExtension
            case .mermaid: "mmd"
            }
        }
    }

    /// One map file and its format.
    struct MapFile: Sendable {
        /// The file, for the first theme.
        var path: String
        /// Its format.
        var format: MapFormat
    }

    /// The Swift files and folders to read; each folder is one app.
    var paths: [String]
    /// The map files `-o` and `-T` ask for; none without `-o`.
    var maps: [MapFile]
    /// The themes each map is drawn in; the first keeps the plain file names.
    var themes: [Theme]
    /// The limits every file is read within.
    var limits: Limits
    /// `--plans DIR`: where to write one plan file per function.
    var plansFolder: String?
    /// `--json`.
    var json: Bool
    /// `-q`.
    var quiet: Bool
    /// `--strict`.
    var strict: Bool

    /// The request the arguments make.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.positionals
        guard !paths.isEmpty else {
            throw ArgumentParser.usageError("missing PATH, the Swift files or folders to read")
        }
        themes = try ThemeOption.themes(arguments)
        maps = try Self.mapFiles(output: arguments[ScanCommand.output], formats: arguments[ScanCommand.format])
        limits = try LimitOptions.limits(arguments)
        plansFolder = try arguments[ScanCommand.plans]
        json = arguments[ScanCommand.json]
        quiet = arguments[ConventionOptions.quiet]
        strict = arguments[DiagnosticsOutput.strict]
    }

    /// The map files `-o` and `-T` ask for, each with its format; none without `-o`.
    static func mapFiles(output: String?, formats: [MapFormat]?) throws(UsageError) -> [MapFile] {
        guard let output else {
            if formats != nil { throw ArgumentParser.usageError("-T names the map's formats; give -o FILE to draw it") }
            return []
        }
        let fileExtension = URL(fileURLWithPath: output).pathExtension.lowercased()
        let named = MapFormat(name: fileExtension)
        switch (named, formats) {
        case (let named?, nil):
            return [MapFile(path: output, format: named)]
        case (let named?, let formats?) where formats == [named]:
            return [MapFile(path: output, format: named)]
        case (nil, let formats?) where fileExtension.isEmpty:
            return formats.map { MapFile(path: output + "." + $0.fileExtension, format: $0) }
        case (_?, let formats?):
            throw ArgumentParser.usageError(
                "-o \(output) names one format but -T asks for \(formats.map(\.fileExtension).joined(separator: ","));"
                    + " give a base name without extension for several")
        default:
            throw ArgumentParser.usageError(
                "cannot tell the map's format from '\(output)'; end it in .svg, .png, .pdf, .dot or .mmd, or give -T")
        }
    }

    /// A console for notes: `console`, or one that drops them under `-q`.
    func notes(_ console: Console) -> Console { ConventionOptions.notes(quiet: quiet, console) }

    /// A console for warnings: shown under `--strict` even with `-q`.
    func warnings(_ console: Console) -> Console {
        ConventionOptions.warnings(quiet: quiet, strict: strict, console)
    }
}
