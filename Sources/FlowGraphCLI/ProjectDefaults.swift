import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// Defaults a project sets for `flowgraph` in a `.flowgraph.json` file, so a docs folder need not repeat
/// `-T png --theme dark` on every command.
///
/// The file is looked for next to the plan (in the plan's folder; for a batch, the first input folder) and
/// then in the working folder; the first one found is used, whole. Every key is optional:
/// ```json
/// {"format": "png", "theme": "light,dark", "width": 720, "platform": "ios16",
///  "graphviz": {"graph": {"rankdir": "LR"}, "node": {"fontname": "Inter"}, "edge": {"color": "gray40"}},
///  "sourceURL": "git"}
/// ```
/// The command line always wins, and a plan's own `"platform"` wins over the file's.
public struct ProjectDefaults: Hashable, Sendable {
    /// The file name looked for: `.flowgraph.json`.
    public static let fileName = ".flowgraph.json"
    /// The keys the file may have.
    public static let keys = ["format", "theme", "width", "platform", "graphviz", "sourceURL"]

    /// The file these defaults came from; `nil` when none was found.
    public var file: String?
    /// The output format when neither `-T` nor `-o` names one.
    public var format: RenderFormat?
    /// The colour schemes when `--theme` is not given: one, or light and dark.
    public var themes: [Theme]?
    /// The width in pixels timelines are shown at when `--width` is not given (see `--width`).
    public var width: Int?
    /// The platforms of plans that set no `"platform"` themselves, when `--platform` is not given.
    public var platforms: [Platform]?
    /// Graphviz attributes every drawing takes last, as `-G`, `-N` and `-E` give them (those win).
    public var attributes: AttributeOverrides?
    /// Where screens and calls link to, as `--source-url` takes it (a template, or `git`).
    public var sourceURL: String?

    /// No defaults.
    public init() {}

