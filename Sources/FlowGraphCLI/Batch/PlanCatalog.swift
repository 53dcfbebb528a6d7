import FlowModel
import FlowSource
import Foundation

/// One plan of a batch: where it is, and where its outputs go.
struct BatchPlan: Hashable, Sendable {
    /// The plan file as the user would write it, e.g. `Samples/nested/deeplink.json`.
    var path: String
    /// Its path below the folder it was found in, e.g. `nested/deeplink.json`; mirrored into the output folder.
    var relativePath: String
    /// The output path without extension, e.g. `Output/nested/deeplink`.
    var outputBase: String
    /// The output folder of the batch, which every output must stay inside (symbolic links included).
    var outputRoot: String = "."
    /// Whether `path` is an app's source folder, drawn as its navigation map (as `flowgraph scan` draws it),
    /// rather than a plan file.
    var isApp: Bool = false
    /// The input folder the plan was found in, which it must still lie inside when a worker opens it;
    /// `nil` for a plan file given by name.
    var inputFolder: String?
}

/// Finds the plans of a batch: every `*.json` under the folders given (recursively), and plan files given
/// by name; sorted by their mirrored relative path, which is also what `--shard` splits by.
///
/// Swift source makes an app: a folder given that holds `*.swift` files itself is one app, and otherwise
/// each folder directly inside it that holds `*.swift` files (at any depth) is one, drawn as its navigation
/// map named after the folder (`Samples/FlowStacksApp/` → `OUTDIR/FlowStacksApp.svg`).
enum PlanCatalog {
    /// The plans under `inputs` (folders or plan files), with outputs mirrored into `outputFolder`; with none
    /// (`check`, which writes nothing), the plans alone.
    ///
    /// Hidden files and folders (`.git`, `.build`) are skipped, as is the output folder when it lies inside
    /// an input folder; any other file that is not rendered is added to `skipped` with the reason. Two plans
    /// that would write the same outputs are an error naming both.
    static func plans(in inputs: [String], outputFolder: String?, skipped: inout [SourceFiles.NotRead])
        throws(FlowGraphError)
        -> [BatchPlan]
    {
        let manager = FileManager.default
        let outputAbsolute = outputFolder.map(absolute)
        var plans: [BatchPlan] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw FlowGraphError(file: input, message: "no such file or folder")
            }
            if !isDirectory.boolValue {
                let name = PathName.lastComponent(of: input)
                plans.append(BatchPlan(path: input, relativePath: name, outputBase: ""))
                continue
            }
            let prefix = input.hasSuffix("/") ? input : input + "/"
            var found = 0
            let contents = try files(under: input, skipping: outputAbsolute, skipped: &skipped)
            for relative in contents.plans {
                plans.append(
                    BatchPlan(path: prefix + relative, relativePath: relative, outputBase: "", inputFolder: input))
                found += 1
            }
            for app in contents.apps {
                if app.isEmpty {
                    var trimmed = input
                    while trimmed.hasSuffix("/") && trimmed.count > 1 { trimmed.removeLast() }
                    let name = PathName.lastComponent(of: absolute(trimmed))
                    plans.append(BatchPlan(path: trimmed, relativePath: name, outputBase: "", isApp: true))
                } else {
                    plans.append(BatchPlan(path: prefix + app, relativePath: app, outputBase: "", isApp: true))
                }
                found += 1
            }
            if found == 0 && skipped.isEmpty {
                throw FlowGraphError(file: input, message: "holds no plan files (*.json) and no Swift source")
            }
        }
        plans.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        guard let outputFolder else { return plans }
        let folder = outputFolder.hasSuffix("/") ? String(outputFolder.dropLast()) : outputFolder
        var seen: [String: (path: String, stem: String)] = [:]
        for index in plans.indices {
            let relative = plans[index].relativePath
            let stem =
                !plans[index].isApp && relative.lowercased().hasSuffix(".json")
                ? String(relative.dropLast(5)) : relative
            plans[index].outputBase = (folder.isEmpty ? "." : folder) + "/" + stem
            plans[index].outputRoot = folder.isEmpty ? "." : folder
            // Compared without case too: `Case.json` and `case.json` write one file on macOS' default file system.
            if let other = seen[stem.lowercased()] {
                throw FlowGraphError(
                    file: plans[index].path,
                    message: "would write the same outputs as \(other.path) (\(plans[index].outputBase).*"
                        + (other.stem == stem ? "" : ", differing only in case: one file on macOS' default file system")
                        + "); render them into separate folders")
            }
            seen[stem.lowercased()] = (plans[index].path, stem)
        }
        return plans
    }

    /// The plans under `inputs`, for callers that do not list the files left out (`--watch`).
    static func plans(in inputs: [String], outputFolder: String) throws(FlowGraphError) -> [BatchPlan] {
        var skipped: [SourceFiles.NotRead] = []
        return try plans(in: inputs, outputFolder: outputFolder, skipped: &skipped)
    }

    /// The plans of shard `index` (from 1) of `count`: every `count`-th plan in sorted order.
    static func shard(_ plans: [BatchPlan], index: Int, of count: Int) -> [BatchPlan] {
        plans.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// `*.json` files under a folder, relative to it, skipping hidden entries and the output folder; and the
    /// apps there: `""` when the folder holds `*.swift` files itself, else each folder directly inside it
    /// that holds some at any depth.
    ///
    /// Symbolic links that stay inside `folder` are followed, each folder visited once (so a link loop
    /// ends); links that lead outside it, broken links, names that are not UTF-8, paths longer than
    /// `PATH_MAX` and `*.json` entries that are not regular files are added to `skipped` with the reason. The
    /// listing takes time linear in the tree, whatever its depth (``FolderWalk``).
    private static func files(under folder: String, skipping output: String?, skipped: inout [SourceFiles.NotRead])
        throws(FlowGraphError) -> (plans: [String], apps: [String])
    {
        guard FileKind.realPath(folder) != nil else {
            throw FlowGraphError(file: folder, message: "cannot be read (check its permissions)")
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let outputIdentity = output.flatMap(InputProtection.identity(of:)).map { [$0.device, $0.inode] }
        let rootNames = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let rootIsApp = rootNames.contains { !$0.hasPrefix(".") && isSwiftFileName(Array($0.utf8)) }
        /// The app a path below the folder belongs to: `""` (the folder itself), its first folder, or `nil`.
        func app(of relative: String) -> String? {
            if rootIsApp { return "" }
            guard let slash = relative.firstIndex(of: "/") else { return nil }
            return String(relative[..<slash])
        }
        var result: [String] = []
        var apps: [String] = []
        var walk = FolderWalk(folder)
        walk.include = { $0.first != UInt8(ascii: ".") }
        walk.enter = { relative, name, identity in
            if identity == outputIdentity { return false }
            // Build folders are skipped inside an app (the folder given, when it is one, or any below the top).
            let insideApp = rootIsApp || relative.contains("/")
            return !(insideApp && SourceFiles.skippedFolders.contains(name))
        }
        func isJSON(_ name: String) -> Bool { name.count > 5 && name.lowercased().hasSuffix(".json") }
        func skip(_ relative: String, _ reason: String, failure: Bool) {
            skipped.append(SourceFiles.NotRead(path: prefix + relative, reason: reason, isFailure: failure))
        }
        walk.walk { event in
            switch event {
            case .folder: break
            case .file(let relative, let kind):
                if kind == S_IFREG, isSwiftFileName(Array(relative.utf8)), let app = app(of: relative) {
                    if apps.last != app { apps.append(app) }
                } else if isJSON(relative) {
                    guard kind == S_IFREG else {
                        skip(relative, "not rendered: \(FileKind.describe(kind)), not a regular file", failure: true)
                        return
                    }
                    result.append(relative)
                }
            case .outsideLink(let relative, let target, _):
                skip(relative, "not followed: a symbolic link to \(target), outside \(folder)", failure: false)
            case .brokenLink(let relative, let reason):
                guard isJSON(relative) else { return }
                skip(relative, "not rendered: broken symbolic link (\(reason))", failure: false)
            case .unreadableFolder(let relative, let reason):
                skipped.append(
                    SourceFiles.NotRead(
                        path: relative.isEmpty ? folder : prefix + relative,
                        reason: "folder cannot be read: \(reason) (check its permissions)", isFailure: true))
            case .invalidName(let shown, let isFolder):
                guard isFolder || isJSON(shown) else { return }
                skip(
                    shown,
                    (isFolder ? "folder not searched" : "not rendered") + ": its name is not valid UTF-8; rename it",
                    failure: true)
            case .tooLong(let relative):
                skip(
                    relative,
                    "not rendered: its path is longer than the system's limit of \(FolderWalk.pathMaximum) bytes",
                    failure: true)
            }
        }
        return (result, apps)
    }

    /// Whether a file name ends in `.swift`.
    private static func isSwiftFileName(_ bytes: [UInt8]) -> Bool {
        bytes.count > 6 && bytes.suffix(6).elementsEqual(".swift".utf8)
    }

    /// A path made absolute (against the current folder) and standardized.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The path of `target` relative to the folder `base`, e.g. `../Samples/deeplink.json`.
    ///
    /// Plain string arithmetic (`.` and `..` resolved as written, no links followed, as `standardizedFileURL`
    /// does), so the gallery's link for each plan costs no system call.
    static func relativePath(to target: String, from base: String) -> String {
        let currentFolder = target.hasPrefix("/") && base.hasPrefix("/") ? "" : workingFolder
        let targetComponents = standardComponents(target, currentFolder: currentFolder)
        let baseComponents = standardComponents(base, currentFolder: currentFolder)
        var common = 0
        while common < min(targetComponents.count, baseComponents.count),
            targetComponents[common] == baseComponents[common]
        {
            common += 1
        }
        let ups = Array(repeating: "..", count: baseComponents.count - common)
        return (ups + targetComponents.dropFirst(common)).joined(separator: "/")
    }

    /// The working folder, read once: FlowGraph never changes it, and a gallery asks for every plan.
    private static let workingFolder = FileManager.default.currentDirectoryPath

    /// The components of `path` made absolute (relative to `currentFolder`) with `.` and `..` resolved, split
    /// at its `/` bytes (as ``PathName`` splits).
    private static func standardComponents(_ path: String, currentFolder: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : currentFolder + "/" + path
        var components: [String] = []
        for bytes in absolute.utf8.split(separator: UInt8(ascii: "/")) {
            let component = String(Substring(bytes))
            if component == "." { continue }
            if component == ".." {
                if !components.isEmpty { components.removeLast() }
                continue
            }
            components.append(component)
        }
        return components
    }
}
