/// Pieces of a JSON Schema (draft-07), built as ``JSONValue``s in the order they are written.
enum SchemaFragment {
    /// An object with the given members, in order; members whose value is `nil` are left out.
    static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        JSONValue(.object(members.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } }))
    }

    /// A string, optionally matching `pattern` and at least `minLength` long.
    static func string(pattern: String? = nil, minLength: Int? = nil, description: String? = nil) -> JSONValue {
        object([
            ("type", .string("string")), ("minLength", minLength.map(JSONValue.number)),
            ("pattern", pattern.map(JSONValue.string)), ("description", description.map(JSONValue.string)),
        ])
    }

    /// A Boolean.
    static let boolean = object([("type", .string("boolean"))])

    /// What a key may not hold at all: JSON Schema's `false`.
    static let refused = JSONValue.bool(false)

    /// A reference to one of the schema's definitions, with an optional description beside it.
    static func reference(_ definition: String, description: String? = nil) -> JSONValue {
        object([("description", description.map(JSONValue.string)), ("$ref", .string("#/definitions/" + definition))])
    }

    /// An array, optionally of `items`, between `minItems` and `maxItems` long, of distinct values if `unique`.
    static func array(
        of items: JSONValue? = nil, minItems: Int? = nil, maxItems: Int? = nil, unique: Bool = false,
        description: String? = nil
    ) -> JSONValue {
        object([
            ("description", description.map(JSONValue.string)), ("type", .string("array")), ("items", items),
            ("minItems", minItems.map(JSONValue.number)), ("maxItems", maxItems.map(JSONValue.number)),
            ("uniqueItems", unique ? .bool(true) : nil),
        ])
    }

    /// A value matching at least one of `choices`.
    static func anyOf(_ choices: [JSONValue], description: String? = nil) -> JSONValue {
        object([("description", description.map(JSONValue.string)), ("anyOf", .array(choices))])
    }

    /// One of the given strings exactly, or any spelling of one that `pattern` accepts.
    static func names(_ names: [String], spelledAs pattern: String, description: String? = nil) -> JSONValue {
        anyOf(
            [object([("enum", .array(names.map(JSONValue.string)))]), string(pattern: pattern)],
            description: description)
    }

    /// A pattern accepting each of `words` whatever its letter case and with `ignored` characters anywhere.
    ///
    /// `ignored` is a regular-expression character class body, e.g. `" _-"`; plan decoding drops the same
    /// characters before it compares a name.
    static func spellings(of words: [String], ignoring ignored: String) -> String {
        let gap = "[\(ignored)]*"
        let alternatives = words.map { word in
            word.map { letter -> String in
                let lower = letter.lowercased()
                let upper = letter.uppercased()
                let literal = lower == upper ? escaped(letter) : "[\(lower)\(upper)]"
                return literal
            }.joined(separator: gap)
        }
        return "^" + gap + "(" + alternatives.joined(separator: "|") + ")" + gap + "$"
    }

    /// A character as a regular-expression literal.
    private static func escaped(_ character: Character) -> String {
        "\\^$.|?*+()[]{}-/".contains(character) ? "\\" + String(character) : String(character)
    }
}
