internal import SwiftSyntax

/// What one parsed file declares: its types and extensions in source order, each with its members and the
/// code written under them, read on the thread that parsed the file.
///
/// Reading a tree is most of what indexing costs (SwiftSyntax makes each node the first time it is visited),
/// and files are independent, so this part runs on every core; ``SwiftSourceIndex`` then merges the files'
/// declarations in order, which only looks names up.
struct FileDeclarations: @unchecked Sendable {
    /// A type declaration or an extension, as written.
    struct TypeRecord {
        /// The declared name (one element), or the extended type's path (`Outer.Inner` → two).
        var path: [String]
        /// `struct`, `class`, `enum`, `actor` or `extension`.
        var kind: String
        /// The name's token, or the extended type.
        var nameNode: Syntax
        /// The types inherited or conformed to, as written.
        var inherits: [String]
        /// The members in source order (those of `#if` clauses in place).
        var members: [MemberRecord]
    }

    /// A member of a type: a declaration with what it declares, or a type nested in it.
    enum MemberRecord {
        case member(Member)
        case nested(TypeRecord)
    }

    /// A member declaration that is not a type: its properties, function or enum cases, and its code.
    struct Member {
        var decl: DeclSyntax
        var properties: [PropertyDecl] = []
        var function: FunctionDeclSyntax?
        var cases: [(name: String, node: Syntax)] = []
        var code: Code
    }

    /// The code under a member: its calls (outermost first) with their called names, receivers and places, and
    /// its assignments.
    struct Code {
        var calls: [FunctionCallExprSyntax]
        var calledNames: [String?]
        var receivers: [String?]
        var places: [AbsolutePosition]
        var assignments: [Assignment]

        init(_ decl: DeclSyntax) {
            (calls, assignments) = MemberCodeCollector.code(in: decl)
            calledNames = calls.map(\.calledName)
            receivers = calls.map(\.receiverText)
            places = zip(calls, calledNames).map { NavigationRecognizer.callPosition($0, named: $1) }
        }
    }

    /// The file's types and extensions, outermost, in source order (those of `#if` clauses, every branch).
    var types: [TypeRecord] = []

    /// Reads the declarations of a tree.
    init(_ tree: SourceFileSyntax) {
        types = Self.types(in: tree.statements.map(\.item))
    }

    private static func types(in items: [CodeBlockItemSyntax.Item]) -> [TypeRecord] {
        items.flatMap { item -> [TypeRecord] in
            guard case .decl(let decl) = item else { return [] }
            return types(in: decl)
        }
    }

    private static func types(in decl: DeclSyntax) -> [TypeRecord] {
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            // Both branches of #if are read: the scan does not know the platform.
            return ifConfig.clauses.flatMap { clause -> [TypeRecord] in
                if case .statements(let items) = clause.elements { return types(in: items.map(\.item)) }
                if case .decls(let members) = clause.elements { return members.flatMap { Self.types(in: $0.decl) } }
                return []
            }
        }
        guard let record = type(decl) else { return [] }
        return [record]
    }

    /// The record of a type declaration or extension; `nil` for any other declaration.
    private static func type(_ decl: DeclSyntax) -> TypeRecord? {
        let path: [String]
        let kind: String
        let inherits: InheritanceClauseSyntax?
        let block: MemberBlockSyntax
        let nameNode: Syntax
        if let node = decl.as(StructDeclSyntax.self) {
            (path, kind, inherits, block, nameNode) =
                ([node.name.text], "struct", node.inheritanceClause, node.memberBlock, Syntax(node.name))
        } else if let node = decl.as(ClassDeclSyntax.self) {
            (path, kind, inherits, block, nameNode) =
                ([node.name.text], "class", node.inheritanceClause, node.memberBlock, Syntax(node.name))
        } else if let node = decl.as(EnumDeclSyntax.self) {
            (path, kind, inherits, block, nameNode) =
                ([node.name.text], "enum", node.inheritanceClause, node.memberBlock, Syntax(node.name))
        } else if let node = decl.as(ActorDeclSyntax.self) {
            (path, kind, inherits, block, nameNode) =
                ([node.name.text], "actor", node.inheritanceClause, node.memberBlock, Syntax(node.name))
        } else if let node = decl.as(ExtensionDeclSyntax.self) {
            (path, kind, inherits, block, nameNode) = (
                node.extendedType.trimmedText.split(separator: ".").map(String.init), "extension",
                node.inheritanceClause, node.memberBlock, Syntax(node.extendedType)
            )
        } else {
            return nil
        }
        return TypeRecord(
            path: path, kind: kind, nameNode: nameNode,
            inherits: inherits?.inheritedTypes.map { $0.type.trimmedText } ?? [],
            members: block.members.flatMap { Self.members(in: $0.decl) })
    }

    private static func members(in decl: DeclSyntax) -> [MemberRecord] {
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            return ifConfig.clauses.flatMap { clause -> [MemberRecord] in
                guard case .decls(let members) = clause.elements else { return [] }
                return members.flatMap { Self.members(in: $0.decl) }
            }
        }
        // A nested type is a type of its own: its calls are its members', not the enclosing type's.
        if let nested = type(decl) { return [.nested(nested)] }
        var member = Member(decl: decl, code: Code(decl))
        if let variable = decl.as(VariableDeclSyntax.self) {
            let attributes = variable.attributes.compactMap {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText
            }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    continue
                }
                member.properties.append(
                    PropertyDecl(
                        name: name, type: binding.typeAnnotation?.type.trimmedText, attributes: attributes,
                        initializer: binding.initializer?.value, node: Syntax(binding)))
            }
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            member.function = function
        } else if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
            member.cases = enumCase.elements.map { ($0.name.text.trimmingCharacters(in: "`"), Syntax($0)) }
        }
        return [.member(member)]
    }
}
