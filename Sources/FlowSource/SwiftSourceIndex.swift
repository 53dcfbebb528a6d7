import FlowModel
import Foundation
internal import SwiftDiagnostics
internal import SwiftParser
internal import SwiftParserDiagnostics
internal import SwiftSyntax

/// One parsed Swift file and how to turn positions in it into lines and columns.
struct ParsedFile {
    /// The path as given.
    var path: String
    /// The syntax tree.
    var tree: SourceFileSyntax
    /// Positions to lines and columns.
    var converter: SourceLocationConverter

    /// Where a node starts, after its leading trivia.
    func location(of node: some SyntaxProtocol) -> NavigationMap.Location {
        location(at: node.positionAfterSkippingLeadingTrivia)
    }

    /// The line and column of a position in the file.
    func location(at position: AbsolutePosition) -> NavigationMap.Location {
        let place = converter.location(for: position)
        return NavigationMap.Location(file: path, line: place.line, column: place.column)
    }
}

/// A stored or computed property of a type.
struct PropertyDecl {
    /// Its name.
    var name: String
    /// Its declared type, as written, if any.
    var type: String?
    /// Its property wrappers and other attributes, e.g. `State`, `EnvironmentObject`.
    var attributes: [String]
    /// Its initial value, if any.
    var initializer: ExprSyntax?
    /// The declaration.
    var node: Syntax

    /// The type the property holds, as written: its annotation without `?` or `!`, the type its initial
    /// value makes (`Router()`, `[Route]()`), or the type an `@Environment(Router.self)` reads.
    var heldTypeName: String? {
        if var type {
            while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
            return type
        }
        if let initializer {
            if let made = initializer.constructedTypeName { return made }
            if let call = initializer.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                call.calledExpression.is(ArrayExprSyntax.self)
            {
                return call.calledExpression.trimmedText  // `[Route]()`
            }
        }
        let variable = node.parent?.parent?.as(VariableDeclSyntax.self)
        for attribute in variable?.attributes ?? [] {
            guard let attribute = attribute.as(AttributeSyntax.self),
                attribute.attributeName.trimmedText == "Environment",
                case .argumentList(let arguments) = attribute.arguments,
                let value = arguments.first?.expression.trimmedText, value.hasSuffix(".self")
            else { continue }
            return String(value.dropLast(5))
        }
        return nil
    }
}

/// A member declaration of a type, with the calls and assignments written under it.
struct MemberCode {
    var decl: DeclSyntax
    var file: ParsedFile
    /// The calls under the member, outermost first, in source order.
    var calls: [FunctionCallExprSyntax]
    /// Each call's ``SwiftSyntax/FunctionCallExprSyntax/calledName``, in the order of ``calls``: read once, on
    /// the thread that read the file, as every step of a scan asks it of every call.
    var calledNames: [String?]
    /// Each call's ``SwiftSyntax/FunctionCallExprSyntax/receiverText``, in the order of ``calls``: read once, on
    /// the thread that read the file, as every library asks it of every call for its edges.
    var receivers: [String?]
    /// Where each call is placed on the map (``NavigationRecognizer/callPosition(_:named:)``), in the order of
    /// ``calls``: found on the thread that read the file, as the edges of every call start from it.
    var places: [AbsolutePosition]
    /// The assignments under the member, in source order.
    var assignments: [Assignment]

    init(_ decl: DeclSyntax, file: ParsedFile, _ code: FileDeclarations.Code) {
        self.decl = decl
        self.file = file
        calls = code.calls
        calledNames = code.calledNames
        receivers = code.receivers
        places = code.places
        assignments = code.assignments
    }

    /// A call with what was read of it when its file was: its called name, receiver and place.
    struct CallSite {
        var call: FunctionCallExprSyntax
        var name: String?
        var receiver: String?
        var place: AbsolutePosition
    }

    /// Each call with its called name, receiver and place, in the order of ``calls``.
    var sites: LazyMapSequence<Range<Int>, CallSite> {
        calls.indices.lazy.map {
            CallSite(call: calls[$0], name: calledNames[$0], receiver: receivers[$0], place: places[$0])
        }
    }

    /// Each call with its called name, in the order of ``calls``.
    var namedCalls: Zip2Sequence<[FunctionCallExprSyntax], [String?]> { zip(calls, calledNames) }

    /// The calls whose called name is `name`, in order.
    func calls(named name: String) -> [FunctionCallExprSyntax] {
        zip(calls, calledNames).compactMap { $1 == name ? $0 : nil }
    }
}

