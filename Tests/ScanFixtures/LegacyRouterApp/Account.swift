import FlowStacks
import SwiftUI

struct AccountButton: View {
    @EnvironmentObject var appNavigator: AppNavigator

    var body: some View {
        Button("Account") { appNavigator.show(.settings, modally: true) }
    }
}

// Shown by no screen the scanner can see (a view built somewhere it does not read).
struct SessionBanner: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        Button("Session expired") { navigator.goBackToRoot() }
    }
}
