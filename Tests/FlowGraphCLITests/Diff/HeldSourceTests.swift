import FlowSource
import Foundation
import Testing

@testable import FlowGraphCLI

/// A git revision's Swift files, held in memory, are scanned in the order scan's walk of a folder finds them.
@Suite struct HeldSourceTests {
    @Test func heldFilesSortAsTheFolderWalkFindsThem() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let names = [
            "App.swift", "App/a.swift", "App-b.swift", "App/Z/z.swift", "a b/x.swift", "Z.swift", "ä.swift",
            "App/.hidden.swift", "e\u{301}.swift",
        ]
        for name in names {
            let file = folder.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("struct S {}\n".utf8).write(to: file)
        }
        let walked = try SourceFiles.swiftFiles(in: [folder.url.path]).map {
            String($0.dropFirst(folder.url.path.count + 1))
        }
        #expect(Set(walked) == Set(names))
        #expect(names.shuffled().sorted(by: HeldSource.walkPrecedes) == walked)
    }
}
