import FlowGraph
import FlowModel
import FlowSource
import Foundation
import Graphviz

/// `flowgraph render DIR… -o OUTDIR`: renders every plan under the folders in worker processes, mirroring
/// their layout, and writes a gallery (`index.html`, `README.md`); `--check` compares instead of writing.
enum BatchRender {
    /// Runs a batch.
    static func run(_ options: BatchOptions, console: Console) throws -> Int32 {
        let clock = ContinuousClock()
        let started = clock.now
        var skippedFiles: [SourceFiles.NotRead] = []
        let allPlans = try PlanCatalog.plans(
            in: options.inputs, outputFolder: options.outputFolder, skipped: &skippedFiles)
        for file in skippedFiles { console.printError(TerminalText.escaped("\(file.path): \(file.reason)")) }
        let plans = options.shard.map { PlanCatalog.shard(allPlans, index: $0.index, of: $0.count) } ?? allPlans
        let folder =
            options.outputFolder.hasSuffix("/") ? String(options.outputFolder.dropLast()) : options.outputFolder
        if options.gallery, options.formats.contains(.html),
            let clash = plans.first(where: { $0.outputBase == folder + "/index" })
        {
            throw ArgumentParser.usageError(
                "\(clash.path) would render to \(folder)/index.html, the gallery page; rename it or give --no-gallery")
        }

        let galleryPaths = [folder + "/" + Gallery.htmlFileName, folder + "/" + Gallery.markdownFileName]
        let suffixes = options.themes.map { ThemeOption.suffix(for: $0, among: options.themes) }
        let outputsByPlan = plans.flatMap { plan in
            suffixes.flatMap { suffix in
                options.formats.map { (output: plan.outputBase + suffix + "." + $0.fileExtension, plan: plan.path) }
            }
        }
        try InputProtection.refuseCollidingOutputs(outputsByPlan)
        let planOutputs = outputsByPlan.map(\.output)
        try InputProtection.refuseOverwriting(
            inputs: allPlans.map(\.path),
            outputs: (options.check ? [] : planOutputs) + (options.gallery && !options.check ? galleryPaths : [])
                + (options.reportPath.map { [$0] } ?? []))
        if !options.check { try InputProtection.refuseReplacingPlans(outputs: planOutputs) }
        if let report = options.reportPath {
            try BatchOutputGuard.refuseReportAmongOutputs(
                report, outputs: planOutputs + (options.gallery ? galleryPaths : []))
        }
        if options.gallery, !options.check { try BatchOutputGuard.refuseReplacingUserGallery(in: folder) }
        // Made once, here: a folder that cannot be made is one error with its cause, not one per plan.
        var lock: OutputFolder.Lock?
        if !options.check, !plans.isEmpty {
            try OutputFolder.create(options.outputFolder)
            try OutputFolder.checkWritable(options.outputFolder)
            lock = try OutputFolder.Lock(options.outputFolder)
        }
        defer { withExtendedLifetime(lock) {} }
        let progress = BatchProgress(
            total: plans.count, console: console, style: BatchProgress.style(quiet: options.quiet),
            checking: options.check,
            showsWarnings: !options.quiet || options.strict)
        var pool = WorkerPool(
            executable: WorkerPool.currentExecutable(), setup: options.workerSetup,
            workers: min(options.jobs, max(plans.count, 1)), recycleAfter: options.recycleAfter, check: options.check,
            timeout: options.timeout, memoryCap: options.workerMemory)
        let outcomes = try pool.run(plans, progress: progress)
        progress.end()

        var galleryFiles: [(path: String, data: Data)] = []
        if options.gallery, !pool.interrupted {
            let gallery = makeGallery(outcomes, allPlans: allPlans, options: options, folder: folder)
            galleryFiles = [
                (folder + "/" + Gallery.htmlFileName, Data(gallery.html().utf8)),
                (folder + "/" + Gallery.markdownFileName, Data(gallery.markdown().utf8)),
            ]
        }
        var differences: BatchReport.Differences?
        if options.check {
            if !pool.interrupted {
                let found = BaselineCheck.differences(
                    outcomes: outcomes, allPlans: allPlans, gallery: galleryFiles, options: options)
                for path in found.stale { console.print("stale   \(path)") }
                for path in found.missing { console.print("missing \(path)") }
                for path in found.extra { console.print("extra   \(path)") }
                differences = found
            }
        } else if !galleryFiles.isEmpty {
            try AtomicFiles.write(galleryFiles)
        }

        let seconds = (clock.now - started).seconds
        let report = makeReport(
            outcomes, options: options, pool: pool, seconds: seconds, gallery: galleryFiles.map(\.path),
            differences: differences, skipped: skippedFiles)
        if let path = options.reportPath {
            try AtomicFiles.write([(path, report.encoded())])
        }
        if !options.quiet {
            console.printError(summary(report))
        }
        if pool.interrupted { return 130 }
        if report.counts.failed > 0 || skippedFiles.contains(where: \.isFailure) {
            let plugins = outcomes.contains { $0.reply?.exitCode == 3 }
            return plugins ? 3 : 1
        }
        if differences?.isEmpty == false { return 1 }
        // --strict: a warning about any plan fails the batch, as it fails `flowgraph render`.
        let warned = outcomes.contains { $0.reply?.warnings?.isEmpty == false }
        return options.strict && warned ? 1 : 0
    }

