import FlowModel
import Foundation

/// Reads input files for commands, turning every failure into a located error.
public enum InputFile {
    /// The largest input file read, in bytes; anything bigger is almost surely the wrong file.
    public static let maximumSize = 64 * 1024 * 1024

    /// The bytes of `path`, or of standard input for `-`.
    public static func read(_ path: String) throws(FlowGraphError) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard data.count <= maximumSize else { throw tooLarge("-", size: data.count) }
            return [UInt8](data)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FlowGraphError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw FlowGraphError(file: path, message: "is a directory; expected a plan file (.json)")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumSize {
            throw tooLarge(path, size: size)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FlowGraphError(file: path, message: "cannot be read (check its permissions)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw FlowGraphError(file: path, message: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maximumSize else { throw tooLarge(path, size: data.count) }
        return [UInt8](data)
    }

    private static func tooLarge(_ path: String, size: Int) -> FlowGraphError {
        FlowGraphError(
            file: path,
            message: "is \(size / 1_048_576) MB; input files are limited to \(maximumSize / 1_048_576) MB")
    }
}
