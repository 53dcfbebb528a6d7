// Plan files: JSON decoded into a Plan, then every rule set's transitions (actions applied to a FlowStack).
import FlowModel
import FuzzSupport

runFuzzer { bytes in
    let plan: Plan
    do throws(FlowGraphError) {
        plan = try Plan.decode(bytes: bytes, file: "plan.json")
    } catch {
        checkError(error, inputSize: bytes.count)
        return
    }
    checkNotationRoundTrip(plan.start)
    fuzzCheck(!plan.ruleSets.isEmpty, "a plan without rule sets")
    for rules in plan.ruleSets {
        do throws(FlowGraphError) {
            let transitions = try plan.transitions(rules: rules)
            for transition in transitions {
                fuzzCheck(transition.steps.last == transition.to, "the last step is not the target")
            }
        } catch {
            checkError(error, inputSize: bytes.count)
        }
    }
}
