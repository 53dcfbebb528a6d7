import Foundation
import Testing

/// A command lays each drawing out once, whatever it makes of it: counted through the built binary with the
/// diagnostic switch `FLOWGRAPH_LAYOUT_COUNT=1`, which prints `flowgraph: layouts: N of M drawings` to standard
/// error (M: the different drawings among the N layouts, two drawings differing only in their ids being one).
@Suite struct LayoutOnceEndToEndTests {
    static let countOn = ["FLOWGRAPH_LAYOUT_COUNT": "1"]

    /// The layouts and drawings the switch reported, or `nil` when it printed nothing.
    static func count(_ standardError: String) -> (layouts: Int, drawings: Int)? {
        let prefix = "flowgraph: layouts: "
        let lines = standardError.split(separator: "\n").filter { $0.hasPrefix(prefix) }
        guard lines.count == 1 else { return nil }
        let words = lines[0].dropFirst(prefix.count).split(separator: " ")
        guard words.count == 4, words[1] == "of", let layouts = Int(words[0]), let drawings = Int(words[2]) else {
            return nil
        }
        return (layouts, drawings)
    }

    /// Runs `flowgraph render SAMPLE -o out -T FORMATS` with the switch on; the count it printed.
    static func renderCount(_ sample: String, _ formats: String, in folder: PlanFolder) throws -> (
        layouts: Int, drawings: Int
    )? {
        let plan = BuiltBinary.packageRoot.appendingPathComponent("Samples/\(sample)").path
        let render = try BuiltBinary.run(
            ["render", plan, "-o", "out", "-T", formats, "--kind", "timeline"], in: folder.url,
            environment: countOn)
        #expect(render.status == 0, "\(render.standardError)")
        return count(render.standardError)
    }

    /// One layout for SVG, PNG and the HTML player together: the player shows the timeline's own layout and
    /// draws each frame's stack as HTML (before: the timeline twice, then once plus one layout per frame stack).
    @Test(arguments: ["deeplink-into-onboarding.json", "numbers-deeplink-rules.json", "nested-flowstacks-uitest.json"])
    func svgPNGAndHTMLLayTheTimelineOutOnce(sample: String) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let svg = try #require(try Self.renderCount(sample, "svg,png,dot,json", in: folder))
        #expect(svg.layouts == 1 && svg.drawings == 1)
        let html = try #require(try Self.renderCount(sample, "html", in: folder))
        #expect(html.layouts == 1 && html.drawings == 1, "html: \(html)")
        let all = try #require(try Self.renderCount(sample, "svg,png,html", in: folder))
        #expect(all.layouts == 1 && all.drawings == 1, "svg,png,html: \(all)")
    }

    /// A scan's map is laid out once, in the direction estimated to be narrower, and drawn from that layout
    /// (before: both directions laid out to measure them, and once more to render).
    @Test func aScannedMapIsLaidOutOnce() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let app = BuiltBinary.packageRoot.appendingPathComponent("Samples/FlowStacksApp").path
        for output in ["map.svg", "map.png"] {
            let scan = try BuiltBinary.run(["scan", app, "-o", output], in: folder.url, environment: Self.countOn)
            #expect(scan.status == 0, "\(scan.standardError)")
            let counted = try #require(Self.count(scan.standardError), "\(scan.standardError)")
            #expect(counted.layouts == 1 && counted.drawings == 1, "\(output): \(counted)")
        }
    }

    /// A PNG too large for one file is measured on the layout that draws the SVG, then drawn in pages; no
    /// drawing is laid out twice (before: the whole timeline three times).
    @Test func aPNGPagedIntoSeveralFilesLaysNothingOutTwice() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.writeTooTallPlan()
        let render = try BuiltBinary.run(
            ["render", plan, "-o", "long", "-T", "png,svg"], in: folder.url, environment: Self.countOn)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(render.standardError.contains("split into"))
        let counted = try #require(Self.count(render.standardError), "\(render.standardError)")
        #expect(counted.layouts == counted.drawings, "\(counted)")
    }

    @Test func withoutTheSwitchNothingIsPrinted() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = BuiltBinary.packageRoot.appendingPathComponent("Samples/first-plan.json").path
        let render = try BuiltBinary.run(["render", plan, "-o", "out.svg"], in: folder.url)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(!render.standardError.contains("layouts:"))
        let other = try BuiltBinary.run(
            ["render", plan, "-o", "out.svg"], in: folder.url, environment: ["FLOWGRAPH_LAYOUT_COUNT": "yes"])
        #expect(!other.standardError.contains("layouts:"))
    }
}
