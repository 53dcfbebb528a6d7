import FlowModel

extension DiffReport {
    /// The report as `--json` prints it: `{"summary", "screens": {"added", "removed"}, "stacks": {"added",
    /// "removed", "renamed": [{"was","now","file","line"}]},
    /// "edges": {"added": [{"from","to","style","file","line"}], "removed", "restyled": [{"from","to","was",
    /// "now",…}]}, "backs": {"added": [{"on","style","to","call","file","line"}], "removed"}, "problems": {"new", "fixed"}, "plans": [{"name","ruleSet","changed","was","now"}],
    /// "budgets": [{"plan","key","message","new"}]}`. A screen, call or back that several stacks hold is listed
    /// once (a screen's `"stack"` names each: `"Home, Search"`).
    var json: JSONValue {
        func object(_ members: [(String, JSONValue)]) -> JSONValue {
            JSONValue(.object(members.map { JSONMember(key: $0.0, value: $0.1) }))
        }
        func place(_ location: NavigationMap.Location) -> [(String, JSONValue)] {
            [("file", .string(location.file)), ("line", .number(location.line))]
        }
        func screens(_ list: [NavigationMapDiff.ScreenChange]) -> JSONValue {
            .array(
                list.map { object([("name", .string($0.name)), ("stack", .string($0.stack))] + place($0.location)) })
        }
        func edges(_ list: [NavigationMapDiff.EdgeChange]) -> JSONValue {
            .array(
                list.map {
                    object(
                        [("from", .string($0.from)), ("to", .string($0.to)), ("style", .string($0.style))]
                            + place($0.location))
                })
        }
        func backs(_ list: [NavigationMapDiff.EdgeChange]) -> JSONValue {
            .array(
                list.map {
                    object(
                        [("on", .string($0.from)), ("style", .string($0.style))]
                            + ($0.to.isEmpty ? [] : [("to", .string($0.to))]) + [("call", .string($0.call))]
                            + place($0.location))
                })
        }
        func problems(_ list: [NavigationMap.Problem]) -> JSONValue {
            .array(list.map { object([("message", .string($0.message))] + place($0.location)) })
        }
        let map = self.map ?? NavigationMapDiff(base: NavigationMap(), head: NavigationMap())
        let restyled = JSONValue.array(
            map.restyledEdgesOnce.map {
                object(
                    [
                        ("from", .string($0.from)), ("to", .string($0.to)), ("was", .string($0.was)),
                        ("now", .string($0.now)),
                    ]
                        + place($0.location))
            })
        return object([
            ("summary", .string(summary)),
            (
                "stacks",
                object([
                    ("added", screens(map.addedStacks)), ("removed", screens(map.removedStacks)),
                    (
                        "renamed",
                        .array(
                            map.renamedStacks.map {
                                object([("was", .string($0.was)), ("now", .string($0.now))] + place($0.location))
                            })
                    ),
                ])
            ),
            (
                "screens",
                object([("added", screens(map.addedScreensOnce)), ("removed", screens(map.removedScreensOnce))])
            ),
            (
                "edges",
                object([
                    ("added", edges(map.addedEdgesOnce)), ("removed", edges(map.removedEdgesOnce)),
                    ("restyled", restyled),
                ])
            ),
            ("backs", object([("added", backs(map.addedBacksOnce)), ("removed", backs(map.removedBacksOnce))])),
            ("problems", object([("new", problems(map.newProblems)), ("fixed", problems(map.fixedProblems))])),
            ("plans", .array(plans.flatMap(Self.planJSON))),
            (
                "budgets",
                .array(
                    overBudget.flatMap { plan in
                        plan.overruns.map {
                            object([
                                ("plan", .string(plan.name)), ("key", .string($0.keyPath ?? "budget")),
                                ("message", .string($0.message)), ("new", .bool(plan.isNew)),
                            ])
                        }
                    })
            ),
        ])
    }

    /// One entry per rule set of a plan that plays on both sides; one for a plan added, removed or failing.
    private static func planJSON(_ plan: PlanChange) -> [JSONValue] {
        func object(_ members: [(String, JSONValue?)]) -> JSONValue {
            JSONValue(.object(members.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } }))
        }
        func figures(_ figures: PlanRunDiff.Figures?) -> JSONValue {
            guard let figures else { return JSONValue(.null) }
            return object([
                ("updates", .number(figures.updates)), ("seconds", .number(figures.seconds)),
                ("end", .array(figures.end.map(JSONValue.string))),
            ])
        }
        switch plan.kind {
        case .played(let diff):
            return diff.ruleSets.map { ruleSet in
                object([
                    ("name", .string(plan.name)), ("ruleSet", .string(ruleSet.ruleSet)),
                    ("changed", .bool(ruleSet.changed || diff.startChanged)),
                    ("was", figures(ruleSet.was)), ("now", figures(ruleSet.now)),
                    (
                        "start",
                        diff.startChanged
                            ? object([
                                ("was", .array(diff.startWas.map(JSONValue.string))),
                                ("now", .array(diff.startNow.map(JSONValue.string))),
                            ]) : nil
                    ),
                    ("rulesAgree", object([("was", .bool(diff.agreedBefore)), ("now", .bool(diff.agreeNow))])),
                ])
            }
        case .added, .removed, .nowFails, .nowPlays, .stillFails:
            return [
                object([
                    ("name", .string(plan.name)), ("changed", .bool(plan.isChange)),
                    ("status", .string(plan.lines.first ?? "")),
                ])
            ]
        }
    }
}
