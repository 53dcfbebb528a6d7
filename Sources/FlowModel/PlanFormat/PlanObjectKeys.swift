/// The keys of one JSON object a plan file holds, each with the schema of its value.
///
/// Written once for the decoder and the schema alike: the decoder's unknown-key check reads ``names``, and
/// `flowgraph schema` prints ``schema(required:description:)``, so the two cannot disagree on a key.
struct PlanObjectKeys: Sendable {
    /// One key and what its value may be.
    struct Key: Sendable {
        /// The key as written in a plan file.
        let name: String
        /// The JSON Schema of its value.
        let value: JSONValue
    }

    /// The keys, in the order the schema lists them.
    let keys: [Key]

    /// Creates a table from `(name, value schema)` pairs.
    init(_ keys: [(String, JSONValue)]) {
        self.keys = keys.map { Key(name: $0.0, value: $0.1) }
    }

    /// The key names, in order.
    var names: [String] { keys.map(\.name) }

    /// The `properties` member of a schema: each key with its value's schema.
    var properties: JSONValue { SchemaFragment.object(keys.map { ($0.name, $0.value) }) }

    /// A closed object of these keys (no others allowed), with `required` keys and a description.
    func schema(required: [String] = [], description: String? = nil, extra: [(String, JSONValue?)] = [])
        -> JSONValue
    {
        SchemaFragment.object(
            [
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("required", required.isEmpty ? nil : .array(required.map(JSONValue.string))),
                ("description", description.map(JSONValue.string)), ("properties", properties),
            ] + extra)
    }
}