/// A type declared in the scanned files, with the members of its extensions merged in.
final class TypeDecl {
    /// Its name, e.g. `ViewModel`.
    let name: String
    /// Its name with enclosing types, e.g. `NumberVMFlow.ViewModel`.
    let qualifiedName: String
    /// `struct`, `class`, `enum`, `actor` (`extension` until its declaration is found).
    var kind: String
    /// The file it is declared in.
    var file: ParsedFile
    /// The declaration's name token, for its location.
    var nameNode: Syntax
    /// The types it inherits from or conforms to, as written.
    var inherits: [String] = []
    /// Its properties by name.
    var properties: [String: PropertyDecl] = [:]
    /// Its functions, in source order.
    var functions: [(decl: FunctionDeclSyntax, file: ParsedFile)] = []
    /// Its enum cases, in source order.
    var cases: [(name: String, node: Syntax, file: ParsedFile)] = []
    /// Every member declaration that is not a type, with the file it is in and the calls (outermost first)
    /// and assignments under it: found once, on every core (``FileDeclarations``), as every step of a scan
    /// reads them.
    var memberCode: [MemberCode] = []

    init(name: String, qualifiedName: String, kind: String, file: ParsedFile, nameNode: Syntax) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.kind = kind
        self.file = file
        self.nameNode = nameNode
    }

    /// A SwiftUI view: it conforms to `View`, to a protocol of the app named like one (`ConnectedView`), or to
    /// one of the protocols that wrap a UIKit or AppKit view or controller (`UIViewControllerRepresentable`).
    var isView: Bool {
        inherits.contains { $0 == "View" || $0.hasSuffix("View") || Self.representables.contains($0) }
    }

    /// SwiftUI's protocols for a view made by UIKit or AppKit, each a `View`.
    static let representables: Set<String> = [
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable",
        "NSViewControllerRepresentable",
    ]

    /// Whether the type and every type it is nested in are declared `public` or `open`.
    var isPublic: Bool {
        var declarations = 0
        var node: Syntax? = nameNode.parent
        while let current = node {
            if let group = current.asProtocol((any DeclGroupSyntax).self), !current.is(ExtensionDeclSyntax.self) {
                declarations += 1
                let levels = group.modifiers.map(\.name.text)
                guard levels.contains("public") || levels.contains("open") else { return false }
            }
            node = current.parent
        }
        return declarations > 0
    }
}

/// Every type declared in a set of parsed files.
struct SwiftSourceIndex {
    /// The files, in the order given.
    var files: [ParsedFile] = []
    /// The types by qualified name, in declaration order.
    var types: [TypeDecl] = []
    /// Types by qualified name: several when files declare private types of the same name.
    private var byQualifiedName: [String: [TypeDecl]] = [:]
    private var bySimpleName: [String: [TypeDecl]] = [:]

    /// Parses the files `choice` selects; any syntax error in them is a located error for the whole scan.
    /// A `memo` gives the trees of texts parsed before and keeps the new ones.
    static func parse(
        _ all: [(path: String, text: String)], choosing choice: ParseSelection.Choice = .navigationFiles,
        memo: ParseMemo? = nil
    ) throws(FlowGraphError) -> SwiftSourceIndex {
        var index = SwiftSourceIndex()
        var diagnostics: [FlowModel.Diagnostic] = []
        let sources = select(all, choice)
        let parsed = parseConcurrently(sources, memo: memo)
        var read: [ParsedSlot.Declarations] = []
        for (source, file) in zip(sources, parsed) {
            let tree = file.tree
            if let deep = file.tooDeep {
                diagnostics.append(tooDeep(deep, in: source))
                continue
            }
            guard let converter = file.converter else { continue }
            if tree.hasError {
                let found = ParseDiagnosticsGenerator.diagnostics(for: tree).filter {
                    $0.diagMessage.severity == .error
                }
                for diagnostic in found.prefix(20) {
                    let place = diagnostic.location(converter: converter)
                    diagnostics.append(
                        FlowModel.Diagnostic(
                            file: source.path, position: SourcePosition(line: place.line, column: place.column),
                            message: "not valid Swift: " + diagnostic.message))
                }
                if found.isEmpty {
                    diagnostics.append(FlowModel.Diagnostic(file: source.path, message: "not valid Swift"))
                }
                continue
            }
            index.files.append(ParsedFile(path: source.path, tree: tree, converter: converter))
            read.append(file.declarations)
        }
        if !diagnostics.isEmpty { throw FlowGraphError(diagnostics: diagnostics) }
        // A tree the memo lent gives the declarations read of it before (the other side of a diff).
        let declarations = LargeStack.concurrentMap(read.count) { [read] in read[$0].value }
        for (file, declared) in zip(index.files, declarations) {
            for type in declared.types { index.merge(type, scope: [], file: file) }
        }
        return index
    }

