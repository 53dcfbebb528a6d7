import FlowGraph
import Graphviz

/// The drawings the tests check and render: the five pictures a reviewer looks at, plus a hostile one.
enum Fixtures {
    /// (a) A push-only stack.
    static let pushOnly = StackDiagram(
        title: "Push-only stack", root: Root(screen: "Home"),
        routes: [.push("Feed"), .push("Post(id: 42)"), .push("Comments")])

    /// (b) A sheet over a cover, both with navigation, with pushes in each layer.
    static let sheetOverCover = StackDiagram(
        title: "Sheet over a cover with navigation", root: Root(screen: "Home"),
        routes: [
            .push("Library"), .cover("Onboarding", withNavigation: true), .push("Permissions"),
            .sheet("Settings", withNavigation: true), .push("Account"),
        ])

    /// (c) Invalid pushes: a sheet without navigation gets a push, and so does a root without navigation.
    static let invalidPush = StackDiagram(
        title: "Pushes FlowStacks would reject", root: Root(screen: "Home", withNavigation: false),
        routes: [.push("Feed"), .sheet("Profile"), .push("EditProfile")])

    /// (d) The same change under iOS 16 and iOS 17 rules, one row each.
    static func rulesComparison(theme: Theme = .light) -> TimelineDiagram {
        let start: [PlanRoute] = [.sheet("A", withNavigation: true), .push("B"), .sheet("C")]
        let end: [PlanRoute] = [.push("D")]
        return TimelineDiagram(
            title: "Deep link to D: iOS 16 vs iOS 17", root: Root(screen: "Home"),
            rows: Platform.allCases.map { platform in
                TimelineDiagram.Row(
                    label: platform.displayName,
                    transitions: [PlanTransition(from: start, to: end, rules: PlatformRules(platform: platform))])
            }, theme: theme)
    }

    /// (e) Six navigator actions played one after another.
    static func actionSequence(theme: Theme = .light) -> TimelineDiagram {
        let rules = PlatformRules(platform: .ios16)
        let states: [(String, [PlanRoute])] = [
            ("push(Feed)", [.push("Feed")]),
            ("presentSheet(Profile, withNavigation: true)", [.push("Feed"), .sheet("Profile", withNavigation: true)]),
            ("push(Edit)", [.push("Feed"), .sheet("Profile", withNavigation: true), .push("Edit")]),
            (
                "presentCover(Login)",
                [.push("Feed"), .sheet("Profile", withNavigation: true), .push("Edit"), .cover("Login")]
            ),
            ("goBackToRoot()", []),
            ("push(Settings)", [.push("Settings")]),
        ]
        var transitions: [PlanTransition] = []
        var current: [PlanRoute] = []
        for (action, next) in states {
            transitions.append(PlanTransition(action: action, from: current, to: next, rules: rules))
            current = next
        }
        return TimelineDiagram(title: "Six actions", root: Root(screen: "Home"), transitions: transitions, theme: theme)
    }

    /// (f) A nine-step deep link between two short changes, wrapped four steps a line.
    static func wrappedLines(theme: Theme = .light) -> TimelineDiagram {
        let rules = PlatformRules()
        let deepLink = PlanTransition(action: "deep link", from: [], to: (1...8).map { .push("S\($0)") }, rules: rules)
        let short = PlanTransition(action: "push(A)", from: [], to: [.push("A")], rules: rules)
        return TimelineDiagram(
            title: "Wrapped lines", root: Root(screen: "Home"), rows: [.init(transitions: [short, deepLink, short])],
            theme: theme, options: .init(width: 520))
    }

    /// A screen name that would expand, inject markup or read a file if it reached Graphviz unescaped.
    static let hostileScreen = #"\N <IMG SRC="/etc/hostname"/> & "x""#
}

extension Fixtures {
    /// Transitions totalling at least `steps` steps whose stacks hold about `screens` routes each.
    ///
    /// Under iOS 16 rules each transition swaps the top quarter of the stack between one-screen sheet layers
    /// and cover layers: one step per dismissal, then one per presentation, on `screens × 3/4` pushes.
    static func timelineLoad(steps: Int, screens: Int) -> [PlanTransition] {
        let layers = max(screens / 4, 1)
        let pushes = (0..<(screens - layers)).map { PlanRoute.push("Screen \($0)") }
        let sheets = pushes + (0..<layers).map { PlanRoute.sheet("Sheet \($0)") }
        let covers = pushes + (0..<layers).map { PlanRoute.cover("Cover \($0)") }
        var transitions: [PlanTransition] = []
        var total = 0
        while total < steps {
            let (from, to) = transitions.count.isMultiple(of: 2) ? (sheets, covers) : (covers, sheets)
            let transition = PlanTransition(
                action: "swap \(transitions.count)", from: from, to: to, rules: PlatformRules(platform: .ios16))
            transitions.append(transition)
            total += transition.steps.count
        }
        return transitions
    }
}
