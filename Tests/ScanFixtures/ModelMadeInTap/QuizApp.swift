import SwiftUI
import SwiftfulRouting

// A row makes its view model where it is tapped and calls it at once; the model pushes each question, and the
// question it pushes keeps the model and asks it for the next one, or leaves.
@main
struct QuizApp: App {
    var body: some Scene {
        WindowGroup {
            RouterView { router in
                TopicsPage(router: router)
            }
        }
    }
}

struct TopicsPage: View {
    let router: AnyRouter

    var body: some View {
        List {
            TopicRow(router: router, topic: "Birds")
            TopicRow(router: router, topic: "Trees")
        }
    }
}

struct TopicRow: View {
    let router: AnyRouter
    let topic: String

    var body: some View {
        Text(topic)
            .onTapGesture {
                QuizModel(router: router, topic: topic).next()
            }
    }
}

final class QuizModel: ObservableObject {
    let router: AnyRouter
    let topic: String
    var asked = 0

    init(router: AnyRouter, topic: String) {
        self.router = router
        self.topic = topic
    }

    func next() {
        asked += 1
        if asked.isMultiple(of: 2) {
            askPicture()
        } else {
            router.showScreen(.push) { router in
                WordQuestion(quiz: self)
                    .navigationBarBackButtonHidden()
            }
        }
    }

    private func askPicture() {
        router.showScreen(.sheet) { router in
            PictureQuestion(quiz: self)
        }
    }
}

struct WordQuestion: View {
    @StateObject var quiz: QuizModel

    var body: some View {
        VStack {
            Button("Next") { quiz.next() }
            Button("Stop") { quiz.router.dismissScreenStack() }
        }
    }
}

struct PictureQuestion: View {
    @ObservedObject var quiz: QuizModel

    var body: some View {
        Button("Done") { quiz.router.dismissScreen() }
    }
}