    /// The error for a file whose tree nests deeper than ``SyntaxDepth/maximum``, at the first node that
    /// deep (its line and column counted from the text, not by walking the tree).
    private static func tooDeep(_ node: Syntax, in source: (path: String, text: String)) -> FlowModel.Diagnostic {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        var line = 1
        var lineStart = 0
        for (index, byte) in source.text.utf8.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return FlowModel.Diagnostic(
            file: source.path, position: SourcePosition(line: line, column: offset - lineStart + 1),
            message: "the code nests more than \(SyntaxDepth.maximum) syntax levels deep here (a chain of "
                + "about \(SyntaxDepth.maximum / 2) modifiers or \(SyntaxDepth.maximum) postfix operators), deeper "
                + "than flowgraph scan reads; split the expression")
    }

    /// The files to parse, in the order given: those that can bear on the navigation, or all.
    private static func select(
        _ sources: [(path: String, text: String)], _ choice: ParseSelection.Choice
    ) -> [(path: String, text: String)] {
        guard choice == .navigationFiles else { return sources }
        let read = LargeStack.concurrentMap(sources.count) { index in
            let sketch = SourceSketch(sources[index].text)
            return (sketch, ParseSelection.isSeed(sketch, seedWords: SourceLibraries.seedWords))
        }
        let chosen = ParseSelection.parsed(read.map(\.0), seeds: read.map(\.1))
        return zip(sources, chosen).filter(\.1).map(\.0)
    }

    /// Parses files on every core, each checked for depth and given its line table on the thread that parsed
    /// it: files are independent, and parsing is nearly all of a scan's time.
    private static func parseConcurrently(_ sources: [(path: String, text: String)], memo: ParseMemo?)
        -> [ParsedSlot]
    {
        guard let memo else { return LargeStack.concurrentMap(sources.count) { ParsedSlot(parsing: sources[$0].text) } }
        // A text another scan is parsing now is passed over, not waited for, so that every thread parses
        // something; those passed over are waited for after (the other scan is done with most by then).
        let found = LargeStack.concurrentMap(sources.count) { index in
            memo.slot(for: sources[index].text, waiting: false) { ParsedSlot(parsing: sources[index].text) }
        }
        // Waited for on threads of parsing's stack size too: a text whose parse is gone by then is parsed again.
        let passed = found.indices.filter { found[$0] == nil }
        let waited = LargeStack.concurrentMap(passed.count) { index in
            memo.slot(for: sources[passed[index]].text) { ParsedSlot(parsing: sources[passed[index]].text) }
        }
        var slots = found
        for (index, slot) in zip(passed, waited) { slots[index] = slot }
        memo.scanned(sources.map(\.text))
        return slots.compactMap { $0 }
    }

    /// Adds a type or extension a file declares, with its members and the types nested in it.
    private mutating func merge(_ record: FileDeclarations.TypeRecord, scope: [String], file: ParsedFile) {
        let type =
            record.kind == "extension"
            ? declaredType(record.path, scope: scope, file: file, kind: record.kind, node: record.nameNode)
            : declaredType(scope + record.path, scope: [], file: file, kind: record.kind, node: record.nameNode)
        type.inherits += record.inherits
        for member in record.members {
            switch member {
            case .member(let member):
                type.memberCode.append(MemberCode(member.decl, file: file, member.code))
                for property in member.properties { type.properties[property.name] = property }
                if let function = member.function { type.functions.append((function, file)) }
                type.cases += member.cases.map { ($0.name, $0.node, file) }
            case .nested(let nested):
                merge(nested, scope: type.qualifiedName.split(separator: ".").map(String.init), file: file)
            }
        }
    }

    /// The type with a qualified path, made if it is not known yet (extensions may come first).
    private mutating func declaredType(
        _ path: [String], scope: [String], file: ParsedFile, kind: String, node: Syntax
    ) -> TypeDecl {
        let qualified = (scope + path).joined(separator: ".")
        let candidates = byQualifiedName[qualified] ?? byQualifiedName[path.joined(separator: ".")] ?? []
        if kind == "extension" {
            if let existing = candidates.first(where: { $0.file.path == file.path }) ?? candidates.first {
                return existing
            }
        } else if let existing = candidates.first(where: { $0.kind == "extension" || $0.file.path == file.path }) {
            if existing.kind == "extension" {
                existing.kind = kind
                existing.file = file
                existing.nameNode = node
            }
            return existing
        }
        let type = TypeDecl(
            name: path.last ?? qualified, qualifiedName: qualified, kind: kind, file: file, nameNode: node)
        types.append(type)
        byQualifiedName[qualified, default: []].append(type)
        bySimpleName[type.name, default: []].append(type)
        return type
    }

