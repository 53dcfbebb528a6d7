import SwiftUI

struct AccountButton: View {
    @EnvironmentObject var appNavigator: AppNavigator

    var body: some View {
        Button("Account") { appNavigator.show(.settings, modally: true) }
    }
}
