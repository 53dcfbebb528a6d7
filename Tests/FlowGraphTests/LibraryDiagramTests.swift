import Foundation
import Testing

@testable import FlowGraph

/// The SwiftfulRouting and swiftui-navigation-stack samples, drawn through the ordinary builders in each
/// library's words. With `FLOWGRAPH_GALLERY=DIR` the PNGs are kept there.
enum LibrarySamples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    static let names = [
        "swiftfulrouting-readme-environment", "swiftfulrouting-readme-three-pushes",
        "swiftfulrouting-readme-sheet-push", "swiftfulrouting-readme-sheet-sheet",
        "swiftfulrouting-readme-three-covers", "swiftfulrouting-readme-pattern", "swiftfulrouting-onboarding-queue",
        "swiftfulrouting-call-site", "navigationstack-pop-to-id",
    ]

    static func plan(_ name: String) throws -> Plan {
        let url = folder.appendingPathComponent(name + ".json")
        return try Plan.decode(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: url.lastPathComponent)
    }

    /// The drawings of a plan as render would make them: the final stack and, when there are calls, the timeline.
    static func drawings(_ plan: Plan, theme: Theme = .light) throws -> [(String, Diagram)] {
        let run = try plan.libraryRun()
        let vocabulary = DiagramVocabulary(run: run)
        let final = run.transitions.last?.to ?? plan.start
        var drawings = [
            (
                run.transitions.isEmpty ? "stack" : "final-stack",
                StackDiagram(
                    title: plan.title, root: plan.root, routes: final, theme: theme, vocabulary: vocabulary,
                    annotations: run.final
                ).diagram()
            )
        ]
        if !run.transitions.isEmpty {
            drawings.append(
                (
                    "start-stack",
                    StackDiagram(
                        title: plan.title, root: plan.root, routes: plan.start, theme: theme, vocabulary: vocabulary,
                        annotations: run.start
                    ).diagram()
                ))
        }
        if !run.transitions.isEmpty {
            drawings.append(
                (
                    "timeline",
                    TimelineDiagram(
                        title: plan.title, root: plan.root, transitions: run.transitions, theme: theme,
                        vocabulary: vocabulary
                    ).diagram()
                ))
        }
        return drawings
    }
}

@Test(arguments: LibrarySamples.names)
func librarySampleRendersToPNG(name: String) throws {
    let plan = try LibrarySamples.plan(name)
    let gallery = ProcessInfo.processInfo.environment["FLOWGRAPH_GALLERY"].map { URL(fileURLWithPath: $0) }
    for (kind, diagram) in try LibrarySamples.drawings(plan) {
        let outputs = try diagram.render(to: [.svg, .png])
        let png = try #require(outputs[.png])
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let svg = String(decoding: try #require(outputs[.svg]), as: UTF8.self).replacingOccurrences(
            of: "&#45;", with: "-")
        #expect(svg.contains(plan.library.displayName), "\(name) \(kind) names its library")
        if let gallery {
            try FileManager.default.createDirectory(at: gallery, withIntermediateDirectories: true)
            try png.write(to: gallery.appendingPathComponent("\(name)-\(kind).png"))
        }
    }
}
