import Testing

@testable import FlowModel

@Suite struct JSONValueTests {
    @Test func keepsPositionsOfEveryValue() throws {
        let text = """
            {
              "a": [1, -2.5e3, true, null],
              "b": {"c": "x"},
              "é": "😀z"
            }
            """
        let json = try JSONValue.parse(text)
        #expect(json.position == SourcePosition(line: 1, column: 1))
        let a = try #require(json["a"]?.arrayValue)
        #expect(a.map(\.position.column) == [9, 12, 20, 26])
        #expect(a[0].intValue == 1)
        #expect(a[1].doubleValue == -2500)
        #expect(a[2].boolValue == true)
        #expect(a[3].isNull)
        #expect(json["b"]?["c"]?.position == SourcePosition(line: 3, column: 14))
        let members = try #require(json.objectValue)
        #expect(members.map(\.key) == ["a", "b", "é"])
        #expect(members[2].keyPosition == SourcePosition(line: 4, column: 3))
        // Columns count Unicode scalars, so the emoji and é are one column each.
        #expect(members[2].value.position == SourcePosition(line: 4, column: 8))
        #expect(members[2].value.position(ofScalar: 1) == SourcePosition(line: 4, column: 10))
    }

    @Test func mapsScalarOffsetsThroughEscapes() throws {
        let json = try JSONValue.parse(#"["a\n\u00e9\"b", "plain"]"#)
        let escaped = try #require(json.arrayValue?[0])
        #expect(escaped.stringValue == "a\né\"b")
        // Source: ["a\n\u00e9\"b" — quote at column 2, a at 3, \n at 4, \u00e9 at 6, \" at 12, b at 14.
        #expect((0...4).map { escaped.position(ofScalar: $0).column } == [3, 4, 6, 12, 14])
        let plain = try #require(json.arrayValue?[1])
        #expect(plain.position(ofScalar: 2).column == 21)
    }

    @Test func decodesSurrogatePairsAndRejectsLoneOnes() throws {
        #expect(try JSONValue.parse(#""\ud83d\ude00""#).stringValue == "😀")
        #expect(throws: InputError.self) { try JSONValue.parse(#""\ud83d""#) }
        #expect(throws: InputError.self) { try JSONValue.parse(#""\ude00""#) }
    }

    @Test(arguments: [
        ("", 1, 1, "the file is empty; expected a JSON object"),
        ("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
        ("[1, 2,]", 1, 7, "trailing comma before ']'"),
        ("{\"a\" 1}", 1, 6, "unexpected '1'; expected ':' after the key"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key 'a' (first at line 1, column 2)"),
        ("{\n  \"a\": [1, 2\n}", 3, 1, "unexpected '}'; expected ',' or ']' after an array element"),
        ("{\"a\": tru}", 1, 7, "invalid literal; expected 'true'"),
        ("{\"a\": 'x'}", 1, 7, "strings in JSON use double quotes"),
        ("{\"a\": \"x\ny\"}", 1, 7, "unterminated string; a string cannot span lines"),
        ("{\"a\": \"\\x\"}", 1, 8, "invalid escape '\\x'"),
        ("{\"a\": 01}", 1, 7, "invalid number; leading zeros are not allowed"),
        ("{\"a\": 1.}", 1, 9, "invalid number; expected a digit after '.'"),
        ("// plan\n{}", 1, 1, "comments are not allowed in JSON"),
        ("{} {}", 1, 4, "unexpected '{' after the JSON value"),
        ("{\"a\": [", 1, 8, "unexpected end of file; expected a value"),
        ("[1", 1, 3, "unexpected end of file; the array at line 1, column 1 is not closed"),
    ])
    func reportsSyntaxErrorsWithPositions(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try JSONValue.parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.position == SourcePosition(line: line, column: column), "\(text): \(error)")
            #expect(error.message.hasPrefix(message), "\(text): \(error)")
        }
    }

    @Test func rejectsInvalidUTF8() {
        var bytes = Array("{\"a\": \"x".utf8)
        bytes += [0xC3, 0x28]  // a lead byte followed by a non-continuation byte
        bytes += Array("\"}".utf8)
        #expect(throws: InputError.self) { try JSONValue.parse(bytes: bytes) }
        #expect(throws: InputError.self) { try JSONValue.parse(bytes: [0xFF]) }
    }

    @Test func skipsAByteOrderMark() throws {
        let json = try JSONValue.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(json["a"]?.intValue == 1)
    }

    @Test func limitsNestingDepth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONValue.parse(deep)
            Issue.record("expected a depth error")
        } catch {
            #expect(error.message.contains("nested more than 512 deep"))
        }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONValue.parse(fine)) != nil)
    }

    @Test func rendersPrettyAndCompactInStoredOrder() throws {
        let value = JSONValue.object([
            "z": .array([.string("a\"b\\c\n"), .number(1.95), .number(0.0), .bool(false)]),
            "a": .array([.array([.string("x")]), .array([])]),
            "e": .object([:]),
        ])
        #expect(
            value.rendered(.pretty) == """
                {
                  "z": ["a\\"b\\\\c\\n", 1.95, 0, false],
                  "a": [
                    ["x"],
                    []
                  ],
                  "e": {}
                }
                """)
        #expect(value.rendered(.compact) == #"{"z":["a\"b\\c\n",1.95,0,false],"a":[["x"],[]],"e":{}}"#)
        // What is rendered parses back to the same values.
        #expect(try JSONValue.parse(value.rendered()).rendered(.compact) == value.rendered(.compact))
    }

    @Test func escapesControlCharactersWhenRendering() {
        #expect(JSONValue.string("\u{1}\u{7F}\u{2028}").rendered() == #""\u0001\u007f\u2028""#)
    }
}
