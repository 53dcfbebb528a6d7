/// A Swift type named by its mangled name, as `_mangledTypeName` writes it into FlowPath's codable JSON.
///
/// Demangles the common shapes: the standard types (`Si` Int, `SS` String, `Sb` Bool, `Sd` Double,
/// `Sf` Float, `Su` UInt, `s5Int64V`…), a module's structs, enums and classes, also nested
/// (`5MyApp4ViewV6ScreenO` → `View.Screen`) or private (`5MyApp13$…yXZ6NumberV` or `…33_…LLV` →
/// `Number`), optionals (`SiSg` → `Int?`), arrays, dictionaries, sets and generic types
/// (`5MyApp7GenericVySiG` → `Generic<Int>`). Anything else keeps its raw mangled name.
package struct SwiftTypeName: Hashable, Sendable {
    /// What kind of type it is, which decides how its values are labeled.
    public enum Kind: Hashable, Sendable {
        /// A struct (`V`), or a standard library value type.
        case structure
        /// An enum (`O`).
        case enumeration
        /// A class (`C`).
        case classType
        /// A standard type whose values are plain JSON values: numbers, strings, Booleans.
        case standard
        /// An optional, array, dictionary or set: values are labeled as plain JSON.
        case container
        /// A name that could not be demangled.
        case unknown
    }

    /// The mangled name as written.
    public var mangled: String
    /// The readable name without its module (`View.Screen`, `Int?`), or the mangled name if unknown.
    public var name: String
    /// The kind of type.
    public var kind: Kind

    /// Demangles `mangled`; see the type's documentation for what is understood.
    public init(mangled: String) {
        self.mangled = mangled
        var parser = Parser(scalars: Array(mangled.unicodeScalars))
        if let node = parser.parse() {
            name = node.name
            kind = node.kind
        } else {
            name = mangled
            kind = .unknown
        }
    }

    private struct Node {
        var name: String
        var kind: Kind
        /// A module name: a context that does not show in the readable name.
        var isModule = false
        /// A private-declaration discriminator, dropped from the name.
        var isDiscriminator = false
        /// Marks where generic arguments start (`y`).
        var isArgumentsMarker = false
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var stack: [Node] = []

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func parse() -> Node? {
            while let scalar = peek {
                switch scalar {
                case "1"..."9":
                    guard let identifier = identifier() else { return nil }
                    if identifier.hasPrefix("$") {
                        // A private type's anonymous file context: `13$5578693a79b0yXZ`.
                        guard consume("yXZ") || consume("XZ") else { return nil }
                        stack.append(Node(name: identifier, kind: .unknown, isDiscriminator: true))
                    } else if identifier.hasPrefix("_"), consume("LL") {
                        // A private discriminator after the name: `6Number33_0123…LLV`.
                        continue
                    } else {
                        stack.append(Node(name: identifier, kind: .unknown, isModule: stack.isEmpty))
                    }
                case "V", "O", "C":
                    index += 1
                    guard let nameNode = stack.popLast(), !nameNode.isArgumentsMarker, nameNode.kind == .unknown
                    else { return nil }
                    while stack.last?.isDiscriminator == true { stack.removeLast() }
                    guard let context = stack.popLast(), !context.isArgumentsMarker else { return nil }
                    let kind: Kind = scalar == "V" ? .structure : scalar == "O" ? .enumeration : .classType
                    let prefix = context.isModule ? "" : context.name + "."
                    stack.append(Node(name: prefix + nameNode.name, kind: context.name == "Swift" ? .standard : kind))
                case "s":
                    index += 1
                    stack.append(Node(name: "Swift", kind: .unknown, isModule: true))
                case "S":
                    index += 1
                    guard let code = peek else { return nil }
                    index += 1
                    switch code {
                    case "i": stack.append(Node(name: "Int", kind: .standard))
                    case "u": stack.append(Node(name: "UInt", kind: .standard))
                    case "S": stack.append(Node(name: "String", kind: .standard))
                    case "b": stack.append(Node(name: "Bool", kind: .standard))
                    case "d": stack.append(Node(name: "Double", kind: .standard))
                    case "f": stack.append(Node(name: "Float", kind: .standard))
                    case "a": stack.append(Node(name: "Array", kind: .container))
                    case "D": stack.append(Node(name: "Dictionary", kind: .container))
                    case "h": stack.append(Node(name: "Set", kind: .container))
                    case "g":
                        guard let wrapped = stack.popLast(), !wrapped.isArgumentsMarker, !wrapped.isModule else {
                            return nil
                        }
                        stack.append(Node(name: wrapped.name + "?", kind: .container))
                    default: return nil
                    }
                case "y":
                    index += 1
                    stack.append(Node(name: "", kind: .unknown, isArgumentsMarker: true))
                case "G":
                    index += 1
                    var arguments: [Node] = []
                    while let node = stack.popLast(), !node.isArgumentsMarker {
                        guard !node.isModule, node.kind != .unknown else { return nil }
                        arguments.append(node)
                    }
                    arguments.reverse()
                    guard let generic = stack.popLast(), !generic.isArgumentsMarker, !arguments.isEmpty else {
                        return nil
                    }
                    let names = arguments.map(\.name)
                    switch (generic.name, names.count) {
                    case ("Array", 1): stack.append(Node(name: "[\(names[0])]", kind: .container))
                    case ("Dictionary", 2): stack.append(Node(name: "[\(names[0]): \(names[1])]", kind: .container))
                    case ("Set", 1): stack.append(Node(name: "Set<\(names[0])>", kind: .container))
                    default:
                        stack.append(
                            Node(name: generic.name + "<" + names.joined(separator: ", ") + ">", kind: generic.kind))
                    }
                default:
                    return nil
                }
            }
            guard stack.count == 1, let node = stack.first, !node.isModule, !node.isArgumentsMarker,
                node.kind != .unknown
            else { return nil }
            return node
        }

        mutating func consume(_ word: String) -> Bool {
            let count = word.unicodeScalars.count
            guard index + count <= scalars.count, scalars[index..<index + count].elementsEqual(word.unicodeScalars)
            else { return false }
            index += count
            return true
        }

        /// `<length><characters>`; a length starting with 0 is a word substitution, which is not understood.
        mutating func identifier() -> String? {
            var length = 0
            while let scalar = peek, scalar.properties.numericType != nil, scalar.isASCII {
                length = length * 10 + Int(scalar.value - 48)
                guard length < 10_000 else { return nil }
                index += 1
            }
            guard length > 0, index + length <= scalars.count else { return nil }
            var name = ""
            name.unicodeScalars.append(contentsOf: scalars[index..<index + length])
            index += length
            return name
        }
    }
}
