/// How one list becomes another along their longest common run: each element kept, removed or added, in order.
/// `flowgraph check`'s line changes and `diff`'s changed-plan timelines read the same walk.
enum CommonRun {
    /// One step of the walk: an element both lists have (its index in each), one only the old has, one only the
    /// new has.
    enum Step: Equatable {
        case kept(Int, Int)
        case removed(Int)
        case added(Int)
    }

    /// Past this many pairs the table costs more than it says: every element is then removed and added.
    static let maximumPairs = 4_000_000

    /// The steps from `old` to `new`; where the two orders are as long, `removalsFirst` lists what goes before
    /// what comes.
    static func steps<Element: Equatable>(_ old: [Element], _ new: [Element], removalsFirst: Bool) -> [Step] {
        guard old.count * new.count <= maximumPairs else {
            return old.indices.map { .removed($0) } + new.indices.map { .added($0) }
        }
        // common[i][j]: the longest common run of old[i...] and new[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var steps: [Step] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                steps.append(.kept(i, j))
                (i, j) = (i + 1, j + 1)
            } else if removalsFirst
                ? !(i < old.count && (j == new.count || common[i + 1][j] >= common[i][j + 1]))
                : j < new.count && (i == old.count || common[i][j + 1] >= common[i + 1][j])
            {
                steps.append(.added(j))
                j += 1
            } else {
                steps.append(.removed(i))
                i += 1
            }
        }
        return steps
    }
}
