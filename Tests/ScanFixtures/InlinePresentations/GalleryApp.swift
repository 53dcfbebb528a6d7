import SwiftUI

// SwiftUI's own presentations of content of their own, no view of the app's in it: a photo zoomed full screen
// on one screen, and the same flag name in a panel another screen is made of; each is closed by setting its
// flag back. A sheet of one of the app's views stays that view's screen.

enum Room: Hashable {
    case photo
    case print
}

struct GalleryApp: App {
    @State private var path: [Room] = []

    var body: some Scene {
        WindowGroup {
            NavigationStack(path: $path) {
                HallView()
                    .navigationDestination(for: Room.self) { room in
                        switch room {
                        case .photo: PhotoView()
                        case .print: PrintView()
                        }
                    }
            }
        }
    }
}

struct HallView: View {
    @State private var framing = false

    var body: some View {
        VStack {
            NavigationLink(value: Room.photo) { Text("Photo") }
            NavigationLink(value: Room.print) { Text("Print") }
        }
        .sheet(isPresented: $framing) { FrameView() }
    }
}

struct PhotoView: View {
    @State private var zooms = false

    var body: some View {
        Button("Zoom") { zooms = true }
            .fullScreenCover(isPresented: $zooms) {
                ZStack {
                    Image(systemName: "photo")
                    Button("Close") { zooms = false }
                }
            }
    }
}

struct PrintView: View {
    var body: some View { PanelView() }
}

struct PanelView: View {
    @State private var zooms = false

    var body: some View {
        Button("Zoom") { zooms = true }
            .sheet(isPresented: $zooms) {
                VStack {
                    Text("Proof")
                    Button("Done") { zooms = false }
                }
            }
    }
}

struct FrameView: View {
    var body: some View { Text("Frame") }
}
