import CollidingNames
import FlowGraph
import Testing

/// An app's test file imports FlowGraph beside FlowStacks, SwiftUI and its own types (stood in for by
/// CollidingNames): every name both declare must still mean the app's — this file does not build otherwise —
/// and FlowGraph must take the app's own screen values.
@Suite struct NamesBesideFlowStacksTests {
    enum Screen: Hashable {
        case home, cart
        case payment(method: String)
    }

    @Test func theAppsNamesStayTheApps() {
        let routes: [Route<Screen>] = [.push(.cart), .sheet(.payment(method: "card"))]
        let style: RouteStyle = .sheet
        let edge: Edge = .top
        let action: Action = .tapped
        let destination: Destination = .detail
        let location: SegueLocation = .append
        let pop: PopDestination = .root
        _ = (FlowStack(), FlowPath(), FlowNavigator(), Label(), Text("x"), NavigationTransition())
        _ = (Node(), Diagram(), Subgraph(), Attributes(), NavigationStack(), NavigationPath())
        #expect(routes.count == 2 && style == .sheet && edge == .top && action == .tapped)
        #expect(destination == .detail && location == .append && pop == .root)
    }

    @Test func aPlanOfTheAppsOwnScreensPlaysAndDraws() throws {
        let plan = Plan(root: Screen.home, from: [.push(.cart)], to: [.push(.cart), .sheet(.payment(method: "card"))])
        #expect(plan.root.screen == "home")
        #expect(plan.start.map(\.notation) == [".push(cart)"])
        let run = try plan.play()
        #expect(run.transitions.count == 1)
        #expect(run.transitions[0].steps.last?.map(\.notation) == [".push(cart)", #".sheet(payment(method: "card"))"#])
        let svg = String(decoding: try PlanRenderer().render(plan, formats: [.svg])[0].data, as: UTF8.self)
        #expect(svg.contains("payment") && svg.contains("cart"))
    }

    @Test func flowGraphsOwnNamesSayWhatTheyAre() {
        let route: PlanRoute = .sheet("Payment", withNavigation: true)
        let style: PlanRouteStyle = route.style
        #expect(route.notation == ".sheet(Payment, withNavigation: true)")
        #expect(style.withNavigation)
        let transition: PlanTransition? = nil
        let stack = RouteStack(root: Root(), routes: [route])
        #expect(transition == nil && stack.routes.count == 1)
    }
}
