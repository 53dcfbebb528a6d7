import CGraphviz
import Foundation

/// The size of a laid-out graph, read from the attributes `gvLayout` and the diagram set.
struct LayoutGeometry {
    /// The drawing's size in points, after `size` scaling and with `pad` on every side.
    var pointSize: (width: Double, height: Double)
    /// The resolution a cairo PNG is rendered at.
    var pngDPI: Double

    /// Reads the bounding box and the attributes that scale it from a laid-out graph.
    init(graph: CGraphBuilder.GraphPointer) {
        func attribute(_ name: String) -> String? {
            let value = CGraphBuilder.withMutableCString(name) { agget(UnsafeMutableRawPointer(graph), $0) }
            guard let value, value.pointee != 0 else { return nil }
            return String(cString: value)
        }
        func numbers(_ text: String?) -> [Double] {
            guard let text else { return [] }
            return text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        }

        let box = numbers(attribute("bb"))
        var width = box.count == 4 ? box[2] - box[0] : 0
        var height = box.count == 4 ? box[3] - box[1] : 0
        let rotate = numbers(attribute("rotate")).first ?? 0
        let landscape = ["true", "yes", "1"].contains(attribute("landscape")?.lowercased() ?? "")
        if rotate == 90 || landscape { swap(&width, &height) }

        // `size` (inches) shrinks a larger drawing to fit; with `!` it also enlarges a smaller one.
        if let sizeText = attribute("size") {
            let size = numbers(sizeText.replacingOccurrences(of: "!", with: "")).map { $0 * 72 }
            if let first = size.first, first > 0, width > 0, height > 0 {
                let limitWidth = first
                let limitHeight = size.count > 1 ? size[1] : first
                let scale = min(limitWidth / width, limitHeight / height)
                if scale < 1 || sizeText.contains("!") {
                    width *= scale
                    height *= scale
                }
            }
        }
        let pad = numbers(attribute("pad"))
        let padX = (pad.first ?? 0.0555) * 72
        let padY = (pad.count > 1 ? pad[1] : pad.first ?? 0.0555) * 72
        pointSize = (width + 2 * padX, height + 2 * padY)
        let dpi = numbers(attribute("dpi")).first ?? numbers(attribute("resolution")).first ?? 0
        pngDPI = dpi > 0 ? dpi : 96
    }

    /// The size in whole pixels at `dpi`.
    func pixelSize(dpi: Double) -> (width: Int, height: Int) {
        (Int((pointSize.width * dpi / 72).rounded(.up)), Int((pointSize.height * dpi / 72).rounded(.up)))
    }
}
