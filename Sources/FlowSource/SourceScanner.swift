import FlowModel

/// Reads Swift source and finds the navigation in it (``SourceScan``), with the toolchain's SwiftParser.
public enum SourceScanner {
    /// Refuses more Swift files than ``FlowModel/Limits/swiftFiles``, naming the first one over; call it on
    /// the paths found, before they are read.
    public static func checkFileCount(_ paths: [String], limits: Limits) throws(FlowGraphError) {
        guard paths.count > limits.swiftFiles else { return }
        throw FlowGraphError(
            file: paths[limits.swiftFiles],
            message: "more than \(limits.swiftFiles) Swift files to scan (\(paths.count)) "
                + limits.exceeded(.swiftFiles))
    }

    /// Scans Swift files given as (path, text): the navigation map and the plans in functions.
    ///
    /// Source the parser cannot read is an error naming FILE:LINE:COLUMN for each problem (nothing is
    /// scanned then); code it reads but cannot follow is listed in the map's problems.
    ///
    /// More files than ``FlowModel/Limits/swiftFiles``, or more bytes in all than ``FlowModel/Limits/swiftSize``,
    /// are refused before anything is parsed.
    ///
    /// Every file is read; only those that can bear on the navigation are parsed (``ParseSelection``), so a
    /// syntax error in a file that mentions no navigation and shares no name with the files that do is not
    /// reported unless its brackets, strings or comments do not match up.
    ///
    /// A `memo` lends the trees of texts it holds and keeps those parsed here (``ParseMemo``).
    public static func scan(
        _ files: [(path: String, text: String)], limits: Limits = .default, memo: ParseMemo? = nil
    ) throws(FlowGraphError) -> SourceScan {
        try scan(files, limits: limits, choosing: .navigationFiles, memo: memo)
    }

    /// Refuses files over ``FlowModel/Limits/swiftFiles`` in number or ``FlowModel/Limits/swiftSize`` in bytes,
    /// as ``scan(_:limits:memo:)`` does before it parses anything.
    public static func checkLimits(_ files: [(path: String, text: String)], limits: Limits) throws(FlowGraphError) {
        try checkFileCount(files.map(\.path), limits: limits)
        var size = 0
        for file in files {
            size += file.text.utf8.count
            if size > limits.swiftSize {
                throw FlowGraphError(
                    file: file.path,
                    message: "the Swift files up to this one hold \(size) bytes, more than one scan reads "
                        + "(\(limits.swiftSize); about 100 bytes of memory per byte of source) "
                        + limits.exceeded(.swiftSize))
            }
        }
    }

    /// Scans Swift files, parsing the ones `choice` selects.
    static func scan(
        _ files: [(path: String, text: String)], limits: Limits = .default, choosing choice: ParseSelection.Choice,
        memo: ParseMemo? = nil
    ) throws(FlowGraphError) -> SourceScan {
        try checkLimits(files, limits: limits)
        // On a large stack: every walk over a tree recurses once per level of nesting.
        let result = LargeStack.run { () -> Result<SourceScan, FlowGraphError> in
            do throws(FlowGraphError) {
                var recognizer = NavigationRecognizer(
                    index: try SwiftSourceIndex.parse(files, choosing: choice, memo: memo))
                let scan = recognizer.scan()
                // Its trees and tables take a twentieth of a scan to free, which the caller need not wait for.
                LargeStack.release(recognizer)
                return .success(scan)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
