import FlowModel

/// Output file names made from names in someone's source (a function's name in `scan --plans`): always one
/// path component that stays in its folder, or refused with the reason.
///
/// Swift 6.2's raw identifiers let a function be called ``func `/../../x`()``, so a plan name may hold `/`,
/// `..`, control characters or be longer than a file name can be. Every byte that is not safe in one path
/// component is written as `%XX` (and `%` itself, so two names never map to one file): `/`, NUL, control
/// characters, `\`, and a leading `.` (no hidden files, no `.` or `..`).
enum SafeFileName {
    /// The longest file name most file systems take, in bytes (`NAME_MAX`).
    static let maximumBytes = 255

    /// The characters a name must not keep where it is also a Markdown link's destination (a DocC image's
    /// name): they would end the link, or be read as Markdown.
    static let markdownLinkUnsafe = Set(" ()<>[]`#?\"'&".utf8)

    /// `name` as one safe path component (`Coordinator.`a/b`` → ``Coordinator.`a%2Fb` ``); the ASCII bytes of
    /// `alsoEncoding` are written as `%XX` too.
    static func component(_ name: String, alsoEncoding: Set<UInt8> = []) -> String {
        var bytes: [UInt8] = []
        for (index, byte) in name.utf8.enumerated() {
            let unsafe =
                byte == UInt8(ascii: "/") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\")
                || byte < 0x20 || byte == 0x7F || (index == 0 && byte == UInt8(ascii: "."))
                || alsoEncoding.contains(byte)
            if unsafe {
                bytes += Array("%\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
            } else {
                bytes.append(byte)
            }
        }
        // Only ASCII bytes were replaced, by ASCII, so the bytes stay the UTF-8 they were.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file names for `names` with `suffix` (`.json`), one safe component each; names too long for a file,
    /// or two that would be the same file (also on a file system that ignores case, as macOS' does by default),
    /// are an error naming them. (Swift compares strings by canonical equivalence, so `café` in NFC and NFD,
    /// also one file on macOS, collide too.)
    ///
    /// `noun` names what the names are in the errors (`plan`, `type`); `alsoEncoding` is as in ``component(_:alsoEncoding:)``.
    static func fileNames(
        for names: [String], suffix: String, in folder: String, naming noun: String = "plan",
        alsoEncoding: Set<UInt8> = []
    ) throws(FlowGraphError) -> [String] {
        var byFolded: [String: String] = [:]
        var result: [String] = []
        for name in names {
            let file = component(name, alsoEncoding: alsoEncoding) + suffix
            guard file.utf8.count <= maximumBytes else {
                throw FlowGraphError(
                    file: PathName.joined(folder, String(file.prefix(40)) + "…"),
                    message: "the \(noun) '\(name.prefix(80))…' would need a file name of \(file.utf8.count) bytes, "
                        + "more than the \(maximumBytes) a file system takes; rename it. Nothing was written")
            }
            let folded = file.lowercased()
            if let other = byFolded[folded] {
                throw FlowGraphError(
                    file: PathName.joined(folder, file),
                    message: "the \(noun)s '\(other)' and '\(name)' would be written to files whose names differ only "
                        + "in case (or Unicode normalization), which are one file on macOS' default file system; "
                        + "rename one. Nothing was written")
            }
            byFolded[folded] = name
            result.append(file)
        }
        return result
    }
}
