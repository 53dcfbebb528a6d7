/// Bounds on what FlowGraph reads and computes, so a huge or hostile input fails fast with a clear error
/// instead of hanging or exhausting memory.
///
/// The defaults are far above what real apps need (a deep link is a handful of routes; a long plan a few
/// hundred steps) and far below what would take minutes or gigabytes. Each can be raised on the command
/// line with `--limit NAME=VALUE[,NAME=VALUE…]`, e.g. `--limit routes=50000,step-routes=5000000`.
/// JSON nesting is bounded separately and for good (``JSONValue/maximumDepth``), since deeper nesting
/// would overflow the stack.
public struct Limits: Hashable, Codable, Sendable {
    /// The name of one limit, as written after `--limit`.
    public enum Name: String, CaseIterable, Hashable, Sendable {
        /// The size of an input file in bytes.
        case fileSize = "file-size"
        /// The routes in one route list (a plan's `start`, `end` or one of its `states`, or an imported list).
        case routes
        /// The characters (Unicode scalars) of one screen name or title.
        case label
        /// The steps of all of a plan's transitions together (under one rule set).
        case steps
        /// The routes in all those steps together: what a timeline draws, and the work of computing it.
        case stepRoutes = "step-routes"
        /// The size of a drawing's layout (nodes + edges + 4 × boxes + table cells / 16), checked before
        /// Graphviz lays it out.
        case layout
        /// The Swift files one scan reads.
        case swiftFiles = "swift-files"
        /// The bytes of all the Swift files one scan reads together.
        case swiftSize = "swift-size"

        /// What the limit counts, for messages: "bytes", "routes"…
        var unit: String {
            switch self {
            case .fileSize, .swiftSize: "bytes"
            case .swiftFiles: "files"
            case .routes, .stepRoutes: "routes"
            case .label: "characters"
            case .steps: "steps"
            case .layout: "layout units"
            }
        }
    }

    /// The largest input file read, in bytes (16 MiB).
    public var fileSize = 16 * 1024 * 1024
    /// The most routes in one route list.
    public var routes = 10_000
    /// The most characters (Unicode scalars) in one screen name or title: about the widest text Graphviz
    /// still lays out (nodes up to 65,535 pt wide) in the 14-pt screen font, even in wide CJK characters.
    public var label = 4_000
    /// The most steps in all of a plan's transitions together.
    public var steps = 100_000
    /// The most routes in all of a plan's steps together.
    public var stepRoutes = 1_000_000
    /// The largest layout Graphviz is asked for, in layout units (nodes + edges + 4 × clusters + HTML cells
    /// / 16), about 10 s and well under 1 GB on the 2-core machine FlowGraph is measured on (docs/hardening.md, "Limits").
    public var layout = 6_000
    /// The most Swift files one scan reads (`flowgraph scan`, an app in a batch, `render FILE.swift`): about
    /// 5 s and 300 MB of tiny files (100,000 took 23 s and 1.4 GB).
    public var swiftFiles = 20_000
    /// The most bytes of Swift one scan reads in all files together (16 MiB, as much as one input file):
    /// parsing ordinary code keeps about 110 bytes of syntax tree per byte of source, so this bounds a scan
    /// at about 1.8 GB and two minutes (an 8 MB file: 71 s and 940 MB with the debug build on the loaded
    /// 2-core machine; a 15.5 MB one took 96 s and 1.7 GB); long string literals and comments cost far less.
    public var swiftSize = 16 * 1024 * 1024

    /// The default limits.
    public static let `default` = Limits()

    /// Creates the default limits.
    public init() {}

    /// The value of one limit.
    public subscript(name: Name) -> Int {
        get {
            switch name {
            case .fileSize: fileSize
            case .routes: routes
            case .label: label
            case .steps: steps
            case .stepRoutes: stepRoutes
            case .layout: layout
            case .swiftFiles: swiftFiles
            case .swiftSize: swiftSize
            }
        }
        set {
            switch name {
            case .fileSize: fileSize = newValue
            case .routes: routes = newValue
            case .label: label = newValue
            case .steps: steps = newValue
            case .stepRoutes: stepRoutes = newValue
            case .layout: layout = newValue
            case .swiftFiles: swiftFiles = newValue
            case .swiftSize: swiftSize = newValue
            }
        }
    }

