import FlowGraphTestSupport
import Foundation
import Testing

/// The GitHub Actions workflow docs/review.md gives, run as written: its shell steps through
/// Scripts/run-workflow.py (as a Linux runner runs them), in a local repository with a pull-request branch, the
/// built `flowgraph` on `PATH`, and a stand-in for GitHub's `gh` that records each API call.
@Suite struct DiffWorkflowEndToEndTests {
    /// Answers the comment listing as GitHub would once a comment was posted (its id, 101), and records every
    /// call with the token it was given.
    static let ghStandIn = """
        #!/usr/bin/env python3
        import json, os, sys
        state = os.environ["GH_STANDIN_STATE"]
        calls = json.load(open(state)) if os.path.exists(state) else []
        calls.append({"arguments": sys.argv[1:], "token": os.environ.get("GH_TOKEN", "")})
        json.dump(calls, open(state, "w"))
        if "-X" not in sys.argv and any("POST" in call["arguments"] for call in calls[:-1]):
            print(101)

        """

    /// One API call the workflow made: `POST …/issues/7/comments` or `PATCH …/comments/101`, with its body.
    struct Call {
        var method: String
        var path: String
        var body: String
        var token: String
    }

    struct Runner {
        let repository: PlanFolder
        let tools: PlanFolder
        var state: URL { tools.url.appendingPathComponent("state.json") }

        init() throws {
            repository = try DiffEndToEndTests.makeRepository()
            tools = try PlanFolder()
            let gh = tools.url.appendingPathComponent("gh")
            try Data(DiffWorkflowEndToEndTests.ghStandIn.utf8).write(to: gh)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gh.path)
        }

        /// Points `origin/main`, the branch the pull request is against, at `revision`.
        func baseBranch(at revision: String) throws {
            let run = try BuiltBinary.runTool(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "update-ref", "refs/remotes/origin/main", revision],
                in: repository.url)
            try #require(run.status == 0, "\(run.output)")
        }

        /// Runs the workflow's job: its status, and what it printed (output and errors together).
        func run() throws -> (status: Int32, output: String) {
            let path =
                [tools.url.path, try BuiltBinary.executable().deletingLastPathComponent().path]
                + [ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
            return try BuiltBinary.runTool(
                URL(fileURLWithPath: try #require(PlanSchemaTests.python)),
                [
                    BuiltBinary.packageRoot.appendingPathComponent("Scripts/run-workflow.py").path,
                    BuiltBinary.packageRoot.appendingPathComponent("docs/review.md").path,
                    "--skip", "Install FlowGraph", "--context", "github.token=token-of-the-job",
                    "--context", "github.event.pull_request.number=7",
                ],
                in: repository.url,
                environment: [
                    "PATH": path.joined(separator: ":"), "GITHUB_BASE_REF": "main",
                    "GITHUB_REPOSITORY": "octo/shop", "GH_STANDIN_STATE": state.path,
                ])
        }

        /// The calls that changed a comment, in order.
        func writes() throws -> [Call] {
            let calls = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [[String: Any]])
            return calls.compactMap { call in
                guard let arguments = call["arguments"] as? [String], let method = arguments.firstIndex(of: "-X")
                else { return nil }
                let body = arguments.last { $0.hasPrefix("body=") }.map { String($0.dropFirst(5)) } ?? ""
                return Call(
                    method: arguments[method + 1], path: arguments[method + 2], body: body,
                    token: call["token"] as? String ?? "")
            }
        }

        func remove() {
            repository.remove()
            tools.remove()
        }
    }

    @Test(.enabled(if: PlanSchemaTests.python != nil, "python3 is not installed: the workflow is not run here"))
    func theReviewWorkflowPostsOneCommentUpdatesItAndGates() throws {
        let runner = try Runner()
        defer { runner.remove() }
        let marker = "<!-- flowgraph navigation review -->\n\n"

        // The pull request adds a screen and removes a call: one comment, then the gate fails.
        try runner.baseBranch(at: "HEAD~1")
        let first = try runner.run()
        #expect(first.status == 1, "\(first.output)")
        #expect(first.output.contains("run-workflow: Fail on what a reviewer must look at: exit 1"), "\(first.output)")
        #expect(first.output.contains("flowgraph diff: removed-edge (--fail-on)"), "\(first.output)")
        var writes = try runner.writes()
        try #require(writes.count == 1, "\(writes)")
        #expect(writes[0].method == "POST" && writes[0].path == "repos/octo/shop/issues/7/comments")
        #expect(writes[0].token == "token-of-the-job")
        #expect(writes[0].body.hasPrefix(marker + "**Navigation: +1 screen"), "\(writes[0].body.prefix(200))")
        #expect(writes[0].body.contains("payment → receipt"), "\(writes[0].body)")
        #expect(writes[0].body.contains("HomeView → orders"), "\(writes[0].body)")
        #expect(writes[0].body.contains("```mermaid\n---\ntitle: \"Navigation map: "), "the map change GitHub draws")

        // The next push: the same comment is updated, not a second one posted.
        let second = try runner.run()
        #expect(second.status == 1, "\(second.output)")
        writes = try runner.writes()
        try #require(writes.count == 2, "\(writes)")
        #expect(writes[1].method == "PATCH" && writes[1].path == "repos/octo/shop/issues/comments/101")

        // A push that leaves the navigation as the base has it: the comment says so and the job passes.
        try runner.baseBranch(at: "HEAD")
        let third = try runner.run()
        #expect(third.status == 0, "\(third.output)")
        writes = try runner.writes()
        try #require(writes.count == 3, "\(writes)")
        #expect(writes[2].method == "PATCH")
        #expect(writes[2].body == marker + "**Navigation: no navigation changes**", "\(writes[2].body)")
    }
}
