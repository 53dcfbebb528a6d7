import FlowGraphTestSupport
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// The repository's Samples folder.
private let samples = RepositoryFolders.samples

/// A sample plan, decoded.
private func sample(_ name: String) throws -> Plan {
    let url = samples.appendingPathComponent(name + ".json")
    return try Plan.decode(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: url.path)
}

/// Keeps a rendering for a person to look at, in the folder `FLOWGRAPH_GALLERY=DIR` names; without it, nothing
/// is written.
private func keep(_ bytes: Data, _ name: String) throws {
    guard let gallery = ProcessInfo.processInfo.environment["FLOWGRAPH_GALLERY"] else { return }
    let folder = URL(fileURLWithPath: gallery)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try bytes.write(to: folder.appendingPathComponent(name))
}

@Suite struct NestedStackDiagramTests {
    @Test func drawsEachChildInsideTheLayerOfItsHost() throws {
        let plan = try sample("nested-children-stack")
        let diagram = StackDiagram(title: plan.title, coordinator: plan.startHierarchy).diagram()
        let owned = try #require(diagram.allSubgraphs.first { $0.attributes["class"] == "child owned" })
        #expect(owned.label.plainText.contains("CHILD FLOWSTACK FLOWPATHCHILD"))
        #expect(owned.label.plainText.contains("owns its routes"))
        // The owned child's box is inside the parent layer holding its host (route 2, a sheet: layer 2).
        let hostLayer = try #require(diagram.allSubgraphs.first { $0.id == "layer-2" })
        #expect(hostLayer.nodes.map(\.id) == ["route-2"])
        #expect(hostLayer.subgraphs.map(\.id) == ["child-c1"])
        // Inside: the child's root, its push, then its sheet's layer with the sharing grandchild's routes.
        let childNodes = owned.subgraphs.flatMap { $0.nodes.map(\.id) + $0.subgraphs.flatMap { $0.nodes.map(\.id) } }
        #expect(childNodes == ["c1-root", "c1-route-0", "c1-route-1", "c1-route-2", "c1-route-3"])
        let shared = try #require(diagram.allSubgraphs.first { $0.attributes["class"] == "child shared" })
        #expect(
            shared.label.plainText.contains("shares FlowPathChild's path · goBackToRoot() → FlowPathChild's root Home"))
        #expect(shared.nodes.map(\.id) == ["c1-route-2", "c1-route-3"])
        // The screen on screen is the grandchild's top, not the parent's last route.
        #expect(diagram.node("c1-route-3")?.attributes["class"]?.contains("top") == true)
        #expect(diagram.node("route-2")?.attributes["class"]?.contains("top") == false)
        #expect(
            diagram.edges.contains {
                $0.from == "route-2" && $0.to == "c1-root" && $0.attributes["class"] == "hosts-edge"
            })
        #expect(
            diagram.headerText.contains(
                "child FlowStacks: FlowPathChild (owns its routes), NoBindingChild (shares its parent's path)"))

        let png = try diagram.render(to: .png)
        try keep(png, "nested-stack.png")
        let svg = String(decoding: try diagram.render(to: .svg), as: UTF8.self)
        #expect(svg.contains("child owned"))
        #expect(svg.contains("child shared"))
    }

    @Test func drawsBrokenNestingRulesInRedWithTheirReason() throws {
        let plan = try sample("nested-rule-violations")
        let diagram = StackDiagram(title: plan.title, coordinator: plan.startHierarchy).diagram()
        let host = try #require(diagram.node("route-0"))
        #expect(host.attributes["class"]?.contains("invalid") == true)
        #expect(host.label.plainText.contains("must stay the top route of AppCoordinator"))
        let childPush = try #require(diagram.node("c1-route-0"))
        #expect(childPush.attributes["color"] == Theme.light.palette.error)
        #expect(childPush.label.plainText.contains("child Onboarding's root has none"))
        let owned = try #require(diagram.allSubgraphs.first { $0.attributes["class"] == "child owned" })
        #expect(owned.attributes["pencolor"] == Theme.light.palette.error)
        #expect(diagram.headerText.contains("2 nesting rules broken"))
        try keep(try diagram.render(to: .png), "nested-rule-violations.png")
    }

    @Test func aStackWithoutChildrenIsDrawnAsBefore() throws {
        let plain = PlanCoordinator(root: Root(screen: "Home"), routes: [.push("A"), .sheet("B")])
        let nested = StackDiagram(title: "x", coordinator: plain).diagram()
        let flat = StackDiagram(title: "x", root: Root(screen: "Home"), routes: [.push("A"), .sheet("B")]).diagram()
        #expect(nested == flat)
    }
}

