// Small plans rendered to SVG, DOT, JSON, HTML, PNG, text and Mermaid through PlanRenderer (Graphviz in-process).
//
// The input is a plan file when it decodes as one; otherwise its bytes become a plan directly (NUL-separated
// parts: the title, then screens whose first byte picks the style), so hostile labels reach every output.
import FlowGraph
import FlowModel
import Foundation
import FoundationXML
import FuzzSupport

/// The most routes a fuzzed plan may hold, so each run stays fast.
let maximumRoutes = 10

func plan(from bytes: [UInt8]) -> Plan? {
    if let plan = try? Plan.decode(bytes: bytes, file: "plan.json") {
        let routes = plan.start.count + ((try? plan.transitions().map(\.to.count).reduce(0, +)) ?? 0)
        return routes <= maximumRoutes ? plan : nil
    }
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(maximumRoutes + 1)
    guard let first = parts.first else { return nil }
    let title = String(decoding: first, as: UTF8.self)
    var routes: [Route] = []
    for part in parts.dropFirst() {
        let style = part.first ?? 0
        let screen = String(decoding: part.dropFirst(), as: UTF8.self)
        switch style % 5 {
        case 0: routes.append(.push(screen))
        case 1: routes.append(.sheet(screen))
        case 2: routes.append(.sheet(screen, withNavigation: true))
        case 3: routes.append(.cover(screen))
        default: routes.append(.cover(screen, withNavigation: true))
        }
    }
    let split = routes.count / 2
    let change: Plan.Change = routes.count % 2 == 0 ? .none : .end(Array(routes[split...]))
    return Plan(
        title: title.isEmpty ? nil : title, root: Root(screen: routes.first?.screen ?? "Home"),
        start: Array(routes[..<split]), change: change)
}

func count(_ needle: String, in text: String) -> Int {
    text.lowercased().components(separatedBy: needle).count - 1
}

runFuzzer { bytes in
    guard let plan = plan(from: bytes) else { return }
    let outputs: [RenderedOutput]
    do throws(RenderError) {
        // The HTML page renders one SVG per step, so only every fourth input (by its first byte) makes one.
        let html: [RenderFormat] = (bytes.first ?? 0) % 4 == 0 ? [.html] : []
        // PNG goes through FlowGraph's own device (cairo's pixels, our encoder); every fourth input again.
        let png: [RenderFormat] = (bytes.first ?? 0) % 4 == 1 ? [.png] : []
        outputs = try PlanRenderer().render(plan, formats: [.svg, .dot, .json, .txt, .mermaid] + html + png)
    } catch {
        // A plan whose actions FlowStacks rejects is an ordinary error; Graphviz must not refuse our graphs.
        if case .plan(let planError) = error {
            checkError(planError, inputSize: bytes.count)
            return
        }
        fuzzCheck(false, "render failed: \(error)")
        return
    }
    for output in outputs {
        let text = String(decoding: output.data, as: UTF8.self)
        switch output.format {
        case .svg:
            let parser = XMLParser(data: output.data)
            parser.shouldResolveExternalEntities = false
            fuzzCheck(parser.parse(), "SVG is not well-formed XML: \(String(describing: parser.parserError))")
        case .json:
            fuzzCheck((try? JSONValue.parse(bytes: Array(output.data))) != nil, "Graphviz JSON does not parse")
        case .html:
            // The frames' data, and the player's script unless the plan changes nothing (a still page).
            let opened = count("<script", in: text)
            fuzzCheck((1...2).contains(opened), "HTML has \(opened) script tags")
            fuzzCheck(count("</script", in: text) == opened, "HTML closes \(count("</script", in: text)) of \(opened) script tags")
        case .png:
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]  // empty IEND + CRC
            fuzzCheck(output.data.starts(with: signature), "PNG without its signature")
            fuzzCheck(output.data.suffix(12).elementsEqual(end), "PNG does not end with IEND")
        case .txt:
            fuzzCheck(isTerminalSafe(text), "text output is not terminal-safe")
        case .mermaid:
            for line in text.split(separator: "\n") where !line.hasPrefix("%%") {
                // Labels carry quotes as #quot;; the YAML title escapes them as \".
                let unescaped = line.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\\"", with: "")
                fuzzCheck(unescaped.filter { $0 == "\"" }.count % 2 == 0, "Mermaid line with unbalanced quotes: \(line)")
                fuzzCheck(isTerminalSafe(String(line)), "Mermaid line is not terminal-safe")
            }
        default:
            break
        }
    }
}
