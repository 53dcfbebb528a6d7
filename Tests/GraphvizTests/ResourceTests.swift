import FlowGraphTestSupport
import Foundation
import Synchronization
import Testing

@testable import Graphviz

@Suite("Resources and concurrency")
struct ResourceTests {
    /// Resident memory of this process in bytes, from /proc/self/statm.
    static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let pages = Int(statm.split(separator: " ")[1]) ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static let renderCount = 2_000

    /// Runs in a child process (see `memoryGrowth`), so parallel tests do not disturb the figure.
    @Test(
        "child process: render 2,000 diagrams and report memory growth",
        .enabled(if: ProcessInfo.processInfo.environment["FLOWGRAPH_GRAPHVIZ_CHILD"] == "memory"))
    func memoryGrowthChild() throws {
        for index in 0..<50 { _ = try tableDiagram(title: "warm-up \(index)").render(to: [.svg, .png]) }
        let before = try Self.residentBytes()
        for index in 0..<Self.renderCount {
            // Different text each time, so every render builds new strings and glyph runs.
            _ = try tableDiagram(title: "render \(index)").render(to: [.svg, .png])
        }
        let after = try Self.residentBytes()
        print("CHILD-RESULT: \(before) \(after)")
    }

    @Test("2,000 SVG+PNG renders in one process grow resident memory by less than 150 MB", .heavy)
    func memoryGrowth() throws {
        let line = try childTestResult(filter: "memoryGrowthChild", environment: ["FLOWGRAPH_GRAPHVIZ_CHILD": "memory"])
        let numbers = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        try #require(numbers.count == 2)
        let growth = numbers[1] - numbers[0]
        print(
            "Graphviz memory: \(Self.renderCount) SVG+PNG renders grew resident memory by "
                + String(
                    format: "%.1f MB (%.1f KB per render), from %.1f MB to %.1f MB",
                    Double(growth) / 1_048_576, Double(growth) / 1024 / Double(Self.renderCount),
                    Double(numbers[0]) / 1_048_576, Double(numbers[1]) / 1_048_576))
        #expect(growth < 150 * 1_048_576)
    }

    @Test("Rendering from many threads at once is serialised by the lock and gives identical bytes")
    func concurrentThreads() throws {
        let reference = try tableDiagram().render(to: [.svg, .png, .dot])
        let results = Mutex<[[OutputFormat: Data]]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            do {
                let output = try tableDiagram().render(to: [.svg, .png, .dot])
                results.withLock { $0.append(output) }
                if index.isMultiple(of: 4) {
                    // Errors on other threads must not leak into these renders.
                    _ = try? ErrorTests.badHTMLDiagram().render(to: .svg)
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let all = results.withLock { $0 }
        #expect(all.count == 16)
        #expect(all.allSatisfy { $0 == reference })
    }

    @Test("Rendering from concurrent tasks works too")
    func concurrentTasks() async throws {
        let reference = try tableDiagram().render(to: .svg)
        let outputs = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 { group.addTask { try tableDiagram().render(to: .svg) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outputs.count == 8)
        #expect(outputs.allSatisfy { $0 == reference })
    }
}
