import Synchronization

/// How many layouts this process has run, and of how many different drawings, so a test can check that a
/// command lays each drawing out once however many formats, pages and measurements it makes of it.
///
/// Two diagrams that differ only in their ids (``Diagram/namespacingIDs(_:)``) are one drawing: ids take no
/// part in a layout. Counting starts with ``start()``; until then nothing is recorded.
public enum LayoutCount {
    private struct State {
        var layouts = 0
        var drawings: Set<Int> = []
    }

    private static let state = Mutex<State?>(nil)

    /// Starts counting from zero.
    public static func start() {
        state.withLock { $0 = State() }
    }

    /// The layouts run since ``start()`` and the different drawings among them; zeros when not counting.
    public static var current: (layouts: Int, drawings: Int) {
        state.withLock { ($0?.layouts ?? 0, $0?.drawings.count ?? 0) }
    }

    /// Records one layout of `diagram`, when counting.
    static func record(_ diagram: Diagram) {
        state.withLock { state in
            guard state != nil else { return }
            state!.layouts += 1
            state!.drawings.insert(diagram.withoutIDs.hashValue)
        }
    }
}

extension Diagram {
    /// The diagram with every `id` attribute removed: what its layout depends on.
    var withoutIDs: Diagram { mappingElementIDs { _ in nil } }
}
