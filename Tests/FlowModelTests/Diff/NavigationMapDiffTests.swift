import Testing

@testable import FlowModel

/// How two maps are matched: a stack whose type was renamed is one stack renamed, and a problem is the same
/// problem wherever its file now is.
@Suite struct NavigationMapDiffTests {
    /// A shop: its stack made by `owner` in `file`, rooted at `Home`, with `cart` and `payment`, a push to the
    /// cart, a sheet to payment and a goBack; and a problem naming the owner and the file.
    static func shop(owner: String, file: String, line: Int = 10) -> NavigationMap {
        func at(_ line: Int) -> NavigationMap.Location { .init(file: file, line: line, column: 5) }
        var map = NavigationMap()
        map.coordinators = [
            .init(
                id: "c0", owner: owner, library: .flowStacks, withNavigation: true, routes: "$routes", location: at(3))
        ]
        map.screens = [
            .init(id: "s0", name: "Home", view: "Home", coordinator: "c0", isRoot: true, location: at(4)),
            .init(id: "s1", name: "cart", view: "Cart", coordinator: "c0", isRoot: false, location: at(5)),
            .init(id: "s2", name: "payment", view: "Pay", coordinator: "c0", isRoot: false, location: at(6)),
        ]
        map.edges = [
            .init(from: "s0", to: "s1", style: .push, call: "routes.push(.cart)", location: at(line)),
            .init(from: "s1", to: "s2", style: .sheet, call: "routes.presentSheet(.payment)", location: at(line + 1)),
            .init(from: "s2", to: nil, style: .back, call: "routes.goBack()", location: at(line + 2)),
        ]
        map.problems = [
            .init(
                location: at(line + 3),
                message: "cannot follow: routes.push(x): \(owner) is not drawn by any screen; see \(file):\(line):9")
        ]
        return map
    }

    @Test func aRenamedStackIsOneStackRenamed() {
        let diff = NavigationMapDiff(
            base: Self.shop(owner: "ShopCoordinator", file: "App/ShopCoordinator.swift"),
            head: Self.shop(owner: "StoreCoordinator", file: "App/StoreCoordinator.swift"))
        #expect(diff.renamedStacks.map { "\($0.was) → \($0.now)" } == ["ShopCoordinator → StoreCoordinator"])
        #expect(diff.renamedStacks.first?.location.file == "App/StoreCoordinator.swift")
        #expect(diff.addedStacks.isEmpty && diff.removedStacks.isEmpty)
        #expect(diff.addedScreens.isEmpty && diff.removedScreens.isEmpty)
        #expect(diff.addedEdges.isEmpty && diff.removedEdges.isEmpty && diff.restyledEdges.isEmpty)
        #expect(diff.addedBacks.isEmpty && diff.removedBacks.isEmpty)
        #expect(diff.newProblems.isEmpty && diff.fixedProblems.isEmpty, "\(diff.newProblems)")
        #expect(!diff.isEmpty)
    }

