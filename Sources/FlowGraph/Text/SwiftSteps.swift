import FlowModel

/// `flowgraph steps --swift`: the steps as one Swift file that compiles against FlowStacks' `Route`.
///
/// The file declares the screen type its routes use, then one computed `var` per transition (and per rule set
/// when rules are compared), step 0 first; computed, so it compiles in Swift 6 mode although FlowStacks'
/// `Route` is not `Sendable`:
/// - screens that are all whole numbers are `Route<Int>`;
/// - screens that all read as enum cases (`Home`, `profile(userID: "u1")`, `LoginScreen()`) become a
///   `Screen` enum declared at the top (`case home`, `case profile(userID: String)`), written `.home`;
/// - anything else (`"Hello world"`, a mix of numbers and names, `Number(value: 2)` beside `.number(2)`) is
///   `Route<String>`, every screen a string literal.
public enum SwiftSteps {
    /// The file for the transitions of one or more rule sets.
    public static func file(_ ruleSets: [(rules: PlatformRules, transitions: [PlanTransition])], plan: Plan) -> String {
        let allRoutes = ruleSets.flatMap { $0.transitions }.flatMap { [$0.from, $0.to] + $0.steps }.flatMap { $0 }
        let screens = ScreenType(labels: allRoutes.map(\.screen))
        var lines = ["// FlowStacks' steps for each change, step 0 first (flowgraph steps --swift)."]
        if let title = plan.title { lines.append("// " + oneLine(title)) }
        lines += screens.declaration
        for (rules, transitions) in ruleSets {
            let suffix = ruleSets.count > 1 ? suffix(rules) : ""
            lines.append("")
            lines.append("// Rules: \(rules.summary)")
            if transitions.isEmpty {
                lines.append("// No change: the plan has no end, actions or states.")
                lines.append("var expectedSteps\(suffix): [[Route<\(screens.typeName)>]] { [] }")
            }
            for (number, transition) in transitions.enumerated() {
                let name = "expectedSteps" + suffix + (transitions.count == 1 ? "" : "\(number + 1)")
                if number > 0 { lines.append("") }
                var header = "// Transition \(number + 1) of \(transitions.count)"
                if let action = transition.action { header += ": " + oneLine(action) }
                lines.append(header)
                lines.append("// from: " + screens.list(transition.from))
                lines.append("// to:   " + screens.list(transition.to))
                if transition.steps.isEmpty {
                    lines.append("var \(name): [[Route<\(screens.typeName)>]] { [] }")
                    continue
                }
                lines.append("var \(name): [[Route<\(screens.typeName)>]] {")
                lines.append("    [")
                lines += transition.steps.map { "        " + screens.list($0) + "," }
                lines.append("    ]")
                lines.append("}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The part of a name that tells compared rule sets apart, e.g. `IOS16NavigationView`.
    static func suffix(_ rules: PlatformRules) -> String {
        (rules.platform == .ios16 ? "IOS16" : "IOS17")
            + (rules.navigationUpdatesInOne ? "NavigationStack" : "NavigationView")
    }

    /// Text for a `//` comment: line breaks written as `\n`.
    static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }
}

/// The Swift type the screens of a `--swift` file are written in, and how each screen is written.
struct ScreenType {
    /// A screen read as an enum case: its case name and its associated values (label, literal, type).
    struct Case: Hashable {
        var name: String
        var arguments: [(label: String?, literal: String, type: String)]

        static func == (lhs: Case, rhs: Case) -> Bool {
            lhs.name == rhs.name && lhs.signature == rhs.signature
                && lhs.arguments.map(\.literal) == rhs.arguments.map(\.literal)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(arguments.map(\.literal))
        }

        /// `profile(userID: String)`, or just the name.
        var signature: String {
            guard !arguments.isEmpty else { return name }
            return name + "("
                + arguments.map { ($0.label.map(Self.label) ?? "") + $0.type }.joined(separator: ", ") + ")"
        }

        /// `.profile(userID: "u1")`.
        var expression: String {
            guard !arguments.isEmpty else { return "." + name }
            return "." + name + "("
                + arguments.map { ($0.label.map(Self.label) ?? "") + $0.literal }.joined(separator: ", ") + ")"
        }

        /// An argument label and its colon; the keywords a label cannot be (`inout`, `var`, `let`) in backticks.
        static func label(_ label: String) -> String {
            ["inout", "var", "let"].contains(label) ? "`\(label)`: " : "\(label): "
        }
    }

    enum Kind {
        case integers
        case cases([String: Case])
        case strings
    }

    let kind: Kind
    /// Whether there were no screens at all (a plan without a change).
    let isEmpty: Bool

    /// Chooses the type for a set of screen labels.
    init(labels: [String]) {
        isEmpty = labels.isEmpty
        if !labels.isEmpty, labels.allSatisfy({ Int($0) != nil }) {
            kind = .integers
            return
        }
        var cases: [String: Case] = [:]
        var signatures: [String: String] = [:]
        var labelOfName: [String: String] = [:]
        for label in labels where cases[label] == nil {
            guard let parsed = Self.parseCase(label) else {
                kind = .strings
                return
            }
            // One case name must keep one signature, and two different screens must not meet in one name.
            if let signature = signatures[parsed.name], signature != parsed.signature {
                kind = .strings
                return
            }
            let base = label.prefix { $0 != "(" }
            if let other = labelOfName[parsed.name], other != String(base) {
                kind = .strings
                return
            }
            signatures[parsed.name] = parsed.signature
            labelOfName[parsed.name] = String(base)
            cases[label] = parsed
        }
        kind = cases.isEmpty ? .strings : .cases(cases)
    }

    /// The type written in `Route<…>`.
    var typeName: String {
        switch kind {
        case .integers: "Int"
        case .cases: "Screen"
        case .strings: "String"
        }
    }

    /// The lines declaring the type, with a comment saying what was chosen.
    var declaration: [String] {
        switch kind {
        case .integers:
            return ["// The screens are whole numbers: Route<Int>."]
        case .strings:
            if isEmpty { return [] }
            return ["// The screens are not all enum cases, so they are written as strings: Route<String>."]
        case .cases(let cases):
            var seen = Set<String>()
            var members: [String] = []
            for signature in cases.values.map(\.signature).sorted() where seen.insert(signature).inserted {
                members.append("    case \(signature)")
            }
            return [
                "// The screens these steps show. Delete this enum to compare with your own Screen type.",
                "enum Screen: Hashable {",
            ] + members + ["}"]
        }
    }

    /// Routes as a Swift array literal.
    func list(_ routes: [PlanRoute]) -> String {
        "[" + routes.map(route).joined(separator: ", ") + "]"
    }

    func route(_ route: PlanRoute) -> String {
        let screen = self.screen(route.screen)
        switch route.style {
        case .push: return ".push(\(screen))"
        case .sheet(let withNavigation), .cover(let withNavigation):
            return withNavigation
                ? ".\(route.style.kindName)(\(screen), withNavigation: true)" : ".\(route.style.kindName)(\(screen))"
        }
    }

    func screen(_ label: String) -> String {
        switch kind {
        case .integers: label
        case .cases(let cases): cases[label]?.expression ?? swiftStringLiteral(label)
        case .strings: swiftStringLiteral(label)
        }
    }

    /// Reads `Name`, `name(label: literal, …)` or `Name()` as an enum case; `nil` for anything else.
    static func parseCase(_ label: String) -> Case? {
        let scalars = Array(label.unicodeScalars)
        var index = 0
        func identifier() -> String? {
            let start = index
            guard index < scalars.count, scalars[index] == "_" || scalars[index].properties.isAlphabetic,
                scalars[index].isASCII
            else { return nil }
            while index < scalars.count, scalars[index].isASCII,
                scalars[index] == "_" || scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
            {
                index += 1
            }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }
        func skipSpaces() { while index < scalars.count, scalars[index] == " " { index += 1 } }
        guard let name = identifier() else { return nil }
        var arguments: [(label: String?, literal: String, type: String)] = []
        if index < scalars.count {
            guard scalars[index] == "(", scalars.last == ")" else { return nil }
            index += 1
            skipSpaces()
            while index < scalars.count - 1 {
                skipSpaces()
                let save = index
                var argumentLabel: String?
                if let word = identifier() {
                    skipSpaces()
                    if index < scalars.count, scalars[index] == ":" {
                        argumentLabel = word
                        index += 1
                        skipSpaces()
                    } else {
                        index = save
                    }
                }
                guard let (literal, type) = Self.literal(scalars, &index) else { return nil }
                arguments.append((argumentLabel, literal, type))
                skipSpaces()
                if index < scalars.count - 1 {
                    guard scalars[index] == "," else { return nil }
                    index += 1
                }
            }
        }
        // `_` names no case, and one label twice is a redeclaration: such screens are written as strings.
        let labels = arguments.compactMap(\.label)
        guard name != "_", Set(labels).count == labels.count else { return nil }
        return Case(name: caseName(name), arguments: arguments)
    }

    /// A literal at `index`: a string, a whole or decimal number, or `true`/`false`, with its type.
    private static func literal(_ scalars: [Unicode.Scalar], _ index: inout Int) -> (String, String)? {
        let start = index
        guard index < scalars.count else { return nil }
        if scalars[index] == "\"" {
            index += 1
            var escaped = false
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    if index < scalars.count, scalars[index] == "(" { return nil }  // no interpolation
                    escaped = true
                } else if scalar == "\"" {
                    return (String(String.UnicodeScalarView(scalars[start..<index])), "String")
                }
            }
            return nil
        }
        for word in ["true", "false"] {
            let end = index + word.unicodeScalars.count
            if end <= scalars.count, String(String.UnicodeScalarView(scalars[index..<end])) == word {
                index = end
                return (word, "Bool")
            }
        }
        if scalars[index] == "-" { index += 1 }
        let digits = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        guard index > digits else { return nil }
        var type = "Int"
        if index + 1 < scalars.count, scalars[index] == ".", ("0"..."9").contains(scalars[index + 1]) {
            index += 1
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            type = "Double"
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        // A number Swift cannot hold in its type does not compile (`99999999999999999999` overflows Int).
        if type == "Int" ? Int(text) == nil : !(Double(text)?.isFinite ?? false) { return nil }
        return (text, type)
    }

    /// A type-like name as a case: `ReportIssue` → `reportIssue`, `URLView` → `urlView`; keywords in backticks.
    static func caseName(_ name: String) -> String {
        let characters = Array(name)
        var upper = 0
        while upper < characters.count, characters[upper].isUppercase { upper += 1 }
        let lowered: String
        if upper <= 1 || upper == characters.count {
            lowered =
                String(characters.prefix(max(upper, 1))).lowercased() + String(characters.dropFirst(max(upper, 1)))
        } else {
            lowered = String(characters.prefix(upper - 1)).lowercased() + String(characters.dropFirst(upper - 1))
        }
        return keywords.contains(lowered) ? "`\(lowered)`" : lowered
    }

    private static let keywords: Set<String> = [
        "associatedtype", "as", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
        "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import",
        "in", "init", "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public", "repeat",
        "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "var", "where", "while", "any", "some", "precedencegroup", "Type", "Protocol",
        "Any", "await",
    ]
}