    /// The gallery of a batch: every plan in sorted order, failed ones with their error.
    static func makeGallery(_ outcomes: [PlanOutcome], allPlans: [BatchPlan], options: BatchOptions, folder: String)
        -> Gallery
    {
        let stems = Set(allPlans.map { String($0.outputBase.dropFirst(folder.count + 1)) })
        var listings: [String: [String: [String]]] = [:]
        let entries = outcomes.map { outcome in
            let name = PathName.removingExtension(PathName.lastComponent(of: outcome.plan.relativePath))
            let title = outcome.reply?.title.flatMap { $0.isEmpty ? nil : $0 } ?? name
            let outputs = listedOutputs(outcome, folder: folder, stems: stems, listings: &listings)
            var entry = GalleryEntry(
                title: title, planFile: outcome.plan.path,
                planLink: PlanCatalog.relativePath(to: outcome.plan.path, from: folder),
                outputs: outcome.status == .rendered ? outputs : [], summary: outcome.reply?.summary ?? [],
                error: outcome.status == .rendered ? nil : outcome.errors.joined(separator: "; "))
            if outcome.plan.isApp { entry.fileLabel = "Swift source" }
            if options.themes.count > 1, let image = entry.image,
                outcome.reply?.outputs.contains(where: {
                    $0.path.hasSuffix("/" + PathName.lastComponent(of: ThemeOption.darkFile(beside: image)))
                }) == true
            {
                entry.darkImage = ThemeOption.darkFile(beside: image)
            }
            if entry.image == nil, let chart = entry.outputs.first(where: { $0.hasSuffix(".mmd") }) {
                // The chart we just wrote (bounded: a chart is a few KB), for the Markdown gallery.
                let path = PathName.joined(folder, chart)
                if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
                    size <= 1 << 20
                {
                    entry.mermaid = try? String(contentsOfFile: path, encoding: .utf8)
                }
            }
            return entry
        }
        let names = options.inputs.map { input -> String in
            var name = input
            while name.hasSuffix("/") && name.count > 1 { name.removeLast() }
            if name.hasPrefix("./") { name.removeFirst(2) }
            return name
        }
        return Gallery(title: "FlowGraph gallery: " + names.joined(separator: ", "), entries: entries)
    }

