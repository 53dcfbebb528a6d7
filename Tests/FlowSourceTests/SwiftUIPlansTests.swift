import FlowGraphTestSupport
import FlowModel
import Foundation
import Testing

@testable import FlowSource

/// Plans of SwiftUI's own stacks (`NavigationRecognizer+SwiftUIPlans.swift`): the map's edges at a function's
/// calls, played in the `swiftui` notation (Tests/ScanFixtures/SwiftUIPlans).
@Suite struct SwiftUIPlansTests {
    let scan: SourceScan

    init() throws {
        scan = try scannedFixture("Tests/ScanFixtures/SwiftUIPlans/BakeryApp.swift")
    }

    /// Each plan as `name: start → actions`.
    var planLines: [String] {
        scan.plans.map { plan in
            let start = plan.plan["start"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let actions = plan.plan["actions"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "\(plan.name): \(start) → \(actions.joined(separator: "; "))"
        }
    }

    /// Was: no plan at all for a SwiftUI stack ("its plans are not scanned yet"), and no word about it.
    @Test func aFunctionsPathChangesAreASwiftUIPlan() throws {
        #expect(
            planLines == [
                "BakeryApp.open.order: [] → path.removeAll(); path.append(.order(id: 7))",
                "BakeryApp.open.receipt: [] → path.append(.receipt(‹lastPathComponent›))",
                "ShopfrontView.checkOut: [] → path.append(.cart); path.append(.payment)",
                // A pushed screen's function runs on it: the map's calls reach it by one push.
                "PaymentView.cancel: [\".payment\"] → dismiss()",
            ])
        #expect(scan.plans.map { $0.plan["library"]?.stringValue } == Array(repeating: "swiftui", count: 4))
        #expect(scan.plans.map { $0.plan["root"]?.stringValue } == Array(repeating: "ShopfrontView", count: 4))
        #expect(scan.plans.map(\.isDeepLink) == [true, true, false, false])
        #expect(scan.plans.first?.plan["title"]?.stringValue?.hasPrefix("BakeryApp.open() when order — ") == true)
        #expect(scan.plans.last?.plan["title"]?.stringValue?.hasSuffix(", run on payment") == true)
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
    }

    /// The plans play as SwiftUI plays them, with no warning: the dismiss pops the screen it runs on.
    @Test func eachPlanPlaysBySwiftUIsRules() throws {
        var ends: [String] = []
        for scanned in scan.plans {
            let run = try Plan.decode(scanned.plan.rendered(.pretty), file: scanned.name).play()
            let rules = run.ruleSets[0]
            ends.append(rules.routeNotations(ofTransition: rules.transitions.count - 1).to.joined(separator: ", "))
            if scanned.name != "BakeryApp.open.order" {
                #expect(run.diagnostics.isEmpty, "\(scanned.name): \(run.diagnostics)")
            }
        }
        #expect(ends.count == 4)
        #expect(ends.last == "", "dismiss() pops payment: \(ends)")
    }

    /// A router method that removes as many values as the path holds goes back to the root, on the map too.
    @Test func removingThePathsCountGoesBackToTheRoot() {
        #expect(
            scan.edgeLines.contains {
                $0.hasPrefix("onOpenURL → open → ShopfrontView: back router.popToRoot() at ")
            }, "\(scan.edgeLines)")
    }

    /// A view a function builds (a link, with a modifier after it) is not a change the function makes.
    @Test func aLinkAFunctionBuildsIsNoPlan() {
        #expect(!scan.plans.contains { $0.name.hasPrefix("CartView") })
        #expect(scan.edgeLines.contains { $0.hasPrefix("cart → payment: push NavigationLink(value: Counter.payment)") })
    }
}
