extension PlanDecoder {
    /// Decodes `budget`: an object of `maxUpdates` (a whole number ≥ 0) and `maxSeconds` (a number ≥ 0), each
    /// optional; anything else is an error at its key path (`budget.maxUpdates`).
    mutating func budget(_ json: JSONValue) -> PlanBudget? {
        guard let members = json.objectValue else {
            report(
                "expected an object such as {\"maxUpdates\": 3, \"maxSeconds\": 1.0}, not \(json.kindDescription)",
                at: json.position, keyPath: "budget")
            return nil
        }
        checkKeys(members, known: PlanFileKeys.budget.names, keyPath: "budget")
        var budget = PlanBudget()
        if let value = json["maxUpdates"] {
            if let count = value.intValue, count >= 0 {
                budget.maxUpdates = count
                budget.maxUpdatesPosition = value.position
            } else {
                report(
                    "expected a whole number of updates, 0 or more, not \(value.doubleValue.map { "\($0)" } ?? value.kindDescription)",
                    at: value.position, keyPath: "budget.maxUpdates")
            }
        }
        if let value = json["maxSeconds"] {
            if let seconds = value.doubleValue, seconds >= 0, seconds.isFinite {
                budget.maxSeconds = seconds
                budget.maxSecondsPosition = value.position
            } else {
                report(
                    "expected a number of seconds, 0 or more, not \(value.doubleValue.map { "\($0)" } ?? value.kindDescription)",
                    at: value.position, keyPath: "budget.maxSeconds")
            }
        }
        return budget
    }
}
