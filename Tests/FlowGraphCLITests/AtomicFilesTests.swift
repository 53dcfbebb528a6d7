import FlowGraphCLI
import FlowModel
import Foundation
import Testing

@Suite("Atomic output files")
struct AtomicFilesTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("Files are written whole, replacing old contents, with no temporary file left")
    func writesAndReplaces() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("plan.svg").path
        let png = folder.appendingPathComponent("nested/plan.png").path
        try AtomicFiles.write([(svg, Data("old".utf8))])
        try AtomicFiles.write([(svg, Data("<svg/>".utf8)), (png, Data([0x89, 0x50])), (svg + ".empty", Data())])
        #expect(FileManager.default.contents(atPath: svg) == Data("<svg/>".utf8))
        #expect(FileManager.default.contents(atPath: png) == Data([0x89, 0x50]))
        #expect(FileManager.default.contents(atPath: svg + ".empty") == Data())
        #expect(try names(in: folder) == ["nested", "plan.svg", "plan.svg.empty"])
    }

    @Test("When one file cannot be written, none is: the error names it and the reason, old files stay")
    func allOrNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("plan.svg").path
        try AtomicFiles.write([(svg, Data("old".utf8))])
        // A name of 250 bytes is allowed, but its temporary name (".NAME.UUID.tmp") is over NAME_MAX.
        let long = folder.appendingPathComponent(String(repeating: "é", count: 125)).path
        let error = #expect(throws: FlowGraphError.self) {
            try AtomicFiles.write([(svg, Data("new".utf8)), (long, Data("x".utf8))])
        }
        #expect(error?.description.contains(long) == true)
        #expect(error?.description.contains("File name too long") == true, "\(String(describing: error))")
        #expect(FileManager.default.contents(atPath: svg) == Data("old".utf8))
        #expect(try names(in: folder) == ["plan.svg"])
    }
}
