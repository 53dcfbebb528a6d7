import FlowStacks
import SwiftUI

// A FlowPath stack whose destination is for a base class, shown subclasses; and routes built by a local function.
class Article: Hashable {
    let title: String

    init(title: String) {
        self.title = title
    }

    static func == (lhs: Article, rhs: Article) -> Bool { lhs.title == rhs.title }
    func hash(into hasher: inout Hasher) { hasher.combine(title) }
}

final class FeaturedArticle: Article {}

struct ReaderFlow: View {
    var body: some View {
        FlowStack(withNavigation: true) {
            ReaderHome()
                .flowDestination(for: Article.self) { article in
                    ArticleView(article: article)
                }
        }
    }
}

struct ReaderHome: View {
    @EnvironmentObject var navigator: FlowPathNavigator

    var body: some View {
        FlowLink(value: FeaturedArticle(title: "Today"), style: .sheet(withNavigation: true)) {
            Text("Featured")
        }
        Button("Latest") { navigator.push(Article(title: "Latest")) }
    }
}

struct ArticleView: View {
    let article: Article

    var body: some View { Text(article.title) }
}

enum Step: Hashable {
    case question(Int)
    case summary
}

struct QuizCoordinator: View {
    @State var routes: Routes<Step> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            QuizStart(start: startOver)
                .flowDestination(for: Step.self) { step in
                    switch step {
                    case .question: QuestionView()
                    case .summary: SummaryView()
                    }
                }
        }
    }

    func startOver() {
        func question(_ number: Int) -> Step {
            .question(number)
        }
        routes = [.push(question(1)), .push(question(2)), .sheet(.summary)]
    }
}

struct QuizStart: View {
    let start: () -> Void

    var body: some View { Button("Start", action: start) }
}

struct QuestionView: View {
    var body: some View { Text("Question") }
}

struct SummaryView: View {
    var body: some View { Text("Summary") }
}
