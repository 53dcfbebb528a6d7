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

    @Test func nestedStepsShowTheParentStackTheySitOn() throws {
        let mermaid = try Self.render("nested-flowstacks-uitest", "mermaid")
        // Transition 9, goBackToRoot() in the child: its update 1 folds the parent's layers into one line that
        // still names them, and says where it acts.
        let heading = try Self.box("c8", in: mermaid)
        #expect(heading == ["Transition 9 of 9", "goBackToRoot()", "in FlowPathChild", "3 updates · 1.30 s"])
        let update = try Self.box("c8s1", in: mermaid)
        #expect(update.first == "0 s · update 1")
        #expect(update.contains("in FlowPathChild, on FlowPathView"))
        #expect(update.contains { $0.hasPrefix("⋮ ") && $0.hasSuffix(" unchanged below") })
        #expect(update.contains("on ⌂ Home › ▲ NumberList ☰ › → Number(1) › ▲ FlowPathChild"))
        // Its end shows the whole stack, layer by layer, top first, each layer named with its coordinator.
        let end = try Self.box("c8s3", in: mermaid)
        #expect(end.first == "1.30 s · update 3 · end")
        let layers = end.filter { $0.hasPrefix("┈ ") }
        #expect(
            layers == [
                "┈ layer 2 · sheet ☰ · FlowPathView ┈", "┈ layer 1 · sheet ☰ · FlowPathView ┈",
                "┈ root layer ☰ · FlowPathView ┈",
            ])
        #expect(end.last == "⌂ Home")
        #expect(end.contains("on screen: Home (root of FlowPathChild)"))
        // The txt drawing of the same step says the same.
        let text = try Self.render("nested-flowstacks-uitest", "txt")
        #expect(text.contains("in FlowPathChild, on"))
        #expect(text.contains("1.30 s · update 3 · end"))
    }

    @Test func layersAreGroupedTopFirstAndRemovalIsMarkedWhereItHappens() throws {
        let mermaid = try Self.render("deeplink-two-sheets", "mermaid")
        let start = try Self.box("c0s0", in: mermaid)
        #expect(
            start == [
                "0 s · start", "on screen: payment(method: \"card\")", "┈ layer 2 · sheet ┈",
                "▲ payment(method: \"card\")", "┈ layer 1 · sheet ☰ ┈", "→ Checkout", "▲ Cart", "┈ root layer ☰ ┈",
                "⌂ Shop",
            ])
        #expect(start.filter { $0.hasPrefix("┈ ") }.count == 3)
        // iOS 16 dismisses one sheet per update: the removal is in the update that removes.
        #expect(try Self.box("c0s1", in: mermaid).prefix(2) == ["0 s · update 1", "− ▲ payment(method: \"card\")"])
        #expect(
            try Self.box("c0s2", in: mermaid).prefix(3) == [
                "0.65 s · update 2", "− → Checkout, ▲ Cart ☰", "on screen: Shop",
            ])
        #expect(mermaid.contains("  c0s1 -.-> c0s2\n"))
        #expect(mermaid.contains("  c0s0 --> c0s1\n"))
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
        var column = 0
        for transitions in ruleSets {
            var total = 0
            for (number, transition) in transitions.enumerated() {
                let states = try #require(transition["steps"] as? [[Any]]).count
                // The starting state is not an update: k + 1 states are k updates (one state is at most one).
                let updates = max(states - 1, 0)
                let heading = try Self.box("c\(column)", in: mermaid)
                #expect(heading.contains { $0.contains("Transition \(number + 1) of \(transitions.count)") })
                let counted = try #require(heading.last)
                #expect(
                    counted.hasPrefix(updates == 1 ? "1 update · " : "\(updates) updates · ")
                        || (states == 1 && (counted.hasPrefix("1 update · ") || counted.hasPrefix("no update · "))),
                    "\(name) transition \(number + 1): \(counted), \(states) states")
                total += counted.hasPrefix("1 update") ? 1 : Int(counted.prefix { $0.isNumber }) ?? 0
                column += (states + 7) / 8
            }
            let said = ruleSets.count == 1 ? "\(transitions.count) transitions · " : ""
            let updatesText = total == 1 ? "1 update" : "\(total) updates"
            #expect(mermaid.contains(said + updatesText), "\(name): \(said + updatesText)")
            #expect(text.contains(updatesText), "\(name) txt: \(updatesText)")
        }
    }
}
