/// Arithmetic on `/`-separated path strings, in plain Swift.
///
/// FlowGraph does not use `NSString`'s path methods: on Linux `deletingLastPathComponent` traps on a
/// one-character string such as `1`, which a plan named `1.json` produces. The separators `/` and `.` are
/// looked for among the UTF-8 bytes, as the file system reads a path (an ASCII byte is never part of another
/// character's encoding), not among characters: a batch asks for every plan and every output file.
public enum PathName {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// The folder part of `path`: everything before its last `/`, without that `/` (`a/b/c` → `a/b`);
    /// `""` when there is no `/`, `/` for `/c`.
    public static func folder(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: slash) else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last component of `path`: everything after its last `/` (`a/b.json` → `b.json`); trailing
    /// slashes are ignored.
    public static func lastComponent(of path: String) -> String {
        String(lastComponent(trimmingTrailingSlashes(path)))
    }

    /// The extension of the last component, without its dot (`a/b.json` → `json`); `""` when there is none.
    /// A leading dot (`.hidden`) does not start an extension.
    public static func fileExtension(of path: String) -> String {
        let name = lastComponent(trimmingTrailingSlashes(path))
        guard let dot = extensionDot(in: name) else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// `path` without the extension of its last component (`a/b.json` → `a/b`, `1` → `1`).
    public static func removingExtension(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let dot = extensionDot(in: lastComponent(trimmed)) else { return String(trimmed) }
        return String(trimmed[..<dot])
    }

    /// `name` inside `folder`; `folder` may be empty (then `name` itself) or end in `/`.
    public static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The part of `path` after its last `/`.
    private static func lastComponent(_ path: Substring) -> Substring {
        guard let slash = path.utf8.lastIndex(of: slash) else { return path }
        return path[path.utf8.index(after: slash)...]
    }

    /// The dot that starts `name`'s extension: its last, unless that is its first or last byte (`.hidden`,
    /// `name.`: no extension).
    private static func extensionDot(in name: Substring) -> String.Index? {
        guard let dot = name.utf8.lastIndex(of: dot), dot != name.startIndex,
            name.utf8.index(after: dot) != name.endIndex
        else { return nil }
        return dot
    }

    /// `path` without the `/`s at its end, but `/` itself kept.
    private static func trimmingTrailingSlashes(_ path: String) -> Substring {
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.utf8.last == slash {
            trimmed = trimmed[..<trimmed.utf8.index(before: trimmed.endIndex)]
        }
        return trimmed
    }
}
