import Testing

@testable import FlowGraphCLI

/// `flowgraph(1)` says where project defaults come from: a FILES section naming `.flowgraph.json` and every key
/// it takes, from the same table the file is read with.
@Suite struct ManualPageTests {
    @Test func theManualPageDescribesTheProjectDefaultsFile() {
        let page = ManualPage.text(version: "0")
        let files = page.components(separatedBy: ".SH FILES\n")
        #expect(files.count == 2, "one FILES section")
        let section = files.last?.components(separatedBy: ".SH ").first ?? ""
        #expect(section.contains("\\fB.flowgraph.json\\fR"))
        for key in ProjectDefaults.keys { #expect(section.contains("\"\(key)\""), "\(key)") }
        #expect(section.contains("The command line always wins"))
    }
}
