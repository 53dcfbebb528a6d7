/// Reads SwiftfulRouting calls and destinations written as Swift.
///
/// Destinations: `.push(Profile)`, `.sheet(Settings, id: "settings")`, `.fullScreenCover(Login, location: .append)`
/// or SwiftfulRouting's own `AnyDestination(id: "x", segue: .sheet) { _ in Settings() }`.
/// Arguments a diagram does not need (`animates:`, `transitionBehavior:`, `onDismiss:`, alert buttons, modal
/// styling) are accepted and ignored so code can be pasted as it is.
enum RouterNotation {
    static let example = "router.showScreen(.push) { Profile }"
    static let ignoredScreenArguments = ["animates", "transitionBehavior", "onDismiss", "addModuleSupport"]
    static let ignoredModalArguments = [
        "transition", "animation", "alignment", "backgroundColor", "backgroundEffect", "dismissOnBackgroundTap",
        "ignoreSafeArea", "onDismiss",
    ]
    static let unsupported = [
        "showTransition", "showTransitions", "dismissTransition", "dismissTransitions", "dismissAllTransitions",
        "addTransitionToQueue", "addTransitionsToQueue", "removeTransitionFromQueue", "removeTransitionsFromQueue",
        "removeAllTransitionsFromQueue", "showNextTransition", "tryShowNextTransition",
        "showNextTransitionOrNextScreenOrDismissScreen", "dismissTransitionOrDismissScreen", "showModule",
        "showModules", "dismissModule", "dismissModules", "dismissAllModules", "showSafari", "showModals",
    ]

    static func action(_ text: String) throws(InputError) -> RouterAction {
        let call = try CallSyntax(text, example: example)
        let router = try routerName(call)
        return RouterAction(try routerCall(call), on: router)
    }

    static func destination(_ text: String) throws(InputError) -> RouterDestination {
        let scalars = Array(text.unicodeScalars)
        return try destination(in: CallSyntax.Argument(label: nil, offset: 0, value: 0..<scalars.count), of: scalars)
    }

    // MARK: Receiver

    private static func routerName(_ call: CallSyntax) throws(InputError) -> RouterName {
        var receiver = call.receiver
        if receiver.first?.name == "self" { receiver.removeFirst() }
        guard let segment = receiver.first else { return .current }
        // `router2.` as the README names a shown screen's router: the second screen on screen, the root first.
        if receiver.count == 1, segment.arguments == nil, segment.trailingClosure == nil,
            segment.name.hasPrefix("router"), let number = Int(segment.name.dropFirst("router".count)),
            segment.name.dropFirst("router".count).allSatisfy(\.isASCII)
        {
            return .numbered(number)
        }
        guard receiver.count == 1, segment.name == "router", segment.trailingClosure == nil else {
            throw InputError(
                offset: segment.offset,
                message: "expected the call on 'router.' (the top screen's router), 'router(\"id\").' (a screen's) "
                    + "or 'router2.' (the second screen's, counting the root as 1)")
        }
        guard let arguments = segment.arguments else { return .current }
        guard arguments.count == 1, arguments[0].label == nil else {
            throw InputError(
                offset: segment.offset, message: "name one screen: router(\"profile\"), by its id, or router(Home)")
        }
        let text = call.text(arguments[0].value)
        if text.hasPrefix("\"") || text.hasPrefix("#") {
            return .named(try call.string(arguments[0], what: "the screen id"))
        }
        return .named(try RouteNotation.screenLabel(text))
    }

    // MARK: Methods