    /// The files a gallery entry links: those rendered now and those of other formats already next to them
    /// (so a gallery checked with `-T svg` matches one written with `-T svg,png`), in a fixed order: by
    /// format (svg, png, pdf, dot, json, html), then page.
    /// `listings` caches each folder's file names by the part before the first `.` or `-`, so a large batch
    /// reads each output folder once.
    private static func listedOutputs(
        _ outcome: PlanOutcome, folder: String, stems: Set<String>, listings: inout [String: [String: [String]]]
    ) -> [String] {
        guard outcome.status == .rendered else { return [] }
        let stemPath = String(outcome.plan.outputBase.dropFirst(folder.count + 1))
        let directory = PathName.folder(of: stemPath)
        let stem = PathName.lastComponent(of: stemPath)
        var names = Set((outcome.reply?.outputs ?? []).map { PathName.lastComponent(of: $0.path) })
        if listings[directory] == nil {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + directory)) ?? []
            listings[directory] = Dictionary(grouping: names) { String($0.prefix { $0 != "." && $0 != "-" }) }
        }
        let candidates = listings[directory]?[String(stem.prefix { $0 != "." && $0 != "-" })] ?? []
        for name in candidates where name.hasPrefix(stem) && sortKey(name, stem: stem) != nil {
            let page = PathName.removingExtension(name)
            if page != stem, stems.contains(directory.isEmpty ? page : directory + "/" + page) { continue }
            names.insert(name)
        }
        return names.compactMap { name in sortKey(name, stem: stem).map { (key: $0, name: name) } }
            .sorted { $0.key.format != $1.key.format ? $0.key.format < $1.key.format : $0.key.page < $1.key.page }
            .map { directory.isEmpty ? $0.name : directory + "/" + $0.name }
    }

    /// `(format order, page)` for `STEM.EXT` or `STEM-N.png`; `nil` for any other name.
    private static func sortKey(_ name: String, stem: String) -> (format: Int, page: Int)? {
        let rest = name.dropFirst(stem.count)
        guard let dot = rest.lastIndex(of: "."),
            case let fileExtension = String(rest[rest.index(after: dot)...]),
            let format = RenderFormat.allCases.first(where: { $0.fileExtension == fileExtension }),
            let order = RenderFormat.allCases.firstIndex(of: format)
        else { return nil }
        let middle = rest[..<dot]
        if middle.isEmpty { return (order, 0) }
        guard format == .png, middle.hasPrefix("-"), let page = Int(middle.dropFirst()), page >= 1 else { return nil }
        return (order, page)
    }

    private static func makeReport(
        _ outcomes: [PlanOutcome], options: BatchOptions, pool: WorkerPool, seconds: Double, gallery: [String],
        differences: BatchReport.Differences?, skipped: [SourceFiles.NotRead]
    ) -> BatchReport {
        let plans = outcomes.map { outcome in
            BatchReport.Plan(
                plan: outcome.plan.path, relativePath: outcome.plan.relativePath, status: outcome.status,
                title: outcome.reply?.title, seconds: outcome.reply?.seconds, outputs: outcome.reply?.outputs ?? [],
                errors: outcome.errors)
        }
        let counts = BatchReport.Counts(
            plans: outcomes.count, rendered: outcomes.filter { $0.status == .rendered }.count,
            failed: outcomes.filter { $0.status == .failed }.count,
            skipped: outcomes.filter { $0.status == .skipped }.count,
            files: outcomes.filter { $0.status == .rendered }.reduce(0) { $0 + ($1.reply?.outputs.count ?? 0) })
        return BatchReport(
            check: options.check, outputFolder: options.outputFolder, formats: options.formats.map(\.rawValue),
            shard: options.shard.map { "\($0.index)/\($0.count)" }, workers: options.jobs,
            workerProcessesStarted: pool.workersStarted, peakWorkerMemoryBytes: pool.peakMemoryBytes,
            seconds: seconds, interrupted: pool.interrupted, counts: counts, gallery: gallery,
            differences: differences, plans: plans, notRendered: skipped)
    }

    /// The summary line: `rendered 12 plans (24 files) in 1.3 s; 1 failed`.
    static func summary(_ report: BatchReport) -> String {
        let counts = report.counts
        let verb = report.check ? "checked" : "rendered"
        let time = report.seconds < 10 ? String(format: "%.1f", report.seconds) : String(Int(report.seconds.rounded()))
        var line =
            "\(verb) \(counts.rendered) plan\(counts.rendered == 1 ? "" : "s") "
            + "(\(counts.files) file\(counts.files == 1 ? "" : "s")) in \(time) s"
        if counts.failed > 0 { line += "; \(counts.failed) failed" }
        if !report.notRendered.isEmpty {
            let count = report.notRendered.count
            line += "; \(count) file\(count == 1 ? "" : "s") not rendered (listed above)"
        }
        if report.interrupted { line += "; interrupted, \(counts.skipped) not started" }
        if let differences = report.differences {
            if differences.isEmpty {
                line += "; all up to date"
            } else {
                line +=
                    "; \(differences.stale.count) stale, \(differences.missing.count) missing, "
                    + "\(differences.extra.count) extra (render again without --check to update)"
            }
        }
        return line
    }
}
