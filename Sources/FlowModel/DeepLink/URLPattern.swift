/// The URL pattern of a deep-link rule, e.g. `flowstacksapp://numbers/{n:int}...`.
///
/// Components are matched in order: scheme, host, then path components. A component is literal text
/// (scheme and host compare ignoring case), a capture `{name}` of any one component, `{name:int}` of a
/// whole number, or — last only — a repeating capture `{name}...` / `{name:int}...` of all the remaining
/// path components, possibly none.
public struct URLPattern: Hashable, Sendable {
    /// One component of a pattern.
    public enum Part: Hashable, Sendable {
        /// Literal text.
        case literal(String)
        /// A capture of one component; `integer` requires a whole number.
        case capture(String, integer: Bool)
        /// A capture of every remaining component; `integer` requires whole numbers.
        case rest(String, integer: Bool)
    }

    /// The pattern as written.
    public var text: String
    /// Scheme, host, then path parts.
    public var parts: [Part]
    /// The offset of each part in ``text``.
    var offsets: [Int]

    /// Parses a pattern.
    public init(_ text: String) throws(InputError) {
        self.text = text
        let url = try DeepLinkURL(text)
        var parts: [Part] = []
        for (index, component) in url.components.enumerated() {
            let part = try URLPattern.part(component.text, offset: component.offset)
            if case .rest = part {
                guard index == url.components.count - 1, index >= 2 else {
                    throw InputError(
                        offset: component.offset,
                        message: index < 2
                            ? "a repeating capture '…...' matches path components only, not the scheme or host"
                            : "a repeating capture '{…}...' must be the pattern's last component")
                }
            }
            parts.append(part)
        }
        self.parts = parts
        self.offsets = url.components.map(\.offset)
        var names: Set<String> = []
        for (part, offset) in zip(parts, offsets) {
            if let name = part.captureName, !names.insert(name).inserted {
                throw InputError(
                    offset: offset, message: "capture {\(name)} appears twice; give each capture its own name")
            }
        }
    }

    private static func part(_ text: String, offset: Int) throws(InputError) -> Part {
        guard text.hasPrefix("{") else {
            if text.contains("{") || text.contains("}") {
                throw InputError(
                    offset: offset,
                    message: "a capture must be a whole component, as in /{n} or /{n:int}...; found '\(text)'")
            }
            return .literal(text)
        }
        let repeating = text.hasSuffix("}...")
        guard text.hasSuffix("}") || repeating else {
            throw InputError(
                offset: offset, message: "unclosed capture '\(text)'; write {name}, {name:int} or {name}...")
        }
        let inner = text.dropFirst().dropLast(repeating ? 4 : 1)
        let pieces = inner.split(separator: ":", omittingEmptySubsequences: false)
        let name = String(pieces[0])
        guard let first = name.unicodeScalars.first, NotationScanner.isIdentifierStart(first),
            name.unicodeScalars.allSatisfy(NotationScanner.isIdentifierContinuation)
        else {
            throw InputError(
                offset: offset + 1, message: "capture name '\(name)' must be an identifier such as n or userID")
        }
        var integer = false
        if pieces.count > 1 {
            guard pieces.count == 2, pieces[1] == "int" else {
                throw InputError(
                    offset: offset + 1 + name.unicodeScalars.count,
                    message: "unknown capture type '\(pieces.dropFirst().joined(separator: ":"))'; the only type is int"
                )
            }
            integer = true
        }
        return repeating ? .rest(name, integer: integer) : .capture(name, integer: integer)
    }

    /// The names this pattern captures, in order.
    public var captureNames: [String] { parts.compactMap(\.captureName) }

    /// The name of the repeating capture, if any.
    public var repeatingCapture: String? {
        if case .rest(let name, _) = parts.last { return name }
        return nil
    }

    /// The result of matching a URL against a pattern.
    public enum Match: Hashable, Sendable {
        /// The URL matches, with the text each capture took (several for a repeating capture).
        case matched([String: [String]])
        /// The URL does not match: how many components matched first, and why the next did not.
        case failed(matchedCount: Int, reason: String, offset: Int)
    }

    /// Matches a URL against this pattern.
    public func match(_ url: DeepLinkURL) -> Match {
        var captures: [String: [String]] = [:]
        let components = url.components
        for (index, part) in parts.enumerated() {
            let place = URLPattern.placeName(index)
            if case .rest(let name, let integer) = part {
                let rest = components.dropFirst(index)
                if integer, let bad = rest.firstIndex(where: { Int($0.text) == nil }) {
                    return .failed(
                        matchedCount: bad,
                        reason:
                            "path component '\(components[bad].text)' is not a whole number, as {\(name):int}... requires",
                        offset: components[bad].offset)
                }
                captures[name] = rest.map(\.text)
                return .matched(captures)
            }
            guard index < components.count else {
                let after = components.last.map { " after '\($0.text)'" } ?? ""
                return .failed(
                    matchedCount: index,
                    reason: "the URL ends\(after), but the rule expects a \(place) \(part.description)",
                    offset: url.text.unicodeScalars.count)
            }
            let component = components[index]
            switch part {
            case .literal(let literal):
                let equal = index < 2 ? literal.lowercased() == component.text.lowercased() : literal == component.text
                guard equal else {
                    return .failed(
                        matchedCount: index, reason: "\(place) '\(component.text)' is not '\(literal)'",
                        offset: component.offset)
                }
            case .capture(let name, let integer):
                guard !integer || Int(component.text) != nil else {
                    return .failed(
                        matchedCount: index,
                        reason: "\(place) '\(component.text)' is not a whole number, as {\(name):int} requires",
                        offset: component.offset)
                }
                captures[name] = [component.text]
            case .rest:
                break
            }
        }
        if components.count > parts.count {
            let extra = components[parts.count]
            return .failed(
                matchedCount: parts.count,
                reason: "extra path component '\(extra.text)': the rule ends after '\(parts.last?.description ?? "")'",
                offset: extra.offset)
        }
        return .matched(captures)
    }

    private static func placeName(_ index: Int) -> String {
        switch index {
        case 0: "scheme"
        case 1: "host"
        default: "path component"
        }
    }
}

extension URLPattern.Part: CustomStringConvertible {
    /// The part as written in a pattern.
    public var description: String {
        switch self {
        case .literal(let text): text
        case .capture(let name, let integer): "{\(name)\(integer ? ":int" : "")}"
        case .rest(let name, let integer): "{\(name)\(integer ? ":int" : "")}..."
        }
    }

    var captureName: String? {
        switch self {
        case .literal: nil
        case .capture(let name, _), .rest(let name, _): name
        }
    }
}
