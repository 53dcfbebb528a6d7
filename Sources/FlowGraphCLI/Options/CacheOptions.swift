import Foundation

/// `--no-cache`: whether a scan reads and keeps its result in the scan cache (``ScanCache``).
enum CacheOptions {
    /// `--no-cache`.
    static let noCache = CommandFlag(
        "--no-cache",
        help: "Scan every file afresh; neither read nor keep the scan cache (\(ScanCache.folderVariable), else the "
            + "user's cache folder).")

    /// What the command's scan reuses: the cache in its standard folder, unless `--no-cache` is given or no folder
    /// can be named.
    static func reuse(_ arguments: ParsedArguments) -> ScanReuse {
        guard !arguments[noCache], let folder = ScanCache.standardFolder() else { return .nothing }
        return ScanReuse(cache: ScanCache(folder: folder))
    }
}
