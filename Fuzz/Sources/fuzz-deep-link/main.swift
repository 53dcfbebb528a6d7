// Deep links: a rule's URL pattern and a URL, parsed and matched. Input: PATTERN, a line break, URL.
import FlowModel
import FuzzSupport

func check(_ error: InputError, in text: String) {
    fuzzCheck((0...text.unicodeScalars.count).contains(error.offset), "offset \(error.offset) outside the text")
    let diagnostic = Diagnostic(
        file: "plan.json", position: SourcePosition(offset: error.offset, in: text), message: error.message)
    checkError(FlowGraphError(diagnostics: [diagnostic]), inputSize: text.utf8.count)
}

runFuzzer { bytes in
    guard let text = utf8Text(bytes) else { return }
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let patternText = parts[0]
    let urlText = parts.count > 1 ? parts[1] : parts[0]
    var pattern: URLPattern?
    do throws(InputError) {
        pattern = try URLPattern(patternText)
    } catch {
        check(error, in: patternText)
    }
    let url: DeepLinkURL
    do throws(InputError) {
        url = try DeepLinkURL(urlText)
    } catch {
        check(error, in: urlText)
        return
    }
    for component in url.components {
        fuzzCheck((0...urlText.unicodeScalars.count).contains(component.offset), "component offset outside")
    }
    guard let pattern else { return }
    switch pattern.match(url) {
    case .matched(let captures):
        fuzzCheck(captures.keys.allSatisfy { !$0.isEmpty }, "a capture without a name")
    case .failed(let matchedCount, let reason, let offset):
        fuzzCheck(matchedCount >= 0 && matchedCount <= url.components.count, "matched \(matchedCount) components")
        fuzzCheck((0...urlText.unicodeScalars.count).contains(offset), "failure offset \(offset) outside the URL")
        fuzzCheck(!reason.isEmpty, "a failure without a reason")
    }
}
