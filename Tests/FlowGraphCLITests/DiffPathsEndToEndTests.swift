import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph diff --git` with its paths named every way a user names them, through the built binary: each
/// finds the same change, a path that matches nothing is an error (never "no changes"), and no temporary file
/// is left behind.
@Suite struct DiffPathsEndToEndTests {
    /// The shop app's two commits, with `TMPDIR` pointed at a folder of the test's own so that what the diff
    /// leaves there can be seen.
    struct Repository {
        let folder: PlanFolder
        let temporary: URL
        var url: URL { folder.url }

        init() throws {
            folder = try DiffEndToEndTests.makeRepository()
            temporary = folder.url.deletingLastPathComponent().appendingPathComponent(
                "flowgraph-tmp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        }

        func diff(_ arguments: [String], in directory: URL? = nil) throws -> BuiltBinary.Result {
            try BuiltBinary.run(
                ["diff"] + arguments, in: directory ?? url, environment: ["TMPDIR": temporary.path])
        }

        func git(_ arguments: [String]) throws {
            let run = try BuiltBinary.runTool(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: url)
            try #require(run.status == 0, "git \(arguments): \(run.output)")
        }

        /// What the diffs left in `TMPDIR`.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        }

        func remove() {
            folder.remove()
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// The call the head adds, as the text report names it: the same whatever the path's form.
    static let addedCall = "+ payment → receipt  push  HEAD:App/ShopCoordinator.swift"

    @Test func everyFormOfThePathFindsTheSameChange() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let top = repository.url.resolvingSymlinksInPath().path
        let app = repository.url.appendingPathComponent("App")
        let forms: [(paths: [String], folder: URL)] = [
            ([], repository.url), (["."], repository.url), (["./"], repository.url), (["App"], repository.url),
            (["./App/"], repository.url), ([top], repository.url), ([top + "/App"], repository.url),
            ([], app), (["."], app), (["../App"], app), ([top + "/App"], app),
        ]
        for form in forms {
            let run = try repository.diff(["--git", "HEAD~1..HEAD", "--fail-on", "any"] + form.paths, in: form.folder)
            let place = "\(form.paths) in \(form.folder.lastPathComponent)"
            #expect(run.status == 1, "\(place): \(run.standardError)")
            #expect(run.standardOutput.contains(Self.addedCall), "\(place): \(run.standardOutput)")
            #expect(run.standardError.contains("any (--fail-on)"), "\(place): \(run.standardError)")
        }
        #expect(try repository.leftovers() == [])
        // From a folder the change is not in, no path is still the whole repository; `.` is that folder alone.
        let elsewhere = repository.url.appendingPathComponent("Notes")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let whole = try repository.diff(["--git", "HEAD~1..HEAD", "--fail-on", "any"], in: elsewhere)
        #expect(whole.status == 1, "\(whole.standardError)")
        #expect(whole.standardOutput.contains(Self.addedCall), "\(whole.standardOutput)")
        let here = try repository.diff(["--git", "HEAD~1..HEAD", "."], in: elsewhere)
        #expect(here.status == 4, "\(here.standardOutput)\(here.standardError)")
        #expect(try repository.leftovers() == [])
    }

    @Test func aSymlinkedCheckoutIsTheSameRepository() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let link = repository.temporary.appendingPathComponent("checkout")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: repository.url)
        for paths in [["App"], [link.path + "/App"], []] {
            let run = try repository.diff(["--git", "HEAD~1..HEAD"] + paths, in: link)
            #expect(run.status == 0, "\(paths): \(run.standardError)")
            #expect(run.standardOutput.contains(Self.addedCall), "\(paths): \(run.standardOutput)")
        }
        let againstTree = try repository.diff(["--git", "HEAD", link.path + "/App"], in: link)
        #expect(againstTree.standardOutput == "no navigation changes\n", "\(againstTree.standardError)")
    }

    /// Files the working tree holds as committed are read from it; any other is read from git, so the working
    /// tree's edits, a plan committed and then changed, and a FIFO put in a file's place change nothing.
    @Test func aRevisionIsReadAsCommittedWhateverTheWorkingTreeHolds() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let plans = repository.url.appendingPathComponent("Plans")
        try FileManager.default.createDirectory(at: plans, withIntermediateDirectories: true)
        let plan = plans.appendingPathComponent("orders.json")
        try Data(#"{"root": "Home", "actions": ["push(Orders)"]}"#.utf8).write(to: plan)
        try repository.git(["add", "-A"])
        try repository.git(["commit", "-q", "-m", "plans"])
        let committed = try repository.diff(["--git", "HEAD~2..HEAD", "--json"])
        #expect(committed.status == 0, "\(committed.standardError)")
        #expect(committed.standardOutput.contains("orders.json"), "\(committed.standardOutput)")
        // The head's change undone in the working tree, and the plan changed there.
        let coordinator = repository.url.appendingPathComponent("App/ShopCoordinator.swift")
        try FileManager.default.removeItem(at: coordinator)
        try FileManager.default.copyItem(
            at: DiffEndToEndTests.fixtures.appendingPathComponent("base.swift.txt"), to: coordinator)
        try Data(#"{"root": "Home", "actions": ["push(Cart)"]}"#.utf8).write(to: plan)
        #expect(try repository.diff(["--git", "HEAD~2..HEAD", "--json"]).standardOutput == committed.standardOutput)
        let text = try repository.diff(["--git", "HEAD~2..HEAD~1"])
        #expect(text.standardOutput.contains(Self.addedCall.replacingOccurrences(of: "HEAD:", with: "HEAD~1:")))
        // Against the working tree, its edits are what changed.
        let edited = try repository.diff(["--git", "HEAD", "--fail-on", "any"])
        #expect(edited.status == 1, "\(edited.standardError)")
        let removed = "− payment → receipt  push  HEAD:App/ShopCoordinator.swift"
        #expect(edited.standardOutput.contains(removed), "\(edited.standardOutput)")
        #expect(edited.standardOutput.contains("orders.json"), "\(edited.standardOutput)")
        // A FIFO where a file was: never waited on, the file read from git.
        try FileManager.default.removeItem(at: coordinator)
        #expect(mkfifo(coordinator.path, 0o600) == 0)
        #expect(try repository.diff(["--git", "HEAD~2..HEAD", "--json"]).standardOutput == committed.standardOutput)
        #expect(try repository.leftovers() == [])
    }

    @Test func aPathOneSideLacksIsAnEmptySideAndOneBothLackIsAnError() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let plans = repository.url.appendingPathComponent("Plans")
        try FileManager.default.createDirectory(at: plans, withIntermediateDirectories: true)
        try Data(#"{"root": "Home", "actions": ["push(Orders)"]}"#.utf8).write(
            to: plans.appendingPathComponent("orders.json"))
        // In the working tree only, then committed.
        let untracked = try repository.diff(["--git", "HEAD", "Plans", "--fail-on", "any"])
        #expect(untracked.status == 1, "\(untracked.standardError)")
        #expect(untracked.standardOutput.contains("orders.json"), "\(untracked.standardOutput)")
        try repository.git(["add", "-A"])
        try repository.git(["commit", "-q", "-m", "plans"])
        let added = try repository.diff(["--git", "HEAD~1..HEAD", "Plans", "--fail-on", "removed-plan"])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.contains("orders.json"), "\(added.standardOutput)")
        let removed = try repository.diff(["--git", "HEAD..HEAD~1", "Plans", "--fail-on", "removed-plan"])
        #expect(removed.status == 1, "\(removed.standardError)")
        for paths in [["Nowhere"], [repository.url.path + "/Nowhere"], ["App", "Nowhere"]] {
            let run = try repository.diff(["--git", "HEAD~1..HEAD", "--fail-on", "any"] + paths)
            #expect(run.status == 4, "could not compare: \(paths)")
            #expect(run.standardOutput.isEmpty, "\(paths): \(run.standardOutput)")
            #expect(
                run.standardError.contains("Nowhere: holds no plan or Swift file at HEAD~1 or at HEAD"),
                "\(paths): \(run.standardError)")
        }
        #expect(try repository.leftovers() == [])
    }

    @Test func aRevisionsSwiftFilesAreReadAsScanReadsAFolder() throws {
        let repository = try Repository()
        defer { repository.remove() }
        // A Swift file named by itself, at both revisions.
        let byName = try repository.diff(["--git", "HEAD~1..HEAD", "App/ShopCoordinator.swift"])
        #expect(byName.status == 0, "\(byName.standardError)")
        #expect(byName.standardOutput.contains(Self.addedCall), "\(byName.standardOutput)")
        // A second copy of the coordinator at the head: in a build folder scan never reads it, elsewhere it is
        // read and changes the map.
        let older = try String(
            contentsOf: DiffEndToEndTests.fixtures.appendingPathComponent("base.swift.txt"), encoding: .utf8)
        for (folder, changes) in [("App/.build", false), ("App/Older", true)] {
            try FileManager.default.createDirectory(
                at: repository.url.appendingPathComponent(folder), withIntermediateDirectories: true)
            try repository.folder.write("\(folder)/Older.swift", older)
            try repository.git(["add", "-A", "--force"])
            try repository.git(["commit", "-q", "-m", folder])
            for revisions in ["HEAD~1..HEAD", "HEAD~1"] {
                let run = try repository.diff(["--git", revisions, "--fail-on", "any"])
                #expect(run.status == (changes ? 1 : 0), "\(folder), \(revisions): \(run.standardOutput)")
                #expect(
                    (run.standardOutput == "no navigation changes\n") == !changes,
                    "\(folder), \(revisions): \(run.standardOutput)\(run.standardError)")
            }
        }
        #expect(try repository.leftovers() == [])
    }

    @Test func aPathOutsideTheRepositoryIsRefused() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try FileManager.default.createSymbolicLink(
            at: repository.url.appendingPathComponent("Secrets"), withDestinationURL: repository.temporary)
        for path in ["/", "..", "Secrets"] {
            let run = try repository.diff(["--git", "HEAD", path])
            #expect(run.status == 4, "could not compare: \(path)")
            #expect(run.standardError.contains("is outside the repository"), "\(path): \(run.standardError)")
        }
    }

    @Test func exportRulesAndFutureDatesCannotHideAChange() throws {
        let repository = try Repository()
        defer { repository.remove() }
        // A new coordinator the head's .gitattributes asks `git archive` to leave out, in a commit dated two
        // minutes ahead of the clock, beside 800 more files (tar warned once for each, and filled its pipe).
        let app = repository.url.appendingPathComponent("App")
        let attributes = repository.url.appendingPathComponent(".gitattributes")
        try Data("App/Evil.swift export-ignore\n".utf8).write(to: attributes)
        let base = try String(contentsOf: app.appendingPathComponent("ShopCoordinator.swift"), encoding: .utf8)
        try Data(base.replacingOccurrences(of: "ShopCoordinator", with: "EvilCoordinator").utf8).write(
            to: app.appendingPathComponent("Evil.swift"))
        let filler = repository.url.appendingPathComponent("Filler")
        try FileManager.default.createDirectory(at: filler, withIntermediateDirectories: true)
        for index in 0..<800 {
            try Data("{}".utf8).write(to: filler.appendingPathComponent("f\(index).txt"))
        }
        try repository.git(["add", "-A"])
        let future = ISO8601DateFormatter().string(from: Date().addingTimeInterval(120))
        let run = try BuiltBinary.runTool(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["env", "GIT_AUTHOR_DATE=\(future)", "GIT_COMMITTER_DATE=\(future)", "git", "commit", "-q", "-m", "evil"],
            in: repository.url)
        try #require(run.status == 0, "\(run.output)")
        let diff = try repository.diff(["--git", "HEAD~1..HEAD", "--fail-on", "any"])
        #expect(diff.status == 1, "\(diff.standardError)")
        #expect(diff.standardOutput.contains("EvilCoordinator"), "\(diff.standardOutput)")
    }

    @Test func anEmptyGateListIsAUsageError() throws {
        let repository = try Repository()
        defer { repository.remove() }
        for value in ["", ",", "any,", " , any"] {
            let run = try repository.diff(["--git", "HEAD~1..HEAD", "App", "--fail-on", value])
            #expect(run.status == 2, "'\(value)'")
            #expect(run.standardError.contains("--fail-on takes kinds separated by commas"), "'\(value)'")
        }
    }

    // Issue 44, item 14: an interrupted diff left its copy of the revision (the whole source) in TMPDIR.
    @Test func anInterruptedDiffLeavesNoCopy() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let ended = try BuiltBinary.runInterruptible(
            ["diff", "--git", "HEAD~1..HEAD"], in: repository.url,
            environment: ["FLOWGRAPH_TEST_INTERRUPT_DIFF": "1", "TMPDIR": repository.temporary.path])
        #expect(ended.reason == .uncaughtSignal)
        #expect(ended.status == SIGINT)
        #expect(try repository.leftovers() == [])
    }

    // Issue 44, item 19: what is printed names REV:path, never the temporary copy, and each link once.
    @Test func messagesNameTheRevisionAndEachLinkOnce() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try repository.folder.write("App/Broken.swift", "struct Broken { func f( }\n")
        try repository.git(["add", "-A"])
        try repository.git(["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "broken"])
        let broken = try repository.diff(["--git", "HEAD~1..HEAD"])
        #expect(broken.status == 4)
        #expect(
            broken.standardError.hasPrefix("HEAD:App/Broken.swift:1:24: not valid Swift"), "\(broken.standardError)")
        #expect(!broken.standardError.contains("flowgraph-diff-"), "\(broken.standardError)")

        try FileManager.default.removeItem(at: repository.url.appendingPathComponent("App/Broken.swift"))
        try FileManager.default.createSymbolicLink(
            at: repository.url.appendingPathComponent("App/Outside.swift"), withDestinationURL: repository.temporary)
        let linked = try repository.diff(["--git", "HEAD~1", "App"])
        let lines = linked.standardError.split(separator: "\n").filter { $0.contains("Outside.swift") }
        #expect(lines.count == 1, "\(linked.standardError)")
        #expect(lines.first?.hasPrefix("App/Outside.swift: warning: not read: a symbolic link") == true, "\(lines)")
    }
}

/// `flowgraph diff --git` in a repository whose app lives in a submodule: the submodule is read at the commit
/// each revision records, and one that is not checked out is said, never compared as empty.
@Suite struct DiffSubmoduleEndToEndTests {
    /// The shop app's repository as the submodule `Shop` of a new repository, whose two commits record the
    /// app's base and head.
    struct Superproject {
        let app: PlanFolder
        let top: PlanFolder

        init() throws {
            app = try DiffEndToEndTests.makeRepository()
            top = try PlanFolder()
            try git(["init", "-q"])
            try git(["config", "user.email", "test@example.com"])
            try git(["config", "user.name", "Test"])
            try git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", app.url.path, "Shop"])
            try git(["-C", "Shop", "checkout", "-q", "HEAD~1"])
            try git(["add", "-A"])
            try git(["commit", "-q", "-m", "base"])
            try git(["-C", "Shop", "checkout", "-q", "-"])
            try git(["add", "-A"])
            try git(["commit", "-q", "-m", "head"])
        }

        func git(_ arguments: [String], in folder: URL? = nil) throws {
            let run = try BuiltBinary.runTool(
                URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder ?? top.url)
            try #require(run.status == 0, "git \(arguments): \(run.output)")
        }

        func remove() {
            app.remove()
            top.remove()
        }
    }

    // Issue 44, item 6: a change inside a submodule was none, and against the working tree all was "added".
    @Test func aSubmoduleIsReadAtTheCommitEachRevisionRecords() throws {
        let project = try Superproject()
        defer { project.remove() }
        // The whole repository, the submodule, and a folder inside it.
        for paths in [[], ["Shop"], ["Shop/App"]] {
            let revisions = try BuiltBinary.run(
                ["diff", "--git", "HEAD~1..HEAD", "--fail-on", "any"] + paths, in: project.top.url)
            #expect(revisions.status == 1, "\(paths): \(revisions.standardError)")
            #expect(
                revisions.standardOutput.contains("+ payment → receipt  push  HEAD:Shop/App/ShopCoordinator.swift"),
                "\(paths): \(revisions.standardOutput)")
            #expect(!revisions.standardError.contains("submodule"), "\(paths): \(revisions.standardError)")
        }

        let againstTree = try BuiltBinary.run(["diff", "--git", "HEAD", "Shop"], in: project.top.url)
        #expect(againstTree.status == 0, "\(againstTree.standardError)")
        #expect(againstTree.standardOutput == "no navigation changes\n", "\(againstTree.standardOutput)")
    }

    @Test func aSubmoduleThatIsNotCheckedOutIsSaidNotCompared() throws {
        let project = try Superproject()
        defer { project.remove() }
        let clone = try PlanFolder()
        defer { clone.remove() }
        let checkout = clone.url.appendingPathComponent("top")
        try project.git(["clone", "-q", project.top.url.path, checkout.path])
        // Only the submodule holds Swift: nothing can be compared, and the error says why.
        let run = try BuiltBinary.run(["diff", "--git", "HEAD~1..HEAD"], in: checkout)
        #expect(run.status == 4, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty, "\(run.standardOutput)")
        #expect(
            run.standardError.contains("HEAD~1:Shop: not read: a submodule whose commit"), "\(run.standardError)")
        #expect(run.standardError.contains("(git submodule update --init)"), "\(run.standardError)")
    }
}
