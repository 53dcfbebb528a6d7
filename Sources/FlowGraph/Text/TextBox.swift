/// Boxes drawn with box-drawing characters, one border style per kind of presentation layer.
struct TextBox {
    /// A border style.
    struct Border {
        let topLeft: Character
        let topRight: Character
        let bottomLeft: Character
        let bottomRight: Character
        let horizontal: Character
        let vertical: Character
        let dividerLeft: Character
        let dividerRight: Character

        /// `┌─┐ │ └─┘`: the root's layer.
        static let plain = Border(
            topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│",
            dividerLeft: "├", dividerRight: "┤")
        /// `╭─╮ │ ╰─╯`: a sheet's layer.
        static let rounded = Border(
            topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│",
            dividerLeft: "├", dividerRight: "┤")
        /// `╔═╗ ║ ╚═╝`: a full-screen cover's layer.
        static let double = Border(
            topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║",
            dividerLeft: "╟", dividerRight: "╢")

        /// The border for a layer shown in `style` (`nil` for the root's layer).
        static func forLayer(_ style: PlanRouteStyle?) -> Border {
            switch style {
            case .none, .push: .plain
            case .sheet: .rounded
            case .cover: .double
            }
        }
    }

    /// A top border with a title: `┌─ title ───┐`, `inner` columns between the corners' padding.
    static func top(_ border: Border, title: String?, inner: Int) -> String {
        rule(left: border.topLeft, right: border.topRight, fill: border.horizontal, title: title, inner: inner)
    }

    /// A bottom border.
    static func bottom(_ border: Border, inner: Int) -> String {
        rule(left: border.bottomLeft, right: border.bottomRight, fill: border.horizontal, title: nil, inner: inner)
    }

    /// A divider inside a box, with a title: `├─ title ───┤`.
    static func divider(_ border: Border, title: String?, inner: Int) -> String {
        rule(left: border.dividerLeft, right: border.dividerRight, fill: "─", title: title, inner: inner)
    }

    /// A content line: `│ text │`, text padded or cut to `inner` columns.
    static func line(_ border: Border, _ text: String, inner: Int) -> String {
        let fitted = MonospaceText.padded(MonospaceText.truncated(text, to: inner), to: inner)
        return "\(border.vertical) \(fitted) \(border.vertical)"
    }

    private static func rule(left: Character, right: Character, fill: Character, title: String?, inner: Int) -> String {
        let span = inner + 2
        var middle = ""
        if let title, span > 4 {
            middle = String(fill) + " " + MonospaceText.truncated(title, to: span - 4) + " "
        }
        middle += String(repeating: fill, count: max(0, span - MonospaceText.width(middle)))
        return String(left) + middle + String(right)
    }
}
