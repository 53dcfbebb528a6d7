import FlowStacks
import SwiftUI

// Deep-link handlers with several ways through them: a `switch` on the link's path; a `guard` whose `else`
// shows a screen; a helper handed a fallback closure, which looks the loan up in a `Task` that may fail or find
// another loan; and an `if` / `else if` / `else` on the host, in a closure.

enum Shelf: Hashable {
    case loans
    case loan(Loan, renewed: Bool)
    case search(String)
    case help
}

struct Loan: Hashable {
    var id: String
}

enum Catalogue {
    static func loan(_ id: String) async throws -> Loan { Loan(id: id) }
}

final class LibraryModel: ObservableObject {
    @Published var routes: Routes<Shelf> = []
}

struct LibraryView: View {
    @StateObject var model = LibraryModel()

    var body: some View {
        FlowStack($model.routes, withNavigation: true) {
            CounterView()
                .flowDestination(for: Shelf.self) { shelf in
                    switch shelf {
                    case .loans: LoansView()
                    case .loan(let loan, _): LoanView(loan: loan)
                    case .search(let text): SearchView(text: text)
                    case .help: HelpView()
                    }
                }
        }
    }
}

struct CounterView: View {
    @EnvironmentObject var navigator: FlowNavigator<Shelf>

    var body: some View {
        Button("Loans") { navigator.push(.loans) }
            .onOpenURL { url in open(url) }
    }

    private func open(_ url: URL) {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return }
        switch parts.path {
        case "/loans":
            guard let id = parts.queryItems?.first(where: { $0.name == "b" })?.value else {
                navigator.push(.loans)
                return
            }
            lookUp(id, otherwise: { navigator.push(.loans) })
        case "/help":
            navigator.presentSheet(.help)
        default:
            break
        }
    }

    private func lookUp(_ id: String, otherwise: @escaping () -> Void) {
        Task {
            do {
                let loan = try await Catalogue.loan(id)
                guard loan.id == id else {
                    otherwise()
                    return
                }
                navigator.push(.loan(Loan(id: loan.id), renewed: false))
            } catch {
                otherwise()
            }
        }
    }
}

struct LoansView: View {
    @EnvironmentObject var navigator: FlowNavigator<Shelf>

    var body: some View {
        Text("Loans")
            .onOpenURL { url in
                if url.host == "search" {
                    navigator.push(.search(url.lastPathComponent))
                } else if url.host != "loans" {
                    navigator.goBackToRoot()
                } else {
                    navigator.goBack()
                }
            }
    }
}

struct LoanView: View {
    let loan: Loan
    var body: some View { Text(loan.id) }
}

struct SearchView: View {
    let text: String
    var body: some View { Text(text) }
}

struct HelpView: View {
    var body: some View { Text("Help") }
}
