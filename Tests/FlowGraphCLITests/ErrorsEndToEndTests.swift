import Foundation
import Testing

/// Where errors are made and where they are reported: FlowModel says what is wrong, the command line picks the
/// exit status; library names and keys come from the list of conformances.
@Suite struct ErrorsEndToEndTests {
    @Test func aBadLimitIsAUsageErrorWithASuggestion() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write("p.json", #"{"root": "Home", "start": [".push(A)"]}"#)
        let result = try BuiltBinary.run(["render", plan, "-o", "p.svg", "--limit", "routs=5"], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "flowgraph render: --limit: unknown limit 'routs'; limits are file-size, routes, label, steps, "
                    + "step-routes, layout, swift-files, swift-size (did you mean 'routes'?)\nusage: flowgraph render"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("p.svg").path))
    }

    @Test func libraryNamesAndKeysComeFromTheConformances() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let unknown = try folder.write("unknown.json", #"{"library": "bogus", "root": "Home"}"#)
        let foreignKey = try folder.write(
            "key.json", #"{"library": "Swiftful-Router", "root": "Home", "actions": [], "easing": ".linear"}"#)
        let alias = try folder.write(
            "alias.json",
            #"{"library": "swiftui-navigation-stack", "root": "Home", "start": ["push(A(), withId: \"a\")"]}"#)
        let result = try BuiltBinary.run(["check", unknown, foreignKey, alias], in: folder.url)
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "unknown.json:1:13: library: unknown library 'bogus'; expected \"flowstacks\" (the default), "
                    + "\"swiftfulrouting\", \"navigationstack\" (swiftui-navigation-stack) or \"swiftui\""), "\(lines)")
        #expect(
            lines.contains(
                "key.json:1:63: easing: 'easing' belongs to swiftui-navigation-stack plans "
                    + "(\"library\": \"navigationstack\")"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("alias.json") }, "\(lines)")
        #expect(
            result.standardOutput.contains("checked 3 plans: 1 valid, 2 with errors, 0 warnings"),
            "\(result.standardOutput)")
    }
}