    private static func routerCall(_ call: CallSyntax) throws(InputError) -> RouterCall {
        let name = call.method.name
        let at = call.method.offset
        func none(_ result: RouterCall) throws(InputError) -> RouterCall {
            let signature = "\(name)()"
            _ = try call.arguments(allowed: [], ignored: ["animates", "animateDismiss"], signature: signature)
            try call.requireNoClosure(signature: signature)
            return result
        }
        func one(_ label: String, _ signature: String) throws(InputError) -> CallSyntax.Argument {
            let found = try call.arguments(allowed: [label], ignored: ["animates"], signature: signature)
            try call.requireNoClosure(signature: signature)
            guard let argument = found[label] else {
                throw InputError(offset: at, message: "missing argument '\(label):'; expected \(signature)")
            }
            return argument
        }
        switch name {
        case "showScreen":
            return .showScreen(try showScreen(call))
        case "showScreens":
            let argument = try one("destinations", "showScreens(destinations: [.push(A), .sheet(B)])")
            return .showScreens(try destinations(argument, of: call))
        case "dismissScreen":
            if call.method.arguments?.contains(where: { $0.label == "upToScreenId" || $0.label == "upToId" }) == true {
                let found = try call.arguments(
                    allowed: ["upToScreenId", "upToId"], ignored: ["animates"],
                    signature: "dismissScreens(upToId: \"x\")")
                let argument = (found["upToScreenId"] ?? found["upToId"])!
                return .dismissScreensUpTo(try call.string(argument, what: "the screen id"))
            }
            if call.method.arguments?.contains(where: { $0.label == "id" }) == true {
                return .dismissScreenWithID(
                    try call.string(try one("id", "dismissScreen(id: \"x\")"), what: "the screen id"))
            }
            return try none(.dismissScreen)
        case "dismissScreens":
            let signature = "dismissScreens(upToId: \"x\") or dismissScreens(count: 2)"
            let found = try call.arguments(
                allowed: ["upToId", "upToScreenId", "count"], ignored: ["animates"], signature: signature)
            try call.requireNoClosure(signature: signature)
            if let argument = found["count"] {
                return .dismissScreensCount(try call.integer(argument, what: "count"))
            }
            guard let argument = found["upToId"] ?? found["upToScreenId"] else {
                throw InputError(offset: at, message: "missing argument; expected \(signature)")
            }
            return .dismissScreensUpTo(try call.string(argument, what: "the screen id"))
        case "dismissPushStack": return try none(.dismissPushStack)
        case "dismissEnvironment": return try none(.dismissEnvironment)
        case "dismissLastScreen": return try none(.dismissLastScreen)
        case "dismissLastPushStack": return try none(.dismissLastPushStack)
        case "dismissLastEnvironment": return try none(.dismissLastEnvironment)
        case "dismissAllScreens": return try none(.dismissAllScreens)
        case "addScreensToQueue":
            let argument = try one("destinations", "addScreensToQueue(destinations: [.push(A), .push(B)])")
            return .addScreensToQueue(try destinations(argument, of: call))
        case "addScreenToQueue":
            let argument = try one("destination", "addScreenToQueue(destination: .push(A))")
            return .addScreenToQueue(try destination(in: argument, of: call.scalars))
        case "removeScreensFromQueue":
            let argument = try one("ids", "removeScreensFromQueue(ids: [\"a\", \"b\"])")
            return .removeScreensFromQueue(try call.strings(argument, what: "screen ids"))
        case "removeScreenFromQueue":
            let argument = try one("id", "removeScreenFromQueue(id: \"a\")")
            return .removeScreenFromQueue(try call.string(argument, what: "the screen id"))
        case "removeAllScreensFromQueue": return try none(.removeAllScreensFromQueue)
        case "showNextScreen": return try none(.showNextScreen)
        case "tryShowNextScreen": return try none(.tryShowNextScreen)
        case "showNextScreenOrDismissScreen": return try none(.showNextScreenOrDismissScreen)
        case "showNextScreenOrDismissEnvironment": return try none(.showNextScreenOrDismissEnvironment)
        case "showNextScreenOrDismissPushStack": return try none(.showNextScreenOrDismissPushStack)
        case "showAlert": return .showAlert(try alert(call))
        case "showBasicAlert":
            let found = try call.arguments(
                allowed: ["text"], ignored: ["action"], signature: "showBasicAlert(text: \"Error\")")
            guard let text = found["text"] else {
                throw InputError(
                    offset: at, message: "missing argument 'text:'; expected showBasicAlert(text: \"Error\")")
            }
            return .showAlert(RouterAlert(title: try call.string(text, what: "the alert's text")))
        case "dismissAlert": return try none(.dismissAlert)
        case "dismissAllAlerts": return try none(.dismissAllAlerts)
        case "showModal", "showBasicModal", "showBottomModal": return .showModal(try modal(call))
        case "dismissModal":
            if call.method.arguments?.isEmpty == false {
                let argument = try one("id", "dismissModal(id: \"m\")")
                return .dismissModals(.id(try call.string(argument, what: "the modal id")))
            }
            return try none(.dismissModals(.last))
        case "dismissModals":
            let signature = "dismissModals(upToId: \"m\") or dismissModals(count: 2)"
            let found = try call.arguments(allowed: ["upToId", "upToModalId", "count"], signature: signature)
            try call.requireNoClosure(signature: signature)
            if let argument = found["count"] {
                return .dismissModals(.count(try call.integer(argument, what: "count")))
            }
            guard let argument = found["upToId"] ?? found["upToModalId"] else {
                throw InputError(offset: at, message: "missing argument; expected \(signature)")
            }
            return .dismissModals(.upTo(try call.string(argument, what: "the modal id")))
        case "dismissAllModals": return try none(.dismissModals(.all))
        default:
            if unsupported.contains(name) {
                throw InputError(
                    offset: at,
                    message:
                        "\(name) changes a screen's content, not its segues; FlowGraph draws [AnyDestinationStack] only"
                )
            }
            var message = "unknown router method '\(name)'"
            message += DidYouMean.hint(for: name, among: RouterCall.names)
            throw InputError(offset: at, message: message + "; known: " + RouterCall.names.joined(separator: ", "))
        }
    }