    /// A type as written, without optionals and generic arguments: `Router<Screen>?` → `Router`,
    /// `App.Router` as it is.
    static func typePath(of written: String) -> String {
        // Most names are written plain (`Router`), and are returned as they are.
        guard written.utf8.contains(where: { typeMarks.contains($0) }) else { return written }
        let name = written.trimmingCharacters(in: " ?!")
        guard let open = name.firstIndex(of: "<") else { return name }
        return String(name[..<open])
    }

    /// The bytes that make a written type more than its path: spaces, optionals and generic arguments.
    private static let typeMarks: Set<UInt8> = [
        UInt8(ascii: " "), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "<"),
    ]

    /// The simple name of a type as written: the ``TypeDecl/name`` of any type ``type(named:from:preferringFile:)``
    /// finds for it (`App.Router<Screen>?` → `Router`).
    static func simpleName(of written: String) -> String { typePath(of: written).lastDotPart }

    /// The types declared with a simple name (several when files declare private types of one name).
    func types(named simple: String) -> [TypeDecl] { bySimpleName[simple] ?? [] }

    /// The type `type` is declared in (`ImagePicker` for `ImagePicker.Coordinator`), if it is nested.
    func enclosingType(of type: TypeDecl) -> TypeDecl? {
        guard let dot = type.qualifiedName.lastIndex(of: ".") else { return nil }
        let candidates = byQualifiedName[String(type.qualifiedName[..<dot])] ?? []
        return candidates.first { $0.file.path == type.file.path } ?? candidates.first
    }

    /// The type a name written inside `context` refers to: a nested type first, then any type by that name.
    /// Among types of one name, the one declared in `file` if any (private types share names across files).
    func type(named written: String, from context: TypeDecl?, preferringFile file: String? = nil) -> TypeDecl? {
        let name = Self.typePath(of: written)
        let last = name.lastDotPart
        // Every type is listed by its simple name, the last part of any qualified name that finds it: most
        // names asked of (`Text`, `HStack`) are not the app's, and are answered without building any.
        guard let simplyNamed = bySimpleName[last] else { return nil }
        let file = file ?? context?.file.path
        func pick(_ candidates: [TypeDecl]?) -> TypeDecl? {
            guard let candidates, !candidates.isEmpty else { return nil }
            return candidates.first { $0.file.path == file } ?? candidates.first
        }
        if let context {
            var scope = context.qualifiedName.split(separator: ".").map(String.init)
            while true {
                if let found = pick(byQualifiedName[(scope + [name]).joined(separator: ".")]) { return found }
                if scope.isEmpty { break }
                scope.removeLast()
            }
        }
        if let found = pick(byQualifiedName[name]) { return found }
        return pick(simplyNamed)
    }
}

/// One parsed file: its tree, the first node nesting too deep (if any), and its line table (unless too deep).
struct ParsedSlot: @unchecked Sendable {
    var tree: SourceFileSyntax
    var tooDeep: Syntax?
    var converter: SourceLocationConverter?
    /// What the tree declares, read the first time a scan asks (``FileDeclarations``).
    let declarations: Declarations

    /// A tree's declarations, read once however many scans share the tree: a scan asking while another
    /// reads them waits for that reading.
    final class Declarations: @unchecked Sendable {
        private let lock = NSLock()
        private let tree: SourceFileSyntax
        private var read: FileDeclarations?

        init(_ tree: SourceFileSyntax) { self.tree = tree }

        /// The declarations, read now if no scan has read them.
        var value: FileDeclarations {
            lock.withLock {
                if let read { return read }
                let made = FileDeclarations(tree)
                read = made
                return made
            }
        }
    }

    /// Parses a file's text; the depth check walks without recursion, and only a tree within the depth is
    /// walked further for its line table.
    ///
    /// Parsed as Swift 5 reads it: most apps build in the Swift 5 language mode, where the compiler only warns
    /// of what Swift 6 rejects (`@Environment (\.dismiss)`, a space before an attribute's arguments), and a
    /// file Swift 6 would reject is read the same way.
    init(parsing text: String) {
        var text = text
        tree = text.withUTF8 { Parser.parse(source: $0, swiftVersion: .v5) }
        tooDeep = SyntaxDepth.firstTooDeep(in: tree)
        // The line table names no file: a scan names locations by the path it is given.
        converter = tooDeep == nil ? SourceLocationConverter(fileName: "", tree: tree) : nil
        declarations = Declarations(tree)
    }
}

extension String {
    /// The text without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
