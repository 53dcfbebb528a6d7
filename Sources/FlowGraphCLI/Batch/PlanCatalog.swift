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
}

/// Finds the plans of a batch: every `*.json` under the folders given (recursively), and plan files given
/// by name; sorted by their mirrored relative path, which is also what `--shard` splits by.
///
/// Swift source makes an app: a folder given that holds `*.swift` files itself is one app, and otherwise
/// each folder directly inside it that holds `*.swift` files (at any depth) is one, drawn as its navigation
/// map named after the folder (`Samples/FlowStacksApp/` → `OUTDIR/FlowStacksApp.svg`).
enum PlanCatalog {
    /// The plans under `inputs` (folders or plan files), with outputs mirrored into `outputFolder`.
    ///
    /// Hidden files and folders (`.git`, `.build`) are skipped, as is the output folder when it lies inside
    /// an input folder; any other file that is not rendered is added to `skipped` with the reason. Two plans
    /// that would write the same outputs are an error naming both.
    static func plans(in inputs: [String], outputFolder: String, skipped: inout [SkippedFile]) throws(FlowGraphError)
        -> [BatchPlan]
    {
        let manager = FileManager.default
        let outputAbsolute = absolute(outputFolder)
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
                plans.append(BatchPlan(path: prefix + relative, relativePath: relative, outputBase: ""))
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
        let folder = outputFolder.hasSuffix("/") ? String(outputFolder.dropLast()) : outputFolder
        var seen: [String: String] = [:]
        for index in plans.indices {
            let relative = plans[index].relativePath
            let stem =
                !plans[index].isApp && relative.lowercased().hasSuffix(".json")
                ? String(relative.dropLast(5)) : relative
            plans[index].outputBase = (folder.isEmpty ? "." : folder) + "/" + stem
            plans[index].outputRoot = folder.isEmpty ? "." : folder
            if let other = seen[stem] {
                throw FlowGraphError(
                    file: plans[index].path,
                    message: "would write the same outputs as \(other) (\(plans[index].outputBase).*); "
                        + "render them into separate folders")
            }
            seen[stem] = plans[index].path
        }
        return plans
    }

    /// The plans under `inputs`, for callers that do not list the files left out (`--watch`).
    static func plans(in inputs: [String], outputFolder: String) throws(FlowGraphError) -> [BatchPlan] {
        var skipped: [SkippedFile] = []
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
    /// ends); links that lead outside it, broken links, names that are not UTF-8 and `*.json` entries that
    /// are not regular files are added to `skipped` with the reason.
    private static func files(under folder: String, skipping output: String, skipped: inout [SkippedFile])
        throws(FlowGraphError) -> (plans: [String], apps: [String])
    {
        guard let rootReal = realPath(folder) else {
            throw FlowGraphError(file: folder, message: "cannot be read (check its permissions)")
        }
        var result: [String] = []
        var apps: [String] = []
        var visited: Set<InputProtection.FileIdentity> = []
        if let identity = InputProtection.identity(of: folder) { visited.insert(identity) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"

        /// `app`: the app the folder belongs to (`""`: the folder given), `nil` outside any.
        func walk(_ relativeFolder: String, app: String?) {
            let directory = prefix + relativeFolder
            guard let stream = opendir(directory) else {
                skipped.append(
                    SkippedFile(
                        path: directory, reason: "folder cannot be read (check its permissions)", isFailure: true))
                return
            }
            defer { closedir(stream) }
            var names: [[UInt8]] = []
            while let entry = readdir(stream) {
                let bytes = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                names.append(bytes)
            }
            var app = app
            if relativeFolder.isEmpty,
                names.contains(where: { $0.first != UInt8(ascii: ".") && isSwiftFileName($0) })
            {
                app = ""
            }
            for bytes in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                guard bytes.first != UInt8(ascii: ".") else { continue }
                let isJSON = bytes.count > 5 && String(decoding: bytes.suffix(5), as: UTF8.self).lowercased() == ".json"
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    let shown = prefix + relativeFolder + String(decoding: bytes, as: UTF8.self)
                    var status = stat()
                    let path = (Array((directory + "/").utf8) + bytes + [0]).map { CChar(bitPattern: $0) }
                    let isFolder = lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
                    if isJSON || isFolder {
                        skipped.append(
                            SkippedFile(
                                path: shown,
                                reason: (isFolder ? "folder not searched" : "not rendered")
                                    + ": its name is not valid UTF-8; rename it", isFailure: true))
                    }
                    continue
                }
                let relative = relativeFolder + name
                let path = prefix + relative
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                var kind = status.st_mode & S_IFMT
                if kind == S_IFLNK {
                    guard let target = realPath(path), stat(path, &status) == 0 else {
                        if isJSON {
                            skipped.append(
                                SkippedFile(path: path, reason: "not rendered: broken symbolic link", isFailure: false))
                        }
                        continue
                    }
                    guard target == rootReal || target.hasPrefix(rootReal == "/" ? "/" : rootReal + "/") else {
                        skipped.append(
                            SkippedFile(
                                path: path,
                                reason: "not followed: a symbolic link to \(target), outside \(folder)",
                                isFailure: false))
                        continue
                    }
                    kind = status.st_mode & S_IFMT
                }
                if kind == S_IFDIR {
                    if absolute(path) == output || realPath(path) == realPath(output) { continue }
                    let identity = InputProtection.FileIdentity(
                        device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
                    guard visited.insert(identity).inserted else { continue }
                    if app != nil && SourceFiles.skippedFolders.contains(name) { continue }
                    walk(relative + "/", app: app ?? relative)
                } else if kind == S_IFREG, isSwiftFileName(bytes), let app {
                    if apps.last != app { apps.append(app) }
                } else if isJSON {
                    guard kind == S_IFREG else {
                        skipped.append(
                            SkippedFile(path: path, reason: "not rendered: not a regular file", isFailure: true))
                        continue
                    }
                    result.append(relative)
                }
            }
        }
        walk("", app: nil)
        return (result, apps)
    }

    /// Whether a file name ends in `.swift`.
    private static func isSwiftFileName(_ bytes: [UInt8]) -> Bool {
        bytes.count > 6 && bytes.suffix(6).elementsEqual(".swift".utf8)
    }

    /// `path` with every symbolic link resolved, absolute; `nil` if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A path made absolute (against the current folder) and standardized.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The path of `target` relative to the folder `base`, e.g. `../Samples/deeplink.json`.
    static func relativePath(to target: String, from base: String) -> String {
        let targetComponents = URL(fileURLWithPath: absolute(target)).pathComponents
        let baseComponents = URL(fileURLWithPath: absolute(base)).pathComponents
        var common = 0
        while common < min(targetComponents.count, baseComponents.count),
            targetComponents[common] == baseComponents[common]
        {
            common += 1
        }
        let ups = Array(repeating: "..", count: baseComponents.count - common)
        return (ups + targetComponents.dropFirst(common)).joined(separator: "/")
    }
}