    private static func showScreen(_ call: CallSyntax) throws(InputError) -> RouterDestination {
        let signature = "showScreen(.push, id: \"x\", location: .insert) { Screen }"
        let arguments = call.method.arguments ?? []
        // showScreen(destination: …) / showScreen(AnyDestination(…)): a whole destination.
        if arguments.count == 1, call.method.trailingClosure == nil {
            let text = call.text(arguments[0].value)
            if arguments[0].label == "destination" && !text.hasPrefix("{")
                || arguments[0].label == nil && isDestinationLiteral(text)
            {
                return try destination(in: arguments[0], of: call.scalars)
            }
        }
        let found = try call.arguments(
            allowed: ["", "id", "location", "destination"], ignored: ignoredScreenArguments, signature: signature)
        var segue = RouterSegue.push
        if let argument = found[""] {
            segue = try self.segue(argument.value, of: call)
        }
        let id = try found["id"].map { (argument) throws(InputError) in
            try call.string(argument, what: "the screen id")
        }
        var location = RouterSegueLocation.insert
        if let argument = found["location"] {
            location = try self.location(argument.value, of: call)
        }
        let screen = try closureScreen(call, found["destination"], signature: signature)
        return RouterDestination(id: id, segue: segue, screen: screen, location: location)
    }

    /// The screen of a call's trailing closure or `destination:` closure.
    private static func closureScreen(
        _ call: CallSyntax, _ argument: CallSyntax.Argument?, signature: String
    ) throws(InputError) -> String {
        if let body = call.method.trailingClosure {
            if let argument {
                throw InputError(
                    offset: argument.offset, message: "the screen is given twice: by a closure and by 'destination:'")
            }
            return try call.closureScreen(body, at: call.method.trailingClosureOffset ?? call.method.offset)
        }
        guard let argument else {
            throw InputError(
                offset: call.method.offset, message: "missing the screen's closure; expected \(signature)")
        }
        let inner = try call.scan(argument.value) {
            (scanner: inout NotationScanner) throws(InputError) -> Range<Int> in
            scanner.skipWhitespace()
            guard scanner.peek == "{" else { throw scanner.error("expected a closure { _ in Screen() }") }
            return try scanner.group()
        }
        let body = inner.lowerBound + argument.value.lowerBound..<inner.upperBound + argument.value.lowerBound
        return try call.closureScreen(body, at: argument.value.lowerBound)
    }

    private static func isDestinationLiteral(_ text: String) -> Bool {
        if text.hasPrefix("AnyDestination") { return true }
        for segue in ["push", "sheet", "fullScreenCover", "sheetConfig", "fullScreenCoverConfig"] {
            for opener in ["(", " ("] where text.hasPrefix("." + segue + opener) {
                // `.sheetConfig(config:` is a segue, not a destination.
                return !(segue.hasSuffix("Config") && text.contains("config:"))
            }
        }
        return false
    }

