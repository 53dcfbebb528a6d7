/// Reads route lists from a file or an argument in any ``RouteListFormat``, detected automatically.
///
/// Used by `flowgraph import` and by `--from`/`--to`; plans read their route lists with
/// ``RouteListDecoder`` (JSON only, since a plan is JSON).
public enum RouteImport {
    /// Routes read from an input, with the format they were written in.
    public struct Result: Hashable, Sendable {
        /// The format the input was written in.
        public var format: RouteListFormat
        /// The routes, first (bottom of the stack) first.
        public var routes: [PlanRoute]
    }

    /// Reads a whole file (or argument) holding one route list: JSON in any format, or notation text.
    ///
    /// JSON is read as the format its first element shows (``RouteListFormat/detect(_:)``). When the text
    /// fits no format, the error's first line says so and each further line says where one format failed.
    public static func read(_ text: String, file: String?, limits: Limits = .default) throws(FlowGraphError) -> Result {
        try read(bytes: Array(text.utf8), file: file, limits: limits)
    }

    /// Reads route-list UTF-8 bytes; read as the text overload reads. Lists longer than ``Limits/routes`` and
    /// screen names longer than ``Limits/label`` are errors.
    public static func read(bytes: [UInt8], file: String?, limits: Limits = .default) throws(FlowGraphError)
        -> Result
    {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes: bytes)
        } catch let syntaxError {
            let text = String(decoding: bytes, as: UTF8.self)
            if !looksLikeJSON(text) {
                let routes: [PlanRoute]
                do {
                    routes = try RouteNotation.parseList(text)
                } catch {
                    throw noFormat(
                        file: file,
                        [
                            Diagnostic(
                                file: file, position: syntaxError.position,
                                message: "as JSON (typed routes, FlowPath codable or notation strings): "
                                    + syntaxError.message),
                            error.diagnostic(in: text, file: file).prefixed("as route notation text: "),
                        ])
                }
                try check(routes, limits: limits, file: file)
                return Result(format: .notation, routes: routes)
            }
            throw FlowGraphError(diagnostics: [syntaxError.diagnostic(file: file)])
        }
        return try read(json, file: file, limits: limits)
    }

    /// Reads a parsed JSON route list in whichever format it is written.
    public static func read(_ json: JSONValue, file: String?, limits: Limits = .default) throws(FlowGraphError)
        -> Result
    {
        if let format = RouteListFormat.detect(json) {
            var decoder = RouteListDecoder(file: file)
            decoder.limits = limits
            if let routes = decoder.routes(json, as: format, keyPath: ""), decoder.diagnostics.isEmpty {
                return Result(format: format, routes: routes)
            }
            var diagnostics = decoder.diagnostics
            diagnostics[0] = diagnostics[0].prefixed("as \(format.displayName): ")
            throw FlowGraphError(diagnostics: diagnostics)
        }
        var attempts: [Diagnostic] = []
        for format in RouteListFormat.allCases {
            var decoder = RouteListDecoder(file: file)
            decoder.limits = limits
            _ = decoder.routes(json, as: format, keyPath: "")
            if let first = decoder.diagnostics.first {
                attempts.append(first.prefixed("as \(format.displayName): "))
            }
        }
        throw noFormat(file: file, attempts)
    }

    /// Reads a route list given on the command line: notation (`[.push(A), .sheet(B)]`) or JSON in any format.
    ///
    /// Text whose first character is `[` followed by `{`, `"` or `]` is JSON; anything else is notation.
    /// `source` names the argument in errors (`--from`).
    public static func argument(_ text: String, source: String, limits: Limits = .default) throws(FlowGraphError)
        -> [PlanRoute]
    {
        if looksLikeJSON(text) {
            return try read(text, file: source, limits: limits).routes
        }
        let routes: [PlanRoute]
        do {
            routes = try RouteNotation.parseList(text)
        } catch {
            throw FlowGraphError(diagnostics: [error.diagnostic(in: text, file: source)])
        }
        try check(routes, limits: limits, file: source)
        return routes
    }

    /// Refuses routes read from notation text beyond ``Limits/routes`` or ``Limits/label``.
    static func check(_ routes: [PlanRoute], limits: Limits, file: String?) throws(FlowGraphError) {
        if routes.count > limits.routes {
            throw FlowGraphError(
                file: file,
                message: "more than \(limits.routes) routes in one list (\(routes.count)) " + limits.exceeded(.routes))
        }
        for (index, route) in routes.enumerated() {
            if let problem = limits.labelProblem(route.screen) {
                throw FlowGraphError(file: file, message: "route \(index + 1): " + problem)
            }
        }
    }

    /// Whether text starts (after whitespace) with `{`, or `[` followed by `{`, `"` or `]`.
    static func looksLikeJSON(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.lazy.filter { !$0.properties.isWhitespace }.makeIterator()
        switch scalars.next() {
        case "{": return true
        case "[":
            guard let next = scalars.next() else { return false }
            return next == "{" || next == "\"" || next == "]"
        default: return false
        }
    }

    private static func noFormat(file: String?, _ attempts: [Diagnostic]) -> FlowGraphError {
        let formats = RouteListFormat.allCases.map(\.displayName).joined(separator: "; ")
        let summary = Diagnostic(
            file: file, message: "not a route list in any format FlowGraph reads (tried \(formats)); where each failed:"
        )
        return FlowGraphError(diagnostics: [summary] + attempts)
    }
}

extension Diagnostic {
    /// The diagnostic with text put before its message.
    func prefixed(_ prefix: String) -> Diagnostic {
        var copy = self
        copy.message = prefix + copy.message
        return copy
    }
}
