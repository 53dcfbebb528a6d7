import Testing

@testable import FlowModel

@Suite struct RouteNotationTests {
    @Test func parsesEveryStyle() throws {
        let routes = try RouteNotation.parseList(
            "[.push(Profile), .sheet(Settings), .sheet(Settings, withNavigation: true), .cover(Login),"
                + " .cover(Login, withNavigation: false)]")
        #expect(
            routes == [
                .push("Profile"), .sheet("Settings"), .sheet("Settings", withNavigation: true), .cover("Login"),
                .cover("Login"),
            ])
    }

    @Test(arguments: [
        (".push(.profile(userID: \"u1\"))", "profile(userID: \"u1\")"),
        (".push(\"Hello\")", "Hello"),
        (".push(\"a)b, c\")", "a)b, c"),
        (".push(\"say \\\"hi\\\"\\n\")", "say \"hi\"\n"),
        (".push(\"\\u{1F600}\")", "😀"),
        (".push(#\"raw \\d)\"#)", "raw \\d)"),
        (".push(Screen.detail(id: [1, 2], tags: [\"x\": \")\"]))", "Screen.detail(id: [1, 2], tags: [\"x\": \")\"])"),
        (".push(\"a\" + \"b\")", "\"a\" + \"b\""),
        (".push(\"a\\(f(x, \")\"))b\")", "\"a\\(f(x, \")\"))b\""),
        (".push(-2)", "-2"),
        (".push(  spaced out  )", "spaced out"),
        (".push(..x)", "..x"),
        (".push(\\N)", "\\N"),
        (".push(<IMG SRC=x>)", "<IMG SRC=x>"),
        (".push(Café 🇫🇷)", "Café 🇫🇷"),
        ("push({ $0 })", "{ $0 }"),
    ])
    func keepsScreensVerbatim(notation: String, label: String) throws {
        let route = try RouteNotation.parseRoute(notation)
        #expect(route.screen == label)
        #expect(route.style == .push)
    }

    @Test func listsWithAndWithoutBrackets() throws {
        #expect(try RouteNotation.parseList("") == [])
        #expect(try RouteNotation.parseList("  \n ") == [])
        #expect(try RouteNotation.parseList("[]") == [])
        #expect(try RouteNotation.parseList("[ ]") == [])
        #expect(try RouteNotation.parseList(".push(A), .sheet(B)") == [.push("A"), .sheet("B")])
        #expect(try RouteNotation.parseList("[.push(A), .sheet(B),]") == [.push("A"), .sheet("B")])
        #expect(try RouteNotation.parseList("[\n  .push(A),\n  .cover(B)\n]") == [.push("A"), .cover("B")])
        #expect(try RouteNotation.parseList("push(A)") == [.push("A")])
    }

    @Test(arguments: [
        (".push(Profile", 13, "expected ')' to close .push("),
        (".pusj(A)", 0, "unknown route style 'pusj'; expected push, sheet or cover"),
        (".push()", 6, "missing screen in .push(…)"),
        (".push(\"abc)", 6, "unterminated string literal; expected a closing '\"'"),
        (".push(f(x)", 10, "expected ')' to close .push("),
        (".push(f(x]))", 9, "unexpected ']'; expected ')' to close the '(' before it"),
        (".push(A, withNavigation: true)", 9, ".push has no withNavigation; only .sheet and .cover do"),
        (".sheet(A, animated: true)", 10, "unexpected argument 'animated: true)'"),
        (".sheet(A, withNavigation: yes)", 26, "expected true or false after 'withNavigation:'"),
        ("[.push(A) .push(B)]", 10, "expected ',' or ']' after a route"),
        ("[.push(A)", 9, "expected ']' to close the route list"),
        (".push(A) .push(B)", 9, "expected ',' between routes"),
        ("[.push(A)] x", 11, "unexpected text after the route list: 'x'"),
        (".push(\"\\q\")", 7, "invalid escape '\\q'"),
        ("42", 0, "expected a route such as .push(Profile)"),
    ])
    func reportsErrorsWithOffsets(text: String, offset: Int, message: String) {
        do {
            _ = try RouteNotation.parseList(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.offset == offset, "\(text): \(error.message)")
            #expect(error.message.hasPrefix(message), "\(text): \(error.message)")
        }
    }

    @Test func hostileNestingIsAnErrorNotACrash() throws {
        let deepInterpolation = ".push(" + String(repeating: "\"\\(", count: 50_000) + ")"
        #expect(throws: InputError.self) { try RouteNotation.parseList(deepInterpolation) }
        let deepBrackets =
            ".push(" + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + ")"
        #expect(try RouteNotation.parseRoute(deepBrackets).screen.unicodeScalars.count == 400_000)
        let unclosed = ".push(" + String(repeating: "(", count: 100_000)
        #expect(throws: InputError.self) { try RouteNotation.parseList(unclosed) }
    }

    @Test func multiLineErrorsCarryLineAndColumn() {
        let text = "[\n  .push(A),\n  .sheet(B, withNavigation: maybe)\n]"
        do {
            _ = try RouteNotation.parseList(text)
            Issue.record("expected an error")
        } catch {
            let diagnostic = error.diagnostic(in: text, file: "--from")
            #expect(diagnostic.position == SourcePosition(line: 3, column: 29))
            #expect(diagnostic.description.hasPrefix("--from:3:29: expected true or false"))
        }
    }

    @Test func canonicalNotationOmitsDefaultsAndQuotesWhenNeeded() {
        #expect(PlanRoute.sheet("S", withNavigation: false).notation == ".sheet(S)")
        #expect(PlanRoute.cover("C", withNavigation: true).notation == ".cover(C, withNavigation: true)")
        #expect(PlanRoute.push("profile(userID: \"u1\")").notation == ".push(profile(userID: \"u1\"))")
        #expect(PlanRoute.push("a)b").notation == ".push(\"a)b\")")
        #expect(PlanRoute.push("a, b").notation == ".push(\"a, b\")")
        #expect(PlanRoute.push(".x").notation == ".push(\".x\")")
        #expect(PlanRoute.push("").notation == ".push(\"\")")
        #expect(PlanRoute.push("line\nbreak").notation == ".push(\"line\\nbreak\")")
        #expect(PlanRoute.push("\"q\"").notation == ".push(\"\\\"q\\\"\")")
        #expect([PlanRoute.push("A"), .sheet("B")].notation == "[.push(A), .sheet(B)]")
    }

    @Test func viewCallLabelsAreWrittenVerbatimOnlyWhenTheyReadBack() throws {
        // `LoginScreen()` takes a fast path; it must agree with parsing the label back.
        var generator = SeededGenerator(seed: 7)
        let alphabet: [Unicode.Scalar] = ["a", "Z", "_", "1", "-", "é", "漢", "٣", "(", ")", " ", "."]
        var labels = ["()", "-()", "1()", "_()", "a-()", "é()", "A()()", "A( )", "A(())", "Login-Screen()", "x1()"]
        for _ in 0..<3000 {
            var label = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                label.append(alphabet.randomElement(using: &generator)!)
            }
            labels.append(String(label) + "()")
        }
        for label in labels {
            let readsBack = (try? RouteNotation.screenLabel(label)) == label
            #expect((PlanRoute.screenNotation(label) == label) == readsBack, "\(label.debugDescription)")
            #expect(try RouteNotation.parseRoute(PlanRoute.push(label).notation) == .push(label))
        }
        #expect(PlanRoute.screenNotation("LoginScreen()") == "LoginScreen()")
    }

    @Test func notationRoundTripsForRandomLabels() throws {
        var generator = SeededGenerator(seed: 99)
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "1", "-", ".", ",", "(", ")", "[", "]", "{", "}", "\"", "\\", " ", "\n", "\t", "#", ":", "é",
            "😀", "\u{0}", "\u{7}", "\u{200B}", "\u{202E}",
        ]
        for _ in 0..<3000 {
            var label = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                label.append(alphabet.randomElement(using: &generator)!)
            }
            let route = PlanRoute.random(using: &generator)
            let original = PlanRoute(screen: String(label), style: route.style)
            let parsed = try RouteNotation.parseRoute(original.notation)
            #expect(parsed == original, "\(original.notation)")
        }
    }
}
