import FlowModel
import Foundation
import Testing

@testable import FlowGraphCLI

/// `flowgraph diff` of an app whose coordinator was renamed or moved (issue 40, item 3): one stack renamed,
/// its plans paired under the new name, no gate for a removed screen or stack, and nothing new or fixed for a
/// moved file. In-process: two folders read as `DiffSide`s and compared as `DiffReport`.
@Suite struct DiffRenamesTests {
    /// Two folders: the shop app as its head fixture in `base/`, and `edit` of it in `head/` under `path`.
    static func report(path: String, _ edit: (String) -> String) throws -> DiffReport {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let source = try String(
            contentsOf: DiffEndToEndTests.fixtures.appendingPathComponent("head.swift.txt"), encoding: .utf8)
        for made in ["base", ("head/" + path as NSString).deletingLastPathComponent] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(made), withIntermediateDirectories: true)
        }
        try folder.write("base/ShopCoordinator.swift", source)
        try folder.write("head/" + path, edit(source))
        let side = { (name: String) in
            try DiffSide(paths: [folder.url.appendingPathComponent(name).path], limits: .default)
        }
        return DiffReport(base: try side("base"), head: try side("head"))
    }

    @Test func aRenamedCoordinatorIsOneStackRenamed() throws {
        let report = try Self.report(path: "StoreCoordinator.swift") {
            $0.replacingOccurrences(of: "ShopCoordinator", with: "StoreCoordinator")
        }
        #expect(report.summary == "ShopCoordinator renamed StoreCoordinator", "\(report.text)")
        #expect(report.text.contains("  ~ stack ShopCoordinator → StoreCoordinator  renamed  "), "\(report.text)")
        #expect(report.changedPlans.isEmpty, "\(report.changedPlans.map(\.name))")
        #expect(report.plans.map(\.name) == ["StoreCoordinator.openOrders"])
        let tripped = DiffGate.allCases.filter { $0.isTriggered(by: report) }
        #expect(tripped == [.any], "\(tripped)")
        #expect(report.markdown.contains("| ShopCoordinator → StoreCoordinator | renamed stack | StoreCoordinator |"))
    }

    @Test func aMovedCoordinatorIsNoChange() throws {
        let report = try Self.report(path: "Features/Shop/ShopCoordinator.swift") { "\n\n" + $0 }
        #expect(report.isEmpty, "\(report.text)")
        #expect(report.summary == "no navigation changes")
    }
}
