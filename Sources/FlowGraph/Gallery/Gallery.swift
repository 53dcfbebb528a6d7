/// An index of rendered diagrams: a self-contained HTML page and a Markdown file with the same content.
///
/// `flowgraph render DIR -o OUT` writes both into `OUT` (`index.html`, `README.md`), so a folder of
/// diagrams reads well offline in a browser and on a code host. Every path in an entry is relative to
/// that folder; images are referenced, not embedded. All user text is escaped, and the output depends
/// only on the entries (no dates), so a committed gallery can be checked for staleness byte for byte.
///
/// ```swift
/// let gallery = Gallery(title: "Samples", entries: [
///     GalleryEntry(title: "Deep link", planFile: "Samples/deeplink.json", planLink: "../Samples/deeplink.json",
///                  outputs: ["deeplink.svg", "deeplink.png"], summary: GalleryEntry.summary(of: plan)),
/// ])
/// try gallery.html().write(to: URL(fileURLWithPath: "Output/index.html"), atomically: true, encoding: .utf8)
/// ```
public struct Gallery: Hashable, Sendable {
    /// The file name of the HTML page.
    public static let htmlFileName = "index.html"
    /// The file name of the Markdown page.
    public static let markdownFileName = "README.md"

    /// The page's heading, e.g. the folder the plans came from.
    public var title: String
    /// The diagrams, in the order shown.
    public var entries: [GalleryEntry]

    /// Creates a gallery.
    public init(title: String, entries: [GalleryEntry]) {
        self.title = title
        self.entries = entries
    }

    private var countLine: String {
        let failed = entries.filter { $0.error != nil }.count
        var line = "\(entries.count - failed) diagram\(entries.count - failed == 1 ? "" : "s")"
        if failed > 0 { line += ", \(failed) plan\(failed == 1 ? "" : "s") that could not be rendered" }
        return line + ", drawn by FlowGraph (flowgraph render)."
    }

