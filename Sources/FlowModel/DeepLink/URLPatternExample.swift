extension URLPattern {
    /// A URL the pattern matches, for documentation: each capture filled with a value of its kind (`1`, `2`…
    /// for `{n:int}`, the capture's name for `{name}`), a repeating capture with three, e.g.
    /// `flowstacksapp://numbers/{n:int}...` → `flowstacksapp://numbers/1/2/3`.
    public var exampleURL: String {
        var number = 0
        func next() -> String {
            number += 1
            return String(number)
        }
        let components = parts.flatMap { part -> [String] in
            switch part {
            case .literal(let text): [text]
            case .capture(let name, let integer): [integer ? next() : name]
            case .rest(let name, let integer): (1...3).map { integer ? next() : "\(name)\($0)" }
            }
        }
        guard components.count >= 2 else { return text }
        return ([components[0] + "://" + components[1]] + components.dropFirst(2)).joined(separator: "/")
    }
}

extension Plan {
    /// A plan with deep-link rules but no URL resolved for an example URL of its first rule (``URLPattern/exampleURL``),
    /// with that URL; `nil` when the plan has no rules or already has its URL. How a scanned deep-link handler is
    /// drawn and compared.
    public func resolvingExampleDeepLink() throws(FlowGraphError) -> (plan: Plan, url: String)? {
        guard let deepLink, deepLink.url == nil, let rule = deepLink.rules.first else { return nil }
        let url = rule.pattern.exampleURL
        return (try resolvingDeepLink(url: url), url)
    }
}
