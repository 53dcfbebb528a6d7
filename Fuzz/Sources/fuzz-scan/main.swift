// The scanner (FlowSource: SwiftParser and the recogniser) on Swift-shaped token streams: each input byte picks
// a token from a vocabulary of the code scan reads (FlowStack, flowDestination, navigator calls, route literals,
// views, closures, `if`/`switch`, modifiers), so nearly every input parses and reaches the recogniser, and
// deep or long shapes (chains, nesting) come up at once. Inputs starting with `S` are scanned as raw text.
import FlowModel
import FuzzSupport
import ScannerUnderFuzz

let vocabulary: [String] = [
    "import FlowStacks\n", "import SwiftUI\n", "enum Screen: Hashable {", "case ", "home", "detail", "number",
    "(Int)", "(id: Int)", "}", "{", "\n", "struct ", "AppCoordinator", "HomeView", "DetailView", ": View ",
    "@State var routes: Routes<Screen> = []\n", "@State var path = FlowPath()\n",
    "@EnvironmentObject var navigator: FlowNavigator<Screen>\n", "var body: some View ",
    "FlowStack($routes, withNavigation: true) ", "FlowStack($path) ", ".flowDestination(for: Screen.self) ",
    "{ screen in ", "switch screen ", "case .home: ", "case .detail: ", "case .number(let n): ", "HomeView()",
    "DetailView()", "Text(\"a\")", "Button(\"go\") ", "navigator.push(", "navigator.presentSheet(",
    "navigator.presentCover(", "navigator.goBack()", "navigator.goBackToRoot()", "navigator.dismiss()",
    "routes.push(", "routes.goBack()", "routes = [", ".push(", ".sheet(", ".cover(", ".home", ".detail",
    ".number(", "1", "99", ")", "]", ", ", "withNavigation: true", ".padding()", ".onOpenURL { url in ",
    "func ", "open", "go", "()", "(_ url: URL) ", "for n in numbers ", "if ", "else ", "true", "!", "?",
    "let ", "x", " = ", "self.", "FlowLink(value: ", "RouterView { router in ", "router.showScreen(.push) { _ in ",
    "NavigationStackView ", "PushView(destination: ", "PopView ", "@Environment(\\.router) var router\n",
    "// comment\n", "\"\\(n)\"", "#if os(iOS)\n", "#endif\n", "private ", "extension ", "class ", "ViewModel",
    ": ObservableObject ", "@Published var routes: Routes<Screen> = []\n", "return ", ";", ".", ":", "<", ">",
]

runFuzzer { bytes in
    let text: String
    if bytes.first == UInt8(ascii: "S") {
        guard let raw = utf8Text(Array(bytes.dropFirst())) else { return }
        text = raw
    } else {
        text = bytes.map { vocabulary[Int($0) % vocabulary.count] }.joined()
    }
    // Swift breaks lines at \n, \r and \r\n (one Character); counting every newline Character is an upper bound.
    let lines = text.reduce(1) { $0 + ($1.isNewline ? 1 : 0) }
    do throws(FlowGraphError) {
        let scan = try SourceScanner.scan([(path: "App.swift", text: text)])
        // The JSON scan prints reads back, and every plan in it decodes or fails with a located error.
        let printed = scan.json().rendered(.pretty)
        do throws(InputError) {
            _ = try JSONValue.parse(printed)
        } catch {
            fuzzCheck(false, "scan --json does not read back: \(error.message)")
        }
        for plan in scan.plans {
            fuzzCheck(plan.location.line >= 1 && plan.location.line <= lines, "plan at line \(plan.location.line)")
            do throws(FlowGraphError) {
                _ = try Plan.decode(plan.plan, file: plan.name).transitions()
            } catch {
                fuzzCheck(!error.diagnostics.isEmpty, "a plan error without diagnostics")
            }
        }
        for problem in scan.map.problems {
            fuzzCheck(problem.location.line >= 1 && problem.location.line <= lines, "problem at \(problem.location)")
        }
    } catch {
        fuzzCheck(!error.diagnostics.isEmpty, "a scan error without diagnostics")
        for diagnostic in error.diagnostics {
            if let position = diagnostic.position {
                fuzzCheck(position.line >= 1 && position.column >= 1, "position \(position) is not 1-based")
                fuzzCheck(position.line <= lines + 1, "line \(position.line) past the \(lines) of the input")
            }
        }
    }
}
