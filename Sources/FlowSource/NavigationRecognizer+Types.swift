import FlowModel
internal import SwiftSyntax

extension NavigationRecognizer {
    /// What a type written in `context` is, for telling types apart: the declared type Swift's lookup finds
    /// from there (enclosing types first, then the file's private types, then any), or the name as written
    /// when the source declares none (`Int`, `String`). Two coordinators' nested `Screen`s differ; the
    /// `Screen` of `Routes<Screen>` in `MainViewModel` and `MainViewModel.Screen.self` elsewhere are one.
    func typeKey(_ written: String, from context: TypeDecl?) -> String {
        if let type = index.type(named: written, from: context) {
            return "decl:\(ObjectIdentifier(type).hashValue)"
        }
        var name = written.trimmingCharacters(in: " ?!")
        if let open = name.firstIndex(of: "<") { name = String(name[..<open]) }
        return "name:" + name.lastDotPart
    }

    /// The types other than views that a view holds in its properties (its view models), declared in the
    /// source: `@StateObject var model: LoginModel`, `let model = LoginModel(router: router)`.
    func heldModels(of view: TypeDecl) -> [TypeDecl] {
        var result: [TypeDecl] = []
        for property in view.properties.values.sorted(by: { $0.name < $1.name }) {
            guard let written = property.type ?? property.initializer?.constructedTypeName,
                let held = index.type(named: written, from: view), held !== view, !held.isView,
                held.kind == "class" || held.kind == "actor" || held.kind == "struct",
                !result.contains(where: { $0 === held })
            else { continue }
            result.append(held)
        }
        return result
    }

    /// The view models `view` makes where it uses them (`LessonModelViewModel(router: router).start()` in a
    /// tap handler) rather than keeps in a property: classes, actors and structs of the app, not views.
    func madeModels(of view: TypeDecl) -> [TypeDecl] {
        var result: [TypeDecl] = []
        for member in view.memberCode {
            for (call, name) in member.namedCalls {
                guard let name, name.startsUppercase, call.calledExpression.is(DeclReferenceExprSyntax.self),
                    let made = index.type(named: name, from: view), made !== view,
                    !made.isView, made.kind == "class" || made.kind == "actor" || made.kind == "struct",
                    !result.contains(where: { $0 === made })
                else { continue }
                result.append(made)
            }
        }
        return result
    }

    /// The view a helper makes, when a statement calls one instead of constructing the view: a static
    /// factory (`Pages.second()`, `InitialUI.initialHome(…)`), a function of the type it is written in
    /// (`makeRootView()`, a `@ViewBuilder` function), or a stored property's value (`let firstView =
    /// FirstStep()` used as `firstView`), followed up to three helpers deep.
    func helperView(_ expression: ExprSyntax, from context: TypeDecl?, depth: Int = 0) -> String? {
        guard depth < 3 else { return nil }
        var expression = expression.throughPostfixIfConfig
        while let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.chainBase, member.declName.baseName.text.first?.isLowercase == true,
            base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase != true
        {
            expression = base  // a modifier: `makeRootView().padding()`
        }
        var function: FunctionDeclSyntax?
        var owner = context
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let type = index.type(named: base, from: context)
            {
                owner = type
                function = type.functions.first { $0.decl.name.text == member.declName.baseName.text }?.decl
            } else if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                function = context?.functions.first { $0.decl.name.text == name }?.decl
            }
        } else if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let value = context?.properties[name]?.initializer
        {
            return value.constructedTypeName ?? helperView(value, from: context, depth: depth + 1)
        }
        guard let body = function?.body, let last = body.statements.last else { return nil }
        var result: ExprSyntax?
        if case .expr(let value) = last.item { result = value }
        if case .stmt(let statement) = last.item { result = statement.as(ReturnStmtSyntax.self)?.expression }
        guard let result else { return nil }
        return result.constructedTypeName ?? helperView(result, from: owner, depth: depth + 1)
    }

    /// The root view a stack's content closure makes: the first view of the app's own it constructs (or a
    /// helper makes); a stack written inside a screen's view around SwiftUI's containers (`ZStack { … }`) is
    /// rooted at that view, never at the container.
    func rootView(of closure: ClosureExprSyntax, owner: TypeDecl) -> String? {
        if let made = appView(in: closure.statements, owner: owner) { return made }
        if let first = closure.statements.constructedTypeNames.first {
            return owner.isView ? owner.name : first
        }
        return nil
    }

    /// The first view of the app's own that `statements` construct (or a helper makes), looking into an `if`
    /// whose branches make the same one (`if let showMenu { Profile().menu(showMenu) } else { Profile() }`).
    private func appView(in statements: CodeBlockItemListSyntax, owner: TypeDecl, depth: Int = 0) -> String? {
        for item in statements {
            var expression: ExprSyntax?
            switch item.item {
            case .expr(let written): expression = written
            case .stmt(let statement): expression = statement.as(ExpressionStmtSyntax.self)?.expression
            default: break
            }
            guard let expression else { continue }
            // An `if` whose every branch makes the same view is rooted at it; branches making different views
            // leave the root to the view holding them (each branch is drawn on it).
            if let branch = expression.as(IfExprSyntax.self), depth < 4 {
                guard case .codeBlock(let otherwise) = branch.elseBody,
                    let made = appView(in: branch.body.statements, owner: owner, depth: depth + 1),
                    appView(in: otherwise.statements, owner: owner, depth: depth + 1) == made
                else { continue }
                return made
            }
            if let made = expression.constructedTypeName {
                if index.type(named: made, from: owner) != nil { return made }
            } else if let made = helperView(expression, from: owner) {
                return made
            }
        }
        return nil
    }

    /// The name of the screen a shown view draws: the view's name, or, when files declare several types of that
    /// name (`private struct Detail` in two files), the name with the file of the one seen from `context`
    /// (`Detail (A.swift)`), so that two private views stay two screens.
    func screenName(ofView view: String, from context: TypeDecl?) -> String {
        let simple = view.lastDotPart
        guard index.types(named: simple).count > 1, let type = index.type(named: view, from: context) else {
            return view
        }
        let file = type.file.path.split(separator: "/").last.map(String.init) ?? type.file.path
        return "\(view) (\(file))"
    }

    /// The key of a stack's screen type (``typeKey(_:from:)`` from the type declaring its routes), if typed.
    func screenKey(of stack: FoundStack) -> String? {
        stack.screenType.map { typeKey($0, from: stack.holder ?? stack.owner) }
    }
}
