import FlowGraphTestSupport
import Foundation
import Testing

/// How `flowgraph diff` pairs the plans of its two sides, through the built binary.
@Suite struct DiffPairingEndToEndTests {
    @Test func canonicallyEquivalentTwinNamesAreTwoPlans() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        // "é" composed (NFC) and decomposed (NFD): two files on Linux, equal as Swift strings.
        let names = ["caf\u{E9}.json", "cafe\u{301}.json"]
        for side in ["base", "head"] {
            let url = folder.url.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (index, name) in names.enumerated() {
                let screen = index == 0 ? "Composed" : "Decomposed"
                try Data(#"{"root": "Home", "actions": ["push(\#(screen))"]}"#.utf8).write(
                    to: url.appendingPathComponent(name))
            }
        }
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("base").path)
        try #require(listed.count == 2, "the file system keeps both names: \(listed)")
        let run = try BuiltBinary.run(["diff", "base", "head", "--fail-on", "any"], in: folder.url)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput == "no navigation changes\n")
    }
}
