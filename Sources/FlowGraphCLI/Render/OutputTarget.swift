import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// Where `flowgraph render` writes: the formats asked for and the base path their files are named from.
public struct OutputTarget: Hashable, Sendable {
    /// The formats, in the order given.
    public var formats: [RenderFormat]
    /// The path every file name starts with, without extension (`out/plan` → `out/plan.svg`); `nil` for stdout.
    public var base: String?
    /// Whether the outputs are rendered and thrown away (`-o /dev/null`, as `dot -o /dev/null` does), never
    /// written to `/dev/null.svg`.
    public var discards = false
    /// The extension `-o` spelled for Mermaid (`.mermaid`), if not the usual `.mmd`.
    public var mermaidExtension = RenderFormat.mermaid.fileExtension

    /// The file each format is written to, for base name `base` (``base`` with a theme's suffix).
    public func fileNames(base: String) -> [String] {
        formats.map { base + "." + fileExtension(of: $0) }
    }

    /// The file one output is written to, for base name `base`: its page number and extension added.
    public func fileName(of output: RenderedOutput, base: String) -> String {
        let name = output.fileName(base: base)
        guard output.format == .mermaid, mermaidExtension != output.format.fileExtension else { return name }
        return String(name.dropLast(output.format.fileExtension.count)) + mermaidExtension
    }

    /// The extension a format's file takes here.
    func fileExtension(of format: RenderFormat) -> String {
        format == .mermaid ? mermaidExtension : format.fileExtension
    }

    /// Creates a target.
    public init(formats: [RenderFormat], base: String?, discards: Bool = false) {
        self.formats = formats
        self.base = base
        self.discards = discards
    }

    /// The path that means "render, check, and write nothing".
    public static let discardPath = "/dev/null"

