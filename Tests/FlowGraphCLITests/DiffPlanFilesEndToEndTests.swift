import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph diff` of folders where asset catalogs, animations and other JSON sit beside the plans, through
/// the built binary: only plans are compared, and a half-edited plan still counts.
@Suite struct DiffPlanFilesEndToEndTests {
    /// Writes `files` (path below the side → text) into `base` and `head` of a new folder.
    static func folder(base: [String: String], head: [String: String]) throws -> PlanFolder {
        let folder = try PlanFolder()
        for (side, files) in [("base", base), ("head", head)] {
            for (path, text) in files {
                let url = folder.url.appendingPathComponent(side).appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }
        return folder
    }

    static let plan = #"{"root": "Cart", "actions": ["push(Address)"]}"#
    /// JSON of other tools, each once as the base has it and once edited; the head adds an image set and an
    /// animation.
    static func others(_ version: Int) -> [String: String] {
        let added: [String: String] =
            version == 1
            ? [:]
            : [
                "Assets.xcassets/Logo.imageset/Contents.json": #"{"images": [], "info": {"version": 1}}"#,
                "Resources/spinner.json": #"{"v": "5.7.1", "fr": 30, "layers": [{"ty": 4}]}"#,
            ]
        return added.merging([
            "Assets.xcassets/AppIcon.appiconset/Contents.json":
                #"{"images": [{"idiom": "universal", "size": "\#(version)024x1024"}], "info": {"version": 1}}"#,
            "Assets.xcassets/Contents.json": #"{"info": {"author": "xcode", "version": \#(version)}}"#,
            "Resources/confetti.json": #"{"v": "5.7.\#(version)", "fr": 60, "ip": 0, "op": 90, "layers": []}"#,
            "Resources/countries.json": #"["fr", "de", "it\#(version)"]"#,
            "Resources/strings.json": #"{"title": "Shop \#(version)", "platform": "ios"}"#,
        ]) { $1 }
    }

    @Test func otherToolsJSONIsNotAPlan() throws {
        let folder = try Self.folder(
            base: Self.others(1).merging(["Plans/checkout.json": Self.plan]) { $1 },
            head: Self.others(2).merging(["Plans/checkout.json": Self.plan]) { $1 })
        defer { folder.remove() }
        let run = try BuiltBinary.run(["diff", "base", "head", "--fail-on", "any"], in: folder.url)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput == "no navigation changes\n")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        // The other way round the image set and the animation are deleted: no plan removed, no gate.
        let back = try BuiltBinary.run(
            ["diff", "head", "base", "--fail-on", "removed-plan,plan-fails,any"], in: folder.url)
        #expect(back.status == 0, "\(back.standardOutput)\(back.standardError)")
        #expect(back.standardOutput == "no navigation changes\n")
    }

    @Test func aHalfEditedPlanAndANamedPlanStillCount() throws {
        let folder = try Self.folder(
            base: ["Plans/checkout.json": Self.plan, "Flows/onboarding.flowgraph.json": #"{"root": "Welcome"}"#],
            head: [
                "Plans/checkout.json": #"{"root": "Cart", "actions": ["push(Address)""#,
                "Flows/onboarding.flowgraph.json": #"["not", "an", "object"]"#,
            ])
        defer { folder.remove() }
        let run = try BuiltBinary.run(["diff", "base", "head", "--fail-on", "plan-fails"], in: folder.url)
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("Plans/checkout.json"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("Flows/onboarding.flowgraph.json"), "\(run.standardOutput)")
    }
}
