import Foundation
import Testing

@testable import FlowModel

/// The schema `flowgraph schema` prints and the decoder read one key table: every object's keys in the schema
/// are exactly the keys the decoder names when it refuses an unknown one.
@Suite struct PlanSchemaKeysTests {
    /// The schema, parsed.
    static var schema: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(PlanSchema.text.utf8))) as? [String: Any] ?? [:]
    }

    /// The property names of the schema object at `path` (keys through nested objects), sorted.
    static func propertyNames(_ path: [String]) throws -> [String] {
        var object: Any = schema
        for key in path { object = try #require((object as? [String: Any])?[key], "\(path)") }
        let properties = try #require((object as? [String: Any])?["properties"] as? [String: Any], "\(path)")
        return properties.keys.sorted()
    }

    /// The keys the decoder lists when `plan` has an unknown key, sorted.
    static func knownKeys(decoding plan: String) throws -> [String] {
        let error = try #require(throws: FlowGraphError.self) { try Plan.decode(plan) }
        let message = try #require(error.diagnostics.map(\.message).first { $0.contains("known keys are ") })
        let list = try #require(message.components(separatedBy: "known keys are ").last)
        let names = list.components(separatedBy: " (did you mean").first ?? list
        return names.components(separatedBy: ", ").sorted()
    }

    @Test func topLevelKeysAreTheSchemasProperties() throws {
        let schemaKeys = try Self.propertyNames([]).filter { $0 != "$schema" }
        #expect(try Self.knownKeys(decoding: #"{"root": "Home", "bogus": 1}"#) == schemaKeys)
        #expect(schemaKeys.count >= 13)
    }

    @Test(arguments: [
        (
            ["definitions", "child"],
            #"{"root": "Home", "start": [{"route": ".sheet(A)", "child": {"ownsRoutes": true, "root": "B", "bogus": 1}}]}"#
        ),
        (["definitions", "nestedRoute"], #"{"root": "Home", "start": [{"route": ".sheet(A)", "bogus": 1}]}"#),
        (
            ["definitions", "deeplink"],
            #"{"root": "Home", "deeplink": {"rules": [{"match": "a://b", "routes": []}], "bogus": 1}}"#
        ),
        (["definitions", "root", "anyOf", "1"], #"{"root": {"screen": "Home", "bogus": 1}}"#),
        (["definitions", "budget"], #"{"root": "Home", "budget": {"maxUpdates": 1, "bogus": 1}}"#),
    ])
    func nestedKeysAreTheSchemasProperties(path: [String], plan: String) throws {
        let schemaPath = path.last == "1" ? Array(path.dropLast(2)) : path
        var object: Any = Self.schema
        for key in schemaPath { object = try #require((object as? [String: Any])?[key]) }
        if path.last == "1" {
            object = try #require(((object as? [String: Any])?["anyOf"] as? [Any])?[1])
        }
        let properties = try #require((object as? [String: Any])?["properties"] as? [String: Any])
        #expect(try Self.knownKeys(decoding: plan) == properties.keys.sorted())
    }

    @Test func everyLibraryNameTheDecoderAcceptsIsInTheSchema() throws {
        let library = try #require((Self.schema["properties"] as? [String: Any])?["library"] as? [String: Any])
        let choices = try #require(library["anyOf"] as? [[String: Any]])
        let names = try #require(choices.first?["enum"] as? [String])
        let pattern = try #require(choices.last?["pattern"] as? String)
        let expression = try NSRegularExpression(pattern: pattern)
        for name in names + ["Swiftful Routing", "swiftui-navigation-stack", "FLOW_STACKS"] {
            let range = NSRange(name.startIndex..., in: name)
            #expect(expression.firstMatch(in: name, range: range) != nil, "\(name) matches the schema")
            #expect(
                (try? Plan.decode(#"{"library": "\#(name)", "root": "Home"}"#)) != nil, "\(name) decodes")
        }
        let refused = "flowstack"
        #expect(expression.firstMatch(in: refused, range: NSRange(refused.startIndex..., in: refused)) == nil)
        #expect(throws: FlowGraphError.self) { try Plan.decode(#"{"library": "flowstack", "root": "Home"}"#) }
    }
}
