#!/usr/bin/env bash
# Checks FlowGraph's Mermaid output with real Mermaid: parses and renders every .mmd file given (default:
# Output/text/*.mmd) in headless Chromium, prints OK or the error for each with the diagram's natural size and,
# shown WIDTH px wide (default 880, as in a README or pull request; MERMAID_WIDTH changes it), its size there
# and its smallest text in px; saves a screenshot of each diagram at that width. Exits 1 when a diagram fails,
# or when its smallest text at WIDTH is under 11 px. Not part of `make test`: it needs Chromium (Debian package `chromium`) and Mermaid's
# JavaScript, taken from the PyPI wheel `artoo-mermaid` (which vendors mermaid.min.js) unless MERMAID_JS
# points at a mermaid.min.js already.
#
#   Scripts/check-mermaid.sh [FILE.mmd…]      screenshots: .build/mermaid-check/NAME.png
set -euo pipefail
cd "$(dirname "$0")/.."
work=.build/mermaid-check
mkdir -p "$work"

if ! command -v chromium >/dev/null 2>&1; then
    echo "Installing chromium (headless browser)…" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
js="${MERMAID_JS:-}"
if [[ -z "$js" ]]; then
    js="$work/mermaid.min.js"
    if [[ ! -s "$js" ]]; then
        echo "Fetching mermaid.min.js from the artoo-mermaid wheel…" >&2
        rm -rf "$work/wheel" && mkdir -p "$work/wheel"
        pip download --quiet --no-deps --python-version 3.12 --only-binary=:all: -d "$work/wheel" artoo-mermaid
        python3 -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
open(sys.argv[2], "wb").write(z.read(next(n for n in z.namelist() if n.endswith("mermaid.min.js"))))' \
            "$work"/wheel/*.whl "$js"
    fi
fi

echo "mermaid $(grep -o 'version:"[0-9][0-9.]*"' "$js" | head -1 | cut -d'"' -f2) ($js)"
files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then files=(Output/text/*.mmd); fi

# The page: each diagram's source as a JSON string; mermaid.parse then mermaid.render, results in <pre id=results>.
width="${MERMAID_WIDTH:-880}"
python3 - "$work/page.html" "$(realpath "$js")" "$width" "${files[@]}" <<'PY'
import json, sys
page, js, width, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
sources = [(f, open(f, encoding="utf-8").read()) for f in files]
html = f"""<!doctype html><html><head><meta charset="utf-8"><script src="file://{js}"></script>
<style>body{{font-family:sans-serif;background:#fff;margin:0}} .d{{width:{width}px;margin:0 0 24px 0}}
.d > b{{display:block;font-size:12px;color:#666}} #results{{display:none}}</style></head>
<body><pre id="results">pending</pre><div id="diagrams"></div><script>
const sources = {json.dumps(sources)};
mermaid.initialize({{startOnLoad: false, securityLevel: "strict", maxTextSize: 200000}});
(async () => {{
  const lines = [];
  for (const [i, [name, text]] of sources.entries()) {{
    try {{
      await mermaid.parse(text);
      const {{svg}} = await mermaid.render("d" + i, text);
      const box = document.createElement("div"); box.className = "d";
      box.id = "box" + i;
      box.innerHTML = "<b>" + name + "</b>" + svg; document.getElementById("diagrams").appendChild(box);
      const scripts = box.querySelectorAll("script, img, foreignObject script").length;
      // The size Mermaid lays the diagram out at, the size it is shown at in a {width} px column (Mermaid's SVG is
      // width 100% with max-width its natural width: never enlarged), and its smallest text there.
      const element = box.querySelector("svg"), view = element.viewBox.baseVal, shown = element.getBoundingClientRect();
      const scale = shown.width / view.width;
      let smallest = Infinity;
      for (const node of element.querySelectorAll("text, tspan, span, p, div")) {{
        const own = [...node.childNodes].some(c => c.nodeType === 3 && c.textContent.trim() !== "");
        if (own) smallest = Math.min(smallest, parseFloat(getComputedStyle(node).fontSize) * scale);
      }}
      const size = Math.round(view.width) + " × " + Math.round(view.height) + " px";
      const at = Math.round(shown.width) + " × " + Math.round(shown.height) + " px";
      const small = smallest < 11 ? "SMALL " : "";
      lines.push((scripts ? "UNSAFE " : small ? "SMALL " : "OK ") + name + " · " + size + " · at {width} px: " + at
        + ", smallest text " + smallest.toFixed(1) + " px" + (scripts ? " (" + scripts + " script/img elements)" : "")
        + " @" + Math.ceil(box.getBoundingClientRect().top) + "+" + Math.ceil(box.getBoundingClientRect().height));
    }} catch (e) {{
      lines.push("ERROR " + name + ": " + String(e && e.message || e).split("\\n").slice(0, 4).join(" | "));
    }}
  }}
  document.getElementById("results").textContent = lines.join("\\n") + "\\nDONE";
}})();
</script></body></html>"""
open(page, "w", encoding="utf-8").write(html)
PY

flags=(--headless --no-sandbox --disable-gpu --allow-file-access-from-files --virtual-time-budget=30000)
dom=$(chromium "${flags[@]}" --dump-dom "file://$(realpath "$work/page.html")" 2>/dev/null)
results=$(python3 -c 'import html, re, sys
m = re.search(r"<pre id=\"results\">(.*?)</pre>", sys.stdin.read(), re.S)
print(html.unescape(m.group(1)) if m else "no results: the page did not run")' <<<"$dom")
sed 's/ @[0-9]*+[0-9]*$//' <<<"$results"
# One screenshot per diagram at WIDTH: the page scrolled to its box, the window as tall as the box.
while read -r line; do
    [[ "$line" =~ ^(OK|SMALL|UNSAFE)\ ([^ ]*)\ ·\ .*\ @([0-9]+)\+([0-9]+)$ ]] || continue
    name=$(basename "${BASH_REMATCH[2]}" .mmd) top=${BASH_REMATCH[3]} height=${BASH_REMATCH[4]}
    sed "s|<body>|<body style=\"margin-top:-${top}px\">|" "$work/page.html" >"$work/shot.html"
    chromium "${flags[@]}" --hide-scrollbars --window-size="$width,$((height + 8))" --screenshot="$work/$name.png" \
        "file://$(realpath "$work/shot.html")" >/dev/null 2>&1 || true
    echo "screenshot: $work/$name.png"
done <<<"$results"
grep -q "^DONE$" <<<"$results" && ! grep -qE "^(ERROR|UNSAFE|SMALL)" <<<"$results"
