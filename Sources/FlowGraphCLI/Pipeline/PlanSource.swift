import FlowModel
import FlowSource

/// Where a command's plan comes from, and the one way every command reads one.
///
/// ``load(url:limits:warn:)`` reads the input once, decodes it once, gives it the project's default platform
/// (``ProjectDefaults``, read once per process) and resolves its deep link once — by `--url` when given, else by
/// the plan's own `"url"`; a plan with deep-link rules and no URL at all is an error. `render`, `--watch`, the
/// batch worker, `steps` and `check` all load through it.
enum PlanSource: Sendable {
    /// A plan file (`-`: standard input); `origin` says how it was come by (``InputFile/Origin``).
    case file(String, origin: InputFile.Origin = .named)
    /// The plan `flowgraph scan` finds in a function of a Swift file (`render File.swift --function NAME`).
    case swiftFunction(file: String, function: String?)
    /// The routes before and after one change, as `steps --from LIST --to LIST` gives them.
    case routes(from: String?, to: String?)
    /// A plan `flowgraph scan` found (`diff` and `docc` read them); a deep-link handler without a URL plays
    /// its first rule's example URL (``FlowModel/Plan/resolvingExampleDeepLink()``).
    case scanned(ScannedPlan)

    /// The `--url` option of the commands that read plans.
    static let url = CommandOption<String>(
        "--url", valueName: "URL",
        help: "A deep link to resolve with the plan's \"deeplink\" rules (default: its \"url\").")

    /// The file the plan is read from (`-`: standard input); `nil` for `--from`/`--to` routes.
    var path: String? {
        switch self {
        case .file(let path, _): path
        case .swiftFunction(let path, _): path
        case .routes: nil
        case .scanned(let scanned): scanned.location.file
        }
    }

    /// The source a path names: a Swift file's function, or a plan file.
    static func named(_ path: String, function: String?, origin: InputFile.Origin = .named) -> PlanSource {
        path.hasSuffix(".swift") ? .swiftFunction(file: path, function: function) : .file(path, origin: origin)
    }

    /// Reads and decodes the plan, within `limits`; neighbours a Swift file's scan leaves out are passed to `warn`.
    /// A Swift file's scan takes what `reuse` holds (``ScanReuse``).
    func load(
        url: String?, limits: Limits, reuse: ScanReuse = .nothing, warn: (Diagnostic) -> Void = { _ in }
    ) throws -> Plan {
        var plan: Plan
        switch self {
        case .file(let path, let origin):
            return try Self.planFile(path, origin: origin, url: url, limits: limits)
        case .swiftFunction(let path, let function):
            plan = try Self.scannedPlan(
                at: path, function: function, limits: limits, url: url, reuse: reuse, warn: warn)
        case .routes(let from, let to):
            guard url == nil else {
                throw ArgumentParser.usageError("--url needs PLAN.json, whose \"deeplink\" rules resolve it")
            }
            plan = try Self.routesPlan(from: from, to: to, limits: limits)
        case .scanned(let scanned):
            plan = try Plan.decode(scanned.plan, file: scanned.location.description, limits: limits, url: url)
            if let example = try plan.resolvingExampleDeepLink() { plan = example.plan }
        }
        try Self.refuseUnresolvedDeepLink(plan)
        return plan
    }

    /// The plan in a plan file, as ``load(url:limits:warn:)`` reads `.file(path, origin:)`; its errors are all
    /// the file's (exit status 1).
    static func planFile(_ path: String, origin: InputFile.Origin, url: String?, limits: Limits)
        throws(FlowGraphError) -> Plan
    {
        let bytes = try InputFile.read(path, limit: limits.fileSize, origin: origin)
        var plan = try Plan.decode(bytes: bytes, file: path, limits: limits, url: url)
        try ProjectDefaults.find(near: path).apply(to: &plan)
        try refuseUnresolvedDeepLink(plan)
        return plan
    }

    /// A plan with deep-link rules and no URL to resolve them has nothing to play.
    private static func refuseUnresolvedDeepLink(_ plan: Plan) throws(FlowGraphError) {
        guard let deepLink = plan.deepLink, deepLink.resolution == nil else { return }
        throw FlowGraphError(
            file: plan.file, keyPath: "deeplink",
            message: "the plan has deep-link rules but no \"url\"; pass --url URL or add \"url\" to \"deeplink\"")
    }

    /// The plan of one change from `--from` and `--to` route lists; each problem is located at its option.
    private static func routesPlan(from: String?, to: String?, limits: Limits) throws -> Plan {
        guard from != nil || to != nil else {
            throw ArgumentParser.usageError("missing PLAN.json, or --from LIST and --to LIST")
        }
        var diagnostics: [Diagnostic] = []
        func routes(_ text: String?, option: String) -> [PlanRoute] {
            guard let text else { return [] }
            do {
                return try routeList(text, option: option, limits: limits)
            } catch {
                diagnostics += error.diagnostics
                return []
            }
        }
        let start = routes(from, option: "--from")
        let end = routes(to, option: "--to")
        guard diagnostics.isEmpty else { throw FlowGraphError(diagnostics: diagnostics) }
        var plan = Plan(start: start, change: .end(end))
        plan.limits = limits
        return plan
    }

    /// A `--from`/`--to` route list: notation or JSON in any format (``RouteImport/argument(_:source:)``),
    /// or `@FILE` to read the list from a file.
    static func routeList(_ text: String, option: String, limits: Limits = .default) throws(FlowGraphError)
        -> [PlanRoute]
    {
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            return try RouteImport.read(bytes: InputFile.read(path, limit: limits.fileSize), file: path, limits: limits)
                .routes
        }
        return try RouteImport.argument(text, source: option, limits: limits)
    }
}
