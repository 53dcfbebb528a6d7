import Foundation
import Testing

/// The built binary against the bounds of the third hardening pass (issue 29): the map's layout budget,
/// deeply nested Swift, deep-link amplification, scan's time and size, the type-name demangler and
/// `steps --swift` names. Each ran for minutes or crashed before; each is now a prompt answer.
@Suite struct HardeningBoundsEndToEndTests {
    /// Runs `flowgraph` in `folder`, ending it with SIGKILL after `timeout` seconds (a hang fails the test
    /// instead of stalling the suite); `killed` says whether it had to.
    static func run(_ arguments: [String], in folder: URL, timeout: Double = 60) throws -> (
        result: BuiltBinary.Result, killed: Bool
    ) {
        let process = Process()
        process.executableURL = try BuiltBinary.executable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = folder.appendingPathComponent(".out-\(UUID().uuidString)")
        let errors = folder.appendingPathComponent(".err-\(UUID().uuidString)")
        try Data().write(to: output)
        try Data().write(to: errors)
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var killed = false
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                killed = true
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        let result = BuiltBinary.Result(
            status: process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus
                : process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
        return (result, killed)
    }

    /// An app of `count` screens in one FlowStack: each pushes the next and presents the one `7 × i + 3`
    /// on, so its arrows jump far across the chain (the shape that took 23 s at 100 screens).
    static func farJumpingApp(_ count: Int) -> String {
        let cases = (0..<count).map { "    case s\($0)" }.joined(separator: "\n")
        let destinations = (0..<count).map { "            case .s\($0): S\($0)()" }.joined(separator: "\n")
        let views = (0..<count).map { index in
            "struct S\(index): View {\n    @EnvironmentObject var navigator: FlowNavigator<Screen>\n"
                + "    var body: some View {\n        Button(\"n\") { navigator.push(.s\((index + 1) % count)) }\n"
                + "        Button(\"m\") { navigator.presentSheet(.s\((index * 7 + 3) % count)) }\n    }\n}"
        }
        return """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
            \(cases)
            }

            struct AppCoordinator: View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        S0().flowDestination(for: Screen.self) { screen in
                            switch screen {
            \(destinations)
                            }
                        }
                    }
                }
            }

            \(views.joined(separator: "\n\n"))

            """
    }

    /// The screens of the scan benchmark's app (``FlowGraphBench``'s `ScanBenchmark`): a chain of 60 pushes,
    /// every third screen presenting one 7 on, every tenth a cover, all going back.
    static func benchmarkApp() -> String {
        let count = 60
        let cases = (0..<count).map { "    case screen\($0)" }.joined(separator: "\n")
        let destinations = (0..<count).map { "            case .screen\($0): Screen\($0)View()" }
        let views = (0..<count).map { index in
            let next = "screen\((index + 1) % count)"
            let skip = "screen\((index + 7) % count)"
            var buttons = ["Button(\"Next\") { navigator.push(.\(next)) }"]
            if index % 3 == 0 { buttons.append("Button(\"More\") { navigator.presentSheet(.\(skip)) }") }
            if index % 10 == 4 {
                buttons.append("Button(\"Full\") { navigator.presentCover(.\(skip), withNavigation: true) }")
            }
            buttons.append("Button(\"Back\") { navigator.goBack() }")
            return "struct Screen\(index)View: View {\n    @EnvironmentObject var navigator: FlowNavigator<Screen>\n"
                + "    var body: some View {\n        List {\n            "
                + buttons.joined(separator: "\n            ") + "\n        }\n    }\n}"
        }
        return """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
            \(cases)
            }

            struct AppCoordinator: View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        HomeView().flowDestination(for: Screen.self) { screen in
                            switch screen {
            \(destinations.joined(separator: "\n"))
                            }
                        }
                    }
                }
            }

            struct HomeView: View {
                @EnvironmentObject var navigator: FlowNavigator<Screen>
                var body: some View { Button("Start") { navigator.push(.screen0) } }
            }

            \(views.joined(separator: "\n\n"))

            """
    }

    // 3. The navigation map had no layout budget: 100 far-jumping screens took 23 s, 200 over 300 s.
    @Test func aNavigationMapOverTheLayoutBudgetIsRefusedBeforeGraphviz() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("apps/big"), withIntermediateDirectories: true)
        try folder.write("apps/big/App.swift", Self.farJumpingApp(200))
        let (scan, killed) = try Self.run(["scan", "apps/big", "-o", "map.svg"], in: folder.url, timeout: 30)
        #expect(!killed, "scan -o map.svg of 200 screens was still running after 30 s")
        #expect(scan.status == 1)
        #expect(scan.standardError.hasPrefix("map.svg: the navigation map would be a layout of "))
        #expect(scan.standardError.contains("ranks crossed by long arrows"))
        #expect(scan.standardError.contains("(limit layout=6000 layout units; raise it with --limit layout=60000)"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("map.svg").path))
        // A batch draws each app's map under the same budget, and fails only that app.
        let (batch, batchKilled) = try Self.run(["render", "apps", "-o", "out", "-T", "svg"], in: folder.url)
        #expect(!batchKilled)
        #expect(batch.status == 1)
        #expect(batch.standardError.contains("the navigation map would be a layout of "))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/big.svg").path))
    }

    // 3. `--limit layout=` was accepted and ignored for maps; the 60-screen benchmark app still draws.
    @Test func theMapHonoursLimitLayoutAndTheBenchmarkAppStillDraws() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("Bench.swift", Self.benchmarkApp())
        let (drawn, _) = try Self.run(["scan", "Bench.swift", "-o", "map.svg"], in: folder.url, timeout: 120)
        #expect(drawn.status == 0, "\(drawn.standardError)")
        let svg = try String(contentsOf: folder.url.appendingPathComponent("map.svg"), encoding: .utf8)
        #expect(svg.components(separatedBy: "class=\"node screen\"").count - 1 == 60)
        let (refused, _) = try Self.run(
            ["scan", "Bench.swift", "-o", "small.svg", "--limit", "layout=500"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("(limit layout=500 layout units; raise it with --limit layout=5000)"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("small.svg").path))
    }

    // 4. Stack overflows in the parser and our walks: Swift that `swiftc -parse` accepts crashed with exit 139.
    @Test(arguments: [
        (
            "generic",
            "let x: " + String(repeating: "Array<", count: 500) + "Int" + String(repeating: ">", count: 500)
                + " = []\n"
        ),
        (
            "elseif",
            "func f(x: Int) -> Int {\n    if x == 0 { return 0 }"
                + (1..<4_000).map { " else if x == \($0) { return \($0) }\n" }.joined() + "    return -1\n}\n"
        ),
        ("bang", "let y = x" + String(repeating: "!", count: 100_000) + "\n"),
        (
            "modifiers",
            "import SwiftUI\nstruct V: View {\n    var body: some View {\n        Text(\"a\")"
                + String(repeating: ".padding()", count: 100_000) + "\n    }\n}\n"
        ),
    ])
    func deeplyNestedSwiftIsReadOrRefusedAtItsPlaceNeverACrash(name: String, source: String) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("\(name).swift", source)
        let (result, killed) = try Self.run(["scan", "\(name).swift", "--json"], in: folder.url, timeout: 60)
        #expect(!killed)
        #expect(result.status == 0 || result.status == 1, "exit \(result.status): \(result.standardError.prefix(300))")
        #expect(!result.standardError.contains("Stack dump"))
        if result.status == 1 {
            let first = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("\(name).swift:"), "\(first)")
            #expect(first.contains(": the code nests more than 10000 syntax levels deep here"), "\(first)")
        }
        if name == "generic" || name == "elseif" { #expect(result.status == 0, "\(result.standardError.prefix(300))") }
    }

    /// A deep-link plan whose URL carries `count` numbers, for a rule of `rule`.
    static func deepLinkPlan(values count: Int, rule: String) -> String {
        let url = "app://n/" + (0..<count).map(String.init).joined(separator: "/")
        return #"{"root": {"screen": "Home", "withNavigation": true}, "platform": "ios16", "start": [], "#
            + #""deeplink": {"url": "\#(url)", "rules": [{"match": "app://n/{n:int}...", \#(rule)}]}}"#
    }

    // 5. Deep-link amplification: 1,000 values through 50 × push/pop ran past 120 s in steps, 60 s in render.
    @Test func deepLinkRulesAreBoundedWhenTheyAreExpanded() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let actions = (0..<25).map { _ in #""push({n})", "pop()""# }.joined(separator: ", ")
        try folder.write("amp.json", Self.deepLinkPlan(values: 1_000, rule: #""actions": [\#(actions)]"#))
        for command in [["steps", "amp.json"], ["render", "amp.json", "-o", "amp.svg"], ["check", "amp.json"]] {
            let (result, killed) = try Self.run(command, in: folder.url, timeout: 10)
            #expect(!killed, "\(command) was still running after 10 s")
            #expect(result.status == 1)
            #expect(
                result.standardError.contains(
                    "deeplink.rules[0].actions: this URL expands the rule to 25025 actions (1000 values of {n}) "
                        + "that add 25000 routes to the 0 of start, more than 10000 in one list "
                        + "(limit routes=10000 routes; raise it with --limit routes=100000)"),
                "\(result.standardError.prefix(400))")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("amp.svg").path))
        // 10,000 plain captured values took 32 s before step-routes refused them.
        try folder.write("many.json", Self.deepLinkPlan(values: 10_000, rule: #""actions": ["push({n})"]"#))
        let (many, manyKilled) = try Self.run(["steps", "many.json"], in: folder.url, timeout: 15)
        #expect(!manyKilled, "steps of 10,000 captured values was still running after 15 s")
        #expect(many.status == 1)
        #expect(many.standardError.contains("(limit step-routes=1000000 routes;"), "\(many.standardError)")
        // A rule of routes is counted the same way.
        try folder.write("routes.json", Self.deepLinkPlan(values: 10_001, rule: #""routes": [".push({n})"]"#))
        let (routes, _) = try Self.run(["steps", "routes.json"], in: folder.url, timeout: 15)
        #expect(routes.status == 1)
        #expect(
            routes.standardError.contains(
                "deeplink.rules[0].routes: this URL expands the rule to 10001 routes (10001 values of {n}), more than "
                    + "10000 in one list"), "\(routes.standardError)")
        // Within the limits the same rules still play, and --limit raises them.
        try folder.write("small.json", Self.deepLinkPlan(values: 20, rule: #""actions": [\#(actions)]"#))
        let (small, _) = try Self.run(["steps", "small.json"], in: folder.url)
        #expect(small.status == 0, "\(small.standardError)")
        #expect(small.standardOutput.contains("matches deeplink.rules[0]"))
        try folder.write("mid.json", Self.deepLinkPlan(values: 401, rule: #""actions": [\#(actions)]"#))
        let (refused, _) = try Self.run(["steps", "mid.json"], in: folder.url)
        #expect(refused.status == 1)
        let (raised, _) = try Self.run(["steps", "mid.json", "--limit", "routes=20000"], in: folder.url)
        #expect(raised.status == 1)
        #expect(!raised.standardError.contains("limit routes="), "\(raised.standardError.prefix(400))")
    }

    // 7. The FlowPath type-name demangler was quadratic and refused a long name by the label limit only after.
    @Test func aLongMangledTypeNameIsRefusedBeforeItIsDemangled() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let mangled = "5MyApp7GenericVy" + String(repeating: "Si", count: 200_000) + "G"
        try folder.write("path.json", #"[{"push":{}},"\#(mangled)","{}"]"#)
        for command in [["import", "path.json"], ["steps", "--from", "@path.json", "--to", "[]"]] {
            let (result, killed) = try Self.run(command, in: folder.url, timeout: 10)
            #expect(!killed, "\(command) was still running after 10 s")
            #expect(result.status == 1)
            #expect(
                result.standardError.contains(
                    "[1]: as FlowPath codable JSON (path.codable): the screen's mangled type name is 400017 characters "
                        + "long, more than 4000 (limit label=4000 characters; raise it with --limit label=40000)"),
                "\(result.standardError.prefix(400))")
        }
        // A generic of many arguments within the limit still reads.
        let fine = "5MyApp7GenericVy" + String(repeating: "Si", count: 500) + "G"
        try folder.write("fine.json", #"[{"push":{}},"\#(fine)","{\"value\":1}"]"#)
        let (read, _) = try Self.run(["import", "fine.json"], in: folder.url)
        #expect(read.status == 0, "\(read.standardError.prefix(300))")
        #expect(read.standardOutput.hasPrefix(".push(\"Generic<Int, Int,"))
    }

    // 6. Scan was super-linear on long modifier chains: 4,000 `.padding()` took 26 s, 10,000 over 120 s.
    @Test func aLongModifierChainScansInLinearTime() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let chain = String(repeating: ".padding()", count: 4_000)
        try folder.write(
            "Chain.swift",
            "import SwiftUI\nstruct V: View {\n    var body: some View {\n        Text(\"a\")\(chain)\n    }\n}\n")
        let (result, killed) = try Self.run(["scan", "Chain.swift", "--json"], in: folder.url, timeout: 20)
        #expect(!killed, "scan of 4,000 modifiers was still running after 20 s")
        #expect(result.status == 0, "\(result.standardError.prefix(300))")
        #expect(result.standardOutput.contains("\"screens\""))
    }

    // 6. Scan had no bound on how many files or bytes it reads (100,000 tiny files: 23 s, 1.36 GB).
    @Test func scanRefusesMoreFilesOrBytesThanItsLimits() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("App"), withIntermediateDirectories: true)
        for index in 0..<12 {
            try folder.write("App/F\(String(format: "%02d", index)).swift", "let value\(index) = \(index)\n")
        }
        let (files, _) = try Self.run(["scan", "App", "--limit", "swift-files=10"], in: folder.url)
        #expect(files.status == 1)
        #expect(
            files.standardError.hasPrefix(
                "App/F10.swift: more than 10 Swift files to scan (12) (limit swift-files=10 files; "
                    + "raise it with --limit swift-files=100)"), "\(files.standardError)")
        let (bytes, _) = try Self.run(["scan", "App", "--limit", "swift-size=100"], in: folder.url)
        #expect(bytes.status == 1)
        #expect(
            bytes.standardError.hasPrefix(
                "App/F06.swift: the Swift files up to this one hold 105 bytes, more than one scan reads (100; "),
            "\(bytes.standardError)")
        #expect(bytes.standardError.contains("(limit swift-size=100 bytes; raise it with --limit swift-size=1000)"))
        let (both, _) = try Self.run(["scan", "App", "--limit", "swift-files=12,swift-size=1K"], in: folder.url)
        #expect(both.status == 0, "\(both.standardError)")
    }

    // 6. 100,000 tiny files were all read and parsed (23 s, 1.36 GB) before anything said no.
    @Test(.heavy) func aHundredThousandTinyFilesAreRefusedBeforeTheyAreRead() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let app = folder.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for index in 0..<100_000 {
            try Data("let v\(index) = \(index)\n".utf8).write(to: app.appendingPathComponent("F\(index).swift"))
        }
        let (result, killed) = try Self.run(["scan", "App", "--json"], in: folder.url, timeout: 60)
        #expect(!killed)
        #expect(result.status == 1)
        #expect(result.standardError.contains("more than 20000 Swift files to scan (100000) (limit swift-files=20000"))
    }

    // 13. `steps --swift` wrote Swift that does not compile for these screens; now escaped or written as strings.
    @Test func stepsSwiftCompilesForScreensThatAreNotPlainCases() throws {
        let swiftc = try #require(SwiftStepsCompileTests.swiftc, "swiftc is not on PATH")
        let folder = try PlanFolder()
        defer { folder.remove() }
        let screens = ["_", "precedencegroup", "x(inout: 1)", "x(a: 1, a: 2)", "x(99999999999999999999)"]
        var wrapped: [String] = []
        for (index, screen) in screens.enumerated() {
            let plan = try folder.write(
                "p\(index).json", #"{"start": [".push(Home)"], "end": [".push(Home)", ".push(\#(screen))"]}"#)
            let (result, _) = try Self.run(["steps", plan, "--swift"], in: folder.url)
            #expect(result.status == 0, "\(screen): \(result.standardError)")
            wrapped.append("/// \(screen)\nstruct Plan\(index) {\n\(result.standardOutput)}\n")
        }
        try folder.write("Route.swift", SwiftStepsCompileTests.standIn)
        try folder.write("Plans.swift", wrapped.joined(separator: "\n"))
        let (status, output) = try BuiltBinary.runTool(
            URL(fileURLWithPath: swiftc), ["-typecheck", "-swift-version", "6", "Route.swift", "Plans.swift"],
            in: folder.url)
        #expect(status == 0, "swiftc -typecheck failed:\n\(output.prefix(4000))")
        #expect(wrapped[1].contains("case `precedencegroup`"))
        #expect(wrapped[2].contains("case x(`inout`: Int)"))
        #expect(wrapped[3].contains(#".push("x(a: 1, a: 2)")"#))
    }

    // 13. An error in a plan scanned from Swift pointed at a column of JSON nobody wrote.
    @Test func anErrorInAScannedPlanNamesTheSwiftFunction() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write(
            "App.swift",
            """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
                case a
            }

            struct AppCoordinator: View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        Text("home").flowDestination(for: Screen.self) { screen in
                            switch screen {
                            case .a: Text("a")
                            }
                        }
                    }
                }

                func broken() {
                    routes.push(.a)
                    routes.goBack()
                    routes.goBack()
                }
            }

            """)
        let (result, _) = try Self.run(["render", "App.swift", "--function", "broken", "-o", "x.svg"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "App.swift:21:10: actions[2]: goBack(): cannot go back 1 screen: no route is above the root"),
            "\(result.standardError)")
    }
}
