import SwiftUI
import SwiftfulRouting

// A handler inside a RouterView's closure hands the link to an object holding the router.
struct HelpDeskApp: View {
    var body: some View {
        RouterView { router in
            DeskView()
                .onOpenURL { url in
                    LinkDesk(router: router).handle(url: url)
                }
        }
    }
}

struct DeskView: View {
    var body: some View { Text("Desk") }
}

final class LinkDesk {
    private let router: AnyRouter

    init(router: AnyRouter) {
        self.router = router
    }

    func handle(url: URL) {
        switch url.host {
        case "faq":
            router.showScreen(.sheet) { _ in FaqView() }
        case "chat":
            router.showScreen(.push) { _ in ChatView() }
        default:
            return
        }
    }
}

struct FaqView: View {
    var body: some View { Text("FAQ") }
}

struct ChatView: View {
    var body: some View { Text("Chat") }
}
