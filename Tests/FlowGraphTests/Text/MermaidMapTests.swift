import FlowGraph
import FlowModel
import Testing

/// Navigation maps and their changes as Mermaid flowcharts: what the SVG map says, in Mermaid's shapes, every
/// name escaped, and a diff that shows only the stacks it touches, its marks in words.
@Suite struct MermaidMapTests {
    /// A shop stack made by `owner`: Home (root) pushes cart, cart presents payment as a sheet, payment covers
    /// receipt and goes back, and a deep link replaces the routes with the cart.
    static func shop(owner: String = "ShopCoordinator", id: String = "c0", cartStyle: NavigationMap.Style = .push)
        -> NavigationMap
    {
        let at = NavigationMap.Location(file: "App/Shop.swift", line: 3, column: 5)
        var map = NavigationMap()
        map.coordinators = [
            .init(id: id, owner: owner, library: .flowStacks, withNavigation: true, routes: "$routes", location: at)
        ]
        map.screens = [
            .init(id: id + ".root", name: "Home", view: "HomeView", coordinator: id, isRoot: true, location: at),
            .init(id: id + ".cart", name: "cart", view: "CartView", coordinator: id, isRoot: false, location: at),
            .init(id: id + ".pay", name: "payment", view: "PayView", coordinator: id, isRoot: false, location: at),
            .init(id: id + ".rec", name: "receipt", view: "ReceiptView", coordinator: id, isRoot: false, location: at),
        ]
        map.screens[2].backCalls = ["goBack()"]
        map.entries = [.init(id: id + ".link", name: "onOpenURL", coordinator: id, location: at)]
        map.edges = [
            .init(from: id + ".root", to: id + ".cart", style: cartStyle, call: "push(.cart)", location: at),
            .init(from: id + ".root", to: id + ".cart", style: cartStyle, call: "push(.cart)", location: at),
            .init(from: id + ".cart", to: id + ".pay", style: .sheet, call: "presentSheet(.payment)", location: at),
            .init(from: id + ".pay", to: id + ".rec", style: .cover, call: "presentCover(.receipt)", location: at),
            .init(from: id + ".pay", to: nil, style: .back, call: "goBack()", location: at),
            .init(from: id + ".link", to: id + ".cart", style: .replace, call: "routes = [.push(.cart)]", location: at),
        ]
        return map
    }

    @Test func aMapSaysItsStacksScreensAndCallsInMermaidsShapes() {
        let chart = MermaidDiagram.map(Self.shop())
        #expect(chart.hasPrefix("---\ntitle: \"Navigation map · 1 stack · 4 screens · 5 calls\"\n---\nflowchart LR\n"))
        #expect(chart.contains("  subgraph c0[\"ShopCoordinator · FlowStacks · with navigation\"]"))
        #expect(chart.contains("    s0([\"⌂ Home<br/>HomeView\"])"), "the root is a stadium")
        #expect(chart.contains("    s1[\"cart<br/>CartView\"]"), "a pushed screen is a box")
        #expect(chart.contains("    s2(\"payment<br/>PayView<br/>↩ goBack#40;#41;\")"), "a sheet is rounded")
        #expect(chart.contains("    s3[[\"receipt<br/>ReceiptView\"]]"), "a cover is double-bordered")
        #expect(chart.contains("    e0>\"deep link<br/>onOpenURL\"]"))
        #expect(chart.contains("  s0 -->|\"×2\"| s1"), "one arrow for two calls")
        #expect(chart.contains("  s1 ==>|\"sheet\"| s2"))
        #expect(chart.contains("  s2 ==>|\"cover\"| s3"))
        #expect(chart.contains("  e0 -.->|\"routes =\"| s1"))
        #expect(!chart.contains("goBack()\"|"), "a back call is no arrow")
    }

    @Test func hostileNamesCannotLeaveTheirLabels() {
        var map = Self.shop(owner: "Evil\"] --> x[\"%%{init}%%")
        map.screens[1].name = "a|b;c`d<script>"
        let chart = MermaidDiagram.map(map)
        #expect(!chart.contains("<script>"))
        #expect(!chart.contains("%%{"))
        #expect(chart.contains("Evil#quot;#93; --#gt; x#91;#quot;#37;#37;#123;init#125;#37;#37;"))
        #expect(chart.contains("a#124;b#59;c#96;d#lt;script#gt;"))
    }

    @Test func aDiffShowsOnlyTheStacksItTouchesWithItsMarksInWords() throws {
        var base = Self.shop()
        base.coordinators.append(contentsOf: Self.shop(owner: "ProfileCoordinator", id: "c1").coordinators)
        base.screens += Self.shop(owner: "ProfileCoordinator", id: "c1").screens
        var head = Self.shop(cartStyle: .sheet)
        head.coordinators += Self.shop(owner: "ProfileCoordinator", id: "c1").coordinators
        head.screens += Self.shop(owner: "ProfileCoordinator", id: "c1").screens
        head.screens.append(
            .init(
                id: "c0.new", name: "coupon", view: "CouponView", coordinator: "c0", isRoot: false,
                location: .init(file: "App/Shop.swift", line: 9, column: 5)))
        head.edges.append(
            .init(
                from: "c0.pay", to: "c0.new", style: .push, call: "push(.coupon)",
                location: .init(file: "App/Shop.swift", line: 9, column: 5)))
        head.edges.removeAll { $0.style == .cover }
        let chart = try #require(
            MermaidDiagram.mapDiff(NavigationMapDiffDiagram(base: base, head: head), title: "Navigation map: a → b"))
        #expect(chart.hasPrefix("---\ntitle: \"Navigation map: a → b\"\n---\n"))
        #expect(!chart.contains("ProfileCoordinator"), "an untouched stack is left out")
        #expect(chart.contains("coupon<br/>CouponView<br/>+ new"))
        #expect(chart.contains("|\"push → sheet ×2\"|"))
        #expect(chart.contains("|\"+ push\"|"))
        #expect(chart.contains("|\"− cover\"|"))
        #expect(chart.contains("linkStyle"))

        #expect(MermaidDiagram.mapDiff(NavigationMapDiffDiagram(base: base, head: base), title: "t") == nil)
    }

    @Test func aRenamedStackIsOneStackTitledWasToNow() throws {
        let diagram = NavigationMapDiffDiagram(
            base: Self.shop(owner: "ShopCoordinator"), head: Self.shop(owner: "StoreCoordinator"),
            renames: ["ShopCoordinator": "StoreCoordinator"])
        let chart = try #require(MermaidDiagram.mapDiff(diagram, title: "t"))
        #expect(chart.contains("subgraph c0[\"ShopCoordinator → StoreCoordinator · FlowStacks · with navigation\"]"))
        #expect(!chart.contains("+ new") && !chart.contains("− removed"), "\(chart)")
        #expect(!chart.contains("subgraph c1"), "one stack, not a removed and an added one")
        // Without the rename, the two stacks are one removed and one added.
        let unmatched = try #require(
            MermaidDiagram.mapDiff(
                NavigationMapDiffDiagram(
                    base: Self.shop(owner: "ShopCoordinator"), head: Self.shop(owner: "StoreCoordinator")),
                title: "t"))
        #expect(unmatched.contains("− removed") && unmatched.contains("+ new"))
    }
}