    static func segue(_ range: Range<Int>, of call: CallSyntax) throws(InputError) -> RouterSegue {
        let (name, _) = try call.enumCase(range, what: "a segue: .push, .sheet or .fullScreenCover")
        switch name {
        case "push": return .push
        case "sheet", "sheetConfig": return .sheet
        case "fullScreenCover", "fullScreenCoverConfig": return .fullScreenCover
        default:
            throw InputError(
                offset: range.lowerBound,
                message: "unknown segue '.\(name)'; expected .push, .sheet or .fullScreenCover")
        }
    }

    static func location(_ range: Range<Int>, of call: CallSyntax) throws(InputError) -> RouterSegueLocation {
        let (name, arguments) = try call.enumCase(
            range, what: "a location: .insert, .append or .insertAfter(id: \"x\")")
        switch name {
        case "insert": return .insert
        case "append": return .append
        case "insertAfter":
            guard let arguments else {
                throw InputError(offset: range.lowerBound, message: "expected .insertAfter(id: \"x\")")
            }
            let parts = try call.commaSeparated(arguments)
            let text = parts.count == 1 ? call.text(parts[0]) : ""
            guard text.hasPrefix("id:") || text.hasPrefix("id :") else {
                throw InputError(offset: arguments.lowerBound, message: "expected .insertAfter(id: \"x\")")
            }
            let colon =
                text.unicodeScalars.firstIndex(of: ":").map {
                    text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0)
                } ?? 2
            let value = parts[0].lowerBound + colon + 1..<parts[0].upperBound
            return .insertAfter(
                id: try call.string(
                    CallSyntax.Argument(label: "id", offset: value.lowerBound, value: value), what: "the screen id"))
        default:
            throw InputError(
                offset: range.lowerBound,
                message: "unknown location '.\(name)'; expected .insert, .append or .insertAfter(id: \"x\")")
        }
    }

    private static func destinations(_ argument: CallSyntax.Argument, of call: CallSyntax) throws(InputError)
        -> [RouterDestination]
    {
        let elements = try call.arrayElements(argument.value, what: "destinations such as .push(Profile)")
        var result: [RouterDestination] = []
        for element in elements {
            result.append(
                try destination(
                    in: CallSyntax.Argument(label: nil, offset: element.lowerBound, value: element), of: call.scalars))
        }
        return result
    }

    /// A destination literal inside a larger text: compact `.push(A, id: "a")` or `AnyDestination(…) { A }`.
    static func destination(in argument: CallSyntax.Argument, of scalars: [Unicode.Scalar]) throws(InputError)
        -> RouterDestination
    {
        var range = argument.value
        while range.lowerBound < range.upperBound, scalars[range.lowerBound].properties.isWhitespace {
            range = range.lowerBound + 1..<range.upperBound
        }
        var segue: RouterSegue?
        var base = range.lowerBound
        if base < range.upperBound, scalars[base] == "." {
            base += 1
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[base..<range.upperBound])
        let text = String(view)
        let call: CallSyntax
        do throws(InputError) {
            call = try CallSyntax(text, example: ".push(Profile, id: \"profile\")")
        } catch {
            throw InputError(offset: error.offset + base, message: error.message)
        }
        do throws(InputError) {
            guard call.receiver.isEmpty else {
                throw InputError(
                    offset: 0,
                    message: "expected a destination such as .push(Profile) or AnyDestination(segue: .push) { Profile }"
                )
            }
            switch call.method.name {
            case "AnyDestination":
                let signature = "AnyDestination(id: \"x\", segue: .sheet, location: .insert) { Screen }"
                let found = try call.arguments(
                    allowed: ["id", "segue", "location", "destination"], ignored: ignoredScreenArguments,
                    signature: signature)
                let segue = try found["segue"].map { (argument) throws(InputError) in
                    try Self.segue(argument.value, of: call)
                }
                let id = try found["id"].map { (argument) throws(InputError) in
                    try call.string(argument, what: "the screen id")
                }
                let location = try found["location"].map { (argument) throws(InputError) in
                    try Self.location(argument.value, of: call)
                }
                let screen = try closureScreen(call, found["destination"], signature: signature)
                return RouterDestination(id: id, segue: segue ?? .push, screen: screen, location: location ?? .insert)
            case "push", "sheet", "fullScreenCover":
                segue = RouterSegue(rawValue: call.method.name)
                let signature = ".\(call.method.name)(Screen, id: \"x\", location: .append)"
                let found = try call.arguments(allowed: ["", "id", "location"], signature: signature)
                try call.requireNoClosure(signature: signature)
                guard let screenArgument = found[""] else {
                    throw InputError(
                        offset: call.method.offset, message: "missing the screen; expected \(signature)")
                }
                let screen = try call.scan(screenArgument.value) {
                    (scanner: inout NotationScanner) throws(InputError) -> String in
                    try scanner.screen(context: ".\(call.method.name)(…)")
                }
                let id = try found["id"].map { (argument) throws(InputError) in
                    try call.string(argument, what: "the screen id")
                }
                let location = try found["location"].map { (argument) throws(InputError) in
                    try Self.location(argument.value, of: call)
                }
                return RouterDestination(id: id, segue: segue ?? .push, screen: screen, location: location ?? .insert)
            default:
                throw InputError(
                    offset: call.method.offset,
                    message:
                        "expected a destination: .push(Screen), .sheet(Screen), .fullScreenCover(Screen) (each with optional id:) or AnyDestination(segue: .push) { Screen }"
                )
            }
        } catch {
            throw InputError(offset: error.offset + base, message: error.message)
        }
    }

    private static func alert(_ call: CallSyntax) throws(InputError) -> RouterAlert {
        let signature = "showAlert(.alert, title: \"Title\", subtitle: \"…\") { buttons }"
        let found = try call.arguments(
            allowed: ["", "location", "title", "subtitle"], ignored: ["alert"], signature: signature)
        var style = "alert"
        if let argument = found[""] {
            let (name, _) = try call.enumCase(argument.value, what: "an alert style: .alert or .confirmationDialog")
            guard ["alert", "confirmationDialog"].contains(name) else {
                throw InputError(
                    offset: argument.value.lowerBound,
                    message: "unknown alert style '.\(name)'; expected .alert or .confirmationDialog")
            }
            style = name
        }
        var onTopScreen = true
        if let argument = found["location"] {
            let (name, _) = try call.enumCase(argument.value, what: "an alert location: .topScreen or .currentScreen")
            guard ["topScreen", "currentScreen"].contains(name) else {
                throw InputError(
                    offset: argument.value.lowerBound,
                    message: "unknown alert location '.\(name)'; expected .topScreen or .currentScreen")
            }
            onTopScreen = name == "topScreen"
        }
        guard let title = found["title"] else {
            throw InputError(offset: call.method.offset, message: "missing argument 'title:'; expected \(signature)")
        }
        return RouterAlert(
            style: style, title: try call.string(title, what: "the alert's title"), onTopScreen: onTopScreen)
    }

    private static func modal(_ call: CallSyntax) throws(InputError) -> RouterModal {
        let signature = "\(call.method.name)(id: \"m\") { Content }"
        let found = try call.arguments(
            allowed: ["id", "destination"], ignored: ignoredModalArguments, signature: signature)
        let id = try found["id"].map { (argument) throws(InputError) in
            try call.string(argument, what: "the modal id")
        }
        let content = try closureScreen(call, found["destination"], signature: signature)
        return RouterModal(id: id, content: content)
    }
}

extension RouterAction {
    /// Parses a router call, e.g. `router("2").dismissScreen()` or `router.showScreen(.sheet) { Settings }`.
    public init(notation: String) throws(InputError) {
        self = try RouterNotation.action(notation)
    }
}

extension RouterDestination {
    /// Parses a destination, e.g. `.sheet(Settings, id: "settings")` or `AnyDestination(segue: .push) { Profile }`.
    public init(notation: String) throws(InputError) {
        self = try RouterNotation.destination(notation)
    }
}
