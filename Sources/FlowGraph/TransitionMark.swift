import FlowModel

/// What a transition of a timeline is in a comparison of two versions of its plan (`flowgraph diff`): kept as
/// it was, new, gone, or kept with other steps. A timeline drawn with marks is the head's, with the base's
/// removed transitions in place, so one column tells the change.
public enum TransitionMark: Hashable, Sendable {
    /// The same action with the same steps in both versions.
    case kept
    /// Only the head has it.
    case added
    /// Only the base has it: drawn where it was, dashed.
    case removed
    /// Both have the action; its steps changed from those of the base's transition `from`. The moments the
    /// base's did too are drawn plain, the others marked.
    case changed(from: PlanTransition)

    /// The words the first marked box of `transition` starts with; `nil` for ``kept``.
    func tag(of transition: PlanTransition) -> String? {
        switch self {
        case .kept: nil
        case .added: "+ new"
        case .removed: "− removed"
        case .changed(let base): "~ changed: " + Self.was(base, now: transition)
        }
    }

    /// What the base's transition did, for the mark of the one that replaced it: `was 1 update, 0 s`, or
    /// `other steps` when it took as many updates and as long (it started from another stack, say).
    private static func was(_ base: PlanTransition, now: PlanTransition) -> String {
        guard base.updates != now.updates || base.estimatedHundredths != now.estimatedHundredths else {
            return "other steps"
        }
        return "was \(counted(base.updates, "update")), "
            + PlanTransition.secondsText(Double(base.estimatedHundredths) / 100)
    }
}

/// How a timeline compares two versions of its plan: the marks of each rule set's transitions, and what the
/// base started and ended with where the head does not.
public struct TimelineComparison: Hashable, Sendable {
    /// One list per rule set: what each of its transitions is (``TimelineDiagram/Row/marks``).
    public var marks: [[TransitionMark]]
    /// A line for the stack before, e.g. what the base started with; `nil` when both start alike.
    public var startNote: String?
    /// A line for the stack after, e.g. what the base ended with; `nil` when both end alike.
    public var endNote: String?
    /// The name of the base, e.g. `HEAD~1`, for the line under the title that says what the marks mean.
    public var baseName: String

    /// Creates a comparison.
    public init(marks: [[TransitionMark]], startNote: String? = nil, endNote: String? = nil, baseName: String) {
        self.marks = marks
        self.startNote = startNote
        self.endNote = endNote
        self.baseName = baseName
    }

    /// The line under the title: what the marks mean.
    var caption: String {
        "changes since \(baseName): + new · − removed · ~ changed"
    }
}
