import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph diff` through the built binary: an app of our own in two git revisions, and every sample
/// against a mutated copy of itself.
@Suite struct DiffEndToEndTests {
    static let fixtures = BuiltBinary.packageRoot.appendingPathComponent("Tests/DiffFixtures/ShopApp")

    /// A git repository holding the shop app at two commits, base then head.
    static func makeRepository() throws -> PlanFolder {
        let folder = try PlanFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("App"), withIntermediateDirectories: true)
        func git(_ arguments: [String]) throws {
            let run = try BuiltBinary.runTool(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder.url)
            try #require(run.status == 0, "git \(arguments): \(run.output)")
        }
        try git(["init", "-q"])
        try git(["config", "user.email", "test@example.com"])
        try git(["config", "user.name", "Test"])
        for revision in ["base", "head"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent("\(revision).swift.txt"),
                to: folder.url.appendingPathComponent("App/ShopCoordinator.swift.new"))
            let target = folder.url.appendingPathComponent("App/ShopCoordinator.swift")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.moveItem(
                at: folder.url.appendingPathComponent("App/ShopCoordinator.swift.new"), to: target)
            try git(["add", "-A"])
            try git(["commit", "-q", "-m", revision])
        }
        return folder
    }

    /// The JSON report, parsed.
    static func report(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    @Test func twoRevisionsOfAnAppListExactlyWhatChanged() throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        let run = try BuiltBinary.run(["diff", "--git", "HEAD~1..HEAD", "App", "--json"], in: repository.url)
        #expect(run.status == 0, "\(run.standardError)")
        let json = try Self.report(run.standardOutput)
        let screens = try #require(json["screens"] as? [String: [[String: Any]]])
        #expect(screens["added"]?.map { $0["name"] as? String } == ["receipt"])
        #expect(screens["removed"]?.isEmpty == true)
        let edges = try #require(json["edges"] as? [String: [[String: Any]]])
        let added = (edges["added"] ?? []).map { "\($0["from"] ?? "") → \($0["to"] ?? "") \($0["style"] ?? "")" }
        #expect(added.sorted() == ["deep link onOpenURL → openOrders → order replace", "payment → receipt push"])
        let removed = (edges["removed"] ?? []).map { "\($0["from"] ?? "") → \($0["to"] ?? "") \($0["style"] ?? "")" }
        #expect(removed == ["HomeView → orders push"])
        #expect(
            removed.count == 1 && (edges["removed"]?.first?["file"] as? String) == "HEAD~1:App/ShopCoordinator.swift")
        let restyled = (edges["restyled"] ?? []).map {
            "\($0["from"] ?? "") → \($0["to"] ?? "") \($0["was"] ?? "")→\($0["now"] ?? "")"
        }
        #expect(restyled == ["cart → payment push→sheet"])
        let plans = try #require(json["plans"] as? [[String: Any]])
        let deepLink = try #require(plans.first { $0["name"] as? String == "ShopCoordinator.openOrders" })
        #expect(deepLink["changed"] as? Bool == true)
        #expect((deepLink["was"] as? [String: Any])?["end"] as? [String] == [".push(orders)"])
        #expect((deepLink["now"] as? [String: Any])?["end"] as? [String] == [".push(orders)", ".push(order(1))"])
        let summary = try #require(json["summary"] as? String)
        for part in ["+1 screen", "+2 calls", "−1 call", "cart → payment push → sheet", "1 → 2 updates"] {
            #expect(summary.contains(part), "\(summary)")
        }
    }

    @Test func textAndMarkdownSayTheSameAndGatesFail() throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        let text = try BuiltBinary.run(["diff", "--git", "HEAD~1..HEAD", "App"], in: repository.url)
        #expect(text.status == 0)
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("+1 screen · +2 calls · −1 call · cart → payment push → sheet") == true)
        #expect(lines.contains("  − HomeView → orders  push  HEAD~1:App/ShopCoordinator.swift:38:28"), "\(lines)")
        let markdown = try BuiltBinary.run(["diff", "--git", "HEAD~1..HEAD", "App", "-T", "md"], in: repository.url)
        #expect(markdown.standardOutput.hasPrefix("**Navigation: +1 screen"))
        #expect(markdown.standardOutput.contains("| cart → payment | restyled | push → sheet |"))
        #expect(
            markdown.standardOutput.contains("| `ShopCoordinator.openOrders` | iOS 17 · NavigationView | 1 → **2** |"))

        let gated = try BuiltBinary.run(
            ["diff", "--git", "HEAD~1..HEAD", "App", "--fail-on", "removed-screen,removed-edge,slower"],
            in: repository.url)
        #expect(gated.status == 1)
        #expect(gated.standardError.contains("removed-edge, slower (--fail-on)"), "\(gated.standardError)")
        let calm = try BuiltBinary.run(
            ["diff", "--git", "HEAD~1..HEAD", "App", "--fail-on", "removed-screen"], in: repository.url)
        #expect(calm.status == 0)
        let unknown = try BuiltBinary.run(["diff", "--git", "HEAD", "App", "--fail-on", "slowr"], in: repository.url)
        #expect(
            unknown.status == 2 && unknown.standardError.contains("did you mean 'slower'"), "\(unknown.standardError)")
    }

    @Test func theSameAppUnchangedReportsNothing() throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        for arguments in [
            ["diff", "--git", "HEAD", "App"], ["diff", "--git", "HEAD..HEAD", "App", "--fail-on", "any"],
        ] {
            let run = try BuiltBinary.run(arguments, in: repository.url)
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            #expect(run.standardOutput == "no navigation changes\n")
        }
        let missing = try BuiltBinary.run(["diff", "--git", "nosuchrev", "App"], in: repository.url)
        #expect(
            missing.status == 4 && missing.standardError.contains("no commit 'nosuchrev'"), "\(missing.standardError)")
    }

    @Test func linksLeadingOutsideASideAreListedNotRead() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        for side in ["base", "head"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(side), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: RepositoryFolders.samples.appendingPathComponent("first-plan.json"),
                to: folder.url.appendingPathComponent("\(side)/first-plan.json"))
        }
        let secret = folder.url.appendingPathComponent("secret.json")
        try Data(#"{"root": "Secret", "end": [".push(Leaked)"]}"#.utf8).write(to: secret)
        for name in ["evil.json", "evil.swift"] {
            try FileManager.default.createSymbolicLink(
                at: folder.url.appendingPathComponent("head/\(name)"), withDestinationURL: secret)
        }
        let run = try BuiltBinary.run(["diff", "base", "head", "--json"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("head/evil.json: warning: not read: a symbolic link leading outside"))
        #expect(run.standardError.contains("head/evil.swift: warning: not read"))
        #expect(!run.standardOutput.contains("Leaked") && !run.standardOutput.contains("evil"))
        #expect(run.standardOutput.contains(#""summary": "no navigation changes""#))
    }

    /// The FlowStacks samples whose change is a list of actions or an end state: the ones a mutation can
    /// shorten and still leave valid.
    static let mutableSamples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryFolders.samples.path)) ?? []
        return names.filter { name in
            guard name.hasSuffix(".json"), !name.hasPrefix("swiftfulrouting-"), !name.hasPrefix("navigationstack-"),
                let data = FileManager.default.contents(
                    atPath: RepositoryFolders.samples.appendingPathComponent(name).path),
                let plan = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return false }
            return (plan["actions"] as? [Any])?.count ?? 0 > 1 || (plan["end"] as? [Any])?.count ?? 0 > 1
        }.sorted()
    }()

    @Test func enoughSamplesAreMutated() {
        #expect(Self.mutableSamples.count >= 12, "\(Self.mutableSamples)")
    }

    @Test(arguments: mutableSamples)
    func everySampleAgainstAMutatedCopyNamesItsChangedRuleSets(sample: String) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let original = RepositoryFolders.samples.appendingPathComponent(sample)
        var plan = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? [String: Any])
        if let actions = plan["actions"] as? [Any], actions.count > 1 {
            plan["actions"] = Array(actions.dropLast())
        } else if let end = plan["end"] as? [Any] {
            plan["end"] = Array(end.dropLast())
        }
        let mutated = folder.url.appendingPathComponent(sample)
        try JSONSerialization.data(withJSONObject: plan).write(to: mutated)

        let same = try BuiltBinary.run(["diff", original.path, original.path])
        #expect(same.status == 0 && same.standardOutput == "no navigation changes\n", "\(same.standardOutput)")

        let run = try BuiltBinary.run(["diff", original.path, mutated.path, "--json", "--fail-on", "steps-changed"])
        #expect(run.status == 1, "\(sample): \(run.standardError)")
        let json = try Self.report(run.standardOutput)
        let ruleSets = try #require(json["plans"] as? [[String: Any]])
        let changed = ruleSets.filter { $0["changed"] as? Bool == true }
        #expect(!changed.isEmpty, "\(sample): \(run.standardOutput)")
        let summary = try #require(json["summary"] as? String)
        for ruleSet in changed {
            let label = try #require(ruleSet["ruleSet"] as? String)
            #expect(summary.contains(label), "\(sample): the summary names \(label): \(summary)")
            let was = try #require(ruleSet["was"] as? [String: Any])
            let now = try #require(ruleSet["now"] as? [String: Any])
            #expect(was["updates"] != nil && now["seconds"] != nil && now["end"] != nil)
        }
    }
}
