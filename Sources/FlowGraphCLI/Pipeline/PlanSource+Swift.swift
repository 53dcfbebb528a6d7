import FlowModel
import FlowSource
import Foundation

/// A plan read straight from a function in Swift source (`flowgraph render File.swift --function NAME`).
extension PlanSource {
    /// The `--function` option of `render`; it completes to the file's plan names.
    static let function = {
        var option = CommandOption<String>(
            "--function", valueName: "NAME",
            help: "With a .swift file: render the plan scan finds in this function (NAME, Type.NAME, handle.cart).")
        option.spec.completesFunctionNames = true
        return option
    }()

    /// The plan in function `function` of the Swift file at `path`, decoded as a plan file would be and
    /// with its deep link resolved by `url`; the scan takes what `reuse` holds.
    /// Neighbours left out (a link leading outside the folder) are passed to `warn`.
    static func scannedPlan(
        at path: String, function: String?, limits: Limits, url: String?, reuse: ScanReuse = .nothing,
        warn: (Diagnostic) -> Void
    ) throws -> Plan {
        guard let function else {
            throw ArgumentParser.usageError("\(path) is Swift source: name the function to draw with --function NAME")
        }
        let scan = try scanned(path, limits: limits, reuse: reuse, warn: warn)
        // NAME, or any tail of the plan's name by whole parts: `cart`, `handle.cart`, `Shop.handle.cart`.
        let matches = scan.plans.filter {
            ($0.name == function || $0.name.hasSuffix("." + function)) && $0.location.file == path
        }
        guard let found = matches.first else {
            let names = scan.plans.filter { $0.location.file == path }.map(\.name)
            let reasons = scan.map.problems.filter { $0.message.contains(".\(function)()") }.map(\.description)
            throw FlowGraphError(
                file: path,
                message: "no plan found in a function named '\(function)'"
                    + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")")
                    + (names.isEmpty ? "; the file has none" : "; plans found: " + names.joined(separator: ", ")))
        }
        guard matches.count == 1 else {
            throw ArgumentParser.usageError(
                "several functions are named '\(function)': " + matches.map(\.name).joined(separator: ", ")
                    + "; give Type.\(function)")
        }
        // Every part of the plan is placed at the function, so an error in it names FILE:LINE:COLUMN of the
        // Swift source (with the key path of the action), not a column of JSON the user never saw.
        let place = SourcePosition(line: found.location.line, column: found.location.column)
        return try Plan.decode(found.plan.placed(at: place), file: path, limits: limits, url: url)
    }

    /// The names `--function` takes for the Swift file at `path`, as scan names its plans (`Type.function`).
    static func functionNames(in path: String, limits: Limits) throws -> [String] {
        try scanned(path, limits: limits, warn: { _ in }).plans.filter { $0.location.file == path }.map(\.name)
    }

    /// The scan of the Swift file at `path` with its folder's other files, whose types a function uses (a deep
    /// link's URL parsing, the screen enum), taking what `reuse` holds; neighbours left out are passed to `warn`.
    private static func scanned(
        _ path: String, limits: Limits, reuse: ScanReuse = .nothing, warn: (Diagnostic) -> Void
    ) throws -> SourceScan {
        var listing = try SourceFiles.list([path])
        let neighbours = SourceFiles.neighbours(of: path)
        listing.files += neighbours.files
        listing.notRead += neighbours.notRead
        var notRead: [Diagnostic] = []
        let scan = try ScanCommand.scanSources(listing, limits: limits, warnings: &notRead, reuse: reuse)
        notRead.forEach(warn)
        return scan
    }
}
