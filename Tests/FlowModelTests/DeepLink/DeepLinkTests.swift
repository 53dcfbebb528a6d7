import Testing

@testable import FlowModel

@Suite struct DeepLinkURLTests {
    @Test func splitsSchemeHostAndPathComponents() throws {
        let url = try DeepLinkURL("flowstacksapp://numbers/1/2/3")
        #expect(url.components.map(\.text) == ["flowstacksapp", "numbers", "1", "2", "3"])
        #expect(url.components.map(\.offset) == [0, 16, 24, 26, 28])
        let odd = try DeepLinkURL("app://host//a%20b/?q=1#top")
        #expect(odd.components.map(\.text) == ["app", "host", "a b"])
        #expect(try DeepLinkURL("app://").components.map(\.text) == ["app", ""])
    }

    @Test func rejectsWhatIsNotAURL() {
        #expect(throws: InputError.self) { try DeepLinkURL("numbers/1/2") }
        #expect(throws: InputError.self) { try DeepLinkURL("://x") }
        #expect(
            throws: InputError(offset: 10, message: "invalid percent escape in '%zz'; write %XX with two hex digits")
        ) {
            try DeepLinkURL("app://now/%zz")
        }
    }
}

@Suite struct URLPatternTests {
    @Test func matchesLiteralsCapturesAndARepeatingCapture() throws {
        let pattern = try URLPattern("flowstacksapp://numbers/{n:int}...")
        #expect(pattern.parts == [.literal("flowstacksapp"), .literal("numbers"), .rest("n", integer: true)])
        #expect(pattern.match(try DeepLinkURL("flowstacksapp://numbers/1/2/3")) == .matched(["n": ["1", "2", "3"]]))
        #expect(pattern.match(try DeepLinkURL("FlowStacksApp://NUMBERS")) == .matched(["n": []]))
        let single = try URLPattern("shop://orders/{id:int}/{tab}")
        #expect(single.match(try DeepLinkURL("shop://orders/42/items")) == .matched(["id": ["42"], "tab": ["items"]]))
    }

    @Test func namesTheFirstComponentThatFails() throws {
        let pattern = try URLPattern("flowstacksapp://numbers/{n:int}...")
        #expect(
            pattern.match(try DeepLinkURL("flowstacksapp://numbers/1/x/3"))
                == .failed(
                    matchedCount: 3, reason: "path component 'x' is not a whole number, as {n:int}... requires",
                    offset: 26))
        #expect(
            pattern.match(try DeepLinkURL("flowstacksapp://number/1"))
                == .failed(matchedCount: 1, reason: "host 'number' is not 'numbers'", offset: 16))
        let single = try URLPattern("shop://orders/{id:int}")
        #expect(
            single.match(try DeepLinkURL("shop://orders"))
                == .failed(
                    matchedCount: 2,
                    reason: "the URL ends after 'orders', but the rule expects a path component {id:int}",
                    offset: 13))
        #expect(
            single.match(try DeepLinkURL("shop://orders/1/extra"))
                == .failed(
                    matchedCount: 3, reason: "extra path component 'extra': the rule ends after '{id:int}'", offset: 16)
        )
    }

    @Test func rejectsMalformedPatterns() {
        #expect(throws: InputError.self) { try URLPattern("app://{n}.../x") }
        #expect(throws: InputError.self) { try URLPattern("app://{n}...") }
        #expect(throws: InputError.self) { try URLPattern("app://x/{n:float}") }
        #expect(throws: InputError.self) { try URLPattern("app://x/{n}/{n}") }
        #expect(throws: InputError.self) { try URLPattern("app://x/a{n}") }
        #expect(throws: InputError.self) { try URLPattern("app://x/{1n}") }
    }
}

@Suite struct DeepLinkPlanTests {
    static let numbers = """
        {"coordinator": "NumberCoordinator", "root": {"screen": "NumberView(0)", "withNavigation": true},
         "platform": "ios16", "start": START,
         "deeplink": {"url": "flowstacksapp://numbers/1/2/3",
                      "rules": [{"match": "flowstacksapp://numbers/{n:int}...", "actions": ["push({n})"]}]}}
        """

