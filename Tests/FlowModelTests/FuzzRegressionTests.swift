import Foundation
import Testing

@testable import FlowModel

/// Inputs the fuzzers (Fuzz/, Scripts/fuzz.sh) stopped on, kept so the fixes stay fixed.
///
/// Each is the crashing input exactly as libFuzzer saved it (base64 of Fuzz/corpus-crashes/TARGET/crash-…).
@Suite struct FuzzRegressionTests {
    static func bytes(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64)!)
    }

    /// No raw control or bidi character in a message printed to a terminal.
    func expectTerminalSafe(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            message.unicodeScalars.allSatisfy { $0 == "\n" || !TerminalText.needsEscape($0) },
            "\(message.debugDescription)", sourceLocation: sourceLocation)
    }

    /// fuzz-route-notation: `.sheet(Profile,ation: trueti\u{17}\0…` quoted control characters in the error.
    @Test func routeNotationErrorQuotesControlCharactersAsEscapes() throws {
        let input = Self.bytes(
            "Wy5wdXNoKEZlZWQpLCAuc2hlZXQoUHJvZmlsZSxhdGlvbjogdHJ1ZXRpFwAAAAAAAABvbjogdHJ1ZSksIC5wdXNoKEZvbGxvd2VycyksIC5jb3ZlcihTdG9yeSksIC5zaGVldChSZXBEaWN0aW9uYWx5KV0="
        )
        let text = String(decoding: input, as: UTF8.self)
        #expect(throws: InputError.self) { try RouteNotation.parseList(text) }
        do {
            _ = try RouteNotation.parseList(text)
        } catch {
            let description = error.diagnostic(in: text, file: "--from").description
            expectTerminalSafe(description)
            #expect(description.contains(#"unexpected argument 'ation: trueti\u{17}\u{0}\u{0}"#))
        }
    }

    /// fuzz-action-notation: `gokcBaToRoot(\u{1A})`.
    @Test func actionNotationErrorQuotesControlCharactersAsEscapes() {
        let text = String(decoding: Self.bytes("Z29rY0JhVG9Sb290KBop"), as: UTF8.self)
        do {
            _ = try PlanAction(notation: text)
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            let description = error.diagnostic(in: text, file: "plan.json").description
            expectTerminalSafe(description)
            #expect(description.hasPrefix(#"plan.json:1:1: unknown action 'gokcBaToRoot(\u{1A})'"#))
            #expect(description.hasSuffix("(did you mean 'goBackToRoot'?)"))
        }
    }

    /// fuzz-json and fuzz-plan: a backslash before a NUL byte put the NUL into "invalid escape '\…'".
    @Test func jsonInvalidEscapeOfAControlCharacter() {
        for (base64, expected) in [
            (
                "ewogICJ0aXRsZVwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB1ZDgucG9zaChDaCIuc2hlZXQoLnBheW1lbnQobWV0aG9kOiBiZSBDbyAidGk=",
                #"in.json:2:9: invalid escape '\\u{0}'"#
            ),
            (
                "ewogICJ0aXRsZSI6ICJEZWVwIGxpbmsgdG8gYW4gb3JkZXIgZnJvbSB0d28gc3RhY2tlZCBzaGVldHM6IGlPUyAxbnVsbCBpT1MgMTciLAogICJyb290IjogeyJzY3JlZW4oIjogIlNob3AiLCAid2l0aE5hdmlnYXRpb24iOiB0cnVlfSwKICAicGxhdGZvcm0iOiBbImlvczE2IiwgImlvczE3Il0sCiAgInN0YXJ0IjogWwogICAgIi5zaGVldFlDYXJ0LCB3aXRoTmF2aWdhdGlvbjogdHJ1ZSkiLAogICAgIi5wdXNoKENoZWNrb3V0KSIsCiAgICAiLnNoZWV0KC5wYXltZW50KG1ldGhvZDogXCJjYXJkXAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACIpKSIKICBdLAogICJlbmQiOiBbIi5wdXNoKE9yZGVycyl6IiwgIi5wdXNoKC5vcjIzNSkpIl0KfQo=",
                #"in.json:8:36: invalid escape '\\u{0}'"#
            ),
        ] {
            do {
                _ = try Plan.decode(bytes: Self.bytes(base64), file: "in.json")
                Issue.record("accepted")
            } catch {
                expectTerminalSafe(error.description)
                #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }

    /// fuzz-route-import: a notation string with NULs and invalid UTF-8, failing as every format.
    @Test func routeImportErrorOfEveryFormatIsTerminalSafe() {
        let input = Self.bytes(
            "IlsuR0dHR0dHR0dHR0dHR0dHR0dHR1wAAABHR0dwdXP///////////8kAAAAAAAAAP//////////////cnVlfX0sIlNTIix2ZXIoQilTIix2ZXIoQildIg=="
        )
        do {
            _ = try RouteImport.read(bytes: input, file: "routes.json")
            Issue.record("accepted")
        } catch {
            expectTerminalSafe(error.description)
            #expect(error.diagnostics.count >= 1)
        }
    }
}