    /// Limits with `NAME=VALUE` settings applied, comma-separated as `--limit` takes them
    /// (`routes=50000,file-size=64M`); sizes may end in `K`, `M` or `G` (powers of 1024).
    ///
    /// Throws an error naming the setting that is not understood (a command line reports it as a usage error).
    public func setting(_ text: String, option: String = "--limit") throws(InputError) -> Limits {
        var limits = self
        let names = Name.allCases.map(\.rawValue).joined(separator: ", ")
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else {
                throw InputError("\(option): expected NAME=VALUE such as routes=50000, not '\(part)'; names: \(names)")
            }
            let nameText = String(pieces[0]).trimmingWhitespace().lowercased()
            guard let name = Name(rawValue: nameText) else {
                var message = "\(option): unknown limit '\(pieces[0])'; limits are \(names)"
                message += DidYouMean.hint(for: nameText, among: Name.allCases.map(\.rawValue))
                throw InputError(message)
            }
            guard let value = Self.number(String(pieces[1]).trimmingWhitespace()), value > 0 else {
                throw InputError("\(option): \(name.rawValue) must be a positive whole number, not '\(pieces[1])'")
            }
            limits[name] = value
        }
        return limits
    }

    /// A positive number with an optional `K`, `M` or `G` suffix (×1024, ×1024², ×1024³); `nil` if invalid.
    private static func number(_ text: String) -> Int? {
        let multipliers: [Character: Int] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30]
        var digits = Substring(text.lowercased())
        var multiplier = 1
        if let last = digits.last, let factor = multipliers[last] {
            multiplier = factor
            digits = digits.dropLast()
            if digits.last == "i" || digits.last == "b" { return nil }
        } else if digits.hasSuffix("kb") || digits.hasSuffix("mb") || digits.hasSuffix("gb") {
            return nil
        }
        let plain = digits.filter { $0 != "_" }
        guard !plain.isEmpty, plain.allSatisfy(\.isASCII), let value = Int(plain) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    /// The end of a message about an exceeded limit: names the limit, its value and how to raise it.
    public func exceeded(_ name: Name) -> String {
        let value = self[name]
        let raised = value > Int.max / 10 ? value : value * 10
        return "(limit \(name.rawValue)=\(value) \(name.unit); raise it with --limit \(name.rawValue)=\(raised))"
    }

    /// A message if `text`, a screen name or title, is longer than ``label`` characters; else `nil`.
    public func labelProblem(_ text: String, what: String = "screen name") -> String? {
        // Fast path: no more UTF-8 bytes than the limit means no more scalars either.
        guard text.utf8.count > label else { return nil }
        let count = text.unicodeScalars.count
        guard count > label else { return nil }
        return "the \(what) is \(count) characters long, more than \(label) " + exceeded(.label)
    }
}

