import FlowModel
import Testing

/// Route lists as FlowStacks apps encode them. The JSON below is exactly what Swift 6.3's `JSONEncoder`
/// wrote for `[Route<Screen>]` and for FlowStacks' `FlowPath.CodableRepresentation` encoding logic in a
/// module named `MyApp` (including its `\/` escapes and its member order).
struct RouteImportTests {
    private func read(_ json: String) throws -> RouteImport.Result {
        try RouteImport.read(json, file: "in.json")
    }

    private func errorLines(_ json: String) -> [String] {
        do {
            _ = try RouteImport.read(json, file: "in.json")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    // MARK: Typed routes

    @Test func typedRoutesOfNumbers() throws {
        let result = try read(
            #"[{"push":{"_0":1}},{"sheet":{"withNavigation":true,"_0":4}},{"cover":{"withNavigation":false,"_0":5}}]"#)
        #expect(result.format == .typedRoutes)
        #expect(result.routes == [.push("1"), .sheet("4", withNavigation: true), .cover("5")])
    }

    @Test func typedRoutesOfStringsKeepTheirText() throws {
        let result = try read(
            #"[{"push":{"_0":"Hello \"quoted\" <b>bold<\/b> 🚀"}},{"sheet":{"_0":"a\/b","withNavigation":false}}]"#)
        #expect(result.routes == [.push(#"Hello "quoted" <b>bold</b> 🚀"#), .sheet("a/b")])
        #expect(try PlanRoute(notation: result.routes[0].notation) == result.routes[0])
    }

    @Test func typedRoutesOfEnumsWithLabeledUnlabeledAndNoValues() throws {
        let json = """
            [{"push":{"_0":{"home":{}}}},{"push":{"_0":{"profile":{"userID":"u1"}}}},{"push":{"_0":{"number":{"_0":7}}}},\
            {"sheet":{"withNavigation":true,"_0":{"pair":{"_0":1,"_1":"x"}}}},{"cover":{"withNavigation":false,"_0":{"settings":{}}}}]
            """
        let routes = try read(json).routes
        #expect(
            routes == [
                .push("home"), .push(#"profile(userID: "u1")"#), .push("number(7)"),
                .sheet(#"pair(1, "x")"#, withNavigation: true), .cover("settings"),
            ])
        #expect(
            routes.notation == #"[.push(home), .push(profile(userID: "u1")), .push(number(7)), "#
                + #".sheet(pair(1, "x"), withNavigation: true), .cover(settings)]"#)
    }

    @Test func typedRoutesOfObjectsDoublesAndDictionaries() throws {
        #expect(try read(#"[{"push":{"_0":{"value":99}}}]"#).routes == [.push("(value: 99)")])
        #expect(try read(#"[{"push":{"_0":1.5}},{"push":{"_0":2}}]"#).routes == [.push("1.5"), .push("2")])
        #expect(try read(#"[{"push":{"_0":{"a b":1}}}]"#).routes == [.push(#"["a b": 1]"#)])
        #expect(
            try read(#"[{"push":{"_0":{"item":{"_0":{"tag":{"name":"x"}},"count":[1,null,true]}}}}]"#).routes
                == [.push(#"item(tag(name: "x"), count: [1, nil, true])"#)])
    }

    @Test func typedRoutesErrorsPointAtTheKey() {
        #expect(
            errorLines(#"[{"push":{"_0":1}}, {"sheet":{"_0":2}}]"#) == [
                "in.json:1:30: [1].sheet: as typed routes ([Route<Screen>] Codable JSON): missing key 'withNavigation' (true or false), which Route.sheet always encodes"
            ])
        #expect(
            errorLines(#"[{"push":{"_0":1}}, {"shet":{"_0":2}}]"#) == [
                "in.json:1:22: [1]: as typed routes ([Route<Screen>] Codable JSON): unknown route style 'shet'; expected push, sheet or cover (did you mean 'sheet'?)"
            ])
    }

    // MARK: FlowPath codable representation

    @Test func flowPathOfStandardTypesIsReadLastToFirst() throws {
        let json = #"""
            [{"push":{}},"Sf","1.25",{"push":{}},"Sd","2.5",{"cover":{"withNavigation":false}},"Sb","true",{"sheet":{"withNavigation":true}},"SS","\"Hi \\\"q\\\" <b> 🚀\"",{"push":{}},"Si","1"]
            """#
        let result = try read(json)
        #expect(result.format == .flowPath)
        #expect(
            result.routes == [
                .push("1"), .sheet(#"Hi "q" <b> 🚀"#, withNavigation: true), .cover("true"), .push("2.5"),
                .push("1.25"),
            ])
    }

    @Test func flowPathOfUserTypes() throws {
        let json = #"""
            [{"push":{}},"SiSg","3",{"push":{}},"SaySiG","[1,2]",{"push":{}},"5MyApp3ClsC","{\"data\":\"x\"}",{"push":{}},"5MyApp7GenericVySiG","{\"value\":3}",{"push":{}},"5MyApp13$5578693a79b0yXZ10PrivNumberV","{\"value\":1}",{"push":{}},"5MyApp4ViewV6ScreenO","{\"detail\":{\"id\":3}}",{"sheet":{"withNavigation":false}},"5MyApp6ScreenO","{\"settings\":{}}",{"push":{}},"5MyApp6ScreenO","{\"number\":{\"_0\":7}}",{"push":{}},"5MyApp6ScreenO","{\"profile\":{\"userID\":\"u1\"}}",{"push":{}},"5MyApp6NumberV","{\"value\":99}"]
            """#
        #expect(
            try read(json).routes == [
                .push("Number(value: 99)"), .push(#"profile(userID: "u1")"#), .push("number(7)"), .sheet("settings"),
                .push("detail(id: 3)"), .push("PrivNumber(value: 1)"), .push("Generic<Int>(value: 3)"),
                .push(#"Cls(data: "x")"#), .push("[1, 2]"), .push("3"),
            ])
    }

    @Test func demanglesCommonTypeNames() {
        let names = [
            "Si": "Int", "SS": "String", "Sb": "Bool", "Sd": "Double", "Sf": "Float", "s5Int64V": "Int64",
            "5MyApp4ViewV6ScreenO": "View.Screen", "5MyApp6Number33_0123456789ABCDEF0123456789ABCDEFLLV": "Number",
            "SDySSSiG": "[String: Int]", "SaySSGSg": "[String]?", "5MyApp7GenericVySiSSG": "Generic<Int, String>",
        ]
        for (mangled, name) in names {
            #expect(SwiftTypeName(mangled: mangled).name == name, "\(mangled)")
        }
        for odd in ["", "5MyApp", "5MyApp0a6ScreenV", "xyz", "5MyApp6ScreenVG", "9MyApp"] {
            let type = SwiftTypeName(mangled: odd)
            #expect(type.kind == .unknown && type.name == odd, "\(odd)")
        }
        #expect(SwiftTypeName(mangled: "5MyApp6ScreenO").kind == .enumeration)
    }

    @Test func unknownManglingKeepsTheRawName() throws {
        #expect(try read(#"[{"push":{}},"5MyApp0b5OtherV","{\"x\":1}"]"#).routes == [.push("5MyApp0b5OtherV(x: 1)")])
    }

    @Test func flowPathErrorsPointIntoTheEmbeddedScreenJSON() {
        #expect(
            errorLines(#"[{"push":{}},"Si","1",{"push":{}},"5MyApp6NumberV","{\"value\":}"]"#) == [
                "in.json:1:64: [5]: as FlowPath codable JSON (path.codable): the screen's JSON string is not valid JSON: unexpected '}'; expected a value (object, array, string, number, true, false or null)"
            ])
        #expect(
            errorLines(#"[{"push":{}},"Si"]"#) == [
                "in.json:1:1: as FlowPath codable JSON (path.codable): a FlowPath codable array holds 3 items per route (style, type name, screen JSON), but this one has 2, which is not a multiple of 3"
            ])
    }

    // MARK: Detection

    @Test func notationInJSONOrTextIsAFormatToo() throws {
        #expect(
            try read(#"[".push(A)", ".sheet(B, withNavigation: true)"]"#).routes == [
                .push("A"), .sheet("B", withNavigation: true),
            ])
        let text = try RouteImport.read("[.push(A),\n .cover(B)]\n", file: "in.txt")
        #expect(text.format == .notation && text.routes == [.push("A"), .cover("B")])
        #expect(try read("[]").routes == [])
    }

    @Test func anythingElseSaysWhichFormatsWereTriedAndWhereEachFailed() {
        #expect(
            errorLines(#"{"routes": []}"#) == [
                "in.json: not a route list in any format FlowGraph reads (tried route notation; typed routes ([Route<Screen>] Codable JSON); FlowPath codable JSON (path.codable)); where each failed:",
                "in.json:1:1: as route notation: expected an array of routes such as [\".push(Profile)\", \".sheet(Settings)\"], not an object",
                "in.json:1:1: as typed routes ([Route<Screen>] Codable JSON): expected an array of routes such as [{\"push\":{\"_0\":1}}], not an object",
                "in.json:1:1: as FlowPath codable JSON (path.codable): expected FlowPath's flat array [style, type name, screen JSON, …], not an object",
            ])
        let text = errorLines("push(A) and more")
        #expect(text.count == 3)
        #expect(text[1].hasPrefix("in.json:1:1: as JSON (typed routes, FlowPath codable or notation strings): "))
        #expect(text[2] == "in.json:1:9: as route notation text: expected ',' between routes")
    }

    @Test func argumentsAcceptNotationOrJSON() throws {
        #expect(try RouteImport.argument("[.push(A), .sheet(B)]", source: "--from") == [.push("A"), .sheet("B")])
        #expect(try RouteImport.argument(#"[{"push":{"_0":1}}]"#, source: "--from") == [.push("1")])
        #expect(try RouteImport.argument(#"[{"push":{}},"Si","1"]"#, source: "--from") == [.push("1")])
        #expect(try RouteImport.argument("", source: "--from") == [])
        #expect(throws: FlowGraphError.self) { try RouteImport.argument(#"[{"push":{"_0":1}"#, source: "--to") }
    }

    @Test func plansAcceptEveryEncodingInEveryRouteList() throws {
        let plan = try Plan.decode(
            #"""
            {"start": [{"push":{"_0":{"number":{"_0":1}}}}],
             "states": [[{"push":{}},"Si","2",{"push":{}},"Si","1"], [".push(3)"]]}
            """#, file: "p.json")
        #expect(plan.start == [.push("number(1)")])
        #expect(plan.change == .states([[.push("1"), .push("2")], [.push("3")]]))
        do {
            _ = try Plan.decode(#"{"end": [{"sheet":{"_0":1,"withNavigation":"yes"}}]}"#, file: "p.json")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description == "p.json:1:44: end[0].sheet.withNavigation: expected true or false, not a string")
        }
    }
}
