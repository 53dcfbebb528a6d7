// A greenhouse app on swiftui-navigation-stack whose screens present with SwiftUI's own `.sheet` and
// `.fullScreenCover`: a camera (a UIKit controller wrapped in a representable, closed from its nested
// coordinator through the representable's presentation mode) and a watering log. Our own fixture.
import NavigationStack
import SwiftUI

struct GreenhouseRoot: View {
    var body: some View {
        NavigationStackView {
            BedsView()
        }
    }
}

struct BedsView: View {
    @EnvironmentObject private var navigationStack: NavigationStackCompat
    @State private var takesPhoto = false
    @State private var logsWater = false
    @State private var names = false
    @State private var exportsYield = false
    var yieldFile: String?

    var body: some View {
        List {
            Button("Tomatoes") { navigationStack.push(BedView(crop: "tomato")) }
            Button("Photo") { takesPhoto = true }
            Button("Log") { logsWater = true }
            Button("Shed") { navigationStack.push(ShedView()) }
        }
        .alert(isPresented: .constant(false)) { Alert(title: Text("Frost")) }
        .onAppear {}
        .sheet(isPresented: $takesPhoto) {
            PlantCamera { _ in }
        }
        .fullScreenCover(isPresented: $logsWater) {
            WateringLog()
        }
        // SwiftUI's own views alone: no screen of the app.
        .sheet(isPresented: $names) {
            VStack { TextField("Name", text: .constant("")) }
        }
        // Content that picks a view: the app's view it can show is the screen.
        .sheet(isPresented: $exportsYield) {
            if let yieldFile {
                YieldExport(file: yieldFile)
            } else {
                Text("Nothing to export yet")
            }
        }
    }
}

struct YieldExport: View {
    let file: String
    var body: some View { Text(file) }
}

// A screen that makes a stack of its own: its sheet is drawn in that stack only.
struct ShedView: View {
    @State private var labels = false
    var body: some View {
        NavigationStackView {
            Text("Tools")
        }
        .sheet(isPresented: $labels) { SeedLabels() }
    }
}

struct SeedLabels: View {
    var body: some View { Text("Labels") }
}

struct BedView: View {
    let crop: String
    var body: some View { Text(crop) }
}

struct WateringLog: View {
    @Environment(\.dismiss) private var close
    var body: some View {
        Button("Done") { close() }
    }
}

struct PlantCamera: UIViewControllerRepresentable {
    @Environment(\.presentationMode) var shown
    var took: (UIImage) -> Void

    func makeCoordinator() -> Coordinator { Coordinator(self) }
    func makeUIViewController(context: Context) -> UIImagePickerController { UIImagePickerController() }
    func updateUIViewController(_ controller: UIImagePickerController, context: Context) {}

    final class Coordinator: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
        let parent: PlantCamera
        init(_ parent: PlantCamera) { self.parent = parent }

        func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
            parent.shown.wrappedValue.dismiss()
        }
    }
}
