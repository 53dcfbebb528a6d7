import FlowModel
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
}

/// Finds the plans of a batch: every `*.json` under the folders given (recursively), and plan files given
/// by name; sorted by their mirrored relative path, which is also what `--shard` splits by.
enum PlanCatalog {
    /// The plans under `inputs` (folders or plan files), with outputs mirrored into `outputFolder`.
    ///
    /// Hidden files and folders (`.git`, `.build`) are skipped, as is the output folder when it lies inside
    /// an input folder. Two plans that would write the same outputs are an error naming both.
    static func plans(in inputs: [String], outputFolder: String) throws(FlowGraphError) -> [BatchPlan] {
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
            let inputAbsolute = absolute(input)
            let prefix = input.hasSuffix("/") ? input : input + "/"
            var found = 0
            for relative in try files(under: input, skipping: outputAbsolute, root: inputAbsolute) {
                plans.append(BatchPlan(path: prefix + relative, relativePath: relative, outputBase: ""))
                found += 1
            }
            if found == 0 {
                throw FlowGraphError(file: input, message: "holds no plan files (*.json)")
            }
        }
        plans.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        let folder = outputFolder.hasSuffix("/") ? String(outputFolder.dropLast()) : outputFolder
        var seen: [String: String] = [:]
        for index in plans.indices {
            let relative = plans[index].relativePath
            let stem = relative.lowercased().hasSuffix(".json") ? String(relative.dropLast(5)) : relative
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

    /// The plans of shard `index` (from 1) of `count`: every `count`-th plan in sorted order.
    static func shard(_ plans: [BatchPlan], index: Int, of count: Int) -> [BatchPlan] {
        plans.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// `*.json` files under a folder, relative to it, skipping hidden entries and the output folder.
    private static func files(under folder: String, skipping output: String, root: String) throws(FlowGraphError)
        -> [String]
    {
        let url = URL(fileURLWithPath: folder)
        guard
            let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey],
                options: [.skipsHiddenFiles])
        else {
            throw FlowGraphError(file: folder, message: "cannot be read (check its permissions)")
        }
        var result: [String] = []
        let rootComponents = URL(fileURLWithPath: root).pathComponents
        for case let item as URL in enumerator {
            let values = try? item.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            let itemAbsolute = item.standardizedFileURL.path
            if values?.isDirectory == true {
                if itemAbsolute == output { enumerator.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true, item.pathExtension.lowercased() == "json" else { continue }
            let components = item.standardizedFileURL.pathComponents
            guard components.count > rootComponents.count,
                Array(components.prefix(rootComponents.count)) == rootComponents
            else { continue }
            result.append(components.dropFirst(rootComponents.count).joined(separator: "/"))
        }
        return result
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
