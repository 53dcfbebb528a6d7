import FlowGraphTestSupport
import Foundation
import Testing

@testable import FlowGraphCLI

/// `--source-url`: the map's SVG, the diff's Markdown and DocC pages link each place to its line on the forge,
/// through the built binary in a git repository of the test's own (its remote on GitHub).
@Suite struct SourceLinksEndToEndTests {
    /// The diff tests' shop app at two commits, its remote `git@github.com:shop/app.git`.
    static func makeRepository(remote: String? = "git@github.com:shop/app.git") throws -> PlanFolder {
        let repository = try DiffEndToEndTests.makeRepository()
        if let remote { _ = try git(["remote", "add", "origin", remote], in: repository) }
        return repository
    }

    static func git(_ arguments: [String], in folder: PlanFolder) throws -> String {
        let run = try BuiltBinary.runTool(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder.url)
        try #require(run.status == 0, "git \(arguments): \(run.output)")
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The addresses an SVG links to.
    static func links(_ svg: String) -> Set<String> {
        Set(
            svg.components(separatedBy: #"xlink:href=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) })
    }

    @Test func theMapLinksEachScreenAndCallToItsLineAtHEAD() throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        let head = try Self.git(["rev-parse", "HEAD"], in: repository)
        let run = try BuiltBinary.run(["scan", "App", "-o", "map.svg", "--source-url", "git"], in: repository.url)
        #expect(run.status == 0, "\(run.standardError)")
        let links = Self.links(
            try String(contentsOf: repository.url.appendingPathComponent("map.svg"), encoding: .utf8))
        #expect(links.count > 3, "\(links)")
        #expect(
            links.allSatisfy { $0.hasPrefix("https://github.com/shop/app/blob/\(head)/App/ShopCoordinator.swift#L") })
        // From the app's own folder the path is still the repository's.
        let inApp = repository.url.appendingPathComponent("App")
        let again = try BuiltBinary.run(["scan", ".", "-o", "../map2.svg", "--source-url", "git"], in: inApp)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(
            Self.links(try String(contentsOf: repository.url.appendingPathComponent("map2.svg"), encoding: .utf8))
                == links)
        // Without the option, no links.
        _ = try BuiltBinary.run(["scan", "App", "-o", "plain.svg"], in: repository.url)
        let plain = try String(contentsOf: repository.url.appendingPathComponent("plain.svg"), encoding: .utf8)
        #expect(!plain.contains("xlink:href"))
    }

    @Test func theDiffsPlacesLinkToEachSidesCommit() throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        let base = try Self.git(["rev-parse", "HEAD~1"], in: repository)
        let head = try Self.git(["rev-parse", "HEAD"], in: repository)
        let run = try BuiltBinary.run(
            ["diff", "--git", "HEAD~1..HEAD", "App", "-T", "md", "--source-url", "git"], in: repository.url)
        #expect(run.status == 0, "\(run.standardError)")
        let rows = run.standardOutput.split(separator: "\n")
        let removed = try #require(rows.first { $0.hasPrefix("| HomeView → orders | removed |") })
        #expect(removed.contains(#"<a href="https://github.com/shop/app/blob/\#(base)/App/ShopCoordinator.swift#L"#))
        let added = try #require(rows.first { $0.hasPrefix("| payment → receipt | added |") })
        #expect(added.contains(#"<a href="https://github.com/shop/app/blob/\#(head)/App/ShopCoordinator.swift#L"#))
        // The terminal's report is unchanged by links.
        let text = try BuiltBinary.run(["diff", "--git", "HEAD~1", "App", "--source-url", "git"], in: repository.url)
        #expect(!text.standardOutput.contains("https://"))
    }