    @Test func aRenameThatAlsoChangesACallReportsTheCall() {
        var head = Self.shop(owner: "StoreCoordinator", file: "App/StoreCoordinator.swift")
        head.edges[1].style = .cover
        let diff = NavigationMapDiff(
            base: Self.shop(owner: "ShopCoordinator", file: "App/ShopCoordinator.swift"), head: head)
        #expect(diff.renamedStacks.count == 1)
        #expect(
            diff.restyledEdges.map { "\($0.stack) \($0.from) → \($0.to) \($0.was) → \($0.now)" } == [
                "StoreCoordinator cart → payment sheet → cover"
            ])
    }

    @Test func stacksWithOtherScreensAreAddedAndRemoved() {
        var head = Self.shop(owner: "ProfileCoordinator", file: "App/Profile.swift")
        for index in head.screens.indices { head.screens[index].name += "Settings" }
        let diff = NavigationMapDiff(base: Self.shop(owner: "ShopCoordinator", file: "App/Shop.swift"), head: head)
        #expect(diff.renamedStacks.isEmpty)
        #expect(diff.addedStacks.map(\.name) == ["ProfileCoordinator"])
        #expect(diff.removedStacks.map(\.name) == ["ShopCoordinator"])
    }

    @Test func aMovedFileOrAShiftedLineIsNoNewProblem() {
        let base = Self.shop(owner: "ShopCoordinator", file: "App/ShopCoordinator.swift")
        let moved = NavigationMapDiff(
            base: base, head: Self.shop(owner: "ShopCoordinator", file: "Features/Shop/ShopCoordinator.swift", line: 30)
        )
        #expect(moved.isEmpty, "\(moved)")
        // Two folders compared name the same file under each.
        let folders = NavigationMapDiff(
            base: Self.shop(owner: "ShopCoordinator", file: "before/ShopCoordinator.swift"),
            head: Self.shop(owner: "ShopCoordinator", file: "after/ShopCoordinator.swift"))
        #expect(folders.isEmpty, "\(folders)")
    }

    @Test func problemsArePairedOneForOne() {
        let base = Self.shop(owner: "ShopCoordinator", file: "App/Shop.swift")
        var head = base
        head.problems.append(head.problems[0])
        let diff = NavigationMapDiff(base: base, head: head)
        #expect(diff.newProblems.count == 1)
        #expect(diff.fixedProblems.isEmpty)
        let back = NavigationMapDiff(base: head, head: base)
        #expect(back.fixedProblems.count == 1 && back.newProblems.isEmpty)
        var changed = base
        changed.problems[0].message += " (now also here)"
        let other = NavigationMapDiff(base: base, head: changed)
        #expect(other.newProblems.count == 1 && other.fixedProblems.count == 1)
    }

    /// A second call between two screens already joined by one, added in another file, is the call added;
    /// the one kept where it was stays unchanged.
    @Test func aCallAddedBesideAKeptOneIsTheNewOne() {
        let base = Self.shop(owner: "ShopCoordinator", file: "App/Shop.swift")
        var head = base
        head.edges.insert(
            .init(
                from: "s0", to: "s1", style: .push, call: "navigator.push(.cart)",
                location: .init(file: "App/HomeView.swift", line: 40, column: 9)),
            at: 0)
        let diff = NavigationMapDiff(base: base, head: head)
        #expect(diff.addedEdges.map(\.location.description) == ["App/HomeView.swift:40:9"])
        #expect(diff.removedEdges.isEmpty)
        let back = NavigationMapDiff(base: head, head: base)
        #expect(back.removedEdges.map(\.location.description) == ["App/HomeView.swift:40:9"])
    }

    /// A call written in a view two screens draw (the stack's root and a case showing the same view) is one
    /// change, naming both screens it runs on.
    @Test func aCallRunOnTwoScreensIsOneChange() {
        let base = Self.shop(owner: "ShopCoordinator", file: "App/Shop.swift")
        var head = base
        head.screens.append(
            .init(
                id: "s3", name: "home", view: "Home", coordinator: "c0", isRoot: false,
                location: base.screens[0].location))
        let base2 = head
        let at = NavigationMap.Location(file: "App/Home.swift", line: 30, column: 9)
        head.screens.append(
            .init(id: "s4", name: "profile", view: "Profile", coordinator: "c0", isRoot: false, location: at))
        head.edges += [
            .init(from: "s0", to: "s4", style: .push, call: "navigator.push(.profile)", location: at),
            .init(from: "s3", to: "s4", style: .push, call: "navigator.push(.profile)", location: at),
        ]
        let diff = NavigationMapDiff(base: base2, head: head)
        #expect(diff.addedEdges.count == 2)
        #expect(diff.addedEdgesOnce.map { "\($0.from) → \($0.to)" } == ["Home, home → profile"])
        #expect(diff.addedEdgesOnce.first?.stack == "ShopCoordinator")
    }
}
