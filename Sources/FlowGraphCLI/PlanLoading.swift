import FlowModel

/// Reading a plan file for a command, with its deep link resolved.
enum PlanLoading {
    /// The `--url` option shared by the commands that read plans.
    static let url = CommandOption<String>(
        "--url", valueName: "URL",
        help: "A deep link to resolve with the plan's \"deeplink\" rules (default: its \"url\").")

    /// Decodes the plan at `path` (`-` for standard input) and resolves its deep link with `url`, or with
    /// the plan's own `"url"`; a plan with deep-link rules and no URL at all is an error. Inputs beyond
    /// `limits` are refused (``Limits``).
    ///
    /// A plan that names no platform takes the one of the project's `.flowgraph.json` (``ProjectDefaults``).
    /// `origin` says how the file was come by (a batch's plans are found in its folders, ``InputFile/Origin``).
    static func plan(at path: String, url: String?, limits: Limits = .default, origin: InputFile.Origin = .named)
        throws(FlowGraphError) -> Plan
    {
        let bytes = try InputFile.read(path, limit: limits.fileSize, origin: origin)
        var plan = try Plan.decode(bytes: bytes, file: path, limits: limits)
        try ProjectDefaults.find(near: path).apply(to: &plan, bytes: bytes)
        return try resolved(plan, url: url)
    }

    /// The plan with its deep link resolved by `url` or by the plan's own `"url"`.
    static func resolved(_ plan: Plan, url: String?) throws(FlowGraphError) -> Plan {
        if let url {
            return try plan.resolvingDeepLink(url: url)
        }
        if let deepLink = plan.deepLink, deepLink.resolution == nil {
            throw FlowGraphError(
                file: plan.file, keyPath: "deeplink",
                message: "the plan has deep-link rules but no \"url\"; pass --url URL or add \"url\" to \"deeplink\"")
        }
        return plan
    }
}
