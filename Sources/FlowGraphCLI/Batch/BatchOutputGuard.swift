import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// The checks that keep a batch from replacing a file it did not write, made before any plan renders.
enum BatchOutputGuard {
    /// Refuses to write the gallery over an `index.html` or `README.md` in the output folder that FlowGraph
    /// did not write (one without ``Gallery/generatorMark``), such as a hand-written `docs/README.md` when
    /// rendering `docs -o docs`.
    static func refuseReplacingUserGallery(in folder: String) throws(FlowGraphError) {
        for name in [Gallery.htmlFileName, Gallery.markdownFileName] {
            let path = PathName.joined(folder, name)
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let isRegular = (status.st_mode & S_IFMT) == S_IFREG
            if isRegular, let contents = FileManager.default.contents(atPath: path), Gallery.isGenerated(contents) {
                continue
            }
            throw FlowGraphError(
                file: path,
                message: "exists and was not written by FlowGraph (it has no \"\(Gallery.generatorMark)\" mark), "
                    + "so the gallery is not written over it. Nothing was written: move the file, choose another "
                    + "output folder (-o), or give --no-gallery")
        }
    }

    /// Refuses a `--report` path that is one of the batch's own outputs (a plan's file or a gallery page), which
    /// the report would replace.
    static func refuseReportAmongOutputs(_ report: String, outputs: [String]) throws(UsageError) {
        let reportPath = PlanCatalog.absolute(report)
        let reportIdentity = InputProtection.identity(of: report)
        for output in outputs {
            let same =
                PlanCatalog.absolute(output) == reportPath
                || (reportIdentity != nil && InputProtection.identity(of: output) == reportIdentity)
            guard same else { continue }
            throw ArgumentParser.usageError(
                "--report \(report) is \(output), one of the batch's own outputs, which the report would replace; "
                    + "write the report elsewhere (e.g. --report report.json outside the output folder)")
        }
    }

    /// Refuses `-o NAME.EXT` with a drawing's extension (`x.png`, `out.svg`) for a batch when no such folder
    /// exists: a batch writes into a folder, and making a folder `x.png/` is surely not what was meant.
    static func refuseFileLikeFolder(_ output: String) throws(UsageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue { return }
        guard !output.hasSuffix("/") else { return }
        let fileExtension = PathName.fileExtension(of: output)
        guard !fileExtension.isEmpty, OutputTarget.looksLikeFormat(fileExtension) else { return }
        throw ArgumentParser.usageError(
            "-o \(output) names a .\(fileExtension) file, but folders of plans (or several plans) render into a "
                + "folder of files; give a folder, e.g. -o \(PathName.removingExtension(output))/ (or -o \(output)/ "
                + "if a folder of that name is really meant)")
    }
}
