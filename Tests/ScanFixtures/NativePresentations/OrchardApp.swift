// An orchard app on FlowStacks: a route screen that is a representable, closed by a coordinator declared
// beside it (made in `makeCoordinator()`) through the representable's presentation mode; and a view the
// orchard presents with SwiftUI's own sheet, whose own dismiss closes that sheet, not the orchard's screen.
// Our own fixture.
import FlowStacks
import SwiftUI

enum OrchardScreen: Hashable {
    case scanner
}

struct OrchardCoordinator: View {
    @State var routes: Routes<OrchardScreen> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            OrchardView(scan: { routes.presentSheet(.scanner) })
                .flowDestination(for: OrchardScreen.self) { screen in
                    switch screen {
                    case .scanner: LabelScanner()
                    }
                }
        }
    }
}

struct OrchardView: View {
    var scan: () -> Void
    @State private var readsGuide = false

    var body: some View {
        VStack {
            Button("Scan a label", action: scan)
            Button("Guide") { readsGuide = true }
        }
        .sheet(isPresented: $readsGuide) { GuideSheet() }
    }
}

struct GuideSheet: View {
    var body: some View { GuidePage() }
}

struct GuidePage: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View { Button("Close") { dismiss() } }
}

struct LabelScanner: UIViewControllerRepresentable {
    @Environment(\.presentationMode) var isPresented

    func makeCoordinator() -> ScannerDelegate { ScannerDelegate(scanner: self) }
    func makeUIViewController(context: Context) -> UIImagePickerController { UIImagePickerController() }
    func updateUIViewController(_ controller: UIImagePickerController, context: Context) {}
}

final class ScannerDelegate: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
    var scanner: LabelScanner
    init(scanner: LabelScanner) { self.scanner = scanner }

    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        self.scanner.isPresented.wrappedValue.dismiss()
    }

    // UIKit's own dismiss of the controller the delegate is handed closes the sheet it is shown in.
    func imagePickerController(
        _ controller: UIImagePickerController,
        didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]
    ) {
        controller.dismiss(animated: true)
    }
}
