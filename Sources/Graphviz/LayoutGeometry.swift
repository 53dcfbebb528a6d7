internal import CGraphviz
import Foundation

/// The size of a laid-out graph, read from the attributes `gvLayout` and the diagram set.
struct LayoutGeometry {
    /// The drawing's size in points, with `pad` on every side and after `size` scaling.
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

        // Graphviz pads the bounding box, then scales the padded drawing to fit `size` (inches) when it is
        // larger, or also when it is smaller if `size` ends in `!`.
        let pad = numbers(attribute("pad"))
        width += 2 * (pad.first ?? 0.0555) * 72
        height += 2 * (pad.count > 1 ? pad[1] : pad.first ?? 0.0555) * 72
        if let sizeText = attribute("size") {
            let size = numbers(sizeText.replacingOccurrences(of: "!", with: "")).map { $0 * 72 }
            if let first = size.first, first > 0, width > 0, height > 0 {
                let scale = min(first / width, (size.count > 1 ? size[1] : first) / height)
                if scale < 1 || sizeText.contains("!") {
                    width *= scale
                    height *= scale
                }
            }
        }
        pointSize = (width, height)
        let dpi = numbers(attribute("dpi")).first ?? numbers(attribute("resolution")).first ?? 0
        pngDPI = dpi > 0 ? dpi : 96
    }

    /// The size in whole pixels at `dpi`.
    func pixelSize(dpi: Double) -> (width: Int, height: Int) {
        Self.pixelSize(pointSize, dpi: dpi)
    }

    /// A size in points as whole pixels at `dpi`, rounded up.
    static func pixelSize(_ points: (width: Double, height: Double), dpi: Double) -> (width: Int, height: Int) {
        (Int((points.width * dpi / 72).rounded(.up)), Int((points.height * dpi / 72).rounded(.up)))
    }
}
