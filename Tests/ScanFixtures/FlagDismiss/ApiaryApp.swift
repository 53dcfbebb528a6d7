// An apiary app on SwiftUI's own navigation whose sheets close themselves by setting the flag that shows them
// back to false, through the @Binding each is given. Our own fixture.
import SwiftUI

struct ApiaryRoot: View {
    var body: some View {
        NavigationStack {
            HiveList()
        }
    }
}

struct HiveList: View {
    @State private var addsHive = false
    @State private var inspects = false
    @State private var reminds = true
    @State private var harvests = false
    @State private var weighs = false

    var body: some View {
        List {
            Button("Weigh") { weighs = true }
            Button("Add") { addsHive = true }
            Button("Inspect") { inspects = true }
            Button("Harvest") { harvests = true }
            // Drawn in the list, not presented: its flag set to false closes nothing.
            ReminderRow(isOn: $reminds)
            SmokerCorner()
        }
        .sheet(isPresented: $addsHive) {
            NewHiveForm(isPresented: $addsHive)
        }
        // The presenter closes the sheet when the view it shows says it is done (setting the flag back once it
        // is gone, in onDismiss, closes nothing).
        .sheet(isPresented: $harvests, onDismiss: { harvests = false }) {
            HarvestLog(onDone: { harvests = false })
        }
        .fullScreenCover(
            isPresented: $inspects,
            content: {
                InspectionView(shown: $inspects)
            }
        )
        // The presenter setting the flag back outside the sheet, once the weighing is done, closes it.
        .sheet(isPresented: $weighs) { HiveScale() }
        .onAppear { finishWeighing(after: 5) }
    }

    private func finishWeighing(after seconds: Double) {
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { weighs = false }
    }
}

struct HiveScale: View {
    var body: some View { Text("12 kg") }
}

// A sheet shown by a view model's flag: the model setting it back closes the sheet.
struct SmokerCorner: View {
    @StateObject private var model = SmokerModel()

    var body: some View {
        Button("Light") { model.lights = true }
            .sheet(isPresented: $model.lights) { SmokerView(done: { model.finish() }) }
    }
}

final class SmokerModel: ObservableObject {
    @Published var lights = false

    func finish() { lights = false }
}

struct SmokerView: View {
    var done: () -> Void
    var body: some View { Button("Done", action: done) }
}

struct NewHiveForm: View {
    @Binding var isPresented: Bool
    @State private var name = ""

    var body: some View {
        Form {
            TextField("Name", text: $name)
            Button("Save") { isPresented = false }
        }
    }
}

struct InspectionView: View {
    @Binding var shown: Bool
    @State private var done = false

    var body: some View {
        VStack {
            Text("Frames")
            Button("Finish") {
                done = false
                self.shown = false
            }
        }
    }
}

struct ReminderRow: View {
    @Binding var isOn: Bool

    var body: some View {
        Button("Stop reminding") { isOn = false }
    }
}

struct HarvestLog: View {
    let onDone: () -> Void

    var body: some View {
        Button("Done", action: onDone)
    }
}