    @Test func doccPagesLinkEachStackToItsLine() throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        try FileManager.default.createDirectory(
            at: repository.url.appendingPathComponent("Shop.docc"), withIntermediateDirectories: true)
        let run = try BuiltBinary.run(
            [
                "docc", "App", "--catalog", "Shop.docc", "--source-url",
                "https://github.com/shop/app/blob/main/{file}#L{line}",
            ],
            in: repository.url)
        #expect(run.status == 0, "\(run.standardError)")
        let page = try String(
            contentsOf: repository.url.appendingPathComponent("Shop.docc/FlowGraph/ShopCoordinator.md"), encoding: .utf8
        )
        #expect(
            page.contains("at [`App/ShopCoordinator.swift:"), "\(page)")
        #expect(page.contains("](https://github.com/shop/app/blob/main/App/ShopCoordinator.swift#L"), "\(page)")
    }

    /// A batch's app maps take `.flowgraph.json`'s `"sourceURL"`: the gallery's map of `App/` links each
    /// screen to its file below the repository's top, whichever folder the batch is given.
    @Test func aBatchsAppMapsLinkTheirScreens() throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        let head = try Self.git(["rev-parse", "HEAD"], in: repository)
        try repository.write(".flowgraph.json", #"{"sourceURL": "git"}"#)
        let expected = "https://github.com/shop/app/blob/\(head)/App/ShopCoordinator.swift#L"
        // From the top, and from the app's own folder (where the file is looked for beside the input).
        try repository.write("App/.flowgraph.json", #"{"sourceURL": "git"}"#)
        for (input, folder) in [("App", repository.url), (".", repository.url.appendingPathComponent("App"))] {
            let run = try BuiltBinary.run(["render", input, "-o", "../Out", "-T", "svg"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let map = try String(
                contentsOf: folder.appendingPathComponent("../Out/App.svg").standardizedFileURL, encoding: .utf8)
            let links = Self.links(map)
            #expect(!links.isEmpty && links.allSatisfy { $0.hasPrefix(expected) }, "\(input): \(links)")
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("../Out").standardizedFileURL)
        }
    }

    @Test func aProjectFileSetsTheTemplate() throws {
        let repository = try Self.makeRepository(remote: nil)
        defer { repository.remove() }
        try repository.write(".flowgraph.json", #"{"sourceURL": "https://git.example.com/shop/{file}?at={line}"}"#)
        let run = try BuiltBinary.run(["scan", "App", "-o", "map.svg"], in: repository.url)
        #expect(run.status == 0, "\(run.standardError)")
        let links = Self.links(
            try String(contentsOf: repository.url.appendingPathComponent("map.svg"), encoding: .utf8))
        #expect(
            !links.isEmpty
                && links.allSatisfy { $0.hasPrefix("https://git.example.com/shop/App/ShopCoordinator.swift?at=") })
        try repository.write(".flowgraph.json", #"{"sourceURL": "file:///etc/{file}"}"#)
        let refused = try BuiltBinary.run(["scan", "App", "-o", "map2.svg"], in: repository.url)
        #expect(refused.status != 0)
        #expect(
            refused.standardError.contains(".flowgraph.json:1:15: sourceURL: expected an https:// address"),
            "\(refused.standardError)")
    }

    @Test func whatCannotLinkIsAUsageErrorSayingWhatToGive() throws {
        let repository = try Self.makeRepository(remote: "/srv/git/shop.git")
        defer { repository.remove() }
        let local = try BuiltBinary.run(["scan", "App", "-o", "map.svg", "--source-url", "git"], in: repository.url)
        #expect(local.status == 2)
        #expect(local.standardError.contains("--source-url git: cannot tell how /srv/git/shop.git links to a line"))
        _ = try Self.git(["remote", "remove", "origin"], in: repository)
        let none = try BuiltBinary.run(["scan", "App", "-o", "map.svg", "--source-url", "git"], in: repository.url)
        #expect(none.status == 2)
        #expect(none.standardError.contains("no remote named origin"), "\(none.standardError)")
        let unknown = try BuiltBinary.run(
            ["scan", "App", "-o", "map.svg", "--source-url", "https://example.com/{file}/{path}"], in: repository.url)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown placeholder {path}"), "\(unknown.standardError)")
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent("map.svg").path))
        let outside = try PlanFolder()
        defer { outside.remove() }
        try FileManager.default.copyItem(
            at: repository.url.appendingPathComponent("App"), to: outside.url.appendingPathComponent("App"))
        let noRepository = try BuiltBinary.run(
            ["scan", "App", "-o", "map.svg", "--source-url", "https://example.com/{rev}/{file}"], in: outside.url)
        #expect(noRepository.status == 2)
        #expect(noRepository.standardError.contains("in no git repository"), "\(noRepository.standardError)")
    }

    @Test(arguments: [
        ("git@github.com:shop/app.git", "https://github.com/shop/app/blob/{rev}/{file}#L{line}"),
        ("https://github.com/shop/app", "https://github.com/shop/app/blob/{rev}/{file}#L{line}"),
        ("https://x-token:s3cret@github.com/shop/app.git/", "https://github.com/shop/app/blob/{rev}/{file}#L{line}"),
        ("ssh://git@gitlab.com:2222/group/sub/app.git", "https://gitlab.com/group/sub/app/-/blob/{rev}/{file}#L{line}"),
        ("git@bitbucket.org:team/app.git", "https://bitbucket.org/team/app/src/{rev}/{file}#lines-{line}"),
        ("https://codeberg.org/me/app.git", "https://codeberg.org/me/app/src/commit/{rev}/{file}#L{line}"),
    ])
    func aRemoteOfAKnownForgeGivesItsTemplate(_ remote: String, _ template: String) {
        #expect(SourceLinkOptions.forgeTemplate(remote: remote) == template)
    }

    @Test(arguments: [
        "/srv/git/app.git", "file:///srv/git/app.git", "git@example.com:me/app.git", "https://github.com/app",
    ])
    func aRemoteOfNoKnownForgeGivesNone(_ remote: String) {
        #expect(SourceLinkOptions.forgeTemplate(remote: remote) == nil)
    }

    @Test func aRemotesPasswordIsNeverShown() {
        #expect(
            SourceLinkOptions.withoutCredentials("https://me:s3cret@git.example.com/app.git")
                == "https://git.example.com/app.git")
    }
}
