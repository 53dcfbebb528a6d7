/// Arithmetic on `/`-separated path strings, in plain Swift.
///
/// FlowGraph does not use `NSString`'s path methods: on Linux `deletingLastPathComponent` traps on a
/// one-character string such as `1`, which a plan named `1.json` produces.
public enum PathName {
    /// The folder part of `path`: everything before its last `/`, without that `/` (`a/b/c` → `a/b`);
    /// `""` when there is no `/`, `/` for `/c`.
    public static func folder(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last component of `path`: everything after its last `/` (`a/b.json` → `b.json`); trailing
    /// slashes are ignored.
    public static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The extension of the last component, without its dot (`a/b.json` → `json`); `""` when there is none.
    /// A leading dot (`.hidden`) does not start an extension.
    public static func fileExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` without the extension of its last component (`a/b.json` → `a/b`, `1` → `1`).
    public static func removingExtension(_ path: String) -> String {
        let fileExtension = fileExtension(of: path)
        let trimmed = trimmingTrailingSlashes(path)
        guard !fileExtension.isEmpty else { return trimmed }
        return String(trimmed.dropLast(fileExtension.count + 1))
    }

    /// `name` inside `folder`; `folder` may be empty (then `name` itself) or end in `/`.
    public static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
