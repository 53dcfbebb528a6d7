import FlowGraphCLI
import Foundation
import Testing
import XCTest

/// Checks that the navigation `flowgraph scan` reads from `sources` is the one in the baseline committed beside
/// the test, and records a failure (in Swift Testing or XCTest, whichever runs the test) with the change as
/// `flowgraph diff` words it when it is not.
///
/// The sources are files and folders relative to the package (the first folder above the test file that holds
/// a `Package.swift`). The baseline is `__Navigation__/TESTFILE/NAME.json` beside the test file, `NAME` the
/// test function's name unless `named` is given. When there is none it is recorded, and the test fails once,
/// so that a baseline is always committed before it guards anything; `record: true` or the environment
/// variable `FLOWGRAPH_RECORD_BASELINES=1` records it again. A call moved to another line matches.
///
/// ```swift
/// @Test func shopNavigation() {
///     assertNavigation(scanning: "Sources/Shop")
/// }
/// ```
public func assertNavigation(
    scanning sources: String..., named name: String? = nil, record: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let place = AssertionPlace(fileID: fileID, filePath: filePath, line: line, column: column)
    place.check(.scan(sources), baseline: name ?? place.testName(function), ext: "json", record: record)
}

/// Checks that the steps a plan file plays (as `flowgraph steps` prints them, for each iOS version whose rules
/// differ) are the ones in the baseline committed beside the test, and records a failure with the lines that
/// changed when they are not: a FlowGraph upgrade or a plan edited that changes what the app's deep link does
/// is caught in the test suite.
///
/// `plan` is relative to the package; the baseline is `__Navigation__/TESTFILE/NAME.txt`, recorded as
/// ``assertNavigation(scanning:named:record:fileID:filePath:function:line:column:)`` records its own.
public func assertSteps(
    of plan: String, named name: String? = nil, record: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let place = AssertionPlace(fileID: fileID, filePath: filePath, line: line, column: column)
    place.check(.steps(plan), baseline: name ?? place.testName(function), ext: "txt", record: record)
}

/// Where an assertion was made: the test file, and the package above it.
struct AssertionPlace {
    /// `#fileID`, `#filePath`, `#line` and `#column` of the call.
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt

    /// The test function's name without its arguments: `testCheckout` for `testCheckout()`.
    func testName(_ function: StaticString) -> String {
        let name = "\(function)"
        return String(name.prefix { $0 != "(" })
    }

    /// Compares `subject` with its baseline and reports anything but a match as a failure of the test.
    func check(_ subject: NavigationBaseline.Subject, baseline name: String, ext: String, record: Bool) {
        let test = URL(fileURLWithPath: "\(filePath)")
        let folder = test.deletingLastPathComponent()
        guard let root = Self.packageFolder(above: folder) else {
            fail("no Package.swift in any folder above \(test.path): the sources are read relative to the package")
            return
        }
        let baseline = folder.appendingPathComponent("__Navigation__")
            .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
            .appendingPathComponent("\(name).\(ext)")
        let recording =
            record
            || ["1", "true", "yes"].contains(
                ProcessInfo.processInfo.environment["FLOWGRAPH_RECORD_BASELINES"]?.lowercased() ?? "")
        do {
            switch try NavigationBaseline.compare(subject, in: root, with: baseline, record: recording) {
            case .matches: return
            case .recorded(let message), .changed(let message): fail(message)
            }
        } catch {
            fail("\(error)")
        }
    }

    /// The nearest folder at or above `folder` that holds a `Package.swift`.
    static func packageFolder(above folder: URL) -> URL? {
        var candidate = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }

    /// Records a failure at the assertion in the framework running the test.
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