extension Limits {
    /// The number of steps and of routes in all of them that `calculateSteps(from:to:rules:)` would return,
    /// computed in time linear in the routes given, without making the steps.
    public static func stepSize(from start: [PlanRoute], to end: [PlanRoute], rules: PlatformRules) -> (
        steps: Int, routes: Int
    ) {
        // Mirrors calculateSteps, tracking only the length of the last step. Every step is a prefix of
        // end[..<firstDivergingIndex] + start[firstDivergingIndex...] until routes are pushed or presented.
        let common = min(start.count, end.count)
        let firstDivergingIndex = (0..<common).first { start[$0].style != end[$0].style } ?? common
        let firstDivergingPresentationIndex =
            (firstDivergingIndex..<start.count).first { start[$0].isPresented } ?? start.count
        func route(at index: Int) -> PlanRoute { index < firstDivergingIndex ? end[index] : start[index] }

        var last = start.count
        var steps = 1
        var routes = last
        func addStep(_ length: Int) {
            last = length
            steps += 1
            routes += length
        }
        if rules.multipleDismissalsInOne {
            if last > firstDivergingPresentationIndex { addStep(firstDivergingIndex) }
        } else {
            while last > firstDivergingPresentationIndex {
                var length = last - 1
                var dismissedIsPresented = route(at: length).isPresented
                while !dismissedIsPresented, length > firstDivergingPresentationIndex {
                    length -= 1
                    dismissedIsPresented = route(at: length).isPresented
                }
                addStep(length)
            }
        }
        if last > firstDivergingIndex {
            var length = last
            while length > firstDivergingIndex, route(at: length - 1).style.isPush { length -= 1 }
            addStep(length)
        }
        while last < end.count {
            if rules.navigationUpdatesInOne, end[last].style.isPush, steps > 1 {
                last += 1
                routes += 1
            } else {
                addStep(last + 1)
            }
        }
        return (steps, routes)
    }
}

/// The steps and routes a plan's transitions have used so far, checked against ``Limits`` before each
/// transition is computed, so a hostile plan is refused before its steps are made.
struct StepBudget {
    let limits: Limits
    let file: String?
    var steps = 0
    var routes = 0

    mutating func charge(
        from start: [PlanRoute], to end: [PlanRoute], rules: PlatformRules, number: Int, keyPath: String,
        position: SourcePosition?
    ) throws(FlowGraphError) {
        let size = Limits.stepSize(from: start, to: end, rules: rules)
        try charge(
            steps: size.steps, routes: size.routes, keyPath: keyPath, position: position,
            what: "transition \(number) has \(size.steps) steps holding \(size.routes) routes under \(rules.summary)")
    }

    /// Charges one call of another library's plan, which runs in one update: at most 2 steps, the stack
    /// before and after it (1 when nothing changes, charged as 2). Also refuses a stack deeper than
    /// ``Limits/routes``.
    mutating func charge(
        call number: Int, routesBefore: Int, routesAfter: Int, keyPath: String, position: SourcePosition?
    ) throws(FlowGraphError) {
        if routesAfter > limits.routes {
            throw FlowGraphError(
                file: file, position: position, keyPath: keyPath,
                message: "call \(number) leaves \(routesAfter) screens on the stack, more than \(limits.routes) "
                    + limits.exceeded(.routes))
        }
        try charge(
            steps: 2, routes: routesBefore + routesAfter, keyPath: keyPath, position: position,
            what: "call \(number) adds up to 2 steps holding \(routesBefore + routesAfter) routes")
    }

    private mutating func charge(
        steps added: Int, routes addedRoutes: Int, keyPath: String, position: SourcePosition?, what: String
    ) throws(FlowGraphError) {
        steps += added
        routes += addedRoutes
        let name: Limits.Name
        let total: Int
        if steps > limits.steps {
            (name, total) = (.steps, limits.steps)
        } else if routes > limits.stepRoutes {
            (name, total) = (.stepRoutes, limits.stepRoutes)
        } else {
            return
        }
        throw FlowGraphError(
            file: file, position: position, keyPath: keyPath,
            message: "\(what), which takes the plan past \(total) "
                + (name == .steps ? "steps " : "routes in all its steps ") + limits.exceeded(name))
    }
}

extension PlanDecoder {
    /// Reports routes read from a list with nested FlowStacks beyond ``Limits/routes`` or ``Limits/label``.
    mutating func withinLimits(_ routes: [PlanRoute], in value: JSONValue, keyPath: String) -> Bool {
        if routes.count > limits.routes {
            report(
                "more than \(limits.routes) routes in one list (\(routes.count)) " + limits.exceeded(.routes),
                at: value.position, keyPath: keyPath)
            return false
        }
        for (index, route) in routes.enumerated() {
            if let problem = limits.labelProblem(route.screen) {
                report("route \(index + 1): " + problem, at: value.position, keyPath: keyPath)
                return false
            }
        }
        return true
    }
}
