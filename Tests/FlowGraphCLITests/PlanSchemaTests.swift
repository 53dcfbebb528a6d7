import Foundation
import Testing

/// `flowgraph schema`: the committed schema, checked with a real JSON Schema validator (Python's jsonschema,
/// installed by `make test-deps`) over every sample and every broken plan of Tests/BrokenPlans.
@Suite struct PlanSchemaTests {
    static let root = BuiltBinary.packageRoot
    /// The `python3` on PATH, the one `make test-deps` installs jsonschema for.
    static let python = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin")
        .split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    static func plans(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }

    /// `valid PATH` / `invalid PATH: reason` for each plan, from Scripts/validate-plans.py.
    static func validate(_ plans: [String], schema: URL) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python))
        process.arguments = ["Scripts/validate-plans.py", schema.path] + plans
        process.currentDirectoryURL = root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "validate-plans.py failed (run make test-deps): \(error)")
        var verdicts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let text = String(line)
            if text.hasPrefix("valid ") {
                verdicts[String(text.dropFirst(6))] = "valid"
            } else if text.hasPrefix("invalid "), let colon = text.range(of: ": ") {
                verdicts[String(text[text.index(text.startIndex, offsetBy: 8)..<colon.lowerBound])] = text
            }
        }
        return verdicts
    }

    @Test func printedSchemaIsTheCommittedOne() throws {
        let printed = try BuiltBinary.run(["schema"])
        #expect(printed.status == 0)
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent("docs/plan.schema.json"), encoding: .utf8)
        #expect(printed.standardOutput == committed, "docs/plan.schema.json differs from flowgraph schema")
        #expect(try JSONSerialization.jsonObject(with: Data(committed.utf8)) is [String: Any])
    }

    @Test(
        .enabled(
            if: python != nil,
            "python3 is not installed: the schema is not validated here (CI installs python3 and jsonschema)"))
    func everySampleIsValidAndEveryBrokenPlanIsRejected() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let schema = folder.url.appendingPathComponent("plan.schema.json")
        try Data(try BuiltBinary.run(["schema"]).standardOutput.utf8).write(to: schema)
        let samples = try Self.plans("Samples")
        let shape = try Self.plans("Tests/BrokenPlans/shape")
        let semantic = try Self.plans("Tests/BrokenPlans/semantic")
        #expect(samples.count >= 30 && shape.count >= 14 && semantic.count >= 5)
        let verdicts = try Self.validate(samples + shape + semantic, schema: schema)
        for plan in samples {
            #expect(verdicts[plan] == "valid", "\(plan): \(verdicts[plan] ?? "no verdict")")
        }
        for plan in shape {
            #expect(verdicts[plan]?.hasPrefix("invalid") == true, "the schema accepts \(plan)")
        }
        // What a schema cannot see: the shape is right, the navigation is not. flowgraph rejects these.
        for plan in semantic {
            #expect(verdicts[plan] == "valid", "\(plan): \(verdicts[plan] ?? "no verdict")")
        }
        for plan in shape + semantic {
            let result = try BuiltBinary.run(["steps", plan], in: Self.root)
            #expect(result.status == 1, "flowgraph accepts \(plan)")
        }
    }
}
