import FlowGraphTestSupport
import Foundation
import Testing

/// Every command reads its plan through one loader: `.flowgraph.json` is read once per process, a plan's own
/// `"platform"` wins without the file being parsed again, and `--url` resolves the deep link in place of the
/// plan's own URL.
@Suite struct PlanSourceEndToEndTests {
    static let count = ["FLOWGRAPH_DEFAULTS_READ_COUNT": "1"]

    @Test func theProjectDefaultsFileIsReadOncePerCommand() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write(".flowgraph.json", #"{"platform": "ios16", "theme": "dark"}"#)
        try folder.write("plan.json", #"{"root": "Home", "start": [".sheet(A)", ".sheet(B)"], "end": []}"#)
        for arguments in [
            ["render", "plan.json", "-o", "plan.svg"], ["render", "plan.json", "-o", "both", "-T", "svg,png,html"],
            ["steps", "plan.json"], ["check", "plan.json"],
        ] {
            let run = try BuiltBinary.run(arguments, in: folder.url, environment: Self.count)
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            #expect(
                run.standardError.hasSuffix("flowgraph: .flowgraph.json reads: 1\n"),
                "\(arguments): \(run.standardError)")
        }
    }

    @Test func aPlansOwnPlatformWinsOverTheFile() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write(".flowgraph.json", #"{"platform": "ios16"}"#)
        try folder.write(
            "own.json", #"{"root": "Home", "platform": "ios17", "start": [".sheet(A)", ".sheet(B)"], "end": []}"#)
        try folder.write("none.json", #"{"root": "Home", "start": [".sheet(A)", ".sheet(B)"], "end": []}"#)
        let own = try BuiltBinary.run(["steps", "own.json"], in: folder.url).standardOutput
        let none = try BuiltBinary.run(["steps", "none.json"], in: folder.url).standardOutput
        #expect(own.contains("iOS 17"))
        #expect(none.contains("iOS 16"))
    }

    @Test func urlResolvesInPlaceOfThePlansOwn() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        // The plan's own URL matches no rule; --url does, so the plan loads.
        try folder.write(
            "link.json",
            #"{"root": "Home", "deeplink": {"url": "app://nowhere", "rules": [{"match": "app://items/{id}", "actions": ["push(Item({id}))"]}]}}"#
        )
        let own = try BuiltBinary.run(["steps", "link.json"], in: folder.url)
        #expect(own.status == 1)
        let given = try BuiltBinary.run(["steps", "link.json", "--url", "app://items/7"], in: folder.url)
        #expect(given.status == 0, "\(given.standardError)")
        #expect(given.standardOutput.contains("Item(7)"))
    }
}
