import Foundation
import Testing

/// `flowgraph render -T mermaid` and `-T txt` run as a built binary on the samples: what a reader of the chart
/// sees (layer grouping, the parent stack of nested steps, running times) and counts that agree with
/// `flowgraph steps --json`.
@Suite struct MermaidEndToEndTests {
    static func sample(_ name: String) -> String {
        BuiltBinary.packageRoot.appendingPathComponent("Samples/\(name).json").path
    }

    /// The chart with its labels' line breaks and continuation indents joined, entity codes for brackets decoded.
    static func render(_ name: String, _ format: String) throws -> String {
        let result = try BuiltBinary.run(["render", sample(name), "-T", format, "-o", "-", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
            .replacingOccurrences(of: "<br/>\u{00A0}\u{00A0}", with: " ")
            .replacingOccurrences(of: "#40;", with: "(").replacingOccurrences(of: "#41;", with: ")")
            .replacingOccurrences(of: "#quot;", with: "\"")
    }

    /// The lines of the box with node id `id`.
    static func box(_ id: String, in mermaid: String) throws -> [String] {
        let body = try #require(mermaid.components(separatedBy: "\n  \(id)[\"").dropFirst().first, "no box \(id)")
        return String(body.prefix { $0 != "\n" }.dropLast(2)).components(separatedBy: "<br/>")
    }

    @Test func nestedMomentsSayWhereTheyActAndFoldTheParent() throws {
        let mermaid = try Self.render("nested-flowstacks-uitest", "mermaid")
        // Action 9, goBackToRoot() in the child: three moments, each saying where it acts and what is on screen.
        #expect(
            try Self.box("c0m8", in: mermaid) == [
                "<b>9. goBackToRoot()</b> · 0 s · update 1", "in FlowPathChild: dismiss sheet NumberList ☰",
                "on screen: <b>Home</b>",
            ])
        #expect(try Self.box("c0m9", in: mermaid).first == "<b>◷ 0.65 s</b> · update 2")
        #expect(try Self.box("c0m10", in: mermaid).first == "<b>◷ 1.3 s</b> · update 3 · end")
        #expect(mermaid.contains("  c0m8 -.-> c0m9\n  c0m10["))
        // An action in the child that says what it does is not said twice: where it acts is a line of its own,
        // not beside what is on screen (where it would read as where that screen is).
        #expect(
            try Self.box("c0m3", in: mermaid) == [
                "<b>4. presentSheet(NumberList, withNavigation: true)</b> · 0 s", "in FlowPathChild",
                "on screen: <b>NumberList</b>",
            ])
        // The child's root is on screen in the sheet hosting it; the parent's action says where it acts.
        #expect(
            try Self.box("c0m2", in: mermaid) == [
                "<b>3. presentSheet(FlowPathChild)</b> · 0 s", "in FlowPathView", "on screen: <b>Home</b>",
            ])
        // The stack after is drawn once, the app's whole path, the child's root right after the sheet hosting it.
        #expect(
            try Self.box("after", in: mermaid).last
                == "Home ☰ › sheet NumberList ☰ › Number(1) › sheet FlowPathChild › Home ☰")
        // The txt drawing of the same moments folds the parent's layers into one line that still names them.
        let text = try Self.render("nested-flowstacks-uitest", "txt")
        #expect(text.contains("\n◷ 1.3 s · update 3 · end\nin FlowPathChild: dismiss sheet NumberList ☰\n"))
        #expect(
            text.contains("\n  ⋮ on Home › sheet NumberList ☰ › Number(1) › sheet FlowPathChild, unchanged\n"))
        // Where an action that says what it does acts is on the layer it changes, as the drawing says it.
        #expect(
            text.contains(
                "\n4. presentSheet(NumberList, withNavigation: true) · 0 s\n  layer 3 · sheet ☰ in FlowPathChild: +\u{00A0}NumberList\n"
            ))
    }

    @Test func comparedRuleSetsAreColumnsAndRemovalIsSaidWhereItHappens() throws {
        let text = try Self.render("deeplink-two-sheets", "txt")
        let lines = text.components(separatedBy: "\n")
        // The stack before once, layer by layer, top first.
        let before = try #require(lines.firstIndex(of: "BEFORE · on screen: payment(method: \"card\")"))
        #expect(
            Array(lines[(before + 1)...(before + 3)]) == [
                "  layer 2 · sheet: payment(method: \"card\")", "  layer 1 · sheet ☰: Cart › Checkout",
                "  root layer ☰: Shop",
            ])
        // iOS 16 and iOS 17 side by side; iOS 16 dismisses one sheet per update, the removal in the update that
        // removes it, beside iOS 17's update at the same time.
        #expect(
            lines.contains { $0.hasPrefix("iOS 16 · NavigationView ") && $0.hasSuffix("│ iOS 17 · NavigationView") })
        let second = try #require(lines.firstIndex { $0.hasPrefix("◷ 0.65 s · update 2 ") })
        #expect(lines[second].hasSuffix("│ ◷ 0.65 s · update 2"))
        #expect(lines[second + 1].hasPrefix("dismiss sheet Cart ☰ ") && lines[second + 1].hasSuffix("│ push Orders"))
        #expect(lines[second + 2].hasPrefix("  layer 1 · sheet ☰ dismissed: −\u{00A0}Cart › "))
        #expect(lines[second + 3].hasPrefix("   −\u{00A0}Checkout"))
        #expect(lines.filter { $0.hasPrefix("AFTER · ") }.count == 1)
    }

    @Test(arguments: [
        "deeplink-two-sheets", "nested-flowstacks-uitest", "onboarding-actions", "swiftfulrouting-onboarding-queue",
    ])
    func updateCountsAgreeWithStepsJSON(name: String) throws {
        let steps = try BuiltBinary.run(["steps", Self.sample(name), "--json"])
        #expect(steps.status == 0, "\(steps.standardError)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(steps.standardOutput.utf8)) as? [String: Any])
        let ruleSets: [[[String: Any]]]
        if let compared = json["ruleSets"] as? [[String: Any]] {
            ruleSets = compared.map { ($0["transitions"] as? [[String: Any]]) ?? [] }
        } else {
            ruleSets = [try #require(json["transitions"] as? [[String: Any]])]
        }
        let mermaid = try Self.render(name, "mermaid")
        let text = try Self.render(name, "txt")
        for (column, transitions) in ruleSets.enumerated() {
            // The starting state is not an update: k + 1 states are k updates (one state is at most one); steps 0
            // and 1 are one moment, so a transition of k + 1 states has k moments (one state: one).
            let states = try transitions.map { try #require($0["steps"] as? [[Any]]).count }
            let fewest = states.reduce(0) { $0 + max($1 - 1, 0) }
            let most = states.reduce(0) { $0 + max($1 - 1, 1) }
            let moments = states.reduce(0) { $0 + max($1 - 1, 1) }
            let totals = try Self.box(ruleSets.count == 1 ? "after" : "c\(column)", in: mermaid)
            let said = try #require(totals.first { $0.contains(" update") })
            let counted = said.contains("1 update ") ? 1 : Int(said.drop { !$0.isNumber }.prefix { $0.isNumber }) ?? -1
            #expect((fewest...most).contains(counted), "\(name): \(said), \(states) states")
            #expect(text.contains(counted == 1 ? "1 update" : "\(counted) updates"), "\(name) txt")
            #expect(mermaid.contains("\n  c\(column)m\(moments - 1)[\""), "\(name): \(moments) moments")
            #expect(!mermaid.contains("\n  c\(column)m\(moments)[\""), "\(name): \(moments) moments")
        }
    }
}
