// Built from swiftui-navigation-stack's README: a NavigationStackView at the top, PushView and PopView,
// and programmatic pushes and pops on the NavigationStackCompat in the environment.
import NavigationStack
import SwiftUI

struct RootView: View {
    var body: some View {
        NavigationStackView {
            MyHome()
        }
    }
}

struct MyHome: View {
    private static let childID = "childID"
    @EnvironmentObject private var navigationStack: NavigationStackCompat

    var body: some View {
        VStack {
            PushView(destination: ChildView(), destinationId: Self.childID) {
                Text("PUSH")
            }
            Button("Sign up") { showSignUp() }
        }
    }

    func showSignUp() {
        navigationStack.push(SignUpScreen(), withId: "signUp")
        navigationStack.push(TermsScreen())
    }
}

struct ChildView: View {
    var body: some View {
        VStack {
            PopView(destination: .root) {
                Text("POP TO ROOT")
            }
            PopView {
                Text("POP")
            }
        }
    }
}

struct SignUpScreen: View {
    @EnvironmentObject private var navigationStack: NavigationStackCompat

    var body: some View {
        Button("Back") { self.navigationStack.pop() }
    }
}

struct TermsScreen: View {
    @EnvironmentObject private var navigationStack: NavigationStackCompat

    var body: some View {
        Button("Back to sign up") { self.navigationStack.pop(to: .view(withId: "signUp")) }
    }
}
