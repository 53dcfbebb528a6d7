import Foundation
import Testing

/// `flowgraph scan` and `render File.swift --function` run as a built binary over Swift source: FlowStacksApp's
/// sources from the FlowStacks seed (Samples/FlowStacksApp) and apps built from the SwiftfulRouting and
/// swiftui-navigation-stack READMEs (Samples/SwiftfulRoutingReadme, Samples/NavigationStackReadme), which
/// `make run` also draws into Output/.
@Suite struct ScanEndToEndTests {
    static let fixtures = "Samples"
    static let flowStacksApp = "\(fixtures)/FlowStacksApp"

    /// Runs flowgraph in the package root, so file names in its output are the fixtures' relative paths.
    static func run(_ arguments: [String]) throws -> BuiltBinary.Result {
        try BuiltBinary.run(arguments, in: BuiltBinary.packageRoot)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func plan(_ folder: PlanFolder, _ name: String) throws -> [String: Any] {
        try json(String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8))
    }

    @Test func flowStacksAppJSONMatchesTheGoldenFile() throws {
        let result = try Self.run(["scan", Self.flowStacksApp, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        try Golden.check(result.standardOutput, "scan-flowstacksapp.json")
        let scan = try Self.json(result.standardOutput)
        let screens = try #require(scan["screens"] as? [[String: Any]])
        let edges = try #require(scan["edges"] as? [[String: Any]])
        // The ArrayBindingView screens, named as route notation writes them, with their views.
        let names = Set(screens.compactMap { $0["name"] as? String })
        #expect(
            names.isSuperset(of: ["number", "numberList", "visualisation", "child", "HomeView", "Int", "NumberView"]))
        #expect(screens.contains { $0["name"] as? String == "numberList" && $0["view"] as? String == "NumberListView" })
        // NumberView's three buttons in NumberCoordinator, located.
        for (call, style) in [
            ("navigator.presentCover(number * 2, withNavigation: true)", "cover"),
            ("navigator.presentSheet(number * 2, withNavigation: true)", "sheet"),
            ("navigator.push(number + 1)", "push"),
        ] {
            #expect(
                edges.contains {
                    $0["call"] as? String == call && $0["style"] as? String == style && $0["to"] as? String == "Int"
                        && ($0["file"] as? String)?.hasSuffix("NumberCoordinator.swift") == true
                        && $0["line"] as? Int != nil && $0["column"] as? Int != nil
                }, "missing \(style) edge for \(call)")
        }
        // The deep link is an entry point; goBack is a back edge, not a screen.
        #expect(
            edges.contains {
                $0["from"] as? String == "onOpenURL → follow" && $0["call"] as? String == "routes.push(number)"
            })
        #expect(edges.contains { $0["style"] as? String == "back" && $0["call"] as? String == "navigator.goBack()" })
        #expect(result.standardError.contains("warning: cannot follow: routes = savedRoutes"))
    }

    @Test func goRandomBecomesAStatesPlanOfItsFiveOptions() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let result = try Self.run(["scan", Self.flowStacksApp, "--plans", folder.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        let plan = try Self.plan(folder, "NumberCoordinator.goRandom.json")
        let states = try #require(plan["states"] as? [[String]])
        #expect(
            states == [
                [],
                [".push(1)", ".push(2)", ".push(3)", ".sheet(4, withNavigation: true)", ".push(5)"],
                [".push(1)", ".push(2)", ".push(3)"],
                [
                    ".push(1)", ".sheet(2, withNavigation: true)", ".push(3)", ".sheet(4, withNavigation: true)",
                    ".push(5)",
                ],
                [
                    ".sheet(1, withNavigation: true)", ".cover(2, withNavigation: true)", ".push(3)",
                    ".sheet(4, withNavigation: true)", ".push(5)",
                ],
            ])
        let root = try #require(plan["root"] as? [String: Any])
        #expect(root["screen"] as? String == "NumberView" && root["withNavigation"] as? Bool == true)
        // steps accepts it unchanged.
        let steps = try BuiltBinary.run(["steps", "NumberCoordinator.goRandom.json"], in: folder.url)
        #expect(steps.status == 0, "\(steps.standardError)")
        #expect(steps.standardOutput.contains("Transition 5 of 5"))
        // The view-model flavour's options are built by a local function: no plan, and it says why.
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("NumberVMFlow.ViewModel.goRandom.json").path))
        #expect(result.standardError.contains("screenViewModel(1)"))
    }

    @Test func followBecomesADeepLinkPlanWhoseStepsMatchTheSample() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let result = try Self.run(["scan", Self.flowStacksApp, "--plans", folder.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        var plan = try Self.plan(folder, "NumberCoordinator.follow.json")
        let deeplink = try #require(plan["deeplink"] as? [String: Any])
        let rules = try #require(deeplink["rules"] as? [[String: Any]])
        #expect(rules.count == 1)
        #expect(rules[0]["match"] as? String == "flowstacksapp://numbers/{number:int}...")
        #expect(rules[0]["actions"] as? [String] == ["push({number})"])
        #expect(deeplink["url"] == nil, "the URL is known only when the app runs; the plan takes --url")

        // From the sample's state and platform, the scanned rules play the same steps as the sample's rules.
        let sample = try Self.json(
            String(
                contentsOf: BuiltBinary.packageRoot.appendingPathComponent("Samples/numbers-deeplink-from-state.json"),
                encoding: .utf8))
        plan["start"] = sample["start"]
        plan["platform"] = sample["platform"]
        let data = try JSONSerialization.data(withJSONObject: plan)
        try folder.write("follow-from-state.json", String(decoding: data, as: UTF8.self))
        let scanned = try BuiltBinary.run(
            ["steps", "follow-from-state.json", "--url", "flowstacksapp://numbers/1/2/3"], in: folder.url)
        let expected = try Self.run(["steps", "Samples/numbers-deeplink-from-state.json"])
        #expect(scanned.status == 0, "\(scanned.standardError)")
        #expect(expected.status == 0)
        func transitions(_ text: String) -> String {
            String(text[(text.range(of: "Transition 1 of 1")?.lowerBound ?? text.endIndex)...])
        }
        #expect(!transitions(expected.standardOutput).isEmpty)
        #expect(transitions(scanned.standardOutput) == transitions(expected.standardOutput))
    }

    @Test func renderDrawsAFunctionOfASwiftFileDirectly() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("follow.svg").path
        let file = "\(Self.flowStacksApp)/NumberCoordinator.swift"
        let result = try Self.run([
            "render", file, "--function", "follow", "--url", "flowstacksapp://numbers/4/5", "-o", output,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains(">push 4<") && svg.contains(">push 5<"))

        let noURL = try Self.run(["render", file, "--function", "follow", "-o", output + "2.svg"])
        #expect(noURL.status == 1)
        #expect(noURL.standardError.contains("pass --url URL"))
        let missing = try Self.run(["render", file, "--function", "goHome", "-o", output + "3.svg"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no plan found in a function named 'goHome'"))
        #expect(missing.standardError.contains("NumberCoordinator.goRandom"))
        let noFunction = try Self.run(["render", file, "-o", output + "4.svg"])
        #expect(noFunction.status == 2)
        #expect(noFunction.standardError.contains("--function NAME"))
        #expect(!FileManager.default.fileExists(atPath: output + "2.svg"))
    }

    /// Renders the FlowStacksApp map into a temporary folder; `FLOWGRAPH_GALLERY=DIR` keeps the drawings there for
    /// looking at.
    @Test func flowStacksAppMapRenders() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let maps = folder.url
        for format in ["svg", "png"] {
            let output = maps.appendingPathComponent("flowstacksapp-map.\(format)").path
            let result = try Self.run(["scan", Self.flowStacksApp, "-o", output])
            #expect(result.status == 0, "\(result.standardError)")
            let size = (try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            #expect(size > 1000)
        }
        let svg = try String(contentsOf: maps.appendingPathComponent("flowstacksapp-map.svg"), encoding: .utf8)
        // Five stacks as boxes, the deep links as entries, calls located in tooltips.
        #expect(svg.components(separatedBy: "class=\"cluster coordinator\"").count - 1 == 5)
        #expect(svg.components(separatedBy: "class=\"node entry\"").count - 1 == 2)
        #expect(svg.contains("navigator.push(.number(99))"))
        #expect(svg.contains("NumberCoordinator.swift:"))
        #expect(svg.contains("↩ goBack()"))
        if let gallery = ProcessInfo.processInfo.environment["FLOWGRAPH_GALLERY"] {
            let kept = URL(fileURLWithPath: gallery)
            try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
            for format in ["svg", "png"] {
                let name = "flowstacksapp-map.\(format)"
                try? FileManager.default.removeItem(at: kept.appendingPathComponent(name))
                try FileManager.default.copyItem(
                    at: maps.appendingPathComponent(name), to: kept.appendingPathComponent(name))
            }
        }
    }

    @Test func swiftfulRoutingReadmeAppScansToAMapAndAPlan() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let result = try Self.run([
            "scan", "\(Self.fixtures)/SwiftfulRoutingReadme", "--json", "--plans", folder.url.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        try Golden.check(result.standardOutput, "scan-swiftfulrouting-readme.json")
        let edges = try #require(try Self.json(result.standardOutput)["edges"] as? [[String: Any]])
        let shown = edges.map { "\($0["from"] ?? "") \($0["style"] ?? "") \($0["to"] ?? "")" }
        #expect(shown.contains("MyView push AnotherView"))
        #expect(shown.contains("MyView sheet SettingsView"))
        #expect(shown.contains("MyView cover OnboardingView"))
        #expect(shown.contains("AnotherView push DetailView"))
        // router3 is DetailView's router: its dismissScreen() runs on DetailView, as the README explains.
        #expect(shown.contains { $0.hasPrefix("DetailView dismiss") })
        let steps = try BuiltBinary.run(["steps", "MyView.startOnboarding.json"], in: folder.url)
        #expect(steps.status == 0, "\(steps.standardError)")
        #expect(steps.standardOutput.contains("show .fullScreenCover OnboardingView()"))
    }

    @Test func navigationStackReadmeAppScansToAMapAndAPlan() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let result = try Self.run([
            "scan", "\(Self.fixtures)/NavigationStackReadme", "--json", "--plans", folder.url.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        try Golden.check(result.standardOutput, "scan-navigationstack-readme.json")
        let edges = try #require(try Self.json(result.standardOutput)["edges"] as? [[String: Any]])
        let shown = edges.map { "\($0["from"] ?? "") \($0["style"] ?? "") \($0["to"] ?? "")" }
        #expect(shown.contains("MyHome push ChildView"))
        #expect(shown.contains("MyHome push SignUpScreen"))
        #expect(shown.contains("ChildView back MyHome"))
        let steps = try BuiltBinary.run(["steps", "MyHome.showSignUp.json"], in: folder.url)
        #expect(steps.status == 0, "\(steps.standardError)")
        #expect(steps.standardOutput.contains("push TermsScreen()"))
    }
}
