import FlowModel
import FlowSource
import Foundation
import Testing

@testable import FlowGraphCLI

/// The scan cache (issue 41): a scan of files that have not changed is read back, byte for byte what a fresh
/// scan gives; a changed file, a bad entry or a folder others can write is never trusted; the folder stays
/// within its bound and runs sharing it each get their own scan. In-process, on a folder of the test's own.
@Suite struct ScanCacheTests {
    /// A small FlowStacks app: a coordinator with two screens, one pushing the other.
    static func app(extraScreen: Bool = false) -> String {
        """
        import FlowStacks
        import SwiftUI

        enum Screen: Hashable { case home, detail\(extraScreen ? ", settings" : "") }

        struct AppCoordinator: View {
            @State var routes: Routes<Screen> = []

            var body: some View {
                FlowStack($routes, withNavigation: true) {
                    HomeView()
                        .flowDestination(for: Screen.self) { screen in
                            switch screen {
                            case .home: HomeView()
                            case .detail: DetailView()
                            \(extraScreen ? "case .settings: SettingsView()" : "")
                            }
                        }
                }
            }
        }

        struct HomeView: View {
            @EnvironmentObject var navigator: FlowNavigator<Screen>
            var body: some View {
                Button("Open") { navigator.push(.detail) }
                \(extraScreen ? "Button(\"Settings\") { navigator.presentSheet(.settings) }" : "")
            }
        }

        struct DetailView: View {
            @EnvironmentObject var navigator: FlowNavigator<Screen>
            var body: some View { Button("Back") { navigator.goBack() } }
        }
        \(extraScreen ? "struct SettingsView: View { var body: some View { Text(\"Settings\") } }" : "")
        """
    }

    /// A folder for the app and one for the cache, removed by `remove()`.
    struct Place {
        let app: PlanFolder
        let cacheFolder: String

        init(source: String = ScanCacheTests.app()) throws {
            app = try PlanFolder()
            try app.write("App.swift", source)
            cacheFolder = app.url.appendingPathComponent("cache").path
        }

        var cache: ScanCache { ScanCache(folder: cacheFolder) }

        /// The scan of the app's folder (not `cache/`, which holds no Swift file), through `cache` if given.
        func scan(_ cache: ScanCache?) throws -> SourceScan {
            var warnings: [Diagnostic] = []
            return try ScanCommand.scanSources(
                [app.url.appendingPathComponent("App.swift").path], limits: Limits(), warnings: &warnings,
                reuse: ScanReuse(cache: cache))
        }

        /// `scan --json`'s text of a scan.
        func json(_ cache: ScanCache?) throws -> String { try scan(cache).json().rendered(.pretty) }