@Suite struct NestedTimelineDiagramTests {
    @Test func deepLinkIntoANestedFlowShowsTheParentsStepsThenTheChilds() throws {
        let plan = try sample("deeplink-into-onboarding")
        let transitions = try plan.transitions()
        let diagram = TimelineDiagram(title: plan.title, root: plan.root, transitions: transitions).diagram()
        // The parent's moments act in AppCoordinator, the child's in Onboarding, each said in words.
        let parentFirst = try #require(diagram.node("t0-step-1")).label.plainText
        #expect(parentFirst.contains("in AppCoordinator:"), "\(parentFirst)")
        let childLast = try #require(diagram.node("t1-step-2")).label.plainText
        #expect(childLast.contains("in Onboarding: push privacy"), "\(childLast)")
        // Layers are numbered as the screen stacks them, across coordinators; the sheet hosting the child shows
        // the child's root right after it; what the moment keeps below is the stacks' to draw.
        #expect(childLast.contains("LAYER 1 · SHEET"), "\(childLast)")
        #expect(childLast.contains("Onboarding  ›  Welcome ☰  ›  terms"), "\(childLast)")
        #expect(!childLast.contains("⋮ on "), "\(childLast)")
        // What the user sees: the child's root while it has no routes, then its top route.
        let parentLast = try #require(diagram.node("t0-step-3")).label
        #expect(parentLast.onScreenText == "Welcome", "\(parentLast.plainText)")
        // `push privacy` says what is on screen after it.
        #expect(diagram.node("t1-step-2")?.label.onScreenText == nil, "\(childLast)")
        // The stack after is the app's whole path as the moments name it: the sheet hosting the child, the
        // child's root, then its own screens, numbered as the moments number them; no rule of a flat stack is
        // applied to the child's pushes (it has its own navigation).
        let after = try #require(diagram.node("after")).label.plainText
        #expect(after.contains("LAYER 1 · SHEET"), "\(after)")
        #expect(after.contains("Onboarding  ›  Welcome ☰  ›  terms  ›  privacy"), "\(after)")
        #expect(!after.contains("push without navigation"), "\(after)")
        try keep(try diagram.render(to: .png), "deeplink-into-onboarding-ios16.png")
    }

    @Test func numbersDeepLinkAndGoRandomRender() throws {
        for name in ["numbers-deeplink-rules", "numbers-deeplink-from-state", "nested-flowstacks-uitest"] {
            let plan = try sample(name)
            let diagram = TimelineDiagram(title: plan.title, root: plan.root, transitions: try plan.transitions())
                .diagram()
            try keep(try diagram.render(to: .png), name + ".png")
        }
    }
}

@Suite struct HostileNestingTests {
    @Test func hostileChildNamesAndScreensAreEscapedInEveryTheme() throws {
        let child = PlanCoordinator(
            name: #"<IMG SRC="file:///etc/passwd"> \N & \G"#, root: Root(screen: #"\L"#), ownsRoutes: true,
            entries: [.init(.push("<b>bold</b>"))])
        let hierarchy = PlanCoordinator(
            name: "main", root: Root(screen: "Home"), entries: [.init(.sheet("x\u{0}y"), child: child)])
        for theme in Theme.allCases {
            let svg = String(
                decoding: try StackDiagram(title: nil, coordinator: hierarchy, theme: theme).diagram().render(to: .svg),
                as: UTF8.self)
            #expect(!svg.contains("<IMG"))
            #expect(svg.contains("&lt;IMG"))
            #expect(!svg.contains("<b>bold"))
        }
        let transitions = hierarchy.transitions(
            to: hierarchy.replacing(
                child.name,
                with: PlanCoordinator(
                    name: child.name, root: child.root, ownsRoutes: true, entries: [])), rules: PlatformRules())
        let svg = String(
            decoding: try TimelineDiagram(title: nil, root: hierarchy.root, transitions: transitions).diagram()
                .render(to: .svg), as: UTF8.self)
        #expect(!svg.contains("<IMG"))
    }
}