    /// The HTML page: inline CSS, no scripts, light and dark colours following the system setting.
    public func html() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(Self.htmlMarkLine)
            <title>\(GalleryMarkup.html(GalleryMarkup.oneLine(title)))</title>
            <style>
            :root { color-scheme: light dark; --bg: #f6f7f9; --card: #ffffff; --text: #1d2430; --muted: #5b6573;
              --line: #d9dee5; --link: #0b5cad; --bad: #b3261e; }
            @media (prefers-color-scheme: dark) { :root { --bg: #15181d; --card: #1f242b; --text: #e6e9ee;
              --muted: #9aa4b1; --line: #343b45; --link: #7db4ff; --bad: #ff8a80; } }
            * { box-sizing: border-box; }
            body { margin: 0; padding: 24px; background: var(--bg); color: var(--text);
              font: 15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; }
            header { max-width: 1200px; margin: 0 auto 20px; }
            h1 { margin: 0 0 4px; font-size: 24px; }
            .muted { color: var(--muted); }
            nav ol { margin: 8px 0 0; padding-left: 22px; columns: 2; }
            main { max-width: 1200px; margin: 0 auto; display: grid; gap: 20px; }
            article { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; }
            article h2 { margin: 0 0 6px; font-size: 18px; }
            .picture { display: block; margin: 12px 0; overflow: auto; background: #ffffff; border-radius: 6px;
              border: 1px solid var(--line); }
            @media (prefers-color-scheme: dark) { .picture.themed { background: #0d1117; } }
            .picture img { display: block; max-width: 100%; height: auto; margin: 0 auto; }
            ul.summary { margin: 8px 0; padding-left: 20px; }
            code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
            a { color: var(--link); }
            .error { color: var(--bad); font-weight: 600; }
            .files a { margin-right: 10px; }
            </style>
            </head>
            <body>
            <header>
            <h1>\(GalleryMarkup.html(GalleryMarkup.oneLine(title)))</h1>
            <p class="muted">\(GalleryMarkup.html(countLine))</p>

            """
        if entries.count > 1 {
            html += "<nav><ol>\n"
            for (index, entry) in entries.enumerated() {
                html +=
                    "<li><a href=\"#plan-\(index + 1)\">\(GalleryMarkup.html(GalleryMarkup.oneLine(entry.title)))</a></li>\n"
            }
            html += "</ol></nav>\n"
        }
        html += "</header>\n<main>\n"
        for (index, entry) in entries.enumerated() {
            html += article(entry, number: index + 1)
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    private func article(_ entry: GalleryEntry, number: Int) -> String {
        let title = GalleryMarkup.html(GalleryMarkup.oneLine(entry.title))
        var html = "<article id=\"plan-\(number)\">\n<h2>\(title)</h2>\n"
        let file = "<code>\(GalleryMarkup.html(GalleryMarkup.oneLine(entry.planFile)))</code>"
        if let link = entry.planLink {
            html +=
                "<p class=\"muted\">\(GalleryMarkup.html(entry.fileLabel)): <a href=\"\(GalleryMarkup.html(GalleryMarkup.url(link)))\">\(file)</a></p>\n"
        } else {
            html += "<p class=\"muted\">\(GalleryMarkup.html(entry.fileLabel)): \(file)</p>\n"
        }
        if let error = entry.error {
            html += "<p class=\"error\">Not rendered: \(GalleryMarkup.html(GalleryMarkup.oneLine(error)))</p>\n"
        }
        if let image = entry.image {
            let url = GalleryMarkup.html(GalleryMarkup.url(image))
            let themed = entry.darkImage == nil ? "" : " themed"
            html += "<a class=\"picture\(themed)\" href=\"\(url)\">" + picture(entry, alt: title) + "</a>\n"
        }
        if !entry.summary.isEmpty {
            html += "<ul class=\"summary\">\n"
            for line in entry.summary {
                html += "<li>\(GalleryMarkup.html(GalleryMarkup.oneLine(line)))</li>\n"
            }
            html += "</ul>\n"
        }
        if !entry.outputs.isEmpty {
            html += "<p class=\"files muted\">Files: "
            html += entry.outputs.map { output in
                "<a href=\"\(GalleryMarkup.html(GalleryMarkup.url(output)))\">\(GalleryMarkup.html(output))</a>"
            }.joined(separator: " ")
            html += "</p>\n"
        }
        return html + "</article>\n"
    }

    /// The entry's image as HTML: an `<img>`, or a `<picture>` whose dark source the reader's
    /// `prefers-color-scheme: dark` picks.
    private func picture(_ entry: GalleryEntry, alt: String) -> String {
        guard let image = entry.image else { return "" }
        let img = "<img src=\"\(GalleryMarkup.html(GalleryMarkup.url(image)))\" alt=\"\(alt)\" loading=\"lazy\">"
        guard let dark = entry.darkImage else { return img }
        let source =
            "<source media=\"(prefers-color-scheme: dark)\" srcset=\"\(GalleryMarkup.html(GalleryMarkup.url(dark)))\">"
        return "<picture>" + source + img + "</picture>"
    }

    /// The Markdown page: the same content, images as relative links, for a code host's folder view.
    public func markdown() -> String {
        var lines = [
            Self.markdownMarkLine, "", "# \(GalleryMarkup.markdown(title))", "", GalleryMarkup.markdown(countLine), "",
        ]
        for entry in entries {
            lines.append("## \(GalleryMarkup.markdown(entry.title))")
            lines.append("")
            let file = GalleryMarkup.markdownCode(entry.planFile)
            if let link = entry.planLink {
                lines.append("\(entry.fileLabel): [\(file)](\(GalleryMarkup.url(link)))")
            } else {
                lines.append("\(entry.fileLabel): \(file)")
            }
            lines.append("")
            if let error = entry.error {
                lines.append("**Not rendered:** \(GalleryMarkup.markdown(error))")
                lines.append("")
            }
            if let image = entry.image {
                // A code host shows `<picture>` in Markdown: the dark drawing when the reader prefers dark.
                lines.append(
                    entry.darkImage == nil
                        ? "![\(GalleryMarkup.markdown(entry.title))](\(GalleryMarkup.url(image)))"
                        : picture(entry, alt: GalleryMarkup.html(GalleryMarkup.oneLine(entry.title))))
                lines.append("")
            } else if let mermaid = entry.mermaid, !mermaid.contains("```") {
                // No picture, but a Mermaid chart: drawn in place by GitHub and GitLab.
                lines += ["```mermaid", mermaid.trimmingCharacters(in: .newlines), "```", ""]
            }
            if !entry.summary.isEmpty {
                lines += entry.summary.map { "- " + GalleryMarkup.markdown($0) }
                lines.append("")
            }
            if !entry.outputs.isEmpty {
                lines.append(
                    "Files: "
                        + entry.outputs.map { "[\(GalleryMarkup.markdown($0))](\(GalleryMarkup.url($0)))" }
                        .joined(separator: " · "))
                lines.append("")
            }
        }
        return lines.joined(separator: "\n")
    }
}