        /// The cache's entries, by file name.
        var entries: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder)) ?? []).filter {
                $0.hasPrefix("scan-")
            }
            .sorted()
        }

        func entryPath(_ name: String) -> String { cacheFolder + "/" + name }

        func remove() { app.remove() }
    }

    @Test func aSecondScanOfTheSameFilesReadsTheEntryTheFirstKept() throws {
        let place = try Place()
        defer { place.remove() }
        let fresh = try place.json(nil)
        #expect(try place.json(place.cache) == fresh)
        let entries = place.entries
        try #require(entries.count == 1)
        // The entry is what the next scan reads: a name changed in it shows in the result.
        let path = place.entryPath(entries[0])
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        try #require(kept.contains("\"DetailView\""))
        try kept.replacingOccurrences(of: "\"DetailView\"", with: "\"KeptView\"").write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(try place.json(place.cache).contains("KeptView"))
        #expect(try place.json(nil) == fresh)
    }

    @Test func aReadEntryGivesTheSameBytesAsAFreshScan() throws {
        for sample in ["FlowStacksApp", "SwiftUIFerryApp", "SwiftfulRoutingReadme", "NavigationStackReadme"] {
            let place = try Place()
            defer { place.remove() }
            let folder = BuiltBinary.packageRoot.appendingPathComponent("Samples/" + sample).path
            var warnings: [Diagnostic] = []
            let fresh = try ScanCommand.scanSources([folder], limits: Limits(), warnings: &warnings)
            for _ in 0..<2 {
                let cached = try ScanCommand.scanSources(
                    [folder], limits: Limits(), warnings: &warnings, reuse: ScanReuse(cache: place.cache))
                #expect(cached.json().rendered(.pretty) == fresh.json().rendered(.pretty), "\(sample)")
                #expect(cached.map == fresh.map, "\(sample)")
                #expect(cached.plans.map(\.isDeepLink) == fresh.plans.map(\.isDeepLink), "\(sample)")
                #expect(cached.plans.map(\.linkCase) == fresh.plans.map(\.linkCase), "\(sample)")
            }
            #expect(place.entries.count == 1, "\(sample)")
        }
    }

    @Test func aChangedFileIsScannedAgain() throws {
        let place = try Place()
        defer { place.remove() }
        _ = try place.scan(place.cache)
        try place.app.write("App.swift", Self.app(extraScreen: true))
        let changed = try place.scan(place.cache)
        #expect(changed.map.screens.contains { $0.name == "settings" })
        #expect(place.entries.count == 2)
        #expect(try place.json(place.cache) == place.json(nil))
    }

    @Test func aFileMovedToAnotherPathIsANewEntry() throws {
        let place = try Place()
        defer { place.remove() }
        let first = ScanCache.key(of: [("A/App.swift", "struct A {}")], build: "b")
        #expect(first != ScanCache.key(of: [("B/App.swift", "struct A {}")], build: "b"))
        #expect(first != ScanCache.key(of: [("A/App.swift", "struct A {}")], build: "another build"))
        #expect(first == ScanCache.key(of: [("A/App.swift", "struct A {}")], build: "b"))
    }

    @Test func anEntryThatDoesNotReadOrIsAnotherScansIsAMissAndIsWrittenAnew() throws {
        let place = try Place()
        let other = try Place(source: Self.app(extraScreen: true))
        defer {
            place.remove()
            other.remove()
        }
        let fresh = try place.json(nil)
        _ = try place.scan(place.cache)
        let path = place.entryPath(try #require(place.entries.first))
        // Another app's entry, whole and valid, under this app's name.
        _ = try other.scan(other.cache)
        let another = try String(contentsOfFile: other.entryPath(try #require(other.entries.first)), encoding: .utf8)
        for broken in ["", "{", "{\"key\": \"another\", \"map\": {}, \"plans\": []}", "xxxxxxxxx", another] {
            try broken.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try place.json(place.cache) == fresh, "\(broken.prefix(40))")
            #expect(try String(contentsOfFile: path, encoding: .utf8) != broken)
        }
    }

    @Test func aFolderWhoseParentsAreMissingIsMade() throws {
        let place = try Place()
        defer { place.remove() }
        // As `~/.cache/flowgraph` on an account that has no `~/.cache` yet.
        let nested = place.app.url.appendingPathComponent("home/.cache/flowgraph").path
        _ = try place.scan(ScanCache(folder: nested))
        let names = try FileManager.default.contentsOfDirectory(atPath: nested)
        #expect(names.filter { $0.hasPrefix("scan-") }.count == 1, "\(names)")
    }

    @Test func anEntryThatIsALinkLeadingOutIsNotRead() throws {
        let place = try Place()
        defer { place.remove() }
        _ = try place.scan(place.cache)
        let path = place.entryPath(try #require(place.entries.first))
        // The entry, edited so that reading it would show, moved outside the folder and linked back in.
        let outside = place.app.url.appendingPathComponent("outside.json").path
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        try kept.replacingOccurrences(of: "\"DetailView\"", with: "\"OutsideView\"").write(
            toFile: outside, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside)
        #expect(try !place.json(place.cache).contains("OutsideView"))
    }

    @Test func aScanThatFailsIsNotKept() throws {
        let place = try Place(source: "struct Broken { func f( }")
        defer { place.remove() }
        for _ in 0..<2 {
            #expect(throws: FlowGraphError.self) { try place.scan(place.cache) }
        }
        #expect(place.entries.isEmpty)
    }

    @Test func aFolderOthersCanWriteOrALinkIsNotUsed() throws {
        let place = try Place()
        defer { place.remove() }
        let fresh = try place.json(nil)
        try FileManager.default.createDirectory(atPath: place.cacheFolder, withIntermediateDirectories: true)
        chmod(place.cacheFolder, 0o777)
        #expect(try place.json(place.cache) == fresh)
        #expect(place.entries.isEmpty)
        // A link in the cache's place, to a folder of someone's choosing, is not followed.
        let elsewhere = place.app.url.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        chmod(elsewhere, 0o700)
        let link = place.app.url.appendingPathComponent("linked").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere)
        #expect(try place.json(ScanCache(folder: link)) == fresh)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test func theFolderStaysWithinItsBoundAndOnlyEntriesAreRemoved() throws {
        let place = try Place()
        defer { place.remove() }
        _ = try place.scan(place.cache)
        let size = try #require(
            FileManager.default.attributesOfItem(atPath: place.entryPath(place.entries[0]))[.size] as? Int)
        try "mine".write(toFile: place.cacheFolder + "/notes.txt", atomically: true, encoding: .utf8)
        var bounded = place.cache
        bounded.sizeBound = size * 2 + size / 2
        for screens in 0..<5 {
            try place.app.write("App.swift", Self.app() + "\nstruct Extra\(screens) {}\n")
            _ = try place.scan(bounded)
        }
        #expect(place.entries.count == 2)
        #expect(FileManager.default.fileExists(atPath: place.cacheFolder + "/notes.txt"))
        // The newest is kept: the last scan is read back.
        #expect(try place.json(bounded) == place.json(nil))
    }

    @Test func runsSharingTheFolderEachGetTheirOwnScan() throws {
        let one = try Place()
        let two = try Place(source: Self.app(extraScreen: true))
        defer {
            one.remove()
            two.remove()
        }
        let expected = [try one.json(nil), try two.json(nil)]
        let shared = one.cache
        let results = Collected()
        DispatchQueue.concurrentPerform(iterations: 8) { run in
            let place = run % 2 == 0 ? one : two
            results.store((try? place.json(shared)) ?? "failed", at: run)
        }
        for run in 0..<8 {
            #expect(results.text(at: run) == expected[run % 2], "run \(run)")
        }
        // No half-written entry is left beside the two.
        #expect(try FileManager.default.contentsOfDirectory(atPath: one.cacheFolder).count == 2)
    }

    /// Texts stored by concurrent runs.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [Int: String] = [:]
        func store(_ text: String, at run: Int) { lock.withLock { texts[run] = text } }
        func text(at run: Int) -> String? { lock.withLock { texts[run] } }
    }

    @Test func theCommandKeepsItsScanInTheNamedFolderUnlessToldNot() throws {
        let place = try Place()
        defer { place.remove() }
        let environment = [ScanCache.folderVariable: place.cacheFolder]
        let app = place.app.url.appendingPathComponent("App.swift").path
        let refused = try BuiltBinary.run(["scan", app, "--json", "--no-cache"], environment: environment)
        #expect(refused.status == 0)
        #expect(place.entries.isEmpty)
        let first = try BuiltBinary.run(["scan", app, "--json"], environment: environment)
        #expect(place.entries.count == 1)
        let second = try BuiltBinary.run(["scan", app, "--json"], environment: environment)
        #expect(second.standardOutput == first.standardOutput)
        #expect(second.standardOutput == refused.standardOutput)
        #expect(second.standardError == refused.standardError)
    }

    @Test func noCacheAndTheStandardFolder() throws {
        let options = ScanCommand.options
        let plain = try ArgumentParser.parse(["App"], options: options, maximumPositionals: 9)
        let refused = try ArgumentParser.parse(["App", "--no-cache"], options: options, maximumPositionals: 9)
        #expect(CacheOptions.reuse(refused).cache == nil)
        if ScanCache.standardFolder() != nil { #expect(CacheOptions.reuse(plain).cache != nil) }
        #expect(ScanCache.standardFolder(environment: ["FLOWGRAPH_CACHE_DIR": "/c", "HOME": "/h"]) == "/c")
        #if os(macOS)
            #expect(ScanCache.standardFolder(environment: ["HOME": "/h"]) == "/h/Library/Caches/flowgraph")
        #else
            #expect(ScanCache.standardFolder(environment: ["HOME": "/h"]) == "/h/.cache/flowgraph")
            #expect(
                ScanCache.standardFolder(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/x"]) == "/x/flowgraph")
            #expect(
                ScanCache.standardFolder(environment: ["HOME": "/h", "XDG_CACHE_HOME": "relative"])
                    == "/h/.cache/flowgraph")
        #endif
        #expect(ScanCache.standardFolder(environment: [:]) == nil)
    }
}