    /// Works out the target from `-o` and `-T`.
    ///
    /// - `-o -` writes one format to standard output (`svg` unless `-T` names another).
    /// - `-o NAME.EXT` takes the format from the extension; `-T` may repeat it but not contradict it.
    /// - `-o NAME` (no known extension) with `-T a,b` writes `NAME.a`, `NAME.b`.
    /// - `-o FOLDER/` or an existing folder writes `FOLDER/<plan name>.<ext>` for each format.
    /// - no `-o` with one format in `-T` (or a plan read from standard input) writes it to standard output,
    ///   as `dot -Tsvg plan.gv` does; otherwise `<plan name>.<ext>` is written in the current folder.
    /// - `-o /dev/null` renders every format and writes nothing (as `dot` does), whatever `-T` asks for.
    /// - an extension FlowGraph does not write (`.SVG`, `.htm`, `.gv`, `.md`…) is an error listing those it does.
    ///
    /// `planName` is the plan file's name without its extension (`nil` for standard input); `defaultFormat`
    /// is the format when neither `-T` nor `-o` names one (a project's `.flowgraph.json` may set it).
    public static func resolve(
        output: String?, formats formatList: String?, planName: String?, defaultFormat: RenderFormat = .svg
    ) throws -> OutputTarget {
        var formats: [RenderFormat] = []
        if let formatList {
            for part in formatList.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard let format = RenderFormat(fileExtension: name) else {
                    throw usage(
                        "-T: unknown format '\(name)'; expected one or more of "
                            + RenderFormat.allCases.map(\.rawValue).joined(separator: ",") + " (e.g. -T svg,png)")
                }
                if !formats.contains(format) { formats.append(format) }
            }
        }
        if output == "-" || (output == nil && (formats.count == 1 || (planName == nil && formatList == nil))) {
            if formats.isEmpty { formats = [defaultFormat] }
            guard formats.count == 1 else {
                throw usage(
                    "-o - writes one format to standard output; give one format with -T, not \(formatList ?? "")")
            }
            return OutputTarget(formats: formats, base: nil)
        }
        func inFolder(_ folder: String) throws -> OutputTarget {
            guard let planName else {
                throw usage("a plan read from standard input has no name: give -o with a file name, e.g. -o plan.svg")
            }
            let separator = folder.hasSuffix("/") ? "" : "/"
            return OutputTarget(
                formats: formats.isEmpty ? [defaultFormat] : formats, base: folder + separator + planName)
        }
        guard let output else {
            return try inFolder(".")
        }
        guard !output.isEmpty else { throw usage("-o needs a file name, a folder, or - for standard output") }
        if output == discardPath {
            return OutputTarget(formats: formats.isEmpty ? [defaultFormat] : formats, base: output, discards: true)
        }
        var isDirectory: ObjCBool = false
        if output.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
                && isDirectory.boolValue)
        {
            return try inFolder(output)
        }
        let url = URL(fileURLWithPath: output)
        let fileExtension = url.pathExtension
        // `.mermaid` is Mermaid's other usual extension; the file keeps the one given.
        let named =
            RenderFormat.allCases.first { $0.fileExtension == fileExtension }
            ?? (fileExtension == Self.longMermaidExtension ? .mermaid : nil)
        if named == nil, !fileExtension.isEmpty, formats.isEmpty || looksLikeFormat(fileExtension) {
            throw usage(unwrittenExtension(fileExtension, output: output))
        }
        if let named {
            let base = String(output.dropLast(fileExtension.count + 1))
            if formats.isEmpty || formats == [named] {
                var target = OutputTarget(formats: [named], base: base)
                if named == .mermaid { target.mermaidExtension = fileExtension }
                return target
            }
            if formats.count == 1 {
                throw usage(
                    "-o \(output) is a .\(fileExtension) file but -T asks for \(formats[0].rawValue); make them agree")
            }
            throw usage(
                "with several formats (-T \(formatList ?? "")), -o is a base name or a folder, e.g. -o \(base) "
                    + "writes " + formats.map { "\(base).\($0.fileExtension)" }.joined(separator: ", "))
        }
        guard !formats.isEmpty else {
            throw usage(
                "cannot tell the format from '\(output)': end it in \(writtenExtensions), "
                    + "or give -T (e.g. -T svg,png to write \(output).svg and \(output).png)")
        }
        return OutputTarget(formats: formats, base: output)
    }

    /// The long spelling of Mermaid's extension, accepted in `-o NAME.mermaid`.
    static let longMermaidExtension = "mermaid"

    /// Every extension `render` writes, for messages: `.svg, .png, … or .mmd`.
    static var writtenExtensions: String {
        let all = RenderFormat.allCases.map { "." + $0.fileExtension } + ["." + longMermaidExtension]
        return all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
    }

    /// Whether an extension names a drawing or text format, in any case or spelling (`SVG`, `htm`, `gv`,
    /// `mermaid`, `md`, `jpg`…), so `-o name.EXT` must not become `name.EXT.svg` behind the user's back.
    static func looksLikeFormat(_ fileExtension: String) -> Bool {
        let others = [
            "htm", "gv", "mermaid", "md", "markdown", "text", "jpg", "jpeg", "gif", "webp", "svgz", "ps", "eps",
        ]
        let lowered = fileExtension.lowercased()
        return RenderFormat(fileExtension: lowered) != nil || RenderFormat(rawValue: lowered) != nil
            || others.contains(lowered)
    }

    /// The error for `-o NAME.EXT` with an extension FlowGraph does not write, naming the nearest it does.
    static func unwrittenExtension(_ fileExtension: String, output: String) -> String {
        var message = "-o \(output): FlowGraph does not write .\(fileExtension) files; it writes \(writtenExtensions)"
        if let format = RenderFormat(fileExtension: fileExtension) ?? RenderFormat(rawValue: fileExtension.lowercased())
        {
            let base = String(output.dropLast(fileExtension.count + 1))
            message += " (did you mean -o \(base).\(format.fileExtension)?)"
        } else if ["md", "markdown"].contains(fileExtension.lowercased()) {
            message += " (Markdown hosts render .mmd Mermaid inline; .txt is plain text)"
        }
        return message
    }

    private static func usage(_ message: String) -> UsageError {
        UsageError(message)
    }
}
