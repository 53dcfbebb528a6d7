import FlowModel
import Foundation
import Testing

@testable import FlowGraph

/// Links from places in the source to their lines on a forge: relative paths below the repository only.
@Suite struct SourceLinksTests {
    static let template = "https://github.com/o/r/blob/{rev}/{file}#L{line}"

    /// A repository folder of its own (`App/Cart.swift`, `App/My Cart é.swift`), and a folder beside it.
    static func makeRepository() throws -> (root: URL, outside: URL) {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        let root = top.appendingPathComponent("repo")
        let outside = top.appendingPathComponent("elsewhere")
        for folder in [root.appendingPathComponent("App"), outside] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for name in ["App/Cart.swift", "App/My Cart é#1.swift"] {
            try Data().write(to: root.appendingPathComponent(name))
        }
        try Data().write(to: outside.appendingPathComponent("Secret.swift"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("App/Linked"), withDestinationURL: outside)
        return (root, outside)
    }

    @Test func placesBelowTheRepositoryLinkByTheirPathInIt() throws {
        let (root, outside) = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let links = SourceLinks(template: Self.template, root: root.path, revision: "1a2b", workingFolder: root.path)
        #expect(
            links.link(file: "App/Cart.swift", line: 12)?.url == "https://github.com/o/r/blob/1a2b/App/Cart.swift#L12")
        #expect(
            links.link(file: root.appendingPathComponent("App/Cart.swift").path, line: 3, revision: "ff")?.url
                == "https://github.com/o/r/blob/ff/App/Cart.swift#L3")
        #expect(
            links.link(file: "App/My Cart é#1.swift", line: 1)?.url
                == "https://github.com/o/r/blob/1a2b/App/My%20Cart%20%C3%A9%231.swift#L1")
        // A name that is markup or script in an attribute is only ever percent-encoded text.
        #expect(
            links.link(file: #"App/a"><script>alert(1)</script>&.swift"#, line: 1)?.url
                == "https://github.com/o/r/blob/1a2b/App/a%22%3E%3Cscript%3Ealert%281%29%3C/script%3E%26.swift#L1")
        // Read from a subfolder, a relative name is that folder's.
        let inApp = SourceLinks(
            template: Self.template, root: root.path, revision: "1a2b",
            workingFolder: root.appendingPathComponent("App").path)
        #expect(inApp.link(file: "Cart.swift", line: 2)?.url == "https://github.com/o/r/blob/1a2b/App/Cart.swift#L2")
        // Nothing outside the repository is linked: not by `..`, not by an absolute path, not through a link.
        #expect(inApp.link(file: "../../elsewhere/Secret.swift", line: 1) == nil)
        #expect(links.link(file: outside.appendingPathComponent("Secret.swift").path, line: 1) == nil)
        #expect(links.link(file: "App/Linked/Secret.swift", line: 1) == nil)
        #expect(links.link(file: root.path, line: 1) == nil)
    }

    @Test func aMapDrawnWithLinksLinksEachScreenAndCall() throws {
        var map = NavigationMap()
        let place = NavigationMap.Location(file: "App/Cart.swift", line: 4, column: 1)
        map.coordinators = [
            .init(
                id: "c0", owner: "Shop", library: .flowStacks, withNavigation: true, routes: "$routes", location: place)
        ]
        map.screens = [
            .init(id: "c0.cart", name: "cart", view: "CartView", coordinator: "c0", isRoot: true, location: place),
            .init(
                id: "c0.pay", name: "pay", view: "PayView", coordinator: "c0", isRoot: false,
                location: .init(file: "App/Cart.swift", line: 5, column: 1)),
        ]
        map.edges = [
            .init(
                from: "c0.cart", to: "c0.pay", style: .push, call: "routes.push(.pay)",
                location: .init(file: "App/Cart.swift", line: 20, column: 9))
        ]
        var drawing = NavigationMapDiagram(map: map)
        let plain = String(decoding: try drawing.fittedDiagram().render(to: .svg), as: UTF8.self)
        #expect(!plain.contains("xlink:href"))
        drawing.sourceLinks = SourceLinks(
            template: "https://example.com/{file}?line={line}", root: "/work/shop", revision: nil,
            workingFolder: "/work/shop")
        let svg = String(decoding: try drawing.fittedDiagram().render(to: .svg), as: UTF8.self)
        for line in [4, 5, 20] {
            #expect(svg.contains(#"xlink:href="https://example.com/App/Cart.swift?line=\#(line)""#), "\(svg)")
        }
    }

    @Test(arguments: [
        ("ftp://example.com/{file}", "expected an https:// address"),
        ("https://example.com/blob/main/App", "holds no {file}"),
        ("https://example.com/{file}#{column}", "unknown placeholder {column}"),
        ("https://example.com/{file}#L{line", "is not closed"),
        ("https://example.com/{rev}/{file}", "in no git repository"),
        ("https://example.com/a b/{file}", "is not an address a drawing can link to"),
    ])
    func aTemplateThatCannotLinkSaysWhy(_ template: String, _ problem: String) {
        #expect(SourceLinks.problem(with: template, hasRevision: false)?.contains(problem) == true)
    }

    @Test func aTemplateThatLinksHasNoProblem() {
        #expect(SourceLinks.problem(with: Self.template, hasRevision: true) == nil)
        #expect(SourceLinks.problem(with: "https://example.com/{file}", hasRevision: false) == nil)
    }
}
