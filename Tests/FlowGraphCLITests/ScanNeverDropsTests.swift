import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// docs/scan.md's promise, as a property over every app we scan (the samples and every fixture): each call of a
/// navigation library that a plain syntax walk finds — a navigator, router, routes or navigation-stack method
/// that shows a screen or goes back, a `FlowLink`, `PushView`, `PopView`, a routes assignment — ends as an edge
/// or a located warning of `flowgraph scan --json` at its line, never dropped.
@Suite("Scan: no navigation call is dropped")
struct ScanNeverDropsTests {
    /// Methods that show a screen or go back in one of the three libraries (`append` and SwiftUI's bare
    /// `dismiss()` are left out: arrays and the environment have them too).
    static let methods: Set<String> = [
        "push", "presentSheet", "presentCover", "goBack", "goBackTo", "goBackToRoot", "pop", "popTo", "popToRoot",
        "popToCurrentNavigationRoot", "dismiss", "dismissAll", "showScreen", "showScreens", "dismissScreen",
        "dismissScreens", "dismissPushStack", "dismissScreenStack", "dismissEnvironment", "dismissLastScreen",
        "dismissAllScreens",
    ]

    /// Whether a receiver is a stored value reached by names alone (`navigator`, `self.router`,
    /// `viewModel.routes`), not a view a modifier is applied to, nor SwiftUI's `presentationMode.wrappedValue`.
    static func isPlainReceiver(_ base: ExprSyntax) -> Bool {
        var expression: ExprSyntax? = base
        while let current = expression {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text.first?.isLowercase == true
            }
            if current.is(SuperExprSyntax.self) { return true }
            guard let member = current.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text != "wrappedValue"
            else { return false }
            expression = member.base
        }
        return false
    }

    /// The app's own methods, by the types declaring them, and the types its stored properties are declared
    /// with, by name: `vm.goBack()` on `@StateObject var vm: EventModel` whose `EventModel` declares `func goBack()`
    /// is the app's call, not a library's.
    final class OwnMethods: SyntaxVisitor {
        var methods: [String: Set<String>] = [:]
        var propertyTypes: [String: Set<String>] = [:]
        private var types: [String] = []

        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.extendedType.trimmedDescription)
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

        private func enter(_ name: String) -> SyntaxVisitorContinueKind {
            types.append(name)
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if let type = types.last { methods[type, default: []].insert(node.name.text) }
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let type = node.typeAnnotation?.type.trimmedDescription
            else { return .visitChildren }
            propertyTypes[name, default: []].insert(type)
            return .visitChildren
        }

        /// Whether `receiver.method()` calls a method the app declares on the receiver's declared type.
        func isOwn(_ method: String, on receiver: String) -> Bool {
            let name = receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver
            return propertyTypes[name, default: []].contains { methods[$0]?.contains(method) == true }
        }
    }

    /// The library call sites of a file, as `LINE call`, found by walking its syntax tree.
    final class Sites: SyntaxVisitor {
        var found: [(line: Int, text: String)] = []
        let converter: SourceLocationConverter
        let own: OwnMethods?
        /// Whether SwiftUI's own navigation calls count too (an app built on no library).
        let swiftUI: Bool
        /// The stored properties of the types around the node being visited, innermost last.
        private var properties: [Set<String>] = []

        init(_ tree: SourceFileSyntax, path: String, own: OwnMethods? = nil, swiftUI: Bool = false) {
            converter = SourceLocationConverter(fileName: path, tree: tree)
            self.own = own
            self.swiftUI = swiftUI
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            properties.append(Self.stored(node.memberBlock))
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { properties.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            properties.append(Self.stored(node.memberBlock))
            return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { properties.removeLast() }

        static func stored(_ members: MemberBlockSyntax) -> Set<String> {
            Set(
                members.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(\.bindings).compactMap {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                })
        }

        /// SwiftUI's calls: links, presenting modifiers (at the modifier's name), path changes (not in the
        /// path holder's own methods, which are drawn where they are called) and `presentationMode` dismisses.
        func addSwiftUI(_ node: FunctionCallExprSyntax) {
            if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                name == "NavigationLink"
            {
                add(node)
                return
            }
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
                return
            }
            let name = member.declName.baseName.text
            let receiver = base.trimmedDescription.replacingOccurrences(of: "self.", with: "")
            if ["sheet", "fullScreenCover", "popover"].contains(name)
                || (name == "navigationDestination" && !node.arguments.contains { $0.label?.text == "for" })
            {
                add(member.declName)
            } else if ["append", "removeLast", "removeAll"].contains(name), receiver.hasSuffix("path"),
                !(properties.last?.contains(receiver) == true && !receiver.contains("."))
            {
                add(node)
            } else if name == "dismiss", receiver.hasSuffix("presentationMode.wrappedValue") {
                add(node)
            }
        }

        func add(_ node: some SyntaxProtocol) {
            let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
            found.append((line, node.trimmedDescription.prefix(60).description))
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                ScanNeverDropsTests.methods.contains(member.declName.baseName.text),
                ScanNeverDropsTests.isPlainReceiver(base),
                own?.isOwn(member.declName.baseName.text, on: base.trimmedDescription) != true
            {
                add(node)
            } else if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                ["FlowLink", "PushView", "PopView"].contains(name)
            {
                add(node)
            } else if swiftUI {
                addSwiftUI(node)
            }
            return .visitChildren
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            if node.operator.is(AssignmentExprSyntax.self),
                ["routes", "self.routes"].contains(node.leftOperand.trimmedDescription)
            {
                add(node)
            }
            return .visitChildren
        }
    }

    /// Every app folder scanned in tests and samples, and the folders (absolute) listed in
    /// `FLOWGRAPH_SCAN_APPS`, separated by `:` (public apps kept outside the repository).
    static func apps() throws -> [String] {
        let manager = FileManager.default
        let root = BuiltBinary.packageRoot
        var result: [String] = []
        for parent in ["Tests/ScanFixtures", "Samples"] {
            let names = try manager.contentsOfDirectory(atPath: root.appendingPathComponent(parent).path)
            for name in names.sorted() {
                var isFolder: ObjCBool = false
                let path = parent + "/" + name
                if manager.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    result.append(path)
                }
            }
        }
        let extra = ProcessInfo.processInfo.environment["FLOWGRAPH_SCAN_APPS"] ?? ""
        return result + extra.split(separator: ":").map(String.init)
    }

    @Test("Every library call site in every scanned app is an edge or a located warning", arguments: try apps())
    func everyCallSiteIsPlaced(_ app: String) throws {
        let root = BuiltBinary.packageRoot
        let result = try BuiltBinary.run(["scan", app, "--json"], in: root)
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        var placed: Set<String> = []
        for key in ["edges", "problems"] {
            for item in (json[key] as? [[String: Any]]) ?? [] {
                placed.insert("\(item["file"] ?? ""):\(item["line"] ?? 0)")
            }
        }
        let folder = app.hasPrefix("/") ? URL(fileURLWithPath: app) : root.appendingPathComponent(app)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".swift")
        }
        var sites = 0
        var trees: [String: SourceFileSyntax] = [:]
        let own = OwnMethods()
        var texts: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            texts.append(text)
            let tree = Parser.parse(source: text)
            trees[file] = tree
            own.walk(tree)
        }
        // An app on SwiftUI's own navigation: it makes a NavigationStack or NavigationView and no library's stack.
        let swiftUI =
            texts.contains { $0.contains("NavigationStack") || $0.contains("NavigationView") }
            && !texts.contains {
                $0.contains("FlowStack") || $0.contains("RouterView") || $0.contains("NavigationStackView")
            }
        for file in files.sorted() {
            let path = app + "/" + file
            guard let tree = trees[file] else { continue }
            let walk = Sites(tree, path: path, own: own, swiftUI: swiftUI)
            walk.walk(tree)
            for site in walk.found {
                sites += 1
                let isPlaced = placed.contains("\(path):\(site.line)")
                #expect(isPlaced, "dropped: \(path):\(site.line) \(site.text)")
            }
        }
        #expect(sites > 0, "\(app) has no library call to check")
    }
}
