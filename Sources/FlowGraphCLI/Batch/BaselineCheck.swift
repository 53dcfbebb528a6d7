import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// `--check`: what differs between the plans' renders and the files in the output folder.
enum BaselineCheck {
    /// The differences, from the workers' comparisons, the gallery files and a scan for extra files.
    ///
    /// A file counts as extra when it has the extension of a format asked for (or is a gallery file when no
    /// gallery is expected) and no plan renders it. Files of plans not compared in this run (other shards,
    /// failed plans) are left alone, as are hidden files and files of other formats.
    static func differences(
        outcomes: [PlanOutcome], allPlans: [BatchPlan], gallery: [(path: String, data: Data)],
        options: BatchOptions
    ) -> BatchReport.Differences {
        var result = BatchReport.Differences(stale: [], missing: [], extra: [])
        var expected = Set<String>()
        for outcome in outcomes {
            for output in outcome.reply?.outputs ?? [] {
                expected.insert(PlanCatalog.absolute(output.path))
                switch output.status {
                case .stale: result.stale.append(output.path)
                case .missing: result.missing.append(output.path)
                case .same, .written: break
                }
            }
        }
        for file in gallery {
            expected.insert(PlanCatalog.absolute(file.path))
            if let existing = FileManager.default.contents(atPath: file.path) {
                if existing != file.data { result.stale.append(file.path) }
            } else {
                result.missing.append(file.path)
            }
        }

        let folder =
            options.outputFolder.hasSuffix("/") ? String(options.outputFolder.dropLast()) : options.outputFolder
        let compared = Set(outcomes.filter { $0.status == .rendered }.map(\.plan.relativePath))
        var owners: [String: String] = [:]  // output stem → plan relative path
        for plan in allPlans {
            let relative = plan.relativePath
            owners[relative.lowercased().hasSuffix(".json") ? String(relative.dropLast(5)) : relative] = relative
        }
        let galleryNames = [Gallery.htmlFileName, Gallery.markdownFileName]
        for relative in files(under: folder) {
            let path = folder + "/" + relative
            guard !expected.contains(PlanCatalog.absolute(path)) else { continue }
            let url = URL(fileURLWithPath: relative)
            let isGalleryFile = !relative.contains("/") && galleryNames.contains(relative)
            if isGalleryFile {
                // Only extra when no gallery is expected at all (a whole, unsharded run with --no-gallery
                // leaves an old gallery alone too).
                continue
            }
            guard let format = RenderFormat(fileExtension: url.pathExtension), options.formats.contains(format)
            else { continue }
            let stem = String(relative.dropLast(url.pathExtension.count + 1))
            var owner = owners[stem]
            if owner == nil, format == .png, let dash = stem.lastIndex(of: "-"),
                !stem[stem.index(after: dash)...].isEmpty,
                stem[stem.index(after: dash)...].allSatisfy(\.isASCIIDigitCharacter)
            {
                owner = owners[String(stem[..<dash])]
            }
            if let owner, !compared.contains(owner) { continue }
            result.extra.append(path)
        }
        result.stale.sort()
        result.missing.sort()
        result.extra.sort()
        return result
    }

    /// Files under a folder, relative to it, sorted, skipping hidden ones.
    private static func files(under folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        let rootCount = root.pathComponents.count
        var result: [String] = []
        for case let item as URL in enumerator {
            guard (try? item.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let components = item.standardizedFileURL.pathComponents
            guard components.count > rootCount else { continue }
            result.append(components.dropFirst(rootCount).joined(separator: "/"))
        }
        return result.sorted()
    }
}

extension Character {
    /// Whether this is one of `0`…`9`.
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