    /// The defaults for a plan at `path` (`nil` or `-` for standard input): `.flowgraph.json` in the plan's
    /// folder (or in `path` itself when it is a folder), else in the working folder; none if neither exists.
    ///
    /// Where the file is found is looked up once per folder and process, as the file itself is read once:
    /// a batch worker asks for every plan, and the plans of one folder share the answer.
    public static func find(near path: String?) throws(FlowGraphError) -> ProjectDefaults {
        var isDirectory: ObjCBool = false
        let plan = path.flatMap { $0 == "-" ? nil : $0 }
        let isFolder =
            plan.map { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) } == true
            && isDirectory.boolValue
        let key = plan.map { isFolder ? "folder " + $0 : "file in " + PathName.folder(of: $0) } ?? "-"
        let found = ProjectDefaultsCache.shared.file(for: key) { file(near: plan, isFolder: isFolder) }
        guard let found else { return ProjectDefaults() }
        // Each file is read once per process, however many plans beside it a command loads.
        return try ProjectDefaultsCache.shared.defaults(at: found, load: load)
    }

    /// The `.flowgraph.json` for a plan at `plan` (a folder when `isFolder`): in its folder, else in the working
    /// folder, as the path to show; `nil` when neither has one.
    private static func file(near plan: String?, isFolder: Bool) -> String? {
        var folders: [String] = []
        if let plan {
            folders.append(isFolder ? plan : URL(fileURLWithPath: plan).deletingLastPathComponent().path)
        }
        folders.append(FileManager.default.currentDirectoryPath)
        for folder in folders {
            let candidate = folder.hasSuffix("/") ? folder + fileName : folder + "/" + fileName
            if FileManager.default.fileExists(atPath: candidate) { return displayPath(candidate) }
        }
        return nil
    }

    /// Reads and checks one `.flowgraph.json`; every problem is reported with its line, column and key.
    public static func load(_ path: String) throws(FlowGraphError) -> ProjectDefaults {
        let json: JSONValue
        do {
            // Found, not named: a FIFO or device by that name is refused rather than read (a FIFO would block).
            json = try JSONValue.parse(
                bytes: InputFile.read(
                    path, limit: 64 * 1024, origin: .found(within: nil), fixedLimit: "a \(fileName) file"))
        } catch let error as InputError {
            throw FlowGraphError(diagnostics: [error.diagnostic(file: path)])
        } catch let error as FlowGraphError {
            throw error
        } catch {
            throw FlowGraphError(file: path, message: "cannot be read: \(error)")
        }
        guard let members = json.objectValue else {
            throw FlowGraphError(
                file: path, position: json.position, keyPath: "",
                message: "expected an object such as {\"format\": \"png\", \"theme\": \"dark\"}, not "
                    + json.kindDescription)
        }
        var defaults = ProjectDefaults()
        defaults.file = path
        var diagnostics: [Diagnostic] = []
        func problem(_ member: JSONMember, _ message: String) {
            diagnostics.append(
                Diagnostic(file: path, position: member.value.position, keyPath: member.key, message: message))
        }
        for member in members {
            let text = member.value.stringValue?.lowercased()
            switch member.key {
            case "format":
                let known = RenderFormat.allCases.map(\.rawValue).joined(separator: ", ")
                guard let text, let format = RenderFormat(rawValue: text) else {
                    problem(member, "expected one of \(known), not \(describe(member.value))")
                    continue
                }
                defaults.format = format
            case "theme":
                let names = member.value.arrayValue?.compactMap(\.stringValue) ?? text.map { [$0] } ?? []
                guard !names.isEmpty, let themes = try? ThemeOption.option.parse(names.joined(separator: ",")) else {
                    problem(
                        member,
                        "expected \"light\", \"dark\" or \"light,dark\" (both), not \(describe(member.value))")
                    continue
                }
                defaults.themes = themes
            case "width":
                let range = ConventionOptions.widthRange
                guard let width = member.value.intValue, width == 0 || range.contains(width) else {
                    problem(
                        member,
                        "expected the width in pixels timelines are shown at, \(range.lowerBound) to "
                            + "\(range.upperBound) (0 never wraps), not "
                            + (member.value.intValue.map(String.init) ?? describe(member.value)))
                    continue
                }
                defaults.width = width
            case "platform":
                let names = member.value.arrayValue ?? [member.value]
                let platforms = names.compactMap { $0.stringValue.flatMap { Platform(rawValue: $0.lowercased()) } }
                guard !names.isEmpty, platforms.count == names.count else {
                    problem(
                        member,
                        "expected \"ios16\", \"ios17\" or a list such as [\"ios16\", \"ios17\"], not "
                            + describe(member.value))
                    continue
                }
                // Each platform once: ["ios16", "ios16"] draws one rule set, as --platform ios16,ios16 does.
                defaults.platforms = platforms.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            case "graphviz":
                defaults.attributes = attributes(member, file: path, diagnostics: &diagnostics)
            case "sourceURL":
                let text = member.value.stringValue
                let why = text.flatMap { $0 == "git" ? nil : SourceLinks.problem(with: $0, hasRevision: true) }
                guard let text, why == nil else {
                    problem(
                        member,
                        why
                            ?? "expected \"git\" or an address such as "
                            + "\"https://github.com/OWNER/REPO/blob/{rev}/{file}#L{line}\", not \(describe(member.value))"
                    )
                    continue
                }
                defaults.sourceURL = text
            default:
                diagnostics.append(
                    Diagnostic(
                        file: path, position: member.keyPosition, keyPath: member.key,
                        message: "unknown key '\(member.key)'; known keys are " + keys.joined(separator: ", ")))
            }
        }
        guard diagnostics.isEmpty else { throw FlowGraphError(diagnostics: diagnostics) }
        return defaults
    }

    /// Fills in the options the command line leaves out: `--theme` and `--width` (and `-T` for a batch,
    /// whose `-o` is a folder). The format of a single plan goes through ``OutputTarget/resolve``.
    public func apply(to arguments: inout ParsedArguments, batch: Bool) {
        if let themes {
            arguments.setDefault(ThemeOption.option, text: themes.map(\.rawValue).joined(separator: ","))
        }
        if let width { arguments.setDefault(ConventionOptions.width, text: String(width)) }
        if batch, let format { arguments.setDefault(RenderOptions.format, text: format.rawValue) }
    }

    /// Gives a plan that names no platform itself the file's platforms (FlowStacks plans only: the other
    /// libraries apply each call in one update).
    public func apply(to plan: inout Plan) {
        guard let platforms, plan.navigationLibrary.words.appliesPlatformRules, !plan.namesPlatform else { return }
        plan.platforms = platforms
    }

    /// The `"graphviz"` member: `{"graph": {NAME: VALUE}, "node": {…}, "edge": {…}}`, each attribute one
    /// `-G`/`-N`/`-E` takes; a problem is a diagnostic at the value.
    private static func attributes(_ member: JSONMember, file: String, diagnostics: inout [Diagnostic])
        -> AttributeOverrides
    {
        var overrides = AttributeOverrides()
        func problem(_ value: JSONValue, _ keyPath: String, _ message: String) {
            diagnostics.append(Diagnostic(file: file, position: value.position, keyPath: keyPath, message: message))
        }
        let targets = AttributeOverrides.Target.allCases
        guard let groups = member.value.objectValue else {
            problem(
                member.value, member.key, "expected {\"graph\": {\"rankdir\": \"LR\"}, \"node\": {…}, \"edge\": {…}}")
            return overrides
        }
        for group in groups {
            let keyPath = member.key + "." + group.key
            guard let target = targets.first(where: { $0.word == group.key }) else {
                problem(group.value, keyPath, "unknown key '\(group.key)'; known keys are graph, node, edge")
                continue
            }
            guard let settings = group.value.objectValue else {
                problem(group.value, keyPath, "expected an object of attributes, not " + group.value.kindDescription)
                continue
            }
            for setting in settings {
                var number: String?
                if case .number(let literal) = setting.value.kind { number = literal }
                guard let value = setting.value.stringValue ?? number else {
                    problem(setting.value, keyPath + "." + setting.key, "expected a string or a number")
                    continue
                }
                if let message = AttributeOverrides.problem(setting: setting.key, to: value, on: target) {
                    problem(setting.value, keyPath + "." + setting.key, message)
                    continue
                }
                overrides.set(setting.key, value, on: target)
            }
        }
        return overrides
    }

    /// A value for a message: a string quoted, a number as written (`99999999999999999999` is a number too
    /// large, not "not a number"), anything else by its kind.
    private static func describe(_ value: JSONValue) -> String {
        if case .number(let literal) = value.kind { return String(literal.prefix(40)) }
        return value.stringValue.map { "'\($0)'" } ?? value.kindDescription
    }

    /// A path relative to the working folder when it lies inside it, as users typed it.
    private static func displayPath(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }
}
