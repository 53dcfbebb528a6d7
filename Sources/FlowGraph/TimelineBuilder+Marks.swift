import Graphviz

extension TimelineBuilder {
    /// A moment's box marked as what its transition is in a comparison of two versions, in the map diff's
    /// language: a new transition's border green and thicker, a removed one's dashed grey, a changed one's in
    /// the colour of updates. The transition's first moment (`tagged`) says so in words on its first line.
    func marked(_ label: HTML, _ mark: TransitionMark, of transition: PlanTransition, tagged: Bool) -> HTML {
        guard case .table(var table) = label, let tag = mark.tag(of: transition) else { return label }
        let color: String
        switch mark {
        case .kept: return label
        case .added:
            color = palette.added
            table.attributes["border"] = "2"
        case .removed:
            color = palette.removed
            table.attributes["style"] = "rounded,dashed"
        case .changed:
            color = palette.updated
            table.attributes["border"] = "2"
        }
        table.attributes["color"] = color
        if tagged { table.rows.insert(textRow(tag, size: Typography.small, color: color, bold: true), at: 0) }
        return .table(table)
    }

    /// Which moments of a transition a mark marks, and which one says it in words: every moment and the first,
    /// except in a changed transition, whose moments the base's transition made too (the same stack after, at
    /// the same time, in order) stay plain and the first other one is tagged (the last when there is none).
    static func markedMoments(_ moments: [TimelineMoment], _ mark: TransitionMark, root: Root)
        -> (marked: Set<Int>, tagged: Int)
    {
        guard case .changed(let base) = mark else { return (Set(moments.indices), 0) }
        let before = TimelineMoment.moments(of: base, changes: base.changes, libraryGaveChanges: false, root: root)
        var next = 0
        var marked: Set<Int> = []
        for (position, moment) in moments.enumerated() {
            if let found = before[next...].firstIndex(where: {
                $0.after == moment.after && $0.hundredths == moment.hundredths
            }) {
                next = found + 1
            } else {
                marked.insert(position)
            }
        }
        let tagged = marked.min() ?? max(0, moments.count - 1)
        marked.insert(tagged)
        return (marked, tagged)
    }
}