    @Test func numberCoordinatorFollowPushesEachNumberOntoTheCurrentRoutes() throws {
        let fromRoot = try Plan.decode(Self.numbers.replacingAll("START", with: "[]"))
        #expect(fromRoot.change == .end([.push("1"), .push("2"), .push("3")]))
        #expect(fromRoot.title == "Deep link flowstacksapp://numbers/1/2/3")
        #expect(fromRoot.deepLink?.resolution?.ruleIndex == 0)
        #expect(fromRoot.deepLink?.resolution?.captures.first?.values == ["1", "2", "3"])
        #expect(try fromRoot.transitions().map(\.steps.count) == [4])

        let fromState = try Plan.decode(
            Self.numbers.replacingAll("START", with: #"[".push(1)", ".sheet(2, withNavigation: true)", ".push(3)"]"#))
        #expect(
            fromState.change
                == .end([
                    .push("1"), .sheet("2", withNavigation: true), .push("3"), .push("1"), .push("2"), .push("3"),
                ]))
    }

    @Test func aURLFromTheCommandLineReplacesThePlans() throws {
        let plan = try Plan.decode(Self.numbers.replacingAll("START", with: "[]"))
        let resolved = try plan.resolvingDeepLink(url: "flowstacksapp://numbers/7")
        #expect(resolved.change == .end([.push("7")]))
        #expect(resolved.deepLink?.resolution?.url == "flowstacksapp://numbers/7")
    }

    @Test func aURLNoRuleMatchesNamesTheComponentAndTheClosestRule() throws {
        let plan = try Plan.decode(
            """
            {"deeplink": {"rules": [
              {"match": "shop://cart", "routes": [".sheet(Cart)"]},
              {"match": "flowstacksapp://numbers/{n:int}...", "actions": ["push({n})"]}]}}
            """, file: "links.json")
        let error = #expect(throws: FlowGraphError.self) {
            try plan.resolvingDeepLink(url: "flowstacksapp://numbers/1/two")
        }
        #expect(
            error?.description
                == "--url:1:27: no deep-link rule matches flowstacksapp://numbers/1/two: path component 'two' is not a "
                + "whole number, as {n:int}... requires; closest rule: deeplink.rules[1] "
                + "\"flowstacksapp://numbers/{n:int}...\"")
        let inPlan = #expect(throws: FlowGraphError.self) {
            try Plan.decode(
                #"{"deeplink": {"url": "shop://card", "rules": [{"match": "shop://cart", "routes": []}]}}"#,
                file: "links.json")
        }
        #expect(
            inPlan?.description
                == "links.json:1:30: deeplink.url: no deep-link rule matches shop://card: host 'card' is not 'cart'; "
                + "closest rule: deeplink.rules[0] \"shop://cart\"")
        let notAURL = #expect(throws: FlowGraphError.self) { try plan.resolvingDeepLink(url: "numbers/1") }
        #expect(notAURL?.diagnostics.first?.file == "--url")
        #expect(throws: FlowGraphError.self) { try Plan.decode("{}").resolvingDeepLink(url: "a://b") }
    }

    @Test func rulesAreCheckedWhenThePlanIsRead() {
        func errors(_ rules: String) -> [String] {
            do {
                _ = try Plan.decode(#"{"deeplink": {"rules": \#(rules)}}"#, file: "p.json")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(
            errors(#"[{"match": "a://b/{n}", "actions": ["push({m})"]}]"#) == [
                "p.json:1:66: deeplink.rules[0]: {m} is not captured by the rule's pattern; it captures {n}"
            ])
        #expect(
            errors(#"[{"match": "a://b/{n", "actions": []}]"#).first?.hasPrefix(
                "p.json:1:42: deeplink.rules[0].match: unclosed capture") == true)
        #expect(errors(#"[{"match": "a://b"}]"#).first?.contains("missing 'actions'") == true)
        #expect(errors("[]").first?.contains("missing or empty 'rules'") == true)
        #expect(
            errors(#"[{"match": "a://b", "actions": []}], "url": "a://b"}, "end": [], "x": {"#).isEmpty == false)
    }

    @Test func routesRulesSetANamedCoordinatorsRoutesAndRepeatInTheInnermostList() throws {
        let plan = try Plan.decode(
            """
            {"coordinator": "App", "root": "Home", "platform": "ios16", "start": [".push(Feed)"],
             "deeplink": {"url": "myapp://onboarding/terms/privacy", "rules": [
               {"match": "myapp://onboarding/{page}...", "routes": [{"route": ".sheet(Onboarding)",
                 "child": {"ownsRoutes": true, "root": "Welcome", "routes": [".push({page})"]}}]}]}}
            """)
        let transitions = try plan.transitions()
        #expect(transitions.map(\.coordinator) == ["App", "Onboarding"])
        #expect(transitions[0].to == [.sheet("Onboarding")])
        #expect(transitions[1].to == [.push("terms"), .push("privacy")])
    }

    @Test func actionRulesRunInTheNamedCoordinator() throws {
        let plan = try Plan.decode(
            """
            {"root": "Home", "start": [{"route": ".sheet(Onboarding)", "child": {"ownsRoutes": true, "root": "Welcome"}}],
             "deeplink": {"url": "myapp://terms", "rules": [
               {"match": "myapp://{page}", "in": "Onboarding", "actions": ["push({page})"]}]}}
            """)
        let transitions = try plan.transitions()
        #expect(transitions.map(\.coordinator) == ["Onboarding"])
        #expect(transitions[0].to == [.push("terms")])
    }

    @Test func capturesThatAreNotPlainNamesAreQuoted() throws {
        let plan = try Plan.decode(
            #"{"deeplink": {"url": "a://x/b%29%2C%20c", "rules": [{"match": "a://x/{s}", "actions": ["push({s})"]}]}}"#)
        #expect(plan.change == .end([.push("b), c")]))
    }
}

@Suite struct HostileDeepLinkTests {
    @Test func hugeAndOddURLsMatchOrFailCleanly() throws {
        let pattern = try URLPattern("app://n/{n}...")
        let many = "app://n/" + Array(repeating: "7", count: 50_000).joined(separator: "/")
        guard case .matched(let captures) = pattern.match(try DeepLinkURL(many)) else {
            Issue.record("a long URL should match")
            return
        }
        #expect(captures["n"]?.count == 50_000)
        let odd = try DeepLinkURL("app://n/%F0%9F%8E%88/caf%C3%A9/%3CIMG%20SRC%3Dx%3E/\\N")
        #expect(odd.components.map(\.text) == ["app", "n", "🎈", "café", "<IMG SRC=x>", "\\N"])
        #expect(throws: InputError.self) { try DeepLinkURL("app://n/%FF%FE") }
        let plan = try Plan.decode(
            #"{"deeplink": {"url": "app://n/%3CIMG%20SRC%3Dx%3E/%22)", "rules": [{"match": "app://n/{s}...", "actions": ["push({s})"]}]}}"#
        )
        #expect(plan.change == .end([.push("<IMG SRC=x>"), .push("\")")]))
    }
}
