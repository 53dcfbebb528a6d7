import FlowGraphTestSupport
import FlowModel
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import FlowSource

/// The ways through a deep-link handler (``HandlerBranches``), on syntax parsed here, and the plans a scan makes
/// of them (Tests/ScanFixtures/BranchedDeepLinks).
@Suite struct HandlerBranchesTests {
    /// The ways through the function `name` of `source`, a route change being any call on `navigator`.
    static func ways(_ name: String, in source: String) throws -> [HandlerBranch] {
        let file = Parser.parse(source: source)
        let functions = FunctionFinder(viewMode: .sourceAccurate)
        functions.walk(file)
        let handler = try #require(functions.found.first { $0.name.text == name }?.body)
        let finder = HandlerBranches(
            changes: { node in CallCollector.calls(in: node).contains { $0.receiverText == "navigator" } },
            ownFunction: { call in functions.found.first { $0.name.text == call.calledName } })
        return try finder.branches(of: handler.statements)
    }

    /// Each way as `conditions: statements`, the statements' text joined by `; `.
    static func lines(_ ways: [HandlerBranch]) -> [String] {
        ways.map { way in
            way.label + ": " + way.statements.map { $0.trimmedDescription.collapsedWhitespace }.joined(separator: "; ")
        }
    }

    @Test func aGuardWhoseElseShowsAScreenIsTwoWays() throws {
        let source = """
            func open(_ url: URL) {
                guard let parts = URLComponents(url: url) else { return }
                guard let id = parts.id else {
                    navigator.push(.list)
                    return
                }
                navigator.push(.item(id))
            }
            """
        // The first guard ends only a way that does nothing, so it names no way.
        let ways = try Self.ways("open", in: source)
        #expect(
            Self.lines(ways) == [
                "no id: navigator.push(.list)", "id found: navigator.push(.item(id))",
            ])
    }

    @Test func anIfElseIfElseIsOneWayPerClauseAndAReturnEndsItsWay() throws {
        let source = """
            func open(_ url: URL) {
                if url.host == "a" {
                    navigator.push(.a)
                    return
                } else if !isSignedIn {
                    navigator.presentSheet(.signIn)
                } else if url.isFileURL {
                    log(url)
                }
                navigator.push(.b)
            }
            """
        let ways = try Self.ways("open", in: source)
        #expect(
            Self.lines(ways) == [
                #"url.host == "a": navigator.push(.a)"#,
                #"url.host != "a", !isSignedIn: navigator.presentSheet(.signIn); navigator.push(.b)"#,
                #"url.host != "a", isSignedIn, url.isFileURL: log(url); navigator.push(.b)"#,
                #"url.host != "a", isSignedIn, !url.isFileURL: navigator.push(.b)"#,
            ])
    }

    @Test func aSwitchIsOneWayPerCaseAndOnlyItsCasesChooseNothing() throws {
        let source = """
            func open(_ link: Link) {
                switch link {
                case .list: navigator.push(.list)
                case "/help": navigator.presentSheet(.help)
                default: break
                }
            }
            """
        let ways = try Self.ways("open", in: source)
        #expect(
            Self.lines(ways) == [
                "list: navigator.push(.list)", "help: navigator.presentSheet(.help)", "default: break",
            ])
        #expect(ways.map(\.choiceLabel) == [nil, nil, nil])
    }

    /// A helper handed a closure, which fetches in a `Task` and may throw: the closure runs where the helper
    /// calls it, and each outcome is a way.
    @Test func aHelpersClosureTaskAndCatchAreFollowed() throws {
        let source = """
            func open(_ id: String) {
                fetch(id, otherwise: { navigator.push(.list) })
                navigator.push(.after)
            }
            func fetch(_ id: String, otherwise fallback: @escaping () -> Void) {
                Task {
                    do {
                        let item = try await api.item(id)
                        guard item.isReady else {
                            fallback?()
                            return
                        }
                        await MainActor.run { navigator.push(.item(item)) }
                    } catch {
                        fallback()
                    }
                }
            }
            """
        // A `return` in the helper ends the helper, not the handler: `.after` follows every way.
        let ways = try Self.ways("open", in: source)
        #expect(
            Self.lines(ways) == [
                "!item.isReady: let item = try await api.item(id); navigator.push(.list); navigator.push(.after)",
                "item.isReady: let item = try await api.item(id); navigator.push(.item(item)); navigator.push(.after)",
                "on error: navigator.push(.list); navigator.push(.after)",
            ])
    }

    @Test func moreWaysThanTheLimitAreRefused() throws {
        let checks = (1...6).map { "    if flag\($0) { navigator.push(.s\($0)) }" }.joined(separator: "\n")
        let source = "func open() {\n\(checks)\n}\n"
        #expect(throws: HandlerBranches.TooMany.self) { try Self.ways("open", in: source) }
        let five = (1...5).map { "    if flag\($0) { navigator.push(.s\($0)) }" }.joined(separator: "\n")
        let ways = try Self.ways("open", in: "func open() {\n\(five)\n}\n")
        #expect(ways.count == 32)
    }

    @Test func aWaysNameIsItsLabelsWords() {
        #expect(HandlerBranches.nameWords("orders, no orderID") == "ordersNoOrderID")
        #expect(
            HandlerBranches.nameWords(#"url.host != "search", url.host == "loans""#) == "urlHostNotSearchUrlHostIsLoans"
        )
        #expect(HandlerBranches.nameWords("timetable") == "timetable")
    }

    /// The fixture's two handlers: a view's function (a `switch` on the path, a `guard` whose `else` pushes, a
    /// helper handed a fallback that looks the loan up in a `Task`), and a closure's `if`/`else if`/`else`.
    @Test func eachWayThroughAHandlerIsAPlanNamedByItsConditions() throws {
        let scan = try scannedFixture("Tests/ScanFixtures/BranchedDeepLinks/LibraryApp.swift")
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
        // In the order of the code each way first changes the routes at. Was: one "cannot follow … known only
        // when the app runs" for each handler, and no plan.
        let summary = scan.plans.map { plan in
            let title = plan.plan["title"]?.stringValue ?? ""
            let said = title.components(separatedBy: " — ").first ?? title
            let start = plan.plan["start"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let actions = plan.plan["actions"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "\(plan.name) | \(said) | \(start) → \(actions)"
        }
        #expect(
            summary == [
                "CounterView.open.loansNoId | CounterView.open() when loans, no id | [] → [\"push(.loans)\"]",
                "CounterView.open.loansIdFoundLoanIdNotId | CounterView.open() when loans, id found, loan.id != id | [] → [\"push(.loans)\"]",
                "CounterView.open.loansIdFoundOnError | CounterView.open() when loans, id found, on error | [] → [\"push(.loans)\"]",
                "CounterView.open.help | CounterView.open() when help | [] → [\"presentSheet(.help)\"]",
                "CounterView.open.loansIdFoundLoanIdIsId | CounterView.open() when loans, id found, loan.id == id | [] → [\"push(.loan(‹loan›, renewed: false))\"]",
                // LoansView's link opens on LoansView, pushed from the root.
                "LoansView.onOpenURL.urlHostIsSearch | LoansView.onOpenURL() when url.host == \"search\" | [\".push(.loans)\"] → [\"push(.search(‹lastPathComponent›))\"]",
                "LoansView.onOpenURL.urlHostNotSearchUrlHostNotLoans | LoansView.onOpenURL() when url.host != \"search\", url.host != \"loans\" | [\".push(.loans)\"] → [\"goBackToRoot()\"]",
                "LoansView.onOpenURL.urlHostNotSearchUrlHostIsLoans | LoansView.onOpenURL() when url.host != \"search\", url.host == \"loans\" | [\".push(.loans)\"] → [\"goBack()\"]",
            ])
        #expect(scan.plans.filter(\.isDeepLink).count == 8)
        #expect(scan.plans.map(\.linkCase).first == "loans, no id")
        // Every plan plays: the placeholders are values the route carries, and the back calls have a screen to
        // leave.
        var ends: [String] = []
        for scanned in scan.plans {
            let rules = try Plan.decode(scanned.plan.rendered(.pretty), file: scanned.name).play().ruleSets[0]
            ends.append(rules.routeNotations(ofTransition: rules.transitions.count - 1).to.joined(separator: ", "))
        }
        #expect(ends.last == "", "goBack() from LoansView leaves the root: \(ends)")
        #expect(ends[4] == ".push(loan(‹loan›, renewed: false))", "\(ends)")
    }
}

/// Every function declaration under a node.
private final class FunctionFinder: SyntaxVisitor {
    var found: [FunctionDeclSyntax] = []
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }
}
